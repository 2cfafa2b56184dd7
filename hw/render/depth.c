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

float hwgpu_depth_resolution(HwgpuDepthFormat f, float z)
{
    int e;

    if (f == HWGPU_DEPTH_D32_FLOAT || f == HWGPU_DEPTH_D32_FLOAT_S8X24_UINT) {
        frexpf(z, &e);          /* 2^(exponent - 23) of the float near z */
        return ldexpf(1.0f, (z != 0.0f ? e : -125) - 24);
    }
    return 1.0f / hwgpu_depth_unorm_max(f);
}

bool hwgpu_alpha_compare(HwgpuCompare func, float a, float ref)
{
    if (isnan(a) || isnan(ref)) {
        return func == HWGPU_CMP_NOTEQUAL || func == HWGPU_CMP_ALWAYS;
    }
    return hwgpu_compare_sign(func, a < ref ? -1 : a > ref);
}

bool hwgpu_stencil_compare(HwgpuCompare func, uint8_t ref, uint8_t stencil,
                           uint8_t mask)
{
    uint8_t a = ref & mask, b = stencil & mask;

    return hwgpu_compare_sign(func, a < b ? -1 : a > b);
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
