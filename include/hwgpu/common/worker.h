/*
 * The engine worker: a thread that runs one engine's work off the vCPU
 * thread, and the lock it shares with whoever else touches the engine
 * (register accesses from the vCPU or the main loop).  Any vendor's
 * engine uses it (the G45 rings today, the RV770's rings next).
 *
 * The hand-off: the worker holds the lock while it runs a chunk of work;
 * a caller from outside announces itself (hwgpu_worker_lock) before it
 * blocks on the lock, the run loop checks hwgpu_worker_contended() between
 * steps and returns early, and the worker then steps aside until every
 * announced caller has had the lock.  A vCPU holding QEMU's BQL therefore
 * never waits for more than one step of GPU work.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_COMMON_WORKER_H
#define HWGPU_COMMON_WORKER_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/host.h"
#include "hwgpu/common/thread.h"

typedef struct HwgpuWorkerOps {
    /* Lock held: is there work to do now? */
    bool (*runnable)(void *opaque);
    /* Lock held: do one chunk of work (return early when contended). */
    void (*run)(void *opaque);
    /*
     * Lock held, nothing runnable: microseconds to sleep before calling
     * idle_tick (a waiting engine checks for hangs), or 0 to sleep until
     * kicked.  Either may be NULL.
     */
    int64_t (*idle_timeout_us)(void *opaque);
    void (*idle_tick)(void *opaque);
} HwgpuWorkerOps;

typedef struct HwgpuWorker {
    HwgpuMutex lock;
    HwgpuCond cond;
    gint waiters;               /* callers announced, waiting for the lock */
    GThread *thread;
    bool quit;
    bool paused;                /* hwgpu_worker_pause: run nothing */
    const char *name;
    const HwgpuWorkerOps *ops;
    void *opaque;
    const HwgpuHost *host;      /* thread_begin/_end on the thread; may be NULL */
} HwgpuWorker;

void hwgpu_worker_init(HwgpuWorker *w, const char *name,
                       const HwgpuWorkerOps *ops, void *opaque,
                       const HwgpuHost *host);
/* Stops the thread if it runs. */
void hwgpu_worker_destroy(HwgpuWorker *w);

/* Take the lock from outside the worker (announcing the wait). */
void hwgpu_worker_lock(HwgpuWorker *w);
void hwgpu_worker_unlock(HwgpuWorker *w);

/* Lock held, in the run loop: somebody waits for the lock. */
static inline bool hwgpu_worker_contended(HwgpuWorker *w)
{
    return w->thread && g_atomic_int_get(&w->waiters);
}

/* Lock held: there may be work (wakes the thread and idle waiters). */
void hwgpu_worker_kick(HwgpuWorker *w);

/*
 * Pause: returns once the current chunk has ended (the run loop hands the
 * lock over between steps, so at a step boundary); the thread then runs
 * nothing and calls no idle tick until hwgpu_worker_resume.  The device
 * pauses its engines while the VM is stopped, so that nothing touches
 * guest memory or engine state while a snapshot or a migration is taken.
 */
void hwgpu_worker_pause(HwgpuWorker *w);
void hwgpu_worker_resume(HwgpuWorker *w);

bool hwgpu_worker_start(HwgpuWorker *w);
void hwgpu_worker_stop(HwgpuWorker *w);
/* Block until the thread has nothing runnable (returns at once without a
 * thread). */
void hwgpu_worker_wait_idle(HwgpuWorker *w);

#endif
