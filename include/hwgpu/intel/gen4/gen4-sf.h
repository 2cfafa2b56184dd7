/*
 * The Gen4 strips-and-fans (SF) stage: fixed-function object setup and
 * the SF (setup) thread that computes the interpolation coefficients
 * into a Primitive URB Entry (PUE) for the windower.
 *
 * Fixed function, after the G45 PRM (seed 000 §7.3, lines 17693-18316):
 * NaN culling, the viewport transform (x' = m00 x + m30, ...; SF_VIEWPORT
 * chosen by the leading vertex's VPIndex), the drawing-rectangle origin,
 * point expansion to squares, rectangle completion, guard-band clamp,
 * degenerate culling, face culling (front winding, strip orientation,
 * cull mode) and the scissor rectangle intersected with the clipped
 * drawing rectangle.  Positions come from the VUE vertex header (D4-D7:
 * X, Y, Z, 1/W; D2 VPIndex; D3[18:8] point width; §3.3.8 of
 * ../shared/reference/seed-000.md).
 *
 * SF thread (§7.5, lines 21973-22384): vertices reordered (V0 top-most,
 * then left-most, then the others in the object's own winding, so that
 * the determinant's sign tells the kernel the face, as crocus's two-sided
 * colour selection needs; the rasterizer takes them clockwise), payload
 * R0 (PUE handle), R1
 * (dX0, dY0, dX2, dY2, determinant, provoking vertex, facing, sprite
 * point, primitive type), R2 (Z and 1/W per vertex), then each vertex's
 * VUE rows one after another from Dispatch GRF Start; the kernel writes
 * the PUE with URB_WRITE and ends with EOT.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_SF_H
#define HWGPU_INTEL_GEN4_SF_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-prim.h"
#include "hwgpu/intel/eu/g4-eu.h"

/* Instructions one SF thread may run before it is stopped. */
#define GEN4_SF_BUDGET      (1u << 18)

/* An object ready for rasterization. */
typedef struct Gen4SetupObj {
    uint8_t type;               /* Gen4ObjType (points become rectangles) */
    uint8_t nv;                 /* 2 for lines, 3 otherwise */
    float x[4], y[4];           /* screen space, reordered; [3] rect corner */
    float z[3], invw[3];
    bool back_facing;
    uint8_t provoking;          /* after reordering */
    uint32_t prim_type;         /* the topology it came from */
    int32_t clip[4];            /* xmin, ymin, xmax, ymax (inclusive) */
    uint32_t pue;               /* first 256-bit row of its PUE */
    bool poly_stipple;
    float line_width;
    bool reversed;              /* a line whose vertices were swapped */
    bool continue_stipple;      /* a line keeping the stipple counter */
    bool last_pixel;            /* SF_STATE Last Pixel Enable */
} Gen4SetupObj;

typedef struct Gen4Sf {
    Gen4State *s;
    const Gen4Draw *d;
    const uint32_t *sf;         /* SF_STATE */
    struct G4EuProgram *prog;
    uint32_t curbe_rows;
    uint32_t *curbe;
    int32_t origin_x, origin_y;
    int32_t draw_clip[4];       /* clipped drawing rectangle */
    /* The PUEs, one entry per object set up. */
    uint8_t *pue;
    uint32_t pue_size, pue_entry_rows, pue_next;
    uint64_t threads, errors, culled;
    /* the SF thread's environment and state, set up by the first object
     * and reused by the others (g4_eu_thread_reuse); a fresh URB each */
    struct G4EuThread *t;
    G4EuEnv env;
    G4EuUrb urb;
} Gen4Sf;

void gen4_sf_begin(Gen4Sf *sf, Gen4State *s, const Gen4Draw *d);
void gen4_sf_end(Gen4Sf *sf);

/*
 * Set up object `o` whose vertices are VUEs (vue_dw dwords each, o->v[]
 * indexing them); true when it survives (culling) and *out describes it,
 * with its PUE written by the SF thread.
 */
bool gen4_sf_object(Gen4Sf *sf, const Gen4Object *o, const uint32_t *vues,
                    uint32_t vue_dw, uint32_t topology, Gen4SetupObj *out);

#endif
