/*
 * Gen4 (G45) 3D pipeline state tracking and per-draw snapshots; see
 * include/hwgpu/intel/gen4/gen4-state.h.
 *
 * Documents: Intel G45 PRM Vol 2 "3D/Media" (seed 000): §3.3 the unit
 * states (seed-000.md maps it), §3.5 the non-pipelined and pipelined
 * state commands; ../shared/reference/crocus-g45.md §2.2 for what crocus
 * sends, in which order, with which values.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/eu/g4-eu.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

/*
 * The state commands whose latest packet is kept, one slot each (the
 * order is the dump's).  3DSTATE_VERTEX_BUFFERS is kept buffer by buffer
 * and STATE_BASE_ADDRESS field by field as well.
 */
static const G45CmdId kept[] = {
    G45_CMD_PIPELINE_SELECT,
    G45_CMD_STATE_BASE_ADDRESS,
    G45_CMD_STATE_SIP,
    G45_CMD_3DSTATE_VF_STATISTICS,
    G45_CMD_URB_FENCE,
    G45_CMD_CS_URB_STATE,
    G45_CMD_CONSTANT_BUFFER,
    G45_CMD_3DSTATE_PIPELINED_POINTERS,
    G45_CMD_3DSTATE_BINDING_TABLE_POINTERS,
    G45_CMD_3DSTATE_VERTEX_ELEMENTS,
    G45_CMD_3DSTATE_INDEX_BUFFER,
    G45_CMD_3DSTATE_DRAWING_RECTANGLE,
    G45_CMD_3DSTATE_CONSTANT_COLOR,
    G45_CMD_3DSTATE_CHROMA_KEY,
    G45_CMD_3DSTATE_DEPTH_BUFFER,
    G45_CMD_3DSTATE_POLY_STIPPLE_OFFSET,
    G45_CMD_3DSTATE_POLY_STIPPLE_PATTERN,
    G45_CMD_3DSTATE_LINE_STIPPLE,
    G45_CMD_3DSTATE_GLOBAL_DEPTH_OFFSET_CLAMP,
    G45_CMD_3DSTATE_AA_LINE_PARAMETERS,
    G45_CMD_3DSTATE_GS_SVB_INDEX,
};
_Static_assert(sizeof(kept) / sizeof(kept[0]) <= GEN4_PKT_KINDS,
               "GEN4_PKT_KINDS too small");
#define NKEPT   (sizeof(kept) / sizeof(kept[0]))

/* The unit states' layouts (and so lengths), by Gen4Unit. */
const int gen4_unit_state[GEN4_UNITS] = {
    [GEN4_VS] = G45_STATE_VS_STATE,
    [GEN4_GS] = G45_STATE_GS_STATE,
    [GEN4_CLIP] = G45_STATE_CLIP_STATE,
    [GEN4_SF] = G45_STATE_SF_STATE,
    [GEN4_WM] = G45_STATE_WM_STATE,
    [GEN4_CC] = G45_STATE_COLOR_CALC_STATE,
};

/* The command id of a header, or -1 (not in the description). */
static int cmd_id(uint32_t header)
{
    const G45CmdDesc *d = g45_cmd_lookup(header);

    if (!d->layout) {
        return -1;
    }
    return d->layout - g45_cmd_layouts;
}

static int slot_of(int id)
{
    for (unsigned i = 0; i < NKEPT; i++) {
        if ((int)kept[i] == id) {
            return i;
        }
    }
    return -1;
}

void gen4_state_init(Gen4State *s, const HwgpuHost *host, G45Gtt *gtt)
{
    memset(s, 0, sizeof(*s));
    s->host = host;
    s->gtt = gtt;
    s->draw_work = GEN4_DRAW_WORK;
    s->work_left = s->draw_work;
}

void gen4_state_reset(Gen4State *s)
{
    struct HwgpuPool *pool = s->pool;
    Gen4Kernels *kernels = s->kernels;
    Gen4Bufs *bufs = s->bufs;

    gen4_state_init(s, s->host, s->gtt);
    /* the device's, not the guest's state; its kernels read anew */
    s->pool = pool;
    s->kernels = kernels;
    s->bufs = bufs;
    gen4_kernels_invalidate(kernels);
}

Gen4Bufs *gen4_bufs_new(void)
{
    return g_new0(Gen4Bufs, 1);
}

void gen4_bufs_free(Gen4Bufs *b)
{
    if (b) {
        for (int i = 0; i < GEN4_BUFS; i++) {
            g_free(b->p[i]);
        }
        g_free(b);
    }
}

void *gen4_buf_grow(Gen4State *s, Gen4Buf which, void *p, size_t bytes)
{
    Gen4Bufs *b = s->bufs;

    if (!b) {
        return g_realloc(p, MAX(bytes, 1));
    }
    assert(!p || p == b->p[which]);
    if (bytes > b->size[which]) {
        if (p) {
            b->p[which] = g_realloc(b->p[which], bytes);
        } else {
            g_free(b->p[which]);            /* nothing to keep: no copy */
            b->p[which] = g_malloc(bytes);
        }
        b->size[which] = bytes;
    }
    return b->p[which];
}

void *gen4_buf_zeroed(Gen4State *s, Gen4Buf which, size_t bytes)
{
    void *p = gen4_buf_grow(s, which, NULL, bytes);

    memset(p, 0, bytes);
    return p;
}

void gen4_buf_put(Gen4State *s, Gen4Buf which, void *p)
{
    Gen4Bufs *b = s->bufs;

    if (!b) {
        g_free(p);
    } else if (b->size[which] > GEN4_BUF_KEEP) {
        g_clear_pointer(&b->p[which], g_free);
        b->size[which] = 0;
    }
}

/* Migration: every kept packet fits its slot. */
const char *gen4_state_check(const Gen4State *s)
{
    for (int k = 0; k < GEN4_PKT_KINDS; k++) {
        if (s->pkt_len[k] > GEN4_PKT_MAX) {
            return "a kept 3D state packet is longer than its slot";
        }
    }
    return NULL;
}

/* STATE_BASE_ADDRESS: each address changes only with its modify bit. */
static void base_address(Gen4State *s, const uint32_t *dw)
{
    if (g45_state_base_address_general_state_modify(dw)) {
        s->general_base = g45_state_base_address_general_state_base(dw);
    }
    if (g45_state_base_address_surface_state_modify(dw)) {
        s->surface_base = g45_state_base_address_surface_state_base(dw);
    }
    if (g45_state_base_address_indirect_object_modify(dw)) {
        s->indirect_base = g45_state_base_address_indirect_object_base(dw);
    }
    if (g45_state_base_address_general_state_upper_bound_modify(dw)) {
        s->general_bound =
            g45_state_base_address_general_state_upper_bound(dw);
    }
    if (g45_state_base_address_indirect_object_upper_bound_modify(dw)) {
        s->indirect_bound =
            g45_state_base_address_indirect_object_upper_bound(dw);
    }
}

/* 3DSTATE_VERTEX_BUFFERS: the buffers it names, by their index field. */
static void vertex_buffers(Gen4State *s, const uint32_t *dw, uint32_t n)
{
    uint32_t count = g45_3dstate_vertex_buffers_buffer_count(n);

    for (uint32_t i = 0; i < count; i++) {
        const uint32_t *b = g45_3dstate_vertex_buffers_buffer(dw, i);
        uint32_t idx = g45_vertex_buffer_state_index(b);

        memcpy(s->vb[idx], b, sizeof(s->vb[idx]));
        s->vb_valid |= 1u << idx;
    }
}

bool gen4_state_command(Gen4State *s, const uint32_t *dw, uint32_t n,
                        bool replay)
{
    int id, slot;

    if (!n) {
        /* A context image is restored: its records are the whole state. */
        uint64_t draws = s->draws;

        gen4_state_reset(s);
        s->draws = draws;
        return false;
    }
    id = cmd_id(dw[0]);
    if (id == G45_CMD_PIPE_CONTROL &&
        g45_pipe_control_instruction_cache_invalidate(dw)) {
        gen4_kernels_invalidate(s->kernels);
    }
    if (id == G45_CMD_3DPRIMITIVE) {
        s->draws++;
        return !replay;
    }
    if (id == G45_CMD_3DSTATE_VERTEX_BUFFERS) {
        vertex_buffers(s, dw, n);
        return false;
    }
    if (id == G45_CMD_STATE_BASE_ADDRESS) {
        base_address(s, dw);
    }
    slot = slot_of(id);
    if (slot < 0) {
        return false;           /* PIPE_CONTROL, media, palettes, ... */
    }
    if (n > GEN4_PKT_MAX) {
        HWGPU_GUEST_ERROR(s->host, "gen4: %s of %u dwords is longer than "
                          "the hardware allows; ignored",
                          g45_cmd_layouts[id].name, n);
        return false;
    }
    memcpy(s->pkt[slot], dw, n * 4);
    s->pkt_len[slot] = n;
    return false;
}

const uint32_t *gen4_draw_packet(const Gen4Draw *d, int cmd, uint32_t *len)
{
    int slot = slot_of(cmd);

    if (slot < 0 || !d->pkt_len[slot]) {
        *len = 0;
        return NULL;
    }
    *len = d->pkt_len[slot];
    return d->pkt[slot];
}

/* Read graphics memory for a draw; unmapped memory reads as zeros. */
static void draw_read(Gen4State *s, Gen4Draw *d, uint32_t addr, void *buf,
                      uint32_t len)
{
    if (!g45_gtt_read(s->gtt, addr, buf, len)) {
        d->faults = true;
    }
}

static uint32_t unit_len(Gen4Unit u)
{
    return g45_state_layouts[gen4_unit_state[u]].min_len;
}

/* A binding table of `count` entries at surface-state offset `bt`. */
static uint32_t read_bt(Gen4State *s, Gen4Draw *d, uint32_t bt,
                        uint32_t count, uint32_t *out)
{
    count = count > GEN4_MAX_BT ? GEN4_MAX_BT : count;
    if (bt && count) {
        draw_read(s, d, d->surface_base + bt, out, count * 4);
    }
    return bt ? count : 0;
}

void gen4_draw_snapshot(Gen4State *s, const uint32_t *prim, Gen4Draw *d)
{
    uint32_t len;
    const uint32_t *pp, *btp;

    uint32_t p[6];

    memcpy(p, prim, sizeof(p));     /* prim may point into d */
    memset(d, 0, sizeof(*d));
    memcpy(d->prim, p, sizeof(d->prim));
    memcpy(d->pkt, s->pkt, sizeof(d->pkt));
    memcpy(d->pkt_len, s->pkt_len, sizeof(d->pkt_len));
    memcpy(d->vb, s->vb, sizeof(d->vb));
    d->vb_valid = s->vb_valid;
    d->general_base = s->general_base;
    d->surface_base = s->surface_base;

    /* The unit states (GSBA-relative; crocus puts GSBA at 0). */
    pp = gen4_draw_packet(d, G45_CMD_3DSTATE_PIPELINED_POINTERS, &len);
    if (pp) {
        d->unit_addr[GEN4_VS] = g45_3dstate_pipelined_pointers_vs_state(pp);
        if (g45_3dstate_pipelined_pointers_gs_enable(pp)) {
            d->unit_addr[GEN4_GS] =
                g45_3dstate_pipelined_pointers_gs_state(pp);
        }
        if (g45_3dstate_pipelined_pointers_clip_enable(pp)) {
            d->unit_addr[GEN4_CLIP] =
                g45_3dstate_pipelined_pointers_clip_state(pp);
        }
        d->unit_addr[GEN4_SF] = g45_3dstate_pipelined_pointers_sf_state(pp);
        d->unit_addr[GEN4_WM] = g45_3dstate_pipelined_pointers_wm_state(pp);
        d->unit_addr[GEN4_CC] = g45_3dstate_pipelined_pointers_cc_state(pp);
    }
    for (int u = 0; u < GEN4_UNITS; u++) {
        if (d->unit_addr[u]) {
            draw_read(s, d, d->general_base + d->unit_addr[u], d->unit[u],
                      unit_len(u) * 4);
        }
    }
    if (d->unit_addr[GEN4_CC]) {
        draw_read(s, d, d->general_base +
                  g45_color_calc_state_cc_viewport_pointer(d->unit[GEN4_CC]),
                  d->cc_viewport, sizeof(d->cc_viewport));
    }
    /* SF_VIEWPORT holds the viewport transform and the scissor rectangle:
     * a draw using neither (blorp's) may leave its pointer at 0. */
    if (d->unit_addr[GEN4_SF] &&
        (g45_sf_state_viewport_transform_enable(d->unit[GEN4_SF]) ||
         g45_sf_state_scissor_enable(d->unit[GEN4_SF]))) {
        draw_read(s, d, d->general_base +
                  g45_sf_state_sf_viewport_pointer(d->unit[GEN4_SF]),
                  d->sf_viewport, sizeof(d->sf_viewport));
    }
    if (d->unit_addr[GEN4_CLIP]) {
        draw_read(s, d, d->general_base +
                  g45_clip_state_clip_viewport_pointer(d->unit[GEN4_CLIP]),
                  d->clip_viewport, sizeof(d->clip_viewport));
    }

    /* Binding tables (SSBA-relative) and the PS's surfaces. */
    btp = gen4_draw_packet(d, G45_CMD_3DSTATE_BINDING_TABLE_POINTERS,
                           &len);
    if (btp) {
        d->vs_bt_addr =
            g45_3dstate_binding_table_pointers_vs_binding_table(btp);
        d->ps_bt_addr =
            g45_3dstate_binding_table_pointers_ps_binding_table(btp);
        d->vs_bt_count = read_bt(
            s, d, g45_3dstate_binding_table_pointers_vs_binding_table(btp),
            g45_thread_common_binding_table_entry_count(d->unit[GEN4_VS]),
            d->vs_bt);
        d->ps_bt_count = read_bt(
            s, d, g45_3dstate_binding_table_pointers_ps_binding_table(btp),
            g45_wm_state_binding_table_entry_count(d->unit[GEN4_WM]),
            d->ps_bt);
    }
    for (uint32_t i = 0; i < d->ps_bt_count; i++) {
        draw_read(s, d, d->surface_base + (d->ps_bt[i] & ~31u),
                  d->ps_surf[i], GEN4_SURFACE_DW * 4);
    }
}

void gen4_surfaces_init(Gen4Surfaces *c, uint32_t bt_addr)
{
    memset(c->loaded, 0, sizeof(c->loaded));
    c->bt_addr = bt_addr;
}

void gen4_surfaces_init_ps(Gen4Surfaces *c, const Gen4Draw *d)
{
    memset(c->loaded, 0, sizeof(c->loaded));
    c->bt_addr = d->ps_bt_addr;
    for (uint32_t i = 0; i < d->ps_bt_count; i++) {
        memcpy(c->surf[i], d->ps_surf[i], sizeof(c->surf[i]));
        c->loaded[i / 32] |= 1u << (i % 32);
    }
}

const uint32_t *gen4_surface(Gen4State *s, const Gen4Draw *d,
                             Gen4Surfaces *c, unsigned bti)
{
    uint32_t entry;

    if (!c->bt_addr || bti >= GEN4_MAX_BT) {
        HWGPU_GUEST_ERROR(s->host, "gen4: binding table entry %u with %s",
                          bti, c->bt_addr ? "only 256 entries"
                                          : "no binding table");
        return NULL;
    }
    if (!(c->loaded[bti / 32] & (1u << (bti % 32)))) {
        if (!g45_gtt_read(s->gtt, d->surface_base + c->bt_addr + bti * 4,
                          &entry, 4) ||
            !g45_gtt_read(s->gtt, d->surface_base + (entry & ~31u),
                          c->surf[bti], GEN4_SURFACE_DW * 4)) {
            memset(c->surf[bti], 0, sizeof(c->surf[bti]));
        }
        c->loaded[bti / 32] |= 1u << (bti % 32);
    }
    return c->surf[bti];
}

void gen4_work_refill(Gen4State *s)
{
    uint64_t left = __atomic_load_n(s->work_pool, __ATOMIC_RELAXED);
    uint64_t take;

    do {
        take = MIN(left, GEN4_WORK_CHUNK);
    } while (take && !__atomic_compare_exchange_n(s->work_pool, &left,
                                                  left - take, true,
                                                  __ATOMIC_RELAXED,
                                                  __ATOMIC_RELAXED));
    s->work_left += take;
}

void gen4_state_fork(Gen4State *fork, G45Gtt *gtt, const Gen4State *s,
                     uint64_t *work_pool)
{
    *fork = *s;
    *gtt = *s->gtt;
    memset(gtt->maps, 0, sizeof(gtt->maps));
    gtt->bad_accesses = 0;
    gtt->maps_made = 0;
    fork->gtt = gtt;
    fork->work_left = 0;
    fork->work_pool = work_pool;
    fork->bufs = NULL;
    fork->ps_depth_count = 0;
}

void gen4_state_join(Gen4State *s, Gen4State *fork)
{
    s->work_left += fork->work_left;
    s->ps_depth_count += fork->ps_depth_count;
    s->gtt->bad_accesses += fork->gtt->bad_accesses;
    s->gtt->maps_made += fork->gtt->maps_made;
    fork->work_left = 0;
    fork->ps_depth_count = 0;
    fork->gtt->bad_accesses = 0;
    fork->gtt->maps_made = 0;
}

bool gen4_charge_work(Gen4State *s, uint64_t n)
{
    /* after each thread: pages the guest remapped since are let go */
    g45_gtt_sync(s->gtt);
    s->work_left -= MIN(n, s->work_left);
    if (!gen4_work(s)) {
        HWGPU_GUEST_ERROR(s->host, "gen4: a draw ran %llu EU instructions; "
                          "the rest of it is dropped",
                          (unsigned long long)s->draw_work);
        return false;
    }
    return true;
}

bool gen4_run_thread(Gen4State *s, G4EuThread *t, const G4EuProgram *p,
                     const G4EuEnv *env, uint64_t budget)
{
    uint64_t before = t->executed;
    G4EuStop stop;

    if (!gen4_work(s)) {
        return false;
    }
    stop = g4_eu_run(t, p, env, MIN(budget, s->work_left));
    gen4_charge_work(s, t->executed - before);
    return stop == G4_EU_STOP_EOT;
}
