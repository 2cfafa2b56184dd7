/*
 * The helper-thread pool; see include/hwgpu/common/pool.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/common/pool.h"

unsigned hwgpu_pool_host_cores(void)
{
    return MAX(g_get_num_processors(), 1u);
}

/* Take tasks of the current job until none is left. */
static void take_tasks(HwgpuPool *p, HwgpuPoolFn *fn, void *opaque,
                       unsigned ntasks, unsigned slot)
{
    for (;;) {
        unsigned task = (unsigned)g_atomic_int_add(&p->next, 1);

        if (task >= ntasks) {
            return;
        }
        fn(opaque, task, slot);
    }
}

typedef struct Helper {
    HwgpuPool *pool;
    unsigned slot;
} Helper;

static gpointer helper_main(gpointer opaque)
{
    Helper *h = opaque;
    HwgpuPool *p = h->pool;
    unsigned slot = h->slot;
    uint64_t seen = 0;

    g_free(h);
    if (p->host && p->host->thread_begin) {
        p->host->thread_begin(p->host->opaque);
    }
    hwgpu_mutex_lock(&p->lock);
    for (;;) {
        HwgpuPoolFn *fn;
        void *job;
        unsigned ntasks;

        while (!p->quit && p->generation == seen) {
            hwgpu_cond_wait(&p->wake, &p->lock);
        }
        if (p->quit) {
            break;
        }
        seen = p->generation;
        fn = p->fn;
        job = p->opaque;
        ntasks = p->ntasks;
        p->busy++;
        hwgpu_mutex_unlock(&p->lock);
        take_tasks(p, fn, job, ntasks, slot);
        hwgpu_mutex_lock(&p->lock);
        if (!--p->busy) {
            hwgpu_cond_broadcast(&p->done);
        }
    }
    hwgpu_mutex_unlock(&p->lock);
    if (p->host && p->host->thread_end) {
        p->host->thread_end(p->host->opaque);
    }
    return NULL;
}

void hwgpu_pool_init(HwgpuPool *p, unsigned size, const HwgpuHost *host)
{
    memset(p, 0, sizeof(*p));
    hwgpu_mutex_init(&p->lock);
    hwgpu_cond_init(&p->wake);
    hwgpu_cond_init(&p->done);
    p->host = host;
    p->size = MIN(size ? size : hwgpu_pool_host_cores(),
                  (unsigned)HWGPU_POOL_MAX);
    for (unsigned i = 1; i < p->size; i++) {
        Helper *h = g_new(Helper, 1);

        h->pool = p;
        h->slot = i;
        p->threads[i] = g_thread_new("hwgpu-pool", helper_main, h);
    }
}

void hwgpu_pool_destroy(HwgpuPool *p)
{
    hwgpu_mutex_lock(&p->lock);
    p->quit = true;
    hwgpu_cond_broadcast(&p->wake);
    hwgpu_mutex_unlock(&p->lock);
    for (unsigned i = 1; i < p->size; i++) {
        g_thread_join(p->threads[i]);
        p->threads[i] = NULL;
    }
    hwgpu_cond_destroy(&p->done);
    hwgpu_cond_destroy(&p->wake);
    hwgpu_mutex_destroy(&p->lock);
}

void hwgpu_pool_run(HwgpuPool *p, unsigned ntasks, HwgpuPoolFn *fn,
                    void *opaque)
{
    if (p->size <= 1 || ntasks <= 1) {
        for (unsigned t = 0; t < ntasks; t++) {
            fn(opaque, t, 0);
        }
        return;
    }
    hwgpu_mutex_lock(&p->lock);
    /* A helper that woke for the previous job only now leaves it (it
     * finds no task left); the counter is reset after that. */
    while (p->busy) {
        hwgpu_cond_wait(&p->done, &p->lock);
    }
    p->fn = fn;
    p->opaque = opaque;
    p->ntasks = ntasks;
    g_atomic_int_set(&p->next, 0);
    p->generation++;
    hwgpu_cond_broadcast(&p->wake);
    hwgpu_mutex_unlock(&p->lock);

    take_tasks(p, fn, opaque, ntasks, 0);

    /* Every task is taken; wait for the helpers still running theirs (and
     * for any that woke late, which find nothing left and leave). */
    hwgpu_mutex_lock(&p->lock);
    while (p->busy) {
        hwgpu_cond_wait(&p->done, &p->lock);
    }
    hwgpu_mutex_unlock(&p->lock);
}
