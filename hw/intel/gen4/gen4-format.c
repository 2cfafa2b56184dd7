/*
 * Gen4 SURFACE_FORMAT codes as formats (see gen4-format.h).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>

#include "hwgpu/intel/gen4/gen4-format.h"
#include "hwgpu/common/cmdfield.h"
#include "hwgpu/intel/common/tiling.h"
#include "g45-cmd-gen.h"

static HwgpuFormat formats[GEN4_FORMAT_CODES];
static const char *names[GEN4_FORMAT_CODES];

static void build(void)
{
    static gsize done;

    if (g_once_init_enter(&done)) {
        const HwgpuEnumDesc *e = &g45_enum_surface_format;

        for (unsigned i = 0; i < e->nvalues; i++) {
            uint32_t code = e->values[i].value;

            if (code < GEN4_FORMAT_CODES &&
                hwgpu_format_parse(e->values[i].name, &formats[code])) {
                names[code] = e->values[i].name;
            }
        }
        g_once_init_leave(&done, 1);
    }
}

const HwgpuFormat *gen4_format(uint32_t code)
{
    build();
    return code < GEN4_FORMAT_CODES && names[code] ? &formats[code] : NULL;
}

const char *gen4_format_name(uint32_t code)
{
    build();
    return code < GEN4_FORMAT_CODES ? names[code] : NULL;
}

uint64_t gen4_surface_offset(const uint32_t *ss, uint32_t x, uint32_t y,
                             uint32_t bpp)
{
    uint32_t pitch = g45_surface_state_pitch_minus_1(ss) + 1;
    uint64_t xb = (uint64_t)x * bpp;

    if (!g45_surface_state_tiled(ss)) {
        return (uint64_t)y * pitch + xb;
    }
    return g45_surface_state_tile_walk(ss) ? g45_ytile_offset(xb, y, pitch)
                                           : g45_xtile_offset(xb, y, pitch);
}

static uint32_t align_up(uint32_t v, uint32_t a)
{
    return (v + a - 1) / a * a;
}

static uint32_t minify(uint32_t v, unsigned l)
{
    return v >> l ? v >> l : 1;
}

unsigned gen4_surface_mips(const uint32_t *ss, const HwgpuFormat *f,
                           unsigned levels, Gen4Mip *mips)
{
    uint32_t type = g45_surface_state_surface_type(ss);

    unsigned bw, bh;

    hwgpu_block_dims(f, &bw, &bh);
    return gen4_mips(type, g45_surface_state_width_minus_1(ss) + 1,
                     type == G45_SURFTYPE_1D ? 1 :
                     g45_surface_state_height_minus_1(ss) + 1,
                     g45_surface_state_depth_minus_1(ss) + 1, bw, bh, levels,
                     mips);
}

unsigned gen4_mips(uint32_t type, uint32_t w0, uint32_t h0, uint32_t d0,
                   unsigned bw, unsigned bh, unsigned levels, Gen4Mip *mips)
{
    /* alignment: 4 x 2 pixels, or one block of a compressed format */
    uint32_t ai = bw > 1 ? bw : 4, aj = bh > 1 ? bh : 2;
    uint32_t y = 0, w1 = 0;

    levels = levels > GEN4_MAX_LEVELS ? GEN4_MAX_LEVELS : levels;
    if (type == G45_SURFTYPE_3D || type == G45_SURFTYPE_CUBE) {
        for (unsigned l = 0; l < levels; l++) {
            Gen4Mip *m = &mips[l];
            uint32_t wa = align_up(minify(w0, l), ai);
            uint32_t ha = align_up(minify(h0, l), aj);

            m->w = minify(w0, l);
            m->h = minify(h0, l);
            m->d = type == G45_SURFTYPE_CUBE ? 6 : minify(d0, l);
            m->x = 0;
            m->y = y / bh;
            m->sw = wa / bw;
            m->sh = ha / bh;
            m->row = 1u << l;
            y += ha * ((m->d + m->row - 1) >> l);
        }
        return levels;
    }
    for (unsigned l = 0; l < levels; l++) {
        Gen4Mip *m = &mips[l];
        uint32_t ha = align_up(minify(h0, l), aj);

        m->w = minify(w0, l);
        m->h = minify(h0, l);
        m->d = d0;
        m->row = 0;
        m->sw = 0;
        /* QPitch: h0 + h1 + 11 j rows (Gen4-6 arrays) */
        m->sh = (align_up(h0, aj) + align_up(minify(h0, 1), aj) + 11 * aj) /
                bh;
        if (l == 0) {
            m->x = m->y = 0;
            y = ha;                 /* where level 1, then level 2, go */
        } else if (l == 1) {
            w1 = align_up(m->w, ai);
            m->x = 0;
            m->y = y / bh;
        } else {
            m->x = w1 / bw;
            m->y = y / bh;
            y += ha;
        }
    }
    return levels;
}
