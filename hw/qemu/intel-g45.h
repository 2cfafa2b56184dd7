/*
 * intel-g45 QEMU glue: the device state shared by the glue files
 * (intel-g45.c: PCI, BARs, aperture; intel-g45-scanout.c: what the planes
 * show, through the generic hwgpu-scanout.c).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_HWGPU_INTEL_G45_H
#define HW_HWGPU_INTEL_G45_H

#include "hw/pci/pci_device.h"
#include "hw/display/vga_int.h"
#include "hw/display/edid.h"
#include "ui/console.h"
#include "migration/vmstate.h"
#include "system/runstate.h"

#include "hwgpu/common/host.h"
#include "hwgpu-pci.h"
#include "hwgpu-scanout.h"
#include "hwgpu/intel/g45/g45.h"
#include "hwgpu/intel/common/fence.h"

#define TYPE_INTEL_G45 "intel-g45"
OBJECT_DECLARE_SIMPLE_TYPE(IntelG45State, INTEL_G45)

/*
 * Aperture pages that are accessed repeatedly get mapped straight onto the
 * guest RAM page their PTE names (an alias subregion), so fbcon does not trap
 * per pixel.  A page that qualifies brings the neighbours of its aligned
 * run whose PTEs continue it in RAM (a framebuffer in stolen memory: one
 * alias, one memory transaction, for 256 KiB).  A pool of aliases, reused
 * round robin; a PTE write unmaps its page's alias at once.  Under TCG,
 * new maps wait for a point where no vCPU runs guest code (intel-g45.c).
 */
#define G45_AP_SLOTS        4096    /* aliases mapped at once */
#define G45_AP_RUN          64      /* pages an alias may span, aligned */
#define G45_AP_MAP_AFTER    4       /* trapped accesses before mapping */
#define G45_AP_WANT         64      /* map requests between safe points */
#define G45_AP_NONE         (-1)    /* ap_page_slot: trapping */
#define G45_AP_WANTED       (-2)    /* ap_page_slot: asked to be mapped */

struct IntelG45State {
    PCIDevice parent_obj;

    VGACommonState vga;
    MemoryRegion bar0;
    MemoryRegion mmio;
    MemoryRegion gtt;
    MemoryRegion aperture;      /* BAR2 container */
    MemoryRegion aperture_io;   /* trapping background */
    MemoryRegion ap_alias[G45_AP_SLOTS];
    int32_t ap_slot_page[G45_AP_SLOTS];     /* first page, or -1 */
    uint8_t ap_slot_len[G45_AP_SLOTS];      /* pages */
    int32_t *ap_page_slot;      /* per aperture page: slot, NONE, WANTED */
    uint8_t *ap_hits;           /* per aperture page: trapped accesses */
    uint32_t ap_pages, ap_clock;
    uint32_t ap_want[G45_AP_WANT];  /* pages asking to be mapped */
    uint32_t ap_nwant;
    bool ap_queued;             /* g45_ap_apply waits for a safe point */
    uint64_t ap_maps, ap_unmaps;
    MemoryRegion *ram;          /* the machine's RAM: alias target */
    uint32_t fence_shadow[2 * G45_NUM_FENCES];  /* fences of the mappings */
    MemoryRegion io;

    HwgpuPci pci;               /* the core's host: DMA, IRQ, clock, log */
    G45 core;
    uint32_t io_index;
    QEMUTimer *vblank_timer;

    HwgpuScanout scanout;       /* the console (intel-g45-scanout.c) */
    VMChangeStateEntry *vm_state;   /* engines run only while the VM runs */

    /* properties */
    uint32_t aperture_mb;
    char *capture;              /* x-capture: record the 3D work here */
    uint64_t capture_draws;     /* x-capture-draws: at most this many */
    uint32_t render_threads;    /* render-threads: 0, one per host core */
    uint32_t stolen_mb;
    qemu_edid_info edid_info;
    uint8_t edid[256];
};

extern const HwgpuScanoutOps g45_scanout_ops;
/* The core's migration sections (intel-g45-vmstate.c). */
extern const VMStateDescription vmstate_g45_core;
void g45_scanout_update(IntelG45State *s);

#endif
