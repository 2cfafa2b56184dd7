/*
 * Colour blending; see include/hwgpu/render/blend.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/render/blend.h"

/* Factor f for channel c (0..3) of the given colours. */
static float factor(HwgpuBlendFactor f, int c, const float *src,
                    const float *dst, const float *k)
{
    switch (f) {
    case HWGPU_BF_ZERO:
        return 0.0f;
    case HWGPU_BF_ONE:
        return 1.0f;
    case HWGPU_BF_SRC_COLOR:
        return src[c];
    case HWGPU_BF_INV_SRC_COLOR:
        return 1.0f - src[c];
    case HWGPU_BF_SRC_ALPHA:
        return src[3];
    case HWGPU_BF_INV_SRC_ALPHA:
        return 1.0f - src[3];
    case HWGPU_BF_DST_COLOR:
        return dst[c];
    case HWGPU_BF_INV_DST_COLOR:
        return 1.0f - dst[c];
    case HWGPU_BF_DST_ALPHA:
        return dst[3];
    case HWGPU_BF_INV_DST_ALPHA:
        return 1.0f - dst[3];
    case HWGPU_BF_SRC_ALPHA_SATURATE:
        if (c == 3) {
            return 1.0f;
        }
        return src[3] < 1.0f - dst[3] ? src[3] : 1.0f - dst[3];
    case HWGPU_BF_CONST_COLOR:
        return k[c];
    case HWGPU_BF_INV_CONST_COLOR:
        return 1.0f - k[c];
    case HWGPU_BF_CONST_ALPHA:
        return k[3];
    case HWGPU_BF_INV_CONST_ALPHA:
        return 1.0f - k[3];
    }
    return 0.0f;
}

static float combine(HwgpuBlendFunc fn, float s, float sf, float d, float df)
{
    switch (fn) {
    case HWGPU_BLEND_SUBTRACT:
        return s * sf - d * df;
    case HWGPU_BLEND_REVERSE_SUBTRACT:
        return d * df - s * sf;
    case HWGPU_BLEND_MIN:               /* factors do not apply */
        return s < d ? s : d;
    case HWGPU_BLEND_MAX:
        return s > d ? s : d;
    default:
        return s * sf + d * df;
    }
}

void hwgpu_blend(const HwgpuBlend *b, const float src[4], const float dst[4],
                 float out[4])
{
    for (int c = 0; c < 4; c++) {
        HwgpuBlendFactor sf = c == 3 ? b->src_a : b->src_rgb;
        HwgpuBlendFactor df = c == 3 ? b->dst_a : b->dst_rgb;
        HwgpuBlendFunc fn = c == 3 ? b->func_a : b->func_rgb;

        out[c] = combine(fn, src[c], factor(sf, c, src, dst, b->constant),
                         dst[c], factor(df, c, src, dst, b->constant));
    }
}
