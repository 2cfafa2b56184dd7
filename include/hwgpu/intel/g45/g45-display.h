/*
 * G45 display engine, interrupt bank and GMBUS, QEMU-independent.
 *
 * The register values live in the device's register file; this module gives
 * the registers with side effects their behaviour:
 *  - the first-level interrupt bank (IER/IIR/IMR/ISR) with the pipe-event and
 *    hotplug sources behind it (PIPESTAT A/B, PORT_HOTPLUG_STAT);
 *  - both pipes: timings, a scanline (PIPEDSL), a frame counter and vblank
 *    events all derived from one clock at the programmed mode's refresh rate;
 *  - the primary planes, whose surface address is latched at vblank;
 *  - CRT hotplug force-detect and the GMBUS I2C engine serving an EDID.
 * See ../shared/reference/intel-i915-probe.md section 2.1 for what i915
 * expects of each.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_DISPLAY_H
#define HWGPU_INTEL_G45_DISPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwgpu/common/ddc.h"
#include "hwgpu/common/regfile.h"

/* First-level interrupt bits (IIR/IER/IMR/ISR). */
#define G45_IRQ_RENDER_USER     (1u << 1)
#define G45_IRQ_PIPE_B_EVENT    (1u << 4)
#define G45_IRQ_PIPE_A_EVENT    (1u << 6)
#define G45_IRQ_PORT            (1u << 17)  /* display port / hotplug */
#define G45_IRQ_BSD_USER        (1u << 25)

/* PIPESTAT: status in bits 15:0 (bit 31 FIFO underrun), enables 30:16. */
#define G45_PIPESTAT_VBLANK         (1u << 1)
#define G45_PIPESTAT_START_VBLANK   (1u << 2)
#define G45_PIPESTAT_FIFO_UNDERRUN  (1u << 31)

/* PORT_HOTPLUG_EN / PORT_HOTPLUG_STAT (CRT). */
#define G45_HOTPLUG_CRT_FORCE_DETECT (1u << 3)
#define G45_HOTPLUG_CRT_INT_EN       (1u << 9)
#define G45_HOTPLUG_CRT_MONITOR_COLOR (3u << 8)
#define G45_HOTPLUG_CRT_INT_STATUS   (1u << 11)

/* DSPCNTR. */
#define G45_DSPCNTR_ENABLE      (1u << 31)
#define G45_DSPCNTR_FORMAT(v)   (((v) >> 26) & 0xf)
#define G45_DSPCNTR_PIPE_B      (1u << 24)
#define G45_DSPCNTR_TILED       (1u << 10)

/* Plane pixel formats (DSPCNTR bits 29:26). */
enum {
    G45_FMT_C8 = 2,
    G45_FMT_XRGB1555 = 3,
    G45_FMT_XRGB1555_ALT = 4,
    G45_FMT_RGB565 = 5,
    G45_FMT_XRGB8888 = 6,
    G45_FMT_ARGB8888 = 7,
    G45_FMT_XBGR2101010 = 8,
    G45_FMT_XRGB2101010 = 10,
    G45_FMT_XBGR8888 = 14,
};

typedef struct G45Gmbus {
    HwgpuDdc ddc;           /* the monitor on the CRT DDC pins */
    /* transaction state */
    uint8_t pin;            /* GMBUS0 pin pair */
    bool active, hw_rdy, wait_phase, nak, stop_after;
    uint32_t data;          /* GMBUS3 */
    bool read;
    uint8_t addr;
    uint32_t remaining;     /* bytes still to move in this cycle */
    uint32_t done;          /* bytes moved in this cycle (GMBUS2 8:0) */
    uint64_t transfers, naks;
} G45Gmbus;

typedef struct G45Pipe {
    uint64_t epoch_ns;      /* when the pipe was enabled */
    uint64_t frame_ns;      /* frame period */
    uint32_t vtotal, vblank_start;
    uint64_t frames_base;   /* frame counter at epoch */
    uint64_t last_frame;    /* frame number events were last raised for */
    uint32_t surf_pending;  /* DSPSURF written but not latched */
    uint64_t surf_written_frame;
    bool surf_dirty;
    uint32_t surf_live;
} G45Pipe;

typedef struct G45Display {
    HwgpuRegFile *rf;
    const HwgpuHost *host;
    G45Pipe pipe[2];
    G45Gmbus gmbus;
    /*
     * Display events for MI_WAIT_FOR_EVENT (G45_WAIT_* bits of g45-cmd.h):
     * `want` is what a command streamer waits for (the timer then wakes
     * for it); `event` is told each vblank and each surface latch.
     */
    uint32_t want_events;
    void (*event)(void *opaque, uint32_t wait_bits);
    void *event_opaque;
    uint32_t iir_traced;        /* IIR as the last "irq" trace event saw it */
    int line_traced;            /* the interrupt line, likewise */
} G45Display;

void g45_display_init(G45Display *d, HwgpuRegFile *rf, const HwgpuHost *host);
void g45_display_reset(G45Display *d);

/*
 * Migration: NULL when the loaded pipe clocks and GMBUS cycle are ones the
 * hardware could be in, else why not.
 */
const char *g45_display_check(const G45Display *d);
const char *g45_gmbus_check(const G45Gmbus *b);

/* Set the EDID the monitor on the CRT DDC bus answers with (NULL: none). */
void g45_display_set_edid(G45Display *d, const uint8_t *edid, size_t len);

/*
 * Bring time-derived state (frame counter, vblank events, surface latch) up
 * to `now`.  Register hooks call this before reading or writing state that
 * depends on it; the glue calls it from a timer at g45_display_next_event().
 */
void g45_display_sync(G45Display *d, uint64_t now);

/* The next time a vblank event would raise an interrupt, or UINT64_MAX. */
uint64_t g45_display_next_event(G45Display *d, uint64_t now);

/* Re-evaluate IIR from the sources and drive the interrupt line. */
void g45_irq_update(G45Display *d);

/* Raise an edge-triggered first-level source (user interrupts). */
void g45_irq_raise(G45Display *d, uint32_t bits);

/* Frame period of a pipe from its timings and DPLL, 60 Hz if nonsense. */
uint64_t g45_pipe_frame_ns(G45Display *d, int pipe);

/* What a plane scans out, resolved from the registers. */
typedef struct G45Scanout {
    bool enabled;           /* pipe on, plane on, VGA off */
    int pipe;
    uint32_t width, height; /* PIPESRC */
    uint32_t format;        /* G45_FMT_* */
    uint32_t bpp;           /* bytes per pixel, 0 for unknown formats */
    uint32_t stride;
    bool tiled;             /* X-tiled */
    uint64_t base;          /* graphics address of the first pixel */
    uint32_t x, y;          /* tile offset (tiled surfaces) */
} G45Scanout;

/* The scanout of the plane on pipe `pipe` (or of plane A when -1). */
bool g45_display_scanout(G45Display *d, int plane, G45Scanout *out);

/* Register hooks (used by the register table in g45-regs.c). */
uint32_t g45_disp_read_dsl(void *dev, HwgpuRegFile *rf, uint32_t off,
                           uint32_t stored);
uint32_t g45_disp_read_frmcount(void *dev, HwgpuRegFile *rf, uint32_t off,
                                uint32_t stored);
uint32_t g45_disp_read_pipestat(void *dev, HwgpuRegFile *rf, uint32_t off,
                                uint32_t stored);
void g45_disp_write_pipeconf(void *dev, HwgpuRegFile *rf, uint32_t off,
                             uint32_t old, uint32_t val);
void g45_disp_write_irq(void *dev, HwgpuRegFile *rf, uint32_t off,
                        uint32_t old, uint32_t val);
void g45_disp_write_dspsurf(void *dev, HwgpuRegFile *rf, uint32_t off,
                            uint32_t old, uint32_t val);
uint32_t g45_disp_read_surflive(void *dev, HwgpuRegFile *rf, uint32_t off,
                                uint32_t stored);
void g45_disp_write_hotplug_en(void *dev, HwgpuRegFile *rf, uint32_t off,
                               uint32_t old, uint32_t val);
uint32_t g45_gmbus_read(void *dev, HwgpuRegFile *rf, uint32_t off,
                        uint32_t stored);
void g45_gmbus_write(void *dev, HwgpuRegFile *rf, uint32_t off,
                     uint32_t old, uint32_t val);

#endif
