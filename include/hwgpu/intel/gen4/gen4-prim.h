/*
 * Gen4 primitive assembly: the vertex stream of a topology decomposed into
 * the basic objects the SF unit sets up (points, lines, triangles,
 * rectangles), with the provoking vertex from SF_STATE, the alternating
 * orientation of strips, back-facing points/lines, polygon-stipple and
 * line-stipple continuation flags, after the G45 PRM's decomposition
 * pseudocode (seed 000 §7.2, lines 17159-17692, Tables 7-2 to 7-5).
 * Incomplete objects at the end of a primitive (dangling vertices, §3.7)
 * produce nothing.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_PRIM_H
#define HWGPU_INTEL_GEN4_PRIM_H

#include <stdbool.h>
#include <stdint.h>

typedef enum Gen4ObjType {
    GEN4_OBJ_POINT = 1,
    GEN4_OBJ_LINE = 2,
    GEN4_OBJ_TRIANGLE = 3,
    GEN4_OBJ_RECTANGLE = 4,     /* 3 vertices; the 4th is derived later */
} Gen4ObjType;

typedef struct Gen4Object {
    uint8_t type;               /* Gen4ObjType */
    uint8_t nv;                 /* vertices: 1, 2 or 3 */
    uint32_t v[3];              /* indices into the primitive's vertices */
    uint8_t provoking;          /* index into v[] */
    bool invert_orientation;    /* triangles of strips */
    bool back_facing;           /* points and lines of _BF topologies */
    bool poly_stipple;          /* FALSE for TRIFAN_NOSTIPPLE */
    bool continue_stipple;      /* lines after the first of a strip */
    /*
     * POLYGON triangles: [0] V0->V1 and [1] V2->V0 are edges of the
     * polygon (the CLIP payload's edge indicators, seed 000 Table 6-1).
     */
    uint8_t edges;
} Gen4Object;

/* Provoking vertex selections (SF_STATE DW7). */
typedef struct Gen4Provoking {
    uint8_t tristrip;           /* lists and strips of triangles */
    uint8_t trifan;
    uint8_t line;
} Gen4Provoking;

typedef void (*Gen4ObjEmit)(void *opaque, const Gen4Object *o);

/*
 * Decompose one primitive of `topology` (a 3DPRIM value) made of
 * vertices [first, first + count).  Returns the number of objects, or -1
 * when the topology is not one the SF unit takes (QUADLIST, QUADSTRIP,
 * LINELOOP and the adjacency types are converted earlier in the pipe).
 */
int gen4_prim_decompose(uint32_t topology, uint32_t first, uint32_t count,
                        const Gen4Provoking *pv, Gen4ObjEmit emit,
                        void *opaque);

#endif
