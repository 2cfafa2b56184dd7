/*
 * The RV770's CP and IH (hw/amd/rv770/rv770-cp.c, rv770-ih.c) driven the
 * way radeon drives them (seed-004.md §4.5 steps 9-14): r600_cp_resume's
 * registers, the ring test (SET_CONFIG_REG of a scratch register), the IB
 * test (INDIRECT_BUFFER, then a fence by EVENT_WRITE_EOP with its
 * interrupt through the IH ring), scratch and rptr writeback, waits and
 * semaphores, the microcode ports, and hostile streams: each bad packet
 * logged and survived, nothing waiting by spinning.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "rv770-test.h"

#define VRAM_SIZE   (16u << 20)
#define RING        0x00010000u     /* MC (= VRAM) addresses */
#define RING_DW     1024u           /* RB_BUFSZ 9: 4 KiB */
#define IB1         0x00020000u
#define IB2         0x00021000u
#define DATA        0x00030000u
#define GTT_START   0x10000000ull
#define TABLE       0x00100000u
#define WB_SYS      0x2000u         /* the writeback page, system RAM */
#define IH_SYS      0x4000u         /* the IH ring, system RAM (4 KiB) */

#define PKT3(op, n)  (0xc0000000u | (((n) - 1) << 16) | ((op) << 8))
#define PKT0(reg, n) ((((n) - 1) << 16) | ((reg) >> 2))
#define PKT2         0x80000000u

static FakeHost fh;
static uint8_t ram[64 * 1024];
static Rv770 dev;
static uint32_t wptr;

static void wr(uint32_t off, uint32_t val)
{
    rv770_mmio_write(&dev, off, val);
}

static uint32_t rd(uint32_t off)
{
    return rv770_mmio_read(&dev, off);
}

static uint32_t vram32(uint32_t off)
{
    uint32_t v;

    memcpy(&v, dev.vram + off, 4);
    return v;
}

static uint32_t ram32(uint32_t off)
{
    uint32_t v;

    memcpy(&v, ram + off, 4);
    return v;
}

static void put_vram(uint32_t off, const uint32_t *dw, unsigned n)
{
    memcpy(dev.vram + off, dw, n * 4);
}

/* Append to the ring (wrapping) and move CP_RB_WPTR past it. */
static void emit(const uint32_t *dw, unsigned n)
{
    hwgpu_worker_lock(&dev.worker);     /* the thread may be reading */
    for (unsigned i = 0; i < n; i++) {
        memcpy(dev.vram + RING + (wptr % RING_DW) * 4, &dw[i], 4);
        wptr = (wptr + 1) % RING_DW;
    }
    hwgpu_worker_unlock(&dev.worker);
    wr(RV770_CP_RB_WPTR, wptr);
}

static void set_pte(unsigned page, uint64_t sys)
{
    rv770_test_pte(&dev, TABLE, page, RV770_TEST_PTE_SYS(sys));
}

/* The MC with the GART, r600_cp_resume and r600_irq_init, as radeon. */
static void setup(void)
{
    rv770_test_start(&dev, &fh, ram, sizeof(ram), VRAM_SIZE);
    wptr = 0;
    rv770_test_gart(&dev, 0x000f0000, GTT_START, 16, TABLE,
                    RV770_VM_ENABLE_CONTEXT);
    set_pte(0, WB_SYS);                     /* GTT page 0: writeback */
    set_pte(1, IH_SYS);                     /* GTT page 1: the IH ring */
    /* r600_cp_resume */
    wr(RV770_GRBM_SOFT_RESET, RV770_SOFT_RESET_CP);
    wr(RV770_GRBM_SOFT_RESET, 0);
    wr(RV770_CP_RB_CNTL, 9 | (9 << 8) | RV770_RB_RPTR_WR_ENA);
    wr(RV770_CP_RB_RPTR_WR, 0);
    wr(RV770_CP_RB_WPTR, 0);
    wr(RV770_CP_RB_RPTR_ADDR, (GTT_START + 1024) & 0xffffffff);
    wr(RV770_CP_RB_RPTR_ADDR_HI, (GTT_START + 1024) >> 32);
    wr(RV770_SCRATCH_ADDR, GTT_START >> 8);
    wr(RV770_CP_RB_CNTL, 9 | (9 << 8));
    wr(RV770_CP_RB_BASE, RING >> 8);
    /* r600_irq_init: a 4 KiB IH ring with wptr writeback at WB + 2048 */
    wr(RV770_IH_RB_BASE, (GTT_START + 4096) >> 8);
    wr(RV770_IH_RB_WPTR_ADDR_LO, (GTT_START + 2048) & 0xffffffff);
    wr(RV770_IH_RB_WPTR_ADDR_HI, (GTT_START + 2048) >> 32);
    wr(RV770_IH_RB_RPTR, 0);
    wr(RV770_IH_RB_WPTR, 0);
    wr(RV770_IH_RB_CNTL, RV770_IH_RB_ENABLE | (10 << 1) |
       RV770_IH_WPTR_WB_ENABLE | RV770_IH_WPTR_OVERFLOW_ENABLE);
    wr(RV770_IH_CNTL, RV770_IH_ENABLE_INTR);
    wr(RV770_CP_INT_CNTL, RV770_RB_INT_ENABLE);
    /* r600_cp_start */
    {
        uint32_t me_init[] = { PKT3(0x44, 6), 1, 0, 7, 0, 1, 0 };

        emit(me_init, 7);
    }
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);     /* ME halted */
    wr(RV770_CP_ME_CNTL, 0xff);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 1);
    g_assert_cmpuint(rd(RV770_CP_RB_RPTR), ==, 7);
    g_assert_cmpuint(ram32(WB_SYS + 1024), ==, 7);     /* rptr writeback */
}

static void teardown(void)
{
    rv770_test_end(&dev);
}

/* r600_ring_test */
static void test_ring(void)
{
    uint32_t pkt[] = { PKT3(0x68, 2), (RV770_SCRATCH_REG0 + 4 - 0x8000) / 4,
                       0xdeadbeef };

    setup();
    wr(RV770_SCRATCH_REG0 + 4, 0xcafedead);
    emit(pkt, 3);
    g_assert_cmphex(rd(RV770_GRBM_STATUS) & RV770_GRBM_GUI_ACTIVE, !=, 0);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 1);
    g_assert_cmphex(rd(RV770_SCRATCH_REG0 + 4), ==, 0xdeadbeef);
    g_assert_cmpuint(rd(RV770_CP_RB_RPTR), ==, wptr);
    g_assert_cmphex(rd(RV770_GRBM_STATUS), ==, 0);
    /* scratch writeback, once SCRATCH_UMSK enables it */
    g_assert_cmphex(ram32(WB_SYS + 4), ==, 0);
    wr(RV770_SCRATCH_UMSK, 0xff);
    pkt[2] = 0x12345678;
    emit(pkt, 3);
    rv770_run(&dev, 100);
    g_assert_cmphex(ram32(WB_SYS + 4), ==, 0x12345678);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    teardown();
}

/* r600_ib_test with its fence: IB1 -> IB2, then EOP + interrupt. */
static void test_ib_fence_irq(void)
{
    uint32_t ib2[] = { PKT3(0x3d, 4), DATA + 8, 1u << 18, 0x22222222, 0,
                       PKT2, PKT2, PKT2 };
    uint32_t ib1[] = { PKT3(0x68, 2), (RV770_SCRATCH_REG0 - 0x8000) / 4,
                       0xdeadbeef, PKT3(0x32, 3), IB2, 0, 8,
                       PKT3(0x3d, 4), DATA + 12, 1u << 18, 0x33333333, 0 };
    uint32_t ring[] = { PKT3(0x32, 3), IB1, 0, G_N_ELEMENTS(ib1),
                        PKT3(0x43, 4), 0x1d800000, 0xffffffff, 0, 10,
                        PKT3(0x47, 5), 0x14, DATA, (1u << 29) | (2u << 24),
                        42, 0 };
    Rv770Irq irq;
    uint32_t iv[4];

    setup();
    put_vram(IB2, ib2, G_N_ELEMENTS(ib2));
    put_vram(IB1, ib1, G_N_ELEMENTS(ib1));
    rv770_service(&dev, &irq);
    g_assert_true(irq.changed);
    g_assert_false(irq.level);
    emit(ring, G_N_ELEMENTS(ring));
    rv770_run(&dev, 100);
    g_assert_cmphex(rd(RV770_SCRATCH_REG0), ==, 0xdeadbeef);
    g_assert_cmphex(vram32(DATA + 8), ==, 0x22222222);
    g_assert_cmphex(vram32(DATA + 12), ==, 0x33333333);   /* after IB2 */
    g_assert_cmphex(vram32(DATA), ==, 42);                /* the fence */
    g_assert_cmpuint(dev.cp.stats.ibs, ==, 2);
    /* the EOP's vector in the IH ring, its wptr written back */
    memcpy(iv, ram + IH_SYS, 16);
    g_assert_cmpuint(iv[0], ==, RV770_IH_SRC_CP_EOP);
    g_assert_cmpuint(rd(RV770_IH_RB_WPTR), ==, 16);
    g_assert_cmpuint(ram32(WB_SYS + 2048), ==, 16);
    rv770_service(&dev, &irq);
    g_assert_true(irq.changed && irq.level && irq.msi);
    rv770_service(&dev, &irq);
    g_assert_true(irq.level);
    g_assert_false(irq.changed || irq.msi);     /* one message per vector */
    /* the driver reads it and moves rptr: the line drops */
    wr(RV770_IH_RB_RPTR, 16);
    rv770_service(&dev, &irq);
    g_assert_true(irq.changed);
    g_assert_false(irq.level || irq.msi);
    /* no RB_INT_ENABLE: no vector */
    wr(RV770_CP_INT_CNTL, 0);
    emit(ring + 9, 6);
    rv770_run(&dev, 100);
    g_assert_cmpuint(rd(RV770_IH_RB_WPTR), ==, 16);
    /* the old fence form: a type-0 write of CP_INT_STATUS (source 176) */
    wr(RV770_CP_INT_CNTL, RV770_RB_INT_ENABLE);
    {
        uint32_t f[] = { PKT0(RV770_CP_INT_STATUS, 1), RV770_RB_INT_STAT };

        emit(f, 2);
    }
    rv770_run(&dev, 100);
    memcpy(iv, ram + IH_SYS + 16, 16);
    g_assert_cmpuint(iv[0], ==, RV770_IH_SRC_CP_RB);
    /* MSI with RPTR_REARM: two vectors, the driver reads one, another
     * message comes for the one left */
    wr(RV770_IH_CNTL, RV770_IH_ENABLE_INTR | RV770_IH_RPTR_REARM);
    {
        uint32_t f[] = { PKT0(RV770_CP_INT_STATUS, 1), RV770_RB_INT_STAT,
                         PKT0(RV770_CP_INT_STATUS, 1), RV770_RB_INT_STAT };

        rv770_service(&dev, &irq);
        emit(f, 4);
        rv770_run(&dev, 100);
        rv770_service(&dev, &irq);
        g_assert_true(irq.msi);
        g_assert_cmpuint(rd(RV770_IH_RB_WPTR), ==, 64);
        wr(RV770_IH_RB_RPTR, 48);
        rv770_service(&dev, &irq);
        g_assert_true(irq.msi && irq.level);
        wr(RV770_IH_RB_RPTR, 64);
        rv770_service(&dev, &irq);
        g_assert_false(irq.msi || irq.level);
    }
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    teardown();
}

/* The IH ring fills: the oldest vector is overwritten, RB_OVERFLOW set,
 * and WPTR_OVERFLOW_CLEAR clears it. */
static void test_ih_overflow(void)
{
    setup();
    wr(RV770_IH_RB_CNTL, RV770_IH_RB_ENABLE | (5 << 1) |    /* 128 bytes */
       RV770_IH_WPTR_OVERFLOW_ENABLE);
    for (int i = 0; i < 8; i++) {
        hwgpu_worker_lock(&dev.worker);
        rv770_ih_post(&dev, 100 + i, i);
        hwgpu_worker_unlock(&dev.worker);
    }
    g_assert_cmphex(rd(RV770_IH_RB_WPTR), ==, 0 | RV770_IH_RB_OVERFLOW);
    g_assert_cmpuint(ram32(IH_SYS + 7 * 16), ==, 107);
    wr(RV770_IH_RB_CNTL, RV770_IH_RB_ENABLE | (5 << 1) |
       RV770_IH_WPTR_OVERFLOW_ENABLE | RV770_IH_WPTR_OVERFLOW_CLEAR);
    g_assert_cmphex(rd(RV770_IH_RB_WPTR), ==, 0);
    g_assert_cmphex(rd(RV770_IH_RB_CNTL) >> 31, ==, 0);
    /* disabled: dropped */
    wr(RV770_IH_RB_CNTL, 0);
    hwgpu_worker_lock(&dev.worker);
    rv770_ih_post(&dev, 1, 0);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_cmpuint(dev.ih_dropped, ==, 1);
    teardown();
}

/* WAIT_REG_MEM and semaphores stall the CP without spinning. */
static void test_waits(void)
{
    uint32_t wait[] = { PKT3(0x3c, 6), (1u << 4) | 3, DATA, 0, 5, 0xff, 10 };
    uint32_t after[] = { PKT3(0x68, 2), (RV770_SCRATCH_REG0 - 0x8000) / 4, 7 };
    uint32_t sig[] = { PKT3(0x39, 2), DATA + 64, 6u << 29 };
    uint32_t swait[] = { PKT3(0x39, 2), DATA + 64, 7u << 29 };
    uint64_t v;

    setup();
    emit(wait, 7);
    emit(after, 3);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);
    g_assert_false(rv770_cp_runnable(&dev));           /* stalled, idle */
    g_assert_cmpuint(rd(RV770_SCRATCH_REG0), ==, 0);
    {
        uint32_t v32 = 0x105;                  /* masked by 0xff: 5 */

        put_vram(DATA, &v32, 1);
    }
    hwgpu_worker_lock(&dev.worker);
    rv770_cp_retry(&dev);                      /* the idle tick */
    hwgpu_worker_unlock(&dev.worker);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 2);
    g_assert_cmpuint(rd(RV770_SCRATCH_REG0), ==, 7);
    /* a semaphore waited on before its signal stalls; after it, passes */
    emit(swait, 3);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);
    emit(sig, 3);                              /* behind the wait: stuck */
    hwgpu_worker_lock(&dev.worker);
    rv770_cp_retry(&dev);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);
    v = 1;
    memcpy(dev.vram + DATA + 64, &v, 8);       /* another ring signals */
    hwgpu_worker_lock(&dev.worker);
    rv770_cp_retry(&dev);
    hwgpu_worker_unlock(&dev.worker);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 2);
    memcpy(&v, dev.vram + DATA + 64, 8);
    g_assert_cmpuint(v, ==, 1);                /* waited (0), signalled */
    /* a soft reset drops the stall */
    emit(swait, 3);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 1);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);
    wr(RV770_GRBM_SOFT_RESET, RV770_SOFT_RESET_CP);
    g_assert_cmpuint(rd(RV770_CP_RB_RPTR), ==, 0);
    teardown();
}

/* SET_* state windows, CP_DMA, COND_WRITE, a packet across the ring's end */
static void test_packets(void)
{
    uint32_t ctx[] = { PKT3(0x69, 3), 0x10, 0xaaaa0001, 0xaaaa0002 };
    uint32_t res[] = { PKT3(0x6d, 8), 7, 1, 2, 3, 4, 5, 6, 7 };
    uint32_t dma[] = { PKT3(0x41, 5), DATA, 0, DATA + 0x1000, 0, 256 };
    uint32_t cw[] = { PKT3(0x45, 8), (1u << 8) | (1u << 4) | 3, DATA, 0,
                      0x11, 0xff, DATA + 0x2000, 0, 0x99 };
    uint32_t nops[RING_DW - 7 - 2];

    setup();
    emit(ctx, 4);
    emit(res, 9);
    rv770_run(&dev, 100);
    g_assert_cmphex(dev.cp.state[(0x28000 + 0x40 - RV770_STATE_START) / 4],
                    ==, 0xaaaa0001);
    g_assert_cmphex(dev.cp.state[(0x28000 + 0x44 - RV770_STATE_START) / 4],
                    ==, 0xaaaa0002);
    g_assert_cmphex(dev.cp.state[(0x38000 + 7 * 4 - RV770_STATE_START) / 4 +
                                 6], ==, 7);
    for (int i = 0; i < 256; i++) {
        dev.vram[DATA + i] = (uint8_t)(i ^ 0x5a);
    }
    emit(dma, 6);
    rv770_run(&dev, 100);
    g_assert_cmpmem(dev.vram + DATA + 0x1000, 256, dev.vram + DATA, 256);
    dev.vram[DATA] = 0x11;
    emit(cw, 9);
    rv770_run(&dev, 100);
    g_assert_cmphex(vram32(DATA + 0x2000), ==, 0x99);
    /* fill the ring to 2 dwords before its end, then a 3-dword packet */
    wptr = rd(RV770_CP_RB_RPTR);
    {
        uint32_t pad = RING_DW - 2 - wptr;

        for (uint32_t i = 0; i < pad; i++) {
            nops[i] = PKT2;
        }
        emit(nops, pad);
    }
    {
        uint32_t pkt[] = { PKT3(0x68, 2), (RV770_SCRATCH_REG0 + 8 - 0x8000) / 4,
                           0x0badf00d };

        emit(pkt, 3);
    }
    rv770_run(&dev, RING_DW);
    g_assert_cmphex(rd(RV770_SCRATCH_REG0 + 8), ==, 0x0badf00d);
    g_assert_cmpuint(rd(RV770_CP_RB_RPTR), ==, 1);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    teardown();
}

/* Hostile streams: each logged, skipped or bounded. */
static void test_bad_packets(void)
{
    uint32_t unknown[] = { PKT3(0x7e, 2), 1, 2 };
    uint32_t type1[] = { 0x40000000 };
    uint32_t shortmw[] = { PKT3(0x3d, 2), DATA, 0 };
    uint32_t pastwin[] = { PKT3(0x69, 3), 0x3ff, 1, 2 };
    uint32_t ib_over[] = { PKT3(0x10, 60), 0 };  /* 61 dwords, an IB of 4 */
    uint32_t call[] = { PKT3(0x32, 3), IB1, 0, 4 };
    uint32_t self[] = { PKT3(0x32, 3), IB2, 0, 4 };  /* IB2 calls itself */
    uint32_t huge[] = { PKT3(0x10, 2000) };           /* > the ring */
    uint32_t after[] = { PKT3(0x68, 2), (RV770_SCRATCH_REG0 - 0x8000) / 4, 1 };

    setup();
    emit(unknown, 3);
    emit(type1, 1);
    emit(shortmw, 3);
    emit(pastwin, 4);
    emit(after, 3);
    rv770_run(&dev, 100);
    g_assert_cmpuint(rd(RV770_SCRATCH_REG0), ==, 1);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 4);
    g_assert_cmphex(dev.cp.state[(0x28000 + 0x3ff * 4 -
                                  RV770_STATE_START) / 4], ==, 1);
    /* a packet running past its IB ends the IB */
    put_vram(IB1, ib_over, 2);
    emit(call, 4);
    after[2] = 2;
    emit(after, 3);
    rv770_run(&dev, 100);
    g_assert_cmpuint(rd(RV770_SCRATCH_REG0), ==, 2);
    /* an IB calling itself stops at the depth bound */
    put_vram(IB2, self, 4);
    self[1] = IB2;
    emit(self, 4);
    after[2] = 3;
    emit(after, 3);
    rv770_run(&dev, 100);
    g_assert_cmpuint(rd(RV770_SCRATCH_REG0), ==, 3);
    g_assert_cmpuint(dev.cp.ib_depth, ==, 0);
    /* a header promising more than the ring holds: the CP waits, idle */
    fake_host_clear_log(&fh);
    emit(huge, 1);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);
    g_assert_false(rv770_cp_runnable(&dev));
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 1);
    /* a ring pointing outside every aperture reads zeros: type-0 writes of
     * register 0 (MM_INDEX), bounded by the budget */
    wr(RV770_GRBM_SOFT_RESET, RV770_SOFT_RESET_CP);
    wr(RV770_CP_RB_BASE, 0x0ff00000);
    wr(RV770_CP_RB_WPTR, 100);
    g_assert_cmpuint(rv770_run(&dev, 10), ==, 10);
    teardown();
}

/* rv770_cp_load_microcode: PFP then ME RAM, read back through RADDR. */
static void test_ucode(void)
{
    setup();
    wr(RV770_CP_PFP_UCODE_ADDR, 0);
    for (unsigned i = 0; i < RV770_PFP_UCODE_DWORDS; i++) {
        wr(RV770_CP_PFP_UCODE_DATA, 0x1000000 + i);
    }
    wr(RV770_CP_ME_RAM_WADDR, 0);
    for (unsigned i = 0; i < RV770_ME_UCODE_DWORDS; i++) {
        wr(RV770_CP_ME_RAM_DATA, 0x2000000 + i);
    }
    wr(RV770_CP_ME_RAM_RADDR, 5);
    g_assert_cmphex(rd(RV770_CP_ME_RAM_DATA), ==, 0x2000005);
    g_assert_cmphex(rd(RV770_CP_ME_RAM_DATA), ==, 0x2000006);
    wr(RV770_CP_PFP_UCODE_ADDR, RV770_PFP_UCODE_DWORDS - 1);
    g_assert_cmphex(rd(RV770_CP_PFP_UCODE_DATA), ==,
                    0x1000000 + RV770_PFP_UCODE_DWORDS - 1);
    g_assert_cmphex(rd(RV770_CP_PFP_UCODE_DATA), ==, 0x1000000);  /* wraps */
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    teardown();
}

/* On the engines' thread: the driver's view, registers polled. */
static void test_thread(void)
{
    uint32_t pkt[] = { PKT3(0x68, 2), (RV770_SCRATCH_REG0 + 12 - 0x8000) / 4,
                       0 };
    int i;

    setup();
    g_assert_true(rv770_start(&dev));
    for (uint32_t n = 1; n <= 200; n++) {
        pkt[2] = n;
        emit(pkt, 3);
    }
    for (i = 0; i < 5000 && rd(RV770_SCRATCH_REG0 + 12) != 200; i++) {
        g_usleep(1000);
    }
    g_assert_cmpuint(rd(RV770_SCRATCH_REG0 + 12), ==, 200);
    g_assert_cmpuint(rd(RV770_CP_RB_RPTR), ==, wptr);
    /* a wait the thread polls until memory says so */
    {
        uint32_t wait[] = { PKT3(0x3c, 6), (1u << 4) | 3, DATA, 0, 9, ~0u,
                            10 };
        uint32_t v = 9;

        emit(wait, 7);
        pkt[2] = 201;
        emit(pkt, 3);
        g_usleep(20000);
        g_assert_cmpuint(rd(RV770_SCRATCH_REG0 + 12), ==, 200);
        hwgpu_worker_lock(&dev.worker);
        put_vram(DATA, &v, 1);
        hwgpu_worker_unlock(&dev.worker);
        for (i = 0; i < 5000 && rd(RV770_SCRATCH_REG0 + 12) != 201; i++) {
            g_usleep(1000);
        }
        g_assert_cmpuint(rd(RV770_SCRATCH_REG0 + 12), ==, 201);
    }
    teardown();
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rv770-cp/ring", test_ring);
    g_test_add_func("/rv770-cp/ib-fence-irq", test_ib_fence_irq);
    g_test_add_func("/rv770-cp/ih-overflow", test_ih_overflow);
    g_test_add_func("/rv770-cp/waits", test_waits);
    g_test_add_func("/rv770-cp/packets", test_packets);
    g_test_add_func("/rv770-cp/bad-packets", test_bad_packets);
    g_test_add_func("/rv770-cp/ucode", test_ucode);
    g_test_add_func("/rv770-cp/thread", test_thread);
    return g_test_run();
}
