/*
 * The Gen4 vertex shader stage; see include/hwgpu/intel/gen4/gen4-vs.h.
 *
 * Documents: Intel G45 PRM Vol 2 (seed 000) §2.6 thread dispatch and
 * payload generation (lines 3472-4146), §4 VS (8676-10115); Vol 4 (seed
 * 002) chapter 8 for URB_WRITE.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/common/pool.h"
#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/gen4/gen4-dp.h"
#include "hwgpu/intel/gen4/gen4-sampler.h"
#include "hwgpu/intel/eu/g4-eu.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

uint32_t gen4_thread_cr0(const uint32_t *common)
{
    return (g45_thread_common_floating_point_mode(common) == G45_FP_MODE_ALT ?
            G4_CR0_FP_ALT : 0) |
           (g45_thread_common_single_program_flow(common) ? G4_CR0_SPF : 0);
}

void gen4_payload_rows(G4EuThread *t, uint32_t *grf, const uint32_t *vue,
                       uint32_t vue_dw, uint32_t roff, uint32_t rlen)
{
    for (uint32_t r = 0; r < rlen; r++, (*grf)++) {
        if (*grf < G4_EU_GRF_REGS && ((uint64_t)roff + r + 1) * 8 <= vue_dw) {
            memcpy(g4_eu_grf_ud(t, *grf), vue + (size_t)(roff + r) * 8, 32);
        }
    }
}

uint32_t gen4_curbe_load(Gen4State *s, const Gen4Draw *d, uint32_t *curbe)
{
    uint32_t len;
    const uint32_t *cb = gen4_draw_packet(d, G45_CMD_CONSTANT_BUFFER, &len);
    uint32_t rows;

    if (!cb || !g45_constant_buffer_valid(cb)) {
        return 0;
    }
    rows = (g45_constant_buffer_length_minus_1(cb) + 1) * 2;
    g45_gtt_read(s->gtt, g45_constant_buffer_address(cb), curbe, rows * 32);
    return rows;
}

/*
 * What one thread of the host runs VS threads with: the kernel, CURBE,
 * URB entries, data port and sampler.  Threads run one after the other
 * on it, so two URB entries are enough, reused by every thread as the
 * hardware recycles its VS entries: a handle is a 16-bit URB row offset
 * (seed 002 §4.3), and one entry per vertex of a draw would not fit in
 * it.  Each thread's results are copied out when it ends.
 */
typedef struct VsRunner {
    Gen4State *s;
    const Gen4Draw *d;
    const uint32_t *vs;
    uint32_t entry_rows, grf_start, clen, coff, rlen, roff, cr0, vs_bt;
    uint32_t step;              /* vertices a thread: 1 (SPF) or 2 */
    uint32_t scratch;           /* R0.5: this slot's scratch space */
    uint32_t *curbe, curbe_rows;
    G4EuThread *t;
    G4EuProgram *prog;
    G4EuEnv env;
    Gen4Surfaces surfaces;
    Gen4Dp dp;
    Gen4Sampler smp;
    G4EuUrb urb;
    uint64_t threads, instructions;
    uint32_t errors;
} VsRunner;

/* The URB entry size (rows) for inputs of in_dw dwords. */
static uint32_t vs_entry_rows(const uint32_t *vs, uint32_t in_dw)
{
    uint32_t rows = (g45_vs_state_urb_entry_allocation_size_minus_1(vs) + 1) *
                    2;

    return MAX(rows, (in_dw + 7) / 8);
}

uint32_t gen4_vs_out_dw(const Gen4Draw *d, uint32_t in_dw)
{
    const uint32_t *vs = d->unit[GEN4_VS];

    if (!d->unit_addr[GEN4_VS] || !g45_vs_state_enable(vs)) {
        return MAX(in_dw, 8);
    }
    return vs_entry_rows(vs, in_dw) * 8;
}

static void vs_runner_init(VsRunner *v, Gen4State *s, const Gen4Draw *d,
                           uint32_t in_dw, uint32_t vs_bt, unsigned slot)
{
    const uint32_t *vs = d->unit[GEN4_VS];

    memset(v, 0, sizeof(*v));
    v->s = s;
    v->d = d;
    v->vs = vs;
    v->vs_bt = vs_bt;
    v->entry_rows = vs_entry_rows(vs, in_dw);
    v->urb.host = s->host;
    v->urb.size = 3 * v->entry_rows * 32;
    v->urb.data = g_malloc0(v->urb.size);
    v->curbe = g_new0(uint32_t, GEN4_CURBE_ROWS * 8);
    v->curbe_rows = gen4_curbe_load(s, d, v->curbe);
    v->grf_start = g45_thread_common_dispatch_grf_start(vs);
    v->coff = g45_thread_common_constant_urb_read_offset(vs);
    v->clen = g45_thread_common_constant_urb_read_length(vs);
    v->roff = g45_thread_common_urb_read_offset(vs);
    v->rlen = g45_thread_common_urb_read_length(vs);
    v->cr0 = gen4_thread_cr0(vs);
    v->step = g45_thread_common_single_program_flow(vs) ? 1 : 2;
    /* each slot (pool thread) is a hardware thread with its own scratch */
    v->scratch = g45_thread_common_scratch_space_base(vs) +
                 slot * (1024u << MIN(
                     g45_thread_common_per_thread_scratch_space(vs), 11u));

    g4_eu_env_init(&v->env, s->host);
    g4_eu_math_attach(&v->env);
    g4_eu_urb_attach(&v->env, &v->urb);
    /* pull constants and scratch through the data port */
    gen4_surfaces_init(&v->surfaces, d->vs_bt_addr);
    gen4_dp_attach(&v->dp, &v->env, s, d, &v->surfaces);
    /* vertex texture fetch: SIMD4x2 sampler messages */
    gen4_sampler_attach(&v->smp, &v->env, s, d, &v->surfaces);
    v->prog = gen4_kernel_load(s, d->general_base +
                               g45_thread_common_kernel_start_pointer(vs));
    v->t = g_new(G4EuThread, 1);
    g4_eu_thread_init(v->t, 0, 0);      /* then g4_eu_thread_reuse each */
}

static void vs_runner_free(VsRunner *v)
{
    g_free(v->t);
    g4_eu_program_free(v->prog);
    g_free(v->curbe);
    gen4_sampler_release(&v->smp);
    g_free(v->urb.data);
    v->t = NULL;
    v->prog = NULL;
    v->curbe = NULL;
    v->urb.data = NULL;
}

/* Shade vertices first .. last - 1 (first a multiple of v->step). */
static void vs_run(VsRunner *v, const uint32_t *in, uint32_t in_dw,
                   uint32_t first, uint32_t last, Gen4VsOut *out)
{
    const uint32_t *vs = v->vs;
    uint32_t entry_rows = v->entry_rows;
    G4EuThread *t = v->t;

    for (uint32_t i = first; i < last && gen4_work(v->s); i += v->step) {
        bool two = v->step == 2 && i + 1 < last;
        uint32_t h0 = 0, h1 = two ? entry_rows : 0;
        uint32_t *r0, reg = v->grf_start;

        memset(v->urb.data, 0, v->urb.size);
        for (uint32_t k = 0; k < (two ? 2u : 1u); k++) {
            memcpy(v->urb.data + (size_t)k * entry_rows * 32,
                   in + (size_t)(i + k) * in_dw, in_dw * 4);
        }

        g4_eu_thread_reuse(t, two ? 0xff : 0x0f, v->cr0);
        r0 = g4_eu_grf_ud(t, 0);
        r0[0] = h0 | (i & 0x7ff) << 16;
        r0[1] = h1 | ((two ? i + 1 : i) & 0x7ff) << 16;
        r0[3] = g45_vs_state_sampler_state_pointer(vs) |
                g45_thread_common_per_thread_scratch_space(vs);
        r0[4] = v->vs_bt;
        r0[5] = v->scratch;
        /* the thread's number in the draw, whichever slot runs it */
        r0[6] = (i / v->step) & 0xffffff;
        /* CURBE rows, not interleaved. */
        for (uint32_t c = 0; c < v->clen && reg < G4_EU_GRF_REGS; c++, reg++) {
            if (v->coff + c < v->curbe_rows) {
                memcpy(g4_eu_grf_ud(t, reg), v->curbe + (v->coff + c) * 8, 32);
            }
        }
        /* Vertex rows, interleaved: one URB row fills two registers. */
        for (uint32_t r = 0; r < v->rlen; r++) {
            const uint32_t *v0 = (const uint32_t *)v->urb.data +
                                 (h0 + v->roff + r) * 8;
            const uint32_t *v1 = (const uint32_t *)v->urb.data +
                                 (h1 + v->roff + r) * 8;

            for (int half = 0; half < 2 && reg < G4_EU_GRF_REGS;
                 half++, reg++) {
                uint32_t *g = g4_eu_grf_ud(t, reg);

                if (v->roff + r < entry_rows) {
                    memcpy(g, v0 + 4 * half, 16);
                    memcpy(g + 4, v1 + 4 * half, 16);
                }
            }
        }
        g4_eu_thread_wrote(t, MAX(reg, 1u));   /* R0, CURBE, vertices */
        v->threads++;
        if (!gen4_run_thread(v->s, t, v->prog, &v->env, GEN4_VS_BUDGET)) {
            v->errors++;
            HWGPU_GUEST_ERROR(v->s->host, "gen4 VS: thread for vertices "
                              "%u-%u ended without EOT (ip 0x%x)", i,
                              two ? i + 1 : i, t->ip);
        }
        v->instructions += t->executed;
        memcpy(out->vue + (size_t)i * out->vue_dw, v->urb.data,
               (size_t)(two ? 2 : 1) * entry_rows * 32);
    }
}

/* The VS on the pool: GEN4_VS_CHUNK vertices a task. */
typedef struct VsSlot {
    Gen4State s;                /* the draw's state, this thread's fork */
    G45Gtt gtt;
    VsRunner v;
    bool begun;
} VsSlot;

typedef struct VsJob {
    Gen4State *s;
    const Gen4Draw *d;
    const uint32_t *in;
    uint32_t in_dw, n, vs_bt;
    Gen4VsOut *out;
    VsSlot *slot;
    uint64_t work_pool;
} VsJob;

static void vs_task(void *opaque, unsigned task, unsigned slot)
{
    VsJob *j = opaque;
    VsSlot *w = &j->slot[slot];
    uint32_t first = task * GEN4_VS_CHUNK;

    if (!w->begun) {
        vs_runner_init(&w->v, &w->s, j->d, j->in_dw, j->vs_bt, slot);
        w->begun = true;
    }
    vs_run(&w->v, j->in, j->in_dw, first, MIN(first + GEN4_VS_CHUNK, j->n),
           j->out);
    g45_gtt_unmap_all(&w->gtt);
}

static void vs_on_pool(VsJob *j)
{
    Gen4State *s = j->s;
    unsigned nslots = s->pool->size;
    uint32_t ntasks = (j->n + GEN4_VS_CHUNK - 1) / GEN4_VS_CHUNK;

    j->slot = g_new0(VsSlot, nslots);
    j->work_pool = s->work_left;
    for (unsigned k = 0; k < nslots; k++) {
        gen4_state_fork(&j->slot[k].s, &j->slot[k].gtt, s, &j->work_pool);
    }
    hwgpu_pool_run(s->pool, ntasks, vs_task, j);
    s->work_left = j->work_pool;
    for (unsigned k = 0; k < nslots; k++) {
        VsSlot *w = &j->slot[k];

        gen4_state_join(s, &w->s);
        if (w->begun) {
            j->out->threads += w->v.threads;
            j->out->instructions += w->v.instructions;
            j->out->errors += w->v.errors;
            vs_runner_free(&w->v);
        }
    }
    g_free(j->slot);
}

/*
 * The vertex cache (VS_STATE DW6 Vertex Cache Disable clear, what crocus
 * sends): a vertex the VF delivered before in this draw is not shaded
 * again, its VUE is the earlier one's.  The hardware's cache keys on the
 * vertex index within a window of recent vertices; this one keys on all
 * the VS reads of a vertex, its fetched elements (which carry VertexID,
 * InstanceID and PrimitiveID when the elements ask for them), over the
 * whole draw.  A VS without side effects gives the same VUEs either way.
 * Returns the distinct vertices (GEN4_BUF_VS_IN) in order of first
 * appearance and each vertex's place among them in map[]; NULL when all
 * are distinct.
 */
static uint32_t *vs_distinct(Gen4State *s, const uint32_t *in,
                             uint32_t in_dw, uint32_t n, uint32_t *map,
                             uint32_t *nu)
{
    uint32_t size = 16, *slot, *out, k = 0;

    while (size < 2 * n) {
        size *= 2;
    }
    /* distinct vertex + 1, 0: free */
    slot = gen4_buf_zeroed(s, GEN4_BUF_VS_SLOT, (size_t)size * 4);
    out = gen4_buf_grow(s, GEN4_BUF_VS_IN, NULL, (size_t)n * in_dw * 4);
    for (uint32_t i = 0; i < n; i++) {
        const uint32_t *v = in + (size_t)i * in_dw;
        uint64_t h = 0xcbf29ce484222325ull;     /* FNV-1a over the dwords */
        uint32_t at;

        for (uint32_t w = 0; w < in_dw; w++) {
            h = (h ^ v[w]) * 0x100000001b3ull;
        }
        for (at = (uint32_t)(h ^ h >> 32) & (size - 1); slot[at];
             at = (at + 1) & (size - 1)) {
            if (!memcmp(out + (size_t)(slot[at] - 1) * in_dw, v,
                        in_dw * 4)) {
                break;
            }
        }
        if (!slot[at]) {
            memcpy(out + (size_t)k * in_dw, v, in_dw * 4);
            slot[at] = ++k;
        }
        map[i] = slot[at] - 1;
    }
    gen4_buf_put(s, GEN4_BUF_VS_SLOT, slot);
    *nu = k;
    if (k == n) {
        gen4_buf_put(s, GEN4_BUF_VS_IN, out);
        return NULL;
    }
    return out;
}

static bool vs_shade(Gen4State *s, const Gen4Draw *d, const uint32_t *in,
                     uint32_t in_dw, uint32_t n, Gen4VsOut *out,
                     Gen4Buf vue_buf);

bool gen4_vs_shade(Gen4State *s, const Gen4Draw *d, const uint32_t *in,
                   uint32_t in_dw, uint32_t n, Gen4VsOut *out)
{
    const uint32_t *vs = d->unit[GEN4_VS];
    uint32_t *map, *distinct, nu;
    Gen4VsOut u;

    if (!d->unit_addr[GEN4_VS] || !g45_vs_state_enable(vs) ||
        g45_vs_state_vertex_cache_disable(vs) || n < 2) {
        return vs_shade(s, d, in, in_dw, n, out, GEN4_BUF_VS_VUE);
    }
    map = gen4_buf_grow(s, GEN4_BUF_VS_MAP, NULL, (size_t)n * 4);
    distinct = vs_distinct(s, in, in_dw, n, map, &nu);
    if (!distinct) {
        gen4_buf_put(s, GEN4_BUF_VS_MAP, map);
        return vs_shade(s, d, in, in_dw, n, out, GEN4_BUF_VS_VUE);
    }
    if (!vs_shade(s, d, distinct, in_dw, nu, &u, GEN4_BUF_VS_DVUE)) {
        gen4_buf_put(s, GEN4_BUF_VS_MAP, map);
        gen4_buf_put(s, GEN4_BUF_VS_IN, distinct);
        return false;
    }
    *out = u;
    out->nvert = n;
    out->vue = gen4_buf_grow(s, GEN4_BUF_VS_VUE, NULL,
                             (size_t)n * u.vue_dw * 4);
    for (uint32_t i = 0; i < n; i++) {
        memcpy(out->vue + (size_t)i * u.vue_dw,
               u.vue + (size_t)map[i] * u.vue_dw, u.vue_dw * 4);
    }
    gen4_buf_put(s, GEN4_BUF_VS_DVUE, u.vue);
    gen4_buf_put(s, GEN4_BUF_VS_MAP, map);
    gen4_buf_put(s, GEN4_BUF_VS_IN, distinct);
    return true;
}

/* The VUEs go in vue_buf (the caller puts them back). */
static bool vs_shade(Gen4State *s, const Gen4Draw *d, const uint32_t *in,
                     uint32_t in_dw, uint32_t n, Gen4VsOut *out,
                     Gen4Buf vue_buf)
{
    const uint32_t *vs = d->unit[GEN4_VS];
    uint32_t len, vs_bt = 0;
    const uint32_t *btp;
    VsRunner *v;

    memset(out, 0, sizeof(*out));
    btp = gen4_draw_packet(d, G45_CMD_3DSTATE_BINDING_TABLE_POINTERS, &len);
    if (btp) {
        vs_bt = g45_3dstate_binding_table_pointers_vs_binding_table(btp);
    }
    if (!d->unit_addr[GEN4_VS] || !g45_vs_state_enable(vs)) {
        /* No VS: the VF's vertices go down the pipe as they are. */
        out->nvert = n;
        out->vue_dw = gen4_vs_out_dw(d, in_dw);
        out->vue = gen4_buf_zeroed(s, vue_buf, (size_t)n * out->vue_dw * 4);
        for (uint32_t i = 0; i < n; i++) {
            memcpy(out->vue + (size_t)i * out->vue_dw, in + (size_t)i * in_dw,
                   in_dw * 4);
        }
        return true;
    }

    out->nvert = n;
    out->vue_dw = gen4_vs_out_dw(d, in_dw);
    out->vue = gen4_buf_zeroed(s, vue_buf, (size_t)n * out->vue_dw * 4);
    /* Vertices are independent: many of them are shaded on the pool (a
     * capture's recorder sees one thread). */
    if (s->pool && !s->gtt->touch && n > GEN4_VS_CHUNK) {
        VsJob j = {
            .s = s, .d = d, .in = in, .in_dw = in_dw, .n = n,
            .vs_bt = vs_bt, .out = out,
        };

        vs_on_pool(&j);
        return true;
    }
    v = g_new(VsRunner, 1);
    vs_runner_init(v, s, d, in_dw, vs_bt, 0);
    vs_run(v, in, in_dw, 0, n, out);
    out->threads = v->threads;
    out->instructions = v->instructions;
    out->errors = v->errors;
    vs_runner_free(v);
    g_free(v);
    return true;
}
