/*
 * qtest for the intel-g45 display engine as the guest sees it: the
 * vblank/frame-counter clock on QEMU's virtual clock, vblank interrupts,
 * the surface-address latch, GMBUS EDID reads (and the xres/yres property)
 * and NAKs, the host bridge GMCH_CTRL and the stolen-memory fw_cfg file,
 * GDRST, and scanout of a plane through the GTT into a screendump.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "intel-g45-qtest.h"
#include "tests/qtest/libqos/fw_cfg.h"
#include "hw/pci/pci_regs.h"

#define FRAME_NS G45Q_FRAME_NS

static void test_frame_clock(void)
{
    G45Q c;
    uint32_t f0, f1, dsl0, dsl1;

    g45q_start(&c, "");
    g45q_pipe_a(&c, 1024, 768);
    f0 = g45q_rd(&c, G45_PIPEA_FRMCOUNT);
    qtest_clock_step(c.qts, 100 * FRAME_NS);
    f1 = g45q_rd(&c, G45_PIPEA_FRMCOUNT);
    g_assert_cmpuint(f1 - f0, >=, 99);
    g_assert_cmpuint(f1 - f0, <=, 101);
    /* The scanline moves with virtual time and stays within vtotal. */
    dsl0 = g45q_rd(&c, G45_PIPEA_DSL);
    qtest_clock_step(c.qts, FRAME_NS / 4);
    dsl1 = g45q_rd(&c, G45_PIPEA_DSL);
    g_assert_cmpuint(dsl0, <, 806);
    g_assert_cmpuint(dsl1, <, 806);
    g_assert_cmpuint((dsl1 + 806 - dsl0) % 806, >=, 200);
    g_assert_cmpuint((dsl1 + 806 - dsl0) % 806, <=, 204);
    /* Disabled pipe: frozen counter, state bit clear. */
    g45q_wr(&c, G45_PIPEACONF, 0);
    g_assert_cmphex(g45q_rd(&c, G45_PIPEACONF) & G45_PIPECONF_STATE, ==, 0);
    f0 = g45q_rd(&c, G45_PIPEA_FRMCOUNT);
    qtest_clock_step(c.qts, 10 * FRAME_NS);
    g_assert_cmpuint(g45q_rd(&c, G45_PIPEA_FRMCOUNT), ==, f0);
    g45q_stop(&c);
}

static void test_vblank_irq(void)
{
    G45Q c;

    g45q_start(&c, "");
    g45q_pipe_a(&c, 1024, 768);
    g45q_wr(&c, G45_IMR, ~G45_IRQ_PIPE_A_EVENT);
    g45q_wr(&c, G45_IER, G45_IRQ_PIPE_A_EVENT);
    g45q_wr(&c, G45_PIPEASTAT, G45_PIPESTAT_START_VBLANK << 16);
    g_assert_cmphex(g45q_rd(&c, G45_IIR), ==, 0);
    /* The device's timer raises it without any register access. */
    qtest_clock_step(c.qts, FRAME_NS + 1000);
    g_assert_cmphex(g45q_rd(&c, G45_IIR), ==, G45_IRQ_PIPE_A_EVENT);
    g_assert_cmphex(g45q_rd(&c, G45_PIPEASTAT) & 0xffff, ==,
                    G45_PIPESTAT_START_VBLANK);
    g45q_wr(&c, G45_PIPEASTAT, (G45_PIPESTAT_START_VBLANK << 16) |
       G45_PIPESTAT_START_VBLANK);
    g45q_wr(&c, G45_IIR, G45_IRQ_PIPE_A_EVENT);
    g_assert_cmphex(g45q_rd(&c, G45_IIR), ==, 0);
    g45q_stop(&c);
}

static void test_surface_latch(void)
{
    G45Q c;

    g45q_start(&c, "");
    g45q_pipe_a(&c, 1024, 768);
    g45q_wr(&c, G45_DSPASURF, 0x10000);
    qtest_clock_step(c.qts, FRAME_NS);
    g_assert_cmphex(g45q_rd(&c, G45_DSPASURFLIVE), ==, 0x10000);
    g45q_wr(&c, G45_DSPASURF, 0x20000);
    g_assert_cmphex(g45q_rd(&c, G45_DSPASURFLIVE), ==, 0x10000);
    qtest_clock_step(c.qts, FRAME_NS + 1000);
    g_assert_cmphex(g45q_rd(&c, G45_DSPASURFLIVE), ==, 0x20000);
    g45q_stop(&c);
}

/* An i915-style indexed GMBUS read of `len` bytes at `index` from `addr`. */
static bool gmbus_read(G45Q *c, int pin, uint8_t addr, uint8_t index,
                       uint8_t *buf, uint32_t len)
{
    g45q_wr(c, G45_GMBUS0, pin);
    g45q_wr(c, G45_GMBUS1, (1u << 30) | (1u << 25) | (1u << 26) | (len << 16) |
       ((uint32_t)index << 8) | (addr << 1) | 1);
    for (uint32_t i = 0; i < len;) {
        uint32_t st = g45q_rd(c, G45_GMBUS2), v;

        if (st & (1u << 10)) {          /* NAK */
            g45q_wr(c, G45_GMBUS1, 1u << 31);
            g45q_wr(c, G45_GMBUS1, 0);
            return false;
        }
        g_assert_cmphex(st & (1u << 11), ==, 1u << 11);
        v = g45q_rd(c, G45_GMBUS3);
        for (int k = 0; k < 4 && i < len; k++, i++) {
            buf[i] = v >> (8 * k);
        }
    }
    g_assert_cmphex(g45q_rd(c, G45_GMBUS2) & (1u << 14), ==, 1u << 14);
    g45q_wr(c, G45_GMBUS1, (1u << 30) | (1u << 27));
    g_assert_cmphex(g45q_rd(c, G45_GMBUS2) & (1u << 9), ==, 0);
    return true;
}

static void check_edid(G45Q *c, unsigned xres, unsigned yres)
{
    static const uint8_t hdr[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0 };
    uint8_t e[128], sum = 0;
    unsigned hact, vact;

    g_assert_true(gmbus_read(c, 2, 0x50, 0, e, sizeof(e)));
    g_assert_cmpmem(e, 8, hdr, 8);
    for (int i = 0; i < 128; i++) {
        sum += e[i];
    }
    g_assert_cmpuint(sum, ==, 0);
    /* The first detailed timing is the preferred mode (EDID 1.3+). */
    hact = e[56] | ((e[58] & 0xf0) << 4);
    vact = e[59] | ((e[61] & 0xf0) << 4);
    g_assert_cmpuint(hact, ==, xres);
    g_assert_cmpuint(vact, ==, yres);
}

static void test_gmbus_edid(void)
{
    G45Q c;
    uint8_t b[4];

    g45q_start(&c, "");
    check_edid(&c, 1024, 768);
    /* Absent address, and the EDID address on the SDVO pins: NAK. */
    g_assert_false(gmbus_read(&c, 2, 0x37, 0, b, 1));
    g_assert_false(gmbus_read(&c, 5, 0x50, 0, b, 1));
    g45q_stop(&c);

    g45q_start(&c, ",xres=1280,yres=1024");
    check_edid(&c, 1280, 1024);
    g45q_stop(&c);
}

static void test_stolen_and_reset(void)
{
    G45Q c;
    QPCIDevice *hb;
    QFWCFG *fw;
    uint64_t size = 0;

    g45q_start(&c, ",stolen-mb=64");
    hb = qpci_device_find(c.bus, QPCI_DEVFN(0, 0));
    g_assert(hb);
    /* GMCH_CTRL: 2 MiB GTT (0x3 << 8), 64 MiB stolen (GMS 7 << 4). */
    g_assert_cmphex(qpci_config_readw(hb, 0x52), ==, 0x0370);
    qpci_config_writew(hb, 0x52, 0);
    g_assert_cmphex(qpci_config_readw(hb, 0x52), ==, 0x0370);
    g_free(hb);
    fw = pc_fw_cfg_init(c.qts);
    g_assert_cmpuint(qfw_cfg_get_file(fw, "etc/igd-bdsm-size", &size,
                                      sizeof(size)), ==, sizeof(size));
    g_assert_cmpuint(le64_to_cpu(size), ==, 64 * 1024 * 1024);
    pc_fw_cfg_uninit(fw);
    /* BSM is for the firmware to fill in, 1 MiB aligned. */
    qpci_config_writel(c.dev, 0x5c, 0x3cf12345);
    g_assert_cmphex(qpci_config_readl(c.dev, 0x5c), ==, 0x3cf00000);
    /* GDRST: the enable bit clears once the reset is done. */
    qpci_config_writeb(c.dev, 0xc0, 0x0d);
    g_assert_cmphex(qpci_config_readb(c.dev, 0xc0) & 1, ==, 0);
    g45q_stop(&c);
}

static void test_scanout(void)
{
    G45Q c;
    uint64_t page = 0x800000;       /* guest RAM used as the framebuffer */
    g_autofree uint8_t *rgb = NULL;
    int w, h;

    g45q_start(&c, "");
    /* 64x64 XRGB8888 at 16 KiB: four GTT pages, deliberately out of order */
    for (int i = 0; i < 4; i++) {
        g45q_wr(&c, G45_GTT_OFFSET + 4 * i, (page + (3 - i) * 4096) | 1);
    }
    for (int y = 0; y < 64; y++) {
        for (int x = 0; x < 64; x++) {
            uint32_t gfx = y * 256 + x * 4;
            uint64_t phys = page + (3 - gfx / 4096) * 4096 + gfx % 4096;
            qtest_writel(c.qts, phys, (x * 4) << 16 | (y * 4) << 8 | 0x5a);
        }
    }
    g45q_pipe_a(&c, 64, 64);
    g45q_wr(&c, G45_DSPASTRIDE, 256);
    g45q_wr(&c, G45_DSPACNTR, G45_DSPCNTR_ENABLE | (G45_FMT_XRGB8888 << 26));
    g45q_wr(&c, G45_DSPASURF, 0);
    /* Legacy VGA still owns the screen until VGACNTRL disables it. */
    g45q_wr(&c, G45_VGACNTRL, G45_VGACNTRL_DISABLE);
    qtest_clock_step(c.qts, FRAME_NS);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, 64);
    g_assert_cmpint(h, ==, 64);
    for (int y = 0; y < 64; y += 7) {
        for (int x = 0; x < 64; x += 5) {
            uint8_t *p = rgb + (y * w + x) * 3;
            g_assert_cmpint(p[0], ==, x * 4);
            g_assert_cmpint(p[1], ==, y * 4);
            g_assert_cmpint(p[2], ==, 0x5a);
        }
    }
    g_free(rgb);
    /*
     * A 64x64 ARGB cursor (CURACNTR mode 0x27) at (20, 10): opaque red in
     * its top-left 8x8, transparent elsewhere; it appears in the picture.
     */
    for (int i = 0; i < 4; i++) {
        g45q_wr(&c, G45_GTT_OFFSET + 4 * (16 + i), (page + 0x10000 + i * 4096) | 1);
    }
    for (int y = 0; y < 64; y++) {
        for (int x = 0; x < 64; x++) {
            qtest_writel(c.qts, page + 0x10000 + y * 256 + x * 4,
                         x < 8 && y < 8 ? 0xffff0000 : 0);
        }
    }
    g45q_wr(&c, G45_CURABASE, 16 * 4096);
    g45q_wr(&c, G45_CURAPOS, (10u << 16) | 20);
    g45q_wr(&c, G45_CURACNTR, 0x27);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    {
        uint8_t *p = rgb + (12 * w + 22) * 3, *q = rgb + (30 * w + 40) * 3;

        g_assert_cmpint(p[0], ==, 255);
        g_assert_cmpint(p[1], ==, 0);
        g_assert_cmpint(p[2], ==, 0);
        /* transparent cursor pixels show the plane */
        g_assert_cmpint(q[0], ==, 40 * 4);
        g_assert_cmpint(q[1], ==, 30 * 4);
    }
    /* Moving it away restores the plane's pixels underneath. */
    g45q_wr(&c, G45_CURAPOS, (40u << 16) | 40);
    g_free(rgb);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(rgb[(12 * w + 22) * 3], ==, 22 * 4);
    g_assert_cmpint(rgb[(12 * w + 22) * 3 + 1], ==, 12 * 4);
    g45q_wr(&c, G45_CURACNTR, 0);
    g_free(rgb);
    /* Plane off: "display off", not stale pixels. */
    g45q_wr(&c, G45_DSPACNTR, 0);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, 640);
    g_assert_cmpint(h, ==, 480);
    g45q_stop(&c);
}

/* The guest pixel of format `fmt` at (x, y), and what the screen shows. */
static uint32_t fmt_pixel(int fmt, int x, int y)
{
    uint32_t v = (x * 37 + y * 101 + 11) * 2654435761u;

    return fmt == G45_FMT_C8 ? (v >> 24) : v;
}

static uint32_t fmt_expect(G45Q *c, int fmt, uint32_t v)
{
    uint32_t r, g, b;

    switch (fmt) {
    case G45_FMT_C8:
        return g45q_rd(c, G45_PALETTE_A + 4 * (v & 0xff)) & 0xffffff;
    case G45_FMT_XRGB1555:
        r = (v >> 10) & 31, g = (v >> 5) & 31, b = v & 31;
        return ((r << 3 | r >> 2) << 16) | ((g << 3 | g >> 2) << 8) |
               (b << 3 | b >> 2);
    case G45_FMT_RGB565:
        r = (v >> 11) & 31, g = (v >> 5) & 63, b = v & 31;
        return ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) |
               (b << 3 | b >> 2);
    case G45_FMT_XBGR8888:
        return ((v & 0xff) << 16) | (v & 0xff00) | ((v >> 16) & 0xff);
    case G45_FMT_XRGB2101010:
        return (((v >> 22) & 0xff) << 16) | (((v >> 12) & 0xff) << 8) |
               ((v >> 2) & 0xff);
    default:
        return v & 0xffffff;
    }
}

/*
 * Every plane format the guest can pick, linear and X-tiled, reaches the
 * screen with the right colours (8-bit indexed through the palette).
 */
static void test_formats(void)
{
    static const struct { int fmt, bpp; bool tiled; } cases[] = {
        { G45_FMT_C8, 1, false }, { G45_FMT_XRGB1555, 2, false },
        { G45_FMT_RGB565, 2, false }, { G45_FMT_XRGB8888, 4, false },
        { G45_FMT_XBGR8888, 4, false }, { G45_FMT_XRGB2101010, 4, false },
        { G45_FMT_XRGB8888, 4, true }, { G45_FMT_RGB565, 2, true },
    };
    const uint64_t page = 0x900000;     /* 8 pages of guest RAM */
    const int W = 160, H = 24;
    G45Q c;

    g45q_start(&c, "");
    for (int i = 0; i < 8; i++) {
        g45q_wr(&c, G45_GTT_OFFSET + 4 * i, (page + i * 4096) | 1);
    }
    for (int i = 0; i < 256; i++) {
        g45q_wr(&c, G45_PALETTE_A + 4 * i, (i * 0x010305u) & 0xffffff);
    }
    g45q_pipe_a(&c, W, H);
    g45q_wr(&c, G45_VGACNTRL, G45_VGACNTRL_DISABLE);
    for (int k = 0; k < ARRAY_SIZE(cases); k++) {
        int fmt = cases[k].fmt, bpp = cases[k].bpp;
        uint32_t stride = 1024;
        g_autofree uint8_t *rgb = NULL;
        int w, h;

        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                uint32_t lin = y * stride + x * bpp, off = lin, v;

                if (cases[k].tiled) {   /* 512 x 8 tiles, 4 KiB each */
                    off = ((y / 8) * (stride / 512) + (x * bpp) / 512) *
                          4096 + (y % 8) * 512 + (x * bpp) % 512;
                }
                v = fmt_pixel(fmt, x, y);
                qtest_memwrite(c.qts, page + off, &v, bpp);
            }
        }
        g45q_wr(&c, G45_DSPASTRIDE, stride);
        g45q_wr(&c, G45_DSPALINOFF, 0);
        g45q_wr(&c, G45_DSPATILEOFF, 0);
        g45q_wr(&c, G45_DSPACNTR, G45_DSPCNTR_ENABLE | (fmt << 26) |
           (cases[k].tiled ? G45_DSPCNTR_TILED : 0));
        g45q_wr(&c, G45_DSPASURF, 0);
        qtest_clock_step(c.qts, FRAME_NS);
        rgb = hwgpuq_screendump(c.qts, &w, &h);
        g_assert_cmpint(w, ==, W);
        g_assert_cmpint(h, ==, H);
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                uint32_t v = fmt_pixel(fmt, x, y), e, got;
                uint8_t *p = rgb + (y * w + x) * 3;

                if (bpp == 2) {
                    v &= 0xffff;
                }
                e = fmt_expect(&c, fmt, v);
                got = p[0] << 16 | p[1] << 8 | p[2];
                if (got != e) {
                    g_error("format %d%s at (%d,%d): got %06x want %06x",
                            fmt, cases[k].tiled ? " tiled" : "", x, y, got,
                            e);
                }
            }
        }
    }
    g45q_stop(&c);
}

/*
 * Hostile setups: a mode far larger than the memory behind the surface, and
 * a surface whose PTEs point outside guest RAM.  The picture is black where
 * nothing valid is mapped; QEMU carries on.
 */
static void test_bad_surface(void)
{
    const uint64_t page = 0xa00000;
    g_autofree uint8_t *rgb = NULL;
    G45Q c;
    int w, h;

    g45q_start(&c, "");
    /* Two valid pages of white, everything after them unmapped. */
    g45q_wr(&c, G45_GTT_OFFSET + 0, page | 1);
    g45q_wr(&c, G45_GTT_OFFSET + 4, (page + 4096) | 1);
    qtest_memset(c.qts, page, 0xff, 8192);
    g45q_wr(&c, G45_HTOTAL_A, (2199u << 16) | 2047);
    g45q_wr(&c, G45_VTOTAL_A, (2099u << 16) | 2047);
    g45q_wr(&c, G45_PIPEASRC, (2047u << 16) | 2047);
    g45q_wr(&c, G45_PIPEACONF, G45_PIPECONF_ENABLE);
    g45q_wr(&c, G45_VGACNTRL, G45_VGACNTRL_DISABLE);
    g45q_wr(&c, G45_DSPASTRIDE, 8192);
    g45q_wr(&c, G45_DSPACNTR, G45_DSPCNTR_ENABLE | (G45_FMT_XRGB8888 << 26));
    g45q_wr(&c, G45_DSPASURF, 0);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, 2048);
    g_assert_cmpint(h, ==, 2048);
    g_assert_cmpint(rgb[0], ==, 0xff);                  /* line 0: mapped */
    g_assert_cmpint(rgb[(1 * w + 5) * 3], ==, 0);       /* line 1: not */
    g_assert_cmpint(rgb[(2047 * w + 2047) * 3], ==, 0);
    g_free(rgb);
    /* PTEs naming addresses beyond guest RAM (36-bit, bits 7:4 set). */
    g45q_wr(&c, G45_GTT_OFFSET + 0, 0xfffff0f1);
    g45q_wr(&c, G45_GTT_OFFSET + 4, 0x7ffff001);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(rgb[0], ==, 0);
    g_assert_cmpint(rgb[(0 * w + 1500) * 3], ==, 0);
    /* The device still works. */
    g_assert_cmphex(g45q_rd(&c, G45_DSPASTRIDE), ==, 8192);
    g45q_stop(&c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/intel-g45/display/frame-clock", test_frame_clock);
    qtest_add_func("/intel-g45/display/vblank-irq", test_vblank_irq);
    qtest_add_func("/intel-g45/display/surface-latch", test_surface_latch);
    qtest_add_func("/intel-g45/display/gmbus-edid", test_gmbus_edid);
    qtest_add_func("/intel-g45/display/stolen-and-reset",
                   test_stolen_and_reset);
    qtest_add_func("/intel-g45/display/scanout", test_scanout);
    qtest_add_func("/intel-g45/display/formats", test_formats);
    qtest_add_func("/intel-g45/display/bad-surface", test_bad_surface);
    return g_test_run();
}
