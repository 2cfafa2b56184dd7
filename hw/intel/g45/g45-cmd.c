/*
 * G45 command lookup and disassembler; see include/hwgpu/intel/g45/g45-cmd.h.
 * The command table itself (names, encodings, length rules, executor ops,
 * privilege, fields) is generated from hw/intel/g45/g45-commands.xml into
 * g45-cmd-gen.c; this file holds the Intel header decoding: which index a
 * header selects, and what a GFXPIPE header not in the table is.
 * GFXPIPE lengths (seed-000 line 171): bits 7:0 (media: 15:0), bias 2;
 * subtype 1 is single-dword.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

static const G45CmdDesc invalid_desc = {
    .name = "INVALID", .op = G45_OP_INVALID, .fixed = 1,
};
static const G45CmdDesc gfx_single = {
    .name = "GFXPIPE?", .op = G45_OP_3D, .fixed = 1, .unnamed = true,
};
static const G45CmdDesc gfx_media = {
    .name = "MEDIA?", .op = G45_OP_3D, .bias = 2, .len_mask = 0xffff,
    .min_len = 2, .unnamed = true,
};
static const G45CmdDesc gfx_generic = {
    .name = "GFXPIPE?", .op = G45_OP_3D, .bias = 2, .len_mask = 0xff,
    .min_len = 2, .unnamed = true,
};

static const G45CmdDesc *gfx_find(uint32_t key)
{
    size_t lo = 0, hi = G_N_ELEMENTS(g45_cmd_gfx);

    while (lo < hi) {
        size_t mid = (lo + hi) / 2;

        if (g45_cmd_gfx[mid].key == key) {
            return g45_cmd_gfx[mid].desc;
        }
        if (g45_cmd_gfx[mid].key < key) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    return NULL;
}

const G45CmdDesc *g45_cmd_lookup(uint32_t header)
{
    const G45CmdDesc *d = NULL;

    switch (G45_CMD_CLIENT(header)) {
    case G45_CLIENT_MI:
        d = g45_cmd_mi[G45_MI_OPCODE(header)];
        break;
    case G45_CLIENT_2D:
        d = g45_cmd_2d[G45_2D_OPCODE(header)];
        break;
    case G45_CLIENT_GFX:
        d = gfx_find(G45_GFX_KEY(header));
        if (d) {
            return d;
        }
        switch ((header >> 27) & 3) {
        case 1:
            return &gfx_single;     /* subtype 1: single-dword commands */
        case 2:
            return &gfx_media;
        default:
            return &gfx_generic;
        }
    default:
        break;
    }
    return d ? d : &invalid_desc;
}

uint32_t g45_cmd_length(const G45CmdDesc *d, uint32_t header)
{
    if (d->fixed) {
        return d->fixed;
    }
    return (header & d->len_mask) + d->bias;
}

const HwgpuLayout *g45_cmd_layout(unsigned i)
{
    return i < G45_CMD__COUNT ? &g45_cmd_layouts[i] : NULL;
}

const HwgpuLayout *g45_state_layout(unsigned i)
{
    return i < G45_STATE__COUNT ? &g45_state_layouts[i] : NULL;
}

size_t g45_state_disasm(unsigned id, const uint32_t *dw, uint32_t n,
                        char *buf, size_t size)
{
    const HwgpuLayout *l = g45_state_layout(id);
    size_t pos;
    int r;

    if (!size) {
        return 0;
    }
    if (!l) {
        snprintf(buf, size, "(unknown state %u)", id);
        return strlen(buf);
    }
    r = snprintf(buf, size, "%s", l->name);
    pos = r < 0 ? 0 : MIN((size_t)r, size - 1);
    pos += hwgpu_layout_format(l, dw, MIN(n, l->min_len), buf + pos,
                               size - pos);
    return pos;
}

static void append(char *buf, size_t size, size_t *pos, int r)
{
    *pos += r < 0 ? 0 : (size_t)r;
    if (*pos >= size) {
        *pos = size - 1;
    }
}

uint32_t g45_cmd_disasm(const uint32_t *dw, uint32_t avail, char *buf,
                        size_t size)
{
    const G45CmdDesc *d;
    uint32_t len, shown;
    size_t pos = 0;
    bool raw;

    if (!size) {
        return 1;
    }
    buf[0] = 0;
    if (!avail) {
        snprintf(buf, size, "(no data)");
        return 1;
    }
    d = g45_cmd_lookup(dw[0]);
    len = g45_cmd_length(d, dw[0]);
    append(buf, size, &pos, snprintf(buf, size, "%s len=%u", d->name, len));
    if (d->op != G45_OP_INVALID && len < d->min_len) {
        append(buf, size, &pos, snprintf(buf + pos, size - pos,
                                         " (bad length, min %u)",
                                         d->min_len));
    }
    shown = len < avail ? len : avail;
    /* Fields of the dwords we have; raw dwords where nothing is known. */
    raw = !d->layout || (!d->layout->nfields && !d->layout->ngroups);
    if (!raw) {
        append(buf, size, &pos,
               (int)hwgpu_layout_format(d->layout, dw, shown, buf + pos,
                                        size - pos));
    }
    for (uint32_t i = 0; raw && i < shown && i < 8; i++) {
        append(buf, size, &pos, snprintf(buf + pos, size - pos, " %08x",
                                         dw[i]));
    }
    if (shown < len) {
        append(buf, size, &pos, snprintf(buf + pos, size - pos,
                                         " (truncated at %u)", avail));
    } else if (raw && shown > 8) {
        append(buf, size, &pos, snprintf(buf + pos, size - pos, " ..."));
    }
    return len;
}
