/*
 * Depth and stencil, for any vendor's pixel back end: the depth buffer
 * formats, the compare functions and the stencil operations (what GL and
 * every PRM's depth/stencil chapter define alike).  A vendor maps its own
 * state codes onto these (hw/intel/gen4/gen4-depth.c for Gen4).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_RENDER_DEPTH_H
#define HWGPU_RENDER_DEPTH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hwgpu/common/bits.h"

typedef enum HwgpuCompare {
    HWGPU_CMP_NEVER, HWGPU_CMP_LESS, HWGPU_CMP_EQUAL, HWGPU_CMP_LEQUAL,
    HWGPU_CMP_GREATER, HWGPU_CMP_NOTEQUAL, HWGPU_CMP_GEQUAL, HWGPU_CMP_ALWAYS,
} HwgpuCompare;

typedef enum HwgpuStencilOp {
    HWGPU_SOP_KEEP, HWGPU_SOP_ZERO, HWGPU_SOP_REPLACE, HWGPU_SOP_INCR_SAT,
    HWGPU_SOP_DECR_SAT, HWGPU_SOP_INCR_WRAP, HWGPU_SOP_DECR_WRAP,
    HWGPU_SOP_INVERT,
} HwgpuStencilOp;

typedef enum HwgpuDepthFormat {
    HWGPU_DEPTH_D16_UNORM,
    HWGPU_DEPTH_D24_UNORM_S8_UINT,  /* depth 23:0, stencil 31:24 */
    HWGPU_DEPTH_D24_UNORM_X8_UINT,
    HWGPU_DEPTH_D32_FLOAT,
    HWGPU_DEPTH_D32_FLOAT_S8X24_UINT,   /* float, then stencil in byte 4 */
} HwgpuDepthFormat;

/* Bytes per pixel, and whether the format carries stencil. */
unsigned hwgpu_depth_bytes(HwgpuDepthFormat f);
bool hwgpu_depth_has_stencil(HwgpuDepthFormat f);

/*
 * A depth value in [0, 1] in the format's own representation (UNORM
 * rounded to nearest, float as is): tests compare these, so that a value
 * written and tested again compares equal.
 */
static inline uint32_t hwgpu_depth_unorm_max(HwgpuDepthFormat f)
{
    return f == HWGPU_DEPTH_D16_UNORM ? 0xffffu : 0xffffffu;
}

static inline uint32_t hwgpu_depth_quantize(HwgpuDepthFormat f, float z)
{
    z = z > 1.0f ? 1.0f : z > 0.0f ? z : 0.0f;     /* NaN -> 0 */
    if (f == HWGPU_DEPTH_D32_FLOAT || f == HWGPU_DEPTH_D32_FLOAT_S8X24_UINT) {
        return hwgpu_f2u(z);
    }
    return (uint32_t)((double)z * hwgpu_depth_unorm_max(f) + 0.5);
}
/* The smallest step the format resolves near z (polygon offset's r). */
float hwgpu_depth_resolution(HwgpuDepthFormat f, float z);

/* One pixel: its depth (quantized) and stencil from bytes, and back. */
static inline void hwgpu_depth_load(HwgpuDepthFormat f, const uint8_t *px,
                                    uint32_t *depth, uint8_t *stencil)
{
    uint32_t w = 0;

    memcpy(&w, px, f == HWGPU_DEPTH_D16_UNORM ? 2 : 4);
    *stencil = 0;
    switch (f) {
    case HWGPU_DEPTH_D16_UNORM:
        *depth = w & 0xffff;
        break;
    case HWGPU_DEPTH_D24_UNORM_S8_UINT:
        *stencil = w >> 24;
        /* fall through */
    case HWGPU_DEPTH_D24_UNORM_X8_UINT:
        *depth = w & 0xffffff;
        break;
    case HWGPU_DEPTH_D32_FLOAT_S8X24_UINT:
        *stencil = px[4];
        /* fall through */
    default:
        *depth = w;
        break;
    }
}
/* Store depth (if write_depth) and stencil bits under stencil_mask. */
static inline void hwgpu_depth_store(HwgpuDepthFormat f, uint8_t *px,
                                     uint32_t depth, bool write_depth,
                                     uint8_t stencil, uint8_t stencil_mask)
{
    uint32_t w = 0;

    memcpy(&w, px, f == HWGPU_DEPTH_D16_UNORM ? 2 : 4);
    switch (f) {
    case HWGPU_DEPTH_D16_UNORM:
        if (write_depth) {
            w = depth & 0xffff;
        }
        memcpy(px, &w, 2);
        return;
    case HWGPU_DEPTH_D24_UNORM_S8_UINT:
        w = (w & ~((uint32_t)stencil_mask << 24)) |
            ((uint32_t)(stencil & stencil_mask) << 24);
        /* fall through */
    case HWGPU_DEPTH_D24_UNORM_X8_UINT:
        if (write_depth) {
            w = (w & 0xff000000u) | (depth & 0xffffff);
        }
        break;
    case HWGPU_DEPTH_D32_FLOAT_S8X24_UINT:
        px[4] = (px[4] & ~stencil_mask) | (stencil & stencil_mask);
        /* fall through */
    default:
        if (write_depth) {
            w = depth;
        }
        break;
    }
    memcpy(px, &w, 4);
}

/* src FUNC dst, on quantized depths (float bits compare as floats). */
/* FUNC on c, the sign of a - b. */
static inline bool hwgpu_compare_sign(HwgpuCompare func, int c)
{
    switch (func) {
    case HWGPU_CMP_NEVER:
        return false;
    case HWGPU_CMP_LESS:
        return c < 0;
    case HWGPU_CMP_EQUAL:
        return c == 0;
    case HWGPU_CMP_LEQUAL:
        return c <= 0;
    case HWGPU_CMP_GREATER:
        return c > 0;
    case HWGPU_CMP_NOTEQUAL:
        return c != 0;
    case HWGPU_CMP_GEQUAL:
        return c >= 0;
    default:
        return true;
    }
}

static inline bool hwgpu_depth_compare(HwgpuDepthFormat f, HwgpuCompare func,
                                       uint32_t src, uint32_t dst)
{
    if (f == HWGPU_DEPTH_D32_FLOAT || f == HWGPU_DEPTH_D32_FLOAT_S8X24_UINT) {
        float a = hwgpu_u2f(src), b = hwgpu_u2f(dst);

        if (isnan(a) || isnan(b)) {
            return func == HWGPU_CMP_NOTEQUAL || func == HWGPU_CMP_ALWAYS;
        }
        return hwgpu_compare_sign(func, a < b ? -1 : a > b);
    }
    return hwgpu_compare_sign(func, src < dst ? -1 : src > dst);
}
/* (ref & mask) FUNC (stencil & mask). */
/* The alpha test: a FUNC ref on floats; NaN passes NOTEQUAL and ALWAYS. */
bool hwgpu_alpha_compare(HwgpuCompare func, float a, float ref);
bool hwgpu_stencil_compare(HwgpuCompare func, uint8_t ref, uint8_t stencil,
                           uint8_t mask);
uint8_t hwgpu_stencil_apply(HwgpuStencilOp op, uint8_t stencil, uint8_t ref);

#endif
