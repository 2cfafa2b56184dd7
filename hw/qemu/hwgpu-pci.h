/*
 * The generic binding of a hwgpu device model to a QEMU PCI device: the
 * HwgpuHost interface (include/hwgpu/common/host.h) filled with QEMU's
 * services.  Every hwgpu PCI device (intel-g45, later radeon-rv770) embeds
 * one HwgpuPci and hands hwgpu_pci_host() to its QEMU-independent core.
 *
 * - DMA reaches guest RAM only (hwgpu-pci.c explains why);
 * - the interrupt is the PCI device's INTx line (pci_set_irq);
 * - the clock is QEMU_CLOCK_VIRTUAL;
 * - guest errors and unimplemented features go to qemu_log_mask() (the
 *   core's lines name their block) and to the trace events
 *   hwgpu_guest_error / hwgpu_unimp with the device's type; the core's own
 *   events (commands, batches, hangs, flips) to hwgpu_event;
 * - a kick from an engine thread schedules a bottom half that runs the
 *   device's service routine on the main loop (with the BQL).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_HWGPU_PCI_H
#define HW_HWGPU_PCI_H

#include "hw/pci/pci_device.h"
#include "hwgpu/common/host.h"

typedef struct HwgpuPci {
    PCIDevice *pdev;
    HwgpuHost host;
    QEMUBH *service_bh;
    void (*service)(void *opaque);  /* main-loop work after a kick */
    void *opaque;
    MemoryRegion *local;            /* device-local RAM (VRAM) or NULL */
} HwgpuPci;

/*
 * Set up the binding for `pdev`; `service(opaque)` runs on the main loop
 * whenever the core kicks.
 */
void hwgpu_pci_init(HwgpuPci *hp, PCIDevice *pdev,
                    void (*service)(void *opaque), void *opaque);
void hwgpu_pci_cleanup(HwgpuPci *hp);
/*
 * The device's own RAM (VRAM, a RAM MemoryRegion in a BAR): what its
 * engines write there (HwgpuHost.local_written) is marked dirty like a CPU
 * write through the BAR.
 */
void hwgpu_pci_set_local(HwgpuPci *hp, MemoryRegion *local);

static inline HwgpuHost *hwgpu_pci_host(HwgpuPci *hp)
{
    return &hp->host;
}

/* The virtual clock the core sees (ns). */
uint64_t hwgpu_pci_clock_ns(void);

#endif
