/*
 * Colour blending for software rendering, for any vendor: the source and
 * destination factors and the combining functions the GL and D3D blend
 * stages define, on RGBA floats.  A vendor maps its state's encodings to
 * these (Intel: gen4-wm.c from COLOR_CALC_STATE, G45 PRM Vol 2 §9
 * "Blending", seed 000 lines 30176-30552).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_RENDER_BLEND_H
#define HWGPU_RENDER_BLEND_H

#include <stdint.h>

typedef enum HwgpuBlendFactor {
    HWGPU_BF_ZERO,
    HWGPU_BF_ONE,
    HWGPU_BF_SRC_COLOR,
    HWGPU_BF_INV_SRC_COLOR,
    HWGPU_BF_SRC_ALPHA,
    HWGPU_BF_INV_SRC_ALPHA,
    HWGPU_BF_DST_COLOR,
    HWGPU_BF_INV_DST_COLOR,
    HWGPU_BF_DST_ALPHA,
    HWGPU_BF_INV_DST_ALPHA,
    HWGPU_BF_SRC_ALPHA_SATURATE,
    HWGPU_BF_CONST_COLOR,
    HWGPU_BF_INV_CONST_COLOR,
    HWGPU_BF_CONST_ALPHA,
    HWGPU_BF_INV_CONST_ALPHA,
} HwgpuBlendFactor;

typedef enum HwgpuBlendFunc {
    HWGPU_BLEND_ADD,
    HWGPU_BLEND_SUBTRACT,           /* src - dst */
    HWGPU_BLEND_REVERSE_SUBTRACT,   /* dst - src */
    HWGPU_BLEND_MIN,
    HWGPU_BLEND_MAX,
} HwgpuBlendFunc;

typedef struct HwgpuBlend {
    HwgpuBlendFactor src_rgb, dst_rgb, src_a, dst_a;
    HwgpuBlendFunc func_rgb, func_a;
    float constant[4];
} HwgpuBlend;

/* out = blend(src, dst), channel by channel (RGBA floats). */
void hwgpu_blend(const HwgpuBlend *b, const float src[4], const float dst[4],
                 float out[4]);

/*
 * A logic op on packed bits, by its truth table (the 4-bit code GL, D3D
 * and the Intel PRMs share: bit 3 the result for source 1 and
 * destination 1, bit 2 for 1/0, bit 1 for 0/1, bit 0 for 0/0; so COPY is
 * 0xc, XOR 0x6, NOOP 0xa).
 */
static inline uint32_t hwgpu_logic_op(unsigned table, uint32_t s, uint32_t d)
{
    return ((table & 8) ? s & d : 0) | ((table & 4) ? s & ~d : 0) |
           ((table & 2) ? ~s & d : 0) | ((table & 1) ? ~s & ~d : 0);
}

#endif
