/*
 * The sampling engine (SFID 2; G45 PRM Vol 4 §4, seed 002 L2656-L4274,
 * seed-002.md §4.1) for the Gen4 pipeline's threads.  Every G4x message
 * of the (type, mlen) table in SIMD16, SIMD8 and SIMD4x2: sample,
 * sample+killpix, sample_b, sample_l, sample_c, sample_b_c, sample_l_c,
 * sample_d (gradients), ld and resinfo.
 *  - Surfaces: 1D, 2D (and their arrays), 3D and cube, linear, X- and
 *    Y-tiled, with their mip chains in the Gen4 layout (gen4-format.h)
 *    and the DW5 X/Y offsets; buffers for ld.  Formats from the
 *    SURFACE_FORMAT table (plain, L/A/I, sRGB, BC1-5 through
 *    hw/render/texcomp.c), R9G9B9E5; FXT1 is logged and reads as zeros.
 *  - LOD: rho from each subspan's upper-left, upper-right and lower-left
 *    pixels (or the message's gradients), the state and message bias, the
 *    pre-clamp, Min/Max LOD, Base Mip Level, Surface Min LOD and MIP count
 *    exactly as the pseudocode of L2789-L2828; mip NONE, NEAREST, LINEAR.
 *  - Filters NEAREST and LINEAR (2, 4 or 8 taps); ANISOTROPIC as up to
 *    16 bilinear probes along the footprint's longer axis (the PRM gives
 *    no probe pattern); MONO is taken as LINEAR.  Address modes WRAP, MIRROR, CLAMP, CUBE,
 *    CLAMP_BORDER (OGL float or DX9 UNORM8 border), MIRROR_ONCE; cube
 *    faces by the major axis; with TCM_CUBE bilinear taps past a face's
 *    edge read the neighbouring face (seamless), otherwise faces clamp.
 *  - Shadow compare per texel before filtering, with the table's inverted
 *    polarity (L3004-L3027); the header's texel offsets and force-LOD-0.
 * A bad message, surface or sampler state is logged and answers zeros.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_SAMPLER_H
#define HWGPU_INTEL_GEN4_SAMPLER_H

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/eu/g4-eu.h"

/*
 * Texels are read through a per-draw cache of page translations (direct
 * mapped, GEN4_SAMPLER_PAGES slots, allocated at the first texel): a
 * surface's pages are resolved through the GTT once per draw, not per
 * texel; the bytes are read from guest memory as they are needed.
 */
#define GEN4_SAMPLER_PAGES  256

typedef struct Gen4SamplerPage Gen4SamplerPage;

typedef struct Gen4Sampler {
    Gen4State *s;
    const Gen4Draw *d;
    Gen4Surfaces *surfaces;     /* the unit's binding table */
    Gen4SamplerPage *pages;     /* NULL until the first texel */
    uint64_t page_fills;        /* pages translated through the GTT */
    /* every texel through the general path (HWGPU_EU_INTERP=1, tests):
     * the reference the in-place UNORM8 reads are checked against */
    bool general;
    /*
     * The last message's surface and sampler as resolved (SURFACE_STATE,
     * SAMPLER_STATE, border colour, mip layout), kept for the messages
     * after it that name the same ones: a shader's texture reads are a
     * few messages a thread (25 for glmark2's 5x5 convolution).  The
     * draw's state cannot change under it (gen4_surface reads each
     * binding table entry once a draw; SAMPLER_STATE is state memory of
     * the draw).  NULL until the first message.
     */
    struct Gen4SamplerTex *tex;
} Gen4Sampler;

/* Register the sampler for a thread's env (zero *smp before the draw's
 * first thread; the page cache lives until gen4_sampler_release()). */
void gen4_sampler_attach(Gen4Sampler *smp, G4EuEnv *env, Gen4State *s,
                         const Gen4Draw *d, Gen4Surfaces *surfaces);
/* The end of the draw: drop the page cache. */
void gen4_sampler_release(Gen4Sampler *smp);

#endif
