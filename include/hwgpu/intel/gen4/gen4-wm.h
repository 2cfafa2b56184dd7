/*
 * The Gen4 windower/masker (WM) and the pixel shader: set-up objects
 * rasterised into 2x2 subspans, pixel shader threads dispatched on the EU
 * interpreter in groups of 2 or 4 subspans (SIMD8/SIMD16), and the data
 * port's render-target write that puts their colours into the surface.
 *
 * After the G45 PRM (seed 000): §7.3.3 the sampling grid (origin bias),
 * §8.3.3 polygon rasterization with the top-left rule, §8.5 PS thread
 * generation (Table 8-2 dispatch size, the kernel offset for SIMD16 when
 * both sizes are enabled) and §8.5.2.1 the normal-dispatch payload (R0
 * pixel masks, COLOR_CALC_STATE, binding table; R1 Xstart/Ystart, the
 * subspans' upper-left pixels, facing and primitive type; then the CURBE
 * and the PUE's setup rows); Vol 4 (seed 002 L4911-L5249) for the
 * render-target write message (header M0/M1, colour payload per SIMD
 * mode, pixel enables from the header, surface format conversion).
 *
 * Blending follows COLOR_CALC_STATE (factors, functions, independent
 * alpha, the constant colour; hw/render/blend.c), sRGB surfaces are
 * encoded (and decoded for blending).  Not yet: lines (WM line
 * rasterization), depth and stencil (the payload's optional depth phases
 * of the IZ table), logic ops, dual-source and multiple render targets.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_WM_H
#define HWGPU_INTEL_GEN4_WM_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-depth.h"
#include "hwgpu/intel/gen4/gen4-dp.h"
#include "hwgpu/intel/gen4/gen4-sampler.h"
#include "hwgpu/intel/gen4/gen4-sf.h"
#include "hwgpu/render/blend.h"
#include "hwgpu/render/format.h"

/* Instructions one PS thread may run before it is stopped. */
#define GEN4_PS_BUDGET      (1u << 18)

/* IZ table entry flags (crocus-g45.md §3.5; seed 000 §4.3). */
#define GEN4_IZ_SD      1       /* source depth in the payload (R2-R3) */
#define GEN4_IZ_SD_RT   2       /* source depth in the RT write */
#define GEN4_IZ_DD      4       /* destination depth in the payload */
#define GEN4_IZ_DS      8       /* destination stencil, payload and RT */

/* A render target as its RT writes use it, decoded once per draw. */
typedef struct Gen4WmRt {
    bool valid;                 /* decoded (this binding table index) */
    const uint32_t *ss;         /* NULL: colour goes nowhere */
    const HwgpuFormat *f;
    bool blending, have8, level;    /* level: a LOD or slice, not 0/0 */
    /* level 0/0, 4-byte UNORM8 packing, no blending, logic op or sRGB:
     * written a subspan row at a time (rt_write_row) */
    bool rows;
    uint8_t mask;               /* channel write enables, bit per RGBA */
    uint8_t bpp;
    uint8_t tiling;             /* 0 linear, 1 X, 2 Y */
    /* level 0/0: the last pixel, the origin's offset, base and pitch */
    uint32_t wmax, hmax, xoff, yoff, base, pitch;
    HwgpuBlend blend;
    HwgpuPack8 p8;
    /*
     * 4-byte UNORM8 targets: the last colour packed and its bytes (a
     * clear, or any flat colour, packs once for all its pixels).
     */
    bool memo_valid;
    uint32_t memo_rgba[4], memo_out, memo_keep;
    uint32_t keep8;             /* the 4-byte plan's bits kept (rows) */
} Gen4WmRt;

/* Render targets (binding table indices) whose decoding is kept. */
#define GEN4_WM_RTS     8

typedef struct Gen4Wm {
    Gen4State *s;
    const Gen4Draw *d;
    const uint32_t *wm;         /* WM_STATE */
    struct G4EuProgram *prog;
    uint32_t *curbe;
    uint32_t curbe_rows;
    struct G4EuThread *thread;  /* the PS threads' registers, one draw */
    float bias_x, bias_y;       /* pixel sample offset (SF_STATE) */
    uint64_t threads, pixels, errors, rt_writes;
    uint64_t threads_run;       /* of threads, those the EU ran */
    /*
     * Per dispatch width (SIMD8, SIMD16): the kernel's instructions when
     * its threads can have no effect (a flat kernel whose only message is
     * a render-target write to a NULL target without late tests: crocus's
     * depth-only clears and passes), else 0; such threads are counted,
     * not run.
     */
    unsigned noop_insts[2];
    /*
     * Per dispatch width (SIMD8, SIMD16): whether the PS kernel is flat
     * and writes a rows render target with no test left (gen4_wm_begin),
     * and then, per object, whether its message's colour is one colour
     * for every pixel of the object (a clear, a flat-coloured rectangle):
     * that colour and the target.  Such threads are counted and their
     * pixels written without running them (ps_thread).
     */
    bool one_kernel[2];
    bool one_valid[2];
    uint32_t one_rgba[2][4];
    unsigned one_insts[2], one_nss[2];
    Gen4WmRt *one_rt[2];
    uint8_t *one_grf;           /* an object's payload registers (G4_EU_GRF_BYTES) */
    Gen4Surfaces surfaces;
    /*
     * Depth and stencil: tested before the pixel shader (early), or at
     * its render-target write when the shader may kill pixels, compute
     * depth or the alpha test applies (late).  The current object's
     * depth plane (window z = z0 + dzdx (x - x0) + dzdy (y - y0), the
     * global depth offset included) and facing.
     */
    Gen4Depth depth;
    bool late_depth, stats;
    bool alpha_test;            /* COLOR_CALC_STATE alpha test on */
    G4EuEnv env;                /* the PS threads' shared functions */
    Gen4Dp dp;                  /* the data port of the PS threads */
    G4EuSharedSlot dp_generic;  /* its writes other than the RT's */
    Gen4Sampler sampler;
    /*
     * The IZ table's entry for the draw (GEN4_IZ_* flags): which depth
     * and stencil phases the payload carries and what the render-target
     * write message holds besides colour.
     */
    uint8_t iz;
    bool computed_depth;        /* the RT write's source depth is the PS's */
    /*
     * SF_STATE Anti-aliasing Enable: lines are drawn as coverage
     * rectangles, the payload's AA alpha register carries each pixel's
     * coverage and the RT write attenuates alpha by it (aa_object: the
     * current object is such a line).
     */
    bool line_aa, aa_object;
    int logic_op;               /* COLOR_CALC_STATE logic op, -1: off */
    bool stipple;               /* polygon stipple on */
    /* Line stipple (§8.3.2.3): on, pattern, repeat count, counter. */
    bool line_stipple;
    uint32_t line_pattern, line_repeat, line_count;
    uint32_t stipple_rows[32], stipple_x, stipple_y;
    float z0, dzdx, dzdy, zx0, zy0;
    bool back;
    /*
     * The screen band this windower draws: rows band_y0 .. band_y1
     * (gen4-wm-bin.c; the whole surface unless a band is set), and the
     * PS threads it dispatched there (their R0.6 counter), so that a
     * pixel's thread does not depend on which pool thread drew the band.
     */
    int32_t band_y0, band_y1;
    uint32_t band_threads;
    /*
     * The hardware thread slot its PS threads run in (the pool thread):
     * their scratch space is slot x the per-thread size from the base
     * (R0.5), so threads that run at once never share scratch.
     */
    uint32_t scratch_slot;
    Gen4WmRt rt[GEN4_WM_RTS + 1];   /* the last: other indices, per use */
} Gen4Wm;

void gen4_wm_begin(Gen4Wm *wm, Gen4State *s, const Gen4Draw *d);
void gen4_wm_end(Gen4Wm *wm);

/*
 * Rasterise object o (from the SF stage) and shade its pixels; pue holds
 * the object's setup data (pue_rows 256-bit rows) from the setup thread.
 */
void gen4_wm_object(Gen4Wm *wm, const Gen4SetupObj *o, const uint8_t *pue,
                    uint32_t pue_rows);

/*
 * The windower on the state's pool (gen4-wm-bin.c): the SF stage's
 * objects, with their PUEs, are held in submission order, then the
 * surface is cut into bands of GEN4_WM_BAND_ROWS rows and the pool's
 * threads draw the bands, each every held object that reaches it, in
 * order.  A pixel belongs to one band and its band's objects come in
 * order, so the pixels are the same whatever the number of threads.
 * Stippled lines (whose stipple counter runs along the whole line) make
 * the whole surface one band.
 */
#define GEN4_WM_BAND_ROWS       32
/* Objects held before the bands are drawn (then the next ones). */
#define GEN4_WM_BIN_OBJECTS     4096

typedef struct Gen4WmSlot Gen4WmSlot;

typedef struct Gen4WmBin {
    Gen4State *s;
    const Gen4Draw *d;
    unsigned nslots;            /* the pool's threads (1: no pool) */
    Gen4WmSlot *slot;
    /* The held objects, their PUEs and the rows each may reach. */
    Gen4SetupObj *obj;
    uint8_t *pue;
    int32_t *ylo, *yhi;
    uint32_t n, cap, pue_rows;
    size_t pue_bytes;
    int32_t first_band;         /* of the held objects */
    bool one_band;              /* line stipple on */
    uint32_t line_count;        /* the stipple counter between flushes */
    uint64_t work_pool;         /* the draw's budget, while bands run */
    uint64_t threads, threads_run, pixels, errors;
} Gen4WmBin;

void gen4_wm_bin_begin(Gen4WmBin *b, Gen4State *s, const Gen4Draw *d);
/* Hold object o (its PUE: pue_rows 256-bit rows), drawing when full. */
void gen4_wm_bin_object(Gen4WmBin *b, const Gen4SetupObj *o,
                        const uint8_t *pue, uint32_t pue_rows);
/* Draw what is held, then free the windowers. */
void gen4_wm_bin_end(Gen4WmBin *b);

#endif
