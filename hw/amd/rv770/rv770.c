/*
 * The RV770 core; see include/hwgpu/amd/rv770/rv770.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-ih.h"

/* Packets per turn of the thread before it looks at the lock again. */
#define RV770_RUN_BUDGET    256
/* How often a stalled wait (WAIT_REG_MEM, a semaphore) looks again. */
#define RV770_WAIT_POLL_US  100

static void kick_host(Rv770 *r)
{
    if (r->irq_dirty && r->host->kick) {
        r->host->kick(r->host->opaque);
    }
}

static bool worker_runnable(void *opaque)
{
    return rv770_cp_runnable(opaque) || rv770_dma_runnable(opaque);
}

/* The CP and the DMA engine take turns (each may wait on the other's
 * semaphore signals). */
static void worker_run(void *opaque)
{
    Rv770 *r = opaque;

    rv770_cp_run(r, RV770_RUN_BUDGET);
    if (!hwgpu_worker_contended(&r->worker)) {
        rv770_dma_run(r, RV770_RUN_BUDGET);
    }
    kick_host(r);
}

static int64_t worker_idle_us(void *opaque)
{
    Rv770 *r = opaque;

    return r->cp.waiting || r->dma.waiting ? RV770_WAIT_POLL_US : 0;
}

static void worker_idle_tick(void *opaque)
{
    rv770_cp_retry(opaque);
    rv770_dma_retry(opaque);
}

static const HwgpuWorkerOps rv770_worker_ops = {
    .runnable = worker_runnable,
    .run = worker_run,
    .idle_timeout_us = worker_idle_us,
    .idle_tick = worker_idle_tick,
};

bool rv770_init(Rv770 *r, const HwgpuHost *host, uint64_t vram_size)
{
    memset(r, 0, sizeof(*r));
    r->host = host;
    r->vram_size = vram_size;
    r->cp.state = g_new0(uint32_t, RV770_STATE_DWORDS);
    hwgpu_worker_init(&r->worker, "rv770", &rv770_worker_ops, r, host);
    if (!hwgpu_regfile_init(&r->regs, "radeon-rv770", rv770_reg_table,
                            rv770_reg_table_len, RV770_REG_SPACE, host, r)) {
        return false;
    }
    rv770_display_reset(r);
    return true;
}

void rv770_destroy(Rv770 *r)
{
    hwgpu_worker_destroy(&r->worker);
    hwgpu_regfile_destroy(&r->regs);
    g_free(r->cp.state);
    r->cp.state = NULL;
}

void rv770_reset(Rv770 *r)
{
    hwgpu_worker_lock(&r->worker);
    memset(&r->cp.stats, 0, sizeof(r->cp.stats));
    hwgpu_regfile_reset(&r->regs);
    rv770_cp_reset(r);
    rv770_dma_reset(r);
    memset(&r->dma.stats, 0, sizeof(r->dma.stats));
    memset(r->cp.state, 0, RV770_STATE_DWORDS * sizeof(uint32_t));
    rv770_ih_reset(r);
    rv770_display_reset(r);
    hwgpu_worker_unlock(&r->worker);
}

uint32_t rv770_run_engine(Rv770 *r, uint32_t budget,
                          bool (*runnable)(Rv770 *r), bool (*step)(Rv770 *r),
                          bool *waiting)
{
    uint32_t done = 0;

    while (done < budget && runnable(r)) {
        if (!step(r)) {
            *waiting = true;
            break;
        }
        done++;
        if (hwgpu_worker_contended(&r->worker)) {
            break;
        }
    }
    return done;
}

bool rv770_start(Rv770 *r)
{
    return hwgpu_worker_start(&r->worker);
}

uint32_t rv770_run(Rv770 *r, uint32_t budget)
{
    uint32_t n;

    hwgpu_worker_lock(&r->worker);
    n = rv770_cp_run(r, budget);
    n += rv770_dma_run(r, budget);
    hwgpu_worker_unlock(&r->worker);
    return n;
}

void rv770_service(Rv770 *r, Rv770Irq *irq)
{
    hwgpu_worker_lock(&r->worker);
    irq->changed = r->irq_dirty;
    irq->level = rv770_ih_pending(r);
    irq->msi = r->msi_due && irq->level;
    r->irq_dirty = false;
    r->msi_due = false;
    hwgpu_worker_unlock(&r->worker);
}

uint32_t rv770_mmio_read(Rv770 *r, uint32_t offset)
{
    uint32_t v;

    hwgpu_worker_lock(&r->worker);
    v = hwgpu_reg_read(&r->regs, offset & ~3u);
    hwgpu_worker_unlock(&r->worker);
    return v;
}

void rv770_mmio_write(Rv770 *r, uint32_t offset, uint32_t val)
{
    hwgpu_worker_lock(&r->worker);
    hwgpu_reg_write(&r->regs, offset & ~3u, val);
    hwgpu_worker_unlock(&r->worker);
}
