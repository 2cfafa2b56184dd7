/*
 * G45 EU throughput, in channel-operations per second on one core
 * (instructions executed x execution size): a float ALU mix
 * (mov/add/mul/mac/cmp/sel) in SIMD8 and compressed SIMD16, a pixel
 * shader's interpolation (pln/mul/add, compressed SIMD16, as crocus's)
 * and a branchy loop with if/break, each run by the reference
 * interpreter (G4EuEnv.interp), by the fast path's handlers alone and by
 * the fast path with its JIT blocks (G4EuEnv.jit; where the host has
 * them), in the same process.  Prints figures; never asserts on time.
 *   bench-g4-eu [seconds per case and path, default 1]
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hwgpu/intel/eu/g4-eu.h"

static const HwgpuHost host;

#define EOT "send(8) 0 null g0<8,8,1>UD null fc 0 mlen 1 rlen 0 " \
            "{ align1 EOT };\n"

/* 8 ALU instructions per block; comp = "" or " compr" */
static char *alu_mix(unsigned width, const char *comp, unsigned blocks)
{
    GString *s = g_string_new(NULL);

    for (unsigned b = 0; b < blocks; b++) {
        unsigned r = 10 + 2 * (b % 8);

        g_string_append_printf(s,
            "mov(%u) g%u<1>F g2<8,8,1>F { align1%s };\n"
            "add(%u) g%u<1>F g%u<8,8,1>F g4<8,8,1>F { align1%s };\n"
            "mul(%u) g%u<1>F g%u<8,8,1>F g6<8,8,1>F { align1%s };\n"
            "mac(%u) g%u<1>F g%u<8,8,1>F g6<8,8,1>F { align1%s };\n"
            "add(%u) g%u<1>F g%u<8,8,1>F 1.5F { align1%s };\n"
            "mul(%u) g%u<1>F g%u<8,8,1>F g8<0,1,0>F { align1%s };\n"
            "cmp.l.f0(%u) null g%u<8,8,1>F g4<8,8,1>F { align1%s };\n"
            "(+f0) sel(%u) g%u<1>F g%u<8,8,1>F g6<8,8,1>F { align1%s };\n",
            width, r, comp, width, r, r, comp, width, r, r, comp,
            width, r, r, comp, width, r, r, comp, width, r, r, comp,
            width, r, comp, width, r, r, comp);
    }
    g_string_append(s, EOT);
    return g_string_free(s, false);
}

/* Interpolation as crocus's pixel shaders do it: 1/w, attributes */
static char *plane_mix(unsigned blocks)
{
    GString *s = g_string_new(NULL);

    for (unsigned b = 0; b < blocks; b++) {
        unsigned r = 20 + 2 * (b % 8);

        g_string_append_printf(s,
            "pln(16) g%u<1>F g3.4<0,1,0>F g10<8,8,1>F { align1 compr };\n"
            "mul(16) g%u<1>F g%u<8,8,1>F g14<8,8,1>F { align1 compr };\n"
            "pln(16) g%u<1>F g4<0,1,0>F g10<8,8,1>F { align1 compr };\n"
            "mul(16) g%u<1>F g%u<8,8,1>F g14<8,8,1>F { align1 compr };\n"
            "add(16) g%u<1>F g%u<8,8,1>F -g5<0,1,0>F { align1 compr };\n",
            r, r, r, r, r, r, r, r);
    }
    g_string_append(s, EOT);
    return g_string_free(s, false);
}

/* Per lane: count down g1 with an inner if; break when it reaches 0. */
static const char branchy[] =
    "mov(8) g2<1>D g1<8,8,1>D { align1 };\n"                  /* 0 */
    "mov(8) g3<1>F 0F { align1 };\n"                          /* 1 */
    "do(8) { align1 };\n"                                     /* 2 */
    "add.le.f0(8) g2<1>D g2<8,8,1>D -1D { align1 };\n"        /* 3 */
    "(+f0) break(8) ip 8D { align1 };\n"                      /* 4 -> 12 */
    "and.z.f0(8) null g2<8,8,1>D 1D { align1 };\n"            /* 5 */
    "(+f0) if(8) ip 2D { align1 };\n"                         /* 6 -> 8 */
    "add(8) g3<1>F g3<8,8,1>F 1F { align1 };\n"               /* 7 */
    "else(8) ip 0x00010003D { align1 };\n"                    /* 8 -> 11 */
    "mul(8) g3<1>F g3<8,8,1>F 0.5F { align1 };\n"             /* 9 */
    "endif(8) ip 0x00010000D { align1 };\n"                   /* 10 */
    "while(8) ip 0x0000fff8D { align1 };\n"                   /* 11 -> 3 */
    EOT;                                                      /* 12 */

/* CPU time of this thread: the figure is per core even on a busy host */
static double cpu_seconds(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static G4EuProgram *assemble(const char *text)
{
    char err[256];
    G4EuProgram *p = g4_eu_program_from_text(text, &host, err, sizeof(err));

    if (!p) {
        fprintf(stderr, "bench-g4-eu: %s\n", err);
        exit(1);
    }
    return p;
}

/* Channel-ops per second of one case on one path. */
enum { PATH_INTERP, PATH_HANDLERS, PATH_JIT };

static double run_path(const char *name, const char *text, unsigned width,
                       double seconds, unsigned path)
{
    G4EuProgram *p = assemble(text);
    G4EuThread *t = g_malloc0(sizeof(*t));
    G4EuEnv env;
    uint64_t insts = 0, runs = 0;
    double start = cpu_seconds(), now;

    g4_eu_env_init(&env, &host);
    env.interp = path == PATH_INTERP;
    env.jit &= path == PATH_JIT;
    do {
        for (int k = 0; k < 50; k++) {
            g4_eu_thread_init(t, 0xffff, 0);
            for (int i = 0; i < 8; i++) {
                g4_eu_grf_ud(t, 1)[i] = 20 + 3 * i;     /* loop counts */
                g4_eu_grf_f(t, 2)[i] = 1.0f + i;
                g4_eu_grf_f(t, 3)[i] = 2.0f - i;
                g4_eu_grf_f(t, 4)[i] = 0.5f * i;
                g4_eu_grf_f(t, 5)[i] = 0.25f;
                g4_eu_grf_f(t, 6)[i] = 0.99f;
                g4_eu_grf_f(t, 7)[i] = 1.01f;
                g4_eu_grf_f(t, 8)[i] = 0.75f;
                for (int r = 10; r < 16; r++) {         /* u, v, 1/w */
                    g4_eu_grf_f(t, r)[i] = 0.125f * (r + i);
                }
            }
            if (g4_eu_run(t, p, &env, 1u << 30) != G4_EU_STOP_EOT) {
                fprintf(stderr, "bench-g4-eu: %s did not end\n", name);
                exit(1);
            }
            /* the EOT send is not counted as ALU work */
            insts += t->executed - 1;
            runs++;
        }
        now = cpu_seconds();
    } while (now - start < seconds);
    g4_eu_program_free(p);
    g_free(t);
    return (double)insts * width / (now - start);
}

static void run_case(const char *name, const char *text, unsigned width,
                     double seconds, bool jit)
{
    double ref = run_path(name, text, width, seconds, PATH_INTERP);
    double fast = run_path(name, text, width, seconds, PATH_HANDLERS);

    printf("%-26s %8.1f M  %8.1f M  x%-5.2f", name, ref / 1e6, fast / 1e6,
           fast / ref);
    if (jit) {
        double j = run_path(name, text, width, seconds, PATH_JIT);

        printf("  %8.1f M  x%.2f", j / 1e6, j / ref);
    }
    printf("\n");
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    char *simd8 = alu_mix(8, "", 32);
    char *simd16 = alu_mix(16, " compr", 32);
    char *plane = plane_mix(32);
    G4EuEnv env;
    bool jit;

    if (seconds <= 0) {
        seconds = 1.0;
    }
    g4_eu_env_init(&env, &host);
    jit = env.jit;
    printf("G45 EU, one core, %.1f s per case and path; channel-ops/s\n"
           "%-26s %10s  %10s %7s  %10s\n", seconds, "", "interpreter",
           "handlers", "", jit ? "with JIT" : "(no JIT here)");
    run_case("alu-mix SIMD8", simd8, 8, seconds, jit);
    run_case("alu-mix SIMD16 (compr)", simd16, 16, seconds, jit);
    run_case("interpolation SIMD16", plane, 16, seconds, jit);
    run_case("branchy loop SIMD8", branchy, 8, seconds, jit);
    g_free(simd8);
    g_free(simd16);
    g_free(plane);
    return 0;
}
