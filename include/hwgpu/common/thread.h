/*
 * Locks and condition variables for the device models' worker threads.
 *
 * Plain POSIX mutexes and condition variables (the same primitives QEMU's
 * QemuMutex/QemuCond use), not GLib's GMutex/GCond: GLib implements those
 * with raw futexes on Linux, which ThreadSanitizer cannot see, so every
 * access they protect would be reported as a race.  Timed waits use the
 * monotonic clock of g_get_monotonic_time().
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_THREAD_H
#define HWGPU_THREAD_H

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

typedef struct HwgpuMutex {
    pthread_mutex_t m;
} HwgpuMutex;

typedef struct HwgpuCond {
    pthread_cond_t c;
} HwgpuCond;

static inline void hwgpu_check(int err)
{
    if (err) {
        abort();    /* a broken lock is a programming error */
    }
}

static inline void hwgpu_mutex_init(HwgpuMutex *m)
{
    hwgpu_check(pthread_mutex_init(&m->m, NULL));
}

static inline void hwgpu_mutex_destroy(HwgpuMutex *m)
{
    hwgpu_check(pthread_mutex_destroy(&m->m));
}

static inline void hwgpu_mutex_lock(HwgpuMutex *m)
{
    hwgpu_check(pthread_mutex_lock(&m->m));
}

static inline void hwgpu_mutex_unlock(HwgpuMutex *m)
{
    hwgpu_check(pthread_mutex_unlock(&m->m));
}

static inline void hwgpu_cond_init(HwgpuCond *c)
{
    pthread_condattr_t a;

    hwgpu_check(pthread_condattr_init(&a));
    hwgpu_check(pthread_condattr_setclock(&a, CLOCK_MONOTONIC));
    hwgpu_check(pthread_cond_init(&c->c, &a));
    pthread_condattr_destroy(&a);
}

static inline void hwgpu_cond_destroy(HwgpuCond *c)
{
    hwgpu_check(pthread_cond_destroy(&c->c));
}

static inline void hwgpu_cond_wait(HwgpuCond *c, HwgpuMutex *m)
{
    hwgpu_check(pthread_cond_wait(&c->c, &m->m));
}

/* Wait until signalled or the monotonic clock passes `deadline_us`. */
static inline void hwgpu_cond_wait_until(HwgpuCond *c, HwgpuMutex *m,
                                         int64_t deadline_us)
{
    struct timespec ts = {
        .tv_sec = deadline_us / 1000000,
        .tv_nsec = (deadline_us % 1000000) * 1000,
    };
    int err = pthread_cond_timedwait(&c->c, &m->m, &ts);

    if (err != ETIMEDOUT) {
        hwgpu_check(err);
    }
}

static inline void hwgpu_cond_broadcast(HwgpuCond *c)
{
    hwgpu_check(pthread_cond_broadcast(&c->c));
}

#endif
