/*
 * qtest for the intel-g45 device: PCI identity, BARs, register semantics,
 * legacy VGA text through a screendump, and random writes to every offset.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "intel-g45-qtest.h"
#include "hw/pci/pci_regs.h"

static void test_identity(const void *data)
{
    G45Q c;

    g45q_start_on(&c, data, false, "");
    g_assert_cmphex(qpci_config_readw(c.dev, PCI_VENDOR_ID), ==, 0x8086);
    g_assert_cmphex(qpci_config_readw(c.dev, PCI_DEVICE_ID), ==, 0x2e22);
    g_assert_cmphex(qpci_config_readb(c.dev, PCI_REVISION_ID), ==,
                    G45_PCI_REVISION);
    g_assert_cmphex(qpci_config_readw(c.dev, PCI_CLASS_DEVICE), ==, 0x0300);
    g_assert_cmphex(qpci_config_readb(c.dev, PCI_CLASS_PROG), ==, 0x00);
    g_assert_cmphex(qpci_config_readb(c.dev, PCI_HEADER_TYPE) & 0x80, ==, 0);
    g_assert_cmphex(qpci_config_readb(c.dev, PCI_INTERRUPT_PIN), ==, 1);
    g45q_stop(&c);
}

/* Size a BAR the way firmware does: write all ones, read the mask back. */
static uint64_t bar_size(QPCIDevice *dev, int bar, uint32_t *flags)
{
    int off = PCI_BASE_ADDRESS_0 + bar * 4;
    uint32_t lo, hi = 0xffffffff;

    qpci_config_writel(dev, off, 0xffffffff);
    lo = qpci_config_readl(dev, off);
    *flags = lo & ((lo & PCI_BASE_ADDRESS_SPACE_IO) ? 0x3 : 0xf);
    if (lo & PCI_BASE_ADDRESS_SPACE_IO) {
        return (uint64_t)(~(lo & PCI_BASE_ADDRESS_IO_MASK) & 0xffff) + 1;
    }
    if (lo & PCI_BASE_ADDRESS_MEM_TYPE_64) {
        qpci_config_writel(dev, off + 4, 0xffffffff);
        hi = qpci_config_readl(dev, off + 4);
    }
    return ~(((uint64_t)hi << 32) | (lo & PCI_BASE_ADDRESS_MEM_MASK)) + 1;
}

static void test_bars(const void *data)
{
    G45Q c;
    uint32_t fl;

    g45q_start_on(&c, data, false, "");
    g_assert_cmphex(bar_size(c.dev, 0, &fl), ==, 4 * 1024 * 1024);
    g_assert_cmphex(fl, ==, PCI_BASE_ADDRESS_MEM_TYPE_64);
    g_assert_cmphex(bar_size(c.dev, 2, &fl), ==, 256 * 1024 * 1024);
    g_assert_cmphex(fl, ==, PCI_BASE_ADDRESS_MEM_TYPE_64 |
                    PCI_BASE_ADDRESS_MEM_PREFETCH);
    g_assert_cmphex(bar_size(c.dev, 4, &fl), ==, 8);
    g_assert_cmphex(fl, ==, PCI_BASE_ADDRESS_SPACE_IO);
    g45q_stop(&c);

    /* The aperture size is a property. */
    c.qts = qtest_init("-machine q35 -vga none -nic none "
                       "-device intel-g45,addr=02.0,aperture-mb=512");
    c.bus = qpci_new_pc(c.qts, NULL);
    c.dev = qpci_device_find(c.bus, QPCI_DEVFN(2, 0));
    g_assert_cmphex(bar_size(c.dev, 2, &fl), ==, 512 * 1024 * 1024);
    g45q_stop(&c);
}

static void test_registers(const void *data)
{
    G45Q c;
    QPCIBar mmio, io;
    uint64_t size;

    g45q_start_on(&c, data, false, "");
    qpci_device_enable(c.dev);
    mmio = qpci_iomap(c.dev, 0, &size);
    g_assert_cmphex(size, ==, G45_BAR0_SIZE);
    io = qpci_iomap(c.dev, 4, NULL);

    /* reset values */
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_IMR), ==, 0xffffffff);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_IER), ==, 0);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_VGACNTRL), ==, 0);

    /* plain read/write */
    qpci_io_writel(c.dev, mmio, G45_DSPASTRIDE, 0x1000);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_DSPASTRIDE), ==, 0x1000);
    /* read-only: ISR ignores writes */
    qpci_io_writel(c.dev, mmio, G45_ISR, 0xffffffff);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_ISR), ==, 0);
    /* write-1-to-clear bits cannot be set by the guest */
    qpci_io_writel(c.dev, mmio, G45_IIR, 0xffffffff);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_IIR), ==, 0);
    /* PIPESTAT: enables (30:16) are storage, status (31, 15:0) is w1c */
    qpci_io_writel(c.dev, mmio, G45_PIPEASTAT, 0xffffffff);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_PIPEASTAT), ==, 0x7fff0000);
    /* masked register: only bits selected in 31:16 change */
    /* (bit 9, MODE_IDLE, is status: the ring is idle) */
    qpci_io_writel(c.dev, mmio, G45_MI_MODE, 0x00010003);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_MI_MODE), ==, 0x201);
    qpci_io_writel(c.dev, mmio, G45_MI_MODE, 0x00020002);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_MI_MODE), ==, 0x203);
    qpci_io_writel(c.dev, mmio, G45_MI_MODE, 0x00010000);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_MI_MODE), ==, 0x202);
    /* PIPECONF: the state bit follows the enable bit and is read-only */
    qpci_io_writel(c.dev, mmio, G45_PIPEACONF, G45_PIPECONF_STATE);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_PIPEACONF), ==, 0);
    qpci_io_writel(c.dev, mmio, G45_PIPEACONF, G45_PIPECONF_ENABLE);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_PIPEACONF), ==,
                    G45_PIPECONF_ENABLE | G45_PIPECONF_STATE);
    /* unimplemented offsets read 0 and ignore writes */
    qpci_io_writel(c.dev, mmio, 0x7fff0, 0x12345678);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, 0x7fff0), ==, 0);
    /* byte access to a dword register */
    g_assert_cmphex(qpci_io_readb(c.dev, mmio, G45_DSPASTRIDE + 1), ==, 0x10);

    /* BAR4 index/data reaches the same registers */
    qpci_io_writel(c.dev, io, G45_IO_INDEX, G45_DSPASTRIDE);
    g_assert_cmphex(qpci_io_readl(c.dev, io, G45_IO_DATA), ==, 0x1000);
    qpci_io_writel(c.dev, io, G45_IO_DATA, 0x2000);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_DSPASTRIDE), ==, 0x2000);

    /* GTT: PTE storage reads back */
    qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 8, 0xabcde001);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_GTT_OFFSET + 8), ==,
                    0xabcde001);
    g45q_stop(&c);
}

/* CPU accesses through the aperture land where the GTT points. */
static void test_aperture_gtt(const void *data)
{
    G45Q c;
    QPCIBar mmio, ap;
    const uint64_t page_a = 0x200000, page_b = 0x345000;

    g45q_start_on(&c, data, false, "");
    qpci_device_enable(c.dev);
    mmio = qpci_iomap(c.dev, 0, NULL);
    ap = qpci_iomap(c.dev, 2, NULL);
    /* aperture page 0 -> page_a, page 1 -> page_b, page 2 invalid */
    qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 0, page_a | 1);
    qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 4, page_b | 1);
    qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 8, 0x400000);

    qpci_io_writel(c.dev, ap, 0x10, 0xcafef00d);
    g_assert_cmphex(qtest_readl(c.qts, page_a + 0x10), ==, 0xcafef00d);
    qtest_writel(c.qts, page_b + 0x20, 0x12345678);
    g_assert_cmphex(qpci_io_readl(c.dev, ap, 0x1020), ==, 0x12345678);
    g_assert_cmphex(qpci_io_readw(c.dev, ap, 0x1022), ==, 0x1234);
    qpci_io_writeb(c.dev, ap, 0x1021, 0xee);
    g_assert_cmphex(qtest_readl(c.qts, page_b + 0x20), ==, 0x1234ee78);
    /* a dword across the page boundary is split between the two pages */
    qtest_writeb(c.qts, page_a + 0xfff, 0x11);
    qtest_writeb(c.qts, page_b, 0x22);
    g_assert_cmphex(qpci_io_readw(c.dev, ap, 0xfff), ==, 0x2211);
    /* invalid PTE: reads 0, writes go nowhere */
    qtest_writel(c.qts, 0x400000, 0x5a5a5a5a);
    qpci_io_writel(c.dev, ap, 0x2000, 0xffffffff);
    g_assert_cmphex(qpci_io_readl(c.dev, ap, 0x2000), ==, 0);
    g_assert_cmphex(qtest_readl(c.qts, 0x400000), ==, 0x5a5a5a5a);
    /* a PTE pointing beyond guest RAM: reads 0, QEMU survives */
    qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 12, 0xfffff0f1);
    for (int i = 0; i < 8; i++) {
        qpci_io_writel(c.dev, ap, 0x3000, 0xffffffff);
        g_assert_cmphex(qpci_io_readl(c.dev, ap, 0x3000), ==, 0);
    }
    /*
     * Busy pages get mapped straight onto guest RAM; rewriting the PTE
     * must take effect at once all the same.
     */
    for (int i = 0; i < 16; i++) {
        qpci_io_writel(c.dev, ap, 0x100 + 4 * i, 0xa0000000 + i);
    }
    g_assert_cmphex(qtest_readl(c.qts, page_a + 0x13c), ==, 0xa000000f);
    qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 0, page_b | 1);
    qtest_writel(c.qts, page_b + 0x100, 0x0b0b0b0b);
    g_assert_cmphex(qpci_io_readl(c.dev, ap, 0x100), ==, 0x0b0b0b0b);
    qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 0, 0);
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(qpci_io_readl(c.dev, ap, 0x100), ==, 0);
    }
    qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 0, page_a | 1);
    g_assert_cmphex(qpci_io_readl(c.dev, ap, 0x13c), ==, 0xa000000f);
    g45q_stop(&c);
}

/*
 * Fenced aperture ranges are detiled: X tiles are 512 bytes x 8 rows, Y
 * tiles 128 bytes x 32 rows in 16-byte columns, 4 KiB each.
 */
static void test_fence_tiling(const void *data)
{
    G45Q c;
    QPCIBar mmio, ap;
    const uint64_t ram = 0x600000;   /* 8 pages, GTT-mapped in order */

    g45q_start_on(&c, data, false, "");
    qpci_device_enable(c.dev);
    mmio = qpci_iomap(c.dev, 0, NULL);
    ap = qpci_iomap(c.dev, 2, NULL);
    for (int i = 0; i < 8; i++) {
        qpci_io_writel(c.dev, mmio, G45_GTT_OFFSET + 4 * i,
                       (ram + 4096 * i) | 1);
    }
    /* X: pages 0-3, pitch 1024 (2 tiles wide), 16 rows; pitch field is
     * (1024 / 128) - 1 in bits 11:2, the high dword the last page. */
    qpci_io_writel(c.dev, mmio, G45_FENCE0 + 4, 0x3000);
    qpci_io_writel(c.dev, mmio, G45_FENCE0, 0x0000 | (7 << 2) | 1);
    /* row 9, byte 600: tile row 1, tile 1 -> tile 3, in-tile row 1, 88 */
    qpci_io_writel(c.dev, ap, 9 * 1024 + 600, 0x600d600d);
    g_assert_cmphex(qtest_readl(c.qts, ram + 3 * 4096 + 512 + 88), ==,
                    0x600d600d);
    qtest_writel(c.qts, ram + 2 * 4096 + 7 * 512 + 4, 0x12345678);
    g_assert_cmphex(qpci_io_readl(c.dev, ap, 15 * 1024 + 4), ==, 0x12345678);
    /* Repeated access never maps a fenced page around the fence. */
    for (int i = 0; i < 16; i++) {
        g_assert_cmphex(qpci_io_readl(c.dev, ap, 15 * 1024 + 4), ==,
                        0x12345678);
    }
    /* Y: pages 4-7, pitch 256 (2 tiles wide), 64 rows. */
    qpci_io_writel(c.dev, mmio, G45_FENCE0 + 12, 0x7000);
    qpci_io_writel(c.dev, mmio, G45_FENCE0 + 8, 0x4000 | (1 << 2) | 2 | 1);
    /* row 33, byte 150: tile row 1, tile 1 -> tile 3; x 22: column 1 */
    qpci_io_writel(c.dev, ap, 0x4000 + 33 * 256 + 148, 0xabcd1234);
    g_assert_cmphex(qtest_readl(c.qts, ram + 4 * 4096 + 3 * 4096 + 512 +
                                1 * 16 + 4), ==, 0xabcd1234);
    /* Disabling the fence makes the range linear again. */
    qpci_io_writel(c.dev, mmio, G45_FENCE0, 0);
    qtest_writel(c.qts, ram + 9 * 4 + 4096, 0x5a5a5a5a);
    g_assert_cmphex(qpci_io_readl(c.dev, ap, 4096 + 36), ==, 0x5a5a5a5a);
    g45q_stop(&c);
}

/* Standard VGA mode 3 (80x25 text), register by register. */
static const uint8_t mode3_seq[] = { 0x03, 0x00, 0x03, 0x00, 0x02 };
static const uint8_t mode3_crtc[] = {
    0x5f, 0x4f, 0x50, 0x82, 0x55, 0x81, 0xbf, 0x1f, 0x00, 0x4f, 0x0d, 0x0e,
    0x00, 0x00, 0x00, 0x00, 0x9c, 0x8e, 0x8f, 0x28, 0x1f, 0x96, 0xb9, 0xa3,
    0xff };
static const uint8_t mode3_gc[] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x0e, 0x00, 0xff };
static const uint8_t mode3_ac[] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x14, 0x07, 0x38, 0x39, 0x3a, 0x3b,
    0x3c, 0x3d, 0x3e, 0x3f, 0x0c, 0x00, 0x0f, 0x08, 0x00 };

static void vga_idx(QTestState *qts, uint16_t port, uint8_t idx, uint8_t val)
{
    qtest_outb(qts, port, idx);
    qtest_outb(qts, port + 1, val);
}

static void vga_set_mode3(QTestState *qts)
{
    int i;

    qtest_outb(qts, 0x3c2, 0x67);
    for (i = 0; i < ARRAY_SIZE(mode3_seq); i++) {
        vga_idx(qts, 0x3c4, i, mode3_seq[i]);
    }
    vga_idx(qts, 0x3d4, 0x11, 0x0e); /* unlock CRTC 0-7 */
    for (i = 0; i < ARRAY_SIZE(mode3_crtc); i++) {
        vga_idx(qts, 0x3d4, i, mode3_crtc[i]);
    }
    for (i = 0; i < ARRAY_SIZE(mode3_gc); i++) {
        vga_idx(qts, 0x3ce, i, mode3_gc[i]);
    }
    qtest_inb(qts, 0x3da); /* reset the attribute flip-flop */
    for (i = 0; i < ARRAY_SIZE(mode3_ac); i++) {
        qtest_outb(qts, 0x3c0, i);
        qtest_outb(qts, 0x3c0, mode3_ac[i]);
    }
    qtest_outb(qts, 0x3c0, 0x20); /* video on */
    /* DAC: entry 0 black, entry 0x3f white */
    qtest_outb(qts, 0x3c8, 0);
    for (i = 0; i < 64 * 3; i++) {
        qtest_outb(qts, 0x3c9, i >= 63 * 3 ? 0x3f : 0);
    }
}

/* Load a solid-block glyph for character `ch` into font plane 2. */
static void vga_load_block_glyph(QTestState *qts, uint8_t ch)
{
    uint8_t rows[16];

    memset(rows, 0xff, sizeof(rows));
    vga_idx(qts, 0x3c4, 2, 0x04);
    vga_idx(qts, 0x3c4, 4, 0x06);
    vga_idx(qts, 0x3ce, 4, 0x02);
    vga_idx(qts, 0x3ce, 5, 0x00);
    vga_idx(qts, 0x3ce, 6, 0x04);
    qtest_memwrite(qts, 0xa0000 + ch * 32, rows, sizeof(rows));
    vga_idx(qts, 0x3c4, 2, 0x03);
    vga_idx(qts, 0x3c4, 4, 0x02);
    vga_idx(qts, 0x3ce, 4, 0x00);
    vga_idx(qts, 0x3ce, 5, 0x10);
    vga_idx(qts, 0x3ce, 6, 0x0e);
}

static void test_vga_text(const void *data)
{
    G45Q c;
    const uint8_t cell[2] = { 0x41, 0x0f }; /* glyph 0x41, white on black */
    g_autofree uint8_t *rgb = NULL;
    int w, h;

    g45q_start_on(&c, data, false, "");
    vga_set_mode3(c.qts);
    vga_load_block_glyph(c.qts, 0x41);
    qtest_memset(c.qts, 0xb8000, 0, 80 * 25 * 2);
    qtest_memwrite(c.qts, 0xb8000 + (2 * 80 + 3) * 2, cell, 2); /* row 2, col 3 */
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, 720);
    g_assert_cmpint(h, ==, 400);
    /* inside the character cell at (27..34, 32..47): white */
    for (int y = 32; y < 48; y++) {
        for (int x = 27; x < 35; x++) {
            uint8_t *p = rgb + (y * w + x) * 3;
            g_assert_cmpint(p[0], ==, 255);
            g_assert_cmpint(p[1], ==, 255);
            g_assert_cmpint(p[2], ==, 255);
        }
    }
    /* elsewhere: black */
    g_assert_cmpint(rgb[(100 * w + 100) * 3], ==, 0);
    g_assert_cmpint(rgb[(31 * w + 30) * 3], ==, 0);
    g_assert_cmpint(rgb[(48 * w + 30) * 3], ==, 0);
    g45q_stop(&c);
}

/* Random values at every offset of BAR0 and BAR4; QEMU must survive. */
static void test_random_writes(const void *data)
{
    G45Q c;
    QPCIBar mmio, io;
    GRand *rnd = g_rand_new_with_seed(0x6e45);
    size_t len = G45_BAR0_SIZE;
    g_autofree uint32_t *buf = g_malloc(len);
    g_autofree uint8_t *back = g_malloc(len);

    g45q_start_on(&c, data, false, "");
    qpci_device_enable(c.dev);
    mmio = qpci_iomap(c.dev, 0, NULL);
    io = qpci_iomap(c.dev, 4, NULL);
    for (size_t i = 0; i < len / 4; i++) {
        buf[i] = g_rand_int(rnd);
    }
    /* One buffer write: the memory core dispatches every dword. */
    qtest_bufwrite(c.qts, mmio.addr, buf, len);
    qtest_bufread(c.qts, mmio.addr, back, len);
    for (int i = 0; i < 4096; i++) {
        uint32_t off = g_rand_int_range(rnd, 0, G45_IO_SIZE);
        qpci_io_writeb(c.dev, io, off, g_rand_int(rnd));
        qpci_io_writel(c.dev, io, off & ~3, g_rand_int(rnd));
        qpci_io_readl(c.dev, io, off & ~3);
    }
    /* Whatever the display registers now say, scanout copes. */
    {
        int w, h;
        g_autofree uint8_t *rgb = hwgpuq_screendump(c.qts, &w, &h);

        g_assert_cmpint(w, >, 0);
        g_assert_cmpint(h, >, 0);
    }
    /* The device still answers sanely. */
    g_assert_cmphex(qpci_config_readw(c.dev, PCI_DEVICE_ID), ==, 0x2e22);
    qpci_io_writel(c.dev, mmio, G45_DSPASTRIDE, 0x40);
    g_assert_cmphex(qpci_io_readl(c.dev, mmio, G45_DSPASTRIDE), ==, 0x40);
    g_rand_free(rnd);
    g45q_stop(&c);
}

int main(int argc, char **argv)
{
    static const char *machines[] = { "pc", "q35" };

    g_test_init(&argc, &argv, NULL);
    for (int i = 0; i < ARRAY_SIZE(machines); i++) {
        const char *m = machines[i];
        g_autofree char *a = g_strdup_printf("/intel-g45/%s/identity", m);
        g_autofree char *b = g_strdup_printf("/intel-g45/%s/bars", m);
        g_autofree char *r = g_strdup_printf("/intel-g45/%s/registers", m);
        g_autofree char *v = g_strdup_printf("/intel-g45/%s/vga-text", m);
        g_autofree char *f = g_strdup_printf("/intel-g45/%s/random-writes", m);
        g_autofree char *g = g_strdup_printf("/intel-g45/%s/aperture-gtt", m);
        g_autofree char *t = g_strdup_printf("/intel-g45/%s/fence-tiling", m);

        qtest_add_data_func(a, m, test_identity);
        qtest_add_data_func(b, m, test_bars);
        qtest_add_data_func(r, m, test_registers);
        qtest_add_data_func(v, m, test_vga_text);
        qtest_add_data_func(f, m, test_random_writes);
        qtest_add_data_func(g, m, test_aperture_gtt);
        qtest_add_data_func(t, m, test_fence_tiling);
    }
    return g_test_run();
}
