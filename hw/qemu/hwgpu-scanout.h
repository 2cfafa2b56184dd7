/*
 * The generic scanout: shows what a display engine scans out on a QEMU
 * console.  Every hwgpu device reuses it; the device only says, per update,
 * which surface its planes show (an HwgpuFb in device terms: base address,
 * geometry, pixman format or palette, tiling) and how to reach device
 * memory (an HwgpuScanoutOps: read through its GTT/GART, translate a
 * device page to a guest-physical page).
 *
 * What it does for every device:
 * - Only lines whose guest pages were written since the last update are
 *   read and converted (QEMU's VGA dirty log on guest RAM and on the
 *   device's VRAM); a new surface,
 *   a page-table change or an invalidate redraws everything.  The pages of
 *   the visible lines are resolved once per such change, never per pixel.
 * - Updates are asynchronous and sliced: at most 4 MiB of surface per
 *   main-loop turn (the largest frame a guest can set takes several turns
 *   instead of stalling the main loop); the console learns the update is
 *   done (a screendump waits for it) when the last line is in.
 * - An ARGB cursor is blended on top; "display off" shows a placeholder,
 *   never stale pixels.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_HWGPU_SCANOUT_H
#define HW_HWGPU_SCANOUT_H

#include "ui/console.h"
#include "hw/display/edid.h"
#include "hw/display/vga_int.h"
#include "hwgpu/common/host.h"

/* The largest surface a device may show (bytes of visible pixels). */
#define HWGPU_SCANOUT_MAX_BYTES     (64 * MiB)
/* Surface bytes converted per main-loop turn. */
#define HWGPU_SCANOUT_SLICE_BYTES   (4 * MiB)

/* A surface as the display engine scans it, in device terms. */
typedef struct HwgpuFb {
    uint64_t base;          /* device address of the surface */
    uint32_t x, y;          /* origin of the visible area (tiled surfaces) */
    uint32_t width, height; /* visible pixels */
    uint32_t stride;        /* bytes per row */
    uint32_t bpp;           /* bytes per pixel */
    pixman_format_code_t format;    /* 0: 8-bit indexed through palette */
    const uint32_t *palette;        /* 256 x 0x00RRGGBB (indexed only) */
    /*
     * Tiling: NULL for a linear surface.  Otherwise the byte offset of byte
     * column xb of row y in a surface of `stride` bytes per row, and the
     * width in bytes of a tile row (bytes within it are contiguous).
     */
    uint64_t (*tile_offset)(uint64_t xb, uint64_t y, uint32_t stride);
    uint32_t tile_w;
} HwgpuFb;

/* An ARGB8888 cursor of size x size pixels at (x, y) of the surface. */
typedef struct HwgpuCursor {
    bool on;
    int x, y, size;         /* size <= 256 */
    uint64_t base;          /* device address */
} HwgpuCursor;

typedef struct HwgpuScanoutOps {
    /* Read device memory (through the device's page table). */
    void (*read)(void *opaque, uint64_t addr, void *buf, size_t len);
    /*
     * The guest-physical address of device page `page` (a 4 KiB page
     * number), or false when it reads as a constant (scratch page).
     */
    bool (*translate)(void *opaque, uint64_t page, uint64_t *phys);
} HwgpuScanoutOps;

typedef struct HwgpuScanout {
    DeviceState *dev;
    QemuConsole *con;
    MemoryRegion *ram;          /* the machine's RAM (dirty log) or NULL */
    MemoryRegion *local;        /* the device's own RAM (dirty log) or NULL */
    const HwgpuScanoutOps *ops;
    void *opaque;
    const HwgpuHost *host;      /* log */
    QEMUBH *bh;                 /* continues an update on the next turn */

    /* The update in progress. */
    bool active;
    bool full;                  /* every line, not only the dirty ones */
    HwgpuFb fb;
    HwgpuCursor cur;
    uint32_t next_y;

    /* What the console shows. */
    HwgpuFb shown;
    bool shown_valid;
    bool off_shown;
    bool full_redraw;           /* convert every line at the next update */
    bool pages_changed;         /* the page table changed */
    int cursor_y, cursor_h;     /* rows the last drawn cursor covered */

    /* The pages the visible lines read, resolved once per change. */
    uint64_t *pages;            /* device page numbers, sorted */
    uint64_t *page_off;         /* ... RAM offsets (or a marker) */
    bool *page_dirty;           /* ... written since the last update */
    uint32_t npages;
    uint32_t *line_first;       /* per line: index of its first page */
    uint32_t *line_count;       /* per line: how many pages it reads */
    uint8_t *line;              /* one line in the guest's format */
    size_t line_size;

    /* Figures (x-scanout-* properties). */
    uint64_t frames, frame_ns, lines_converted, slice_max_ns;
    uint64_t slice_max_bytes;   /* the most surface bytes of one turn */
} HwgpuScanout;

void hwgpu_scanout_init(HwgpuScanout *so, DeviceState *dev, QemuConsole *con,
                        const HwgpuScanoutOps *ops, void *opaque,
                        const HwgpuHost *host);
void hwgpu_scanout_cleanup(HwgpuScanout *so);
/*
 * Surfaces in the device's own RAM (VRAM in a BAR) are redrawn only where
 * it was written, as for guest RAM: CPU writes through the BAR are logged
 * by QEMU, the device's engines report theirs (hwgpu_pci_set_local).
 */
void hwgpu_scanout_track_local(HwgpuScanout *so, MemoryRegion *local);
/* The x-scanout-* read-only properties on obj. */
void hwgpu_scanout_add_properties(HwgpuScanout *so, Object *obj);

/* Whether an update is still converting lines (the next one waits). */
static inline bool hwgpu_scanout_busy(const HwgpuScanout *so)
{
    return so->active;
}
/* Check a surface before showing it; false (logged) if it cannot be. */
bool hwgpu_scanout_fb_ok(HwgpuScanout *so, const HwgpuFb *fb);
/* Start showing fb (and cursor): converts its first slice now. */
void hwgpu_scanout_show(HwgpuScanout *so, const HwgpuFb *fb,
                        const HwgpuCursor *cur);
/* Show a placeholder saying msg instead (once), and finish the update. */
void hwgpu_scanout_off(HwgpuScanout *so, const char *msg);
/*
 * The console shows the legacy VGA core's picture instead (its update,
 * finished at once); coming from the device's own surface, both redraw
 * everything.
 */
void hwgpu_scanout_show_vga(HwgpuScanout *so, VGACommonState *vga);
/* Redraw every line next time (the console or the palette changed). */
static inline void hwgpu_scanout_invalidate(HwgpuScanout *so)
{
    so->full_redraw = true;
}
/* The device's page table changed: re-resolve the pages next time. */
static inline void hwgpu_scanout_pages_changed(HwgpuScanout *so)
{
    so->pages_changed = true;
}

/*
 * The monitor's EDID from a device's xres/yres properties: the preferred
 * mode 1024x768 unless set, within max_w x max_h (the device's limits;
 * errp says so otherwise), the largest mode at least 1920x1200.  Returns
 * the EDID's length in `edid` (size bytes), 0 on error.
 */
size_t hwgpu_edid_setup(qemu_edid_info *info, uint32_t max_w, uint32_t max_h,
                        const char *why, uint8_t *edid, size_t size,
                        Error **errp);

#endif
