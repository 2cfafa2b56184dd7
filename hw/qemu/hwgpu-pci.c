/*
 * The generic binding of a hwgpu device model to a QEMU PCI device
 * (see hwgpu-pci.h).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/main-loop.h"
#include "qemu/timer.h"
#include "exec/memory.h"
#include "qemu/rcu.h"

#include "hwgpu-pci.h"
#include "trace.h"

static const char *hwgpu_pci_name(HwgpuPci *hp)
{
    return object_get_typename(OBJECT(hp->pdev));
}

static void hwgpu_pci_log(void *opaque, HwgpuLogKind kind, const char *msg)
{
    HwgpuPci *hp = opaque;

    if (kind == HWGPU_LOG_GUEST_ERROR) {
        trace_hwgpu_guest_error(hwgpu_pci_name(hp), msg);
    } else {
        trace_hwgpu_unimp(hwgpu_pci_name(hp), msg);
    }
    qemu_log_mask(kind == HWGPU_LOG_GUEST_ERROR ? LOG_GUEST_ERROR : LOG_UNIMP,
                  "%s\n", msg);
}

/*
 * Events of the QEMU-independent core: each command executed
 * (hwgpu_cmd) and each draw's state (hwgpu_draw) apart from the rest
 * (hwgpu_event: batches, rings, interrupts, flips, hangs), which stays
 * light enough to time a frame by.
 */
static bool hwgpu_pci_trace_on(void *opaque, const char *kind)
{
    if (kind && !strcmp(kind, "cmd")) {
        return trace_event_get_state_backends(TRACE_HWGPU_CMD);
    }
    if (kind && !strcmp(kind, "draw")) {
        return trace_event_get_state_backends(TRACE_HWGPU_DRAW);
    }
    return trace_event_get_state_backends(TRACE_HWGPU_EVENT);
}

static void hwgpu_pci_trace(void *opaque, const char *kind, const char *line)
{
    if (kind && !strcmp(kind, "cmd")) {
        trace_hwgpu_cmd(hwgpu_pci_name(opaque), line);
    } else if (kind && !strcmp(kind, "draw")) {
        trace_hwgpu_draw(hwgpu_pci_name(opaque), line);
    } else {
        trace_hwgpu_event(hwgpu_pci_name(opaque), kind, line);
    }
}

/*
 * Device DMA (command streamers, blitter, scanout, aperture through the
 * GTT) reaches guest RAM only.  The target is resolved and accessed in one
 * step through a MemoryRegionCache, which holds a reference on the RAM it
 * found: a concurrent change of the memory map (the guest clearing bus
 * mastering, a BAR moving) cannot turn the access into an MMIO dispatch.
 * That matters twice: the engines' worker threads never hold the BQL and
 * must never take it (a vCPU holding the BQL may be waiting for an engine's
 * lock), and a page-table entry aimed at another device's registers (or
 * our own BARs) must not reach them.  Anything else reads as zeros and
 * drops writes, as a DMA to nowhere does.
 */
static bool hwgpu_pci_dma_rw(HwgpuPci *hp, uint64_t addr, uint8_t *buf,
                             size_t len, bool is_write)
{
    AddressSpace *as = pci_get_address_space(hp->pdev);

    while (len) {
        MemoryRegionCache cache;
        int64_t l = address_space_cache_init(&cache, as, addr, len, is_write);
        bool ram = l > 0 && cache.ptr;

        if (ram) {
            if (is_write) {
                memcpy(cache.ptr, buf, l);
                address_space_cache_invalidate(&cache, 0, l);
            } else {
                memcpy(buf, cache.ptr, l);
            }
        }
        address_space_cache_destroy(&cache);
        if (!ram) {
            trace_hwgpu_dma_fault(hwgpu_pci_name(hp), addr, len, is_write);
            if (!is_write) {
                memset(buf, 0, len);
            }
            return false;
        }
        addr += l;
        buf += l;
        len -= l;
    }
    return true;
}

static bool hwgpu_pci_dma_read(void *opaque, uint64_t addr, void *buf,
                               size_t len)
{
    return hwgpu_pci_dma_rw(opaque, addr, buf, len, false);
}

static bool hwgpu_pci_dma_write(void *opaque, uint64_t addr, const void *buf,
                                size_t len)
{
    return hwgpu_pci_dma_rw(opaque, addr, (uint8_t *)buf, len, true);
}

/*
 * Direct access to a page of guest RAM (HwgpuHost.map_page): the same
 * MemoryRegionCache as a DMA, held until unmap_page, which tells the
 * memory API of the writes (dirty bits for migration and the display,
 * translated code).  Anything but plain RAM is refused, as for a DMA.
 */
static void *hwgpu_pci_map_page(void *opaque, uint64_t page, void **handle)
{
    HwgpuPci *hp = opaque;
    AddressSpace *as = pci_get_address_space(hp->pdev);
    MemoryRegionCache *cache = g_new(MemoryRegionCache, 1);
    int64_t l = address_space_cache_init(cache, as, page, 4096, true);

    if (l < 4096 || !cache->ptr) {
        address_space_cache_destroy(cache);
        g_free(cache);
        return NULL;
    }
    *handle = cache;
    return cache->ptr;
}

static void hwgpu_pci_unmap_page(void *opaque, void *handle, bool written)
{
    MemoryRegionCache *cache = handle;

    if (written) {
        address_space_cache_invalidate(cache, 0, 4096);
    }
    address_space_cache_destroy(cache);
    g_free(cache);
}

/* The engines' worker threads use RCU read sections (the DMA paths): they
 * must be known to RCU, or a memory map change could free what they read. */
static void hwgpu_pci_thread_begin(void *opaque)
{
    rcu_register_thread();
}

static void hwgpu_pci_thread_end(void *opaque)
{
    rcu_unregister_thread();
}

static void hwgpu_pci_set_irq(void *opaque, int level)
{
    HwgpuPci *hp = opaque;

    trace_hwgpu_irq(hwgpu_pci_name(hp), level);
    pci_set_irq(hp->pdev, level);
}

uint64_t hwgpu_pci_clock_ns(void)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

static uint64_t hwgpu_pci_clock(void *opaque)
{
    return hwgpu_pci_clock_ns();
}

/* Engines report from their threads; the device applies it on the main loop. */
static void hwgpu_pci_kick(void *opaque)
{
    HwgpuPci *hp = opaque;

    qemu_bh_schedule(hp->service_bh);
}

void hwgpu_pci_init(HwgpuPci *hp, PCIDevice *pdev,
                    void (*service)(void *opaque), void *opaque)
{
    hp->pdev = pdev;
    hp->service = service;
    hp->opaque = opaque;
    hp->host = (HwgpuHost) {
        .opaque = hp,
        .dma_read = hwgpu_pci_dma_read,
        .dma_write = hwgpu_pci_dma_write,
        .set_irq = hwgpu_pci_set_irq,
        .clock_ns = hwgpu_pci_clock,
        .log = hwgpu_pci_log,
        .kick = hwgpu_pci_kick,
        .trace_on = hwgpu_pci_trace_on,
        .trace = hwgpu_pci_trace,
        .map_page = hwgpu_pci_map_page,
        .unmap_page = hwgpu_pci_unmap_page,
        .thread_begin = hwgpu_pci_thread_begin,
        .thread_end = hwgpu_pci_thread_end,
    };
    hp->service_bh = qemu_bh_new_guarded(service, opaque,
                                         &DEVICE(pdev)->mem_reentrancy_guard);
}

/* An engine wrote VRAM: dirty for the display and migration (the dirty
 * bitmaps are updated atomically: any thread). */
static void hwgpu_pci_local_written(void *opaque, uint64_t off, uint64_t len)
{
    HwgpuPci *hp = opaque;

    memory_region_set_dirty(hp->local, off, len);
}

void hwgpu_pci_set_local(HwgpuPci *hp, MemoryRegion *local)
{
    hp->local = local;
    hp->host.local_written = hwgpu_pci_local_written;
}

void hwgpu_pci_cleanup(HwgpuPci *hp)
{
    if (hp->service_bh) {
        qemu_bh_delete(hp->service_bh);
        hp->service_bh = NULL;
    }
}
