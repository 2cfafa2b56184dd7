/*
 * The Gen4 vertex fetch unit; see include/hwgpu/intel/gen4/gen4-vf.h.
 *
 * Document: Intel G45 PRM Vol 2 (seed 000) §3.6 "3D Primitive
 * Processing" (lines 7027-8320) and §3.5 VERTEX_BUFFER_STATE /
 * VERTEX_ELEMENT_STATE (6204-6650).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/intel/gen4/gen4-vf.h"
#include "hwgpu/intel/gen4/gen4-format.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

/*
 * PrimitiveID generation per topology (§3.6.13): skip S vertices, then
 * count R more per object.  Indexed by 3DPRIM value.
 */
static const struct {
    uint8_t s, r;
} pid_rule[32] = {
    [G45_3DPRIM_POINTLIST] = { 1, 0 },
    [G45_3DPRIM_POINTLIST_BF] = { 1, 0 },
    [G45_3DPRIM_LINELIST] = { 1, 1 },
    [G45_3DPRIM_LINESTRIP] = { 2, 0 },
    [G45_3DPRIM_LINESTRIP_CONT] = { 2, 0 },
    [G45_3DPRIM_LINESTRIP_BF] = { 2, 0 },
    [G45_3DPRIM_LINESTRIP_CONT_BF] = { 2, 0 },
    [G45_3DPRIM_LINELOOP] = { 2, 0 },
    [G45_3DPRIM_LINELIST_ADJ] = { 1, 3 },
    [G45_3DPRIM_LINESTRIP_ADJ] = { 3, 0 },
    [G45_3DPRIM_TRILIST] = { 1, 2 },
    [G45_3DPRIM_RECTLIST] = { 1, 2 },
    [G45_3DPRIM_TRILIST_ADJ] = { 1, 5 },
    [G45_3DPRIM_TRISTRIP] = { 3, 0 },
    [G45_3DPRIM_TRISTRIP_REVERSE] = { 3, 0 },
    [G45_3DPRIM_TRISTRIP_ADJ] = { 5, 1 },
    [G45_3DPRIM_TRIFAN] = { 3, 0 },
    [G45_3DPRIM_TRIFAN_NOSTIPPLE] = { 3, 0 },
    [G45_3DPRIM_POLYGON] = { 3, 0 },
    [G45_3DPRIM_QUADLIST] = { 1, 3 },
    [G45_3DPRIM_QUADSTRIP] = { 3, 1 },
};

#define VF_MAX_ELEMENTS     18
#define MAX_U32(a, b)       ((a) > (b) ? (a) : (b))

typedef struct Vf {
    Gen4State *s;
    const Gen4Draw *d;
    Gen4VfEmit emit;
    void *opaque;
    uint32_t topology;
    /* The vertex elements, decoded once. */
    const uint32_t *ve[VF_MAX_ELEMENTS];
    const HwgpuFormat *fmt[VF_MAX_ELEMENTS];
    uint8_t f32[VF_MAX_ELEMENTS];       /* hwgpu_format_float32_rgba */
    uint32_t nve;
    uint32_t clear_dw;          /* dwords the elements can write, padded */
    /* The index buffer. */
    bool indexed, cut_enable;
    uint32_t ib_start, ib_end, ib_size;
    /* PrimitiveID counters and the one buffered vertex (§3.6.7). */
    uint32_t pid, pid_s, pid_r;
    bool start;
    Gen4Vertex v[2];
    int pending;                /* index into v of the buffered vertex, -1 */
    uint64_t emitted;
} Vf;

/* Output the buffered vertex (with PrimEnd when `end`). */
static void flush_buffered(Vf *vf, bool end)
{
    if (vf->pending >= 0) {
        vf->v[vf->pending].prim_end = end;
        vf->emit(vf->opaque, &vf->v[vf->pending]);
        vf->emitted++;
        vf->pending = -1;
    }
}

/* TerminatePrimitive (§3.6.7): the buffered vertex ends a primitive. */
static void terminate(Vf *vf)
{
    if (vf->pid_s && vf->topology == G45_3DPRIM_TRISTRIP_ADJ &&
        (vf->pid_s == 6 || vf->pid_r == 1)) {
        vf->pid++;
    }
    flush_buffered(vf, true);
    vf->start = true;
    vf->pid_s = vf->pid_r = 0;
}

/* PrimitiveInfoGeneration (§3.6.13). */
static void next_pid(Vf *vf)
{
    uint32_t t = vf->topology < 32 ? vf->topology : 0;

    if (vf->pid_s < pid_rule[t].s) {
        vf->pid_s++;
    } else if (vf->pid_r < pid_rule[t].r) {
        vf->pid_r++;
    } else {
        vf->pid++;
        vf->pid_r = 0;
    }
}

/* The index buffer's entry `i`; false when it lies outside the buffer. */
static bool read_index(Vf *vf, uint64_t i, uint32_t *out)
{
    uint64_t addr = vf->ib_start + i * vf->ib_size;
    uint8_t b[4] = { 0 };

    *out = 0;
    if (addr + vf->ib_size - 1 > UINT32_MAX ||
        (vf->ib_end && addr + vf->ib_size - 1 > vf->ib_end)) {
        return false;
    }
    g45_gtt_read(vf->s->gtt, addr, b, vf->ib_size);
    *out = b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
           (uint32_t)b[3] << 24;
    return true;
}

/* SourceElementFetch + FormatConversion for element e (§3.6.10-11). */
static void fetch_element(Vf *vf, uint32_t e, int64_t vertex_index,
                          uint32_t instance_id, uint32_t src[4])
{
    const Gen4Draw *d = vf->d;
    const uint32_t *ve = vf->ve[e];
    uint32_t vbi = g45_vertex_element_state_buffer_index(ve);
    const uint32_t *vb = d->vb[vbi];
    const HwgpuFormat *f = vf->fmt[e];
    int64_t index;
    uint8_t raw[32] = { 0 };      /* up to R64G64B64A64 */
    uint32_t bytes = f ? hwgpu_format_bytes(f) : 0;

    if (!(d->vb_valid & (1u << vbi))) {
        memset(raw, 0, sizeof(raw));
    } else {
        if (g45_vertex_buffer_state_access(vb)) {       /* INSTANCEDATA */
            uint32_t rate = g45_vertex_buffer_state_instance_step_rate(vb);

            index = g45_3dprimitive_start_instance(d->prim);
            if (rate) {
                index += instance_id / rate;
            }
        } else {
            index = vertex_index;
        }
        /*
         * Pre-ILK Max Index (VERTEX_BUFFER_STATE DW2, seed 000 line 6088):
         * the index is taken as unsigned, and 0 turns the check off (what
         * crocus sends for its vertex buffers).
         */
        uint32_t max = g45_vertex_buffer_state_max_index(vb);
        uint32_t uindex = (uint32_t)index;

        if ((!max || uindex <= max) && bytes && bytes <= sizeof(raw)) {
            uint64_t addr = g45_vertex_buffer_state_start(vb) +
                            (uint64_t)uindex *
                            g45_vertex_buffer_state_pitch(vb) +
                            g45_vertex_element_state_source_offset(ve);

            if (addr + bytes - 1 <= UINT32_MAX) {
                /* in place when the element is in one page */
                const uint8_t *p = g45_gtt_direct_ptr(vf->s->gtt, addr,
                                                      bytes, false);

                if (p && vf->f32[e]) {
                    src[0] = src[1] = src[2] = 0;
                    src[3] = hwgpu_f2u(1.0f);
                    memcpy(src, p, 4 * vf->f32[e]);
                    return;
                }
                if (p) {
                    memcpy(raw, p, bytes);
                } else {
                    g45_gtt_read(vf->s->gtt, addr, raw, bytes);
                }
            }
        }
    }
    if (vf->f32[e]) {                   /* (as hwgpu_format_unpack) */
        src[0] = src[1] = src[2] = 0;
        src[3] = hwgpu_f2u(1.0f);
        memcpy(src, raw, 4 * vf->f32[e]);
        return;
    }
    if (!f || !hwgpu_format_unpack(f, raw, src)) {
        src[0] = src[1] = src[2] = src[3] = 0;
    }
}

/* One vertex: fetch, convert, select (§3.6.9-14). */
static void make_vertex(Vf *vf, Gen4Vertex *v, int64_t vertex_index,
                        uint32_t vertex_id, uint32_t instance_id)
{
    uint32_t hi = 0;

    memset(v->data, 0, vf->clear_dw * 4);
    v->index = (uint32_t)vertex_index;
    v->vertex_id = vertex_id;
    v->instance_id = instance_id;
    v->prim_id = vf->pid;
    v->prim_start = vf->start;
    v->prim_end = false;
    vf->start = false;
    for (uint32_t e = 0; e < vf->nve; e++) {
        const uint32_t *ve = vf->ve[e];
        uint32_t dst = g45_vertex_element_state_destination_offset(ve);
        uint32_t comp[4] = {
            g45_vertex_element_state_component0(ve),
            g45_vertex_element_state_component1(ve),
            g45_vertex_element_state_component2(ve),
            g45_vertex_element_state_component3(ve),
        };
        uint32_t src[4] = { 0 };
        bool fetched = false;

        if (!g45_vertex_element_state_valid(ve)) {
            continue;
        }
        for (int c = 0; c < 4; c++) {
            uint32_t val;

            if (comp[c] == G45_VFCOMP_NOSTORE) {
                break;          /* no holes: the rest store nothing */
            }
            switch (comp[c]) {
            case G45_VFCOMP_STORE_SRC:
                if (!fetched) {
                    fetch_element(vf, e, vertex_index, instance_id, src);
                    fetched = true;
                }
                val = src[c];
                break;
            case G45_VFCOMP_STORE_0:
                val = 0;
                break;
            case G45_VFCOMP_STORE_1_FP:
                val = 0x3f800000;
                break;
            case G45_VFCOMP_STORE_1_INT:
                val = 1;
                break;
            case G45_VFCOMP_STORE_VID:
                val = vertex_id;
                break;
            case G45_VFCOMP_STORE_IID:
                val = instance_id;
                break;
            default:            /* STORE_PID */
                val = vf->pid;
                break;
            }
            v->data[dst + c] = val;
            hi = dst + c + 1 > hi ? dst + c + 1 : hi;
        }
    }
    v->ndw = (hi + 7) & ~7u;     /* padded to 256 bits */
}

uint64_t gen4_vf_run(Gen4State *s, const Gen4Draw *d, Gen4VfEmit emit,
                     void *opaque)
{
    Vf vf_local;
    Vf *vf = &vf_local;
    const uint32_t *p = d->prim, *ves, *ib;
    uint32_t len, count, instances, start;
    int32_t base;
    uint64_t budget = GEN4_VF_MAX_VERTICES;

    memset(vf, 0, sizeof(*vf));
    vf->s = s;
    vf->d = d;
    vf->emit = emit;
    vf->opaque = opaque;
    vf->pending = -1;
    vf->topology = g45_3dprimitive_topology(p);
    ves = gen4_draw_packet(d, G45_CMD_3DSTATE_VERTEX_ELEMENTS, &len);
    if (ves) {
        vf->nve = g45_3dstate_vertex_elements_element_count(len);
        vf->nve = vf->nve > VF_MAX_ELEMENTS ? VF_MAX_ELEMENTS : vf->nve;
        for (uint32_t e = 0; e < vf->nve; e++) {
            vf->ve[e] = g45_3dstate_vertex_elements_element(ves, e);
            vf->fmt[e] = gen4_format(
                g45_vertex_element_state_format(vf->ve[e]));
            vf->f32[e] = hwgpu_format_float32_rgba(vf->fmt[e]);
            vf->clear_dw = MAX_U32(vf->clear_dw,
                (g45_vertex_element_state_destination_offset(vf->ve[e]) +
                 4 + 7) & ~7u);
            if (g45_vertex_element_state_valid(vf->ve[e]) && !vf->fmt[e]) {
                HWGPU_GUEST_ERROR(s->host, "gen4 VF: vertex element %u has "
                                  "format 0x%x, not a format", e,
                                  g45_vertex_element_state_format(
                                      vf->ve[e]));
            }
        }
    }
    vf->indexed = g45_3dprimitive_access(p) == 1;       /* RANDOM */
    ib = gen4_draw_packet(d, G45_CMD_3DSTATE_INDEX_BUFFER, &len);
    if (vf->indexed) {
        if (!ib) {
            HWGPU_GUEST_ERROR(s->host, "gen4 VF: RANDOM access without an "
                              "index buffer");
            return 0;
        }
        vf->ib_size = 1u << g45_3dstate_index_buffer_index_format(ib);
        vf->ib_size = vf->ib_size > 4 ? 4 : vf->ib_size;
        vf->ib_start = g45_3dstate_index_buffer_buffer_start(ib);
        vf->ib_end = g45_3dstate_index_buffer_buffer_end(ib);
        vf->cut_enable = g45_3dstate_index_buffer_cut_index_enable(ib);
    }
    count = g45_3dprimitive_vertex_count(p);
    start = g45_3dprimitive_start_vertex(p);
    base = g45_3dprimitive_base_vertex(p);
    instances = g45_3dprimitive_instance_count(p);
    instances = instances ? instances : 1;

    for (uint32_t inst = 0; inst < instances; inst++) {
        vf->pid = vf->pid_s = vf->pid_r = 0;
        vf->start = true;
        for (uint32_t n = 0; n < count; n++) {
            int64_t vertex_index;
            uint32_t vertex_id;
            Gen4Vertex *v;

            /* Each vertex also counts against the draw's work. */
            if (!budget-- || !s->work_left) {
                HWGPU_GUEST_ERROR(s->host, "gen4 VF: 3DPRIMITIVE of %u x %u "
                                  "vertices cut short at %u", count,
                                  instances, GEN4_VF_MAX_VERTICES);
                terminate(vf);
                return vf->emitted;
            }
            if (vf->indexed) {
                uint32_t cut = vf->ib_size == 4 ? UINT32_MAX :
                               (1u << (8 * vf->ib_size)) - 1;

                read_index(vf, (uint64_t)start + n, &vertex_id);
                if (vf->cut_enable && vertex_id == cut) {
                    terminate(vf);
                    continue;
                }
                vertex_index = (int64_t)vertex_id + base;
            } else {
                vertex_index = (int64_t)start + n;
                vertex_id = n;
            }
            s->work_left--;
            next_pid(vf);
            v = &vf->v[vf->pending == 0 ? 1 : 0];
            make_vertex(vf, v, vertex_index, vertex_id, inst);
            flush_buffered(vf, false);
            vf->pending = v == &vf->v[0] ? 0 : 1;
        }
        terminate(vf);          /* implied cut at the end of an instance */
    }
    return vf->emitted;
}
