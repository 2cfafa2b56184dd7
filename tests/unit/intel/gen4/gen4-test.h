/*
 * What the Gen4 3D pipeline tests share: guest RAM on the fake host with
 * an identity GTT over it, a state tracker fed packet by packet, and
 * writing words, floats and assembled kernels into graphics memory.
 *
 *     gen4t_setup();                       // everything zeroed
 *     FEED(0x78000005, VS_ST, ...);        // one packet, full length
 *     gen4t_kernel(KSP, "mov(8) ...");
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_GEN4_TEST_H
#define HWGPU_TESTS_GEN4_TEST_H

#include <glib.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-capture.h"
#include "hwgpu/intel/eu/g4-eu-inst.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"
#include "common/fake-host.h"

#define GEN4T_RAM_SIZE  (4u << 20)

static uint8_t gen4t_ram[GEN4T_RAM_SIZE];
static uint32_t gen4t_ptes[GEN4T_RAM_SIZE / 4096];
static FakeHost fh;
static G45Gtt gtt;
static Gen4State st;
/* When set, every packet fed is also recorded (capture tests). */
static Gen4Capture *gen4t_cap;
/* The pool the pipeline draws on (Gen4State.pool); NULL: none. */
static struct HwgpuPool *gen4t_pool;
/* Direct access to guest RAM through the GTT (the device's way) on. */
static bool gen4t_direct;

static inline void gen4t_setup(void)
{
    static bool ready;

    if (!ready) {
        fake_host_init(&fh, gen4t_ram, GEN4T_RAM_SIZE);
        ready = true;
    }
    memset(gen4t_ram, 0, sizeof(gen4t_ram));
    fake_host_clear_log(&fh);
    for (uint32_t i = 0; i < G_N_ELEMENTS(gen4t_ptes); i++) {
        gen4t_ptes[i] = i * 4096 | 1;
    }
    g45_gtt_init(&gtt, gen4t_ptes, G_N_ELEMENTS(gen4t_ptes), &fh.host);
    g45_gtt_direct(&gtt, gen4t_direct);
    gen4_state_init(&st, &fh.host, &gtt);
    st.pool = gen4t_pool;
}

/* One packet (its full length from its header); true for a draw. */
static inline bool gen4t_feed(const uint32_t *dw, bool replay)
{
    const G45CmdDesc *d = g45_cmd_lookup(dw[0]);

    if (gen4t_cap) {
        gen4_capture_command(gen4t_cap, dw, g45_cmd_length(d, dw[0]), replay);
    }
    return gen4_state_command(&st, dw, g45_cmd_length(d, dw[0]), replay);
}

#define FEED(...) ({                                                        \
        static const uint32_t pkt_[] = { __VA_ARGS__ };                     \
        gen4t_feed(pkt_, false);                                            \
    })

static inline void gen4t_w32(uint32_t addr, uint32_t v)
{
    memcpy(&gen4t_ram[addr], &v, 4);
}

static inline void gen4t_wf(uint32_t addr, float f)
{
    gen4t_w32(addr, hwgpu_f2u(f));
}

/* Assemble a kernel into graphics memory at addr. */
static inline void gen4t_kernel(uint32_t addr, const char *text)
{
    uint32_t *code;
    char err[128];
    long n = g4_eu_asm_text(text, &code, err, sizeof(err));

    if (n <= 0) {
        g_error("%s", err);
    }
    memcpy(&gen4t_ram[addr], code, n * 16);
    g_free(code);
}

#endif
