/*
 * radeon-rv770 scanout: what the RV770's CRTCs show, handed to the
 * generic scanout (hwgpu-scanout.c).  CRTC1's graphics surface if it
 * runs, else CRTC2's; read through the memory controller (VRAM or the
 * GART), its format through pixman (8 bpp indexed through the LUT the
 * CRTC selects), the 32 bpp ARGB cursor on top.  Only linear surfaces
 * are shown (ARRAY_MODE 0 and 1): radeon's fbdev and KMS buffers are
 * linear; a tiled one shows a placeholder, logged as unimplemented.  A
 * stopped CRTC shows "display off".  While D1VGA_CONTROL's MODE_ENABLE is
 * set (from reset until radeon sets a surface) the console shows the
 * legacy VGA instead.  seed-004.md §4.10.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"

#include "hwgpu/amd/rv770/rv770-mc.h"
#include "radeon-rv770.h"

/* GRPH_CONTROL's depth and format as a pixman format; 0: indexed. */
static bool rv770_pixman_format(uint32_t bpp, uint32_t format,
                                pixman_format_code_t *fmt)
{
    switch (bpp << 4 | format) {
    case 0x10:
        *fmt = 0;                       /* 8 bpp indexed */
        return true;
    case 0x20:
        *fmt = PIXMAN_x1r5g5b5;         /* ARGB1555 */
        return true;
    case 0x21:
        *fmt = PIXMAN_r5g6b5;
        return true;
    case 0x40:
        *fmt = PIXMAN_x8r8g8b8;         /* ARGB8888 */
        return true;
    case 0x41:
        *fmt = PIXMAN_x2r10g10b10;      /* ARGB2101010 */
        return true;
    default:
        return false;
    }
}

/* The scanout reads through the memory controller, as the CRTC does. */
static void rv770_so_read(void *opaque, uint64_t addr, void *buf, size_t len)
{
    RadeonRv770State *s = opaque;

    hwgpu_worker_lock(&s->core.worker);
    rv770_mc_read(&s->core, addr, buf, len);
    hwgpu_worker_unlock(&s->core.worker);
}

/*
 * A page's guest-physical address: VRAM pages are where BAR 0 shows them
 * (the scanout tracks VRAM's writes), system pages where the GART points.
 * Pages nothing maps read as a constant.
 */
static bool rv770_so_translate(void *opaque, uint64_t page, uint64_t *phys)
{
    RadeonRv770State *s = opaque;
    pcibus_t bar = pci_get_bar_addr(PCI_DEVICE(s), 0);
    Rv770McTarget t;

    hwgpu_worker_lock(&s->core.worker);
    rv770_mc_translate(&s->core, page * 4096, false, &t);
    hwgpu_worker_unlock(&s->core.worker);
    if (t.fault) {
        return false;
    }
    switch (t.kind) {
    case RV770_MC_VRAM:
        if (bar == PCI_BAR_UNMAPPED) {
            return false;
        }
        *phys = bar + t.addr;
        return true;
    case RV770_MC_SYSTEM:
        *phys = t.addr;
        return true;
    default:
        return false;
    }
}

const HwgpuScanoutOps radeon_rv770_scanout_ops = {
    .read = rv770_so_read,
    .translate = rv770_so_translate,
};

void radeon_rv770_scanout_update(RadeonRv770State *s)
{
    Rv770Surface surf;
    Rv770Cursor rc = { 0 };
    HwgpuCursor cur;
    HwgpuFb fb;
    pixman_format_code_t fmt;
    int c;

    if (hwgpu_scanout_busy(&s->scanout)) {
        return;                 /* the update in progress will finish */
    }
    hwgpu_worker_lock(&s->core.worker);
    if (rv770_display_vga(&s->core)) {
        hwgpu_worker_unlock(&s->core.worker);
        hwgpu_scanout_show_vga(&s->scanout, &s->vga);     /* CRTC1: VGA */
        return;
    }
    for (c = 0; c < 2; c++) {
        rv770_display_surface(&s->core, c, &surf);
        if (surf.on) {
            break;
        }
    }
    if (c < 2) {
        rv770_display_cursor(&s->core, c, &rc);
    }
    if (c < 2 && surf.bpp == 1) {
        for (int i = 0; i < 256; i++) {
            uint32_t v = surf.lut[i];

            s->palette[i] = (v >> 22 & 0xff) << 16 | (v >> 12 & 0xff) << 8 |
                            (v >> 2 & 0xff);
        }
    }
    hwgpu_worker_unlock(&s->core.worker);
    if (c == 2) {
        hwgpu_scanout_off(&s->scanout, "radeon-rv770: display off");
        return;
    }
    if (surf.tiled) {
        HWGPU_UNIMP(hwgpu_pci_host(&s->pci), "radeon-rv770: tiled GRPH "
                    "surfaces are not shown yet");
        hwgpu_scanout_off(&s->scanout, "radeon-rv770: tiled surface");
        return;
    }
    if (!rv770_pixman_format(surf.bpp, surf.format, &fmt)) {
        HWGPU_UNIMP(hwgpu_pci_host(&s->pci), "radeon-rv770: GRPH format %u "
                    "at %u bytes a pixel not supported", surf.format,
                    surf.bpp);
        hwgpu_scanout_off(&s->scanout, "radeon-rv770: unsupported surface");
        return;
    }
    fb = (HwgpuFb) {
        .base = surf.base,
        .width = surf.width,
        .height = surf.height,
        .stride = surf.stride,
        .bpp = surf.bpp,
        .format = fmt,
        .palette = fmt ? NULL : s->palette,
    };
    if (!hwgpu_scanout_fb_ok(&s->scanout, &fb)) {
        hwgpu_scanout_off(&s->scanout, "radeon-rv770: bad surface");
        return;
    }
    cur = (HwgpuCursor) {
        .on = rc.on, .x = rc.x, .y = rc.y, .size = rc.size, .base = rc.base,
    };
    hwgpu_scanout_show(&s->scanout, &fb, &cur);
}
