/*
 * hwgpu host interface: the only way the QEMU-independent device model talks
 * to the world (guest memory, interrupt line, clock, logging).  The QEMU glue
 * fills it in; unit tests fill it with plain C.
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
} HwgpuHost;

/* printf-style logging through host->log (no-op when host->log is NULL). */
void hwgpu_log(const HwgpuHost *host, HwgpuLogKind kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
