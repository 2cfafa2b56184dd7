/*
 * Gen4 depth and stencil (G45 PRM Vol 2 §8 windower, the depth/stencil
 * fields of COLOR_CALC_STATE, 3DSTATE_DEPTH_BUFFER; crocus-g45.md §3.5,
 * §6.3): the per-draw view of the depth buffer and the tests, on top of
 * hw/render/depth.c.  A NULL depth buffer turns depth and stencil off
 * whatever COLOR_CALC_STATE says.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_DEPTH_H
#define HWGPU_INTEL_GEN4_DEPTH_H

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/render/depth.h"

typedef struct Gen4StencilFace {
    HwgpuCompare func;
    HwgpuStencilOp fail, zfail, zpass;
    uint8_t ref, test_mask, write_mask;
} Gen4StencilFace;

typedef struct Gen4Depth {
    bool active;                /* a depth buffer with a test or a write */
    HwgpuDepthFormat format;
    unsigned bpp;               /* bytes per element */
    uint32_t base, pitch, width, height;   /* width, height: the level's */
    int64_t ox, oy;             /* the level/slice origin, element and row */
    bool tiled, ywalk;
    bool depth_test, depth_write, stencil_test, stencil_write;
    HwgpuCompare depth_func;
    Gen4StencilFace face[2];    /* front, back */
    float min_depth, max_depth; /* CC_VIEWPORT */
    uint64_t passed;            /* samples that passed (statistics) */
} Gen4Depth;

void gen4_depth_begin(Gen4Depth *z, Gen4State *s, const Gen4Draw *d);

/*
 * Pixel (x, y) with source depth src (window space, before the CC
 * viewport clamp): the depth and stencil tests; with `update`, the
 * stencil operation and the depth write they call for.  True when the
 * pixel passes (always, when the unit is inactive).
 */
bool gen4_depth_pixel(Gen4Depth *z, Gen4State *s, int32_t x, int32_t y,
                      float src, bool back, bool update);

/*
 * The same for the pixels m (bit i: pixel (x + (i & 1), y + (i >> 1)),
 * source depth src[i]) of the subspan at (x, y), in that order: the bits
 * of those that pass.  Each row's pair takes one address and one page
 * lookup where it can.
 */
uint8_t gen4_depth_quad(Gen4Depth *z, Gen4State *s, int32_t x, int32_t y,
                        const float src[4], bool back, bool update,
                        uint8_t m);
/*
 * Whether the depth write is the unit's only effect (no stencil test or
 * write; the depth test off or ALWAYS) on elements of at most 4 bytes:
 * then a row of pixels at one source depth can be written as a run
 * (gen4_depth_fill_row), a depth clear's case.
 */
bool gen4_depth_fill_ok(const Gen4Depth *z);
/*
 * What gen4_depth_quad does to pixels x0..x1 of row y, all of them lit
 * and at source depth src, when gen4_depth_fill_ok: each written, a run
 * of the buffer at a time.
 */
void gen4_depth_fill_row(Gen4Depth *z, Gen4State *s, int32_t x0, int32_t x1,
                         int32_t y, float src);

/*
 * COLOR_CALC_STATE's alpha test of a pixel's alpha (the float bits the
 * shader wrote): against the UNORM8 reference with the alpha clamped and
 * rounded to 8 bits, or against the FLOAT32 reference.  Pixels that fail
 * are discarded before the depth and stencil tests.
 */
bool gen4_alpha_test(const uint32_t *cc, uint32_t alpha);

#endif
