/*
 * G45 display engine: interrupt bank, pipe clock, plane surface latch, CRT
 * hotplug.  Register storage is the register file; this file adds what the
 * hardware does on its own (intel-i915-probe.md 2.1 "Interrupts", "Display").
 *
 * Time model: each enabled pipe has an epoch and a frame period derived from
 * its DPLL and timings.  The frame counter, the scanline, vblank events and
 * the surface latch are all computed from (now - epoch), so they agree with
 * each other and cost nothing while nobody looks.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <string.h>

#include "hwgpu/intel/g45/g45.h"

#define PIPE_OFF(p, reg)   ((reg) + (p) * G45_PIPE_STRIDE)
#define TIMING_OFF(p, reg) ((reg) + (p) * G45_PIPE_TIMING_STRIDE)
#define NS_PER_60HZ        16666667ull

static const uint32_t pipe_event_bit[2] = {
    G45_IRQ_PIPE_A_EVENT, G45_IRQ_PIPE_B_EVENT
};

static uint64_t now_ns(G45Display *d)
{
    return d->host->clock_ns ? d->host->clock_ns(d->host->opaque) : 0;
}

static bool pipe_enabled(G45Display *d, int p)
{
    return hwgpu_reg_get(d->rf, PIPE_OFF(p, G45_PIPEACONF)) &
           G45_PIPECONF_ENABLE;
}

/* Which pipe a register offset in the 0x70000/0x71000 blocks belongs to. */
static int pipe_of(uint32_t off)
{
    return (off >> 12) & 1;
}

void g45_irq_update(G45Display *d)
{
    uint32_t level = 0, imr, iir, ier;
    int p;

    for (p = 0; p < 2; p++) {
        uint32_t st = hwgpu_reg_get(d->rf, PIPE_OFF(p, G45_PIPEASTAT));
        /* A pipe event is pending while an enabled status bit is set. */
        if (st & (st >> 16) & 0x7fff) {
            level |= pipe_event_bit[p];
        }
    }
    if ((hwgpu_reg_get(d->rf, G45_PORT_HOTPLUG_STAT) &
         G45_HOTPLUG_CRT_INT_STATUS) &&
        (hwgpu_reg_get(d->rf, G45_PORT_HOTPLUG_EN) & G45_HOTPLUG_CRT_INT_EN)) {
        level |= G45_IRQ_PORT;
    }
    hwgpu_reg_set(d->rf, G45_ISR, level);

    /* IIR latches unmasked sources; IER gates the line. */
    imr = hwgpu_reg_get(d->rf, G45_IMR);
    iir = hwgpu_reg_get(d->rf, G45_IIR) | (level & ~imr);
    hwgpu_reg_set(d->rf, G45_IIR, iir);
    ier = hwgpu_reg_get(d->rf, G45_IER);
    if (iir != d->iir_traced || ((iir & ier) != 0) != d->line_traced) {
        /* Interrupts raised and cleared, as the guest sees them. */
        hwgpu_trace(d->host, "irq", "IIR 0x%08x -> 0x%08x (IER 0x%08x, "
                    "IMR 0x%08x): line %s", d->iir_traced, iir, ier, imr,
                    (iir & ier) ? "up" : "down");
        d->iir_traced = iir;
        d->line_traced = (iir & ier) != 0;
    }
    if (d->host->set_irq) {
        d->host->set_irq(d->host->opaque, (iir & ier) != 0);
    }
}

void g45_irq_raise(G45Display *d, uint32_t bits)
{
    uint32_t imr = hwgpu_reg_get(d->rf, G45_IMR);

    hwgpu_reg_set(d->rf, G45_IIR,
                  hwgpu_reg_get(d->rf, G45_IIR) | (bits & ~imr));
    g45_irq_update(d);
}

/*
 * Dot clock of a G4x DPLL in kHz: 96 MHz reference, M = 5 (M1 + 2) + M2 + 2,
 * N + 2, P1 one-hot in DPLL 23:16, P2 from DPLL bit 24 and the mode bits.
 */
static uint64_t dpll_khz(G45Display *d, int p)
{
    uint32_t dpll = hwgpu_reg_get(d->rf, p ? G45_DPLL_B : G45_DPLL_A);
    uint32_t fp = hwgpu_reg_get(d->rf, p ? G45_FPB0 : G45_FPA0);
    uint32_t n = ((fp >> 16) & 0x3f) + 2;
    uint32_t m = 5 * (((fp >> 8) & 0x3f) + 2) + (fp & 0x3f) + 2;
    uint32_t p1bits = (dpll >> 16) & 0xff, p1, p2;

    if (!(dpll & (1u << 31)) || !p1bits) {
        return 0;
    }
    p1 = __builtin_ctz(p1bits) + 1;
    if (((dpll >> 26) & 3) == 2) {          /* LVDS */
        p2 = (dpll & (1u << 24)) ? 7 : 14;
    } else {                                /* DAC / SDVO */
        p2 = (dpll & (1u << 24)) ? 5 : 10;
    }
    return 96000ull * m / n / (p1 * p2);
}

uint64_t g45_pipe_frame_ns(G45Display *d, int p)
{
    uint32_t ht = hwgpu_reg_get(d->rf, TIMING_OFF(p, G45_HTOTAL_A));
    uint32_t vt = hwgpu_reg_get(d->rf, TIMING_OFF(p, G45_VTOTAL_A));
    uint64_t htotal = ((ht >> 16) & 0x1fff) + 1;
    uint64_t vtotal = ((vt >> 16) & 0x1fff) + 1;
    uint64_t khz = dpll_khz(d, p), ns;

    if (!khz) {
        return NS_PER_60HZ;
    }
    ns = htotal * vtotal * 1000000ull / khz;
    /* Outside 5..240 Hz the programming is nonsense; run at 60 Hz. */
    if (ns < 4166667ull || ns > 200000000ull) {
        hwgpu_log(d->host, HWGPU_LOG_GUEST_ERROR,
                  "intel-g45: pipe %c mode gives a %llu ns frame "
                  "(dot clock %llu kHz, %llux%llu total); using 60 Hz",
                  'A' + p, (unsigned long long)ns, (unsigned long long)khz,
                  (unsigned long long)htotal, (unsigned long long)vtotal);
        return NS_PER_60HZ;
    }
    return ns;
}

static uint64_t pipe_frame(G45Display *d, int p, uint64_t now)
{
    G45Pipe *pp = &d->pipe[p];

    if (!pipe_enabled(d, p) || now < pp->epoch_ns) {
        return pp->frames_base;
    }
    return pp->frames_base + (now - pp->epoch_ns) / pp->frame_ns;
}

/* Latch a pending surface address; true if one was pending (a flip). */
static bool latch_surface(G45Display *d, int plane)
{
    G45Pipe *pp = &d->pipe[plane];

    if (pp->surf_dirty) {
        hwgpu_trace(d->host, "flip", "plane %c: surface 0x%08x -> 0x%08x",
                    'A' + plane, pp->surf_live, pp->surf_pending);
        pp->surf_live = pp->surf_pending;
        pp->surf_dirty = false;
        return true;
    }
    return false;
}

/* MI_WAIT_FOR_EVENT bits (i915 intel_gpu_commands.h, facts only). */
static const uint32_t wait_vblank[2] = { 1u << 3, 1u << 7 };
static const uint32_t wait_flip[2] = { 1u << 2, 1u << 6 };

static int plane_pipe(G45Display *d, int plane)
{
    uint32_t cntr = hwgpu_reg_get(d->rf, PIPE_OFF(plane, G45_DSPACNTR));

    return (cntr & G45_DSPCNTR_PIPE_B) ? 1 : 0;
}

void g45_display_sync(G45Display *d, uint64_t now)
{
    bool changed = false;
    uint32_t events = 0;
    int p, plane;

    for (p = 0; p < 2; p++) {
        G45Pipe *pp = &d->pipe[p];
        uint64_t f = pipe_frame(d, p, now);
        uint32_t st, en;

        if (f == pp->last_frame) {
            continue;
        }
        pp->last_frame = f;
        events |= wait_vblank[p];
        /* Vblank: status bits latch when their enable is set. */
        st = hwgpu_reg_get(d->rf, PIPE_OFF(p, G45_PIPEASTAT));
        en = (st >> 16) &
             (G45_PIPESTAT_VBLANK | G45_PIPESTAT_START_VBLANK);
        if (en) {
            hwgpu_reg_set(d->rf, PIPE_OFF(p, G45_PIPEASTAT), st | en);
            changed = true;
        }
        for (plane = 0; plane < 2; plane++) {
            if (plane_pipe(d, plane) == p &&
                d->pipe[plane].surf_written_frame < f &&
                latch_surface(d, plane)) {
                events |= wait_flip[plane];
            }
        }
    }
    if (events && d->event) {
        d->event(d->event_opaque, events);
    }
    if (changed) {
        g45_irq_update(d);
    }
}

uint64_t g45_display_next_event(G45Display *d, uint64_t now)
{
    uint64_t next = UINT64_MAX;
    int p;

    for (p = 0; p < 2; p++) {
        G45Pipe *pp = &d->pipe[p];
        uint32_t st = hwgpu_reg_get(d->rf, PIPE_OFF(p, G45_PIPEASTAT));
        uint64_t f, t;

        if (!pipe_enabled(d, p)) {
            continue;
        }
        /* Wake for enabled vblank events, a pending latch and what a
         * command streamer waits for. */
        if (!((st >> 16) & (G45_PIPESTAT_VBLANK |
                            G45_PIPESTAT_START_VBLANK)) &&
            !d->pipe[0].surf_dirty && !d->pipe[1].surf_dirty &&
            !(d->want_events & (wait_vblank[p] | wait_flip[0] |
                                wait_flip[1]))) {
            continue;
        }
        f = pipe_frame(d, p, now) - pp->frames_base + 1;
        t = pp->epoch_ns + f * pp->frame_ns;
        if (t < next) {
            next = t;
        }
    }
    return next;
}

/* PIPEDSL: the line being scanned; frame boundaries are vblank starts. */
uint32_t g45_disp_read_dsl(void *dev, HwgpuRegFile *rf, uint32_t off,
                           uint32_t stored)
{
    G45Display *d = &g45_of(dev)->disp;
    int p = pipe_of(off);
    G45Pipe *pp = &d->pipe[p];
    uint64_t now = now_ns(d), phase;

    if (!pipe_enabled(d, p) || now < pp->epoch_ns || !pp->vtotal) {
        return 0;
    }
    phase = (now - pp->epoch_ns) % pp->frame_ns;
    return (pp->vblank_start + phase * pp->vtotal / pp->frame_ns) %
           pp->vtotal;
}

uint32_t g45_disp_read_frmcount(void *dev, HwgpuRegFile *rf, uint32_t off,
                                uint32_t stored)
{
    G45Display *d = &g45_of(dev)->disp;

    return (uint32_t)pipe_frame(d, pipe_of(off), now_ns(d));
}

uint32_t g45_disp_read_pipestat(void *dev, HwgpuRegFile *rf, uint32_t off,
                                uint32_t stored)
{
    G45Display *d = &g45_of(dev)->disp;

    g45_display_sync(d, now_ns(d));
    return hwgpu_reg_get(rf, off);
}

void g45_disp_write_pipeconf(void *dev, HwgpuRegFile *rf, uint32_t off,
                             uint32_t old, uint32_t val)
{
    G45Display *d = &g45_of(dev)->disp;
    int p = pipe_of(off);
    G45Pipe *pp = &d->pipe[p];
    uint64_t now = now_ns(d);
    bool was = old & G45_PIPECONF_ENABLE, is = val & G45_PIPECONF_ENABLE;

    if (was == is) {
        return;
    }
    if (is) {
        uint32_t vt = hwgpu_reg_get(rf, TIMING_OFF(p, G45_VTOTAL_A));
        uint32_t vb = hwgpu_reg_get(rf, TIMING_OFF(p, G45_VBLANK_A));

        pp->frame_ns = g45_pipe_frame_ns(d, p);
        pp->vtotal = ((vt >> 16) & 0x1fff) + 1;
        pp->vblank_start = (vb & 0x1fff) + 1;
        if (pp->vblank_start >= pp->vtotal) {
            pp->vblank_start = 0;
        }
        pp->epoch_ns = now;
        pp->last_frame = pp->frames_base;
    } else {
        /* The counter freezes; double-buffered state settles at once. */
        hwgpu_reg_set(rf, off, val | G45_PIPECONF_ENABLE);
        pp->frames_base = pipe_frame(d, p, now);
        hwgpu_reg_set(rf, off, val);
        pp->last_frame = pp->frames_base;
        latch_surface(d, p);
        latch_surface(d, !p);
    }
}

void g45_disp_write_irq(void *dev, HwgpuRegFile *rf, uint32_t off,
                        uint32_t old, uint32_t val)
{
    G45Display *d = &g45_of(dev)->disp;

    g45_display_sync(d, now_ns(d));
    g45_irq_update(d);
}

/* DSPSURF: the write arms the update, which lands at the next vblank. */
void g45_disp_write_dspsurf(void *dev, HwgpuRegFile *rf, uint32_t off,
                            uint32_t old, uint32_t val)
{
    G45Display *d = &g45_of(dev)->disp;
    int plane = pipe_of(off), p = plane_pipe(d, plane);
    G45Pipe *pl = &d->pipe[plane];
    uint64_t now = now_ns(d);

    g45_display_sync(d, now);
    pl->surf_pending = val & ~0xfffu;
    pl->surf_dirty = true;
    pl->surf_written_frame = pipe_frame(d, p, now);
    /* (with "flip" at the latch: when the guest armed it, in the frame) */
    hwgpu_trace(d->host, "surface", "plane %c <- 0x%08x in frame %" PRIu64,
                'A' + plane, pl->surf_pending, pl->surf_written_frame);
    if (!pipe_enabled(d, p)) {
        latch_surface(d, plane);
    }
}

uint32_t g45_disp_read_surflive(void *dev, HwgpuRegFile *rf, uint32_t off,
                                uint32_t stored)
{
    G45Display *d = &g45_of(dev)->disp;

    g45_display_sync(d, now_ns(d));
    return d->pipe[pipe_of(off)].surf_live;
}

/*
 * PORT_HOTPLUG_EN: CRT force-detect completes at once: the bit clears and
 * the monitor state appears in PORT_HOTPLUG_STAT 9:8.  The CRT hotplug
 * status bit (and interrupt) is for plug/unplug events only: raising it on
 * every detection would make the driver's detect loop an interrupt storm.
 */
void g45_disp_write_hotplug_en(void *dev, HwgpuRegFile *rf, uint32_t off,
                               uint32_t old, uint32_t val)
{
    G45Display *d = &g45_of(dev)->disp;

    if (val & G45_HOTPLUG_CRT_FORCE_DETECT) {
        uint32_t st = hwgpu_reg_get(rf, G45_PORT_HOTPLUG_STAT);

        st &= ~G45_HOTPLUG_CRT_MONITOR_COLOR;
        if (d->gmbus.ddc.monitor) {
            st |= G45_HOTPLUG_CRT_MONITOR_COLOR;
        }
        hwgpu_reg_set(rf, G45_PORT_HOTPLUG_STAT, st);
        hwgpu_reg_set(rf, off, val & ~G45_HOTPLUG_CRT_FORCE_DETECT);
    }
    g45_irq_update(d);
}

bool g45_display_scanout(G45Display *d, int plane, G45Scanout *o)
{
    static const uint8_t fmt_bpp[16] = {
        [G45_FMT_C8] = 1, [G45_FMT_XRGB1555] = 2, [G45_FMT_XRGB1555_ALT] = 2,
        [G45_FMT_RGB565] = 2, [G45_FMT_XRGB8888] = 4, [G45_FMT_ARGB8888] = 4,
        [G45_FMT_XBGR2101010] = 4, [G45_FMT_XRGB2101010] = 4,
        [G45_FMT_XBGR8888] = 4,
    };
    uint32_t cntr, src, tileoff;
    int p;

    memset(o, 0, sizeof(*o));
    if (plane < 0) {
        plane = 0;
    }
    plane &= 1;
    cntr = hwgpu_reg_get(d->rf, PIPE_OFF(plane, G45_DSPACNTR));
    p = plane_pipe(d, plane);
    o->pipe = p;
    src = hwgpu_reg_get(d->rf, TIMING_OFF(p, G45_PIPEASRC));
    o->width = ((src >> 16) & 0xfff) + 1;
    o->height = (src & 0xfff) + 1;
    o->format = G45_DSPCNTR_FORMAT(cntr);
    o->bpp = fmt_bpp[o->format];
    o->stride = hwgpu_reg_get(d->rf, PIPE_OFF(plane, G45_DSPASTRIDE)) &
                ~63u;
    o->tiled = cntr & G45_DSPCNTR_TILED;
    g45_display_sync(d, now_ns(d));
    if (o->tiled) {
        tileoff = hwgpu_reg_get(d->rf, PIPE_OFF(plane, G45_DSPATILEOFF));
        o->x = tileoff & 0xfff;
        o->y = (tileoff >> 16) & 0xfff;
        o->base = d->pipe[plane].surf_live;
    } else {
        o->base = (uint64_t)d->pipe[plane].surf_live +
                  hwgpu_reg_get(d->rf, PIPE_OFF(plane, G45_DSPALINOFF));
    }
    o->enabled = (cntr & G45_DSPCNTR_ENABLE) && pipe_enabled(d, p) &&
                 (hwgpu_reg_get(d->rf, G45_VGACNTRL) & G45_VGACNTRL_DISABLE);
    return o->enabled;
}

void g45_display_init(G45Display *d, HwgpuRegFile *rf, const HwgpuHost *host)
{
    memset(d, 0, sizeof(*d));
    d->rf = rf;
    d->host = host;
    d->gmbus.ddc.monitor = true;
}

void g45_display_reset(G45Display *d)
{
    G45Gmbus keep = d->gmbus;

    memset(d->pipe, 0, sizeof(d->pipe));
    d->pipe[0].frame_ns = d->pipe[1].frame_ns = NS_PER_60HZ;
    memset(&d->gmbus, 0, sizeof(d->gmbus));
    d->gmbus.ddc = keep.ddc;
    hwgpu_ddc_reset(&d->gmbus.ddc);
    d->want_events = 0;
    d->iir_traced = 0;
    d->line_traced = 0;
}

/*
 * Migration: a pipe's clock must be one g45_pipe_frame_ns() could give
 * (5..240 Hz) and its line counts what the timing fields can hold.
 */
const char *g45_display_check(const G45Display *d)
{
    for (int p = 0; p < 2; p++) {
        const G45Pipe *pp = &d->pipe[p];

        if (pp->frame_ns < 4166667ull || pp->frame_ns > 200000000ull) {
            return "a pipe's frame period is outside 5..240 Hz";
        }
        if (pp->vtotal > 0x2000 ||
            (pp->vtotal && pp->vblank_start >= pp->vtotal)) {
            return "a pipe's line counts are beyond its timing fields";
        }
    }
    return g45_gmbus_check(&d->gmbus);
}

/* A monitor was plugged or unplugged: the CRT hotplug event. */
static void crt_hotplug_event(G45Display *d)
{
    hwgpu_reg_set(d->rf, G45_PORT_HOTPLUG_STAT,
                  hwgpu_reg_get(d->rf, G45_PORT_HOTPLUG_STAT) |
                  G45_HOTPLUG_CRT_INT_STATUS);
    g45_irq_update(d);
}

void g45_display_set_edid(G45Display *d, const uint8_t *edid, size_t len)
{
    if (hwgpu_ddc_set_edid(&d->gmbus.ddc, edid, len) && d->rf) {
        crt_hotplug_event(d);
    }
}
