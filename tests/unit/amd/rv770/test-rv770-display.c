/*
 * The RV770's display engine (hw/amd/rv770/rv770-display.c) driven the
 * way radeon drives it (seed-004.md §4.5 step 9, §4.10): a 1024x768 mode
 * at 65 MHz as the AtomBIOS tables program it, the frame counter,
 * position and vblank flag from the clock, vblank interrupts through the
 * IH ring and their acknowledge, a page flip under the update lock with
 * its interrupt, the EDID over the bit-banged DDC1 pins, the LUT, the
 * surface and cursor the scanout sees, and absurd timings.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/amd/rv770/rv770-display.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "common/i2c-master.h"
#include "rv770-test.h"

#define VRAM_SIZE   (16u << 20)
#define IH_RING     0x00008000u     /* MC (= VRAM) address, 4 KiB */
#define D2          0x800u

/* 1024x768 at 60 Hz (VESA DMT): 1344 x 806 at 65 MHz */
#define HTOTAL      1344
#define VTOTAL      806
#define VDISPLAY    768
#define VSYNC_START 771
#define FRAME_NS    (1000000000ull * HTOTAL * VTOTAL / 65000000)

static FakeHost fh;
static uint8_t ram[4096];
static Rv770 dev;
static uint32_t ih_rptr;

static void wr(uint32_t off, uint32_t val)
{
    rv770_mmio_write(&dev, off, val);
}

static uint32_t rd(uint32_t off)
{
    return rv770_mmio_read(&dev, off);
}

/* The IH ring in VRAM (r600_irq_init without writeback). */
static void setup(void)
{
    rv770_test_start(&dev, &fh, ram, sizeof(ram), VRAM_SIZE);
    fake_host_set_clock(&fh, 1000);
    rv770_test_gart(&dev, 0x000f0000, 0x10000000ull, 1, 0x100000, 0);
    wr(RV770_IH_RB_BASE, IH_RING >> 8);
    wr(RV770_IH_RB_RPTR, 0);
    wr(RV770_IH_RB_WPTR, 0);
    wr(RV770_IH_RB_CNTL, RV770_IH_RB_ENABLE | (10 << 1));
    wr(RV770_IH_CNTL, RV770_IH_ENABLE_INTR);
    ih_rptr = 0;
}

static void teardown(void)
{
    rv770_test_end(&dev);
}

/* The next vector in the IH ring (src_id), or -1 for none. */
static int next_vector(void)
{
    uint32_t v;

    if (ih_rptr == (rd(RV770_IH_RB_WPTR) & ~1u)) {
        return -1;
    }
    memcpy(&v, dev.vram + IH_RING + ih_rptr, 4);
    ih_rptr = (ih_rptr + 16) % 4096;
    wr(RV770_IH_RB_RPTR, ih_rptr);
    return v & 0xff;
}

/*
 * What SetPixelClock, SetCRTC_Timing and EnableCRTC leave for CRTC c:
 * PLL c at 27 MHz x 650 / (27 x 10) = 65 MHz, the timing counted from the
 * start of sync (rv770-atombios.py), the CRTC on.
 */
static void mode_set(int c)
{
    uint32_t o = c * D2;
    uint32_t blank_end = VTOTAL - VSYNC_START;

    wr(0x404 + c * 0x10, 27);               /* PnPLL_REF_DIV */
    wr(0x430 + c * 4, 650u << 16);          /* PnPLL_FB_DIV */
    wr(0x43c + c * 8, 10);                  /* PnPLL_POST_DIV */
    wr(0x450 + c * 4, 0);                   /* PnPLL_CNTL: running */
    wr(0x480 + c * 4, c);                   /* PCLK_DnCRTC_CNTL */
    wr(RV770_D1CRTC_H_TOTAL + o, HTOTAL - 1);
    wr(RV770_D1CRTC_V_TOTAL + o, VTOTAL - 1);
    wr(RV770_D1CRTC_V_BLANK_START_END + o,
       blank_end << 16 | (blank_end + VDISPLAY));
    wr(RV770_D1CRTC_CONTROL + o, RV770_CRTC_EN);
}

static void test_clock(void)
{
    uint64_t t0 = fake_host_now(&fh);
    uint32_t pos, blank_end = VTOTAL - VSYNC_START;

    setup();
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS_FRAME_COUNT), ==, 0);
    mode_set(0);
    t0 = fake_host_now(&fh);
    /* frame 0 starts at sync: blank until the display's first line */
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS) & RV770_CRTC_V_BLANK, ==, 1);
    fake_host_set_clock(&fh, t0 + FRAME_NS * (blank_end + 10) / VTOTAL);
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS) & RV770_CRTC_V_BLANK, ==, 0);
    pos = rd(RV770_D1CRTC_STATUS_POSITION);
    g_assert_cmpuint(pos & 0x1fff, ==, blank_end + 9);    /* rounding */
    g_assert_cmpuint(pos >> 16, <, HTOTAL);
    /* the HV counter r600_is_display_hung watches: the same position */
    g_assert_cmphex(rd(RV770_D1CRTC_STATUS_HV_COUNT), ==, pos);
    fake_host_advance(&fh, 100000);                 /* udelay(100) */
    g_assert_cmphex(rd(RV770_D1CRTC_STATUS_HV_COUNT), !=, pos);
    /* ten and a half frames on: the counter, a line in the next vblank */
    fake_host_set_clock(&fh, t0 + FRAME_NS * 10 +
                        FRAME_NS * (blank_end + VDISPLAY + 2) / VTOTAL);
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS_FRAME_COUNT), ==, 10);
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS) & RV770_CRTC_V_BLANK, ==, 1);
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS_POSITION) & 0x1fff, >=,
                     blank_end + VDISPLAY);
    /* the vblank status was set (no interrupt asked for: no vector) */
    g_assert_cmphex(rd(RV770_D1MODE_VBLANK_STATUS) & RV770_VBLANK_OCCURRED,
                    ==, RV770_VBLANK_OCCURRED);
    g_assert_cmpint(next_vector(), ==, -1);
    /* CRTC2 is off: no counter, no position */
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS_FRAME_COUNT + D2), ==, 0);
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS_POSITION + D2), ==, 0);
    /* stopped and started again: the counter carries on */
    wr(RV770_D1CRTC_CONTROL, 0);
    fake_host_set_clock(&fh, fake_host_now(&fh) + 50 * FRAME_NS);
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS_FRAME_COUNT), ==, 10);
    wr(RV770_D1CRTC_CONTROL, RV770_CRTC_EN);
    fake_host_set_clock(&fh, fake_host_now(&fh) + 3 * FRAME_NS + 1000);
    g_assert_cmpuint(rd(RV770_D1CRTC_STATUS_FRAME_COUNT), ==, 13);
    g_assert_cmpuint(fake_host_nerrors(&fh), ==, 0);
    teardown();
}

static void test_vblank_irq(void)
{
    uint64_t t0, next;
    uint32_t blank_end = VTOTAL - VSYNC_START;

    setup();
    mode_set(1);
    t0 = fake_host_now(&fh);
    wr(RV770_DXMODE_INT_MASK, RV770_D2MODE_VBLANK_INT_MASK);
    /* the tick names the next vblank start */
    next = rv770_display_tick(&dev);
    g_assert_cmpuint(next, ==, t0 + FRAME_NS * (blank_end + VDISPLAY) /
                     VTOTAL);
    fake_host_set_clock(&fh, next);
    g_assert_cmpuint(rv770_display_tick(&dev), ==, next + FRAME_NS);
    g_assert_cmpint(next_vector(), ==, RV770_IH_SRC_D2_VBLANK);
    g_assert_cmpint(next_vector(), ==, -1);
    /* radeon's r600_irq_ack: the status bit is there, then acknowledged */
    g_assert_cmphex(rd(RV770_DISP_INTERRUPT_STATUS), ==,
                    RV770_LB_D2_VBLANK_INTERRUPT);
    wr(RV770_D1MODE_VBLANK_STATUS + D2, RV770_VBLANK_ACK);
    g_assert_cmphex(rd(RV770_DISP_INTERRUPT_STATUS), ==, 0);
    /* three frames late: one vector, as the status bit is one bit */
    fake_host_set_clock(&fh, next + 3 * FRAME_NS + 1);
    rv770_display_tick(&dev);
    g_assert_cmpint(next_vector(), ==, RV770_IH_SRC_D2_VBLANK);
    g_assert_cmpint(next_vector(), ==, -1);
    /* masked: the status, no vector, and no timer wanted */
    wr(RV770_DXMODE_INT_MASK, 0);
    g_assert_cmpuint(rv770_display_tick(&dev), ==, UINT64_MAX);
    fake_host_set_clock(&fh, next + 5 * FRAME_NS);
    g_assert_cmphex(rd(RV770_D1MODE_VBLANK_STATUS + D2) &
                    RV770_VBLANK_OCCURRED, ==, RV770_VBLANK_OCCURRED);
    g_assert_cmpint(next_vector(), ==, -1);
    g_assert_cmpuint(dev.disp.vblank_irqs, ==, 2);
    teardown();
}

/* rv770_page_flip: lock, addresses, PENDING, unlock; the latch at vblank */
static void test_page_flip(void)
{
    Rv770Surface s;
    uint64_t next;

    setup();
    mode_set(0);
    wr(RV770_D1GRPH_CONTROL, 2);                    /* 32 bpp ARGB8888 */
    wr(RV770_D1GRPH_PITCH, 1024);
    wr(RV770_D1GRPH_X_END, 1024);
    wr(RV770_D1GRPH_Y_END, 768);
    wr(RV770_D1MODE_VIEWPORT_SIZE, 1024 << 16 | 768);
    wr(RV770_D1GRPH_ENABLE, 1);
    wr(RV770_D1GRPH_INTERRUPT_CONTROL, RV770_GRPH_PFLIP_INT_MASK);
    wr(RV770_D1GRPH_PRIMARY_SURFACE, 0x100000);
    /* the first surface lands at the first vblank */
    fake_host_set_clock(&fh, rv770_display_tick(&dev));
    rv770_display_tick(&dev);
    g_assert_cmpint(next_vector(), ==, RV770_IH_SRC_D1_PFLIP);
    wr(RV770_D1GRPH_INTERRUPT_STATUS, RV770_GRPH_PFLIP_CLEAR);
    g_assert_cmphex(rd(RV770_D1GRPH_INTERRUPT_STATUS), ==, 0);
    hwgpu_worker_lock(&dev.worker);
    rv770_display_surface(&dev, 0, &s);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_true(s.on);
    g_assert_cmphex(s.base, ==, 0x100000);
    g_assert_cmpuint(s.width, ==, 1024);
    g_assert_cmpuint(s.height, ==, 768);
    g_assert_cmpuint(s.stride, ==, 4096);
    /* the flip: under the lock, PENDING reads 1 at once */
    wr(RV770_D1GRPH_UPDATE, RV770_GRPH_UPDATE_LOCK);
    wr(RV770_D2GRPH_PRIMARY_HIGH + D2, 0);          /* D1's HIGH */
    wr(RV770_D1GRPH_SECONDARY_SURFACE, 0x400000);
    wr(RV770_D1GRPH_PRIMARY_SURFACE, 0x400000);
    g_assert_cmphex(rd(RV770_D1GRPH_UPDATE) &
                    RV770_GRPH_SURFACE_UPDATE_PENDING, !=, 0);
    /* locked through a vblank: nothing lands */
    next = rv770_display_tick(&dev);
    fake_host_set_clock(&fh, fake_host_now(&fh) + FRAME_NS);
    rv770_display_tick(&dev);
    g_assert_cmpint(next_vector(), ==, -1);
    wr(RV770_D1GRPH_UPDATE, 0);
    g_assert_cmphex(rd(RV770_D1GRPH_UPDATE) &
                    RV770_GRPH_SURFACE_UPDATE_PENDING, !=, 0);
    /* unlocked: the next vblank latches it and interrupts */
    next = rv770_display_tick(&dev);
    g_assert_cmpuint(next, >, fake_host_now(&fh));
    fake_host_set_clock(&fh, next);
    rv770_display_tick(&dev);
    g_assert_cmpint(next_vector(), ==, RV770_IH_SRC_D1_PFLIP);
    g_assert_cmphex(rd(RV770_D1GRPH_UPDATE) &
                    RV770_GRPH_SURFACE_UPDATE_PENDING, ==, 0);
    hwgpu_worker_lock(&dev.worker);
    rv770_display_surface(&dev, 0, &s);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_cmphex(s.base, ==, 0x400000);
    g_assert_cmpuint(dev.disp.flip_irqs, ==, 2);
    /* a stopped CRTC takes an address at once */
    wr(RV770_D1CRTC_CONTROL, 0);
    wr(RV770_D1GRPH_PRIMARY_SURFACE, 0x800000);
    g_assert_cmphex(rd(RV770_D1GRPH_UPDATE) &
                    RV770_GRPH_SURFACE_UPDATE_PENDING, ==, 0);
    teardown();
}

static void gpio_lines(void *opaque, bool scl, bool sda)
{
    /* radeon_i2c: A stays 0, EN drives a line low */
    wr(RV770_DC_GPIO_DDC1_EN, (scl ? 0 : RV770_DDC_CLK) |
                              (sda ? 0 : RV770_DDC_DATA));
}

static bool gpio_sda(void *opaque)
{
    return rd(RV770_DC_GPIO_DDC1_Y) & RV770_DDC_DATA;
}

static void test_ddc_edid(void)
{
    I2cMaster m = { gpio_lines, gpio_sda, NULL };
    uint8_t edid[256], buf[256];

    for (int i = 0; i < 256; i++) {
        edid[i] = (uint8_t)(i ^ 0x5a);
    }
    setup();
    /* no monitor: no sense, nobody answers */
    g_assert_cmphex(rd(RV770_DC_HPD1_INT_STATUS) & RV770_HPD_SENSE, ==, 0);
    g_assert_false(i2c_m_edid(&m, 0, 0, buf, 8));
    /* plugged while HPD1's interrupt is on: the event and its vector */
    wr(RV770_DC_HPD1_INT_CONTROL, RV770_HPD_INT_EN);
    rv770_display_set_edid(&dev, edid, sizeof(edid));
    g_assert_cmphex(rd(RV770_DC_HPD1_INT_STATUS), ==,
                    RV770_HPD_SENSE | RV770_HPD_INT_STATUS);
    g_assert_cmphex(rd(RV770_DISP_INTERRUPT_STATUS), ==,
                    RV770_DC_HPD1_INTERRUPT);
    g_assert_cmpint(next_vector(), ==, RV770_IH_SRC_HPD);
    wr(RV770_DC_HPD1_INT_CONTROL, RV770_HPD_INT_EN | RV770_HPD_INT_ACK);
    g_assert_cmphex(rd(RV770_DC_HPD1_INT_STATUS), ==, RV770_HPD_SENSE);
    /* radeon_i2c pre_xfer: MASK on, A cleared; then the EDID */
    wr(RV770_DC_GPIO_DDC1_MASK, RV770_DDC_CLK | RV770_DDC_DATA);
    wr(RV770_DC_GPIO_DDC1_A, 0);
    g_assert_true(i2c_m_edid(&m, 0, 0, buf, 128));
    g_assert_cmpmem(buf, 128, edid, 128);
    g_assert_true(i2c_m_edid(&m, 0, 128, buf, 128));
    g_assert_cmpmem(buf, 128, edid + 128, 128);
    /* the clock line reads back as driven */
    wr(RV770_DC_GPIO_DDC1_EN, RV770_DDC_CLK);
    g_assert_cmphex(rd(RV770_DC_GPIO_DDC1_Y) & RV770_DDC_CLK, ==, 0);
    wr(RV770_DC_GPIO_DDC1_EN, 0);
    g_assert_cmphex(rd(RV770_DC_GPIO_DDC1_Y), ==,
                    RV770_DDC_CLK | RV770_DDC_DATA);
    teardown();
}

/* avivo_crtc_load_lut: 256 30-bit colours from index 0 */
static void test_lut(void)
{
    Rv770Surface s;

    setup();
    wr(RV770_DC_LUT_RW_SELECT, 1);                  /* LUT B */
    wr(RV770_DC_LUT_RW_INDEX, 0);
    for (uint32_t i = 0; i < 256; i++) {
        wr(RV770_DC_LUT_30_COLOR, i << 20 | (255 - i) << 10 | (i << 2));
    }
    g_assert_cmpuint(rd(RV770_DC_LUT_RW_INDEX), ==, 0);     /* wrapped */
    wr(RV770_DC_LUT_RW_INDEX, 7);
    g_assert_cmphex(rd(RV770_DC_LUT_30_COLOR), ==,
                    7u << 20 | 248u << 10 | 28u);
    g_assert_cmpuint(rd(RV770_DC_LUT_RW_INDEX), ==, 8);
    wr(RV770_D1GRPH_LUT_SEL + D2, 1);
    hwgpu_worker_lock(&dev.worker);
    rv770_display_surface(&dev, 1, &s);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_cmphex(s.lut[255], ==, 255u << 20 | 0u << 10 | 1020u);
    g_assert_false(s.on);                           /* CRTC2 is off */
    teardown();
}

/* avivo_crtc_cursor_set/move: a 64x64 ARGB cursor, its hot spot */
static void test_cursor(void)
{
    Rv770Cursor cur;

    setup();
    wr(RV770_D1CUR_CONTROL + D2, 2u << 8);          /* ARGB, off */
    hwgpu_worker_lock(&dev.worker);
    rv770_display_cursor(&dev, 1, &cur);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_false(cur.on);
    wr(RV770_D1CUR_CONTROL + D2, 2u << 8 | RV770_CUR_EN);
    wr(RV770_D1CUR_SURFACE_ADDRESS + D2, 0x00345000);
    wr(RV770_D2CUR_SURFACE_HIGH, 1);                /* D2's HIGH: D1 block */
    wr(RV770_D1CUR_SIZE + D2, 63u << 16 | 63);
    wr(RV770_D1CUR_POSITION + D2, 0u << 16 | 100);
    wr(RV770_D1CUR_HOT_SPOT + D2, 10u << 16 | 0);   /* 10 px off the left */
    hwgpu_worker_lock(&dev.worker);
    rv770_display_cursor(&dev, 1, &cur);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_true(cur.on);
    g_assert_cmpint(cur.size, ==, 64);
    g_assert_cmpint(cur.x, ==, -10);
    g_assert_cmpint(cur.y, ==, 100);
    g_assert_cmphex(cur.base, ==, 0x100345000ull);
    /* CRTC1's cursor is its own */
    hwgpu_worker_lock(&dev.worker);
    rv770_display_cursor(&dev, 0, &cur);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_false(cur.on);
    teardown();
}

/* Absurd timings and surfaces: logged where wrong, 60 Hz, never on. */
static void test_absurd(void)
{
    Rv770Surface s;
    GRand *rnd = g_rand_new_with_seed(3);
    static const uint32_t regs[] = {
        RV770_D1CRTC_H_TOTAL, RV770_D1CRTC_V_TOTAL,
        RV770_D1CRTC_V_BLANK_START_END, RV770_D1CRTC_CONTROL,
        RV770_D1GRPH_CONTROL, RV770_D1GRPH_PITCH, RV770_D1GRPH_X_END,
        RV770_D1GRPH_Y_END, RV770_D1GRPH_PRIMARY_SURFACE,
        RV770_D1GRPH_UPDATE, RV770_D1MODE_VIEWPORT_SIZE,
        RV770_D1MODE_VIEWPORT_START, RV770_D1GRPH_SURFACE_OFFSET_X,
        RV770_D1GRPH_ENABLE, RV770_DXMODE_INT_MASK, 0x404, 0x430, 0x43c,
        0x450, RV770_DC_GPIO_DDC1_EN, RV770_DC_LUT_30_COLOR,
    };

    setup();
    /* a PLL at 1 GHz over a tiny mode: 60 Hz instead, logged */
    wr(0x404, 1);
    wr(0x430, 370u << 16);
    wr(0x43c, 10);
    wr(RV770_D1CRTC_H_TOTAL, 9);
    wr(RV770_D1CRTC_V_TOTAL, 9);
    wr(RV770_D1CRTC_CONTROL, RV770_CRTC_EN);
    g_assert_cmpuint(dev.disp.crtc[0].frame_ns, ==, RV770_NS_PER_60HZ);
    g_assert_cmpuint(fake_host_log_count(&fh, "not 5..240"), ==, 1);
    for (int i = 0; i < 20000; i++) {
        uint32_t off = regs[g_rand_int_range(rnd, 0, G_N_ELEMENTS(regs))];

        if (off >= 0x6000 && off < 0x6800 && g_rand_boolean(rnd)) {
            off += D2;
        }
        wr(off, g_rand_int(rnd));
        fake_host_advance(&fh, g_rand_int_range(rnd, 0, 4000000));
        rv770_display_tick(&dev);
        for (int c = 0; c < 2; c++) {
            Rv770Crtc *k = &dev.disp.crtc[c];

            g_assert_cmpuint(k->frame_ns, >=, 1000000000ull / 240);
            g_assert_cmpuint(k->frame_ns, <=, 1000000000ull / 5);
            g_assert_cmpuint(k->vblank_end, <=, k->vblank_start);
            g_assert_cmpuint(k->vblank_start, <, k->vtotal ? k->vtotal : 1);
            hwgpu_worker_lock(&dev.worker);
            rv770_display_surface(&dev, c, &s);
            hwgpu_worker_unlock(&dev.worker);
            if (s.on) {
                g_assert_cmpuint(s.width, <=, 0x3fff);
                g_assert_cmpuint(s.height, <=, 0x3fff);
                g_assert_cmpuint((uint64_t)s.stride, >=,
                                 (uint64_t)s.width * s.bpp);
            }
        }
        while (next_vector() >= 0) {
        }
    }
    g_rand_free(rnd);
    teardown();
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rv770-display/clock", test_clock);
    g_test_add_func("/rv770-display/vblank-irq", test_vblank_irq);
    g_test_add_func("/rv770-display/page-flip", test_page_flip);
    g_test_add_func("/rv770-display/ddc-edid", test_ddc_edid);
    g_test_add_func("/rv770-display/lut", test_lut);
    g_test_add_func("/rv770-display/cursor", test_cursor);
    g_test_add_func("/rv770-display/absurd", test_absurd);
    return g_test_run();
}
