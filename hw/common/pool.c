/*
 * The helper-thread pool; see include/hwgpu/common/pool.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "hwgpu/common/pool.h"

/*
 * The CPU time a cgroup quota grants, in whole CPUs rounded up (0: no
 * quota).  A container limited to 2 CPUs' worth of time may still see
 * every core of its host; a thread per visible core would then be
 * throttled in turns, each draw waiting for its slowest band.  SELF is the
 * text of /proc/self/cgroup; each group it names is looked up under ROOT
 * (/sys/fs/cgroup): cgroup v2's cpu.max ("QUOTA PERIOD" or "max PERIOD")
 * and v1's cpu.cfs_quota_us / cpu.cfs_period_us (-1: none).  The smallest
 * quota wins.
 */
unsigned hwgpu_pool_cgroup_cpus(const char *root, const char *self)
{
    g_auto(GStrv) lines = g_strsplit(self, "\n", -1);
    unsigned cpus = 0;

    for (char **l = lines; *l; l++) {
        g_auto(GStrv) f = g_strsplit(*l, ":", 3);
        g_autofree char *q = NULL, *per = NULL, *path = NULL;
        long long quota = -1, period = 0;

        if (g_strv_length(f) != 3 || strstr(f[2], "..")) {
            continue;
        }
        if (!strcmp(f[0], "0") && !f[1][0]) {
            path = g_strdup_printf("%s%s/cpu.max", root, f[2]);
            if (g_file_get_contents(path, &q, NULL, NULL) &&
                sscanf(q, "%lld %lld", &quota, &period) != 2) {
                quota = -1;             /* "max": no quota */
            }
        } else {
            g_auto(GStrv) ctl = g_strsplit(f[1], ",", -1);

            if (!g_strv_contains((const char * const *)ctl, "cpu")) {
                continue;
            }
            path = g_strdup_printf("%s/%s%s/cpu.cfs_quota_us", root, f[1],
                                   f[2]);
            if (g_file_get_contents(path, &q, NULL, NULL)) {
                quota = g_ascii_strtoll(q, NULL, 10);
            }
            g_free(path);
            path = g_strdup_printf("%s/%s%s/cpu.cfs_period_us", root, f[1],
                                   f[2]);
            if (g_file_get_contents(path, &per, NULL, NULL)) {
                period = g_ascii_strtoll(per, NULL, 10);
            }
        }
        if (quota > 0 && period > 0) {
            unsigned n = (unsigned)MIN((quota + period - 1) / period, 4096);

            cpus = cpus ? MIN(cpus, n) : n;
        }
    }
    return cpus;
}

unsigned hwgpu_pool_host_cores(void)
{
    unsigned n = MAX(g_get_num_processors(), 1u);
    g_autofree char *self = NULL;
    unsigned quota = 0;

    if (g_file_get_contents("/proc/self/cgroup", &self, NULL, NULL)) {
        quota = hwgpu_pool_cgroup_cpus("/sys/fs/cgroup", self);
    }

    return quota ? MIN(n, quota) : n;
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
