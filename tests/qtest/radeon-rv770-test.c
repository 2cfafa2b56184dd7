/*
 * radeon-rv770 qtests: PCI identity and BARs as radeon_device_init finds
 * them (seed-004.md §4.1), the MM_INDEX/MM_DATA window through BAR 2 and
 * BAR 4, and the expansion ROM holding the AtomBIOS image the way
 * radeon_read_bios() checks it (§4.2) with the VGA BIOS chained behind
 * it, and the memory controller's
 * registers as rv770_mc_init, rv770_mc_program, rv770_pcie_gart_enable
 * and r600_pcie_gart_tlb_flush use them (§4.3 step 6, §4.5 steps 3-4;
 * translation itself is tests/unit/amd/rv770/test-rv770-mc.c's), and
 * the CP on its thread running hand-built PM4 from a ring in VRAM: the
 * ring test, an IB, a fence by EVENT_WRITE_EOP into guest RAM through
 * the GART, and its interrupt through the IH ring to the INTx line; and
 * the DMA engine: its ring test, a COPY from VRAM into guest RAM compared
 * with the bytes it copied, a FENCE and a TRAP with its IH vector; and
 * the display: the CRTC clock (frame counter, vblank interrupt through
 * the IH ring to the INTx line), the EDID of the xres/yres properties
 * read over the bit-banged DDC1 pins, the legacy VGA on the console
 * while D1VGA_CONTROL says so, and a surface in VRAM with the
 * cursor on it scanned out into a screendump, then a flip latched at
 * vblank, and only the lines a CPU or DMA write changed converted again.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "tests/qtest/libqtest.h"
#include "tests/qtest/libqos/pci-pc.h"
#include "standard-headers/linux/pci_regs.h"
#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-mc.h"
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "hwgpu/amd/rv770/rv770-dma.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-display.h"
#include "hwgpu-qtest.h"
#include "../common/i2c-master.h"
#include "../common/rv770-seq.h"

typedef struct Rq {
    QTestState *qts;
    QPCIBus *bus;
    QPCIDevice *dev;
} Rq;

static void rq_start(Rq *q, const char *props)
{
    q->qts = qtest_initf("-machine q35 -vga none -nic none -m 256 "
                         "-device radeon-rv770,addr=02.0%s", props);
    q->bus = qpci_new_pc(q->qts, NULL);
    q->dev = qpci_device_find(q->bus, QPCI_DEVFN(2, 0));
    g_assert_nonnull(q->dev);
}

/* Bus mastering and memory decoding on, BAR 0 (VRAM) and BAR 2 mapped. */
static void rq_map(Rq *q, QPCIBar *vram, QPCIBar *mmio)
{
    qpci_device_enable(q->dev);
    *vram = qpci_iomap(q->dev, 0, NULL);
    *mmio = qpci_iomap(q->dev, 2, NULL);
}

static void rq_stop(Rq *q)
{
    g_free(q->dev);
    qpci_free_pc(q->bus);
    qtest_quit(q->qts);
}

/* A BAR's size and type bits as the kernel probes them (all ones). */
static uint32_t bar_probe(QPCIDevice *d, int bar, uint32_t *flags)
{
    uint8_t off = PCI_BASE_ADDRESS_0 + 4 * bar;
    uint32_t old = qpci_config_readl(d, off), v;

    qpci_config_writel(d, off, 0xffffffff);
    v = qpci_config_readl(d, off);
    qpci_config_writel(d, off, old);
    *flags = v & (v & PCI_BASE_ADDRESS_SPACE_IO ? 3 : 0xf);
    return v & PCI_BASE_ADDRESS_SPACE_IO ? ~(v & ~3u) + 1 : ~(v & ~0xfu) + 1;
}

static void test_identity(void)
{
    Rq q;
    uint32_t flags;

    rq_start(&q, "");
    g_assert_cmphex(qpci_config_readw(q.dev, PCI_VENDOR_ID), ==, 0x1002);
    g_assert_cmphex(qpci_config_readw(q.dev, PCI_DEVICE_ID), ==, 0x9440);
    g_assert_cmphex(qpci_config_readw(q.dev, PCI_CLASS_DEVICE), ==, 0x0300);
    g_assert_cmphex(qpci_config_readb(q.dev, PCI_REVISION_ID), ==, 0x00);
    g_assert_cmphex(qpci_config_readb(q.dev, PCI_INTERRUPT_PIN), ==, 1);
    /* BAR 0: VRAM, 64-bit prefetchable, 256 MiB by default */
    g_assert_cmphex(bar_probe(q.dev, 0, &flags), ==, 256u << 20);
    g_assert_cmphex(flags, ==, PCI_BASE_ADDRESS_MEM_TYPE_64 |
                    PCI_BASE_ADDRESS_MEM_PREFETCH);
    /* BAR 2: registers, 64 KiB, 64-bit */
    g_assert_cmphex(bar_probe(q.dev, 2, &flags), ==, RV770_MMIO_SIZE);
    g_assert_cmphex(flags, ==, PCI_BASE_ADDRESS_MEM_TYPE_64);
    /* BAR 4: I/O, 256 bytes */
    g_assert_cmphex(bar_probe(q.dev, 4, &flags), ==, RV770_IO_SIZE);
    g_assert_cmphex(flags, ==, PCI_BASE_ADDRESS_SPACE_IO);
    rq_stop(&q);

    rq_start(&q, ",vram-mb=512");
    g_assert_cmphex(bar_probe(q.dev, 0, &flags), ==, 512u << 20);
    rq_stop(&q);
}

/* MM_INDEX/MM_DATA reach registers past the BAR, through MMIO and I/O. */
static void test_mm_window(void)
{
    Rq q;
    QPCIBar mmio, io;

    rq_start(&q, "");
    qpci_device_enable(q.dev);
    mmio = qpci_iomap(q.dev, 2, NULL);
    io = qpci_iomap(q.dev, 4, NULL);
    qpci_io_writel(q.dev, mmio, RV770_SCRATCH_REG0, 0x11111111);
    qpci_io_writel(q.dev, mmio, RV770_MM_INDEX, RV770_SCRATCH_REG0 + 8);
    qpci_io_writel(q.dev, mmio, RV770_MM_DATA, 0x22222222);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_SCRATCH_REG0 + 8), ==,
                    0x22222222);
    /* the I/O BAR's window, as AtomBIOS IIO and radeon's io_rreg use it */
    qpci_io_writel(q.dev, io, RV770_MM_INDEX, RV770_SCRATCH_REG0);
    g_assert_cmphex(qpci_io_readl(q.dev, io, RV770_MM_DATA), ==, 0x11111111);
    /* the card reads as posted (radeon_card_posted) */
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_CONFIG_MEMSIZE), ==,
                    256u << 20);
    rq_stop(&q);
}

/* The expansion ROM as radeon_read_bios() checks it. */
static void test_rom(void)
{
    Rq q;
    uint8_t *rom, sum = 0;
    uint32_t size, vga;
    uint64_t addr;
    uint16_t pcir, hdr;

    rq_start(&q, "");
    /* every BAR placed first, then the ROM after them */
    qpci_iomap(q.dev, 0, NULL);
    qpci_iomap(q.dev, 2, NULL);
    qpci_iomap(q.dev, 4, NULL);
    qpci_config_writel(q.dev, PCI_ROM_ADDRESS, 0xffffffff);
    size = ~(qpci_config_readl(q.dev, PCI_ROM_ADDRESS) &
             PCI_ROM_ADDRESS_MASK) + 1;
    /* the AtomBIOS (4 KiB) and the VGA BIOS behind it: 64 KiB */
    g_assert_cmpuint(size, ==, 65536);
    rom = g_malloc(size);
    addr = QEMU_ALIGN_UP(q.bus->mmio_alloc_ptr, size);
    g_assert_cmpuint(addr + size, <=, q.bus->mmio_limit);
    qpci_config_writel(q.dev, PCI_ROM_ADDRESS,
                       addr | PCI_ROM_ADDRESS_ENABLE);
    qpci_device_enable(q.dev);
    qtest_memread(q.qts, addr, rom, size);
    g_assert_cmphex(rom[0], ==, 0x55);
    g_assert_cmphex(rom[1], ==, 0xaa);
    pcir = rom[0x18] | rom[0x19] << 8;
    g_assert_cmpmem(&rom[pcir], 4, "PCIR", 4);
    g_assert_cmphex(rom[pcir + 4] | rom[pcir + 5] << 8, ==, 0x1002);
    g_assert_cmphex(rom[pcir + 6] | rom[pcir + 7] << 8, ==, 0x9440);
    g_assert_cmphex(rom[pcir + 0x14], ==, 0);       /* x86 code */
    g_assert_cmpmem(&rom[0x30], 10, " 761295520", 10);
    hdr = rom[0x48] | rom[0x49] << 8;
    g_assert_cmpmem(&rom[hdr + 4], 4, "ATOM", 4);
    /* the image the PC BIOS runs covers both, its checksum whole */
    g_assert_cmpuint(rom[2] * 512u, >, 4096);
    g_assert_cmpuint(rom[pcir + 0x10] | rom[pcir + 0x11] << 8, ==, rom[2]);
    for (uint32_t i = 0; i < rom[2] * 512u; i++) {
        sum += rom[i];
    }
    g_assert_cmpuint(sum, ==, 0);
    /* INIT enters the VGA BIOS at its own INIT entry, in its segment */
    g_assert_cmphex(rom[3], ==, 0x0e);                  /* push cs */
    g_assert_cmphex(rom[7] << 8 | rom[8], ==, 0x8146);  /* add [bp+2] */
    vga = (rom[10] | rom[11] << 8) * 16;
    g_assert_cmpuint(vga, ==, 4096);
    g_assert_cmphex(rom[vga], ==, 0x55);
    g_assert_cmphex(rom[vga + 1], ==, 0xaa);
    pcir = vga + (rom[vga + 0x18] | rom[vga + 0x19] << 8);
    g_assert_cmpmem(&rom[pcir], 4, "PCIR", 4);
    g_assert_cmphex(rom[pcir + 4] | rom[pcir + 5] << 8, ==, 0x1002);
    g_assert_cmphex(rom[pcir + 6] | rom[pcir + 7] << 8, ==, 0x9440);
    g_free(rom);
    rq_stop(&q);
}

/* The MC as radeon programs it, and the TLB invalidation handshake. */
static void test_mc(void)
{
    Rq q;
    QPCIBar mmio;

    rq_start(&q, "");
    qpci_device_enable(q.dev);
    mmio = qpci_iomap(q.dev, 2, NULL);
    /* rv770_mc_init: a 256-bit bus (8 channels of 32 bits) */
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_MC_SHARED_CHMAP) >> 12
                    & 3, ==, 3);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_MC_ARB_RAMCFG) & 0x900,
                    ==, 0);
    /* r600_mc_wait_for_idle */
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_SRBM_STATUS) & 0x3f00,
                    ==, 0);
    /* rv770_mc_program and rv770_pcie_gart_enable's registers hold */
    qpci_io_writel(q.dev, mmio, RV770_MC_VM_FB_LOCATION, 0x00ff0000);
    qpci_io_writel(q.dev, mmio, RV770_VM_CONTEXT0_PT_START, 0x10000);
    qpci_io_writel(q.dev, mmio, RV770_VM_CONTEXT0_PT_END, 0x4ffff);
    qpci_io_writel(q.dev, mmio, RV770_VM_CONTEXT0_PT_BASE, 0x100);
    qpci_io_writel(q.dev, mmio, RV770_VM_CONTEXT0_CNTL,
                   RV770_VM_ENABLE_CONTEXT | RV770_VM_RANGE_FAULT_DEFAULT);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_MC_VM_FB_LOCATION), ==,
                    0x00ff0000);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_VM_CONTEXT0_PT_END), ==,
                    0x4ffff);
    /* r600_pcie_gart_tlb_flush: the request is answered "done" */
    qpci_io_writel(q.dev, mmio, RV770_VM_CONTEXT0_REQUEST_RESPONSE, 1);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio,
                                  RV770_VM_CONTEXT0_REQUEST_RESPONSE), ==,
                    0x11);
    /* an unknown request fails, as RESPONSE_TYPE 2 */
    qpci_io_writel(q.dev, mmio, RV770_VM_CONTEXT0_REQUEST_RESPONSE, 9);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio,
                                  RV770_VM_CONTEXT0_REQUEST_RESPONSE) >> 4,
                    ==, 2);
    rq_stop(&q);
}

#define PKT3(op, n)  (0xc0000000u | (((n) - 1) << 16) | ((op) << 8))
#define GTT         0x10000000u         /* MC address of the GART */
#define GUEST_WB    0x00200000u         /* guest RAM: the writeback page */
#define GUEST_IH    0x00201000u         /* guest RAM: the IH ring */
#define GUEST_MSI   0x00208000u         /* guest RAM: where MSIs land */

/* Wait (up to 5 s) for the CP's thread to make `reg` read `val`. */
static bool wait_reg(QPCIDevice *d, QPCIBar bar, uint32_t reg, uint32_t val)
{
    for (int i = 0; i < 5000; i++) {
        if (qpci_io_readl(d, bar, reg) == val) {
            return true;
        }
        g_usleep(1000);
    }
    return false;
}

/*
 * The MC and GART as radeon programs them: VRAM at MC 0, `pages` GART
 * pages at GTT onto guest RAM from GUEST_WB (cleared), the table at VRAM
 * 1 MiB; and the IH ring on the second of those pages.
 */
static void rq_memory(Rq *q, QPCIBar vram, QPCIBar mmio, unsigned pages)
{
    qpci_io_writel(q->dev, mmio, RV770_MC_VM_FB_LOCATION, 0x000f0000);
    qpci_io_writel(q->dev, mmio, RV770_VM_CONTEXT0_PT_START, GTT >> 12);
    qpci_io_writel(q->dev, mmio, RV770_VM_CONTEXT0_PT_END,
                   (GTT >> 12) + pages - 1);
    qpci_io_writel(q->dev, mmio, RV770_VM_CONTEXT0_PT_BASE, 0x100000 >> 12);
    qpci_io_writel(q->dev, mmio, RV770_VM_CONTEXT0_CNTL,
                   RV770_VM_ENABLE_CONTEXT);
    for (unsigned i = 0; i < pages; i++) {
        uint64_t pte = (GUEST_WB + i * 4096) | RV770_PTE_VALID |
                       RV770_PTE_SYSTEM | RV770_PTE_READABLE |
                       RV770_PTE_WRITEABLE;

        qpci_memwrite(q->dev, vram, 0x100000 + i * 8, &pte, 8);
    }
    qtest_memset(q->qts, GUEST_WB, 0, pages * 4096);
    qpci_io_writel(q->dev, mmio, RV770_IH_RB_BASE, (GTT + 4096) >> 8);
    qpci_io_writel(q->dev, mmio, RV770_IH_RB_WPTR_ADDR_LO, GTT + 2048);
    qpci_io_writel(q->dev, mmio, RV770_IH_RB_CNTL, RV770_IH_RB_ENABLE |
                   (10 << 1) | RV770_IH_WPTR_WB_ENABLE);
    qpci_io_writel(q->dev, mmio, RV770_IH_CNTL, RV770_IH_ENABLE_INTR);
}

/* Wait (up to 5 s) for guest RAM at addr to read val. */
static bool wait_mem(QTestState *qts, uint64_t addr, uint32_t val)
{
    for (int i = 0; i < 5000; i++) {
        if (qtest_readl(qts, addr) == val) {
            return true;
        }
        g_usleep(1000);
    }
    return false;
}

static void test_cp(void)
{
    Rq q;
    QPCIBar vram, mmio;
    uint32_t ring_wp = 0, iv[4];
    const uint32_t ring = 0x10000, ib = 0x20000;
    uint32_t me_init[] = { PKT3(0x44, 6), 1, 0, 7, 0, 1, 0 };
    uint32_t ring_test[] = { PKT3(0x68, 2),
                             (RV770_SCRATCH_REG0 + 4 - 0x8000) / 4,
                             0xdeadbeef };
    uint32_t ib_body[] = { PKT3(0x68, 2), (RV770_SCRATCH_REG0 - 0x8000) / 4,
                           0x600dcafe, 0x80000000 };
    uint32_t ib_call[] = { PKT3(0x32, 3), ib, 0, 4,
                           PKT3(0x47, 5), 0x14, GTT + 3072,
                           (1u << 29) | (2u << 24), 77, 0 };

    rq_start(&q, "");
    qpci_device_enable(q.dev);
    vram = qpci_iomap(q.dev, 0, NULL);
    mmio = qpci_iomap(q.dev, 2, NULL);
#define W(reg, v) qpci_io_writel(q.dev, mmio, (reg), (v))
    /* the MC, two GART pages onto guest RAM, r600_irq_init */
    rq_memory(&q, vram, mmio, 2);
    /* r600_cp_resume */
    W(RV770_CP_INT_CNTL, RV770_RB_INT_ENABLE);
    W(RV770_CP_RB_CNTL, 9 | (9 << 8));
    W(RV770_CP_RB_RPTR_ADDR, GTT + 1024);
    W(RV770_CP_RB_BASE, ring >> 8);
    /* r600_cp_start, then r600_ring_test */
    qpci_memwrite(q.dev, vram, ring, me_init, sizeof(me_init));
    ring_wp += G_N_ELEMENTS(me_init);
    qpci_memwrite(q.dev, vram, ring + ring_wp * 4, ring_test,
                  sizeof(ring_test));
    ring_wp += G_N_ELEMENTS(ring_test);
    W(RV770_SCRATCH_REG0 + 4, 0xcafedead);
    W(RV770_CP_RB_WPTR, ring_wp);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_SCRATCH_REG0 + 4), ==,
                    0xcafedead);                /* the ME is halted */
    W(RV770_CP_ME_CNTL, 0xff);
    g_assert_true(wait_reg(q.dev, mmio, RV770_SCRATCH_REG0 + 4, 0xdeadbeef));
    g_assert_true(wait_reg(q.dev, mmio, RV770_CP_RB_RPTR, ring_wp));
    g_assert_cmpuint(qtest_readl(q.qts, GUEST_WB + 1024), ==, ring_wp);
    /* r600_ib_test: the IB, then the fence and its interrupt */
    g_assert_false(qpci_config_readw(q.dev, PCI_STATUS) &
                   PCI_STATUS_INTERRUPT);
    qpci_memwrite(q.dev, vram, ib, ib_body, sizeof(ib_body));
    qpci_memwrite(q.dev, vram, ring + ring_wp * 4, ib_call, sizeof(ib_call));
    ring_wp += G_N_ELEMENTS(ib_call);
    W(RV770_CP_RB_WPTR, ring_wp);
    g_assert_true(wait_reg(q.dev, mmio, RV770_CP_RB_RPTR, ring_wp));
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_SCRATCH_REG0), ==,
                    0x600dcafe);
    g_assert_cmpuint(qtest_readl(q.qts, GUEST_WB + 3072), ==, 77);
    qtest_memread(q.qts, GUEST_IH, iv, sizeof(iv));
    g_assert_cmpuint(iv[0], ==, RV770_IH_SRC_CP_EOP);
    g_assert_cmpuint(qtest_readl(q.qts, GUEST_WB + 2048), ==, 16);
    /* the line is up (the main loop applies it) until rptr catches up */
    for (int i = 0; i < 5000 && !(qpci_config_readw(q.dev, PCI_STATUS) &
                                  PCI_STATUS_INTERRUPT); i++) {
        g_usleep(1000);
    }
    g_assert_true(qpci_config_readw(q.dev, PCI_STATUS) &
                  PCI_STATUS_INTERRUPT);
    W(RV770_IH_RB_RPTR, 16);
    g_assert_false(qpci_config_readw(q.dev, PCI_STATUS) &
                   PCI_STATUS_INTERRUPT);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_GRBM_STATUS), ==, 0);
    /* MSI: the message (its address here a word of guest RAM) per vector */
    {
        uint8_t cap = qpci_find_capability(q.dev, PCI_CAP_ID_MSI, 0);
        uint16_t ctl;

        g_assert_cmpuint(cap, !=, 0);
        ctl = qpci_config_readw(q.dev, cap + PCI_MSI_FLAGS);
        g_assert_true(ctl & PCI_MSI_FLAGS_64BIT);
        qpci_config_writel(q.dev, cap + PCI_MSI_ADDRESS_LO, GUEST_MSI);
        qpci_config_writel(q.dev, cap + PCI_MSI_ADDRESS_HI, 0);
        qpci_config_writew(q.dev, cap + PCI_MSI_DATA_64, 0x4321);
        qpci_config_writew(q.dev, cap + PCI_MSI_FLAGS,
                           ctl | PCI_MSI_FLAGS_ENABLE);
        qtest_writel(q.qts, GUEST_MSI, 0);
        qpci_memwrite(q.dev, vram, ring + ring_wp * 4, ib_call + 4,
                      6 * 4);
        ring_wp += 6;
        W(RV770_CP_RB_WPTR, ring_wp);
        g_assert_true(wait_mem(q.qts, GUEST_MSI, 0x4321));
        g_assert_cmpuint(qtest_readl(q.qts, GUEST_WB + 2048), ==, 32);
    }
#undef W
    rq_stop(&q);
}

/* The DMA ring at VRAM offset `ring` (4 KiB), as r600_dma_resume starts
 * it, its read pointer written back to GTT + 1792. */
static void rq_dma_resume(Rq *q, QPCIBar mmio, uint32_t ring)
{
    Rv770RegWrite seq[RV770_SEQ_DMA_RESUME_LEN];

    rv770_seq_dma_resume(seq, ring, GTT + 1792);
    for (int i = 0; i < RV770_SEQ_DMA_RESUME_LEN; i++) {
        qpci_io_writel(q->dev, mmio, seq[i].reg, seq[i].val);
    }
}

static void test_dma(void)
{
    Rq q;
    QPCIBar vram, mmio;
    const uint32_t ring = 0x30000, src = 0x40000, n = 2048;   /* dwords */
    uint32_t wp = 0, iv[4];
    uint8_t *ref = g_malloc(n * 4), *got = g_malloc(n * 4);
    uint32_t pkts[] = {
        /* r600_dma_ring_test */
        RV770_DMA_PACKET(RV770_DMA_WRITE, 0, 0, 1), GTT + 3588, 0, 0xdeadbeef,
        /* a copy of 8 KiB from VRAM to two GART pages */
        RV770_DMA_PACKET(RV770_DMA_COPY, 0, 0, n), GTT + 2 * 4096, src, 0, 0,
        /* the fence and its interrupt */
        RV770_DMA_PACKET(RV770_DMA_FENCE, 0, 0, 0), GTT + 3072 + 12, 0, 99,
        RV770_DMA_PACKET(RV770_DMA_TRAP, 0, 0, 0),
    };

    rq_start(&q, "");
    qpci_device_enable(q.dev);
    vram = qpci_iomap(q.dev, 0, NULL);
    mmio = qpci_iomap(q.dev, 2, NULL);
#define W(reg, v) qpci_io_writel(q.dev, mmio, (reg), (v))
    rq_memory(&q, vram, mmio, 4);
    for (uint32_t i = 0; i < n * 4; i++) {
        ref[i] = (uint8_t)(i * 7 + (i >> 8));
    }
    qpci_memwrite(q.dev, vram, src, ref, n * 4);
    rq_dma_resume(&q, mmio, ring);
    qpci_memwrite(q.dev, vram, ring, pkts, sizeof(pkts));
    wp = sizeof(pkts);
    W(RV770_DMA_RB_WPTR, wp);
    g_assert_true(wait_mem(q.qts, GUEST_WB + 3072 + 12, 99));
    g_assert_cmphex(qtest_readl(q.qts, GUEST_WB + 3588), ==, 0xdeadbeef);
    g_assert_cmpuint(qtest_readl(q.qts, GUEST_WB + 1792), ==, wp);
    qtest_memread(q.qts, GUEST_WB + 2 * 4096, got, n * 4);
    g_assert_cmpmem(got, n * 4, ref, n * 4);
    qtest_memread(q.qts, GUEST_WB + 4096, iv, sizeof(iv));
    g_assert_cmpuint(iv[0], ==, RV770_IH_SRC_DMA_TRAP);
    g_assert_true(wait_reg(q.dev, mmio, RV770_DMA_STATUS_REG,
                           RV770_DMA_IDLE));
    for (int i = 0; i < 5000 && !(qpci_config_readw(q.dev, PCI_STATUS) &
                                  PCI_STATUS_INTERRUPT); i++) {
        g_usleep(1000);
    }
    g_assert_true(qpci_config_readw(q.dev, PCI_STATUS) &
                  PCI_STATUS_INTERRUPT);
#undef W
    g_free(ref);
    g_free(got);
    rq_stop(&q);
}

/* 1024x768 at 60 Hz: 1344 x 806 pixels at 65 MHz */
#define FRAME_NS    (1000000000ull * 1344 * 806 / 65000000)

/* What radeon's SetPixelClock, SetCRTC_Timing and EnableCRTC leave on
 * CRTC1 (the sync-relative timing of rv770-atombios.py). */
static void rq_mode_1024(QPCIDevice *d, QPCIBar mmio)
{
    qpci_io_writel(d, mmio, 0x404, 27);             /* P1PLL_REF_DIV */
    qpci_io_writel(d, mmio, 0x430, 650u << 16);     /* P1PLL_FB_DIV */
    qpci_io_writel(d, mmio, 0x43c, 10);             /* P1PLL_POST_DIV */
    qpci_io_writel(d, mmio, 0x450, 0);              /* P1PLL_CNTL */
    qpci_io_writel(d, mmio, RV770_D1CRTC_H_TOTAL, 1343);
    qpci_io_writel(d, mmio, RV770_D1CRTC_V_TOTAL, 805);
    qpci_io_writel(d, mmio, RV770_D1CRTC_V_BLANK_START_END,
                   35u << 16 | (35 + 768));
    qpci_io_writel(d, mmio, RV770_D1CRTC_CONTROL, RV770_CRTC_EN);
}

static void test_display_clock(void)
{
    Rq q;
    QPCIBar vram, mmio;
    uint32_t iv[4];

    rq_start(&q, "");
    qpci_device_enable(q.dev);
    vram = qpci_iomap(q.dev, 0, NULL);
    mmio = qpci_iomap(q.dev, 2, NULL);
    rq_memory(&q, vram, mmio, 2);
    rq_mode_1024(q.dev, mmio);
    qtest_clock_step(q.qts, 10 * FRAME_NS + FRAME_NS / 10);
    g_assert_cmpuint(qpci_io_readl(q.dev, mmio,
                                   RV770_D1CRTC_STATUS_FRAME_COUNT), ==, 10);
    /* r600_irq_set: D1's vblank interrupt; the next vblank posts it */
    g_assert_false(qpci_config_readw(q.dev, PCI_STATUS) &
                   PCI_STATUS_INTERRUPT);
    qpci_io_writel(q.dev, mmio, RV770_DXMODE_INT_MASK,
                   RV770_D1MODE_VBLANK_INT_MASK);
    qtest_clock_step(q.qts, FRAME_NS);
    qtest_memread(q.qts, GUEST_IH, iv, sizeof(iv));
    g_assert_cmpuint(iv[0], ==, RV770_IH_SRC_D1_VBLANK);
    g_assert_cmpuint(qtest_readl(q.qts, GUEST_WB + 2048), ==, 16);
    g_assert_true(qpci_config_readw(q.dev, PCI_STATUS) &
                  PCI_STATUS_INTERRUPT);
    /* r600_irq_ack and r600_irq_process */
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_DISP_INTERRUPT_STATUS),
                    ==, RV770_LB_D1_VBLANK_INTERRUPT);
    qpci_io_writel(q.dev, mmio, RV770_D1MODE_VBLANK_STATUS, RV770_VBLANK_ACK);
    qpci_io_writel(q.dev, mmio, RV770_IH_RB_RPTR, 16);
    g_assert_false(qpci_config_readw(q.dev, PCI_STATUS) &
                   PCI_STATUS_INTERRUPT);
    /* one vector a frame while the mask is set */
    qtest_clock_step(q.qts, 3 * FRAME_NS);
    g_assert_cmpuint(qtest_readl(q.qts, GUEST_WB + 2048), ==, 64);
    rq_stop(&q);
}

typedef struct RqDdc {
    QPCIDevice *dev;
    QPCIBar mmio;
} RqDdc;

static void rq_ddc_lines(void *opaque, bool scl, bool sda)
{
    RqDdc *b = opaque;

    qpci_io_writel(b->dev, b->mmio, RV770_DC_GPIO_DDC1_EN,
                   (scl ? 0 : RV770_DDC_CLK) | (sda ? 0 : RV770_DDC_DATA));
}

static bool rq_ddc_sda(void *opaque)
{
    RqDdc *b = opaque;

    return qpci_io_readl(b->dev, b->mmio, RV770_DC_GPIO_DDC1_Y) &
           RV770_DDC_DATA;
}

/* radeon_ddc_get_modes over radeon_i2c's bit-banged DDC1 */
static void test_ddc_edid(void)
{
    static const uint8_t header[8] = { 0, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0 };
    Rq q;
    RqDdc b;
    I2cMaster m = { rq_ddc_lines, rq_ddc_sda, &b };
    uint8_t edid[128], sum = 0;

    rq_start(&q, ",xres=1280,yres=1024");
    qpci_device_enable(q.dev);
    b.dev = q.dev;
    b.mmio = qpci_iomap(q.dev, 2, NULL);
    g_assert_cmphex(qpci_io_readl(q.dev, b.mmio, RV770_DC_HPD1_INT_STATUS) &
                    RV770_HPD_SENSE, ==, RV770_HPD_SENSE);
    qpci_io_writel(q.dev, b.mmio, RV770_DC_GPIO_DDC1_MASK,
                   RV770_DDC_CLK | RV770_DDC_DATA);
    qpci_io_writel(q.dev, b.mmio, RV770_DC_GPIO_DDC1_A, 0);
    g_assert_true(i2c_m_edid(&m, 0, 0, edid, sizeof(edid)));
    g_assert_cmpmem(edid, 8, header, 8);
    for (int i = 0; i < 128; i++) {
        sum += edid[i];
    }
    g_assert_cmpuint(sum, ==, 0);
    /* the first detailed timing is the preferred mode: 1280x1024 */
    g_assert_cmpuint(edid[56] | (edid[58] >> 4) << 8, ==, 1280);
    g_assert_cmpuint(edid[59] | (edid[61] >> 4) << 8, ==, 1024);
    rq_stop(&q);
}

/* What avivo_crtc_do_set_base writes for a w x h ARGB8888 surface at
 * `base` on CRTC1 (VGA mode off, the surface latched at the next vblank). */
static void rq_surface(Rq *q, QPCIBar mmio, uint32_t base, int w, int h)
{
#define W(reg, v) qpci_io_writel(q->dev, mmio, (reg), (v))
    W(RV770_D1VGA_CONTROL, 0);
    W(RV770_D1GRPH_CONTROL, 2);                     /* ARGB8888 */
    W(RV770_D1GRPH_PITCH, w);
    W(RV770_D1GRPH_X_END, w);
    W(RV770_D1GRPH_Y_END, h);
    W(RV770_D1MODE_VIEWPORT_SIZE, w << 16 | h);
    W(RV770_D1GRPH_ENABLE, 1);
    W(RV770_D1GRPH_PRIMARY_SURFACE, base);
#undef W
}

/* avivo_crtc_do_set_base's registers over a surface in VRAM, flipped */
static void test_scanout(void)
{
    Rq q;
    QPCIBar vram, mmio;
    const int w = 64, h = 48;
    uint32_t *px = g_new(uint32_t, w * h);
    uint16_t *px16 = g_new(uint16_t, w * h);
    uint8_t *rgb;
    int sw, sh;

    rq_start(&q, "");
    qpci_device_enable(q.dev);
    vram = qpci_iomap(q.dev, 0, NULL);
    mmio = qpci_iomap(q.dev, 2, NULL);
    qpci_io_writel(q.dev, mmio, RV770_MC_VM_FB_LOCATION, 0x000f0000);
    for (int i = 0; i < w * h; i++) {
        px[i] = (uint32_t)(i % w) * 4 << 16 | (uint32_t)(i / w) * 5 << 8 | 0x80;
        px16[i] = (uint16_t)((i % w) >> 1 << 11 | (i / w) << 5 | 7);
    }
    qpci_memwrite(q.dev, vram, 0x400000, px, w * h * 4);
    qpci_memwrite(q.dev, vram, 0x500000, px16, w * h * 2);
    /* from reset CRTC1 shows the legacy VGA, whatever the surface */
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    g_assert_false(sw == w && sh == h);
    g_free(rgb);
    rq_mode_1024(q.dev, mmio);
    rq_surface(&q, mmio, 0x400000, w, h);
#define W(reg, v) qpci_io_writel(q.dev, mmio, (reg), (v))
    qtest_clock_step(q.qts, FRAME_NS);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_D1GRPH_UPDATE) &
                    RV770_GRPH_SURFACE_UPDATE_PENDING, ==, 0);
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    g_assert_cmpint(sw, ==, w);
    g_assert_cmpint(sh, ==, h);
    for (int i = 0; i < w * h; i++) {
        g_assert_cmphex(rgb[i * 3] << 16 | rgb[i * 3 + 1] << 8 |
                        rgb[i * 3 + 2], ==, px[i] & 0xffffff);
    }
    g_free(rgb);
    /* the cursor: 64x64 opaque ARGB at (8, 8) less a hot spot of (2, 0) */
    {
        uint32_t *cur = g_new(uint32_t, 64 * 64);

        for (int i = 0; i < 64 * 64; i++) {
            cur[i] = 0xff00ff00;
        }
        qpci_memwrite(q.dev, vram, 0x600000, cur, 64 * 64 * 4);
        g_free(cur);
    }
    W(RV770_D1CUR_SURFACE_ADDRESS, 0x600000);
    W(RV770_D1CUR_SIZE, 63u << 16 | 63);
    W(RV770_D1CUR_POSITION, 8u << 16 | 8);
    W(RV770_D1CUR_HOT_SPOT, 2u << 16);
    W(RV770_D1CUR_CONTROL, 2u << 8 | RV770_CUR_EN);
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            const uint8_t *p = rgb + (y * w + x) * 3;
            uint32_t want = x >= 6 && y >= 8 ? 0x00ff00
                                             : px[y * w + x] & 0xffffff;

            g_assert_cmphex(p[0] << 16 | p[1] << 8 | p[2], ==, want);
        }
    }
    g_free(rgb);
    W(RV770_D1CUR_CONTROL, 0);
    /* a flip to an RGB565 surface under the lock, landing at vblank */
    W(RV770_D1GRPH_UPDATE, RV770_GRPH_UPDATE_LOCK);
    W(RV770_D1GRPH_CONTROL, 1 | 1 << 8);            /* 16 bpp RGB565 */
    W(RV770_D1GRPH_PRIMARY_SURFACE, 0x500000);
    W(RV770_D1GRPH_UPDATE, 0);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, RV770_D1GRPH_UPDATE) &
                    RV770_GRPH_SURFACE_UPDATE_PENDING, !=, 0);
    qtest_clock_step(q.qts, FRAME_NS);
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    for (int i = 0; i < w * h; i++) {
        uint32_t r = (px16[i] >> 11) & 31, g = (px16[i] >> 5) & 63;

        g_assert_cmpuint(rgb[i * 3] >> 3, ==, r);
        g_assert_cmpuint(rgb[i * 3 + 1] >> 2, ==, g);
    }
    g_free(rgb);
    /* a surface past VRAM: logged, survived, shown as the MC reads it */
    W(RV770_D1GRPH_PRIMARY_SURFACE, 0xfffff000);
    qtest_clock_step(q.qts, FRAME_NS);
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    g_free(rgb);
    /* VGA mode again: the legacy VGA (blank: no mode set), not the
     * surface (whose pixels all have blue 0x80) */
    W(RV770_D1GRPH_PRIMARY_SURFACE, 0x400000);
    qtest_clock_step(q.qts, FRAME_NS);
    W(RV770_D1VGA_CONTROL, RV770_VGA_MODE_ENABLE);
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    for (int i = 0; i < sw * sh; i++) {
        g_assert_cmphex(rgb[i * 3 + 2], !=, 0x80);
    }
    g_free(rgb);
#undef W
    g_free(px);
    g_free(px16);
    rq_stop(&q);
}

/* The RGB of pixel (x, y) of a w-wide screendump. */
static uint32_t rgb_at(const uint8_t *rgb, int w, int x, int y)
{
    const uint8_t *p = rgb + (y * w + x) * 3;

    return p[0] << 16 | p[1] << 8 | p[2];
}

/*
 * A surface in VRAM is converted again only where it was written (the
 * dirty log counts 4 KiB pages: 16 lines of 64 pixels): nothing for an
 * unchanged frame, the lines of the page a CPU write through BAR 0
 * touched, those of the page a DMA engine WRITE into VRAM touched (the
 * engine reports its writes as the CPU's are logged), each new pixel on
 * the screen.
 */
static void test_scanout_dirty(void)
{
    Rq q;
    QPCIBar vram, mmio;
    const int w = 64, h = 48;
    const uint32_t ring = 0x30000, surf = 0x400000;
    const uint32_t page_lines = 4096 / (w * 4);
    uint32_t *px = g_new(uint32_t, w * h), v = 0x123456;
    uint32_t pkts[] = {
        RV770_DMA_PACKET(RV770_DMA_WRITE, 0, 0, 1),
        surf + (20 * w + 7) * 4, 0, 0xabcdef,
        RV770_DMA_PACKET(RV770_DMA_FENCE, 0, 0, 0), GTT + 3072, 0, 7,
    };
    uint64_t lines;
    uint8_t *rgb;
    int sw, sh;

    rq_start(&q, "");
    rq_map(&q, &vram, &mmio);
    rq_memory(&q, vram, mmio, 4);
    for (int i = 0; i < w * h; i++) {
        px[i] = (uint32_t)i * 0x010203;
    }
    qpci_memwrite(q.dev, vram, surf, px, w * h * 4);
    rq_mode_1024(q.dev, mmio);
    rq_surface(&q, mmio, surf, w, h);
    qtest_clock_step(q.qts, FRAME_NS);
    g_free(hwgpuq_screendump(q.qts, &sw, &sh));
    lines = hwgpuq_qom_u64(q.qts, "x-scanout-lines");
    /* unchanged: nothing converted */
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    g_assert_cmpuint(hwgpuq_qom_u64(q.qts, "x-scanout-lines"), ==, lines);
    g_assert_cmphex(rgb_at(rgb, w, 5, 10), ==, px[10 * w + 5] & 0xffffff);
    g_free(rgb);
    /* the CPU through BAR 0: the lines of one page */
    qpci_memwrite(q.dev, vram, surf + (10 * w + 5) * 4, &v, 4);
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    g_assert_cmpuint(hwgpuq_qom_u64(q.qts, "x-scanout-lines"), ==,
                     lines + page_lines);
    g_assert_cmphex(rgb_at(rgb, w, 5, 10), ==, v);
    g_free(rgb);
    /* the DMA engine: the lines of another page */
    rq_dma_resume(&q, mmio, ring);
    qpci_memwrite(q.dev, vram, ring, pkts, sizeof(pkts));
    qpci_io_writel(q.dev, mmio, RV770_DMA_RB_WPTR, sizeof(pkts));
    g_assert_true(wait_mem(q.qts, GUEST_WB + 3072, 7));
    rgb = hwgpuq_screendump(q.qts, &sw, &sh);
    g_assert_cmpuint(hwgpuq_qom_u64(q.qts, "x-scanout-lines"), ==,
                     lines + 2 * page_lines);
    g_assert_cmphex(rgb_at(rgb, w, 7, 20), ==, 0xabcdef);
    g_assert_cmphex(rgb_at(rgb, w, 8, 20), ==, px[20 * w + 8] & 0xffffff);
    g_free(rgb);
    g_free(px);
    rq_stop(&q);
}

/* Registers a hostile guest aims at first: display, CP, DMA, IH, MC. */
static const uint32_t hostile_regs[] = {
    0x404, 0x430, 0x43c, 0x450,                     /* P1PLL dividers */
    RV770_D1CRTC_H_TOTAL, RV770_D1CRTC_V_TOTAL, RV770_D1CRTC_CONTROL,
    RV770_D1CRTC_V_BLANK_START_END, RV770_D1CRTC_H_BLANK_START_END,
    RV770_D1GRPH_ENABLE, RV770_D1GRPH_CONTROL, RV770_D1GRPH_PITCH,
    RV770_D1GRPH_PRIMARY_SURFACE, RV770_D2GRPH_PRIMARY_HIGH,
    RV770_D1GRPH_SURFACE_OFFSET_X, RV770_D1GRPH_SURFACE_OFFSET_Y,
    RV770_D1GRPH_X_START, RV770_D1GRPH_Y_START, RV770_D1GRPH_X_END,
    RV770_D1GRPH_Y_END, RV770_D1GRPH_UPDATE, RV770_D1MODE_VIEWPORT_START,
    RV770_D1MODE_VIEWPORT_SIZE, RV770_D1CUR_CONTROL,
    RV770_D1CUR_SURFACE_ADDRESS, RV770_D1CUR_SIZE, RV770_D1CUR_POSITION,
    RV770_DXMODE_INT_MASK, RV770_DC_LUT_RW_INDEX, RV770_DC_LUT_30_COLOR,
    RV770_D1VGA_CONTROL, RV770_DC_GPIO_DDC1_EN, RV770_DC_GPIO_DDC1_MASK,
    RV770_CP_ME_CNTL, RV770_CP_RB_BASE, RV770_CP_RB_CNTL, RV770_CP_RB_WPTR,
    RV770_CP_RB_RPTR_ADDR, RV770_CP_INT_CNTL, RV770_CP_PFP_UCODE_ADDR,
    RV770_CP_PFP_UCODE_DATA, RV770_DMA_RB_CNTL, RV770_DMA_RB_BASE,
    RV770_DMA_RB_WPTR, RV770_DMA_IB_CNTL, RV770_DMA_CNTL,
    RV770_IH_RB_CNTL, RV770_IH_RB_BASE, RV770_IH_RB_RPTR, RV770_IH_CNTL,
    RV770_MC_VM_FB_LOCATION, RV770_VM_CONTEXT0_CNTL,
    RV770_VM_CONTEXT0_PT_BASE, RV770_VM_CONTEXT0_PT_START,
    RV770_VM_CONTEXT0_PT_END, RV770_VM_CONTEXT0_REQUEST_RESPONSE,
    RV770_GRBM_SOFT_RESET, 0x0000, 0x0004,          /* MM_INDEX, MM_DATA */
};

/* Edges, masks, small numbers and noise. */
static uint32_t hostile_value(GRand *r)
{
    static const uint32_t edges[] = {
        0, 1, 2, 0xffffffff, 0x7fffffff, 0x80000000, 0x3fff, 0x4000,
        0xffff, 0x10000, 0x0fffffff, 0x10000000, 0xfffff000, 0x000f0000,
    };

    switch (g_rand_int_range(r, 0, 4)) {
    case 0:
        return edges[g_rand_int_range(r, 0, G_N_ELEMENTS(edges))];
    case 1:
        return g_rand_int_range(r, 0, 4096);
    default:
        return g_rand_int(r);
    }
}

/*
 * Hostile input through QEMU, glue included: a seeded run of register
 * writes (biased to display timings, PLLs, surfaces and cursors anywhere,
 * VGA mode on and off, the CP, DMA and IH rings' bases and pointers, the
 * GART), VRAM full of random packets, the I/O BAR, the VGA ports and the
 * legacy window, with screendumps, clock steps and machine resets among
 * them.  QEMU must answer at the end.  HWGPU_FUZZ_SEED picks the seed
 * (the test command sets one).  (The core's fuzz targets, run by the test
 * command, go deeper: tests/fuzz.)
 */
static void test_hostile(void)
{
    Rq q;
    QPCIBar vram, mmio, io;
    const char *env = g_getenv("HWGPU_FUZZ_SEED");
    uint32_t seed = env ? strtoul(env, NULL, 0) : 0x77040770;
    GRand *r = g_rand_new_with_seed(seed);
    uint32_t burst[16];
    QDict *resp;
    uint8_t *rgb;
    int sw, sh;

    g_test_message("seed %u", seed);
    rq_start(&q, "");
    rq_map(&q, &vram, &mmio);
    io = qpci_iomap(q.dev, 4, NULL);
    rq_memory(&q, vram, mmio, 4);
    rq_mode_1024(q.dev, mmio);
    for (int i = 0; i < 20000; i++) {
        uint32_t k = g_rand_int_range(r, 0, 100), v = hostile_value(r);

        if (k < 45) {
            qpci_io_writel(q.dev, mmio, hostile_regs[g_rand_int_range(
                               r, 0, G_N_ELEMENTS(hostile_regs))], v);
        } else if (k < 52) {
            qpci_io_writel(q.dev, mmio, g_rand_int_range(r, 0, 0x4000) * 4,
                           v);
        } else if (k < 55) {
            qpci_io_readl(q.dev, mmio, g_rand_int_range(r, 0, 0x4000) * 4);
        } else if (k < 68) {
            /* packets where rings, IBs and surfaces tend to be */
            for (int j = 0; j < 16; j++) {
                burst[j] = j % 4 ? hostile_value(r)
                                 : 3u << 30 | (g_rand_int(r) & 0x3fff00ff);
            }
            qpci_memwrite(q.dev, vram, g_rand_int_range(r, 0, 0x800) * 64,
                          burst, sizeof(burst));
        } else if (k < 72) {
            qpci_io_writel(q.dev, io, g_rand_int_range(r, 0, 64) * 4, v);
        } else if (k < 80) {
            qtest_outb(q.qts, 0x3c0 + g_rand_int_range(r, 0, 32), v);
        } else if (k < 84) {
            qtest_writeb(q.qts, 0xa0000 + g_rand_int_range(r, 0, 0x20000), v);
        } else if (k < 91) {
            qtest_clock_step(q.qts, g_rand_int_range(r, 0, 50000000));
        } else if (k < 98) {
            rgb = hwgpuq_screendump(q.qts, &sw, &sh);
            g_free(rgb);
        } else if (k < 99 && g_rand_int_range(r, 0, 4) == 0) {
            /* a machine reset; the BARs back where they were */
            qtest_system_reset(q.qts);
            qpci_config_writel(q.dev, PCI_BASE_ADDRESS_0, vram.addr | 0xc);
            qpci_config_writel(q.dev, PCI_BASE_ADDRESS_1, vram.addr >> 32);
            qpci_config_writel(q.dev, PCI_BASE_ADDRESS_2, mmio.addr | 0x4);
            qpci_config_writel(q.dev, PCI_BASE_ADDRESS_3, mmio.addr >> 32);
            qpci_config_writel(q.dev, PCI_BASE_ADDRESS_4, io.addr | 1);
            qpci_device_enable(q.dev);
            rq_memory(&q, vram, mmio, 4);
        }
    }
    resp = qtest_qmp(q.qts, "{'execute': 'query-status'}");
    g_assert_true(qdict_haskey(resp, "return"));
    qobject_unref(resp);
    /* and the device answers: MM_INDEX holds what is written */
    qpci_io_writel(q.dev, mmio, 0x0000, 0x1234);
    g_assert_cmphex(qpci_io_readl(q.dev, mmio, 0x0000), ==, 0x1234);
    g_rand_free(r);
    rq_stop(&q);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/radeon-rv770/identity", test_identity);
    qtest_add_func("/radeon-rv770/mm-window", test_mm_window);
    qtest_add_func("/radeon-rv770/rom", test_rom);
    qtest_add_func("/radeon-rv770/mc", test_mc);
    qtest_add_func("/radeon-rv770/cp", test_cp);
    qtest_add_func("/radeon-rv770/dma", test_dma);
    qtest_add_func("/radeon-rv770/display-clock", test_display_clock);
    qtest_add_func("/radeon-rv770/ddc-edid", test_ddc_edid);
    qtest_add_func("/radeon-rv770/scanout", test_scanout);
    qtest_add_func("/radeon-rv770/scanout-dirty", test_scanout_dirty);
    qtest_add_func("/radeon-rv770/hostile", test_hostile);
    return g_test_run();
}
