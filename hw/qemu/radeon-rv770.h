/*
 * radeon-rv770 QEMU glue: the device state shared by the glue files
 * (radeon-rv770.c: PCI, BARs, ROM, interrupts, the display clock's timer,
 * legacy VGA; radeon-rv770-scanout.c: what the CRTCs show, through the
 * generic hwgpu-scanout.c, or the VGA).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_HWGPU_RADEON_RV770_H
#define HW_HWGPU_RADEON_RV770_H

#include "hw/pci/pci_device.h"
#include "hw/display/edid.h"
#include "qemu/timer.h"
#include "ui/console.h"
#include "hw/display/vga_int.h"

#include "hwgpu-pci.h"
#include "hwgpu-scanout.h"
#include "hwgpu/amd/rv770/rv770.h"

#define TYPE_RADEON_RV770 "radeon-rv770"
OBJECT_DECLARE_SIMPLE_TYPE(RadeonRv770State, RADEON_RV770)

struct RadeonRv770State {
    PCIDevice parent_obj;
    HwgpuPci pci;
    Rv770 core;
    VGACommonState vga;         /* legacy VGA; its vram is BAR 0 (VRAM) */
    MemoryRegion mmio;          /* BAR 2 */
    MemoryRegion io;            /* BAR 4 */
    MemoryRegion rom;           /* expansion ROM: AtomBIOS (+ VGA BIOS) */
    uint32_t vram_mb;
    char *vgabios;              /* the VGA BIOS chained into the ROM */
    QEMUTimer *display_timer;   /* the CRTCs' next vblank event */
    QemuConsole *con;
    HwgpuScanout scanout;
    uint32_t palette[256];      /* the LUT as 0x00RRGGBB (8 bpp) */
    qemu_edid_info edid_info;   /* the monitor on DDC1 */
    uint8_t edid[256];
};

extern const HwgpuScanoutOps radeon_rv770_scanout_ops;
/* Start an update of the console (QEMU's gfx_update, async). */
void radeon_rv770_scanout_update(RadeonRv770State *s);

#endif
