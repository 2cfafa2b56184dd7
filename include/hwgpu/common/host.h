/*
 * hwgpu host interface: the only way the QEMU-independent device model talks
 * to the world (guest memory, interrupt line, clock, logging).  The QEMU glue
 * fills it in; unit tests fill it with plain C.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_HOST_H
#define HWGPU_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum HwgpuLogKind {
    HWGPU_LOG_GUEST_ERROR,  /* the guest did something the hardware forbids */
    HWGPU_LOG_UNIMP,        /* the guest used something we do not model yet */
} HwgpuLogKind;

typedef struct HwgpuHost {
    void *opaque;
    /* Guest-physical memory; false when the range is not guest RAM. */
    bool (*dma_read)(void *opaque, uint64_t addr, void *buf, size_t len);
    bool (*dma_write)(void *opaque, uint64_t addr, const void *buf, size_t len);
    void (*set_irq)(void *opaque, int level);
    uint64_t (*clock_ns)(void *opaque);
    void (*log)(void *opaque, HwgpuLogKind kind, const char *msg);
    /*
     * Ask for the device's service routine to run soon on the thread that
     * owns the register file (QEMU: the main loop).  Called from worker
     * threads; must be thread-safe.  NULL: the caller services by hand.
     */
    void (*kick)(void *opaque);
    /*
     * Tracing (QEMU: the glue's trace-events): whether events of a kind
     * are wanted (callers skip formatting otherwise), and one event: a
     * kind ("cmd", "draw", "batch", "hang", "flip", ...) and a line of
     * text.  Either may be NULL.
     */
    bool (*trace_on)(void *opaque, const char *kind);
    void (*trace)(void *opaque, const char *kind, const char *line);
    /*
     * Optional direct access to guest RAM, for a block that touches the
     * same pages many times in one command (the 3D pipeline's render
     * targets): a host pointer to the 4 KiB page at `page` (page aligned,
     * guest-physical), readable and writable, or NULL when the page is not
     * plain RAM (the caller then goes through dma_read/dma_write, which
     * refuse it).  *handle is the host's, for unmap_page, which every
     * mapping gets before the command ends; `written` when the caller
     * wrote through the pointer (QEMU then marks the page dirty for
     * migration, the display and translated code).  Both may run on a
     * worker thread.  NULL: no direct access.
     */
    void *(*map_page)(void *opaque, uint64_t page, void **handle);
    void (*unmap_page)(void *opaque, void *handle, bool written);
    /*
     * Optional: called on a worker thread of the device as it starts and
     * before it ends (QEMU registers the thread with RCU, whose read-side
     * sections the DMA paths use).
     */
    void (*thread_begin)(void *opaque);
    void (*thread_end)(void *opaque);
    /*
     * Optional: an engine wrote the device's own memory (VRAM) at byte
     * offset `off`, `len` bytes (QEMU marks them dirty for the display and
     * migration, as a CPU write through the BAR would be).  May run on a
     * worker thread.  NULL: nothing tracks that memory.
     */
    void (*local_written)(void *opaque, uint64_t off, uint64_t len);
} HwgpuHost;

/* Whether events of `kind` are traced (cheap; check before formatting). */
static inline bool hwgpu_trace_on(const HwgpuHost *host, const char *kind)
{
    return host && host->trace && host->trace_on &&
           host->trace_on(host->opaque, kind);
}

/* One trace event, printf-style (formatted only when tracing is on). */
void hwgpu_trace(const HwgpuHost *host, const char *kind, const char *fmt,
                 ...) __attribute__((format(printf, 3, 4)));

/* printf-style logging through host->log (no-op when host->log is NULL). */
void hwgpu_log(const HwgpuHost *host, HwgpuLogKind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * The log policy: every guest-error or unimplemented-feature message goes
 * through a per-call-site rate limit, so that a guest looping on a bad
 * command cannot flood the log, yet is never silenced for good.  A site
 * prints at most HWGPU_LOG_BURST lines per HWGPU_LOG_WINDOW_US; the first
 * line after a window that dropped some says how many.  A device reset
 * (hwgpu_log_new_epoch) lets every site log again at once.
 */
#define HWGPU_LOG_BURST         8
#define HWGPU_LOG_WINDOW_US     1000000

typedef struct HwgpuLogSite {
    uint32_t epoch;             /* hwgpu_log_epoch of the counters below */
    uint32_t lines;             /* printed in the current window */
    uint64_t suppressed;        /* dropped since the last printed line */
    int64_t window_us;          /* start of the current window */
} HwgpuLogSite;

/* Log through `site`'s rate limit.  True if the line was printed. */
bool hwgpu_log_at(const HwgpuHost *host, HwgpuLogSite *site,
                  HwgpuLogKind kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Device reset: every call site may log again. */
void hwgpu_log_new_epoch(void);
/* Lines dropped by rate limits since start-up (tests, statistics). */
uint64_t hwgpu_log_suppressed_total(void);

#define HWGPU_LOG_RL(host, kind, ...) do {                                   \
        static HwgpuLogSite hwgpu_log_site_;                                \
        hwgpu_log_at((host), &hwgpu_log_site_, (kind), __VA_ARGS__);        \
    } while (0)
/* The guest did something the hardware forbids. */
#define HWGPU_GUEST_ERROR(host, ...) \
    HWGPU_LOG_RL(host, HWGPU_LOG_GUEST_ERROR, __VA_ARGS__)
/* The guest used something we do not model yet. */
#define HWGPU_UNIMP(host, ...) HWGPU_LOG_RL(host, HWGPU_LOG_UNIMP, __VA_ARGS__)

#endif
