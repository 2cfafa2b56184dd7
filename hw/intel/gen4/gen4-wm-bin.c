/*
 * The windower's screen bands on the pool threads; see
 * include/hwgpu/intel/gen4/gen4-wm.h (Gen4WmBin).
 *
 * Each pool thread (slot) has its own windower with its own copy of the
 * pipeline state and its own GTT view: the direct page mappings, the
 * sampler's page cache and the PS thread's registers are then private to
 * it, and it unmaps its pages when it finishes a band.  The copies draw
 * on the draw's EU budget a chunk at a time (gen4_work), so a hostile
 * draw stays bounded however many threads run it.  While a capture
 * records pages (G45Gtt.touch) the bands run on the calling thread, in
 * order, so the recorder sees one thread.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/pool.h"
#include "hwgpu/intel/gen4/gen4-wm.h"
#include "hwgpu/intel/gen4/gen4-prim.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

struct Gen4WmSlot {
    Gen4State s;                /* the draw's state, this thread's copy */
    G45Gtt gtt;                 /* its GTT view */
    Gen4Wm wm;
    bool begun;                 /* wm set up (on first use in the draw) */
};

void gen4_wm_bin_begin(Gen4WmBin *b, Gen4State *s, const Gen4Draw *d)
{
    memset(b, 0, sizeof(*b));
    b->s = s;
    b->d = d;
    b->nslots = s->pool ? s->pool->size : 1;
    b->slot = g_new0(Gen4WmSlot, b->nslots);
    b->one_band = g45_wm_state_line_stipple_enable(d->unit[GEN4_WM]);
}

/* The rows object o may cover (conservative), inside its clip rows. */
static void object_rows(const Gen4SetupObj *o, int32_t *lo, int32_t *hi)
{
    unsigned nv = o->type == GEN4_OBJ_LINE ? 2 : 3;
    /* wide and AA lines reach past their ends' rows (AA regions: up to
     * 4 pixels wide) */
    float margin = o->type == GEN4_OBJ_LINE ? o->line_width + 4.0f : 0.0f;
    float ymin = o->y[0], ymax = o->y[0];

    for (unsigned i = 1; i < nv; i++) {
        ymin = MIN(ymin, o->y[i]);
        ymax = MAX(ymax, o->y[i]);
    }
    ymin -= margin + 1.0f;
    ymax += margin + 1.0f;
    /* NaN or huge coordinates: the clip rows bound them */
    *lo = ymin > (float)o->clip[1] ? (int32_t)floorf(ymin) : o->clip[1];
    *hi = ymax < (float)o->clip[3] ? (int32_t)ceilf(ymax) : o->clip[3];
    *lo = MAX(*lo, 0);
}

/* The band of row y (y >= 0). */
static int32_t band_of(int32_t y)
{
    return y / GEN4_WM_BAND_ROWS;
}

static void band_task(void *opaque, unsigned task, unsigned slot)
{
    Gen4WmBin *b = opaque;
    Gen4WmSlot *w = &b->slot[slot];
    Gen4Wm *wm = &w->wm;
    int32_t y0 = (b->first_band + (int32_t)task) * GEN4_WM_BAND_ROWS;
    int32_t y1 = y0 + GEN4_WM_BAND_ROWS - 1;
    size_t pue_size = (size_t)b->pue_rows * 32;

    if (!w->begun) {
        gen4_wm_begin(wm, &w->s, b->d);
        w->begun = true;
    }
    if (b->one_band) {
        y0 = INT32_MIN;
        y1 = INT32_MAX;
        wm->line_count = b->line_count;
    }
    wm->band_y0 = y0;
    wm->band_y1 = y1;
    wm->band_threads = 0;
    wm->scratch_slot = slot;
    for (uint32_t i = 0; i < b->n && gen4_work(&w->s); i++) {
        if (b->yhi[i] >= y0 && b->ylo[i] <= y1) {
            gen4_wm_object(wm, &b->obj[i], b->pue + i * pue_size,
                           b->pue_rows);
        }
    }
    if (b->one_band) {
        b->line_count = wm->line_count;
    }
    /* the pages this band touched go back before another thread runs */
    g45_gtt_unmap_all(&w->gtt);
}

/* Draw the held objects, band by band on the pool. */
static void flush(Gen4WmBin *b)
{
    Gen4State *s = b->s;
    int32_t lo = INT32_MAX, hi = -1;
    unsigned nbands, nslots = b->nslots;
    bool serial = !s->pool || s->gtt->touch;

    if (!b->n) {
        return;
    }
    for (uint32_t i = 0; i < b->n; i++) {
        if (b->ylo[i] <= b->yhi[i]) {
            lo = MIN(lo, b->ylo[i]);
            hi = MAX(hi, b->yhi[i]);
        }
    }
    if (hi < 0) {
        b->n = 0;
        return;
    }
    b->first_band = band_of(lo);
    nbands = b->one_band ? 1 : (unsigned)(band_of(hi) - b->first_band + 1);
    b->work_pool = s->work_left;
    for (unsigned k = 0; k < nslots; k++) {
        gen4_state_fork(&b->slot[k].s, &b->slot[k].gtt, s, &b->work_pool);
    }
    if (serial) {
        for (unsigned t = 0; t < nbands; t++) {
            band_task(b, t, 0);
        }
    } else {
        hwgpu_pool_run(s->pool, nbands, band_task, b);
    }
    /* what the slots did not use goes back to the draw, their counts to
     * the state */
    s->work_left = b->work_pool;
    for (unsigned k = 0; k < nslots; k++) {
        gen4_state_join(s, &b->slot[k].s);
    }
    b->n = 0;
}

void gen4_wm_bin_object(Gen4WmBin *b, const Gen4SetupObj *o,
                        const uint8_t *pue, uint32_t pue_rows)
{
    if (b->n && pue_rows != b->pue_rows) {
        flush(b);               /* one PUE size per batch of objects */
    }
    b->pue_rows = pue_rows;
    if (b->n == b->cap) {
        b->cap = MIN(MAX(b->cap * 2, 64u), (uint32_t)GEN4_WM_BIN_OBJECTS);
        b->obj = gen4_buf_grow(b->s, GEN4_BUF_WM_OBJ, b->obj,
                               (size_t)b->cap * sizeof(*b->obj));
        b->ylo = gen4_buf_grow(b->s, GEN4_BUF_WM_YLO, b->ylo,
                               (size_t)b->cap * sizeof(*b->ylo));
        b->yhi = gen4_buf_grow(b->s, GEN4_BUF_WM_YHI, b->yhi,
                               (size_t)b->cap * sizeof(*b->yhi));
    }
    if ((size_t)(b->n + 1) * pue_rows * 32 > b->pue_bytes) {
        b->pue_bytes = (size_t)b->cap * pue_rows * 32;
        b->pue = gen4_buf_grow(b->s, GEN4_BUF_WM_PUE, b->pue, b->pue_bytes);
    }
    b->obj[b->n] = *o;
    memcpy(b->pue + (size_t)b->n * pue_rows * 32, pue,
           (size_t)pue_rows * 32);
    object_rows(o, &b->ylo[b->n], &b->yhi[b->n]);
    b->n++;
    if (b->n == GEN4_WM_BIN_OBJECTS) {
        flush(b);
    }
}

void gen4_wm_bin_end(Gen4WmBin *b)
{
    flush(b);
    for (unsigned k = 0; k < b->nslots; k++) {
        Gen4WmSlot *w = &b->slot[k];

        if (w->begun) {
            b->threads += w->wm.threads;
            b->threads_run += w->wm.threads_run;
            b->pixels += w->wm.pixels;
            b->errors += w->wm.errors;
            gen4_wm_end(&w->wm);
        }
    }
    g_clear_pointer(&b->slot, g_free);
    gen4_buf_put(b->s, GEN4_BUF_WM_OBJ, b->obj);
    gen4_buf_put(b->s, GEN4_BUF_WM_PUE, b->pue);
    gen4_buf_put(b->s, GEN4_BUF_WM_YLO, b->ylo);
    gen4_buf_put(b->s, GEN4_BUF_WM_YHI, b->yhi);
    b->obj = NULL;
    b->pue = NULL;
    b->ylo = b->yhi = NULL;
    b->n = b->cap = 0;
    b->pue_bytes = 0;
}
