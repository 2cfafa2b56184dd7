/*
 * The fake host of the plain-C tests, fuzz targets and benchmarks: one
 * HwgpuHost (include/hwgpu/common/host.h) backed by a bounded fake guest
 * RAM, a virtual clock the test moves by hand, and capture of the
 * interrupt line, of kicks and of log lines.
 *
 *     static FakeHost fh;
 *     fake_host_init(&fh, ram, sizeof(ram));   // or NULL: allocated
 *     g45_gtt_init(&gtt, ptes, n, &fh.host);
 *     ...
 *     g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 1);
 *
 * Guest memory accesses, the clock, kicks and logs may come from engine
 * worker threads; the counters and the log are safe to update from there
 * and to read once the engine is idle.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_FAKE_HOST_H
#define HWGPU_TESTS_FAKE_HOST_H

#include <glib.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwgpu/common/host.h"
#include "hwgpu/common/thread.h"

/* Log lines kept (the most recent ones); counts are not bounded. */
#define FAKE_HOST_LOG_LINES     64
#define FAKE_HOST_LOG_LEN       320

typedef struct FakeHost {
    HwgpuHost host;             /* hand &fh->host to the device model */

    /* Guest RAM: [0, ram_size); anything outside is refused. */
    uint8_t *ram;
    size_t ram_size;
    bool ram_owned;             /* allocated by fake_host_init */
    uint64_t dma_read_bytes;    /* asked for, whether refused or not */
    uint64_t dma_write_bytes;
    /* Direct access (map_page / unmap_page): pages mapped, given back,
     * given back written. */
    uint64_t maps, unmaps, unmaps_written;

    /* Virtual clock: each read adds clock_step_ns, then returns now_ns. */
    uint64_t now_ns;
    uint64_t clock_step_ns;

    /* Interrupt line: its level, the calls and the rising edges. */
    int irq_level;
    unsigned irq_calls;
    unsigned irq_raises;

    unsigned kicks;

    /* Log capture; print_log also prints every line as it comes. */
    bool print_log;
    HwgpuMutex log_lock;
    unsigned nlogs[2];          /* by HwgpuLogKind */
    unsigned log_total;
    char log_lines[FAKE_HOST_LOG_LINES][FAKE_HOST_LOG_LEN];
} FakeHost;

/*
 * Set up `fh` with `ram` (ram_size bytes, owned by the caller) as guest
 * RAM, or with a zeroed allocation of ram_size bytes when ram is NULL.
 * The clock stands at 0 and steps by 0; every counter is 0.
 */
void fake_host_init(FakeHost *fh, void *ram, size_t ram_size);
/* Free what fake_host_init allocated. */
void fake_host_destroy(FakeHost *fh);

/* The virtual clock. */
uint64_t fake_host_now(FakeHost *fh);
void fake_host_set_clock(FakeHost *fh, uint64_t ns);
void fake_host_advance(FakeHost *fh, uint64_t ns);

/* Captured log lines: counts, the newest line, a search; reset. */
unsigned fake_host_nlogs(FakeHost *fh, HwgpuLogKind kind);
unsigned fake_host_nlogs_total(FakeHost *fh);
static inline unsigned fake_host_nerrors(FakeHost *fh)
{
    return fake_host_nlogs(fh, HWGPU_LOG_GUEST_ERROR);
}
static inline unsigned fake_host_nunimp(FakeHost *fh)
{
    return fake_host_nlogs(fh, HWGPU_LOG_UNIMP);
}
/* The newest line ("" if none); valid until the next log. */
const char *fake_host_last_log(FakeHost *fh);
/* How many of the kept lines contain `needle`. */
unsigned fake_host_log_count(FakeHost *fh, const char *needle);
void fake_host_clear_log(FakeHost *fh);

#endif
