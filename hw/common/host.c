/*
 * hwgpu host interface helpers and the log policy (include/hwgpu/common/host.h).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdarg.h>
#include <stdio.h>

#include "hwgpu/common/host.h"
#include "hwgpu/common/thread.h"

static gint log_epoch = 1;
static HwgpuMutex log_lock = { PTHREAD_MUTEX_INITIALIZER };
static uint64_t log_suppressed;

static void __attribute__((format(printf, 4, 0)))
vlog(const HwgpuHost *host, HwgpuLogKind kind, const char *prefix,
     const char *fmt, va_list ap)
{
    char buf[320];
    size_t n = 0;

    if (prefix) {
        n = (size_t)snprintf(buf, sizeof(buf), "%s", prefix);
        n = n < sizeof(buf) ? n : sizeof(buf) - 1;
    }
    vsnprintf(buf + n, sizeof(buf) - n, fmt, ap);
    host->log(host->opaque, kind, buf);
}

void hwgpu_log(const HwgpuHost *host, HwgpuLogKind kind, const char *fmt, ...)
{
    va_list ap;

    if (!host || !host->log) {
        return;
    }
    va_start(ap, fmt);
    vlog(host, kind, NULL, fmt, ap);
    va_end(ap);
}

void hwgpu_trace(const HwgpuHost *host, const char *kind, const char *fmt,
                 ...)
{
    char buf[1024];     /* a 3D command disassembled field by field */
    va_list ap;

    if (!hwgpu_trace_on(host, kind)) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(buf, sizeof(buf), fmt, ap);
    va_end(ap);
    host->trace(host->opaque, kind, buf);
}

bool hwgpu_log_at(const HwgpuHost *host, HwgpuLogSite *site,
                  HwgpuLogKind kind, const char *fmt, ...)
{
    uint32_t epoch = (uint32_t)g_atomic_int_get(&log_epoch);
    int64_t now = g_get_monotonic_time();
    uint64_t dropped = 0;
    char prefix[64];
    va_list ap;

    if (!host || !host->log) {
        return false;
    }
    hwgpu_mutex_lock(&log_lock);
    if (site->epoch != epoch) {
        site->epoch = epoch;
        site->lines = 0;
        site->window_us = now;
    }
    if (now - site->window_us >= HWGPU_LOG_WINDOW_US) {
        site->window_us = now;
        site->lines = 0;
    }
    if (site->lines >= HWGPU_LOG_BURST) {
        site->suppressed++;
        log_suppressed++;
        hwgpu_mutex_unlock(&log_lock);
        return false;
    }
    site->lines++;
    dropped = site->suppressed;
    site->suppressed = 0;
    hwgpu_mutex_unlock(&log_lock);

    prefix[0] = 0;
    if (dropped) {
        snprintf(prefix, sizeof(prefix), "(%llu similar suppressed) ",
                 (unsigned long long)dropped);
    }
    va_start(ap, fmt);
    vlog(host, kind, prefix, fmt, ap);
    va_end(ap);
    return true;
}

void hwgpu_log_new_epoch(void)
{
    g_atomic_int_inc(&log_epoch);
}

uint64_t hwgpu_log_suppressed_total(void)
{
    uint64_t n;

    hwgpu_mutex_lock(&log_lock);
    n = log_suppressed;
    hwgpu_mutex_unlock(&log_lock);
    return n;
}
