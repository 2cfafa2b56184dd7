/*
 * Unit tests of the kernel cache (hw/intel/gen4/gen4-kernels.c) and of
 * programs shared between host threads: the same window of kernel bytes
 * gives the same decoded program wherever it sits, a byte changed gives a
 * new one, programs outlive their eviction while referenced, and threads
 * running one program at once (decoding its slots as they reach them)
 * compute what a single thread does; a reused thread starts as a fresh
 * one.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/eu/g4-eu.h"
#include "gen4-test.h"

/* Lane i counts k = 1.. until k > g1.i, summing the odd k into g3. */
static const char loop_kernel[] =
    "mov(8) g2<1>D 0D { align1 };\n"
    "mov(8) g3<1>D 0D { align1 };\n"
    "do(8) { align1 };\n"
    "add(8) g2<1>D g2<8,8,1>D 1D { align1 };\n"
    "cmp.g.f0(8) null g2<8,8,1>D g1<8,8,1>D { align1 };\n"
    "(+f0) break(8) ip 5D { align1 };\n"
    "and.z.f0(8) null g2<8,8,1>D 1D { align1 };\n"
    "(+f0) cont(8) ip 2D { align1 };\n"
    "add(8) g3<1>D g3<8,8,1>D g2<8,8,1>D { align1 };\n"
    "while(8) ip 0x0000fffaD { align1 };\n"
    "add(8) g4<1>D g3<8,8,1>D 100D { align1 };\n"
    "send(8) 0 null g0<8,8,1>UD null fc 0 mlen 1 rlen 0 { align1 EOT };\n";

/* Run p with g1 lane i = base + i; g4 comes back. */
static void run_loop(const G4EuProgram *p, uint32_t base, uint32_t out[8])
{
    G4EuThread *t = g_new(G4EuThread, 1);
    G4EuEnv env;

    g4_eu_env_init(&env, &fh.host);
    g4_eu_thread_init(t, 0xff, 0);
    for (unsigned i = 0; i < 8; i++) {
        g4_eu_grf_ud(t, 1)[i] = base + i;
    }
    g_assert_cmpint(g4_eu_run(t, p, &env, 1u << 20), ==, G4_EU_STOP_EOT);
    memcpy(out, g4_eu_grf_ud(t, 4), 32);
    g_free(t);
}

static void test_hits_and_misses(void)
{
    G4EuProgram *a, *b, *c, *d;
    uint64_t hits, misses;

    gen4t_setup();
    st.kernels = gen4_kernels_new();
    gen4t_kernel(0x10000, loop_kernel);
    a = gen4_kernel_load(&st, 0x10000);
    b = gen4_kernel_load(&st, 0x10000);
    g_assert_true(a == b);
    /* the same window of bytes elsewhere: the same program */
    gen4t_kernel(0x40000, loop_kernel);
    c = gen4_kernel_load(&st, 0x40000);
    g_assert_true(c == a);
    /* one byte changed: the same program until the instruction cache is
     * invalidated, then decoded anew, the old program intact */
    gen4t_ram[0x10000 + 16 * 10 + 12] ^= 1;   /* the last add's immediate */
    d = gen4_kernel_load(&st, 0x10000);
    g_assert_true(d == a);
    g4_eu_program_free(d);
    gen4_kernels_invalidate(st.kernels);
    d = gen4_kernel_load(&st, 0x10000);
    g_assert_true(d != a);
    gen4_kernels_stats(st.kernels, &hits, &misses);
    g_assert_cmpuint(hits, ==, 3);
    g_assert_cmpuint(misses, ==, 2);
    {
        uint32_t ra[8], rd[8];

        run_loop(a, 0, ra);
        run_loop(d, 0, rd);
        for (unsigned i = 0; i < 8; i++) {
            g_assert_cmpuint(rd[i], ==, ra[i] + 1);   /* 101, not 100 */
        }
    }
    g4_eu_program_free(a);
    g4_eu_program_free(b);
    g4_eu_program_free(c);
    g4_eu_program_free(d);
    gen4_kernels_free(st.kernels);
    st.kernels = NULL;
}

/*
 * PIPE_CONTROL with Instruction Cache Invalidate (dword 0 bit 11) reads
 * the kernels anew; one without does not, nor does any other command.
 */
static void test_pipe_control_invalidates(void)
{
    /* PIPE_CONTROL (3D 0x3.2.0), 4 dwords, no post-sync operation */
    uint32_t pc[4] = { 0x7a000002, 0, 0, 0 };
    G4EuProgram *a, *b;

    gen4t_setup();
    st.kernels = gen4_kernels_new();
    gen4t_kernel(0x10000, loop_kernel);
    a = gen4_kernel_load(&st, 0x10000);
    gen4t_ram[0x10000 + 16 * 10 + 12] ^= 1;
    gen4_state_command(&st, pc, 4, false);
    b = gen4_kernel_load(&st, 0x10000);
    g_assert_true(b == a);
    g4_eu_program_free(b);
    pc[0] |= 1u << 11;
    gen4_state_command(&st, pc, 4, false);
    b = gen4_kernel_load(&st, 0x10000);
    g_assert_true(b != a);
    g4_eu_program_free(a);
    g4_eu_program_free(b);
    gen4_kernels_free(st.kernels);
    st.kernels = NULL;
}

/* A full cache starts over; a program still referenced stays usable. */
static void test_eviction(void)
{
    G4EuProgram *first, *again;
    uint64_t hits, misses;
    uint32_t r[8];

    gen4t_setup();
    st.kernels = gen4_kernels_new();
    gen4t_kernel(0x10000, loop_kernel);
    first = gen4_kernel_load(&st, 0x10000);
    for (uint32_t k = 1; k <= 80; k++) {
        gen4t_w32(0x10000 + 16 * 10 + 12, 100 + k);
        gen4_kernels_invalidate(st.kernels);
        g4_eu_program_free(gen4_kernel_load(&st, 0x10000));
    }
    gen4t_w32(0x10000 + 16 * 10 + 12, 100);
    gen4_kernels_invalidate(st.kernels);
    again = gen4_kernel_load(&st, 0x10000);
    g_assert_true(again != first);          /* it had been evicted */
    gen4_kernels_stats(st.kernels, &hits, &misses);
    g_assert_cmpuint(hits, ==, 0);
    g_assert_cmpuint(misses, ==, 82);
    gen4_kernels_free(st.kernels);          /* drops the cache's references */
    st.kernels = NULL;
    run_loop(first, 3, r);
    for (unsigned i = 0; i < 8; i++) {
        uint32_t n = 3 + i, sum = 0;

        for (uint32_t k = 1; k <= n; k += 2) {
            sum += k;
        }
        g_assert_cmpuint(r[i], ==, sum + 100);
    }
    g4_eu_program_free(first);
    g4_eu_program_free(again);
}

/*
 * The window a kernel is fetched in runs on past its end: a page beyond
 * the GTT or without a valid PTE ends it without a guest error (the
 * guest did nothing wrong), and the kernel runs.  An unmapped first page
 * is logged.
 */
static void test_window_end_quiet(void)
{
    uint32_t top = GEN4T_RAM_SIZE - 256, mid = 0x20000 - 256, r[8];
    G4EuProgram *p;

    gen4t_setup();
    gen4t_kernel(top, loop_kernel);         /* the GTT ends after it */
    gen4t_kernel(mid, loop_kernel);
    gen4t_ptes[0x20000 / 4096] = 0;         /* no page after this one */
    for (unsigned k = 0; k < 2; k++) {
        p = gen4_kernel_load(&st, k ? mid : top);
        run_loop(p, 3, r);
        g_assert_cmpuint(r[0], ==, 1 + 3 + 100);
        g4_eu_program_free(p);
    }
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    g4_eu_program_free(gen4_kernel_load(&st, 0x20000));
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 1);
}

/* Without a cache every load makes its own program. */
static void test_no_cache(void)
{
    G4EuProgram *a, *b;

    gen4t_setup();
    gen4t_kernel(0x10000, loop_kernel);
    a = gen4_kernel_load(&st, 0x10000);
    b = gen4_kernel_load(&st, 0x10000);
    g_assert_true(a != b);
    g4_eu_program_free(a);
    g4_eu_program_free(b);
}

enum { THREADS = 6, RUNS = 400 };

typedef struct Runner {
    G4EuProgram *p;
    unsigned id;
    uint32_t out[RUNS][8];
} Runner;

static gpointer runner(gpointer opaque)
{
    Runner *r = opaque;

    for (unsigned k = 0; k < RUNS; k++) {
        run_loop(r->p, (k * 7 + r->id) % 23, r->out[k]);
    }
    return NULL;
}

/* Threads decode one fresh program's slots in whatever order they reach
 * them; every result is the one-thread result, every time. */
static void test_threads_share_a_program(void)
{
    gen4t_setup();
    for (unsigned round = 0; round < 20; round++) {
        char err[128];
        G4EuProgram *p = g4_eu_program_from_text(loop_kernel, &fh.host, err,
                                                 sizeof(err));
        G4EuProgram *ref = g4_eu_program_from_text(loop_kernel, &fh.host,
                                                   err, sizeof(err));
        Runner *r = g_new0(Runner, THREADS);
        GThread *th[THREADS];

        g_assert_nonnull(p);
        for (unsigned i = 0; i < THREADS; i++) {
            r[i].p = g4_eu_program_ref(p);
            r[i].id = i + round;
            th[i] = g_thread_new("eu", runner, &r[i]);
        }
        g4_eu_program_free(p);              /* the threads hold it now */
        for (unsigned i = 0; i < THREADS; i++) {
            g_thread_join(th[i]);
        }
        for (unsigned i = 0; i < THREADS; i++) {
            for (unsigned k = 0; k < RUNS; k++) {
                uint32_t want[8];

                run_loop(ref, (k * 7 + r[i].id) % 23, want);
                g_assert_cmpmem(r[i].out[k], 32, want, 32);
            }
            g4_eu_program_free(r[i].p);
        }
        g4_eu_program_free(ref);
        g_free(r);
    }
}

/*
 * g4_eu_thread_reuse leaves a thread exactly as g4_eu_thread_init does,
 * after runs that wrote high registers (a direct destination, the
 * compressed second half) and a payload marked with g4_eu_thread_wrote;
 * the send buffer it keeps is zero past the last send's payload.
 */
static void assert_reused(const G4EuThread *t, const G4EuThread *fresh)
{
    g_assert_cmpmem(t, offsetof(G4EuThread, send_plen), fresh,
                    offsetof(G4EuThread, send_plen));
    for (size_t i = t->send_plen / 4; i < G_N_ELEMENTS(t->send_payload); i++) {
        g_assert_cmphex(t->send_payload[i], ==, 0);
    }
}

static void test_thread_reuse(void)
{
    static const char *const kernels[] = {
        "mov(8) g100<1>UD 0x12345678UD { align1 };\n"
        "send(8) 0 null g0<8,8,1>UD null fc 0 mlen 1 rlen 0 { align1 EOT };\n",
        "mov(8) m3<1>UD 0x55aa55aaUD { align1 };\n"
        "send(8) 0 null g0<8,8,1>UD null fc 0 mlen 4 rlen 0 { align1 EOT };\n",
        "mov(16) g126<1>UD 0x9abcdef0UD { align1 compr };\n"
        "send(8) 0 null g0<8,8,1>UD null fc 0 mlen 1 rlen 0 { align1 EOT };\n",
    };
    static const unsigned dirty[] = { 101, 0, 128 };   /* registers */
    G4EuThread *t = g_new0(G4EuThread, 1), *fresh = g_new(G4EuThread, 1);
    G4EuEnv env;
    char err[128];

    gen4t_setup();
    g4_eu_env_init(&env, &fh.host);
    for (unsigned k = 0; k < G_N_ELEMENTS(kernels); k++) {
        G4EuProgram *p = g4_eu_program_from_text(kernels[k], &fh.host, err,
                                                 sizeof(err));

        g_assert_nonnull(p);
        g4_eu_thread_reuse(t, 0xffff, 0);
        g_assert_cmpint(g4_eu_run(t, p, &env, 100), ==, G4_EU_STOP_EOT);
        g_assert_cmpuint(t->grf_dirty, >=, dirty[k] * 32);
        g4_eu_thread_reuse(t, 0xff, 0);
        g4_eu_thread_init(fresh, 0xff, 0);
        assert_reused(t, fresh);
        g4_eu_program_free(p);
    }
    g4_eu_grf_ud(t, 60)[7] = 1;
    g4_eu_thread_wrote(t, 61);
    g4_eu_thread_reuse(t, 0xff, 0);
    assert_reused(t, fresh);
    g_free(t);
    g_free(fresh);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gen4-kernels/hits-and-misses", test_hits_and_misses);
    g_test_add_func("/gen4-kernels/eviction", test_eviction);
    g_test_add_func("/gen4-kernels/pipe-control-invalidates",
                    test_pipe_control_invalidates);
    g_test_add_func("/gen4-kernels/no-cache", test_no_cache);
    g_test_add_func("/gen4-kernels/window-end-quiet", test_window_end_quiet);
    g_test_add_func("/gen4-kernels/thread-reuse", test_thread_reuse);
    g_test_add_func("/gen4-kernels/threads-share-a-program",
                    test_threads_share_a_program);
    return g_test_run();
}
