/*
 * Benchmark of the RV770's CP and DMA engine (hw/amd/rv770): PM4 NOP and
 * SET_CONFIG_REG throughput (packets/s), DMA COPY (VRAM to VRAM and VRAM
 * to guest RAM through the GART) and CONSTANT_FILL rates (MB/s), and the
 * latency from a CP_RB_WPTR write to the EOP's vector in the IH ring with
 * the engines on their worker thread.  Prints figures only.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "hwgpu/amd/rv770/rv770-dma.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-mc.h"
#include "common/fake-host.h"

#define VRAM_SIZE   (256u << 20)
#define RAM_SIZE    (64u << 20)
#define RING        0x00000000u     /* CP ring, 1 MiB (RB_BUFSZ 17) */
#define RING_DW     (1u << 18)
#define DMA_RING    0x00100000u     /* DMA ring, 256 KiB */
#define TABLE       0x00200000u
#define SRC         0x01000000u
#define DST         0x02000000u
#define GTT         0x10000000u
#define GTT_PAGES   (RAM_SIZE / 4096)
#define MB          (32u << 20)     /* bytes per copy/fill run */

#define PKT3(op, n) (0xc0000000u | (((n) - 1) << 16) | ((op) << 8))

static FakeHost fh;
static Rv770 r;

static void wr(uint32_t off, uint32_t val)
{
    rv770_mmio_write(&r, off, val);
}

static void setup(void)
{
    fake_host_init(&fh, NULL, RAM_SIZE);
    if (!rv770_init(&r, &fh.host, VRAM_SIZE)) {
        abort();
    }
    r.vram = g_malloc0(VRAM_SIZE);
    wr(RV770_MC_VM_FB_LOCATION, 0x000f0000);
    wr(RV770_VM_CONTEXT0_PT_START, GTT >> 12);
    wr(RV770_VM_CONTEXT0_PT_END, (GTT >> 12) + GTT_PAGES - 1);
    wr(RV770_VM_CONTEXT0_PT_BASE, TABLE >> 12);
    wr(RV770_VM_CONTEXT0_CNTL, RV770_VM_ENABLE_CONTEXT);
    for (uint32_t i = 0; i < GTT_PAGES; i++) {
        uint64_t pte = (uint64_t)i * 4096 | RV770_PTE_VALID |
                       RV770_PTE_SYSTEM | RV770_PTE_READABLE |
                       RV770_PTE_WRITEABLE;

        memcpy(r.vram + TABLE + i * 8, &pte, 8);
    }
    wr(RV770_IH_RB_BASE, (GTT + 4096) >> 8);
    wr(RV770_IH_RB_CNTL, RV770_IH_RB_ENABLE | (14 << 1));  /* 64 KiB */
    wr(RV770_IH_CNTL, RV770_IH_ENABLE_INTR);
    wr(RV770_CP_INT_CNTL, RV770_RB_INT_ENABLE);
    wr(RV770_CP_RB_CNTL, 17 | RV770_RB_NO_UPDATE);
    wr(RV770_CP_RB_BASE, RING >> 8);
    wr(RV770_CP_ME_CNTL, 0xff);
    wr(RV770_DMA_RB_BASE, DMA_RING >> 8);
    wr(RV770_DMA_RB_CNTL, (16 << 1) | RV770_DMA_RB_ENABLE);
}

/* Fill the CP ring with `pkt` (n dwords) and run it whole `rounds` times. */
static double cp_rate(const uint32_t *pkt, uint32_t n, int rounds)
{
    uint32_t per = (RING_DW - n) / n;
    uint64_t done = 0;
    gint64 t0;

    for (uint32_t i = 0; i < per; i++) {
        memcpy(r.vram + RING + i * n * 4, pkt, n * 4);
    }
    t0 = g_get_monotonic_time();
    for (int k = 0; k < rounds; k++) {
        wr(RV770_GRBM_SOFT_RESET, RV770_SOFT_RESET_CP);     /* rptr 0 */
        wr(RV770_CP_RB_WPTR, per * n);
        done += rv770_run(&r, UINT32_MAX);
    }
    return done / ((g_get_monotonic_time() - t0) / 1e6);
}

/* One DMA packet (len dwords) `rounds` times; MB/s for `bytes` each. */
static double dma_rate(const uint32_t *pkt, uint32_t len, int rounds,
                       uint64_t bytes)
{
    uint32_t wp = 0;
    gint64 t0 = g_get_monotonic_time();

    wr(RV770_DMA_RB_RPTR, 0);
    wr(RV770_DMA_RB_WPTR, 0);
    for (int k = 0; k < rounds; k++) {
        memcpy(r.vram + DMA_RING + wp, pkt, len * 4);
        wp += len * 4;
        wr(RV770_DMA_RB_WPTR, wp);
        rv770_run(&r, UINT32_MAX);
    }
    return rounds * (double)bytes / ((g_get_monotonic_time() - t0) / 1e6) /
           1e6;
}

static int cmp_i64(const void *a, const void *b)
{
    gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    uint32_t nop[] = { PKT3(0x10, 1), 0 };
    uint32_t scratch[] = { PKT3(0x68, 2), (RV770_SCRATCH_REG0 - 0x8000) / 4,
                           7 };
    uint32_t n = 0xffff;            /* dwords per DMA packet (256 KiB) */
    uint32_t copy_v[] = { RV770_DMA_PACKET(RV770_DMA_COPY, 0, 0, n), DST, SRC,
                          0, 0 };
    uint32_t copy_s[] = { RV770_DMA_PACKET(RV770_DMA_COPY, 0, 0, n),
                          GTT + 0x100000, SRC, 0, 0 };
    uint32_t fill[] = { RV770_DMA_PACKET(RV770_DMA_CONSTANT_FILL, 0, 0, n),
                        DST, 0x12345678, 0 };
    gint64 lat[200];
    uint32_t wp;

    setup();
    printf("rv770 CP: PM4 NOP %.1f M packets/s\n",
           cp_rate(nop, 2, 16) / 1e6);
    printf("rv770 CP: SET_CONFIG_REG (scratch) %.1f M packets/s\n",
           cp_rate(scratch, 3, 16) / 1e6);
    printf("rv770 DMA: COPY VRAM to VRAM %.0f MB/s\n",
           dma_rate(copy_v, 5, MB / (n * 4), n * 4ull));
    printf("rv770 DMA: COPY VRAM to guest RAM (GART) %.0f MB/s\n",
           dma_rate(copy_s, 5, MB / (n * 4), n * 4ull));
    printf("rv770 DMA: CONSTANT_FILL %.0f MB/s\n",
           dma_rate(fill, 4, MB / (n * 4), n * 4ull));

    /* the latency: WPTR written, the engines' thread runs the EOP */
    wr(RV770_GRBM_SOFT_RESET, RV770_SOFT_RESET_CP);
    wr(RV770_CP_RB_WPTR, 0);
    if (!rv770_start(&r)) {
        abort();
    }
    wp = 0;
    for (unsigned i = 0; i < G_N_ELEMENTS(lat); i++) {
        uint32_t eop[] = { PKT3(0x47, 5), 0x14, GTT, (1u << 29) | (2u << 24),
                           i, 0 };
        uint32_t before;
        gint64 t0;

        hwgpu_worker_lock(&r.worker);
        memcpy(r.vram + RING + wp * 4, eop, sizeof(eop));
        hwgpu_worker_unlock(&r.worker);
        wp += G_N_ELEMENTS(eop);
        before = rv770_mmio_read(&r, RV770_IH_RB_WPTR);
        t0 = g_get_monotonic_time();
        wr(RV770_CP_RB_WPTR, wp);
        while (rv770_mmio_read(&r, RV770_IH_RB_WPTR) == before) {
            /* the vector arrives */
        }
        lat[i] = g_get_monotonic_time() - t0;
        wr(RV770_IH_RB_RPTR, rv770_mmio_read(&r, RV770_IH_RB_WPTR));
    }
    qsort(lat, G_N_ELEMENTS(lat), sizeof(lat[0]), cmp_i64);
    printf("rv770 CP: CP_RB_WPTR write to the EOP's IH vector (worker "
           "thread): median %lld us, 95th percentile %lld us\n",
           (long long)lat[G_N_ELEMENTS(lat) / 2],
           (long long)lat[G_N_ELEMENTS(lat) * 95 / 100]);
    g_free(r.vram);
    rv770_destroy(&r);
    return 0;
}
