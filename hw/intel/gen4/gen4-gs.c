/*
 * The Gen4 fixed-function GS; see include/hwgpu/intel/gen4/gen4-gs.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-gs.h"
#include "hwgpu/intel/gen4/gen4-urb.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"
#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/eu/g4-eu.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

#define GEN4_GS_BUDGET  (1u << 16)  /* instructions per GS thread */

/* One GS thread over the object of vertices idx[0..nv-1]. */
static void gs_thread(Gen4FfUrb *g, const Gen4Draw *d, G4EuProgram *prog,
                      const G4EuEnv *env, G4EuThread *t, const uint32_t *vue,
                      uint32_t vue_dw, const uint32_t *idx, unsigned nv,
                      uint32_t prim_type)
{
    const uint32_t *gs = d->unit[GEN4_GS];
    uint32_t grf = g45_thread_common_dispatch_grf_start(gs);
    uint32_t roff = g45_thread_common_urb_read_offset(gs);
    uint32_t rlen = g45_thread_common_urb_read_length(gs);
    uint32_t cr0 = gen4_thread_cr0(gs);
    uint32_t *r0;

    gen4_ff_urb_reset(g);
    g4_eu_thread_init(t, 0x0f, cr0);        /* 4 channels (crocus §3.2) */
    r0 = g4_eu_grf_ud(t, 0);
    r0[0] = 0;                              /* handle of entry 0 */
    r0[2] = prim_type & 0x1f;
    r0[5] = g45_thread_common_scratch_space_base(gs);
    r0[6] = (uint32_t)(g->out->threads & 0xffffff);
    /* The vertices, each its URB rows from the read offset, one a GRF. */
    for (unsigned v = 0; v < nv; v++) {
        gen4_payload_rows(t, &grf, vue + (size_t)idx[v] * vue_dw, vue_dw, roff,
                          rlen);
    }
    g->out->threads++;
    if (!gen4_run_thread(g->s, t, prog, env, GEN4_GS_BUDGET)) {
        g->out->errors++;
        HWGPU_GUEST_ERROR(g->s->host, "gen4 GS: thread ended without EOT "
                          "(ip 0x%x)", t->ip);
    }
}

void gen4_gs_run(Gen4State *s, const Gen4Draw *d, const uint32_t *vue,
                 uint32_t vue_dw, const uint8_t *start, const uint8_t *end,
                 uint32_t n, Gen4UrbOut *out)
{
    const uint32_t *gs = d->unit[GEN4_GS];
    uint32_t topology = g45_3dprimitive_topology(d->prim);
    Gen4FfUrb g;
    G4EuProgram *prog;
    G4EuThread *t;
    G4EuEnv env;
    uint32_t first = 0;

    gen4_ff_urb_init(&g, s, "GS",
                     (g45_gs_state_urb_entry_allocation_size_minus_1(gs) + 1)
                     * 2, vue_dw, out);
    g4_eu_env_init(&env, s->host);
    g4_eu_math_attach(&env);
    g4_eu_urb_attach(&env, &g.urb);
    prog = gen4_kernel_load(s, d->general_base +
                            g45_thread_common_kernel_start_pointer(gs));
    t = g_new(G4EuThread, 1);

    for (uint32_t i = 0; i < n && s->work_left; i++) {
        uint32_t cnt, idx[4];

        if (start[i]) {
            first = i;
        }
        if (!end[i] && i + 1 != n) {
            continue;
        }
        cnt = i + 1 - first;
        switch (topology) {
        case G45_3DPRIM_QUADLIST:
            for (uint32_t k = 0; k + 4 <= cnt && s->work_left; k += 4) {
                for (int v = 0; v < 4; v++) {
                    idx[v] = first + k + v;
                }
                gs_thread(&g, d, prog, &env, t, vue, vue_dw, idx, 4, topology);
            }
            break;
        case G45_3DPRIM_QUADSTRIP:
            /*
             * Object k: vertices 2k, 2k+1, 2k+3, 2k+2 - the order around
             * the quad, which crocus's kernel turns into a polygon.
             */
            for (uint32_t k = 0; k + 4 <= cnt && s->work_left; k += 2) {
                idx[0] = first + k;
                idx[1] = first + k + 1;
                idx[2] = first + k + 3;
                idx[3] = first + k + 2;
                gs_thread(&g, d, prog, &env, t, vue, vue_dw, idx, 4, topology);
            }
            break;
        case G45_3DPRIM_LINELOOP:
            for (uint32_t k = 0; cnt >= 2 && k < cnt && s->work_left; k++) {
                idx[0] = first + k;
                idx[1] = first + (k + 1) % cnt;
                gs_thread(&g, d, prog, &env, t, vue, vue_dw, idx, 2, topology);
            }
            break;
        default:
            HWGPU_UNIMP(s->host, "gen4 GS: topology 0x%x through the GS",
                        topology);
            i = n;
            break;
        }
    }
    g_free(t);
    g4_eu_program_free(prog);
    gen4_ff_urb_fini(&g);
}
