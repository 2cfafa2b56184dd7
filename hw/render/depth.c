/*
 * Depth and stencil; see include/hwgpu/render/depth.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/render/depth.h"

unsigned hwgpu_depth_bytes(HwgpuDepthFormat f)
{
    switch (f) {
    case HWGPU_DEPTH_D16_UNORM:
        return 2;
    case HWGPU_DEPTH_D32_FLOAT_S8X24_UINT:
        return 8;
    default:
        return 4;
    }
}

bool hwgpu_depth_has_stencil(HwgpuDepthFormat f)
{
    return f == HWGPU_DEPTH_D24_UNORM_S8_UINT ||
           f == HWGPU_DEPTH_D32_FLOAT_S8X24_UINT;
}

static uint32_t unorm_max(HwgpuDepthFormat f)
{
    return f == HWGPU_DEPTH_D16_UNORM ? 0xffffu : 0xffffffu;
}

uint32_t hwgpu_depth_quantize(HwgpuDepthFormat f, float z)
{
    z = z > 1.0f ? 1.0f : z > 0.0f ? z : 0.0f;     /* NaN -> 0 */
    if (f == HWGPU_DEPTH_D32_FLOAT || f == HWGPU_DEPTH_D32_FLOAT_S8X24_UINT) {
        return hwgpu_f2u(z);
    }
    return (uint32_t)((double)z * unorm_max(f) + 0.5);
}

float hwgpu_depth_resolution(HwgpuDepthFormat f, float z)
{
    int e;

    if (f == HWGPU_DEPTH_D32_FLOAT || f == HWGPU_DEPTH_D32_FLOAT_S8X24_UINT) {
        frexpf(z, &e);          /* 2^(exponent - 23) of the float near z */
        return ldexpf(1.0f, (z != 0.0f ? e : -125) - 24);
    }
    return 1.0f / unorm_max(f);
}

void hwgpu_depth_load(HwgpuDepthFormat f, const uint8_t *px, uint32_t *depth,
                      uint8_t *stencil)
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

void hwgpu_depth_store(HwgpuDepthFormat f, uint8_t *px, uint32_t depth,
                       bool write_depth, uint8_t stencil,
                       uint8_t stencil_mask)
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

static bool compare(HwgpuCompare func, int c)      /* c: sign of a - b */
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

bool hwgpu_depth_compare(HwgpuDepthFormat f, HwgpuCompare func, uint32_t src,
                         uint32_t dst)
{
    if (f == HWGPU_DEPTH_D32_FLOAT || f == HWGPU_DEPTH_D32_FLOAT_S8X24_UINT) {
        float a = hwgpu_u2f(src), b = hwgpu_u2f(dst);

        if (isnan(a) || isnan(b)) {
            return func == HWGPU_CMP_NOTEQUAL || func == HWGPU_CMP_ALWAYS;
        }
        return compare(func, a < b ? -1 : a > b);
    }
    return compare(func, src < dst ? -1 : src > dst);
}

bool hwgpu_alpha_compare(HwgpuCompare func, float a, float ref)
{
    if (isnan(a) || isnan(ref)) {
        return func == HWGPU_CMP_NOTEQUAL || func == HWGPU_CMP_ALWAYS;
    }
    return compare(func, a < ref ? -1 : a > ref);
}

bool hwgpu_stencil_compare(HwgpuCompare func, uint8_t ref, uint8_t stencil,
                           uint8_t mask)
{
    uint8_t a = ref & mask, b = stencil & mask;

    return compare(func, a < b ? -1 : a > b);
}

uint8_t hwgpu_stencil_apply(HwgpuStencilOp op, uint8_t s, uint8_t ref)
{
    switch (op) {
    case HWGPU_SOP_ZERO:
        return 0;
    case HWGPU_SOP_REPLACE:
        return ref;
    case HWGPU_SOP_INCR_SAT:
        return s == 0xff ? s : s + 1;
    case HWGPU_SOP_DECR_SAT:
        return s == 0 ? s : s - 1;
    case HWGPU_SOP_INCR_WRAP:
        return s + 1;
    case HWGPU_SOP_DECR_WRAP:
        return s - 1;
    case HWGPU_SOP_INVERT:
        return ~s;
    default:
        return s;
    }
}
