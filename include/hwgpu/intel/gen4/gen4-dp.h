/*
 * The data port (G45 PRM Vol 4 chapter 5, seed 002) as the Gen4 3D
 * pipeline's threads reach it: the EU's message decoding
 * (hw/intel/eu/g4-eu-dataport.c) on graphics memory through the GTT,
 * with binding-table surfaces read on demand from the draw's table
 * (buffer surfaces for pull constants) and stateless messages (binding
 * table index 255, crocus's scratch) relative to General State Base.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_DP_H
#define HWGPU_INTEL_GEN4_DP_H

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/eu/g4-eu.h"

typedef struct Gen4Dp {
    Gen4State *s;
    const Gen4Draw *d;
    Gen4Surfaces *surfaces;     /* the unit's binding table */
    HwgpuHost mem;              /* graphics addresses, through the GTT */
    G4EuDataPort dp;
} Gen4Dp;

/* Data port reads and writes (SFID 4, 5) for threads of draw d. */
void gen4_dp_attach(Gen4Dp *g, G4EuEnv *env, Gen4State *s, const Gen4Draw *d,
                    Gen4Surfaces *surfaces);

/* The size in bytes a SURFACE_STATE covers from its base (0: none). */
uint64_t gen4_surface_bytes(const uint32_t *ss);

#endif
