/*
 * The RV770's memory controller (hw/amd/rv770/rv770-mc.c), programmed the
 * way radeon's rv770_mc_program and rv770_pcie_gart_enable program it:
 * VRAM through the FB aperture, system and local pages through the GART's
 * flat table, every kind of fault and where it lands, accesses that
 * straddle pages, and the TLB invalidation handshake.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "rv770-test.h"

#define VRAM_SIZE   (64u << 20)
#define GTT_START   0x10000000ull       /* after a 256 MiB FB aperture */
#define GTT_PAGES   4096u               /* 16 MiB */
#define TABLE       0x00100000u         /* the page table, in VRAM */
#define DUMMY       0x3000u             /* the default page, system RAM */

static FakeHost fh;
static uint8_t ram[64 * 1024];
static Rv770 dev;

static void wr(uint32_t off, uint32_t val)
{
    rv770_mmio_write(&dev, RV770_MM_INDEX, off);
    rv770_mmio_write(&dev, RV770_MM_DATA, val);
}

static uint32_t rd(uint32_t off)
{
    rv770_mmio_write(&dev, RV770_MM_INDEX, off);
    return rv770_mmio_read(&dev, RV770_MM_DATA);
}

static void set_pte(unsigned page, uint64_t pte)
{
    rv770_test_pte(&dev, TABLE, page, pte);
}

#define PTE_RW  (RV770_PTE_VALID | RV770_PTE_READABLE | RV770_PTE_WRITEABLE)
#define PTE_SYS (PTE_RW | RV770_PTE_SYSTEM | RV770_PTE_SNOOPED)

/* VRAM at MC 0 in a 256 MiB aperture, the GART after it, as radeon. */
static void setup(void)
{
    rv770_test_start(&dev, &fh, ram, sizeof(ram), VRAM_SIZE);
    wr(RV770_VM_CONTEXT0_FAULT_DEFAULT, DUMMY >> 12);
    rv770_test_gart(&dev, 0x000f0000, GTT_START, GTT_PAGES, TABLE,
                    RV770_VM_ENABLE_CONTEXT | RV770_VM_RANGE_FAULT_DEFAULT);
}

static void teardown(void)
{
    rv770_test_end(&dev);
}

static void test_vram(void)
{
    Rv770McTarget t;
    uint32_t v = 0x11223344, back = 0;

    setup();
    g_assert_true(rv770_mc_write(&dev, 0x123450, &v, 4));
    g_assert_cmpmem(dev.vram + 0x123450, 4, &v, 4);
    g_assert_true(rv770_mc_read(&dev, 0x123450, &back, 4));
    g_assert_cmphex(back, ==, v);
    rv770_mc_translate(&dev, VRAM_SIZE - 16, false, &t);
    g_assert_cmpint(t.kind, ==, RV770_MC_VRAM);
    g_assert_cmphex(t.addr, ==, VRAM_SIZE - 16);
    g_assert_cmpuint(t.len, ==, 16);
    g_assert_false(t.fault);
    /* inside the 256 MiB aperture, past the 64 MiB: nothing, logged */
    v = 0xffffffff;
    g_assert_false(rv770_mc_read(&dev, VRAM_SIZE + 8, &v, 4));
    g_assert_cmphex(v, ==, 0);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 1);
    /* an aperture moved: VRAM follows it */
    wr(RV770_MC_VM_FB_LOCATION, (0x40u << 16) | 0x30);
    rv770_mc_translate(&dev, 0x30000010, false, &t);
    g_assert_cmpint(t.kind, ==, RV770_MC_VRAM);
    g_assert_cmphex(t.addr, ==, 0x10);
    teardown();
}

static void test_gart_system(void)
{
    uint8_t data[32], back[32];
    Rv770McTarget t;

    setup();
    set_pte(0, 0x2000 | PTE_SYS);
    set_pte(1, 0x5000 | PTE_SYS);
    rv770_mc_translate(&dev, GTT_START + 0x24, true, &t);
    g_assert_cmpint(t.kind, ==, RV770_MC_SYSTEM);
    g_assert_cmphex(t.addr, ==, 0x2024);
    g_assert_cmpuint(t.len, ==, 4096 - 0x24);
    /* 32 bytes across the page boundary land in two system pages */
    for (int i = 0; i < 32; i++) {
        data[i] = (uint8_t)(i + 1);
    }
    g_assert_true(rv770_mc_write(&dev, GTT_START + 4096 - 16, data, 32));
    g_assert_cmpmem(ram + 0x2000 + 4096 - 16, 16, data, 16);
    g_assert_cmpmem(ram + 0x5000, 16, data + 16, 16);
    g_assert_true(rv770_mc_read(&dev, GTT_START + 4096 - 16, back, 32));
    g_assert_cmpmem(back, 32, data, 32);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    /* the table is read at each access: a new entry takes effect */
    set_pte(0, 0x7000 | PTE_SYS);
    rv770_mc_translate(&dev, GTT_START + 8, false, &t);
    g_assert_cmphex(t.addr, ==, 0x7008);
    teardown();
}

static void test_gart_local(void)
{
    uint32_t v = 0xcafe0001;

    setup();
    /* a local page: its MC address, which is VRAM at 0x200000 */
    set_pte(5, 0x200000 | PTE_RW);
    g_assert_true(rv770_mc_write(&dev, GTT_START + 5 * 4096 + 8, &v, 4));
    g_assert_cmpmem(dev.vram + 0x200008, 4, &v, 4);
    /* a local page outside VRAM: a fault, to the default page */
    set_pte(6, 0x0f000000 | PTE_RW);
    g_assert_false(rv770_mc_write(&dev, GTT_START + 6 * 4096 + 8, &v, 4));
    g_assert_cmpmem(ram + DUMMY + 8, 4, &v, 4);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 1);
    teardown();
}

static void test_faults(void)
{
    uint32_t v = 0x5a5a5a5a, back = 1;
    Rv770McTarget t;

    setup();
    /* no valid entry: the default page takes the write */
    g_assert_false(rv770_mc_write(&dev, GTT_START + 3 * 4096 + 0x40, &v, 4));
    g_assert_cmpmem(ram + DUMMY + 0x40, 4, &v, 4);
    /* read-only entry: reads pass, a write faults */
    set_pte(2, 0x4000 | RV770_PTE_VALID | RV770_PTE_READABLE |
            RV770_PTE_SYSTEM);
    ram[0x4000] = 0x77;
    g_assert_true(rv770_mc_read(&dev, GTT_START + 2 * 4096, &back, 1));
    g_assert_cmphex(back & 0xff, ==, 0x77);
    g_assert_false(rv770_mc_write(&dev, GTT_START + 2 * 4096, &v, 4));
    g_assert_cmphex(ram[0x4000], ==, 0x77);
    /* past the table's range, and in no aperture at all */
    rv770_mc_translate(&dev, GTT_START + GTT_PAGES * 4096ull, false, &t);
    g_assert_true(t.fault);
    g_assert_cmpint(t.kind, ==, RV770_MC_SYSTEM);
    g_assert_cmphex(t.addr, ==, DUMMY);
    rv770_mc_translate(&dev, 0xff00000000ull, false, &t);
    g_assert_true(t.fault);
    /* past 40 bits */
    rv770_mc_translate(&dev, 1ull << 40, false, &t);
    g_assert_true(t.fault);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), >=, 4);
    /* without the default-page bit a fault reaches nothing */
    wr(RV770_VM_CONTEXT0_CNTL, RV770_VM_ENABLE_CONTEXT);
    back = 0xffffffff;
    g_assert_false(rv770_mc_read(&dev, GTT_START + 3 * 4096, &back, 4));
    g_assert_cmphex(back, ==, 0);
    /* context 0 off: the GART range is no aperture */
    set_pte(0, 0x2000 | PTE_SYS);
    wr(RV770_VM_CONTEXT0_CNTL, 0);
    rv770_mc_translate(&dev, GTT_START, false, &t);
    g_assert_true(t.fault);
    g_assert_cmpint(t.kind, ==, RV770_MC_NONE);
    /* a deeper table is not modelled: logged as such, and a fault */
    wr(RV770_VM_CONTEXT0_CNTL, RV770_VM_ENABLE_CONTEXT | (1u << 1));
    fake_host_clear_log(&fh);
    rv770_mc_translate(&dev, GTT_START, false, &t);
    g_assert_true(t.fault);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_UNIMP), ==, 1);
    /* a table base outside VRAM */
    wr(RV770_VM_CONTEXT0_CNTL, RV770_VM_ENABLE_CONTEXT);
    wr(RV770_VM_CONTEXT0_PT_BASE, 0x0ff00000);
    rv770_mc_translate(&dev, GTT_START, false, &t);
    g_assert_true(t.fault);
    teardown();
}

/* r600_pcie_gart_tlb_flush: request, then poll RESPONSE_TYPE. */
static void test_tlb_handshake(void)
{
    setup();
    wr(RV770_VM_CONTEXT0_INVALIDATION_LOW, GTT_START >> 12);
    wr(RV770_VM_CONTEXT0_INVALIDATION_HIGH, (GTT_START >> 12) + GTT_PAGES - 1);
    wr(RV770_VM_CONTEXT0_REQUEST_RESPONSE, 1);
    g_assert_cmphex(rd(RV770_VM_CONTEXT0_REQUEST_RESPONSE) >> 4 & 0xf, ==, 1);
    wr(RV770_VM_CONTEXT0_REQUEST_RESPONSE, 2);       /* the UMS driver's */
    g_assert_cmphex(rd(RV770_VM_CONTEXT0_REQUEST_RESPONSE) >> 4 & 0xf, ==, 1);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    wr(RV770_VM_CONTEXT0_REQUEST_RESPONSE, 7);
    g_assert_cmphex(rd(RV770_VM_CONTEXT0_REQUEST_RESPONSE) >> 4 & 0xf, ==, 2);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 1);
    wr(RV770_VM_CONTEXT0_REQUEST_RESPONSE, 0);
    g_assert_cmphex(rd(RV770_VM_CONTEXT0_REQUEST_RESPONSE), ==, 0);
    /* VM_L2_CNTL2's invalidate bits act and read back 0 */
    wr(RV770_VM_L2_CNTL2, 0x3 | 0x100);
    g_assert_cmphex(rd(RV770_VM_L2_CNTL2), ==, 0x100);
    teardown();
}

/* What rv770_mc_init and r600_mc_wait_for_idle read. */
static void test_config(void)
{
    setup();
    g_assert_cmphex(rd(RV770_MC_SHARED_CHMAP) >> 12 & 3, ==, 3);
    g_assert_cmphex(rd(RV770_MC_ARB_RAMCFG) & 0x100, ==, 0);   /* 32-bit */
    wr(RV770_MC_SHARED_CHMAP, 0);                              /* read-only */
    g_assert_cmphex(rd(RV770_MC_SHARED_CHMAP) >> 12 & 3, ==, 3);
    g_assert_cmphex(rd(RV770_SRBM_STATUS) & 0x3f00, ==, 0);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    teardown();
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rv770-mc/vram", test_vram);
    g_test_add_func("/rv770-mc/gart-system", test_gart_system);
    g_test_add_func("/rv770-mc/gart-local", test_gart_local);
    g_test_add_func("/rv770-mc/faults", test_faults);
    g_test_add_func("/rv770-mc/tlb-handshake", test_tlb_handshake);
    g_test_add_func("/rv770-mc/config", test_config);
    return g_test_run();
}
