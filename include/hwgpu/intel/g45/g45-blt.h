/*
 * G45 2D blitter (Gen4 runs the blitter commands on the render ring).
 * Executes XY_SETUP_BLT, XY_SETUP_CLIP_BLT, XY_SETUP_MONO_PATTERN_SL_BLT,
 * XY_PIXEL_BLT, XY_SCANLINES_BLT, COLOR_BLT, SRC_COPY_BLT, XY_COLOR_BLT,
 * XY_PAT_BLT, XY_MONO_PAT_BLT, XY_SRC_COPY_BLT, XY_MONO_SRC_COPY_BLT,
 * XY_MONO_SRC_COPY_IMMEDIATE_BLT, XY_TEXT_BLT, XY_TEXT_IMMEDIATE_BLT and
 * XY_FULL_BLT with all 256 ROP3 codes,
 * 8/16/32 bpp and linear or X-tiled surfaces.  All memory goes through the
 * GTT module row by row; the other 2D commands are recognised (g45-cmd.c),
 * logged once as unimplemented and skipped by length.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_BLT_H
#define HWGPU_INTEL_G45_BLT_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/host.h"
#include "hwgpu/intel/common/gtt.h"
#include "hwgpu/intel/common/tiling.h"

/* BR13 (dword 1 of most 2D commands) */
#define G45_BR13_PITCH_MASK     0xffffu     /* signed bytes (dwords if tiled) */
#define G45_BR13_ROP_SHIFT      16
#define G45_BR13_DEPTH_SHIFT    24          /* 0: 8, 1: 565, 2: 1555, 3: 32 */
#define G45_BR13_MONO_PAT_TRANSP (1u << 28)
#define G45_BR13_MONO_SRC_TRANSP (1u << 29)
#define G45_BR13_CLIP_ENABLE    (1u << 30)
/* Dword 0 flags */
#define G45_BLT_DST_TILED       (1u << 11)
#define G45_BLT_SRC_TILED       (1u << 15)
#define G45_BLT_WRITE_RGB       (1u << 20)
#define G45_BLT_WRITE_ALPHA     (1u << 21)
#define G45_BLT_TEXT_BYTE_PACKED (1u << 16) /* XY_TEXT*: else bit packed */


typedef struct G45Blt {
    G45Gtt *gtt;
    const HwgpuHost *host;
    /* State set by XY_SETUP_BLT / XY_SETUP_CLIP_BLT / ..._MONO_PATTERN_SL */
    uint32_t setup_dw0, setup_br13;
    uint32_t clip_tl, clip_br;          /* y << 16 | x; bottom-right excl. */
    uint32_t setup_dst, bg, fg, pat_base;
    uint32_t mono_pat[2];
    bool setup_mono_pat;
    /* Bounds and statistics */
    uint64_t max_pixels;                /* per blit; larger blits truncated */
    uint64_t pixels;                    /* pixels written so far */
    uint64_t blits;
} G45Blt;

void g45_blt_init(G45Blt *b, G45Gtt *gtt, const HwgpuHost *host);
void g45_blt_reset(G45Blt *b);

/*
 * Execute one 2D command of `n` dwords (n is the full length from the
 * command table).  Returns false if the opcode is a 2D command we do not
 * implement (logged once per opcode) or `n` is below the command's minimum
 * length (logged); the command has no effect then.
 */
bool g45_blt_exec(G45Blt *b, const uint32_t *dw, uint32_t n);

/*
 * The same in slices, so that no call holds the engine for long: draw from
 * row *row (0 to start; rows in the blit's own order, bottom-up for an
 * overlapping copy) until `budget` pixels are done, at least one row.
 * True when the command is complete (*row back to 0).  False with *row > 0:
 * call again with the same command to go on; false with *row == 0: the
 * command was refused as g45_blt_exec() refuses it.  The pixels do not
 * depend on the slicing.  All work and memory are bounded by the visible
 * (clipped) rectangle.
 */
bool g45_blt_exec_slice(G45Blt *b, const uint32_t *dw, uint32_t n,
                        uint32_t *row, uint64_t budget);

/* The ROP3 function: bit i of `rop` is the result for P:S:D == i. */
static inline uint32_t g45_rop3(uint8_t rop, uint32_t p, uint32_t s,
                                uint32_t d)
{
    uint32_t r = 0;

    for (int i = 0; i < 8; i++) {
        if (rop & (1u << i)) {
            r |= (i & 4 ? p : ~p) & (i & 2 ? s : ~s) & (i & 1 ? d : ~d);
        }
    }
    return r;
}

#endif
