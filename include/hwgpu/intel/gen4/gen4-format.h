/*
 * Gen4 SURFACE_FORMAT codes as formats of hw/render/format.h.  The table
 * is derived at first use from the SURFACE_FORMAT enum of the command
 * description (hw/intel/g45/g45-commands.xml, G45 PRM Vol 4 "Surface
 * Formats" via seed 000 Table 3-1 for the vertex-fetch subset): the names
 * there are the one copy of each format's layout.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_FORMAT_H
#define HWGPU_INTEL_GEN4_FORMAT_H

#include <stdint.h>

#include "hwgpu/render/format.h"

#define GEN4_FORMAT_CODES   512     /* SURFACE_FORMAT is 9 bits */

/* The format of a SURFACE_FORMAT code, or NULL if the code names none. */
const HwgpuFormat *gen4_format(uint32_t code);
/* Its name ("R8G8B8A8_UNORM"), or NULL. */
const char *gen4_format_name(uint32_t code);

/*
 * The byte offset of pixel (x, y) of bpp bytes in the surface of
 * SURFACE_STATE ss: linear, or X/Y-tiled by its Tiled and Tile Walk bits
 * (include/hwgpu/intel/common/tiling.h).
 */
uint64_t gen4_surface_offset(const uint32_t *ss, uint32_t x, uint32_t y,
                             uint32_t bpp);

/*
 * The Gen4 mip and slice layout (G45 PRM Vol 1a "Memory Data Formats"
 * §6.17, which the seeds lack; the rules as Mesa's isl applies them to
 * G45, isl.c ISL_DIM_LAYOUT_GFX4_2D and _GFX4_3D):
 *  - every level's extent is padded to the alignment unit: 4 x 2 pixels,
 *    or one block for compressed formats (4x4, FXT1 8x4);
 *  - 1D and 2D: level 0 at the top left, level 1 below it, level 2 to
 *    the right of level 1, every further level below the one before;
 *    array slices follow each other QPitch rows apart (h0 + h1 + 11 j);
 *  - 3D and cube: each level holds its slices (3D: the depth halved per
 *    level; cube: always the 6 faces +X -X +Y -Y +Z -Z) in rows of
 *    2^level slices, the levels below each other.
 * Origins are in elements (blocks when compressed) and element rows from
 * the surface's base address.
 */
#define GEN4_MAX_LEVELS 14

typedef struct Gen4Mip {
    uint32_t x, y;          /* slice 0 of the level, in elements / rows */
    uint32_t w, h, d;       /* the level's extent in pixels (d: slices) */
    uint32_t sw, sh;        /* a slice's step right / down, elements/rows */
    uint32_t row;           /* slices per row; 0: one column, sh apart */
} Gen4Mip;

/*
 * The first `levels` levels (at most GEN4_MAX_LEVELS; the number laid out
 * is returned) of SURFACE_STATE ss in format f.
 */
unsigned gen4_surface_mips(const uint32_t *ss, const HwgpuFormat *f,
                           unsigned levels, Gen4Mip *mips);

/*
 * The same for any surface of SURFTYPE type, level-0 extent w0 x h0 x d0
 * (d0: slices, or the 3D depth), in elements of bw x bh texels (1 x 1,
 * or a compressed format's block): what 3DSTATE_DEPTH_BUFFER's LOD and
 * array element address, too.
 */
unsigned gen4_mips(uint32_t type, uint32_t w0, uint32_t h0, uint32_t d0,
                   unsigned bw, unsigned bh, unsigned levels, Gen4Mip *mips);

/* Element and row of texel (x, y) of slice s of mip m (in range), with
 * elements of bw x bh texels. */
static inline void gen4_mip_texel(const Gen4Mip *m, uint32_t bw, uint32_t bh,
                                  uint32_t x, uint32_t y, uint32_t s,
                                  uint64_t *ex, uint64_t *ey)
{
    uint64_t col = m->row ? s % m->row : 0, line = m->row ? s / m->row : s;

    *ex = m->x + col * m->sw + x / bw;
    *ey = m->y + line * m->sh + y / bh;
}

#endif
