/*
 * The Gen4 3D pipeline for one draw: vertex fetch, the VS, primitive
 * assembly, the fixed-function GS and the CLIP stage with their threads,
 * the SF stage (object setup and setup threads), the windower with pixel
 * shader threads and render-target writes.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_PIPE_H
#define HWGPU_INTEL_GEN4_PIPE_H

#include <stdint.h>

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-vf.h"

/*
 * Vertices one draw collects before it is cut short (logged): as many as
 * one 3DPRIMITIVE may generate, and no more than fit, with the VS's
 * output for them, in GEN4_DRAW_MAX_BYTES (a hostile draw of large
 * vertices must not make QEMU allocate gigabytes).  glmark2's terrain
 * draws 393216 vertices of 16 dwords in one 3DPRIMITIVE.
 */
#define GEN4_DRAW_MAX_VERTICES  GEN4_VF_MAX_VERTICES
#define GEN4_DRAW_MAX_BYTES     (256u << 20)

typedef struct Gen4DrawStats {
    uint64_t vertices, objects, culled;
    uint64_t vs_threads, gs_threads, sf_threads, ps_threads, pixels, errors;
    uint64_t clip_threads, clip_discarded;
    /* of ps_threads, those run on the EU (the rest had no effect, or
     * wrote one colour for all their pixels: gen4-wm.c) */
    uint64_t ps_threads_run;
} Gen4DrawStats;

/* Run draw d (its snapshot) through the pipeline. */
void gen4_draw(Gen4State *s, const Gen4Draw *d, Gen4DrawStats *stats);

#endif
