/*
 * intel-g45 scanout: what the G45's planes show, handed to the generic
 * scanout (hwgpu-scanout.c).
 *
 * While VGACNTRL leaves legacy VGA enabled the console shows VGA.
 * Otherwise the primary plane of an enabled pipe is shown: its surface
 * read through the GTT (X-tiled with the one tiling copy), its format
 * through pixman (8-bit indexed through the pipe's palette), the ARGB
 * cursor on that pipe on top.  A disabled pipe or plane shows
 * "display off", never stale pixels.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/units.h"

#include "hwgpu/intel/common/tiling.h"
#include "intel-g45.h"

/* Cursor registers (pipe A's cursor at 0x70080, B's at 0x700c0). */
#define CURCNTR_MODE(v)         ((v) & 0x27)
#define CURCNTR_PIPE(v)         (((v) >> 28) & 3)
#define CURSOR_ARGB             0x20

/* DSPCNTR pixel formats as pixman formats; 0: indexed or unsupported. */
static pixman_format_code_t g45_pixman_format(uint32_t fmt)
{
    switch (fmt) {
    case G45_FMT_XRGB1555:
    case G45_FMT_XRGB1555_ALT:
        return PIXMAN_x1r5g5b5;
    case G45_FMT_RGB565:
        return PIXMAN_r5g6b5;
    case G45_FMT_XRGB8888:
    case G45_FMT_ARGB8888:
        return PIXMAN_x8r8g8b8;
    case G45_FMT_XBGR8888:
        return PIXMAN_x8b8g8r8;
    case G45_FMT_XRGB2101010:
        return PIXMAN_x2r10g10b10;
    case G45_FMT_XBGR2101010:
        return PIXMAN_x2b10g10r10;
    default:
        return 0;
    }
}

/* The scanout reads graphics memory through the GTT. */
static void g45_so_read(void *opaque, uint64_t addr, void *buf, size_t len)
{
    IntelG45State *s = opaque;

    g45_gtt_read(&s->core.gtt, addr, buf, len);
}

/* Pages past the GTT, or with an invalid PTE, read the scratch page. */
static bool g45_so_translate(void *opaque, uint64_t page, uint64_t *phys)
{
    IntelG45State *s = opaque;

    return page < (uint64_t)s->core.gtt.nentries &&
           g45_gtt_translate(&s->core.gtt, page * 4096, phys);
}

const HwgpuScanoutOps g45_scanout_ops = {
    .read = g45_so_read,
    .translate = g45_so_translate,
};

/* The ARGB cursor on `pipe`, if one is on. */
static void g45_cursor(IntelG45State *s, int pipe, HwgpuCursor *cur)
{
    memset(cur, 0, sizeof(*cur));
    for (int c = 0; c < 2; c++) {
        uint32_t cntr = hwgpu_reg_get(&s->core.regs, G45_CURACNTR + c * 0x40);
        uint32_t pos = hwgpu_reg_get(&s->core.regs, G45_CURAPOS + c * 0x40);
        uint32_t mode = CURCNTR_MODE(cntr);

        if (!(mode & CURSOR_ARGB) || CURCNTR_PIPE(cntr) != pipe) {
            continue;
        }
        switch (mode & 7) {
        case 7:
            cur->size = 64;
            break;
        case 2:
            cur->size = 128;
            break;
        case 3:
            cur->size = 256;
            break;
        default:
            continue;
        }
        cur->x = (pos & 0xfff) * ((pos & (1u << 15)) ? -1 : 1);
        cur->y = ((pos >> 16) & 0xfff) * ((pos & (1u << 31)) ? -1 : 1);
        cur->base = hwgpu_reg_get(&s->core.regs, G45_CURABASE + c * 0x40) &
                    ~0xfffu;
        cur->on = true;
        return;
    }
}

/* The plane's surface as the generic scanout describes it. */
static bool g45_fb(IntelG45State *s, const G45Scanout *so, HwgpuFb *fb)
{
    *fb = (HwgpuFb) {
        .base = so->base,
        .x = so->x,
        .y = so->y,
        .width = so->width,
        .height = so->height,
        .stride = so->stride,
        .bpp = so->bpp,
        .format = g45_pixman_format(so->format),
    };
    if (so->format == G45_FMT_C8) {
        /* Palette storage keeps only bits 23:0 (its write mask). */
        fb->palette = &s->core.regs.values[(so->pipe ? G45_PALETTE_B
                                            : G45_PALETTE_A) / 4];
    } else if (!so->bpp || !fb->format) {
        HWGPU_UNIMP(hwgpu_pci_host(&s->pci),
                    "intel-g45: plane format %u not supported", so->format);
        return false;
    }
    if (so->tiled) {
        fb->tile_offset = g45_xtile_offset;
        fb->tile_w = G45_XTILE_W;
    }
    return hwgpu_scanout_fb_ok(&s->scanout, fb);
}

/* Start an update of the console (QEMU's gfx_update, async). */
void g45_scanout_update(IntelG45State *s)
{
    G45Scanout so;
    HwgpuFb fb;
    HwgpuCursor cur;

    if (hwgpu_scanout_busy(&s->scanout)) {
        return;                 /* the update in progress will finish */
    }
    if (!(hwgpu_reg_get(&s->core.regs, G45_VGACNTRL) &
          G45_VGACNTRL_DISABLE)) {
        hwgpu_scanout_show_vga(&s->scanout, &s->vga);
        return;
    }
    if (!g45_display_scanout(&s->core.disp, 0, &so) &&
        !g45_display_scanout(&s->core.disp, 1, &so)) {
        hwgpu_scanout_off(&s->scanout, "intel-g45: display off");
        return;
    }
    if (!g45_fb(s, &so, &fb)) {
        hwgpu_scanout_off(&s->scanout, "intel-g45: unsupported plane setup");
        return;
    }
    g45_cursor(s, so.pipe, &cur);
    hwgpu_scanout_show(&s->scanout, &fb, &cur);
}
