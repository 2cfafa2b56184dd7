/*
 * The Gen4 3D pipeline for one draw; see include/hwgpu/intel/gen4/
 * gen4-pipe.h.  Stage order after the G45 PRM (seed 000 §2, Figure 2-1:
 * VF, VS, GS, CLIP, SF, WM).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-pipe.h"
#include "hwgpu/intel/gen4/gen4-vf.h"
#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/gen4/gen4-gs.h"
#include "hwgpu/intel/gen4/gen4-clip.h"
#include "hwgpu/intel/gen4/gen4-prim.h"
#include "hwgpu/intel/gen4/gen4-sf.h"
#include "hwgpu/intel/gen4/gen4-wm.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

/* The VF's vertices, flat: stride dwords each, with their delimiters. */
typedef struct Collect {
    Gen4State *s;
    const Gen4Draw *d;
    uint32_t *data;
    uint8_t *start, *end;
    uint32_t n, cap, stride, max;
    bool truncated;
} Collect;

static void collect(void *opaque, const Gen4Vertex *v)
{
    Collect *c = opaque;

    if (!c->stride) {
        /* a vertex in and the VS's copy of it, its VUE out of the VS
         * (and the vertex cache's), its delimiters and cache index */
        uint64_t each = 4 * (2 * (uint64_t)MAX(v->ndw, 8) +
                             2 * (uint64_t)gen4_vs_out_dw(c->d,
                                                          MAX(v->ndw, 8)) +
                             1) + 2;

        c->stride = MAX(v->ndw, 8);
        c->max = (uint32_t)MIN((uint64_t)GEN4_DRAW_MAX_VERTICES,
                               GEN4_DRAW_MAX_BYTES / each);
    }
    if (c->n == c->max) {
        c->truncated = true;
        return;
    }
    if (c->n == c->cap) {
        c->cap = MAX(c->cap * 2, 64);
        c->data = gen4_buf_grow(c->s, GEN4_BUF_VF_DATA, c->data,
                                (size_t)c->cap * c->stride * 4);
        c->start = gen4_buf_grow(c->s, GEN4_BUF_VF_START, c->start, c->cap);
        c->end = gen4_buf_grow(c->s, GEN4_BUF_VF_END, c->end, c->cap);
    }
    memset(c->data + (size_t)c->n * c->stride, 0, c->stride * 4);
    memcpy(c->data + (size_t)c->n * c->stride, v->data,
           MIN(v->ndw, c->stride) * 4);
    c->start[c->n] = v->prim_start;
    c->end[c->n] = v->prim_end;
    c->n++;
}

typedef struct Raster {
    Gen4Sf sf;
    Gen4WmBin wm;
    Gen4Clip clip;
    Gen4Provoking pv;
    Gen4DrawStats *stats;
} Raster;

/* Objects of one primitive list: its vertices and whether to clip. */
typedef struct Objects {
    Raster *r;
    const uint32_t *vue;
    uint32_t vue_dw, topology;
    bool clip;
} Objects;

static void walk(Raster *r, const uint32_t *vue, uint32_t vue_dw,
                 const uint8_t *start, const uint8_t *end,
                 const uint8_t *topologies, uint32_t topology, uint32_t nv,
                 bool clip);

static void object(void *opaque, const Gen4Object *o)
{
    Objects *b = opaque;
    Raster *r = b->r;
    Gen4SetupObj so;

    if (b->clip) {
        r->stats->objects++;
        switch (gen4_clip_object(&r->clip, o, b->vue, b->vue_dw,
                                 b->topology)) {
        case GEN4_CLIP_DISCARD:
            return;
        case GEN4_CLIP_SPAWN:
            /* The thread's polygon (or lines, points) replaces o. */
            walk(r, r->clip.out.vue, r->clip.out.vue_dw, r->clip.out.start,
                 r->clip.out.end, r->clip.out.topology, 0, r->clip.out.n,
                 false);
            return;
        case GEN4_CLIP_PASS:
            break;
        }
    }
    if (!gen4_sf_object(&r->sf, o, b->vue, b->vue_dw, b->topology, &so)) {
        return;
    }
    gen4_wm_bin_object(&r->wm, &so, r->sf.pue, r->sf.pue_entry_rows);
}

/*
 * Each primitive (PrimStart .. PrimEnd) of nv vertices decomposed into
 * objects: of `topology`, or of the type each primitive's first vertex
 * carries in topologies[] when that is given.
 */
static void walk(Raster *r, const uint32_t *vue, uint32_t vue_dw,
                 const uint8_t *start, const uint8_t *end,
                 const uint8_t *topologies, uint32_t topology, uint32_t nv,
                 bool clip)
{
    Objects b = { .r = r, .vue = vue, .vue_dw = vue_dw, .clip = clip };
    uint32_t first = 0;

    for (uint32_t i = 0; i < nv && r->sf.s->work_left; i++) {
        if (start[i]) {
            first = i;
        }
        if (!end[i] && i + 1 != nv) {
            continue;
        }
        b.topology = topologies ? topologies[first] : topology;
        if (gen4_prim_decompose(b.topology, first, i + 1 - first, &r->pv,
                                object, &b) < 0) {
            HWGPU_GUEST_ERROR(r->sf.s->host, "gen4: topology 0x%x cannot "
                              "reach the SF unit; not drawn", b.topology);
            return;
        }
    }
}

void gen4_draw(Gen4State *s, const Gen4Draw *d, Gen4DrawStats *stats)
{
    Collect c = { .s = s, .d = d };
    Gen4VsOut vs;
    Raster r = { .stats = stats };
    Gen4UrbOut gs = { 0 };
    const uint8_t *pstart, *pend, *ptopo;
    const uint32_t *vue;
    uint32_t nv, vue_dw, topology;

    s->work_left = s->draw_work;
    gen4_vf_run(s, d, collect, &c);
    if (c.truncated) {
        HWGPU_UNIMP(s->host, "gen4: draw of more than %u vertices cut "
                    "short (3DPRIMITIVE topology 0x%x, %u vertices, %u "
                    "instances)", c.max,
                    g45_3dprimitive_topology(d->prim),
                    g45_3dprimitive_vertex_count(d->prim),
                    g45_3dprimitive_instance_count(d->prim));
    }
    stats->vertices += c.n;
    if (!c.n || !gen4_vs_shade(s, d, c.data, c.stride, c.n, &vs)) {
        goto out;
    }
    stats->vs_threads += vs.threads;
    stats->errors += vs.errors;

    vue = vs.vue;
    vue_dw = vs.vue_dw;
    topology = g45_3dprimitive_topology(d->prim);
    pstart = c.start;
    pend = c.end;
    nv = c.n;
    ptopo = NULL;
    if (d->unit_addr[GEN4_GS]) {
        /* The GS's primitives replace the VS's. */
        gen4_gs_run(s, d, vs.vue, vs.vue_dw, c.start, c.end, c.n, &gs);
        stats->gs_threads += gs.threads;
        stats->errors += gs.errors;
        vue = gs.vue;
        vue_dw = gs.vue_dw;
        pstart = gs.start;
        pend = gs.end;
        nv = gs.n;
        ptopo = gs.topology;
    }
    r.pv = (Gen4Provoking) {
        .tristrip = g45_sf_state_tristrip_provoking_vertex(d->unit[GEN4_SF]),
        .trifan = g45_sf_state_trifan_provoking_vertex(d->unit[GEN4_SF]),
        .line = g45_sf_state_line_provoking_vertex(d->unit[GEN4_SF]),
    };
    gen4_sf_begin(&r.sf, s, d);
    gen4_wm_bin_begin(&r.wm, s, d);
    gen4_clip_begin(&r.clip, s, d, vue_dw);
    walk(&r, vue, vue_dw, pstart, pend, ptopo, topology, nv, true);
    stats->clip_threads += r.clip.threads;
    stats->clip_discarded += r.clip.discarded;
    stats->errors += r.clip.errors;
    gen4_clip_end(&r.clip);
    gen4_wm_bin_end(&r.wm);
    stats->culled += r.sf.culled;
    stats->sf_threads += r.sf.threads;
    stats->ps_threads += r.wm.threads;
    stats->ps_threads_run += r.wm.threads_run;
    stats->pixels += r.wm.pixels;
    stats->errors += r.sf.errors + r.wm.errors;
    gen4_sf_end(&r.sf);
    gen4_urb_out_free(&gs);
    gen4_buf_put(s, GEN4_BUF_VS_VUE, vs.vue);
out:
    gen4_buf_put(s, GEN4_BUF_VF_DATA, c.data);
    gen4_buf_put(s, GEN4_BUF_VF_START, c.start);
    gen4_buf_put(s, GEN4_BUF_VF_END, c.end);
}
