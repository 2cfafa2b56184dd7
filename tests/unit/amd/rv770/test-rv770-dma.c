/*
 * The RV770's DMA engine (hw/amd/rv770/rv770-dma.c) driven the way radeon
 * drives it (seed-004.md §4.5 steps 12 and 14): r600_dma_resume's
 * registers, the ring test (a WRITE polled in memory), the IB test (an IB
 * behind NOP padding, then a FENCE and a TRAP with its IH vector), COPY
 * and CONSTANT_FILL checked against a software reference, a semaphore
 * between the CP and the DMA ring, and hostile streams.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "hwgpu/amd/rv770/rv770-dma.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "rv770-test.h"
#include "common/rv770-seq.h"

#define VRAM_SIZE   (16u << 20)
#define RING        0x00010000u     /* the DMA ring in VRAM, 4 KiB */
#define RING_DW     1024u
#define CP_RING     0x00018000u
#define IB          0x00020000u
#define SRC         0x00100000u
#define DST         0x00200000u
#define GTT_START   0x10000000ull
#define TABLE       0x00800000u
#define WB_SYS      0x2000u
#define IH_SYS      0x4000u
#define BUF_SYS     0x6000u         /* 4 pages of system RAM */

#define PKT(cmd, s, n)  RV770_DMA_PACKET(cmd, 0, s, n)

static FakeHost fh;
static uint8_t ram[64 * 1024];
static Rv770 dev;
static uint32_t wptr;               /* bytes */

static void wr(uint32_t off, uint32_t val)
{
    rv770_mmio_write(&dev, off, val);
}

static uint32_t rd(uint32_t off)
{
    return rv770_mmio_read(&dev, off);
}

static uint32_t ram32(uint32_t off)
{
    uint32_t v;

    memcpy(&v, ram + off, 4);
    return v;
}

static void emit(const uint32_t *dw, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        memcpy(dev.vram + RING + wptr, &dw[i], 4);
        wptr = (wptr + 4) % (RING_DW * 4);
    }
    wr(RV770_DMA_RB_WPTR, wptr);
}

static void set_pte(unsigned page, uint64_t sys)
{
    rv770_test_pte(&dev, TABLE, page, RV770_TEST_PTE_SYS(sys));
}

static void setup(void)
{
    Rv770RegWrite seq[RV770_SEQ_DMA_RESUME_LEN];

    rv770_test_start(&dev, &fh, ram, sizeof(ram), VRAM_SIZE);
    wptr = 0;
    rv770_test_gart(&dev, 0x000f0000, GTT_START, 16, TABLE,
                    RV770_VM_ENABLE_CONTEXT);
    set_pte(0, WB_SYS);
    set_pte(1, IH_SYS);
    for (unsigned i = 0; i < 4; i++) {
        set_pte(2 + i, BUF_SYS + i * 4096);
    }
    wr(RV770_IH_RB_BASE, (GTT_START + 4096) >> 8);
    wr(RV770_IH_RB_CNTL, RV770_IH_RB_ENABLE | (10 << 1));
    wr(RV770_IH_CNTL, RV770_IH_ENABLE_INTR);
    rv770_seq_dma_resume(seq, RING, GTT_START + 1792);
    for (int i = 0; i < RV770_SEQ_DMA_RESUME_LEN; i++) {
        wr(seq[i].reg, seq[i].val);
    }
}

static void teardown(void)
{
    rv770_test_end(&dev);
}

/* r600_dma_ring_test */
static void test_ring(void)
{
    uint32_t w[] = { PKT(RV770_DMA_WRITE, 0, 1),
                     (uint32_t)(GTT_START + 3588), 0, 0xdeadbeef };

    setup();
    memcpy(ram + WB_SYS + 3588, &(uint32_t){ 0xcafedead }, 4);
    g_assert_cmphex(rd(RV770_DMA_STATUS_REG) & RV770_DMA_IDLE, ==, 1);
    emit(w, 4);
    g_assert_cmphex(rd(RV770_DMA_STATUS_REG) & RV770_DMA_IDLE, ==, 0);
    g_assert_cmphex(rd(RV770_SRBM_STATUS2) & RV770_SRBM2_DMA_BUSY, !=, 0);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 1);
    g_assert_cmphex(ram32(WB_SYS + 3588), ==, 0xdeadbeef);
    g_assert_cmpuint(rd(RV770_DMA_RB_RPTR), ==, 16);
    g_assert_cmpuint(ram32(WB_SYS + 1792), ==, 16);     /* rptr writeback */
    g_assert_cmphex(rd(RV770_DMA_STATUS_REG) & RV770_DMA_IDLE, ==, 1);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    teardown();
}

/* r600_dma_ib_test and the fence after it */
static void test_ib_fence_trap(void)
{
    uint32_t ib[] = { PKT(RV770_DMA_WRITE, 0, 1), (uint32_t)(GTT_START + 3588),
                      0, 0xdeadbeef, PKT(RV770_DMA_NOP, 0, 0),
                      PKT(RV770_DMA_NOP, 0, 0), PKT(RV770_DMA_NOP, 0, 0),
                      PKT(RV770_DMA_NOP, 0, 0) };
    uint32_t nop = PKT(RV770_DMA_NOP, 0, 0);
    uint32_t call[] = { PKT(RV770_DMA_INDIRECT_BUFFER, 0, 0), IB,
                        8u << 16 };
    uint32_t fence[] = { PKT(RV770_DMA_FENCE, 0, 0),
                         (uint32_t)(GTT_START + 3072 + 12), 0, 1234,
                         PKT(RV770_DMA_TRAP, 0, 0) };
    uint32_t iv[4];

    setup();
    memcpy(dev.vram + IB, ib, sizeof(ib));
    /* the IB packet ends on an 8-dword boundary, as radeon pads it */
    while ((wptr / 4 & 7) != 5) {
        emit(&nop, 1);
    }
    emit(call, 3);
    emit(fence, 5);
    rv770_run(&dev, 100);
    g_assert_cmphex(ram32(WB_SYS + 3588), ==, 0xdeadbeef);
    g_assert_cmpuint(ram32(WB_SYS + 3072 + 12), ==, 1234);
    memcpy(iv, ram + IH_SYS, 16);
    g_assert_cmpuint(iv[0], ==, RV770_IH_SRC_DMA_TRAP);
    g_assert_cmpuint(rd(RV770_IH_RB_WPTR), ==, 16);
    g_assert_cmpuint(dev.dma.stats.traps, ==, 1);
    /* TRAP_ENABLE off: no vector */
    wr(RV770_DMA_CNTL, 0);
    emit(fence, 5);
    rv770_run(&dev, 100);
    g_assert_cmpuint(rd(RV770_IH_RB_WPTR), ==, 16);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    teardown();
}

/* COPY (VRAM to GART pages, across pages) and CONSTANT_FILL, against a
 * reference done in software. */
static void test_copy_fill(void)
{
    const uint32_t n = 3000;        /* dwords: 11.7 KiB, three GART pages */
    uint32_t copy[] = { PKT(RV770_DMA_COPY, 0, n),
                        (uint32_t)(GTT_START + 2 * 4096 + 64), SRC, 0, 0 };
    uint32_t fill[] = { PKT(RV770_DMA_CONSTANT_FILL, 0, 700), DST + 4,
                        0x5a5aa5a5, 0 };
    GRand *g = g_rand_new_with_seed(7);
    uint8_t *ref = g_malloc0(n * 4);

    setup();
    for (uint32_t i = 0; i < n * 4; i++) {
        dev.vram[SRC + i] = ref[i] = (uint8_t)g_rand_int(g);
    }
    emit(copy, 5);
    emit(fill, 4);
    rv770_run(&dev, 100);
    g_assert_cmpmem(ram + BUF_SYS + 64, n * 4, ref, n * 4);
    for (uint32_t i = 0; i < 700; i++) {
        uint32_t v;

        memcpy(&v, dev.vram + DST + 4 + i * 4, 4);
        g_assert_cmphex(v, ==, 0x5a5aa5a5);
    }
    g_assert_cmphex(dev.vram[DST + 4 + 700 * 4], ==, 0);    /* not past */
    g_assert_cmphex(dev.vram[DST + 3], ==, 0);
    g_assert_cmpuint(dev.dma.stats.bytes, ==, (n + 700) * 4ull);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    g_free(ref);
    g_rand_free(g);
    teardown();
}

/* radeon_semaphore_sync_rings: the DMA ring waits for the CP's signal. */
static void test_semaphore(void)
{
    uint32_t wait[] = { PKT(RV770_DMA_SEMAPHORE, 0, 0), DST, 0 };
    uint32_t after[] = { PKT(RV770_DMA_WRITE, 0, 1), DST + 64, 0, 77 };
    uint32_t cp[] = { 0xc0013900u, DST, 6u << 29 };     /* MEM_SEMAPHORE */
    uint64_t v;

    setup();
    emit(wait, 3);
    emit(after, 4);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);
    g_assert_cmphex(rd(RV770_DMA_STATUS_REG) & RV770_DMA_IDLE, ==, 0);
    /* the CP's ring signals */
    memcpy(dev.vram + CP_RING, cp, sizeof(cp));
    wr(RV770_CP_RB_CNTL, 9 | RV770_RB_NO_UPDATE);
    wr(RV770_CP_RB_BASE, CP_RING >> 8);
    wr(RV770_CP_ME_CNTL, 0xff);
    wr(RV770_CP_RB_WPTR, 3);
    rv770_run(&dev, 100);                  /* the CP signals; DMA stalled */
    hwgpu_worker_lock(&dev.worker);
    rv770_dma_retry(&dev);                 /* the idle tick */
    hwgpu_worker_unlock(&dev.worker);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 2);
    g_assert_cmphex(dev.vram[DST + 64], ==, 77);
    memcpy(&v, dev.vram + DST, 8);
    g_assert_cmpuint(v, ==, 0);            /* taken */
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    teardown();
}

static void test_bad_packets(void)
{
    uint32_t bad[] = { 0x10000000u, 0x00000000u };
    uint32_t tiled[] = { RV770_DMA_PACKET(RV770_DMA_COPY, 1, 0, 4), 0, 0, 0,
                         0, 0, 0 };
    uint32_t past_ib[] = { PKT(RV770_DMA_WRITE, 0, 100), DST, 0 };
    uint32_t ib_in_ib[] = { PKT(RV770_DMA_INDIRECT_BUFFER, 0, 0), IB,
                            4u << 16, PKT(RV770_DMA_NOP, 0, 0) };
    uint32_t call3[] = { PKT(RV770_DMA_INDIRECT_BUFFER, 0, 0), IB, 3u << 16 };
    uint32_t call4[] = { PKT(RV770_DMA_INDIRECT_BUFFER, 0, 0), IB, 4u << 16 };
    uint32_t mark[] = { PKT(RV770_DMA_WRITE, 0, 1), DST + 128, 0, 1 };
    uint32_t huge[] = { PKT(RV770_DMA_WRITE, 0, 5000), DST, 0 };

    setup();
    emit(bad, 2);                          /* two unknown commands */
    emit(tiled, 7);                        /* unimplemented, skipped */
    emit(mark, 4);
    rv770_run(&dev, 100);
    g_assert_cmphex(dev.vram[DST + 128], ==, 1);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 2);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_UNIMP), ==, 1);
    /* a packet running past its IB ends it */
    memcpy(dev.vram + IB, past_ib, sizeof(past_ib));
    emit(call3, 3);
    mark[3] = 2;
    emit(mark, 4);
    rv770_run(&dev, 100);
    g_assert_cmphex(dev.vram[DST + 128], ==, 2);
    /* an IB in an IB is refused; with IBs disabled none runs */
    memcpy(dev.vram + IB, ib_in_ib, sizeof(ib_in_ib));
    emit(call4, 3);
    mark[3] = 3;
    emit(mark, 4);
    rv770_run(&dev, 100);
    g_assert_cmphex(dev.vram[DST + 128], ==, 3);
    g_assert_false(dev.dma.in_ib);
    wr(RV770_DMA_IB_CNTL, 0);
    fake_host_clear_log(&fh);
    emit(call4, 3);
    rv770_run(&dev, 100);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 1);
    /* a packet longer than the ring waits, idle; a reset of the read
     * pointer clears it */
    emit(huge, 3);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);
    g_assert_false(rv770_dma_runnable(&dev));
    wr(RV770_DMA_RB_RPTR, 0);
    wr(RV770_DMA_RB_WPTR, 0);
    g_assert_cmpuint(rd(RV770_DMA_RB_RPTR), ==, 0);
    /* disabled ring: nothing runs */
    wr(RV770_DMA_RB_CNTL, 10 << 1);
    wptr = 0;
    emit(mark, 4);
    g_assert_cmpuint(rv770_run(&dev, 100), ==, 0);
    teardown();
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rv770-dma/ring", test_ring);
    g_test_add_func("/rv770-dma/ib-fence-trap", test_ib_fence_trap);
    g_test_add_func("/rv770-dma/copy-fill", test_copy_fill);
    g_test_add_func("/rv770-dma/semaphore", test_semaphore);
    g_test_add_func("/rv770-dma/bad-packets", test_bad_packets);
    return g_test_run();
}
