/*
 * A pool of helper threads that run the tasks of one job together with
 * the thread that submits it: a draw's screen bands (the Gen4 windower),
 * later any vendor's per-draw work.  Tasks are handed out in index order
 * to whichever thread is free, so a task must not depend on which thread
 * runs it or on the order tasks finish in: each writes only what is its
 * own (its band's pixels, its own counters), and the job's result is then
 * the same whatever the thread count.
 *
 * One job at a time per pool; hwgpu_pool_run returns when every task has
 * ended and no helper touches the job any more.  A pool of size 1 has no
 * helper threads: the submitter runs every task in order.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_COMMON_POOL_H
#define HWGPU_COMMON_POOL_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/host.h"
#include "hwgpu/common/thread.h"

/*
 * Threads a pool may have, its submitter included.  Each is one hardware
 * thread to the guest's shaders, with its own scratch slot: the G45 has
 * 32 VS and 50 PS threads (crocus sizes scratch buffers by those).
 */
#define HWGPU_POOL_MAX      32

/* Task `task` of a job, on thread `slot` (0: the submitter; < size). */
typedef void HwgpuPoolFn(void *opaque, unsigned task, unsigned slot);

typedef struct HwgpuPool {
    HwgpuMutex lock;
    HwgpuCond wake;             /* helpers: a job, or quit */
    HwgpuCond done;             /* submitter: the job's last helper left */
    unsigned size;              /* threads, the submitter included */
    GThread *threads[HWGPU_POOL_MAX];
    const HwgpuHost *host;      /* thread_begin/_end on the helpers */
    bool quit;
    /* The job (lock held to change; next is taken atomically). */
    uint64_t generation;
    HwgpuPoolFn *fn;
    void *opaque;
    unsigned ntasks;
    gint next;                  /* the next task to hand out */
    unsigned busy;              /* helpers inside the current job */
} HwgpuPool;

/*
 * size: threads to run jobs on, the submitter included (0: one per host
 * core; capped at HWGPU_POOL_MAX).
 */
void hwgpu_pool_init(HwgpuPool *p, unsigned size, const HwgpuHost *host);
void hwgpu_pool_destroy(HwgpuPool *p);

/* Run fn for tasks 0 .. ntasks - 1; returns when all have ended. */
void hwgpu_pool_run(HwgpuPool *p, unsigned ntasks, HwgpuPoolFn *fn,
                    void *opaque);

/*
 * The host's cores (the default size): those this process may run on,
 * fewer when a cgroup CPU quota grants less time than that.
 */
unsigned hwgpu_pool_host_cores(void);
/* The whole CPUs a cgroup quota grants (0: none); see pool.c. */
unsigned hwgpu_pool_cgroup_cpus(const char *root, const char *self);

#endif
