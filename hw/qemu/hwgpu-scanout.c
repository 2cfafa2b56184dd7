/*
 * The generic scanout (see hwgpu-scanout.h).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/units.h"
#include "qemu/main-loop.h"
#include "qemu/timer.h"
#include "qom/object.h"
#include "hw/qdev-core.h"
#include "hw/boards.h"
#include "exec/address-spaces.h"
#include "exec/memory.h"

#include "hwgpu-scanout.h"
#include "trace.h"

static const char *so_name(HwgpuScanout *so)
{
    return object_get_typename(OBJECT(so->dev));
}

/*
 * Bytes per line of the line buffer.  pixman wants 32-bit aligned strides:
 * an odd width at 16 bpp has to be padded (pixman refuses the image
 * otherwise).  The buffer is allocated and described with this one rule.
 */
static size_t line_stride(const HwgpuFb *fb)
{
    return ROUND_UP((size_t)fb->width * fb->bpp, 4);
}

/* Device address of byte `bx` of visible line `y`. */
static uint64_t line_addr(const HwgpuFb *fb, uint32_t y, uint64_t bx)
{
    if (!fb->tile_offset) {
        return fb->base + (uint64_t)(fb->y + y) * fb->stride +
               (uint64_t)fb->x * fb->bpp + bx;
    }
    return fb->base + fb->tile_offset((uint64_t)fb->x * fb->bpp + bx,
                                      (uint64_t)fb->y + y, fb->stride);
}

/* Read visible line y (width * bpp bytes) into dst. */
static void read_line(HwgpuScanout *so, const HwgpuFb *fb, uint32_t y,
                      uint8_t *dst)
{
    uint32_t bytes = fb->width * fb->bpp, done = 0;

    while (done < bytes) {
        uint32_t n = bytes - done;

        if (fb->tile_offset) {
            n = MIN(n, fb->tile_w -
                       ((uint64_t)fb->x * fb->bpp + done) % fb->tile_w);
        }
        so->ops->read(so->opaque, line_addr(fb, y, done), dst + done, n);
        done += n;
    }
}

/*
 * The device pages line y reads: [*p0, *p1], a contiguous run (a line of a
 * tiled surface crosses the tiles of one tile row, which follow each other).
 */
static void line_pages(const HwgpuFb *fb, uint32_t y, uint64_t *p0,
                       uint64_t *p1)
{
    uint64_t bytes = (uint64_t)fb->width * fb->bpp;

    *p0 = line_addr(fb, y, 0) >> 12;
    *p1 = line_addr(fb, y, bytes - 1) >> 12;
}

/*
 * Resolve the pages the visible lines read to offsets in machine RAM (or
 * PAGE_SCRATCH / PAGE_UNTRACKED), once per surface or page-table change.
 * Only the visible pixels count: a huge stride skips pages, it does not
 * make the walk longer (at most a few pages per line).  Each line's pages
 * are a contiguous run, and the runs of successive lines never go
 * backwards, so the pages form one sorted list and each line an index
 * range of it.
 */
#define PAGE_SCRATCH    UINT64_MAX
#define PAGE_UNTRACKED  (UINT64_MAX - 1)
#define PAGE_LOCAL      (1ull << 62)    /* an offset in so->local */

static void resolve_pages(HwgpuScanout *so, const HwgpuFb *fb)
{
    uint32_t n = 0, cap = 0;

    so->line_first = g_renew(uint32_t, so->line_first, fb->height);
    so->line_count = g_renew(uint32_t, so->line_count, fb->height);
    for (uint32_t y = 0; y < fb->height; y++) {
        uint64_t p0, p1, p;
        uint32_t first = n;

        line_pages(fb, y, &p0, &p1);
        while (first > 0 && so->pages[first - 1] >= p0) {
            first--;
        }
        so->line_first[y] = first;
        so->line_count[y] = p1 - p0 + 1;
        for (p = n ? MAX(p0, so->pages[n - 1] + 1) : p0; p <= p1; p++) {
            if (n == cap) {
                cap = MAX(cap * 2, 256);
                so->pages = g_renew(uint64_t, so->pages, cap);
            }
            so->pages[n++] = p;
        }
    }
    so->npages = n;
    so->page_off = g_renew(uint64_t, so->page_off, n);
    so->page_dirty = g_renew(bool, so->page_dirty, n);
    for (uint32_t i = 0; i < n; i++) {
        MemoryRegionSection sec;
        uint64_t phys;

        so->page_off[i] = PAGE_SCRATCH;
        /* Untranslated pages read the scratch page and are never dirty. */
        if (!so->ops->translate(so->opaque, so->pages[i], &phys)) {
            continue;
        }
        sec = memory_region_find(get_system_memory(), phys & ~0xfffull,
                                 4096);
        if (!sec.mr) {
            continue;
        }
        if (so->ram && sec.mr == so->ram) {
            so->page_off[i] = sec.offset_within_region;
        } else if (so->local && sec.mr == so->local) {
            so->page_off[i] = PAGE_LOCAL | sec.offset_within_region;
        } else {
            so->page_off[i] = PAGE_UNTRACKED;
        }
        memory_region_unref(sec.mr);
    }
}

/*
 * Which of the pages in `mr` (machine RAM, or with PAGE_LOCAL the device's
 * own) were written since the last update: one snapshot of the dirty log
 * over the span they occupy (stolen memory, fbdev objects and VRAM
 * surfaces are mostly contiguous), per-page snapshots otherwise.
 */
static void collect_dirty_in(HwgpuScanout *so, MemoryRegion *mr,
                             uint64_t local)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    DirtyBitmapSnapshot *snap = NULL;

    for (uint32_t i = 0; i < so->npages; i++) {
        uint64_t off = so->page_off[i];

        if (off < PAGE_UNTRACKED && (off & PAGE_LOCAL) == local) {
            off &= ~PAGE_LOCAL;
            lo = MIN(lo, off);
            hi = MAX(hi, off + 4096);
        }
    }
    if (lo >= hi) {
        return;
    }
    if (hi - lo <= 256 * MiB) {
        snap = memory_region_snapshot_and_clear_dirty(mr, lo, hi - lo,
                                                      DIRTY_MEMORY_VGA);
    }
    for (uint32_t i = 0; i < so->npages; i++) {
        uint64_t off = so->page_off[i];

        if (off >= PAGE_UNTRACKED || (off & PAGE_LOCAL) != local) {
            continue;
        }
        off &= ~PAGE_LOCAL;
        if (snap) {
            so->page_dirty[i] = memory_region_snapshot_get_dirty(mr, snap,
                                                                 off, 4096);
        } else {
            DirtyBitmapSnapshot *one = memory_region_snapshot_and_clear_dirty(
                mr, off, 4096, DIRTY_MEMORY_VGA);

            so->page_dirty[i] = memory_region_snapshot_get_dirty(mr, one,
                                                                  off, 4096);
            g_free(one);
        }
    }
    g_free(snap);
}

static void collect_dirty(HwgpuScanout *so)
{
    for (uint32_t i = 0; i < so->npages; i++) {
        /* the scratch page never changes; untracked memory: redraw */
        so->page_dirty[i] = so->page_off[i] == PAGE_UNTRACKED;
    }
    if (so->ram) {
        collect_dirty_in(so, so->ram, 0);
    }
    if (so->local) {
        collect_dirty_in(so, so->local, PAGE_LOCAL);
    }
}

static bool line_dirty(HwgpuScanout *so, uint32_t y)
{
    for (uint32_t i = 0; i < so->line_count[y]; i++) {
        if (so->page_dirty[so->line_first[y] + i]) {
            return true;
        }
    }
    return false;
}

static void convert_line(HwgpuScanout *so, const HwgpuFb *fb,
                         DisplaySurface *ds, uint32_t y)
{
    uint8_t *dst = surface_data(ds) + (size_t)y * surface_stride(ds);

    if (fb->format == PIXMAN_x8r8g8b8) {
        /* The console's own format: no conversion. */
        read_line(so, fb, y, dst);
        return;
    }
    read_line(so, fb, y, so->line);
    if (!fb->format) {
        uint32_t *d = (uint32_t *)dst;

        for (uint32_t x = 0; x < fb->width; x++) {
            d[x] = fb->palette[so->line[x]] & 0xffffff;
        }
    } else {
        pixman_image_t *img = pixman_image_create_bits(
            fb->format, fb->width, 1, (uint32_t *)so->line, line_stride(fb));

        if (!img) {
            HWGPU_GUEST_ERROR(so->host, "%s: pixman refused a %ux1 line of "
                              "format 0x%x", so_name(so), fb->width,
                              fb->format);
            return;
        }
        pixman_image_composite(PIXMAN_OP_SRC, img, NULL, ds->image, 0, 0, 0,
                               0, 0, y, fb->width, 1);
        pixman_image_unref(img);
    }
}

/* Blend one line of the ARGB cursor onto console line y. */
static void cursor_line(HwgpuScanout *so, DisplaySurface *ds,
                        const HwgpuFb *fb, const HwgpuCursor *cur, uint32_t y)
{
    uint32_t src[256];
    uint32_t *dst = (uint32_t *)(surface_data(ds) +
                                 (size_t)y * surface_stride(ds));
    int row = (int)y - cur->y;

    so->ops->read(so->opaque, cur->base + (uint64_t)row * cur->size * 4, src,
                  cur->size * 4);
    for (int i = 0; i < cur->size; i++) {
        int x = cur->x + i;
        uint32_t a = src[i] >> 24, d, o = 0;

        if (x < 0 || x >= (int)fb->width || !a) {
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

bool hwgpu_scanout_fb_ok(HwgpuScanout *so, const HwgpuFb *fb)
{
    if (!fb->width || !fb->height || !fb->bpp ||
        (!fb->format && (fb->bpp != 1 || !fb->palette)) ||
        (fb->format && PIXMAN_FORMAT_BPP(fb->format) != fb->bpp * 8)) {
        HWGPU_UNIMP(so->host, "%s: %ux%u scanout of format 0x%x at %u bytes "
                    "a pixel not supported", so_name(so), fb->width,
                    fb->height, fb->format, fb->bpp);
        return false;
    }
    if ((uint64_t)fb->width * fb->height * fb->bpp >
        HWGPU_SCANOUT_MAX_BYTES) {
        HWGPU_GUEST_ERROR(so->host, "%s: %ux%u scanout too big", so_name(so),
                          fb->width, fb->height);
        return false;
    }
    if (fb->tile_offset && (!fb->tile_w || !fb->stride ||
                            fb->stride % fb->tile_w)) {
        HWGPU_GUEST_ERROR(so->host, "%s: tiled stride %u not a tile multiple",
                          so_name(so), fb->stride);
        return false;
    }
    return true;
}

void hwgpu_scanout_off(HwgpuScanout *so, const char *msg)
{
    if (!so->off_shown) {
        DisplaySurface *ds = qemu_create_placeholder_surface(640, 480, msg);

        trace_hwgpu_scanout_off(so_name(so), msg);
        dpy_gfx_replace_surface(so->con, ds);
        so->off_shown = true;
        so->shown_valid = false;
    }
    graphic_hw_update_done(so->con);
}

void hwgpu_scanout_show_vga(HwgpuScanout *so, VGACommonState *vga)
{
    if (so->off_shown || so->shown_valid) {
        /* from the device's own surface: everything again, both ways */
        so->off_shown = false;
        so->shown_valid = false;
        vga->hw_ops->invalidate(vga);
    }
    vga->hw_ops->gfx_update(vga);
    graphic_hw_update_done(so->con);
}

static bool fb_same(const HwgpuFb *a, const HwgpuFb *b)
{
    return a->base == b->base && a->x == b->x && a->y == b->y &&
           a->width == b->width && a->height == b->height &&
           a->stride == b->stride && a->bpp == b->bpp &&
           a->format == b->format && a->palette == b->palette &&
           a->tile_offset == b->tile_offset && a->tile_w == b->tile_w;
}

/*
 * Convert the lines of the update in progress from so->next_y on, at most
 * HWGPU_SCANOUT_SLICE_BYTES of surface per main-loop turn, then tell the
 * console the update is done.
 */
static void scanout_continue(HwgpuScanout *so)
{
    const HwgpuFb *fb = &so->fb;
    const HwgpuCursor *cur = &so->cur;
    DisplaySurface *ds = qemu_console_surface(so->con);
    uint64_t t0 = qemu_clock_get_ns(QEMU_CLOCK_REALTIME), bytes = 0;
    uint32_t run = 0, y;

    for (y = so->next_y; y <= fb->height; y++) {
        if (y < fb->height && bytes < HWGPU_SCANOUT_SLICE_BYTES) {
            bool in_cur = cur->on && (int)y >= cur->y &&
                          (int)y < cur->y + cur->size;
            bool was_cur = (int)y >= so->cursor_y &&
                           (int)y < so->cursor_y + so->cursor_h;

            if (so->full || in_cur || was_cur || line_dirty(so, y)) {
                convert_line(so, fb, ds, y);
                if (in_cur) {
                    cursor_line(so, ds, fb, cur, y);
                }
                so->lines_converted++;
                bytes += (uint64_t)fb->width * fb->bpp;
                run++;
                continue;
            }
        }
        if (run) {
            dpy_gfx_update(so->con, 0, y - run, fb->width, run);
            run = 0;
        }
        if (y < fb->height && bytes >= HWGPU_SCANOUT_SLICE_BYTES) {
            break;
        }
    }
    t0 = qemu_clock_get_ns(QEMU_CLOCK_REALTIME) - t0;
    so->frame_ns += t0;
    so->slice_max_ns = MAX(so->slice_max_ns, t0);
    so->slice_max_bytes = MAX(so->slice_max_bytes, bytes);
    if (y < fb->height) {
        so->next_y = y;
        qemu_bh_schedule(so->bh);       /* the rest on the next turn */
        return;
    }
    so->cursor_y = cur->on ? cur->y : 0;
    so->cursor_h = cur->on ? cur->size : 0;
    so->frames++;
    so->active = false;
    graphic_hw_update_done(so->con);
}

static void scanout_bh(void *opaque)
{
    HwgpuScanout *so = opaque;

    if (so->active) {
        scanout_continue(so);
    }
}

void hwgpu_scanout_show(HwgpuScanout *so, const HwgpuFb *fb,
                        const HwgpuCursor *cur)
{
    DisplaySurface *ds = qemu_console_surface(so->con);
    bool same = so->shown_valid && fb_same(fb, &so->shown);

    if (so->active) {
        return;                 /* the update in progress will finish */
    }
    if (!so->shown_valid || so->off_shown || !ds ||
        surface_width(ds) != fb->width || surface_height(ds) != fb->height) {
        ds = qemu_create_displaysurface(fb->width, fb->height);
        dpy_gfx_replace_surface(so->con, ds);
        so->off_shown = false;
        so->full_redraw = true;
    }
    if (so->line_size < line_stride(fb)) {
        g_free(so->line);
        so->line_size = line_stride(fb);
        so->line = g_malloc0(so->line_size);
    }
    so->full = so->full_redraw || so->pages_changed || !same;
    if (!same) {
        trace_hwgpu_scanout_mode(so_name(so), fb->width, fb->height,
                                 fb->format, fb->stride, !!fb->tile_offset,
                                 fb->base);
    }
    if (so->full) {
        resolve_pages(so, fb);
    }
    collect_dirty(so);
    so->shown = *fb;
    so->shown_valid = true;
    so->full_redraw = so->pages_changed = false;
    so->fb = *fb;
    so->cur = cur && cur->on && cur->size <= 256 ? *cur : (HwgpuCursor){ 0 };
    so->next_y = 0;
    so->active = true;
    scanout_continue(so);
}

void hwgpu_scanout_init(HwgpuScanout *so, DeviceState *dev, QemuConsole *con,
                        const HwgpuScanoutOps *ops, void *opaque,
                        const HwgpuHost *host)
{
    so->dev = dev;
    so->con = con;
    so->ops = ops;
    so->opaque = opaque;
    so->host = host;
    so->bh = qemu_bh_new_guarded(scanout_bh, so, &dev->mem_reentrancy_guard);
    so->ram = MACHINE(qdev_get_machine())->ram;
    if (so->ram) {
        /* Only lines whose guest pages changed are converted. */
        memory_region_set_log(so->ram, true, DIRTY_MEMORY_VGA);
    }
}

void hwgpu_scanout_track_local(HwgpuScanout *so, MemoryRegion *local)
{
    so->local = local;
    memory_region_set_log(local, true, DIRTY_MEMORY_VGA);
}

void hwgpu_scanout_add_properties(HwgpuScanout *so, Object *obj)
{
    object_property_add_uint64_ptr(obj, "x-scanout-frames", &so->frames,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "x-scanout-ns", &so->frame_ns,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "x-scanout-lines",
                                   &so->lines_converted, OBJ_PROP_FLAG_READ);
    object_property_add_uint32_ptr(obj, "x-scanout-pages", &so->npages,
                                   OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "x-scanout-slice-max-ns",
                                   &so->slice_max_ns, OBJ_PROP_FLAG_READ);
    object_property_add_uint64_ptr(obj, "x-scanout-slice-max-bytes",
                                   &so->slice_max_bytes, OBJ_PROP_FLAG_READ);
}

void hwgpu_scanout_cleanup(HwgpuScanout *so)
{
    if (so->bh) {
        qemu_bh_delete(so->bh);
        so->bh = NULL;
    }
    g_free(so->pages);
    g_free(so->page_off);
    g_free(so->page_dirty);
    g_free(so->line_first);
    g_free(so->line_count);
    so->pages = so->page_off = NULL;
    so->page_dirty = NULL;
    so->line_first = so->line_count = NULL;
    so->npages = 0;
    g_free(so->line);
    so->line = NULL;
    so->line_size = 0;
}

size_t hwgpu_edid_setup(qemu_edid_info *info, uint32_t max_w, uint32_t max_h,
                        const char *why, uint8_t *edid, size_t size,
                        Error **errp)
{
    if (!info->prefx) {
        info->prefx = 1024;
    }
    if (!info->prefy) {
        info->prefy = 768;
    }
    if (info->prefx < 640 || info->prefx > max_w ||
        info->prefy < 480 || info->prefy > max_h) {
        error_setg(errp, "xres/yres must be within 640x480..%ux%u (%s)",
                   max_w, max_h, why);
        return 0;
    }
    if (!info->maxx) {
        info->maxx = MAX(info->prefx, 1920);
        info->maxy = MAX(info->prefy, 1200);
    }
    qemu_edid_generate(edid, size, info);
    return qemu_edid_size(edid);
}
