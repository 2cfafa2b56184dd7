/*
 * The RV770's display engine (DCE 3.0), QEMU-independent: the two CRTCs
 * with a frame counter, position and vblank from one clock at the
 * programmed mode's rate; the GRPH surfaces with the update lock and the
 * surface latch at vblank (page flips); vblank and page-flip interrupts
 * through the IH; the hot-plug sense; the cursor and LUT registers; and
 * the DDC1 pins, bit-banged by radeon through the DC_GPIO_DDC1 registers,
 * with a monitor serving an EDID (hw/common/ddc.c).
 *
 * Documents: ../shared/reference/seed-004.md §4.5 step 9 (interrupt
 * sources and status registers), §4.10 (display path: the registers
 * radeon's avivo_crtc_do_set_base, rv770_page_flip, rs600_get_vblank_
 * counter and avivo_wait_for_vblank use), §5.2 (the model).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_AMD_RV770_DISPLAY_H
#define HWGPU_AMD_RV770_DISPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/ddc.h"
#include "hwgpu/common/regfile.h"

typedef struct Rv770 Rv770;

/* D2's registers are D1's + 0x800 (but for the R7xx HIGH ones). */
#define RV770_CRTC_STRIDE               0x800

/* CRTC (D1) */
#define RV770_D1CRTC_H_TOTAL            0x6000
#define RV770_D1CRTC_H_BLANK_START_END  0x6004
#define RV770_D1CRTC_V_TOTAL            0x6020
#define RV770_D1CRTC_V_BLANK_START_END  0x6024
/* RV770_D1CRTC_CONTROL 0x6080 (rv770.h) */
#define   RV770_CRTC_EN                 (1u << 0)
#define RV770_D1CRTC_STATUS             0x609c
#define   RV770_CRTC_V_BLANK            (1u << 0)
#define RV770_D1CRTC_STATUS_POSITION    0x60a0  /* V 12:0, H 28:16 */
#define RV770_D1CRTC_STATUS_FRAME_COUNT 0x60a4
#define RV770_D1CRTC_STATUS_HV_COUNT    0x60ac  /* as STATUS_POSITION */
#define RV770_D1CRTC_MASTER_UPDATE_LOCK 0x60e0
#define RV770_D1CRTC_MASTER_UPDATE_MODE 0x60e4
#define RV770_D1CRTC_UPDATE_LOCK        0x60e8

/* GRPH (D1) */
#define RV770_D1GRPH_ENABLE             0x6100
#define RV770_D1GRPH_CONTROL            0x6104
#define   RV770_GRPH_DEPTH(v)           ((v) & 3)           /* 0 8, 1 16, 2 32 bpp */
#define   RV770_GRPH_FORMAT(v)          (((v) >> 8) & 7)
#define   RV770_GRPH_ARRAY_MODE(v)      (((v) >> 20) & 0xf) /* 0/1 linear */
#define RV770_D1GRPH_LUT_SEL            0x6108
#define RV770_D1GRPH_SWAP_CONTROL       0x610c
#define RV770_D1GRPH_PRIMARY_SURFACE    0x6110
#define RV770_D1GRPH_SECONDARY_SURFACE  0x6118
/* D2's HIGH registers; D1's are at these + 0x800 (the R7xx swap) */
#define RV770_D2GRPH_PRIMARY_HIGH       0x6114
#define RV770_D2GRPH_SECONDARY_HIGH     0x611c
#define RV770_D1GRPH_PITCH              0x6120  /* pixels */
#define RV770_D1GRPH_SURFACE_OFFSET_X   0x6124
#define RV770_D1GRPH_SURFACE_OFFSET_Y   0x6128
#define RV770_D1GRPH_X_START            0x612c
#define RV770_D1GRPH_Y_START            0x6130
#define RV770_D1GRPH_X_END              0x6134
#define RV770_D1GRPH_Y_END              0x6138
#define RV770_D1GRPH_UPDATE             0x6144
#define   RV770_GRPH_SURFACE_UPDATE_PENDING (1u << 2)
#define   RV770_GRPH_UPDATE_LOCK        (1u << 16)
#define RV770_D1GRPH_FLIP_CONTROL       0x6148
#define RV770_D1GRPH_INTERRUPT_STATUS   0x6158
#define   RV770_GRPH_PFLIP_OCCURRED     (1u << 0)
#define   RV770_GRPH_PFLIP_CLEAR        (1u << 8)
#define RV770_D1GRPH_INTERRUPT_CONTROL  0x615c
#define   RV770_GRPH_PFLIP_INT_MASK     (1u << 0)

/* cursor (D1); D2's HIGH register here, D1's at + 0x800 */
#define RV770_D1CUR_CONTROL             0x6400
#define   RV770_CUR_EN                  (1u << 0)
#define   RV770_CUR_MODE(v)             (((v) >> 8) & 3)    /* 2: 32 bpp ARGB */
#define RV770_D1CUR_SURFACE_ADDRESS     0x6408
#define RV770_D2CUR_SURFACE_HIGH        0x640c
#define RV770_D1CUR_SIZE                0x6410  /* (w-1) << 16 | (h-1) */
#define RV770_D1CUR_POSITION            0x6414  /* x << 16 | y */
#define RV770_D1CUR_HOT_SPOT            0x6418
#define RV770_D1CUR_UPDATE              0x6424

/* the LUTs (one pair for both CRTCs; RW_SELECT picks A or B) */
#define RV770_DC_LUT_RW_SELECT          0x6480
#define RV770_DC_LUT_RW_MODE            0x6484
#define RV770_DC_LUT_RW_INDEX           0x6488
#define RV770_DC_LUT_30_COLOR           0x6494  /* R 29:20, G 19:10, B 9:0 */
#define RV770_DC_LUT_WRITE_EN_MASK      0x649c
#define RV770_DC_LUTA_CONTROL           0x64c0

/* mode (D1) */
#define RV770_D1MODE_DESKTOP_HEIGHT     0x652c
#define RV770_D1MODE_VBLANK_STATUS      0x6534
#define   RV770_VBLANK_OCCURRED         (1u << 0)
#define   RV770_VBLANK_ACK              (1u << 4)
#define RV770_DXMODE_INT_MASK           0x6540  /* one for both */
#define   RV770_D1MODE_VBLANK_INT_MASK  (1u << 0)
#define   RV770_D2MODE_VBLANK_INT_MASK  (1u << 8)
#define RV770_D1MODE_VIEWPORT_START     0x6580
#define RV770_D1MODE_VIEWPORT_SIZE      0x6584

/* interrupt status, hot plug (DCE 3) */
#define RV770_DISP_INTERRUPT_STATUS     0x7ddc
#define   RV770_LB_D1_VBLANK_INTERRUPT  (1u << 4)
#define   RV770_LB_D2_VBLANK_INTERRUPT  (1u << 5)
#define   RV770_DC_HPD1_INTERRUPT       (1u << 18)
#define   RV770_DC_HPD2_INTERRUPT       (1u << 19)
#define RV770_DC_HPD1_INT_STATUS        0x7d00  /* HPDn: + 0xc * (n - 1) */
#define   RV770_HPD_INT_STATUS          (1u << 0)
#define   RV770_HPD_SENSE               (1u << 1)
#define RV770_DC_HPD1_INT_CONTROL       0x7d04
#define   RV770_HPD_INT_ACK             (1u << 0)
#define   RV770_HPD_INT_POLARITY        (1u << 8)
#define   RV770_HPD_INT_EN              (1u << 16)
#define RV770_DC_HPD1_CONTROL           0x7d08
#define RV770_HPD_PINS                  4
#define RV770_HPD_STRIDE                0xc

/* the DDC1 pins: clock bit 0, data bit 8 (the AtomBIOS's GPIO_I2C_Info) */
#define RV770_DC_GPIO_DDC1_MASK         0x7e40
#define RV770_DC_GPIO_DDC1_A            0x7e44
#define RV770_DC_GPIO_DDC1_EN           0x7e48
#define RV770_DC_GPIO_DDC1_Y            0x7e4c
#define   RV770_DDC_CLK                 (1u << 0)
#define   RV770_DDC_DATA                (1u << 8)

/* IH sources (src_id; src_data 0) */
#define RV770_IH_SRC_D1_VBLANK          1
#define RV770_IH_SRC_D2_VBLANK          5
#define RV770_IH_SRC_D1_PFLIP           9
#define RV770_IH_SRC_D2_PFLIP           11
#define RV770_IH_SRC_HPD                19

/* The frame period when the mode's clock makes no sense. */
#define RV770_NS_PER_60HZ               16666667ull

typedef struct Rv770Crtc {
    bool on;                /* CRTC_EN as the clock last saw it */
    uint64_t epoch_ns;      /* the start (sync) of frame `frames_base` */
    uint64_t frame_ns;      /* frame period */
    uint32_t htotal, vtotal;
    uint32_t vblank_start, vblank_end;  /* lines, counted from sync */
    uint64_t frames_base;   /* the frame counter at epoch */
    uint64_t vblanks;       /* vblank starts since epoch handled */
    bool flip_pending;      /* a surface address written, not latched */
    uint64_t surface;       /* the latched surface (MC address) */
} Rv770Crtc;

typedef struct Rv770Display {
    Rv770Crtc crtc[2];
    HwgpuDdc ddc;           /* the monitor on DDC1 (the VGA connector) */
    HwgpuI2cBitbang i2c;
    bool ddc_sda;           /* the bus's SDA level */
    uint32_t lut[2][256];   /* LUT A and B, 30-bit colours */
    uint64_t vblank_irqs, flip_irqs;
} Rv770Display;

void rv770_display_reset(Rv770 *r);
/* Plug the monitor with this EDID (NULL: unplugged). */
void rv770_display_set_edid(Rv770 *r, const uint8_t *edid, size_t len);

/*
 * Lock held.  Bring the clocks' events up to `now`: vblank status and
 * interrupts, surfaces latched at vblank and their page-flip interrupts.
 * Register hooks call it before reading or changing what depends on it.
 */
void rv770_display_sync(Rv770 *r, uint64_t now);
/* Lock held.  When an interrupt or a latch is next due, or UINT64_MAX. */
uint64_t rv770_display_next_event(Rv770 *r, uint64_t now);
/*
 * Takes the lock: sync to `now` (the host's clock) and return when to
 * come back (UINT64_MAX: no event is due).  The glue's timer.
 */
uint64_t rv770_display_tick(Rv770 *r);

/*
 * DxVGA_CONTROL: MODE_ENABLE has the CRTC show the legacy VGA (the glue's
 * VGA core) instead of its GRPH surface.
 */
#define RV770_D1VGA_CONTROL     0x0330
#define RV770_D2VGA_CONTROL     0x0338
#define RV770_VGA_MODE_ENABLE   1u
/* Whether CRTC1 (the VGA connector's) shows the legacy VGA (lock held). */
bool rv770_display_vga(Rv770 *r);

/* What a CRTC scans out, for the glue's scanout (lock held). */
typedef struct Rv770Surface {
    bool on;                /* CRTC and GRPH enabled, geometry sane */
    uint64_t base;          /* MC address of the first visible pixel row */
    uint32_t width, height; /* visible pixels */
    uint32_t stride;        /* bytes per row */
    uint32_t bpp;           /* bytes per pixel */
    uint32_t format;        /* GRPH_FORMAT for that depth */
    bool tiled;             /* ARRAY_MODE names a tiled layout */
    const uint32_t *lut;    /* the LUT it uses (30-bit colours) */
} Rv770Surface;
void rv770_display_surface(Rv770 *r, int crtc, Rv770Surface *s);

/* CRTC c's cursor, for the glue's scanout (lock held): on with a square
 * 32 bpp ARGB image of `size` pixels at (x, y) of the surface. */
typedef struct Rv770Cursor {
    bool on;
    int x, y, size;
    uint64_t base;          /* MC address */
} Rv770Cursor;
void rv770_display_cursor(Rv770 *r, int crtc, Rv770Cursor *cur);

/* Register hooks (rv770-regs.c) */
uint32_t rv770_display_reg_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                                uint32_t stored);
void rv770_display_reg_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                             uint32_t old, uint32_t val);

#endif
