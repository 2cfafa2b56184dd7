/*
 * Block-compressed texel formats (BC1-BC5, the S3TC/DXT and RGTC
 * families), for any vendor's sampler.  Layouts as the G45 PRM gives
 * them for BC1_UNORM .. BC5_SNORM and DXT1_RGB (Vol 1 "Compressed Surface
 * Formats", not among the seeds; the same as DirectX's BC1-5): 4x4
 * texel blocks of 8 bytes (BC1, BC4) or 16 (BC2, BC3, BC5); and FXT1
 * (the GL_3DFX_texture_compression_FXT1 specification): 8x4 texel
 * blocks of 16 bytes in four modes (CC_HI, CC_CHROMA, CC_ALPHA,
 * CC_MIXED).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_RENDER_TEXCOMP_H
#define HWGPU_RENDER_TEXCOMP_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/render/format.h"

/*
 * Texel (x, y) of the block at blk (hwgpu_format_bytes(f) bytes) of
 * compressed format f (x 0-3, FXT1 0-7; y 0-3), as float RGBA (sRGB
 * decoding is the caller's).  False for a block kind not decoded.
 */
bool hwgpu_block_texel(const HwgpuFormat *f, const uint8_t *blk,
                       unsigned x, unsigned y, float rgba[4]);

#endif
