/*
 * Gen4 tiled surface layout: the one copy of the address math, used by
 * the fences (aperture detiling), the blitter and the scanout.
 *
 * Tile geometry (G45 PRM, seed 000 "Tiled Surface Layout"): an X tile is
 * 512 bytes x 8 rows stored row by row; a Y tile is 128 bytes x 32 rows
 * stored as 16-byte columns (OWords) top to bottom.  Both are 4 KiB, and
 * tiles follow each other left to right, then down; the pitch is a whole
 * number of tiles.  No bit-6 swizzling (see g45-fence.h).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_TILING_H
#define HWGPU_INTEL_G45_TILING_H

#include <stdint.h>

#define G45_TILE_BYTES      4096u
#define G45_XTILE_W         512u    /* bytes */
#define G45_XTILE_H         8u      /* rows */
#define G45_YTILE_W         128u
#define G45_YTILE_H         32u

/* Offset of byte column `xb` of row `y` in an X-tiled surface. */
static inline uint64_t g45_xtile_offset(uint64_t xb, uint64_t y,
                                        uint32_t pitch)
{
    return ((y / G45_XTILE_H) * (pitch / G45_XTILE_W) + xb / G45_XTILE_W) *
           G45_TILE_BYTES + (y % G45_XTILE_H) * G45_XTILE_W +
           xb % G45_XTILE_W;
}

/* Offset of byte column `xb` of row `y` in a Y-tiled surface. */
static inline uint64_t g45_ytile_offset(uint64_t xb, uint64_t y,
                                        uint32_t pitch)
{
    uint64_t x = xb % G45_YTILE_W;

    return ((y / G45_YTILE_H) * (pitch / G45_YTILE_W) + xb / G45_YTILE_W) *
           G45_TILE_BYTES + (x / 16) * (16 * G45_YTILE_H) +
           (y % G45_YTILE_H) * 16 + x % 16;
}

/* The same for a linear offset `lin` into a surface of `pitch` bytes. */
static inline uint64_t g45_tile_x(uint64_t lin, uint32_t pitch)
{
    return g45_xtile_offset(lin % pitch, lin / pitch, pitch);
}

static inline uint64_t g45_tile_y(uint64_t lin, uint32_t pitch)
{
    return g45_ytile_offset(lin % pitch, lin / pitch, pitch);
}

#endif
