/*
 * The Gen4 CLIP stage; see include/hwgpu/intel/gen4/gen4-clip.h.
 *
 * Document: Intel G45 PRM Vol 2 (seed 000) chapter 6: §6.4 VertexClipTest
 * (lines 15735-15971), §6.5 ClipDetermination and ClipMode (15972-16228),
 * §6.7 the CLIP thread's vertex order and payload (16353-16812).  G45 is
 * "DevCTG": a negative 1/w sets NEGW and inverts the comparisons.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/intel/gen4/gen4-clip.h"
#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/eu/g4-eu.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

#define GEN4_CLIP_BUDGET    (1u << 18)  /* instructions per CLIP thread */

/* min/max outcodes of one coordinate against [lo, hi]. */
static uint32_t range_test(float v, float lo, float hi, bool neg,
                           uint32_t min_bit, uint32_t max_bit)
{
    uint32_t oc = 0;

    if (neg ? v > lo : v < lo) {
        oc |= min_bit;
    }
    if (neg ? v < hi : v > hi) {
        oc |= max_bit;
    }
    return oc;
}

uint32_t gen4_clip_vertex_test(const uint32_t *cs, const uint32_t *gb,
                               const uint32_t *vue)
{
    float x = hwgpu_u2f(vue[4]), y = hwgpu_u2f(vue[5]);
    float z = hwgpu_u2f(vue[6]), rhw = hwgpu_u2f(vue[7]);
    bool vpxy = g45_clip_state_viewport_xy_cliptest_enable(cs);
    bool vpz = g45_clip_state_viewport_z_cliptest_enable(cs);
    bool gben = g45_clip_state_guardband_cliptest_enable(cs);
    bool neg = signbit(rhw);
    float lo_x = -1, hi_x = 1, lo_y = -1, hi_y = 1;
    uint32_t oc = 0;

    if (isnan(rhw)) {
        oc |= GEN4_OC_BAD;
    }
    if (neg && g45_clip_state_negative_w_cliptest_enable(cs)) {
        oc |= GEN4_OC_NEGW;
    }
    if (g45_clip_state_vertex_position_space(cs) ==
        G45_CLIP_STATE_VERTEX_POSITION_SPACE_SCREEN) {
        lo_x = g45_clip_state_screen_space_viewport_xmin(cs);
        hi_x = g45_clip_state_screen_space_viewport_xmax(cs);
        lo_y = g45_clip_state_screen_space_viewport_ymin(cs);
        hi_y = g45_clip_state_screen_space_viewport_ymax(cs);
    }
    if (vpxy) {
        oc |= range_test(x, lo_x, hi_x, neg, GEN4_OC_VP_XMIN,
                         GEN4_OC_VP_XMAX);
        oc |= range_test(y, lo_y, hi_y, neg, GEN4_OC_VP_YMIN,
                         GEN4_OC_VP_YMAX);
    }
    if (vpz) {
        float lo_z = g45_clip_state_api_mode(cs) == G45_CLIP_STATE_API_MODE_OGL
                     ? -1.0f : 0.0f;

        oc |= range_test(z, lo_z, 1.0f, neg, GEN4_OC_VP_ZMIN,
                         GEN4_OC_VP_ZMAX);
    }
    if (gben) {
        oc |= range_test(x, hwgpu_u2f(gb[0]), hwgpu_u2f(gb[1]), neg,
                         GEN4_OC_GB_XMIN, GEN4_OC_GB_XMAX);
        oc |= range_test(y, hwgpu_u2f(gb[2]), hwgpu_u2f(gb[3]), neg,
                         GEN4_OC_GB_YMIN, GEN4_OC_GB_YMAX);
    }
    /* A disabled set of XY boundaries coincides with the enabled one. */
    if (vpxy && !gben) {
        oc |= (oc & GEN4_OC_VP_XY) >> 6;
    } else if (!vpxy && gben) {
        oc |= (oc & GEN4_OC_GB) << 6;
    }
    if (isnan(x) && (vpxy || gben)) {
        oc |= GEN4_OC_VP_XMIN | GEN4_OC_VP_XMAX | GEN4_OC_GB_XMIN |
              GEN4_OC_GB_XMAX;
    }
    if (isnan(y) && (vpxy || gben)) {
        oc |= GEN4_OC_VP_YMIN | GEN4_OC_VP_YMAX | GEN4_OC_GB_YMIN |
              GEN4_OC_GB_YMAX;
    }
    if (isnan(z) && vpz) {
        oc |= GEN4_OC_VP_ZMIN | GEN4_OC_VP_ZMAX;
    }
    /* User clip flags (VUE D3[7:0]) masked by the ClipTest enables. */
    oc |= ((vue[3] & 0xff) & g45_clip_state_ucf_cliptest_enable(cs))
          << GEN4_OC_UC_SHIFT;
    return oc;
}

Gen4ClipAction gen4_clip_determine(const uint32_t *cs, const uint32_t *oc,
                                   unsigned nv, uint32_t *or_codes)
{
    uint32_t and = ~0u, or = 0;
    bool tr, ta, bad;

    for (unsigned i = 0; i < nv; i++) {
        and &= oc[i];
        or |= oc[i];
    }
    *or_codes = or;
    bad = or & GEN4_OC_BAD;
    tr = (and & (GEN4_OC_GB | GEN4_OC_VP_XY | GEN4_OC_VP_Z | GEN4_OC_UC |
                 GEN4_OC_NEGW)) != 0;
    ta = !tr && !(or & (GEN4_OC_GB | GEN4_OC_VP_Z | GEN4_OC_NEGW));
    if (g45_clip_state_ucf_mustclip_enable(cs)) {
        ta = ta && !(or & GEN4_OC_UC);
    }
    switch (g45_clip_state_clip_mode(cs)) {
    case G45_CLIP_STATE_CLIP_MODE_NORMAL:
        return tr || bad ? GEN4_CLIP_DISCARD :
               ta ? GEN4_CLIP_PASS : GEN4_CLIP_SPAWN;
    case G45_CLIP_STATE_CLIP_MODE_ALL:
        return GEN4_CLIP_SPAWN;
    case G45_CLIP_STATE_CLIP_MODE_CLIP_NON_REJECTED:
        return tr || bad ? GEN4_CLIP_DISCARD : GEN4_CLIP_SPAWN;
    case G45_CLIP_STATE_CLIP_MODE_REJECT_ALL:
        return GEN4_CLIP_DISCARD;
    case G45_CLIP_STATE_CLIP_MODE_ACCEPT_ALL:
        return bad ? GEN4_CLIP_DISCARD : GEN4_CLIP_PASS;
    default:
        /* 5-7 are reserved on G45 (5 is ILK's KERNELCLIP). */
        return tr || bad ? GEN4_CLIP_DISCARD :
               ta ? GEN4_CLIP_PASS : GEN4_CLIP_SPAWN;
    }
}

void gen4_clip_begin(Gen4Clip *c, Gen4State *s, const Gen4Draw *d,
                     uint32_t vue_dw)
{
    memset(c, 0, sizeof(*c));
    c->s = s;
    c->d = d;
    if (!d->unit_addr[GEN4_CLIP]) {
        return;
    }
    c->cs = d->unit[GEN4_CLIP];
    if (g45_clip_state_clip_mode(c->cs) > G45_CLIP_STATE_CLIP_MODE_ACCEPT_ALL) {
        HWGPU_GUEST_ERROR(s->host, "gen4 CLIP: reserved clip mode %u, taken "
                          "as NORMAL", g45_clip_state_clip_mode(c->cs));
    }
    gen4_ff_urb_init(&c->urb, s, "CLIP",
                     (g45_clip_state_urb_entry_allocation_size_minus_1(c->cs)
                      + 1) * 2, vue_dw, &c->out);
}

/* Start the CLIP kernel lazily: most draws never spawn a thread. */
static void thread_setup(Gen4Clip *c)
{
    c->prog = gen4_kernel_load(c->s, c->d->general_base +
                               g45_thread_common_kernel_start_pointer(c->cs));
    c->t = g_new(G4EuThread, 1);
    g4_eu_env_init(&c->env, c->s->host);
    g4_eu_math_attach(&c->env);
    g4_eu_urb_attach(&c->env, &c->urb.urb);
    c->curbe = g_new0(uint32_t, GEN4_CURBE_ROWS * 8);
    c->curbe_rows = gen4_curbe_load(c->s, c->d, c->curbe);
}

/* The thread for object o (Table 6-1); its vertices land in c->out. */
static void clip_thread(Gen4Clip *c, const Gen4Object *o,
                        const uint32_t *vues, uint32_t vue_dw,
                        uint32_t prim_type, uint32_t or_codes)
{
    const uint32_t *cs = c->cs;
    uint32_t grf = g45_thread_common_dispatch_grf_start(cs);
    uint32_t roff = g45_thread_common_urb_read_offset(cs);
    uint32_t rlen = g45_thread_common_urb_read_length(cs);
    uint32_t coff = g45_thread_common_constant_urb_read_offset(cs);
    uint32_t clen = g45_thread_common_constant_urb_read_length(cs);
    uint32_t cr0 = gen4_thread_cr0(cs);
    uint32_t len, *r0;
    const uint32_t *btp;

    if (!c->prog) {
        thread_setup(c);
    }
    gen4_ff_urb_reset(&c->urb);
    c->out.n = 0;
    g4_eu_thread_init(c->t, 0xff, cr0);
    r0 = g4_eu_grf_ud(c->t, 0);
    r0[0] = (uint32_t)(c->threads & 0x7f) << 16;   /* handle 0, its ID */
    r0[2] = (or_codes & ~0x3ffu) | (uint32_t)(o->edges & 3) << 8 |
            (prim_type & 0x1f);
    r0[3] = g45_thread_common_per_thread_scratch_space(cs);
    btp = gen4_draw_packet(c->d, G45_CMD_3DSTATE_BINDING_TABLE_POINTERS,
                           &len);
    r0[4] = btp ? g45_3dstate_binding_table_pointers_clip_binding_table(btp)
                : 0;
    r0[5] = g45_thread_common_scratch_space_base(cs) |
            (uint32_t)(c->threads & 1);             /* FFTID: 2 threads */
    r0[6] = (uint32_t)(c->threads & 0xffffff);
    /* Constants (the clip planes, for crocus), then the vertices. */
    for (uint32_t r = 0; r < clen && grf < G4_EU_GRF_REGS; r++, grf++) {
        if (coff + r < c->curbe_rows) {
            memcpy(g4_eu_grf_ud(c->t, grf), c->curbe + (coff + r) * 8, 32);
        }
    }
    for (unsigned v = 0; v < o->nv; v++) {
        gen4_payload_rows(c->t, &grf, vues + (size_t)o->v[v] * vue_dw, vue_dw,
                          roff, rlen);
    }
    c->threads++;
    c->out.threads++;
    if (!gen4_run_thread(c->s, c->t, c->prog, &c->env, GEN4_CLIP_BUDGET)) {
        c->errors++;
        HWGPU_GUEST_ERROR(c->s->host, "gen4 CLIP: thread ended without EOT "
                          "(ip 0x%x)", c->t->ip);
    }
    c->errors += c->out.errors;
    c->out.errors = 0;
}

/* The object type the CLIP unit passes for object o (§6.7.1). */
static uint32_t object_type(const Gen4Object *o, uint32_t topology)
{
    switch (topology) {
    case G45_3DPRIM_TRISTRIP:
    case G45_3DPRIM_TRISTRIP_REVERSE:
        return o->invert_orientation ? G45_3DPRIM_TRISTRIP_REVERSE
                                     : G45_3DPRIM_TRISTRIP;
    default:
        return topology;
    }
}

Gen4ClipAction gen4_clip_object(Gen4Clip *c, const Gen4Object *o,
                                const uint32_t *vues, uint32_t vue_dw,
                                uint32_t topology)
{
    uint32_t oc[3], or_codes;
    Gen4ClipAction a;

    /* Off, or a RECTLIST (screen-space rectangles; blorp clips none). */
    if (!c->cs || o->type == GEN4_OBJ_RECTANGLE || vue_dw < 8) {
        return GEN4_CLIP_PASS;
    }
    for (unsigned v = 0; v < o->nv; v++) {
        oc[v] = gen4_clip_vertex_test(c->cs, c->d->clip_viewport,
                                      vues + (size_t)o->v[v] * vue_dw);
    }
    a = gen4_clip_determine(c->cs, oc, o->nv, &or_codes);
    if (a == GEN4_CLIP_DISCARD) {
        c->discarded++;
    } else if (a == GEN4_CLIP_SPAWN) {
        if (!c->s->work_left) {
            return GEN4_CLIP_DISCARD;
        }
        clip_thread(c, o, vues, vue_dw, object_type(o, topology), or_codes);
    }
    return a;
}

void gen4_clip_end(Gen4Clip *c)
{
    if (c->prog) {
        g4_eu_program_free(c->prog);
    }
    g_free(c->t);
    g_free(c->curbe);
    if (c->cs) {
        gen4_ff_urb_fini(&c->urb);
    }
    gen4_urb_out_free(&c->out);
    c->prog = NULL;
    c->t = NULL;
    c->curbe = NULL;
}
