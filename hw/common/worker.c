/*
 * The engine worker thread and its lock hand-off; see
 * include/hwgpu/common/worker.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/common/worker.h"

void hwgpu_worker_init(HwgpuWorker *w, const char *name,
                       const HwgpuWorkerOps *ops, void *opaque,
                       const HwgpuHost *host)
{
    w->host = host;
    w->waiters = 0;
    w->thread = NULL;
    w->quit = false;
    w->paused = false;
    w->name = name;
    w->ops = ops;
    w->opaque = opaque;
    hwgpu_mutex_init(&w->lock);
    hwgpu_cond_init(&w->cond);
}

void hwgpu_worker_destroy(HwgpuWorker *w)
{
    hwgpu_worker_stop(w);
    hwgpu_cond_destroy(&w->cond);
    hwgpu_mutex_destroy(&w->lock);
}

void hwgpu_worker_lock(HwgpuWorker *w)
{
    g_atomic_int_inc(&w->waiters);
    hwgpu_mutex_lock(&w->lock);
    g_atomic_int_add(&w->waiters, -1);
}

void hwgpu_worker_unlock(HwgpuWorker *w)
{
    hwgpu_mutex_unlock(&w->lock);
}

void hwgpu_worker_kick(HwgpuWorker *w)
{
    hwgpu_cond_broadcast(&w->cond);
}

static gpointer worker_main(gpointer opaque)
{
    HwgpuWorker *w = opaque;
    const HwgpuHost *h = w->host;

    if (h && h->thread_begin) {
        h->thread_begin(h->opaque);
    }
    hwgpu_mutex_lock(&w->lock);
    while (!w->quit) {
        if (w->paused) {
            hwgpu_cond_broadcast(&w->cond);     /* for wait_idle */
            hwgpu_cond_wait(&w->cond, &w->lock);
            continue;
        }
        if (!w->ops->runnable(w->opaque)) {
            int64_t us = w->ops->idle_timeout_us ?
                         w->ops->idle_timeout_us(w->opaque) : 0;

            hwgpu_cond_broadcast(&w->cond);     /* for wait_idle */
            if (us > 0) {
                hwgpu_cond_wait_until(&w->cond, &w->lock,
                                      g_get_monotonic_time() + us);
                if (w->ops->idle_tick && !w->paused) {
                    w->ops->idle_tick(w->opaque);
                }
            } else {
                hwgpu_cond_wait(&w->cond, &w->lock);
            }
            continue;
        }
        w->ops->run(w->opaque);
        /*
         * Let the announced callers in between chunks: a chunk ends early
         * when somebody waits, and the worker steps aside until every
         * waiter has had the lock (a vCPU holding the BQL must not wait
         * long).
         */
        hwgpu_mutex_unlock(&w->lock);
        g_thread_yield();
        for (int spins = 0; g_atomic_int_get(&w->waiters) && spins < 100000;
             spins++) {
            g_thread_yield();
        }
        hwgpu_mutex_lock(&w->lock);
    }
    hwgpu_mutex_unlock(&w->lock);
    if (h && h->thread_end) {
        h->thread_end(h->opaque);
    }
    return NULL;
}

void hwgpu_worker_pause(HwgpuWorker *w)
{
    hwgpu_worker_lock(w);
    w->paused = true;
    hwgpu_worker_unlock(w);
}

void hwgpu_worker_resume(HwgpuWorker *w)
{
    hwgpu_worker_lock(w);
    w->paused = false;
    hwgpu_worker_kick(w);
    hwgpu_worker_unlock(w);
}

bool hwgpu_worker_start(HwgpuWorker *w)
{
    bool ok;

    hwgpu_worker_lock(w);
    if (!w->thread) {
        w->quit = false;
        w->thread = g_thread_try_new(w->name, worker_main, w, NULL);
    }
    ok = w->thread != NULL;
    hwgpu_worker_unlock(w);
    return ok;
}

void hwgpu_worker_stop(HwgpuWorker *w)
{
    GThread *t;

    hwgpu_worker_lock(w);
    t = w->thread;
    w->quit = true;
    hwgpu_worker_kick(w);
    hwgpu_worker_unlock(w);
    if (t) {
        g_thread_join(t);
    }
    hwgpu_worker_lock(w);
    w->thread = NULL;
    hwgpu_worker_unlock(w);
}

void hwgpu_worker_wait_idle(HwgpuWorker *w)
{
    hwgpu_worker_lock(w);
    while (w->thread && !w->quit && !w->paused &&
           w->ops->runnable(w->opaque)) {
        hwgpu_cond_wait(&w->cond, &w->lock);
    }
    hwgpu_worker_unlock(w);
}
