/*
 * The Gen4 vertex fetch (VF) unit: from a draw's snapshot to the stream of
 * vertices the vertex shader stage receives.  It follows the processing
 * the G45 PRM gives in pseudocode (seed 000 §3.6.2-3.6.15, lines
 * 7027-8320): the instance loop, the vertex loop with index generation
 * (sequential, or random through the index buffer with the cut index),
 * the source element fetch per vertex element (vertex or instance data,
 * zeros past Max Index), format conversion (Table 3-1, through
 * hw/render/format.c), the destination component selection (source,
 * 0, 1.0f, 1, VertexID, InstanceID, PrimitiveID, no store), and the
 * PrimitiveID and PrimStart/PrimEnd generation (the S/R table of §3.6.13).
 *
 * The vertex cache and dangling-vertex removal (§3.7) are the next
 * stage's business: every vertex is emitted with its index (the cache
 * tag) and its primitive delimiters.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_VF_H
#define HWGPU_INTEL_GEN4_VF_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/intel/gen4/gen4-state.h"

/* Destination Element Offset is 8 bits of dwords; data pads to 8 dwords. */
#define GEN4_VF_MAX_DW          264
/* Vertices one 3DPRIMITIVE may generate before it is cut short. */
#define GEN4_VF_MAX_VERTICES    (1u << 20)

typedef struct Gen4Vertex {
    uint32_t data[GEN4_VF_MAX_DW];  /* the vertex's input VUE data */
    uint32_t ndw;                   /* dwords written (a multiple of 8) */
    uint32_t index;                 /* VertexIndex (the cache tag) */
    uint32_t vertex_id, instance_id, prim_id;
    bool prim_start, prim_end;
} Gen4Vertex;

/*
 * Called for each vertex, in order.  `v` is valid until the next call;
 * prim_end is set on the last vertex of a primitive (strip, instance).
 */
typedef void (*Gen4VfEmit)(void *opaque, const Gen4Vertex *v);

/*
 * Run the VF for draw `d` (its 3DPRIMITIVE is d->prim).  Returns the
 * number of vertices emitted.
 */
uint64_t gen4_vf_run(Gen4State *s, const Gen4Draw *d, Gen4VfEmit emit,
                     void *opaque);

#endif
