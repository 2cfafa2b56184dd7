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
#include "trace.h"

#define G45_MAX_SCANOUT_BYTES   (64 * MiB)
#define G45_SCANOUT_SLICE_BYTES (4 * MiB)   /* per main-loop turn */

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

/*
 * Bytes per line of the line buffer.  pixman wants 32-bit aligned strides:
 * an odd width at 16 bpp has to be padded (pixman refuses the image
 * otherwise).  The buffer is allocated and described with this one rule.
 */
static size_t g45_line_stride(const G45Scanout *so)
{
    return ROUND_UP((size_t)so->width * so->bpp, 4);
}

/* Graphics address of byte `bx` of line `y` of the surface. */
static uint64_t g45_line_addr(const G45Scanout *so, uint32_t y, uint32_t bx)
{
    if (!so->tiled) {
        return so->base + (uint64_t)y * so->stride + bx;
    }
    return so->base + g45_xtile_offset((uint64_t)so->x * so->bpp + bx,
                                       (uint64_t)so->y + y, so->stride);
}

/* Read line y (width * bpp bytes) into dst. */
static void g45_read_line(IntelG45State *s, const G45Scanout *so, uint32_t y,
                          uint8_t *dst)
{
    uint32_t bytes = so->width * so->bpp, done = 0;

    while (done < bytes) {
        uint32_t n = bytes - done;

        if (so->tiled) {
            n = MIN(n, G45_XTILE_W - (so->x * so->bpp + done) % G45_XTILE_W);
        }
        g45_gtt_read(&s->core.gtt, g45_line_addr(so, y, done), dst + done, n);
        done += n;
    }
}

/* The graphics pages line y reads: [*p0, *p1], always a contiguous run. */
static void g45_line_pages(const G45Scanout *so, uint32_t y, uint64_t *p0,
                           uint64_t *p1)
{
    uint64_t bytes = (uint64_t)so->width * so->bpp;

    if (so->tiled) {
        uint64_t bx = (uint64_t)so->x * so->bpp;

        *p0 = (so->base + g45_xtile_offset(bx, (uint64_t)so->y + y,
                                           so->stride)) >> 12;
        *p1 = (so->base + g45_xtile_offset(bx + bytes - 1,
                                           (uint64_t)so->y + y,
                                           so->stride)) >> 12;
    } else {
        uint64_t a = so->base + (uint64_t)y * so->stride;

        *p0 = a >> 12;
        *p1 = (a + bytes - 1) >> 12;
    }
}

/*
 * Resolve the pages the visible lines read to offsets in machine RAM (or
 * PAGE_SCRATCH / PAGE_UNTRACKED), once per mode, surface or PTE change.
 * Only the visible pixels count: a huge stride skips pages, it does not
 * make the walk longer (at most a few pages per line).  Each line's pages
 * are a contiguous run, and the runs of successive lines never go
 * backwards, so the pages form one sorted list and each line an index
 * range of it.
 */
#define PAGE_SCRATCH    UINT64_MAX
#define PAGE_UNTRACKED  (UINT64_MAX - 1)

static void g45_resolve_pages(IntelG45State *s, const G45Scanout *so)
{
    uint64_t gtt_pages = (uint64_t)s->core.gtt.nentries, phys;
    uint32_t n = 0, cap = 0;

    s->line_first = g_renew(uint32_t, s->line_first, so->height);
    s->line_count = g_renew(uint32_t, s->line_count, so->height);
    for (uint32_t y = 0; y < so->height; y++) {
        uint64_t p0, p1, p;
        uint32_t first = n;

        g45_line_pages(so, y, &p0, &p1);
        while (first > 0 && s->pages[first - 1] >= p0) {
            first--;
        }
        s->line_first[y] = first;
        s->line_count[y] = p1 - p0 + 1;
        for (p = n ? MAX(p0, s->pages[n - 1] + 1) : p0; p <= p1; p++) {
            if (n == cap) {
                cap = MAX(cap * 2, 256);
                s->pages = g_renew(uint64_t, s->pages, cap);
            }
            s->pages[n++] = p;
        }
    }
    s->npages = n;
    s->page_off = g_renew(uint64_t, s->page_off, n);
    s->page_dirty = g_renew(bool, s->page_dirty, n);
    for (uint32_t i = 0; i < n; i++) {
        MemoryRegionSection sec;

        s->page_off[i] = PAGE_SCRATCH;
        /* Pages past the GTT are the scratch page, never dirty. */
        if (s->pages[i] >= gtt_pages ||
            !g45_gtt_translate(&s->core.gtt, s->pages[i] * 4096, &phys)) {
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

static bool g45_line_dirty(IntelG45State *s, uint32_t y)
{
    for (uint32_t i = 0; i < s->line_count[y]; i++) {
        if (s->page_dirty[s->line_first[y] + i]) {
            return true;
        }
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
            pf, so->width, 1, (uint32_t *)s->line, g45_line_stride(so));

        if (!img) {
            HWGPU_GUEST_ERROR(&s->host, "intel-g45: pixman refused a %ux1 "
                              "line of format %u", so->width, so->format);
            return;
        }
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
        HWGPU_UNIMP(&s->host, "intel-g45: plane format %u not supported",
                    so->format);
        return false;
    }
    if ((uint64_t)so->width * so->height * so->bpp > G45_MAX_SCANOUT_BYTES) {
        HWGPU_GUEST_ERROR(&s->host, "intel-g45: %ux%u scanout too big",
                          so->width, so->height);
        return false;
    }
    if (so->tiled && (so->stride % G45_XTILE_W || !so->stride)) {
        HWGPU_GUEST_ERROR(&s->host,
                          "intel-g45: X-tiled stride %u not a tile multiple",
                          so->stride);
        return false;
    }
    return true;
}

static void g45_show_off(IntelG45State *s, const char *msg)
{
    if (!s->display_off_shown) {
        DisplaySurface *ds = qemu_create_placeholder_surface(640, 480, msg);

        trace_hwgpu_g45_scanout_off(msg);
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

/*
 * Convert the lines of the update in progress from s->scan.y on, at most
 * G45_SCANOUT_SLICE_BYTES of surface per main-loop turn: a frame of the
 * largest mode the guest can set (4096 lines, 64 MiB) takes several turns
 * instead of stalling the main loop (and every vCPU waiting for its lock)
 * for the whole frame.  The console is told the update is done (QEMU's
 * async update: a screendump waits for it) when the last line is in.
 */
static void g45_scanout_continue(IntelG45State *s)
{
    G45ScanoutWork *w = &s->scan;
    const G45Scanout *so = &w->so;
    DisplaySurface *ds = qemu_console_surface(s->vga.con);
    uint64_t t0 = qemu_clock_get_ns(QEMU_CLOCK_REALTIME), bytes = 0;
    uint32_t run = 0, y;

    for (y = w->y; y <= so->height; y++) {
        if (y < so->height && bytes < G45_SCANOUT_SLICE_BYTES) {
            bool in_cur = w->cur && (int)y >= w->cy && (int)y < w->cy + w->cs;
            bool was_cur = (int)y >= s->cursor_y &&
                           (int)y < s->cursor_y + s->cursor_h;

            if (w->full || in_cur || was_cur || g45_line_dirty(s, y)) {
                g45_convert_line(s, so, ds, y);
                if (in_cur) {
                    g45_cursor_line(s, ds, so, y, w->cx, w->cy, w->cs,
                                    w->cbase);
                }
                s->lines_converted++;
                bytes += (uint64_t)so->width * so->bpp;
                run++;
                continue;
            }
        }
        if (run) {
            dpy_gfx_update(s->vga.con, 0, y - run, so->width, run);
            run = 0;
        }
        if (y < so->height && bytes >= G45_SCANOUT_SLICE_BYTES) {
            break;
        }
    }
    t0 = qemu_clock_get_ns(QEMU_CLOCK_REALTIME) - t0;
    s->frame_ns += t0;
    s->slice_max_ns = MAX(s->slice_max_ns, t0);
    if (y < so->height) {
        w->y = y;
        qemu_bh_schedule(s->scan_bh);       /* the rest on the next turn */
        return;
    }
    s->cursor_y = w->cur ? w->cy : 0;
    s->cursor_h = w->cur ? w->cs : 0;
    s->frames++;
    w->active = false;
    graphic_hw_update_done(s->vga.con);
}

void g45_scanout_bh(void *opaque)
{
    IntelG45State *s = opaque;

    if (s->scan.active) {
        g45_scanout_continue(s);
    }
}

/* Start an update of the console (QEMU's gfx_update, async). */
void g45_scanout_update(IntelG45State *s)
{
    G45ScanoutWork *w = &s->scan;
    G45Scanout so;
    DisplaySurface *ds;

    if (w->active) {
        return;                 /* the update in progress will finish */
    }
    if (!(hwgpu_reg_get(&s->core.regs, G45_VGACNTRL) &
          G45_VGACNTRL_DISABLE)) {
        if (s->display_off_shown || s->shown.enabled) {
            s->display_off_shown = false;
            s->shown.enabled = false;
            s->vga.hw_ops->invalidate(&s->vga);
        }
        s->vga.hw_ops->gfx_update(&s->vga);
        graphic_hw_update_done(s->vga.con);
        return;
    }
    if (!g45_display_scanout(&s->core.disp, 0, &so) &&
        !g45_display_scanout(&s->core.disp, 1, &so)) {
        g45_show_off(s, "intel-g45: display off");
        graphic_hw_update_done(s->vga.con);
        return;
    }
    if (!g45_scanout_valid(s, &so)) {
        g45_show_off(s, "intel-g45: unsupported plane setup");
        graphic_hw_update_done(s->vga.con);
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
    if (s->line_size < g45_line_stride(&so)) {
        g_free(s->line);
        s->line_size = g45_line_stride(&so);
        s->line = g_malloc0(s->line_size);
    }
    w->full = s->full_redraw || s->gtt_changed ||
              !g45_scanout_same(&so, &s->shown);
    if (!g45_scanout_same(&so, &s->shown)) {
        trace_hwgpu_g45_scanout_mode(so.pipe, so.width, so.height, so.format,
                                     so.stride, so.tiled, so.base);
    }
    if (w->full) {
        g45_resolve_pages(s, &so);
    }
    g45_collect_dirty(s);
    s->shown = so;
    s->full_redraw = s->gtt_changed = false;
    w->so = so;
    w->cur = g45_cursor(s, so.pipe, &w->cx, &w->cy, &w->cs, &w->cbase);
    w->y = 0;
    w->active = true;
    g45_scanout_continue(s);
}

void g45_scanout_cleanup(IntelG45State *s)
{
    g_free(s->pages);
    g_free(s->page_off);
    g_free(s->page_dirty);
    g_free(s->line_first);
    g_free(s->line_count);
    s->pages = s->page_off = NULL;
    s->page_dirty = NULL;
    s->line_first = s->line_count = NULL;
    s->npages = 0;
    g_free(s->line);
    s->line = NULL;
    s->line_size = 0;
}
