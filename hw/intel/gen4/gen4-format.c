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
