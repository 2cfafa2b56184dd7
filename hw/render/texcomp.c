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

/* ---- FXT1 ---- */

/* n bits of the 128-bit little-endian block b from bit `at`. */
static uint32_t fbits(const uint8_t *b, unsigned at, unsigned n)
{
    uint32_t v = 0;

    for (unsigned k = 0; k < n; k++) {
        v |= (uint32_t)((b[(at + k) / 8] >> ((at + k) % 8)) & 1) << k;
    }
    return v;
}

/* 5- and 6-bit channels widened to 8 bits, rounded. */
static unsigned up5(uint32_t c)
{
    return ((c & 31) * 255 + 15) / 31;
}

static unsigned up6(uint32_t c)
{
    return ((c & 63) * 255 + 31) / 63;
}

/* The n-step blend of a and b at step t, rounded as FXT1 specifies. */
static unsigned fxt1_lerp(unsigned n, unsigned t, unsigned a, unsigned b)
{
    return ((n - t) * a + t * b + n / 2) / n;
}

/* An RGB555 colour at bit `at` (blue lowest), widened. */
static void rgb555(const uint8_t *b, unsigned at, unsigned c[3])
{
    c[0] = up5(fbits(b, at + 10, 5));
    c[1] = up5(fbits(b, at + 5, 5));
    c[2] = up5(fbits(b, at, 5));
}

/*
 * Texel (x, y) of an FXT1 block.  The 3-bit mode at bits 127:125 selects
 * CC_HI (00x), CC_CHROMA (010), CC_ALPHA (011) or CC_MIXED (1xx).  Texel
 * t = y * 4 + x for the left 4x4 half, 16 more for the right one;
 * CC_HI has 3-bit indices at bit 3t, the others 2-bit ones at bit 2t.
 */
static void fxt1_texel(const uint8_t *b, unsigned x, unsigned y,
                       unsigned out[4])
{
    unsigned t = (y & 3) * 4 + (x & 3) + (x & 4 ? 16 : 0);
    unsigned mode = fbits(b, 125, 3), half = t >> 4;
    unsigned c0[4], c1[4], i;

    out[3] = 255;
    if (mode < 2) {
        /* CC_HI: seven steps from colour 0 (bit 96) to colour 1 (bit 111);
         * index 7 is transparent black */
        i = fbits(b, 3 * t, 3);
        rgb555(b, 96, c0);
        rgb555(b, 111, c1);
        for (int k = 0; k < 3; k++) {
            out[k] = i == 7 ? 0 : fxt1_lerp(6, i, c0[k], c1[k]);
        }
        out[3] = i == 7 ? 0 : 255;
        return;
    }
    i = fbits(b, 2 * t, 2);
    if (mode == 2) {
        /* CC_CHROMA: four colours from bit 64, no blending */
        rgb555(b, 64 + 15 * i, out);
        return;
    }
    if (mode == 3) {
        if (fbits(b, 124, 1)) {
            /* CC_ALPHA, blended: ARGB5555 colour 0 per half (RGB at bit
             * 64 or 94, alpha at 109 or 119), colour 1 shared (RGB at 79,
             * alpha at 114), four steps */
            rgb555(b, half ? 94 : 64, c0);
            c0[3] = up5(fbits(b, half ? 119 : 109, 5));
            rgb555(b, 79, c1);
            c1[3] = up5(fbits(b, 114, 5));
            for (int k = 0; k < 4; k++) {
                out[k] = fxt1_lerp(3, i, c0[k], c1[k]);
            }
            return;
        }
        /* CC_ALPHA, direct: three ARGB5555 colours (RGB from bit 64,
         * alpha from bit 109); index 3 is transparent black */
        if (i == 3) {
            out[0] = out[1] = out[2] = out[3] = 0;
            return;
        }
        rgb555(b, 64 + 15 * i, out);
        out[3] = up5(fbits(b, 109 + 5 * i, 5));
        return;
    }
    /*
     * CC_MIXED: per half, two colours (RGB at bit 64/79, or 94/109 for
     * the right half) whose green gains a low bit: colour 1's from
     * bit 125 (126 right), colour 0's from that bit XOR the high bit of
     * the half's first index (bit 1, or 33).  Bit 124 set: colour 0,
     * their average, colour 1 and transparent black; clear: four steps.
     */
    {
        unsigned at = half ? 94 : 64;
        uint32_t glsb = fbits(b, half ? 126 : 125, 1);
        uint32_t selb = fbits(b, half ? 33 : 1, 1);
        bool punch = fbits(b, 124, 1);

        c0[0] = up5(fbits(b, at + 10, 5));
        c0[2] = up5(fbits(b, at, 5));
        c1[0] = up5(fbits(b, at + 25, 5));
        c1[1] = up6(fbits(b, at + 20, 5) << 1 | glsb);
        c1[2] = up5(fbits(b, at + 15, 5));
        if (punch) {
            c0[1] = up5(fbits(b, at + 5, 5));
            if (i == 3) {
                out[0] = out[1] = out[2] = out[3] = 0;
                return;
            }
            for (int k = 0; k < 3; k++) {
                out[k] = i == 0 ? c0[k] : i == 2 ? c1[k] :
                         (c0[k] + c1[k]) / 2;
            }
            return;
        }
        c0[1] = up6(fbits(b, at + 5, 5) << 1 | (glsb ^ selb));
        for (int k = 0; k < 3; k++) {
            out[k] = fxt1_lerp(3, i, c0[k], c1[k]);
        }
    }
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
    case HWGPU_BLK_FXT1: {
        unsigned c[4];

        fxt1_texel(blk, x & 7, y & 3, c);
        for (int k = 0; k < 4; k++) {
            rgba[k] = (float)c[k] / 255.0f;
        }
        return true;
    }
    default:
        return false;
    }
}
