/*
 * The Gen4 CLIP stage (G45 PRM Vol 2 chapter 6, seed 000 lines
 * 13689-16960; crocus-g45.md §3.3): VertexClipTest on each vertex's NDC
 * position and user clip flags (§6.4), ClipDetermination and the
 * ClipMode actions per object (§6.5), and for objects that must be
 * clipped a CLIP thread with the payload of Table 6-1 (§6.7.2) whose
 * allocate-chained URB_WRITEs (crocus: a TRIFAN polygon) replace the
 * object.  With the CLIP unit disabled in 3DSTATE_PIPELINED_POINTERS
 * everything passes through (blorp's RECTLISTs).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_CLIP_H
#define HWGPU_INTEL_GEN4_CLIP_H

#include "hwgpu/intel/gen4/gen4-prim.h"
#include "hwgpu/intel/gen4/gen4-urb.h"

/* Outcodes, in the bit positions of the payload's R0.2 (Table 6-1). */
#define GEN4_OC_VP_XMIN     (1u << 31)
#define GEN4_OC_VP_XMAX     (1u << 30)
#define GEN4_OC_VP_YMIN     (1u << 29)
#define GEN4_OC_VP_YMAX     (1u << 28)
#define GEN4_OC_VP_ZMIN     (1u << 27)
#define GEN4_OC_VP_ZMAX     (1u << 26)
#define GEN4_OC_GB_XMIN     (1u << 25)
#define GEN4_OC_GB_XMAX     (1u << 24)
#define GEN4_OC_GB_YMIN     (1u << 23)
#define GEN4_OC_GB_YMAX     (1u << 22)
#define GEN4_OC_UC_SHIFT    14          /* UC7..UC0 at bits 21:14 */
#define GEN4_OC_BAD         (1u << 13)
#define GEN4_OC_NEGW        (1u << 12)  /* CTG (G45) and later */

#define GEN4_OC_VP_XY       (0xfu << 28)
#define GEN4_OC_VP_Z        (0x3u << 26)
#define GEN4_OC_GB          (0xfu << 22)
#define GEN4_OC_UC          (0xffu << GEN4_OC_UC_SHIFT)

typedef enum Gen4ClipAction {
    GEN4_CLIP_PASS,             /* PASSTHRU: on to the SF unchanged */
    GEN4_CLIP_DISCARD,
    GEN4_CLIP_SPAWN,            /* a CLIP thread replaces the object */
} Gen4ClipAction;

/*
 * VertexClipTest (§6.4) of a VUE (header: D3[7:0] user clip flags,
 * D4-D7 x, y, z, 1/w) under CLIP_STATE cs and the guard band gb
 * (CLIP_VIEWPORT: xmin, xmax, ymin, ymax).
 */
uint32_t gen4_clip_vertex_test(const uint32_t *cs, const uint32_t *gb,
                               const uint32_t *vue);
/*
 * ClipDetermination and ClipMode (§6.5.2-6.5.3) for the outcodes of an
 * object's nv vertices; *or_codes gets their union (the payload's).
 */
Gen4ClipAction gen4_clip_determine(const uint32_t *cs, const uint32_t *oc,
                                   unsigned nv, uint32_t *or_codes);

typedef struct Gen4Clip {
    Gen4State *s;
    const Gen4Draw *d;
    const uint32_t *cs;         /* CLIP_STATE; NULL: the unit is off */
    struct G4EuProgram *prog;
    struct G4EuThread *t;
    G4EuEnv env;
    Gen4FfUrb urb;
    Gen4UrbOut out;             /* the latest thread's vertices */
    uint32_t *curbe, curbe_rows;
    uint64_t threads, discarded, errors;
} Gen4Clip;

/* For a draw whose vertices have vue_dw dwords. */
void gen4_clip_begin(Gen4Clip *c, Gen4State *s, const Gen4Draw *d,
                     uint32_t vue_dw);
/*
 * The CLIP stage for object o of a primitive of `topology` (vertex
 * indices into vues).  On SPAWN the thread has run and c->out holds the
 * vertices it emitted (possibly none).
 */
Gen4ClipAction gen4_clip_object(Gen4Clip *c, const Gen4Object *o,
                                const uint32_t *vues, uint32_t vue_dw,
                                uint32_t topology);
void gen4_clip_end(Gen4Clip *c);

#endif
