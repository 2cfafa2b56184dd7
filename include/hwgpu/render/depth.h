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

#include <stdbool.h>
#include <stdint.h>

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
uint32_t hwgpu_depth_quantize(HwgpuDepthFormat f, float z);
/* The smallest step the format resolves near z (polygon offset's r). */
float hwgpu_depth_resolution(HwgpuDepthFormat f, float z);

/* One pixel: its depth (quantized) and stencil from bytes, and back. */
void hwgpu_depth_load(HwgpuDepthFormat f, const uint8_t *px, uint32_t *depth,
                      uint8_t *stencil);
/* Store depth (if write_depth) and stencil bits under stencil_mask. */
void hwgpu_depth_store(HwgpuDepthFormat f, uint8_t *px, uint32_t depth,
                       bool write_depth, uint8_t stencil,
                       uint8_t stencil_mask);

/* src FUNC dst, on quantized depths (float bits compare as floats). */
bool hwgpu_depth_compare(HwgpuDepthFormat f, HwgpuCompare func, uint32_t src,
                         uint32_t dst);
/* (ref & mask) FUNC (stencil & mask). */
/* The alpha test: a FUNC ref on floats; NaN passes NOTEQUAL and ALWAYS. */
bool hwgpu_alpha_compare(HwgpuCompare func, float a, float ref);
bool hwgpu_stencil_compare(HwgpuCompare func, uint8_t ref, uint8_t stencil,
                           uint8_t mask);
uint8_t hwgpu_stencil_apply(HwgpuStencilOp op, uint8_t stencil, uint8_t ref);

#endif
