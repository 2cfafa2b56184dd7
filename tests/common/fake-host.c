/*
 * The fake host of the plain-C tests, fuzz targets and benchmarks
 * (fake-host.h): bounded guest RAM, a virtual clock, and capture of the
 * interrupt line, kicks and log lines.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <string.h>

#include "common/fake-host.h"

/* Whether [a, a + len) lies inside guest RAM. */
static bool fake_host_in_ram(FakeHost *fh, uint64_t a, size_t len)
{
    return a < fh->ram_size && len <= fh->ram_size - a;
}

/*
 * Guest memory is shared with engine worker threads without a lock, as
 * real guest RAM is shared between vCPUs and DMA (tests/tsan.supp).
 */
static bool fake_host_dma_read(void *opaque, uint64_t a, void *buf,
                               size_t len)
{
    FakeHost *fh = opaque;

    __atomic_fetch_add(&fh->dma_read_bytes, len, __ATOMIC_RELAXED);
    if (!fake_host_in_ram(fh, a, len)) {
        return false;
    }
    memcpy(buf, fh->ram + a, len);
    return true;
}

static bool fake_host_dma_write(void *opaque, uint64_t a, const void *buf,
                                size_t len)
{
    FakeHost *fh = opaque;

    __atomic_fetch_add(&fh->dma_write_bytes, len, __ATOMIC_RELAXED);
    if (!fake_host_in_ram(fh, a, len)) {
        return false;
    }
    memcpy(fh->ram + a, buf, len);
    return true;
}

/* Direct access: the page's bytes in the fake RAM; the handle is the page
 * address + 1 (never NULL). */
static void *fake_host_map_page(void *opaque, uint64_t page, void **handle)
{
    FakeHost *fh = opaque;

    if (!fake_host_in_ram(fh, page, 4096)) {
        return NULL;
    }
    __atomic_fetch_add(&fh->maps, 1, __ATOMIC_RELAXED);
    *handle = (void *)(uintptr_t)(page + 1);
    return fh->ram + page;
}

static void fake_host_unmap_page(void *opaque, void *handle, bool written)
{
    FakeHost *fh = opaque;

    __atomic_fetch_add(&fh->unmaps, 1, __ATOMIC_RELAXED);
    if (written) {
        __atomic_fetch_add(&fh->unmaps_written, 1, __ATOMIC_RELAXED);
    }
}

static void fake_host_set_irq(void *opaque, int level)
{
    FakeHost *fh = opaque;

    fh->irq_calls++;
    if (level && !fh->irq_level) {
        fh->irq_raises++;
    }
    fh->irq_level = level;
}

static uint64_t fake_host_clock_ns(void *opaque)
{
    FakeHost *fh = opaque;

    return __atomic_add_fetch(&fh->now_ns, fh->clock_step_ns,
                              __ATOMIC_RELAXED);
}

static void fake_host_log(void *opaque, HwgpuLogKind kind, const char *msg)
{
    FakeHost *fh = opaque;

    hwgpu_mutex_lock(&fh->log_lock);
    if ((unsigned)kind < G_N_ELEMENTS(fh->nlogs)) {
        fh->nlogs[kind]++;
    }
    g_strlcpy(fh->log_lines[fh->log_total % FAKE_HOST_LOG_LINES], msg,
              FAKE_HOST_LOG_LEN);
    fh->log_total++;
    hwgpu_mutex_unlock(&fh->log_lock);
    if (fh->print_log) {
        const char *k = kind == HWGPU_LOG_GUEST_ERROR ? "guest error" :
                        "unimplemented";

        if (g_test_initialized()) {
            g_test_message("log (%s): %s", k, msg);
        } else {
            fprintf(stderr, "log (%s): %s\n", k, msg);
        }
    }
}

static void fake_host_kick(void *opaque)
{
    FakeHost *fh = opaque;

    __atomic_fetch_add(&fh->kicks, 1, __ATOMIC_RELAXED);
}

void fake_host_init(FakeHost *fh, void *ram, size_t ram_size)
{
    memset(fh, 0, sizeof(*fh));
    hwgpu_mutex_init(&fh->log_lock);
    fh->ram = ram ? ram : g_malloc0(ram_size);
    fh->ram_owned = !ram;
    fh->ram_size = ram_size;
    fh->host = (HwgpuHost) {
        .opaque = fh,
        .dma_read = fake_host_dma_read,
        .dma_write = fake_host_dma_write,
        .set_irq = fake_host_set_irq,
        .clock_ns = fake_host_clock_ns,
        .log = fake_host_log,
        .kick = fake_host_kick,
        .map_page = fake_host_map_page,
        .unmap_page = fake_host_unmap_page,
    };
}

void fake_host_destroy(FakeHost *fh)
{
    if (fh->ram_owned) {
        g_free(fh->ram);
    }
    fh->ram = NULL;
    fh->ram_size = 0;
    hwgpu_mutex_destroy(&fh->log_lock);
}

uint64_t fake_host_now(FakeHost *fh)
{
    return __atomic_load_n(&fh->now_ns, __ATOMIC_RELAXED);
}

void fake_host_set_clock(FakeHost *fh, uint64_t ns)
{
    __atomic_store_n(&fh->now_ns, ns, __ATOMIC_RELAXED);
}

void fake_host_advance(FakeHost *fh, uint64_t ns)
{
    __atomic_fetch_add(&fh->now_ns, ns, __ATOMIC_RELAXED);
}

unsigned fake_host_nlogs(FakeHost *fh, HwgpuLogKind kind)
{
    unsigned n = 0;

    hwgpu_mutex_lock(&fh->log_lock);
    if ((unsigned)kind < G_N_ELEMENTS(fh->nlogs)) {
        n = fh->nlogs[kind];
    }
    hwgpu_mutex_unlock(&fh->log_lock);
    return n;
}

unsigned fake_host_nlogs_total(FakeHost *fh)
{
    unsigned n;

    hwgpu_mutex_lock(&fh->log_lock);
    n = fh->log_total;
    hwgpu_mutex_unlock(&fh->log_lock);
    return n;
}

const char *fake_host_last_log(FakeHost *fh)
{
    const char *line = "";

    hwgpu_mutex_lock(&fh->log_lock);
    if (fh->log_total) {
        line = fh->log_lines[(fh->log_total - 1) % FAKE_HOST_LOG_LINES];
    }
    hwgpu_mutex_unlock(&fh->log_lock);
    return line;
}

unsigned fake_host_log_count(FakeHost *fh, const char *needle)
{
    unsigned n = 0, kept;

    hwgpu_mutex_lock(&fh->log_lock);
    kept = MIN(fh->log_total, FAKE_HOST_LOG_LINES);
    for (unsigned i = 0; i < kept; i++) {
        n += strstr(fh->log_lines[i], needle) != NULL;
    }
    hwgpu_mutex_unlock(&fh->log_lock);
    return n;
}

void fake_host_clear_log(FakeHost *fh)
{
    hwgpu_mutex_lock(&fh->log_lock);
    memset(fh->nlogs, 0, sizeof(fh->nlogs));
    fh->log_total = 0;
    hwgpu_mutex_unlock(&fh->log_lock);
}
