/*
 * intel-g45 scanout into the QEMU console.
 *
 * While VGACNTRL leaves legacy VGA enabled the console shows VGA.  Otherwise
 * the primary plane is read through the GTT line by line.  Only lines whose
 * guest pages were written since the last update (QEMU's VGA dirty log on
 * guest RAM) are read and converted; a mode, surface or PTE change redraws
 * everything and re-resolves the surface's pages to RAM offsets.  XRGB8888 lines are read straight into the console surface;
 * other formats go through pixman (8-bit indexed through the palette).
 * The cursor plane is blended on top.  A disabled pipe or plane shows
 * "display off", never stale pixels.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/units.h"
#include "exec/address-spaces.h"
#include "exec/memory.h"

#include "intel-g45.h"

#define G45_MAX_SCANOUT_BYTES   (64 * MiB)

/* Cursor registers (pipe A's cursor at 0x70080, B's at 0x700c0). */
#define CURCNTR_MODE(v)         ((v) & 0x27)
#define CURCNTR_PIPE(v)         (((v) >> 28) & 3)
#define CURSOR_ARGB             0x20

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

/* Graphics address of byte `bx` of line `y` of the surface. */
static uint64_t g45_line_addr(const G45Scanout *so, uint32_t y, uint32_t bx)
{
    if (!so->tiled) {
        return so->base + (uint64_t)y * so->stride + bx;
    }
    /* X tiles: 512 bytes x 8 rows, 4 KiB each, row-major. */
    y += so->y;
    bx += so->x * so->bpp;
    return so->base + ((uint64_t)(y / 8) * (so->stride / 512) + bx / 512) *
           4096 + (y % 8) * 512 + bx % 512;
}

/* Read line y (width * bpp bytes) into dst. */
static void g45_read_line(IntelG45State *s, const G45Scanout *so, uint32_t y,
                          uint8_t *dst)
{
    uint32_t bytes = so->width * so->bpp, done = 0;

    while (done < bytes) {
        uint32_t n = bytes - done;

        if (so->tiled) {
            n = MIN(n, 512 - (so->x * so->bpp + done) % 512);
        }
        g45_gtt_read(&s->core.gtt, g45_line_addr(so, y, done), dst + done, n);
        done += n;
    }
}

/* Graphics address of the first byte of the surface's page span. */
static uint64_t g45_span_base(const G45Scanout *so)
{
    return so->base & ~0xfffull;
}

/* The pages the surface occupies, linear or tiled. */
static uint64_t g45_span_pages(const G45Scanout *so)
{
    uint64_t bytes;

    if (so->tiled) {
        bytes = (uint64_t)((so->y + so->height + 7) / 8) *
                (so->stride / 512) * 4096;
    } else {
        bytes = (so->base & 0xfff) + (uint64_t)so->stride *
                (so->height - 1) + (uint64_t)so->width * so->bpp;
    }
    return DIV_ROUND_UP(bytes, 4096);
}

/*
 * Resolve every page of the surface to an offset in machine RAM (or
 * PAGE_SCRATCH / PAGE_UNTRACKED), once per mode, surface or PTE change.
 */
#define PAGE_SCRATCH    UINT64_MAX
#define PAGE_UNTRACKED  (UINT64_MAX - 1)

static void g45_resolve_pages(IntelG45State *s, const G45Scanout *so)
{
    uint64_t base = g45_span_base(so), phys;
    uint64_t gtt_pages = (uint64_t)s->core.gtt.nentries;

    /*
     * The stride is the guest's: a huge one spans more pages than the GTT
     * has.  Pages past the GTT are the scratch page; they are never dirty
     * (g45_line_dirty treats indexes past npages as clean).
     */
    s->npages = MIN(g45_span_pages(so),
                    base / 4096 < gtt_pages ? gtt_pages - base / 4096 : 0);
    s->page_off = g_renew(uint64_t, s->page_off, s->npages);
    s->page_dirty = g_renew(bool, s->page_dirty, s->npages);
    for (uint32_t i = 0; i < s->npages; i++) {
        MemoryRegionSection sec;

        s->page_off[i] = PAGE_SCRATCH;
        if (!g45_gtt_translate(&s->core.gtt, base + (uint64_t)i * 4096,
                               &phys)) {
            continue;
        }
        sec = memory_region_find(get_system_memory(), phys & ~0xfffull,
                                 4096);
        if (!sec.mr) {
            continue;
        }
        s->page_off[i] = sec.mr == s->ram ? sec.offset_within_region
                                          : PAGE_UNTRACKED;
        memory_region_unref(sec.mr);
    }
}

/*
 * Which pages were written since the last update: one snapshot of the RAM
 * dirty log over the span the surface's pages occupy (stolen memory and
 * fbdev objects are mostly contiguous), per-block snapshots otherwise.
 */
static void g45_collect_dirty(IntelG45State *s)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    DirtyBitmapSnapshot *snap = NULL;

    for (uint32_t i = 0; i < s->npages; i++) {
        if (s->page_off[i] < PAGE_UNTRACKED) {
            lo = MIN(lo, s->page_off[i]);
            hi = MAX(hi, s->page_off[i] + 4096);
        }
    }
    if (lo < hi && hi - lo <= 256 * MiB) {
        snap = memory_region_snapshot_and_clear_dirty(s->ram, lo, hi - lo,
                                                      DIRTY_MEMORY_VGA);
    }
    for (uint32_t i = 0; i < s->npages; i++) {
        uint64_t off = s->page_off[i];

        if (off == PAGE_SCRATCH) {
            s->page_dirty[i] = false;   /* the scratch page never changes */
        } else if (off == PAGE_UNTRACKED) {
            s->page_dirty[i] = true;    /* untracked memory: redraw */
        } else if (snap) {
            s->page_dirty[i] = memory_region_snapshot_get_dirty(
                s->ram, snap, off, 4096);
        } else {
            DirtyBitmapSnapshot *one = memory_region_snapshot_and_clear_dirty(
                s->ram, off, 4096, DIRTY_MEMORY_VGA);

            s->page_dirty[i] = memory_region_snapshot_get_dirty(s->ram, one,
                                                                 off, 4096);
            g_free(one);
        }
    }
    g_free(snap);
}

static bool g45_line_dirty(IntelG45State *s, const G45Scanout *so,
                           uint32_t y)
{
    uint64_t base = g45_span_base(so);
    uint32_t bytes = so->width * so->bpp, bx = 0;

    while (bx < bytes) {
        uint64_t a = g45_line_addr(so, y, bx), i = (a - base) / 4096;

        if (i < s->npages && s->page_dirty[i]) {
            return true;
        }
        bx += so->tiled ? 512 - (so->x * so->bpp + bx) % 512
                        : 4096 - (a & 0xfff);
    }
    return false;
}

static void g45_convert_line(IntelG45State *s, const G45Scanout *so,
                             DisplaySurface *ds, uint32_t y)
{
    uint8_t *dst = surface_data(ds) + (size_t)y * surface_stride(ds);
    pixman_format_code_t pf = g45_pixman_format(so->format);

    if (pf == PIXMAN_x8r8g8b8) {
        /* The console's own format: no conversion. */
        g45_read_line(s, so, y, dst);
        return;
    }
    g45_read_line(s, so, y, s->line);
    if (so->format == G45_FMT_C8) {
        const uint32_t *pal = &s->core.regs.values[(so->pipe ? G45_PALETTE_B
                                                    : G45_PALETTE_A) / 4];
        uint32_t *d = (uint32_t *)dst;

        /* Palette storage keeps only bits 23:0 (its write mask). */
        for (uint32_t x = 0; x < so->width; x++) {
            d[x] = pal[s->line[x]];
        }
    } else {
        pixman_image_t *img = pixman_image_create_bits(
            pf, so->width, 1, (uint32_t *)s->line, so->width * so->bpp);

        pixman_image_composite(PIXMAN_OP_SRC, img, NULL, ds->image, 0, 0, 0,
                               0, 0, y, so->width, 1);
        pixman_image_unref(img);
    }
}

/* The cursor on the plane's pipe: position, size and base, or false. */
static bool g45_cursor(IntelG45State *s, int pipe, int *x, int *y, int *size,
                       uint64_t *base)
{
    for (int c = 0; c < 2; c++) {
        uint32_t cntr = hwgpu_reg_get(&s->core.regs, G45_CURACNTR + c * 0x40);
        uint32_t pos = hwgpu_reg_get(&s->core.regs, G45_CURAPOS + c * 0x40);
        uint32_t mode = CURCNTR_MODE(cntr);

        if (!(mode & CURSOR_ARGB) || CURCNTR_PIPE(cntr) != pipe) {
            continue;
        }
        switch (mode & 7) {
        case 7:
            *size = 64;
            break;
        case 2:
            *size = 128;
            break;
        case 3:
            *size = 256;
            break;
        default:
            continue;
        }
        *x = (pos & 0xfff) * ((pos & (1u << 15)) ? -1 : 1);
        *y = ((pos >> 16) & 0xfff) * ((pos & (1u << 31)) ? -1 : 1);
        *base = hwgpu_reg_get(&s->core.regs, G45_CURABASE + c * 0x40) &
                ~0xfffu;
        return true;
    }
    return false;
}

/* Blend one line of the ARGB cursor onto console line y. */
static void g45_cursor_line(IntelG45State *s, DisplaySurface *ds,
                            const G45Scanout *so, uint32_t y, int cx, int cy,
                            int size, uint64_t base)
{
    uint32_t src[256];
    uint32_t *dst = (uint32_t *)(surface_data(ds) +
                                 (size_t)y * surface_stride(ds));
    int row = (int)y - cy;

    g45_gtt_read(&s->core.gtt, base + (uint64_t)row * size * 4, src,
                 size * 4);
    for (int i = 0; i < size; i++) {
        int x = cx + i;
        uint32_t a = src[i] >> 24, d, o = 0;

        if (x < 0 || x >= (int)so->width || !a) {
            continue;
        }
        d = dst[x];
        for (int sh = 0; sh < 24; sh += 8) {
            uint32_t sc = (src[i] >> sh) & 0xff, dc = (d >> sh) & 0xff;
            o |= ((sc * a + dc * (255 - a)) / 255) << sh;
        }
        dst[x] = o;
    }
}

static bool g45_scanout_valid(IntelG45State *s, const G45Scanout *so)
{
    if (!so->bpp || (so->format != G45_FMT_C8 &&
                     !g45_pixman_format(so->format))) {
        qemu_log_mask(LOG_GUEST_ERROR | LOG_UNIMP,
                      "intel-g45: plane format %u not supported\n",
                      so->format);
        return false;
    }
    if ((uint64_t)so->width * so->height * so->bpp > G45_MAX_SCANOUT_BYTES) {
        qemu_log_mask(LOG_GUEST_ERROR, "intel-g45: %ux%u scanout too big\n",
                      so->width, so->height);
        return false;
    }
    if (so->tiled && (so->stride % 512 || !so->stride)) {
        qemu_log_mask(LOG_GUEST_ERROR,
                      "intel-g45: X-tiled stride %u not a tile multiple\n",
                      so->stride);
        return false;
    }
    return true;
}

static void g45_show_off(IntelG45State *s, const char *msg)
{
    if (!s->display_off_shown) {
        DisplaySurface *ds = qemu_create_placeholder_surface(640, 480, msg);

        dpy_gfx_replace_surface(s->vga.con, ds);
        s->display_off_shown = true;
        s->shown.enabled = false;
    }
}

static bool g45_scanout_same(const G45Scanout *a, const G45Scanout *b)
{
    return a->enabled == b->enabled && a->pipe == b->pipe &&
           a->width == b->width && a->height == b->height &&
           a->format == b->format && a->stride == b->stride &&
           a->tiled == b->tiled && a->base == b->base && a->x == b->x &&
           a->y == b->y;
}

void g45_scanout_update(IntelG45State *s)
{
    G45Scanout so;
    DisplaySurface *ds;
    uint64_t t0 = qemu_clock_get_ns(QEMU_CLOCK_REALTIME), cbase = 0;
    int cx = 0, cy = 0, cs = 0;
    bool cur, full;
    uint32_t run = 0;

    if (!(hwgpu_reg_get(&s->core.regs, G45_VGACNTRL) &
          G45_VGACNTRL_DISABLE)) {
        if (s->display_off_shown || s->shown.enabled) {
            s->display_off_shown = false;
            s->shown.enabled = false;
            s->vga.hw_ops->invalidate(&s->vga);
        }
        s->vga.hw_ops->gfx_update(&s->vga);
        return;
    }
    if (!g45_display_scanout(&s->core.disp, 0, &so) &&
        !g45_display_scanout(&s->core.disp, 1, &so)) {
        g45_show_off(s, "intel-g45: display off");
        return;
    }
    if (!g45_scanout_valid(s, &so)) {
        g45_show_off(s, "intel-g45: unsupported plane setup");
        return;
    }
    ds = qemu_console_surface(s->vga.con);
    if (!s->shown.enabled || s->display_off_shown || !ds ||
        surface_width(ds) != so.width || surface_height(ds) != so.height) {
        ds = qemu_create_displaysurface(so.width, so.height);
        dpy_gfx_replace_surface(s->vga.con, ds);
        s->display_off_shown = false;
        s->full_redraw = true;
    }
    if (s->line_size < so.width * so.bpp) {
        g_free(s->line);
        s->line_size = so.width * so.bpp;
        s->line = g_malloc(s->line_size);
    }
    full = s->full_redraw || s->gtt_changed || !g45_scanout_same(&so,
                                                                 &s->shown);
    if (full) {
        g45_resolve_pages(s, &so);
    }
    g45_collect_dirty(s);
    s->shown = so;
    s->full_redraw = s->gtt_changed = false;
    cur = g45_cursor(s, so.pipe, &cx, &cy, &cs, &cbase);

    for (uint32_t y = 0; y <= so.height; y++) {
        if (y < so.height) {
            bool in_cur = cur && (int)y >= cy && (int)y < cy + cs;
            bool was_cur = (int)y >= s->cursor_y &&
                           (int)y < s->cursor_y + s->cursor_h;

            if (full || in_cur || was_cur || g45_line_dirty(s, &so, y)) {
                g45_convert_line(s, &so, ds, y);
                if (in_cur) {
                    g45_cursor_line(s, ds, &so, y, cx, cy, cs, cbase);
                }
                s->lines_converted++;
                run++;
                continue;
            }
        }
        if (run) {
            dpy_gfx_update(s->vga.con, 0, y - run, so.width, run);
            run = 0;
        }
    }
    s->cursor_y = cur ? cy : 0;
    s->cursor_h = cur ? cs : 0;
    s->frames++;
    s->frame_ns += qemu_clock_get_ns(QEMU_CLOCK_REALTIME) - t0;
}

void g45_scanout_cleanup(IntelG45State *s)
{
    g_free(s->page_off);
    g_free(s->page_dirty);
    s->page_off = NULL;
    s->page_dirty = NULL;
    s->npages = 0;
    g_free(s->line);
    s->line = NULL;
    s->line_size = 0;
}
