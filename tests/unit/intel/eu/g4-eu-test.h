/*
 * Helpers shared by the G45 EU interpreter tests: assemble a kernel
 * with the g4_eu_asm assembler, run it on a fresh thread with all
 * shared functions attached to a small bounded memory, count logs.
 * Every kernel runs twice from the same state, through the reference
 * interpreter and through the fast path (G4EuEnv.interp), and the two
 * must leave the same thread state, memory and logs (run_both).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TEST_G4_EU_H
#define HWGPU_TEST_G4_EU_H

#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/intel/eu/g4-eu.h"

#include "common/fake-host.h"

#define TEST_RAM 65536
static uint8_t ram[TEST_RAM];
static uint8_t urb_mem[4096];
static FakeHost fh;
/* The fake host under the name the tests use (set before main). */
static HwgpuHost host;

/* Lines logged since env_setup(), by kind. */
#define nerrors ((int)fake_host_nerrors(&fh))
#define nunimp ((int)fake_host_nunimp(&fh))

__attribute__((constructor)) static void g4_eu_test_host_init(void)
{
    fake_host_init(&fh, ram, TEST_RAM);
    host = fh.host;
}

/* Surfaces: 0 = [0x1000, +0x100), 1 = [0x2000, +0x1000). */
static const G4EuSurface surfaces[2] = {
    { 0x1000, 0x100 }, { 0x2000, 0x1000 },
};
static G4EuDataPort dport = {
    .mem = &host, .surfaces = surfaces, .nsurfaces = 2,
    .stateless = { 0x8000, 0x4000 },
};
static G4EuUrb urb = {
    .host = &host, .data = urb_mem, .size = sizeof(urb_mem),
    .next_handle = 64, .alloc_rows = 4,
};
static G4EuEnv env;
static G4EuThread thr;

static void env_setup(void)
{
    g4_eu_env_init(&env, &host);
    g4_eu_math_attach(&env);
    g4_eu_dataport_attach(&env, &dport);
    g4_eu_urb_attach(&env, &urb);
    fake_host_clear_log(&fh);
    fh.print_log = g_test_verbose();
}

static G4EuProgram *assemble(const char *text)
{
    char err[256];
    G4EuProgram *p = g4_eu_program_from_text(text, &host, err, sizeof(err));

    if (!p) {
        g_error("assembler: %s", err);
    }
    return p;
}

/* What a run may change outside the thread. */
typedef struct EuWorld {
    uint8_t ram[TEST_RAM];
    uint8_t urb_mem[sizeof(urb_mem)];
    G4EuUrb urb;
} EuWorld;

static void world_save(EuWorld *w)
{
    memcpy(w->ram, ram, sizeof(ram));
    memcpy(w->urb_mem, urb_mem, sizeof(urb_mem));
    w->urb = urb;
}

static void world_load(const EuWorld *w)
{
    memcpy(ram, w->ram, sizeof(ram));
    memcpy(urb_mem, w->urb_mem, sizeof(urb_mem));
    urb = w->urb;
}

/*
 * The first field of the thread state that differs, or NULL.  The
 * accumulator is left out when b's thread could not read it
 * (G4EuThread.acc_unread: the fast path dropped its implied writes).
 */
static const char *thread_diff(const G4EuThread *a, const G4EuThread *b)
{
#define EU_CMP(f) \
    if (memcmp(&a->f, &b->f, sizeof(a->f))) {  \
        return #f;                              \
    }
    EU_CMP(grf) EU_CMP(mrf)
    if (!b->acc_unread) {
        EU_CMP(accf) EU_CMP(acci) EU_CMP(acc_float)
    }
    EU_CMP(a0) EU_CMP(f0) EU_CMP(amask) EU_CMP(imask) EU_CMP(lmask)
    EU_CMP(cmask) EU_CMP(istack) EU_CMP(lstack) EU_CMP(sr0) EU_CMP(cr0)
    EU_CMP(n0) EU_CMP(n1) EU_CMP(tdr) EU_CMP(timestamp) EU_CMP(ip)
    EU_CMP(stop) EU_CMP(executed)
#undef EU_CMP
    return NULL;
}

/*
 * Run pref with the reference interpreter and pfast with the fast path
 * from the same state (thr, memory); thr and memory end as the fast path
 * left them, the logs are the fast run's.  Returns what differs between
 * the two runs (NULL: nothing), *stop the fast run's result.
 */
static const char *run_both(G4EuProgram *pref, G4EuProgram *pfast,
                            uint64_t budget, G4EuStop *stop)
{
    static EuWorld before, after;
    G4EuThread *ref = g_memdup2(&thr, sizeof(thr));
    unsigned nerr, nun;
    const char *diff;
    G4EuStop sr;

    world_save(&before);
    env_setup();
    env.interp = true;
    hwgpu_log_new_epoch();
    sr = g4_eu_run(ref, pref, &env, budget);
    nerr = nerrors;
    nun = nunimp;
    world_save(&after);
    world_load(&before);
    env_setup();
    env.interp = false;
    hwgpu_log_new_epoch();
    *stop = g4_eu_run(&thr, pfast, &env, budget);
    diff = thread_diff(ref, &thr);
    if (!diff && sr != *stop) {
        diff = "stop";
    } else if (!diff && (memcmp(after.ram, ram, sizeof(ram)) ||
                         memcmp(after.urb_mem, urb_mem, sizeof(urb_mem)))) {
        diff = "memory";
    } else if (!diff && (nerr != nerrors || nun != nunimp)) {
        diff = "log";
    }
    g_free(ref);
    return diff;
}

/* Run text on thr (already initialised by the caller), on both paths. */
static G4EuStop run_on(const char *text, uint64_t budget)
{
    G4EuProgram *pref = assemble(text), *p = assemble(text);
    const char *diff;
    G4EuStop s;

    diff = run_both(pref, p, budget, &s);
    if (diff) {
        g_error("interpreter and fast path differ in %s on:\n%s", diff,
                text);
    }
    g4_eu_program_free(pref);
    g4_eu_program_free(p);
    return s;
}

/* A fresh thread with all 16 channels dispatched, IEEE mode. */
static void reset(void)
{
    g4_eu_thread_init(&thr, 0xffff, 0);
}

/* Run; the kernel must end with an EOT send and log no error. */
static void run_ok(const char *text)
{
    G4EuStop s = run_on(text, 100000);

    g_assert_cmpint(s, ==, G4_EU_STOP_EOT);
    g_assert_cmpint(nerrors, ==, 0);
    g_assert_cmpint(nunimp, ==, 0);
}

#define EOT "send(8) 0 null g0<8,8,1>UD null fc 0 mlen 1 rlen 0 " \
            "{ align1 EOT };\n"

static inline void set_f(unsigned reg, unsigned i, float v)
{
    g4_eu_grf_f(&thr, reg)[i] = v;
}

static inline float get_f(unsigned reg, unsigned i)
{
    return g4_eu_grf_f(&thr, reg)[i];
}

static inline uint32_t get_ud(unsigned reg, unsigned i)
{
    return g4_eu_grf_ud(&thr, reg)[i];
}

static inline void set_ud(unsigned reg, unsigned i, uint32_t v)
{
    g4_eu_grf_ud(&thr, reg)[i] = v;
}

#endif
