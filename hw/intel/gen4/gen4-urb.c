/*
 * URB entries emitted by fixed-function threads; see
 * include/hwgpu/intel/gen4/gen4-urb.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-urb.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"

/* A completed, used URB entry is an emitted vertex. */
static void emitted(void *opaque, uint32_t handle, const uint32_t *header,
                    bool used)
{
    Gen4FfUrb *f = opaque;
    Gen4UrbOut *o = f->out;
    uint64_t at = (uint64_t)handle * 32;

    if (!used) {
        return;
    }
    if (at + (uint64_t)f->entry_rows * 32 > f->urb.size ||
        o->n >= GEN4_DRAW_MAX_VERTICES ||
        ((uint64_t)o->n + 1) * (o->vue_dw * 4 + 3) > GEN4_DRAW_MAX_BYTES) {
        HWGPU_GUEST_ERROR(f->s->host, "gen4 %s: vertex in URB handle %u "
                          "dropped", f->unit, handle);
        o->errors++;
        return;
    }
    if (o->n == o->cap) {
        o->cap = MAX(o->cap * 2, 64u);
        o->vue = g_renew(uint32_t, o->vue, (size_t)o->cap * o->vue_dw);
        o->start = g_renew(uint8_t, o->start, o->cap);
        o->end = g_renew(uint8_t, o->end, o->cap);
        o->topology = g_renew(uint8_t, o->topology, o->cap);
    }
    memcpy(o->vue + (size_t)o->n * o->vue_dw, f->urb.data + at,
           o->vue_dw * 4);
    /* M0.2: [6:2] primitive type, [1] start, [0] end (seed-002 §4.3) */
    o->start[o->n] = (header[2] >> 1) & 1;
    o->end[o->n] = header[2] & 1;
    o->topology[o->n] = (header[2] >> 2) & 0x1f;
    o->n++;
}

void gen4_ff_urb_init(Gen4FfUrb *f, Gen4State *s, const char *unit,
                      uint32_t entry_rows, uint32_t vue_dw, Gen4UrbOut *out)
{
    memset(f, 0, sizeof(*f));
    memset(out, 0, sizeof(*out));
    f->s = s;
    f->unit = unit;
    f->out = out;
    f->entry_rows = MAX(MAX(entry_rows, (vue_dw + 7) / 8), 1u);
    out->vue_dw = f->entry_rows * 8;
    f->urb.host = s->host;
    f->urb.size = GEN4_FF_URB_ENTRIES * f->entry_rows * 32;
    f->urb.data = g_malloc0(f->urb.size);
    f->urb.alloc_rows = f->entry_rows;
    f->urb.complete = emitted;
    f->urb.complete_opaque = f;
}

void gen4_ff_urb_reset(Gen4FfUrb *f)
{
    memset(f->urb.data, 0, f->urb.size);
    f->urb.next_handle = f->entry_rows;     /* entry 0 is the first */
}

void gen4_ff_urb_fini(Gen4FfUrb *f)
{
    g_free(f->urb.data);
    f->urb.data = NULL;
}

void gen4_urb_out_free(Gen4UrbOut *out)
{
    g_free(out->vue);
    g_free(out->start);
    g_free(out->end);
    g_free(out->topology);
    memset(out, 0, sizeof(*out));
}
