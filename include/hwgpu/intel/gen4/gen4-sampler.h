/*
 * The sampling engine (SFID 2; G45 PRM Vol 4 §4, seed 002 L2656-L4274,
 * seed-002.md §4.1) for the Gen4 pipeline's threads.  So far:
 *  - ld (type 3), SIMD16 and SIMD8, on buffer surfaces (crocus's uniform
 *    arrays indexed by a varying value, crocus-g45.md §3.5) and on level
 *    0 of 1D, 2D and 3D surfaces, linear or tiled (blorp's blits, as
 *    glReadPixels into floats);
 *  - sample (type 0), SIMD16 and SIMD8, on level 0 of 1D and 2D
 *    surfaces: SAMPLER_STATE's min/mag filter (NEAREST, LINEAR) chosen
 *    by each subspan's LOD, every address mode with the border colour,
 *    sRGB decoding.
 * Mip levels, cube and 3D sampling, shadow compare, the other messages
 * are issue #13's: logged as unimplemented (mips: level 0 is sampled;
 * the others end the thread).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_SAMPLER_H
#define HWGPU_INTEL_GEN4_SAMPLER_H

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/eu/g4-eu.h"

typedef struct Gen4Sampler {
    Gen4State *s;
    const Gen4Draw *d;
    Gen4Surfaces *surfaces;     /* the unit's binding table */
} Gen4Sampler;

void gen4_sampler_attach(Gen4Sampler *smp, G4EuEnv *env, Gen4State *s,
                         const Gen4Draw *d, Gen4Surfaces *surfaces);

#endif
