/*
 * Gen4 primitive assembly; see include/hwgpu/intel/gen4/gen4-prim.h.
 *
 * Document: Intel G45 PRM Vol 2 (seed 000) §7.2 "Primitive Assembly"
 * (lines 17159-17692): the decomposition pseudocode per topology.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/intel/gen4/gen4-prim.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

static int emit_obj(Gen4ObjEmit emit, void *opaque, Gen4Object *o,
                    uint32_t a, uint32_t b, uint32_t c)
{
    o->v[0] = a;
    o->v[1] = b;
    o->v[2] = c;
    emit(opaque, o);
    return 1;
}

/* A provoking vertex selection clamped to the object's vertices. */
static uint8_t pv_clamp(uint8_t sel, uint8_t nv)
{
    return sel < nv ? sel : nv - 1;
}

int gen4_prim_decompose(uint32_t topology, uint32_t first, uint32_t count,
                        const Gen4Provoking *pv, Gen4ObjEmit emit,
                        void *opaque)
{
    Gen4Object o;
    uint32_t i;
    int n = 0;

    memset(&o, 0, sizeof(o));
    switch (topology) {
    case G45_3DPRIM_POINTLIST:
    case G45_3DPRIM_POINTLIST_BF:
        o.type = GEN4_OBJ_POINT;
        o.nv = 1;
        o.back_facing = topology == G45_3DPRIM_POINTLIST_BF;
        for (i = 0; i < count; i++) {
            n += emit_obj(emit, opaque, &o, first + i, 0, 0);
        }
        return n;
    case G45_3DPRIM_LINELIST:
        o.type = GEN4_OBJ_LINE;
        o.nv = 2;
        o.provoking = pv_clamp(pv->line, 2);
        for (i = 0; i + 1 < count; i += 2) {
            n += emit_obj(emit, opaque, &o, first + i, first + i + 1, 0);
        }
        return n;
    case G45_3DPRIM_LINESTRIP:
    case G45_3DPRIM_LINESTRIP_BF:
    case G45_3DPRIM_LINESTRIP_CONT:
    case G45_3DPRIM_LINESTRIP_CONT_BF:
        o.type = GEN4_OBJ_LINE;
        o.nv = 2;
        o.provoking = pv_clamp(pv->line, 2);
        o.back_facing = topology == G45_3DPRIM_LINESTRIP_BF ||
                        topology == G45_3DPRIM_LINESTRIP_CONT_BF;
        o.continue_stipple = topology == G45_3DPRIM_LINESTRIP_CONT ||
                             topology == G45_3DPRIM_LINESTRIP_CONT_BF;
        for (i = 0; i + 1 < count; i++) {
            n += emit_obj(emit, opaque, &o, first + i, first + i + 1, 0);
            o.continue_stipple = true;
        }
        return n;
    case G45_3DPRIM_TRILIST:
    case G45_3DPRIM_RECTLIST:
        o.type = topology == G45_3DPRIM_RECTLIST ? GEN4_OBJ_RECTANGLE
                                                 : GEN4_OBJ_TRIANGLE;
        o.nv = 3;
        o.provoking = topology == G45_3DPRIM_RECTLIST ? 0 :
                      pv_clamp(pv->tristrip, 3);
        o.poly_stipple = topology == G45_3DPRIM_TRILIST;
        for (i = 0; i + 2 < count; i += 3) {
            n += emit_obj(emit, opaque, &o, first + i, first + i + 1,
                          first + i + 2);
        }
        return n;
    case G45_3DPRIM_TRISTRIP:
    case G45_3DPRIM_TRISTRIP_REVERSE:
        o.type = GEN4_OBJ_TRIANGLE;
        o.nv = 3;
        o.provoking = pv_clamp(pv->tristrip, 3);
        o.poly_stipple = true;
        o.invert_orientation = topology == G45_3DPRIM_TRISTRIP_REVERSE;
        for (i = 0; i + 2 < count; i++) {
            n += emit_obj(emit, opaque, &o, first + i, first + i + 1,
                          first + i + 2);
            o.invert_orientation = !o.invert_orientation;
        }
        return n;
    case G45_3DPRIM_TRIFAN:
    case G45_3DPRIM_TRIFAN_NOSTIPPLE:
    case G45_3DPRIM_POLYGON:
        o.type = GEN4_OBJ_TRIANGLE;
        o.nv = 3;
        o.provoking = topology == G45_3DPRIM_POLYGON ? 0 :
                      pv_clamp(pv->trifan, 3);
        o.poly_stipple = topology != G45_3DPRIM_TRIFAN_NOSTIPPLE;
        for (i = 1; i + 1 < count; i++) {
            if (topology == G45_3DPRIM_POLYGON) {
                o.edges = (i == 1 ? 1 : 0) | (i + 2 == count ? 2 : 0);
            }
            n += emit_obj(emit, opaque, &o, first, first + i, first + i + 1);
        }
        return n;
    default:
        return -1;
    }
}
