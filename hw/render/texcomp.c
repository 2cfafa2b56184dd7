/*
 * BC1-BC5 block decoding; see include/hwgpu/render/texcomp.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/render/texcomp.h"

static uint32_t le16(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8;
}

/*
 * The colour half of a BC1/2/3 block: two B5G6R5 endpoints and 2-bit
 * indices.  BC1 with c0 <= c1 has three colours and index 3 transparent
 * black (opaque black for DXT1_RGB); BC2/BC3 always interpolate four.
 */
static void colour(const uint8_t *b, unsigned i, bool four_only,
                   bool opaque, float rgba[4])
{
    uint32_t c[2] = { le16(b), le16(b + 2) };
    unsigned idx = (b[4 + i / 4] >> (2 * (i % 4))) & 3;
    float e[2][3];

    for (int k = 0; k < 2; k++) {
        e[k][0] = (float)((c[k] >> 11) & 31) / 31.0f;
        e[k][1] = (float)((c[k] >> 5) & 63) / 63.0f;
        e[k][2] = (float)(c[k] & 31) / 31.0f;
    }
    rgba[3] = 1.0f;
    for (int k = 0; k < 3; k++) {
        if (idx < 2) {
            rgba[k] = e[idx][k];
        } else if (four_only || c[0] > c[1]) {
            rgba[k] = idx == 2 ? (2 * e[0][k] + e[1][k]) / 3.0f
                               : (e[0][k] + 2 * e[1][k]) / 3.0f;
        } else if (idx == 2) {
            rgba[k] = (e[0][k] + e[1][k]) / 2.0f;
        } else {
            rgba[k] = 0;
            rgba[3] = opaque ? 1.0f : 0.0f;
        }
    }
}

/*
 * An interpolated channel (BC3 alpha, BC4, BC5): two 8-bit endpoints
 * and 3-bit indices; eight values when e0 > e1, else six plus 0 and 1
 * (-1 and 1 signed).
 */
static float channel(const uint8_t *b, unsigned i, bool snorm)
{
    float e0, e1;
    uint64_t bits = 0;
    unsigned idx;

    for (int k = 0; k < 6; k++) {
        bits |= (uint64_t)b[2 + k] << (8 * k);
    }
    idx = (bits >> (3 * i)) & 7;
    if (snorm) {
        int8_t s0 = (int8_t)b[0], s1 = (int8_t)b[1];

        e0 = s0 < -127 ? -1.0f : s0 / 127.0f;
        e1 = s1 < -127 ? -1.0f : s1 / 127.0f;
        if (idx < 2) {
            return idx ? e1 : e0;
        }
        if (s0 > s1) {
            return ((8 - idx) * e0 + (idx - 1) * e1) / 7.0f;
        }
    } else {
        e0 = b[0] / 255.0f;
        e1 = b[1] / 255.0f;
        if (idx < 2) {
            return idx ? e1 : e0;
        }
        if (b[0] > b[1]) {
            return ((8 - idx) * e0 + (idx - 1) * e1) / 7.0f;
        }
    }
    if (idx < 6) {
        return ((6 - idx) * e0 + (idx - 1) * e1) / 5.0f;
    }
    return idx == 6 ? (snorm ? -1.0f : 0.0f) : 1.0f;
}

bool hwgpu_block_texel(const HwgpuFormat *f, const uint8_t *blk,
                       unsigned x, unsigned y, float rgba[4])
{
    unsigned i = (y & 3) * 4 + (x & 3);

    switch (f->block) {
    case HWGPU_BLK_BC1:
    case HWGPU_BLK_BC1_RGB:
        colour(blk, i, false, f->block == HWGPU_BLK_BC1_RGB, rgba);
        return true;
    case HWGPU_BLK_BC2:
        colour(blk + 8, i, true, true, rgba);
        rgba[3] = (float)((blk[i / 2] >> (4 * (i % 2))) & 15) / 15.0f;
        return true;
    case HWGPU_BLK_BC3:
        colour(blk + 8, i, true, true, rgba);
        rgba[3] = channel(blk, i, false);
        return true;
    case HWGPU_BLK_BC4:
        rgba[0] = channel(blk, i, f->snorm);
        rgba[1] = rgba[2] = 0;
        rgba[3] = 1.0f;
        return true;
    case HWGPU_BLK_BC5:
        rgba[0] = channel(blk, i, f->snorm);
        rgba[1] = channel(blk + 8, i, f->snorm);
        rgba[2] = 0;
        rgba[3] = 1.0f;
        return true;
    default:
        return false;
    }
}
