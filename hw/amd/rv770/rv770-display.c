/*
 * The RV770's display engine (DCE 3.0): CRTC clocks, vblank and page-flip
 * interrupts, the surface latch, hot-plug sense, the LUT and the DDC1
 * pins (include/hwgpu/amd/rv770/rv770-display.h).
 *
 * Each CRTC runs on one clock: from the moment CRTC_EN is set (or its
 * timing changes) the frame counter, the position the CRTC reports and
 * the vblank flag are computed from (now - epoch), the frame period being
 * H_TOTAL x V_TOTAL pixels at the pixel PLL's rate.  The CRTC counts lines
 * from the start of vertical sync, as the AtomBIOS's SetCRTC_Timing sets
 * it up (hw/amd/rv770/rv770-atombios.py, crtc_direction): the frame
 * counter steps at line 0, vblank is the lines from V_BLANK_START (the
 * low half of V_BLANK_START_END) to the end and from 0 to V_BLANK_END
 * (its high half).  seed-004.md §4.10.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-display.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "rv770-atombios.h"

/*
 * The pixel PLLs as the AtomBIOS's SetPixelClock programs them
 * (rv770-atombios.py, pll_program): REF_DIV, FB_DIV (the divider in bits
 * 31:16, tenths in 7:0), POST_DIV, CNTL (3: reset and powered down); and
 * PCLK_CRTCn_CNTL naming the PLL that clocks CRTC n.
 */
static const struct {
    uint32_t ref, fb, post, cntl;
} ppll[2] = {
    { 0x404, 0x430, 0x43c, 0x450 },
    { 0x414, 0x434, 0x444, 0x454 },
};
static const uint32_t pclk_crtc_cntl[2] = { 0x480, 0x484 };

#define NS_PER_S                1000000000ull
/* frame rates the clock accepts; anything else runs at 60 Hz */
#define MIN_FRAME_NS            (NS_PER_S / 240)
#define MAX_FRAME_NS            (NS_PER_S / 5)
#define TIMING_MAX              0x2000  /* 13-bit line and pixel counts */

static const uint32_t vblank_int_mask[2] = {
    RV770_D1MODE_VBLANK_INT_MASK, RV770_D2MODE_VBLANK_INT_MASK
};
static const uint32_t vblank_disp_int[2] = {
    RV770_LB_D1_VBLANK_INTERRUPT, RV770_LB_D2_VBLANK_INTERRUPT
};
static const uint32_t vblank_src[2] = {
    RV770_IH_SRC_D1_VBLANK, RV770_IH_SRC_D2_VBLANK
};
static const uint32_t pflip_src[2] = {
    RV770_IH_SRC_D1_PFLIP, RV770_IH_SRC_D2_PFLIP
};

static Rv770Display *disp(Rv770 *r)
{
    return &r->disp;
}

static uint64_t now_ns(Rv770 *r)
{
    return r->host && r->host->clock_ns ? r->host->clock_ns(r->host->opaque)
                                        : 0;
}

/* A CRTC's register: D1's offset, for CRTC c. */
static uint32_t reg(Rv770 *r, int c, uint32_t d1_offset)
{
    return hwgpu_reg_get(&r->regs, d1_offset + c * RV770_CRTC_STRIDE);
}

/* Which CRTC a register of the D1/D2 blocks belongs to, and its D1 offset. */
static int crtc_of(uint32_t offset, uint32_t *d1_offset)
{
    int c = offset >= 0x6800 && offset < 0x7000;

    *d1_offset = offset - c * RV770_CRTC_STRIDE;
    return c;
}

/* The pixel clock of CRTC c in Hz, 0 if its PLL is off or nonsense. */
static uint64_t pixel_clock_hz(Rv770 *r, int c)
{
    uint32_t p = hwgpu_reg_get(&r->regs, pclk_crtc_cntl[c]) & 1;
    uint32_t ref = hwgpu_reg_get(&r->regs, ppll[p].ref) & 0xffff;
    uint32_t fb = hwgpu_reg_get(&r->regs, ppll[p].fb);
    uint32_t post = hwgpu_reg_get(&r->regs, ppll[p].post) & 0xff;
    uint64_t fb10 = (uint64_t)(fb >> 16) * 10 + (fb & 0xff) % 10;

    if (hwgpu_reg_get(&r->regs, ppll[p].cntl) & 3 || !ref || !post) {
        return 0;
    }
    /* REF_CLK is in 10 kHz units */
    return (uint64_t)HWGPU_RV770_ATOMBIOS_REF_CLK * 10000 * fb10 /
           (10ull * ref * post);
}

/* Frame number (the counter) at `now`. */
static uint64_t crtc_frame(const Rv770Crtc *k, uint64_t now)
{
    if (!k->on || now < k->epoch_ns) {
        return k->frames_base;
    }
    return k->frames_base + (now - k->epoch_ns) / k->frame_ns;
}

/* Time from a frame's start to its vblank's start. */
static uint64_t vblank_offset(const Rv770Crtc *k)
{
    return k->vtotal ? k->frame_ns * k->vblank_start / k->vtotal : 0;
}

/* Vblank starts from the epoch up to `now`. */
static uint64_t crtc_vblanks(const Rv770Crtc *k, uint64_t now)
{
    uint64_t off = vblank_offset(k);

    if (!k->on || now < k->epoch_ns + off) {
        return 0;
    }
    return (now - k->epoch_ns - off) / k->frame_ns + 1;
}

/* The line being scanned (from sync) and the pixel in it. */
static void crtc_position(const Rv770Crtc *k, uint64_t now, uint32_t *v,
                          uint32_t *h)
{
    uint64_t phase, line_ns;

    *v = *h = 0;
    if (!k->on || now < k->epoch_ns || !k->vtotal) {
        return;
    }
    phase = (now - k->epoch_ns) % k->frame_ns;
    *v = (uint32_t)(phase * k->vtotal / k->frame_ns);
    line_ns = k->frame_ns / k->vtotal;
    if (line_ns && k->htotal) {
        *h = (uint32_t)((phase - (uint64_t)*v * k->frame_ns / k->vtotal) *
                        k->htotal / line_ns) % k->htotal;
    }
}

static bool crtc_in_vblank(const Rv770Crtc *k, uint64_t now)
{
    uint32_t v, h;

    if (!k->on) {
        return true;            /* a stopped CRTC shows nothing */
    }
    crtc_position(k, now, &v, &h);
    return v >= k->vblank_start || v < k->vblank_end;
}

/* The surface address written to CRTC c's registers (MC address). */
static uint64_t written_surface(Rv770 *r, int c)
{
    uint32_t lo = reg(r, c, RV770_D1GRPH_PRIMARY_SURFACE) & ~0xffu;
    /* the R7xx swap: D1's HIGH sits in D2's block and the reverse */
    uint32_t hi = hwgpu_reg_get(&r->regs, RV770_D2GRPH_PRIMARY_HIGH +
                                (1 - c) * RV770_CRTC_STRIDE) & 0xff;

    return (uint64_t)hi << 32 | lo;
}

/* The surface latches: the written address becomes the scanned one. */
static void latch(Rv770 *r, int c, bool irq)
{
    Rv770Crtc *k = &disp(r)->crtc[c];
    uint32_t st = RV770_D1GRPH_INTERRUPT_STATUS + c * RV770_CRTC_STRIDE;

    k->surface = written_surface(r, c);
    k->flip_pending = false;
    hwgpu_reg_set(&r->regs, st,
                  hwgpu_reg_get(&r->regs, st) | RV770_GRPH_PFLIP_OCCURRED);
    if (irq && reg(r, c, RV770_D1GRPH_INTERRUPT_CONTROL) &
        RV770_GRPH_PFLIP_INT_MASK) {
        rv770_ih_post(r, pflip_src[c], 0);
        disp(r)->flip_irqs++;
    }
}

static bool update_locked(Rv770 *r, int c)
{
    return reg(r, c, RV770_D1GRPH_UPDATE) & RV770_GRPH_UPDATE_LOCK;
}

/* A vblank of CRTC c began. */
static void vblank_event(Rv770 *r, int c)
{
    uint32_t st = RV770_D1MODE_VBLANK_STATUS + c * RV770_CRTC_STRIDE;

    hwgpu_reg_set(&r->regs, st,
                  hwgpu_reg_get(&r->regs, st) | RV770_VBLANK_OCCURRED);
    if (hwgpu_reg_get(&r->regs, RV770_DXMODE_INT_MASK) &
        vblank_int_mask[c]) {
        rv770_ih_post(r, vblank_src[c], 0);
        disp(r)->vblank_irqs++;
    }
    if (disp(r)->crtc[c].flip_pending && !update_locked(r, c)) {
        latch(r, c, true);
    }
}

void rv770_display_sync(Rv770 *r, uint64_t now)
{
    for (int c = 0; c < 2; c++) {
        Rv770Crtc *k = &disp(r)->crtc[c];
        uint64_t n = crtc_vblanks(k, now);

        if (n > k->vblanks) {
            /* several missed vblanks raise one event, as a late reader
             * of the status register would see */
            k->vblanks = n;
            vblank_event(r, c);
        }
    }
}

uint64_t rv770_display_next_event(Rv770 *r, uint64_t now)
{
    uint64_t next = UINT64_MAX;
    uint32_t mask = hwgpu_reg_get(&r->regs, RV770_DXMODE_INT_MASK);

    for (int c = 0; c < 2; c++) {
        Rv770Crtc *k = &disp(r)->crtc[c];
        uint64_t t;

        if (!k->on || (!(mask & vblank_int_mask[c]) &&
                       !(k->flip_pending && !update_locked(r, c)))) {
            continue;
        }
        t = k->epoch_ns + vblank_offset(k) + k->vblanks * k->frame_ns;
        next = t < next ? t : next;
    }
    return next < now ? now : next;
}

uint64_t rv770_display_tick(Rv770 *r)
{
    uint64_t now, next;

    hwgpu_worker_lock(&r->worker);
    now = now_ns(r);
    rv770_display_sync(r, now);
    next = rv770_display_next_event(r, now);
    hwgpu_worker_unlock(&r->worker);
    return next;
}

/*
 * The CRTC's clock starts again from `now` with the timing in its
 * registers (CRTC_EN set, or the timing changed while it runs); the frame
 * counter carries on from where it was.
 */
static void crtc_retime(Rv770 *r, int c, uint64_t now)
{
    Rv770Crtc *k = &disp(r)->crtc[c];
    uint32_t ht = (reg(r, c, RV770_D1CRTC_H_TOTAL) & 0x1fff) + 1;
    uint32_t vt = (reg(r, c, RV770_D1CRTC_V_TOTAL) & 0x1fff) + 1;
    uint32_t vb = reg(r, c, RV770_D1CRTC_V_BLANK_START_END);
    uint64_t hz = pixel_clock_hz(r, c), ns = 0;
    bool on = reg(r, c, RV770_D1CRTC_CONTROL) & RV770_CRTC_EN;

    k->frames_base = crtc_frame(k, now);
    if (hz) {
        ns = (uint64_t)ht * vt * NS_PER_S / hz;
    }
    if (ns < MIN_FRAME_NS || ns > MAX_FRAME_NS) {
        if (on && hz) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: CRTC%d timing %ux%u "
                              "at %llu Hz is not 5..240 frames a second; "
                              "running at 60", c + 1, ht, vt,
                              (unsigned long long)hz);
        }
        ns = RV770_NS_PER_60HZ;
    }
    k->frame_ns = ns;
    k->htotal = ht;
    k->vtotal = vt;
    k->vblank_start = vb & 0x1fff;
    k->vblank_end = (vb >> 16) & 0x1fff;
    if (k->vblank_start >= vt) {
        k->vblank_start = vt - 1;
    }
    if (k->vblank_end > k->vblank_start) {
        k->vblank_end = k->vblank_start;
    }
    k->epoch_ns = now;
    k->vblanks = 0;
    k->on = on;
    /* a stopped CRTC has no vblank to wait for: a pending update lands */
    if (!on && k->flip_pending && !update_locked(r, c)) {
        latch(r, c, false);
    }
}

static void hpd_event(Rv770 *r, int pin)
{
    uint32_t st = RV770_DC_HPD1_INT_STATUS + pin * RV770_HPD_STRIDE;

    hwgpu_reg_set(&r->regs, st,
                  hwgpu_reg_get(&r->regs, st) | RV770_HPD_INT_STATUS);
    if (hwgpu_reg_get(&r->regs, st + 4) & RV770_HPD_INT_EN) {
        rv770_ih_post(r, RV770_IH_SRC_HPD, 0);
    }
}

void rv770_display_set_edid(Rv770 *r, const uint8_t *edid, size_t len)
{
    hwgpu_worker_lock(&r->worker);
    if (hwgpu_ddc_set_edid(&disp(r)->ddc, edid, len) && r->regs.values) {
        hpd_event(r, 0);        /* the connector's HPD1 */
    }
    hwgpu_worker_unlock(&r->worker);
}

void rv770_display_reset(Rv770 *r)
{
    Rv770Display *d = disp(r);

    memset(d->crtc, 0, sizeof(d->crtc));
    for (int c = 0; c < 2; c++) {
        d->crtc[c].frame_ns = RV770_NS_PER_60HZ;
    }
    hwgpu_ddc_reset(&d->ddc);
    hwgpu_i2c_bitbang_reset(&d->i2c);
    d->ddc_sda = true;
    memset(d->lut, 0, sizeof(d->lut));
    d->vblank_irqs = d->flip_irqs = 0;
}

/* The DDC1 pins: each line is pulled low where EN drives A's 0. */
static void ddc_lines(Rv770 *r)
{
    uint32_t en = hwgpu_reg_get(&r->regs, RV770_DC_GPIO_DDC1_EN);
    uint32_t a = hwgpu_reg_get(&r->regs, RV770_DC_GPIO_DDC1_A);
    bool scl = !(en & RV770_DDC_CLK) || (a & RV770_DDC_CLK);
    bool sda = !(en & RV770_DDC_DATA) || (a & RV770_DDC_DATA);

    disp(r)->ddc_sda = hwgpu_i2c_bitbang_set(&disp(r)->i2c, &disp(r)->ddc,
                                              scl, sda);
}

static uint32_t lut_index(Rv770 *r)
{
    return hwgpu_reg_get(&r->regs, RV770_DC_LUT_RW_INDEX) & 0xff;
}

uint32_t rv770_display_reg_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                                uint32_t stored)
{
    Rv770 *r = dev;
    uint64_t now = now_ns(r);
    uint32_t d1, v, h, st = 0;
    int c = crtc_of(offset, &d1);
    Rv770Crtc *k = &disp(r)->crtc[c];

    rv770_display_sync(r, now);
    switch (d1) {
    case RV770_D1CRTC_STATUS:
        return crtc_in_vblank(k, now) ? RV770_CRTC_V_BLANK : 0;
    case RV770_D1CRTC_STATUS_POSITION:
    case RV770_D1CRTC_STATUS_HV_COUNT:      /* r600_is_display_hung */
        crtc_position(k, now, &v, &h);
        return (h & 0x1fff) << 16 | (v & 0x1fff);
    case RV770_D1CRTC_STATUS_FRAME_COUNT:
        return (uint32_t)crtc_frame(k, now) & 0xffffff;
    case RV770_D1GRPH_UPDATE:
        return (stored & ~RV770_GRPH_SURFACE_UPDATE_PENDING) |
               (k->flip_pending ? RV770_GRPH_SURFACE_UPDATE_PENDING : 0);
    default:
        break;
    }
    switch (offset) {
    case RV770_DISP_INTERRUPT_STATUS:
        for (c = 0; c < 2; c++) {
            if (reg(r, c, RV770_D1MODE_VBLANK_STATUS) &
                RV770_VBLANK_OCCURRED) {
                st |= vblank_disp_int[c];
            }
        }
        if (hwgpu_reg_get(rf, RV770_DC_HPD1_INT_STATUS) &
            RV770_HPD_INT_STATUS) {
            st |= RV770_DC_HPD1_INTERRUPT;
        }
        return st;
    case RV770_DC_HPD1_INT_STATUS:
        return (stored & RV770_HPD_INT_STATUS) |
               (disp(r)->ddc.monitor ? RV770_HPD_SENSE : 0);
    case RV770_DC_GPIO_DDC1_Y:
        return ((hwgpu_reg_get(rf, RV770_DC_GPIO_DDC1_EN) & RV770_DDC_CLK) &&
                !(hwgpu_reg_get(rf, RV770_DC_GPIO_DDC1_A) & RV770_DDC_CLK)
                ? 0 : RV770_DDC_CLK) |
               (disp(r)->ddc_sda ? RV770_DDC_DATA : 0);
    case RV770_DC_LUT_30_COLOR:
        v = disp(r)->lut[hwgpu_reg_get(rf, RV770_DC_LUT_RW_SELECT) & 1]
                        [lut_index(r)];
        hwgpu_reg_set(rf, RV770_DC_LUT_RW_INDEX, (lut_index(r) + 1) & 0xff);
        return v;
    default:
        return stored;
    }
}

void rv770_display_reg_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                             uint32_t old, uint32_t val)
{
    Rv770 *r = dev;
    uint64_t now = now_ns(r);
    uint32_t d1;
    int c = crtc_of(offset, &d1);
    Rv770Crtc *k = &disp(r)->crtc[c];

    rv770_display_sync(r, now);
    /* the swapped HIGH registers: D2's in D1's block and the reverse */
    if (d1 == RV770_D2GRPH_PRIMARY_HIGH ||
        d1 == RV770_D2GRPH_SECONDARY_HIGH) {
        c = 1 - c;
        k = &disp(r)->crtc[c];
        d1 = RV770_D1GRPH_PRIMARY_SURFACE;
    }
    switch (d1) {
    case RV770_D1CRTC_CONTROL:
        if ((old ^ val) & RV770_CRTC_EN) {
            crtc_retime(r, c, now);
        }
        return;
    case RV770_D1CRTC_H_TOTAL:
    case RV770_D1CRTC_V_TOTAL:
    case RV770_D1CRTC_V_BLANK_START_END:
        if (k->on && old != val) {
            crtc_retime(r, c, now);
        }
        return;
    case RV770_D1GRPH_PRIMARY_SURFACE:
    case RV770_D1GRPH_SECONDARY_SURFACE:
        /* lands at the next vblank; at once on a stopped CRTC */
        k->flip_pending = true;
        if (!k->on && !update_locked(r, c)) {
            latch(r, c, false);
        }
        return;
    case RV770_D1GRPH_UPDATE:
        if ((old & ~val) & RV770_GRPH_UPDATE_LOCK && !k->on &&
            k->flip_pending) {
            latch(r, c, false);
        }
        return;
    case RV770_D1GRPH_INTERRUPT_STATUS:
        hwgpu_reg_set(rf, offset, val & RV770_GRPH_PFLIP_CLEAR ? 0 :
                      old & RV770_GRPH_PFLIP_OCCURRED);
        return;
    case RV770_D1MODE_VBLANK_STATUS:
        hwgpu_reg_set(rf, offset, val & RV770_VBLANK_ACK ? 0 :
                      old & RV770_VBLANK_OCCURRED);
        return;
    default:
        break;
    }
    switch (offset) {
    case RV770_DC_HPD1_INT_CONTROL:
    case RV770_DC_HPD1_INT_CONTROL + RV770_HPD_STRIDE:
    case RV770_DC_HPD1_INT_CONTROL + 2 * RV770_HPD_STRIDE:
    case RV770_DC_HPD1_INT_CONTROL + 3 * RV770_HPD_STRIDE:
        if (val & RV770_HPD_INT_ACK) {
            hwgpu_reg_set(rf, offset - 4, 0);
            hwgpu_reg_set(rf, offset, val & ~RV770_HPD_INT_ACK);
        }
        return;
    case RV770_DC_GPIO_DDC1_A:
    case RV770_DC_GPIO_DDC1_EN:
        ddc_lines(r);
        return;
    case RV770_DC_LUT_30_COLOR:
        disp(r)->lut[hwgpu_reg_get(rf, RV770_DC_LUT_RW_SELECT) & 1]
                    [lut_index(r)] = val & 0x3fffffff;
        hwgpu_reg_set(rf, RV770_DC_LUT_RW_INDEX, (lut_index(r) + 1) & 0xff);
        return;
    default:
        return;
    }
}

bool rv770_display_vga(Rv770 *r)
{
    return hwgpu_reg_get(&r->regs, RV770_D1VGA_CONTROL) &
           RV770_VGA_MODE_ENABLE;
}

void rv770_display_surface(Rv770 *r, int c, Rv770Surface *s)
{
    Rv770Crtc *k = &disp(r)->crtc[c];
    uint32_t ctl = reg(r, c, RV770_D1GRPH_CONTROL);
    uint32_t depth = RV770_GRPH_DEPTH(ctl);
    uint32_t pitch = reg(r, c, RV770_D1GRPH_PITCH) & 0x3fff;
    uint32_t xs = reg(r, c, RV770_D1GRPH_X_START) & 0x3fff;
    uint32_t ys = reg(r, c, RV770_D1GRPH_Y_START) & 0x3fff;
    uint32_t xe = reg(r, c, RV770_D1GRPH_X_END) & 0x3fff;
    uint32_t ye = reg(r, c, RV770_D1GRPH_Y_END) & 0x3fff;
    uint32_t vp = reg(r, c, RV770_D1MODE_VIEWPORT_SIZE);
    uint32_t vs = reg(r, c, RV770_D1MODE_VIEWPORT_START);
    uint32_t ox = reg(r, c, RV770_D1GRPH_SURFACE_OFFSET_X) & 0x3fff;
    uint32_t oy = reg(r, c, RV770_D1GRPH_SURFACE_OFFSET_Y) & 0x3fff;
    uint32_t w = (vp >> 16) & 0x3fff, h = vp & 0x3fff;
    uint32_t vx = (vs >> 16) & 0x3fff, vy = vs & 0x3fff;

    memset(s, 0, sizeof(*s));
    s->bpp = depth == 0 ? 1 : depth == 1 ? 2 : 4;
    s->format = RV770_GRPH_FORMAT(ctl);
    s->lut = disp(r)->lut[reg(r, c, RV770_D1GRPH_LUT_SEL) & 1];
    if (!w || !h) {                 /* no viewport: the whole surface */
        w = xe > xs ? xe - xs : 0;
        h = ye > ys ? ye - ys : 0;
        vx = vy = 0;
    }
    s->width = w;
    s->height = h;
    s->stride = pitch * s->bpp;
    s->base = k->surface +
              (uint64_t)(oy + ys + vy) * s->stride + (uint64_t)(ox + xs + vx) *
              s->bpp;
    s->on = k->on && (reg(r, c, RV770_D1GRPH_ENABLE) & 1) && depth < 3 &&
            w && h && pitch >= w + xs + vx + ox;
    s->tiled = RV770_GRPH_ARRAY_MODE(ctl) > 1;
}

/*
 * The cursor: on with CUR_EN in 32 bpp ARGB mode (the mode radeon's
 * avivo_crtc_cursor_set uses), its top left at POSITION less HOT_SPOT.
 * The image is 64 pixels a row whatever SIZE says (the AVIVO cursor's
 * surface: radeon's CURSOR_WIDTH), so it is drawn as a 64x64 square.
 */
void rv770_display_cursor(Rv770 *r, int c, Rv770Cursor *cur)
{
    uint32_t ctl = reg(r, c, RV770_D1CUR_CONTROL);
    uint32_t pos = reg(r, c, RV770_D1CUR_POSITION);
    uint32_t hot = reg(r, c, RV770_D1CUR_HOT_SPOT);
    uint32_t hi = hwgpu_reg_get(&r->regs, RV770_D2CUR_SURFACE_HIGH +
                                (1 - c) * RV770_CRTC_STRIDE) & 0xff;

    memset(cur, 0, sizeof(*cur));
    if (!(ctl & RV770_CUR_EN) || RV770_CUR_MODE(ctl) != 2) {
        return;
    }
    cur->on = true;
    cur->size = 64;
    cur->x = (int)((pos >> 16) & 0x1fff) - (int)((hot >> 16) & 0x7f);
    cur->y = (int)(pos & 0x1fff) - (int)(hot & 0x7f);
    cur->base = (uint64_t)hi << 32 |
                (reg(r, c, RV770_D1CUR_SURFACE_ADDRESS) & ~0xfffu);
}
