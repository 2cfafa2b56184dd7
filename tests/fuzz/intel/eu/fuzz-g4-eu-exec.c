/*
 * Fuzz target: random G45 EU kernels and register contents run by the
 * interpreter under an instruction budget, with math, data port and URB
 * attached to small bounded buffers.  The input format is in
 * g4-eu-fuzz-prog.h.  Nothing may crash and no run may exceed its budget.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <string.h>

#include "hwgpu/intel/eu/g4-eu.h"
#include "common/fake-host.h"
#include "g4-eu-fuzz-prog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RAM 16384
#define BUDGET 4000
static uint8_t ram[RAM];
static uint8_t urb_mem[2048];

static FakeHost fh;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static G4EuThread t;
    static uint32_t words[4 * FUZZ_EU_MAX_INSTS];
    static const G4EuSurface surf[2] = { { 0, 4096 }, { 8192, 8192 } };
    G4EuDataPort dp = {
        .mem = &fh.host, .surfaces = surf, .nsurfaces = 2,
        .stateless = { 4096, 4096 },
    };
    G4EuUrb urb = {
        .host = &fh.host, .data = urb_mem, .size = sizeof(urb_mem),
        .alloc_rows = 2,
    };
    G4EuEnv env;
    G4EuProgram *p;
    unsigned n;
    uint64_t before;

    if (!fh.ram) {
        fake_host_init(&fh, ram, RAM);
    }
    n = fuzz_eu_input(data, size, &t, words);
    if (!n) {
        return 0;
    }
    g4_eu_env_init(&env, &fh.host);
    g4_eu_math_attach(&env);
    g4_eu_dataport_attach(&env, &dp);
    g4_eu_urb_attach(&env, &urb);
    p = g4_eu_program_new(words, n, &fh.host);
    before = t.executed;
    g4_eu_run(&t, p, &env, BUDGET);
    if (t.executed - before > BUDGET) {
        __builtin_trap();
    }
    /* a second run from wherever the first stopped */
    if (t.stop == G4_EU_STOP_BUDGET) {
        before = t.executed;
        g4_eu_run(&t, p, &env, 100);
        if (t.executed - before > 100) {
            __builtin_trap();
        }
    }
    g4_eu_program_free(p);
    return 0;
}
