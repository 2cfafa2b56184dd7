/*
 * The Gen4 vertex shader stage; see include/hwgpu/intel/gen4/gen4-vs.h.
 *
 * Documents: Intel G45 PRM Vol 2 (seed 000) §2.6 thread dispatch and
 * payload generation (lines 3472-4146), §4 VS (8676-10115); Vol 4 (seed
 * 002) chapter 8 for URB_WRITE.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/gen4/gen4-dp.h"
#include "hwgpu/intel/gen4/gen4-sampler.h"
#include "hwgpu/intel/eu/g4-eu.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

G4EuProgram *gen4_kernel_load(Gen4State *s, uint32_t addr)
{
    uint32_t *words = g_malloc(GEN4_KERNEL_MAX_BYTES);
    uint32_t n = 0;
    G4EuProgram *p;

    /* Page by page until unmapped memory or the bound. */
    while (n * 16 < GEN4_KERNEL_MAX_BYTES) {
        uint32_t a = addr + n * 16;
        uint32_t chunk = 4096 - (a & 4095);

        chunk = MIN(chunk, GEN4_KERNEL_MAX_BYTES - n * 16);
        if ((uint64_t)a + chunk > UINT32_MAX + 1ull ||
            !g45_gtt_read(s->gtt, a, words + n * 4, chunk)) {
            break;
        }
        n += chunk / 16;
    }
    p = g4_eu_program_new(words, n, s->host);
    g_free(words);
    return p;
}

uint32_t gen4_thread_cr0(const uint32_t *common)
{
    return (g45_thread_common_floating_point_mode(common) == G45_FP_MODE_ALT ?
            G4_CR0_FP_ALT : 0) |
           (g45_thread_common_single_program_flow(common) ? G4_CR0_SPF : 0);
}

void gen4_payload_rows(G4EuThread *t, uint32_t *grf, const uint32_t *vue,
                       uint32_t vue_dw, uint32_t roff, uint32_t rlen)
{
    for (uint32_t r = 0; r < rlen; r++, (*grf)++) {
        if (*grf < G4_EU_GRF_REGS && ((uint64_t)roff + r + 1) * 8 <= vue_dw) {
            memcpy(g4_eu_grf_ud(t, *grf), vue + (size_t)(roff + r) * 8, 32);
        }
    }
}

uint32_t gen4_curbe_load(Gen4State *s, const Gen4Draw *d, uint32_t *curbe)
{
    uint32_t len;
    const uint32_t *cb = gen4_draw_packet(d, G45_CMD_CONSTANT_BUFFER, &len);
    uint32_t rows;

    if (!cb || !g45_constant_buffer_valid(cb)) {
        return 0;
    }
    rows = (g45_constant_buffer_length_minus_1(cb) + 1) * 2;
    g45_gtt_read(s->gtt, g45_constant_buffer_address(cb), curbe, rows * 32);
    return rows;
}

bool gen4_vs_shade(Gen4State *s, const Gen4Draw *d, const uint32_t *in,
                   uint32_t in_dw, uint32_t n, Gen4VsOut *out)
{
    const uint32_t *vs = d->unit[GEN4_VS];
    uint32_t entry_rows, grf_start, clen, coff, rlen, roff;
    uint32_t *curbe = NULL, curbe_rows;
    G4EuThread *t;
    G4EuProgram *prog;
    G4EuEnv env;
    Gen4Surfaces *surfaces;
    Gen4Dp dp;
    Gen4Sampler smp;
    G4EuUrb urb;
    uint32_t cr0, len, vs_bt = 0;
    const uint32_t *btp;

    memset(out, 0, sizeof(*out));
    btp = gen4_draw_packet(d, G45_CMD_3DSTATE_BINDING_TABLE_POINTERS, &len);
    if (btp) {
        vs_bt = g45_3dstate_binding_table_pointers_vs_binding_table(btp);
    }
    if (!d->unit_addr[GEN4_VS] || !g45_vs_state_enable(vs)) {
        /* No VS: the VF's vertices go down the pipe as they are. */
        out->nvert = n;
        out->vue_dw = MAX(in_dw, 8);
        out->vue = g_new0(uint32_t, (size_t)n * out->vue_dw);
        for (uint32_t i = 0; i < n; i++) {
            memcpy(out->vue + (size_t)i * out->vue_dw, in + (size_t)i * in_dw,
                   in_dw * 4);
        }
        return true;
    }

    /*
     * URB entries large enough for input and output.  Threads run one at
     * a time, so two entries are enough, reused by every thread as the
     * hardware recycles its VS entries: a handle is a 16-bit URB row
     * offset (seed 002 §4.3), and one entry per vertex of a draw would
     * not fit in it.  Each thread's results are copied out when it ends.
     */
    entry_rows = (g45_vs_state_urb_entry_allocation_size_minus_1(vs) + 1) * 2;
    entry_rows = MAX(entry_rows, (in_dw + 7) / 8);
    memset(&urb, 0, sizeof(urb));
    urb.host = s->host;
    urb.size = 3 * entry_rows * 32;
    urb.data = g_malloc0(urb.size);
    out->nvert = n;
    out->vue_dw = entry_rows * 8;
    out->vue = g_new0(uint32_t, (size_t)n * out->vue_dw);

    curbe = g_new0(uint32_t, GEN4_CURBE_ROWS * 8);
    curbe_rows = gen4_curbe_load(s, d, curbe);
    grf_start = g45_thread_common_dispatch_grf_start(vs);
    coff = g45_thread_common_constant_urb_read_offset(vs);
    clen = g45_thread_common_constant_urb_read_length(vs);
    roff = g45_thread_common_urb_read_offset(vs);
    rlen = g45_thread_common_urb_read_length(vs);
    cr0 = gen4_thread_cr0(vs);

    g4_eu_env_init(&env, s->host);
    g4_eu_math_attach(&env);
    g4_eu_urb_attach(&env, &urb);
    /* pull constants and scratch through the data port */
    surfaces = g_new(Gen4Surfaces, 1);
    gen4_surfaces_init(surfaces, d->vs_bt_addr);
    gen4_dp_attach(&dp, &env, s, d, surfaces);
    /* vertex texture fetch: SIMD4x2 sampler messages */
    memset(&smp, 0, sizeof(smp));
    gen4_sampler_attach(&smp, &env, s, d, surfaces);
    prog = gen4_kernel_load(s, d->general_base +
                            g45_thread_common_kernel_start_pointer(vs));
    t = g_new(G4EuThread, 1);

    /* SPF kernels shade one vertex a thread, others two (SIMD4x2). */
    for (uint32_t i = 0; i < n && s->work_left;
         i += g45_thread_common_single_program_flow(vs) ? 1 : 2) {
        bool two = i + 1 < n && !g45_thread_common_single_program_flow(vs);
        uint32_t h0 = 0, h1 = two ? entry_rows : 0;
        uint32_t *r0, reg = grf_start;

        memset(urb.data, 0, urb.size);
        for (uint32_t k = 0; k < (two ? 2u : 1u); k++) {
            memcpy(urb.data + (size_t)k * entry_rows * 32,
                   in + (size_t)(i + k) * in_dw, in_dw * 4);
        }

        g4_eu_thread_init(t, two ? 0xff : 0x0f, cr0);
        r0 = g4_eu_grf_ud(t, 0);
        r0[0] = h0 | (i & 0x7ff) << 16;
        r0[1] = h1 | ((two ? i + 1 : i) & 0x7ff) << 16;
        r0[3] = g45_vs_state_sampler_state_pointer(vs) |
                g45_thread_common_per_thread_scratch_space(vs);
        r0[4] = vs_bt;
        r0[5] = g45_thread_common_scratch_space_base(vs);
        r0[6] = (uint32_t)(out->threads & 0xffffff);
        /* CURBE rows, not interleaved. */
        for (uint32_t c = 0; c < clen && reg < G4_EU_GRF_REGS; c++, reg++) {
            if (coff + c < curbe_rows) {
                memcpy(g4_eu_grf_ud(t, reg), curbe + (coff + c) * 8, 32);
            }
        }
        /* Vertex rows, interleaved: one URB row fills two registers. */
        for (uint32_t r = 0; r < rlen; r++) {
            const uint32_t *v0 = (const uint32_t *)urb.data +
                                 (h0 + roff + r) * 8;
            const uint32_t *v1 = (const uint32_t *)urb.data +
                                 (h1 + roff + r) * 8;

            for (int half = 0; half < 2 && reg < G4_EU_GRF_REGS;
                 half++, reg++) {
                uint32_t *g = g4_eu_grf_ud(t, reg);

                if (roff + r < entry_rows) {
                    memcpy(g, v0 + 4 * half, 16);
                    memcpy(g + 4, v1 + 4 * half, 16);
                }
            }
        }
        out->threads++;
        if (!gen4_run_thread(s, t, prog, &env, GEN4_VS_BUDGET)) {
            out->errors++;
            HWGPU_GUEST_ERROR(s->host, "gen4 VS: thread for vertices %u-%u "
                              "ended without EOT (ip 0x%x)", i,
                              two ? i + 1 : i, t->ip);
        }
        out->instructions += t->executed;
        memcpy(out->vue + (size_t)i * out->vue_dw, urb.data,
               (size_t)(two ? 2 : 1) * entry_rows * 32);
    }

    g_free(t);
    g4_eu_program_free(prog);
    g_free(curbe);
    gen4_sampler_release(&smp);
    g_free(surfaces);
    g_free(urb.data);
    return true;
}
