/*
 * qtest for the intel-g45 glue's defences against a hostile guest (the
 * security audit's findings that sit in the QEMU glue):
 *  - an odd plane width at 16 bpp (pixman wants 32-bit aligned strides)
 *    used to hand pixman a stride it refused and crash on the next refresh;
 *  - a huge plane stride used to make every refresh walk the whole GTT,
 *    and the largest frame is converted in slices (bounded main-loop time);
 *  - device DMA (scanout, rings, aperture) reaches guest RAM only: a PTE
 *    aimed at MMIO (here our own registers) reads zeros;
 *  - a byte write to a write-1-to-clear register clears only its own byte;
 *  - fences written from a ring drop stale direct aperture mappings;
 *  - a ring storing to a page while the guest moves a BAR over it and
 *    toggles bus mastering never wedges QEMU.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "intel-g45-qtest.h"
#include "hw/pci/pci_regs.h"
#include "qobject/qdict.h"
#include "hwgpu/intel/common/fence.h"

#define FRAME_NS G45Q_FRAME_NS

static void program_plane(G45Q *c, int fmt, uint32_t stride)
{
    g45q_wr(c, G45_DSPASTRIDE, stride);
    g45q_wr(c, G45_DSPACNTR, G45_DSPCNTR_ENABLE | (fmt << 26));
    g45q_wr(c, G45_DSPASURF, 0);
    g45q_wr(c, G45_VGACNTRL, G45_VGACNTRL_DISABLE);
    qtest_clock_step(c->qts, FRAME_NS);
}

static uint64_t qom_u64(G45Q *c, const char *prop)
{
    return hwgpuq_qom_u64(c->qts, prop);
}

/*
 * 1023 pixels of RGB565: 2046 bytes a line, not a multiple of 4.  The
 * refresh survives and shows the right colours up to the last column.
 */
static void test_odd_width_16bpp(void)
{
    const uint64_t fb = 0x800000;
    g_autofree uint8_t *rgb = NULL;
    G45Q c;
    int w, h;

    g45q_start(&c, "");
    g45q_map_linear(&c, fb, 8);
    for (uint32_t y = 0; y < 8; y++) {
        for (uint32_t x = 0; x < 1023; x++) {
            uint16_t v = (x & 31) << 11 | (y & 63) << 5 | 0x15;

            qtest_writew(c.qts, fb + y * 2048 + x * 2, v);
        }
    }
    g45q_pipe_a(&c, 1023, 8);
    program_plane(&c, G45_FMT_RGB565, 2048);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, 1023);
    g_assert_cmpint(h, ==, 8);
    for (uint32_t y = 0; y < 8; y++) {
        for (uint32_t x = 0; x < 1023; x += 73) {
            uint8_t *p = rgb + (y * w + x) * 3;
            uint32_t r = x & 31, g = y & 63;

            g_assert_cmpint(p[0], ==, r << 3 | r >> 2);
            g_assert_cmpint(p[1], ==, g << 2 | g >> 4);
        }
        g_assert_cmpint(rgb[(y * w + 1022) * 3], ==,
                        (1022 & 31) << 3 | (1022 & 31) >> 2);
    }
    g45q_stop(&c);
}

/*
 * A stride far larger than the picture: each refresh resolves only the
 * pages the visible lines read (a few per line), not every GTT page the
 * stride spans.
 */
static void test_huge_stride(void)
{
    g_autofree uint8_t *rgb = NULL;
    G45Q c;
    int w, h;

    g45q_start(&c, "");
    g45q_map_linear(&c, 0x800000, 4);
    g45q_pipe_a(&c, 1024, 768);
    program_plane(&c, G45_FMT_XRGB8888, 0xffffffc0u);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, 1024);
    g_assert_cmpuint(qom_u64(&c, "x-scanout-pages"), <=, 768 * 3);
    g45q_stop(&c);
}

/*
 * The plane's page is aimed at our own display registers (BAR0 + 0x60000,
 * where HTOTAL_A holds a non-zero value): device DMA reaches guest RAM
 * only, so the picture is black, not a dump of the registers.
 */
static void test_pte_to_mmio(void)
{
    g_autofree uint8_t *rgb = NULL;
    G45Q c;
    int w, h;

    g45q_start(&c, "");
    g45q_pipe_a(&c, 64, 16);
    g45q_pte(&c, 0, c.mmio.addr + G45_HTOTAL_A);
    g_assert_cmphex(g45q_rd(&c, G45_HTOTAL_A) & 0xffffff, !=, 0);
    program_plane(&c, G45_FMT_XRGB8888, 256);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, 64);
    for (int i = 0; i < w * h * 3; i++) {
        g_assert_cmpint(rgb[i], ==, 0);
    }
    g45q_stop(&c);
}

/*
 * IIR is write-1-to-clear.  A byte write of 0x02 to its low byte clears
 * the user interrupt (bit 1) and leaves the parser-error bit (15) of the
 * byte it did not write.
 */
static void test_w1c_byte_write(void)
{
    G45QRing r;
    G45Q c;

    g45q_start(&c, "");
    g45q_map_linear(&c, 0x1000000, 64);
    g45q_wr(&c, G45_IMR, ~(G45_IIR_USER | G45_IIR_CS_ERROR));
    g45q_wr(&c, G45_EMR, ~G45_EIR_INSTRUCTION);
    g45q_ring_init(&r, &c, G45_RCS_BASE, 0x10000, 4096, 0);
    g45q_emit(&r, G45_MI(G45_MI_USER_INTERRUPT));
    g45q_emit(&r, 0x1f800000);      /* MI opcode 0x3f: not a command */
    g45q_submit(&r);
    g45q_wait_iir(&c, G45_IIR_USER | G45_IIR_CS_ERROR);
    qpci_io_writeb(c.dev, c.mmio, G45_IIR, G45_IIR_USER);
    g_assert_cmphex(g45q_rd(&c, G45_IIR) & (G45_IIR_USER | G45_IIR_CS_ERROR),
                    ==, G45_IIR_CS_ERROR);
    g45q_stop(&c);
}

/*
 * An aperture page used often enough is mapped straight onto its RAM page.
 * A fence written from the ring (MI_LOAD_REGISTER_IMM) that covers it must
 * take effect like one written through MMIO: the next CPU write through
 * the aperture is detiled (X tiles, pitch 1024: aperture offset 1024 is
 * line 1, x 0, which lies 512 bytes into the first tile).
 */
static void test_ring_fence(void)
{
    const uint64_t ram = 0x1000000;
    QPCIBar ap;
    G45QRing r;
    G45Q c;
    uint32_t lo, hi;

    g45q_start(&c, "");
    g45q_map_linear(&c, ram, 64);
    ap = qpci_iomap(c.dev, 2, NULL);
    /* Touch aperture page 32 until it is mapped directly. */
    for (int i = 0; i < 16; i++) {
        qpci_io_writel(c.dev, ap, 32 * 4096 + 4 * i, 0);
    }
    /*
     * Fence 0 over graphics pages 32..47 (64 KiB), X-tiled, pitch 1024
     * bytes ((pitch / 128 - 1) in bits 11:2 on Gen4), valid: FENCE_REG_965
     * layout in include/hwgpu/intel/common/fence.h.
     */
    lo = (32 * 4096) | ((1024 / 128 - 1) << 2) | 1;
    hi = (48 * 4096 - 4096);
    g45q_ring_init(&r, &c, G45_RCS_BASE, 0x10000, 4096, 0);
    g45q_emit(&r, G45_MI(G45_MI_LOAD_REGISTER_IMM) | 3);
    g45q_emit(&r, G45_FENCE0);
    g45q_emit(&r, lo);
    g45q_emit(&r, G45_FENCE0 + 4);
    g45q_emit(&r, hi);
    g45q_submit(&r);
    g45q_wait_idle(&r);
    g_assert_cmphex(g45q_rd(&c, G45_FENCE0), ==, lo);
    /* Give the device's service routine a main-loop turn. */
    qtest_clock_step(c.qts, 1000);
    qpci_io_writel(c.dev, ap, 32 * 4096 + 1024, 0xfeedf00d);
    g_assert_cmphex(qtest_readl(c.qts, ram + 32 * 4096 + 512), ==,
                    0xfeedf00d);
    g_assert_cmphex(qtest_readl(c.qts, ram + 32 * 4096 + 1024), ==, 0);
    g45q_stop(&c);
}

/*
 * A hot aperture page maps the pages of its aligned 64-page run that
 * continue it in RAM, with one alias: up to the first page whose PTE goes
 * elsewhere.  A PTE written inside the run unmaps all of it, and every
 * page then goes where its own PTE says.
 */
static void test_aperture_run(void)
{
    const uint64_t ram = 0x1000000, other = 0x2000000, third = 0x2100000;
    uint64_t maps;
    QPCIBar ap;
    G45Q c;

    g45q_start(&c, "");
    g45q_map_linear(&c, ram, 128);
    g45q_pte(&c, 80, other);            /* the run of page 70 ends at 79 */
    qtest_memset(c.qts, other, 0, 4096);
    ap = qpci_iomap(c.dev, 2, NULL);
    maps = hwgpuq_qom_u64(c.qts, "x-aperture-maps");
    for (int i = 0; i < 8; i++) {
        qpci_io_writel(c.dev, ap, 70 * 4096 + 4 * i, i);
    }
    g_assert_cmpuint(hwgpuq_qom_u64(c.qts, "x-aperture-maps"), ==, maps + 1);
    /* pages 64..79 came with it: hot accesses map nothing more */
    for (int p = 64; p < 80; p++) {
        for (int i = 0; i < 8; i++) {
            qpci_io_writel(c.dev, ap, p * 4096 + 8 + 4 * i, 0x1000 + p);
        }
        g_assert_cmphex(qtest_readl(c.qts, ram + p * 4096 + 8), ==, 0x1000 + p);
    }
    g_assert_cmpuint(hwgpuq_qom_u64(c.qts, "x-aperture-maps"), ==, maps + 1);
    /* page 80 is not in it: its PTE's page */
    qpci_io_writel(c.dev, ap, 80 * 4096 + 8, 0xbeef);
    g_assert_cmphex(qtest_readl(c.qts, other + 8), ==, 0xbeef);
    g_assert_cmphex(qtest_readl(c.qts, ram + 80 * 4096 + 8), ==, 0);
    /* a PTE inside the run: that page moves, the others stay right */
    g45q_pte(&c, 72, third);
    qtest_memset(c.qts, third, 0, 4096);
    qpci_io_writel(c.dev, ap, 72 * 4096 + 8, 0xabcd);
    qpci_io_writel(c.dev, ap, 65 * 4096 + 8, 0x5555);
    g_assert_cmphex(qtest_readl(c.qts, third + 8), ==, 0xabcd);
    g_assert_cmphex(qtest_readl(c.qts, ram + 72 * 4096 + 8), ==, 0x1000 + 72);
    g_assert_cmphex(qtest_readl(c.qts, ram + 65 * 4096 + 8), ==, 0x5555);
    g45q_stop(&c);
}

/*
 * A ring keeps storing to a physical page (a chained batch, secure) while
 * the guest clears and sets bus mastering and moves the aperture BAR over
 * that page and back.  Whatever the memory map is at each store, ring
 * register reads and QMP keep answering, and the stores that land only
 * reach RAM.
 */
static void test_busmaster_race(void)
{
    const uint64_t ram = 0x1000000, target = 0x2000000;
    uint64_t bar2_old;
    G45QRing r;
    G45Q c;
    uint32_t b = 0x30000;
    int64_t end;

    g45q_start(&c, "");
    g45q_map_linear(&c, ram, 64);
    /* The batch: 100 physical stores, then chains to itself (secure). */
    for (int i = 0; i < 100; i++) {
        g45q_gfx_writel(&c, b + 16 * i, G45_MI(G45_MI_STORE_DATA_IMM) | 2);
        g45q_gfx_writel(&c, b + 16 * i + 4, 0);
        g45q_gfx_writel(&c, b + 16 * i + 8, (uint32_t)target + 4 * i);
        g45q_gfx_writel(&c, b + 16 * i + 12, 0x5a5a0000 + i);
    }
    g45q_gfx_writel(&c, b + 1600, G45_MI(G45_MI_BATCH_BUFFER_START) |
                    G45_MI_BB_GTT);
    g45q_gfx_writel(&c, b + 1604, b);
    g45q_ring_init(&r, &c, G45_RCS_BASE, 0x10000, 4096, 0);
    g45q_emit(&r, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    g45q_emit(&r, b);
    g45q_submit(&r);

    bar2_old = qpci_config_readl(c.dev, PCI_BASE_ADDRESS_2);
    end = g_get_monotonic_time() + 2 * G_USEC_PER_SEC;
    while (g_get_monotonic_time() < end) {
        uint16_t cmd = qpci_config_readw(c.dev, PCI_COMMAND);
        QDict *rsp;

        qpci_config_writew(c.dev, PCI_COMMAND, cmd & ~PCI_COMMAND_MASTER);
        g45q_rd(&c, G45_RCS_BASE + G45_RING_ACTHD);
        qpci_config_writel(c.dev, PCI_BASE_ADDRESS_2, (uint32_t)target |
                           PCI_BASE_ADDRESS_MEM_TYPE_64 |
                           PCI_BASE_ADDRESS_MEM_PREFETCH);
        qpci_config_writew(c.dev, PCI_COMMAND, cmd);
        g45q_rd(&c, G45_RCS_BASE + G45_RING_HEAD);
        qpci_config_writel(c.dev, PCI_BASE_ADDRESS_2, bar2_old);
        rsp = qtest_qmp(c.qts, "{'execute':'query-status'}");
        g_assert_true(qdict_haskey(rsp, "return"));
        qobject_unref(rsp);
    }
    g45q_stop(&c);
}

/*
 * The largest frame the guest can set (4096x4096, 32 MiB at RGB565) is
 * converted in slices: no single main-loop turn of the scanout converts
 * more than HWGPU_SCANOUT_SLICE_BYTES (4 MiB) and a line (the whole frame
 * took ~80 ms in one turn), and the picture is complete when the
 * screendump returns.  The longest turn's time is printed, not tested
 * (a loaded host stretches it).
 */
static void test_big_frame_sliced(void)
{
    const uint64_t ram = 0x1000000;
    g_autofree uint8_t *rgb = NULL;
    uint64_t worst, frames;
    G45Q c;
    int w, h;

    g45q_start(&c, "");
    /* 8192 pages of surface over 16 MiB of RAM (each page twice). */
    for (uint32_t i = 0; i < 8192; i++) {
        g45q_pte(&c, i, ram + (i % 4096) * 4096ull);
    }
    qtest_memset(c.qts, ram, 0x55, 4096 * 4096);
    g45q_pipe_a(&c, 4096, 4096);
    program_plane(&c, G45_FMT_RGB565, 8192);
    frames = qom_u64(&c, "x-scanout-frames");
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, 4096);
    g_assert_cmpint(h, ==, 4096);
    g_assert_cmpuint(qom_u64(&c, "x-scanout-frames"), ==, frames + 1);
    /* 0x5555 in RGB565: r 10, g 42, b 21; the last line is there too. */
    g_assert_cmpint(rgb[(4095 * 4096 + 4095) * 3 + 1], ==, 42 << 2 | 42 >> 4);
    worst = qom_u64(&c, "x-scanout-slice-max-ns");
    g_test_message("4096x4096 RGB565 frame: longest scanout turn %.1f ms, "
                   "%" PRIu64 " bytes", worst / 1e6,
                   qom_u64(&c, "x-scanout-slice-max-bytes"));
    g_assert_cmpuint(qom_u64(&c, "x-scanout-slice-max-bytes"), <,
                     4 * 1024 * 1024 + 4096 * 2);
    g45q_stop(&c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/intel-g45/security/odd-width-16bpp",
                   test_odd_width_16bpp);
    qtest_add_func("/intel-g45/security/huge-stride", test_huge_stride);
    qtest_add_func("/intel-g45/security/pte-to-mmio", test_pte_to_mmio);
    qtest_add_func("/intel-g45/security/w1c-byte-write", test_w1c_byte_write);
    qtest_add_func("/intel-g45/security/ring-fence", test_ring_fence);
    qtest_add_func("/intel-g45/security/aperture-run", test_aperture_run);
    qtest_add_func("/intel-g45/security/busmaster-race",
                   test_busmaster_race);
    qtest_add_func("/intel-g45/security/big-frame-sliced",
                   test_big_frame_sliced);
    return g_test_run();
}
