/*
 * A Gen4 draw as text, for debugging (the "draw" trace event and tests):
 * the state packets disassembled field by field from the command
 * description, the indirect unit states and viewports through their
 * layouts, the binding tables with their SURFACE_STATEs, and each unit's
 * kernel disassembled by the EU codec.
 *
 * Documents: Intel G45 PRM Vol 2 (seed 000) §3.3 for the unit states, Vol
 * 4 (seed 002) chapter 13 for the instruction format.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/eu/g4-eu-inst.h"
#include "hwgpu/common/cmdfield.h"
#include "g45-cmd-gen.h"

/* Instructions disassembled per kernel at most (a dump, not a walk). */
#define DUMP_KERNEL_MAX     512

typedef struct Out {
    char *buf;
    size_t size, len;
} Out;

static void put(Out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void put(Out *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (o->len + 1 >= o->size) {
        return;
    }
    va_start(ap, fmt);
    n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
    va_end(ap);
    if (n > 0) {
        o->len += (size_t)n < o->size - o->len ? (size_t)n
                                               : o->size - o->len - 1;
    }
}

/* One structure through its layout: "  NAME @addr: fields". */
static void put_struct(Out *o, const char *name, uint32_t addr,
                       G45StateId id, const uint32_t *dw, uint32_t n)
{
    char line[2048];

    hwgpu_layout_format(&g45_state_layouts[id], dw, n, line, sizeof(line));
    put(o, "  %s @0x%08x:%s\n", name, addr, line);
}

/* A kernel from graphics address `addr` until EOT (or the bound). */
static void put_kernel(Out *o, Gen4State *s, const char *unit, uint32_t addr)
{
    uint32_t off = 0;

    put(o, "  %s kernel @0x%08x:\n", unit, addr);
    for (int i = 0; i < DUMP_KERNEL_MAX; i++) {
        uint32_t dw[4] = { 0 };
        char text[256];
        const char *why = NULL;
        G4EuInst in;

        if (!g45_gtt_read(s->gtt, addr + off, dw, sizeof(dw))) {
            put(o, "    %04x: unmapped\n", off);
            return;
        }
        if (dw[0] & (1u << 29)) {
            /* CompactCtrl: a 64-bit compacted instruction (G4x). */
            uint32_t cw[2] = { dw[0], dw[1] };

            if (!g4_eu_uncompact(cw, dw, &why) ||
                !g4_eu_decode(dw, &in, &why)) {
                put(o, "    %04x: compacted %08x %08x (%s)\n", off, cw[0],
                    cw[1], why ? why : "invalid");
                return;
            }
            g4_eu_disasm(&in, text, sizeof(text));
            put(o, "    %04x: %s (compacted)\n", off, text);
            off += 8;
            continue;
        }
        if (!g4_eu_decode(dw, &in, &why)) {
            put(o, "    %04x: %08x %08x %08x %08x (%s)\n", off, dw[0], dw[1],
                dw[2], dw[3], why ? why : "invalid");
            return;
        }
        g4_eu_disasm(&in, text, sizeof(text));
        put(o, "    %04x: %s\n", off, text);
        off += 16;
        if (in.opcode == G4_OP_SEND && (dw[3] >> 31)) {
            return;             /* EOT (bit 127) */
        }
    }
    put(o, "    ... (%d instructions shown)\n", DUMP_KERNEL_MAX);
}

static const char *const unit_short[GEN4_UNITS] = {
    "VS", "GS", "CLIP", "SF", "WM", "CC",
};

size_t gen4_draw_dump(Gen4State *s, const Gen4Draw *d, bool kernels,
                      char *buf, size_t size)
{
    Out o = { buf, size, 0 };
    char line[4096];

    if (!size) {
        return 0;
    }
    buf[0] = 0;
    g45_cmd_disasm(d->prim, 6, line, sizeof(line));
    put(&o, "draw: %s\n", line);
    for (int id = 0; id < G45_CMD__COUNT; id++) {
        uint32_t len;
        const uint32_t *p = gen4_draw_packet(d, id, &len);

        if (p) {
            g45_cmd_disasm(p, len, line, sizeof(line));
            put(&o, "  %s\n", line);
        }
    }
    for (uint32_t i = 0; i < GEN4_MAX_VB; i++) {
        if (d->vb_valid & (1u << i)) {
            hwgpu_layout_format(
                &g45_state_layouts[G45_STATE_VERTEX_BUFFER_STATE], d->vb[i],
                4, line, sizeof(line));
            put(&o, "  VERTEX_BUFFER_STATE[%u]:%s\n", i, line);
        }
    }
    for (int u = 0; u < GEN4_UNITS; u++) {
        if (d->unit_addr[u]) {
            const HwgpuLayout *l = &g45_state_layouts[gen4_unit_state[u]];

            put_struct(&o, l->name, d->general_base + d->unit_addr[u],
                       gen4_unit_state[u], d->unit[u], l->min_len);
        }
    }
    if (d->unit_addr[GEN4_CC]) {
        put_struct(&o, "CC_VIEWPORT", d->general_base +
                   g45_color_calc_state_cc_viewport_pointer(d->unit[GEN4_CC]),
                   G45_STATE_CC_VIEWPORT, d->cc_viewport, 2);
    }
    if (d->unit_addr[GEN4_SF]) {
        put_struct(&o, "SF_VIEWPORT", d->general_base +
                   g45_sf_state_sf_viewport_pointer(d->unit[GEN4_SF]),
                   G45_STATE_SF_VIEWPORT, d->sf_viewport, 8);
    }
    if (d->unit_addr[GEN4_CLIP]) {
        put_struct(&o, "CLIP_VIEWPORT", d->general_base +
                   g45_clip_state_clip_viewport_pointer(d->unit[GEN4_CLIP]),
                   G45_STATE_CLIP_VIEWPORT, d->clip_viewport, 4);
    }
    for (uint32_t i = 0; i < d->vs_bt_count; i++) {
        put(&o, "  VS binding table [%u] = 0x%08x\n", i, d->vs_bt[i]);
    }
    for (uint32_t i = 0; i < d->ps_bt_count; i++) {
        char name[32];

        snprintf(name, sizeof(name), "PS surface [%u]", i);
        put_struct(&o, name, d->surface_base + (d->ps_bt[i] & ~31u),
                   G45_STATE_SURFACE_STATE, d->ps_surf[i], GEN4_SURFACE_DW);
    }
    if (d->faults) {
        put(&o, "  (some state lies in unmapped memory: read as zeros)\n");
    }
    if (kernels) {
        for (int u = GEN4_VS; u <= GEN4_WM; u++) {
            uint32_t ksp = u == GEN4_WM ?
                g45_wm_state_kernel_start_pointer(d->unit[u]) :
                g45_thread_common_kernel_start_pointer(d->unit[u]);

            if (d->unit_addr[u] && ksp) {
                put_kernel(&o, s, unit_short[u], d->general_base + ksp);
            }
        }
    }
    return o.len;
}
