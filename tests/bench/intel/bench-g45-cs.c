/*
 * Benchmark of the G45 command streamer and blitter: MI_NOOP and
 * MI_STORE_DATA_IMM throughput (commands/s) and the fill/copy rate of large
 * XY_COLOR_BLT and XY_SRC_COPY_BLT (MB/s), and the latency from a TAIL
 * write to the user interrupt with the engine on its worker thread.
 * Prints figures only.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "common/fake-host.h"

#define RAM_SIZE    (64u << 20)
#define NPTES       (RAM_SIZE / 4096)
#define RING        0x0u
#define RING_PAGES  64u
#define HWS         0x40000u
#define DST         0x100000u
#define SRC         0x1100000u
#define W           2048
#define H           1536

static FakeHost fh;
static uint32_t ptes[NPTES];
static const G45EngineOps ops = { 0 };

/* Fill the whole ring with `cmd` (n dwords) and run it `rounds` times. */
static double ring_rate(G45Engine *e, G45Gtt *gtt, const uint32_t *cmd,
                        uint32_t n, int rounds)
{
    uint32_t size = RING_PAGES * 4096, per = size / 4 / n, pos = 0;
    uint64_t done = 0;
    gint64 t0;

    for (uint32_t i = 0; i < per; i++) {
        g45_gtt_write(gtt, RING + pos, cmd, n * 4);
        pos += n * 4;
    }
    for (; pos < size; pos += 4) {
        uint32_t noop = 0;
        g45_gtt_write(gtt, RING + pos, &noop, 4);
    }
    t0 = g_get_monotonic_time();
    for (int r = 0; r < rounds; r++) {
        /* TAIL one qword short of HEAD runs (almost) the whole ring. */
        uint32_t head, tail;

        g45_engine_mmio_read(e, G45_RING_HEAD, &head);
        tail = ((head & G45_HEAD_ADDR) + size - 8) % size;
        g45_engine_mmio_write(e, G45_RING_TAIL, tail);
        done += g45_engine_run(e, UINT32_MAX);
    }
    return done / ((g_get_monotonic_time() - t0) / 1e6);
}

static double blit_rate(G45Engine *e, G45Gtt *gtt, const uint32_t *cmd,
                        uint32_t n, int rounds)
{
    uint32_t size = RING_PAGES * 4096, head, pos;
    gint64 t0;

    g45_engine_mmio_read(e, G45_RING_HEAD, &head);
    pos = head & G45_HEAD_ADDR;
    t0 = g_get_monotonic_time();
    for (int r = 0; r < rounds; r++) {
        for (uint32_t i = 0; i < n; i++) {
            g45_gtt_write(gtt, RING + pos, &cmd[i], 4);
            pos = (pos + 4) % size;
        }
        if (pos & 7) {
            uint32_t noop = 0;
            g45_gtt_write(gtt, RING + pos, &noop, 4);
            pos = (pos + 4) % size;
        }
        g45_engine_mmio_write(e, G45_RING_TAIL, pos);
        g45_engine_run(e, UINT32_MAX);
    }
    return (double)W * H * 4 * rounds / 1e6 /
           ((g_get_monotonic_time() - t0) / 1e6);
}

/* Worker-thread latency: TAIL write to the user-interrupt callback. */
static gint irq_seen;

static void lat_raise(void *opaque, uint32_t bits)
{
    g_atomic_int_set(&irq_seen, 1);
}

static const G45EngineOps lat_ops = { .raise = lat_raise };

static int cmp_i64(const void *a, const void *b)
{
    gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

    return x < y ? -1 : x > y;
}

static double irq_latency_us(G45Gtt *gtt, int rounds)
{
    static G45Engine e;
    const uint32_t ring = 0x80000, size = RING_PAGES * 4096;
    uint32_t cmd[6] = { G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2,
                        0, HWS + 0x200, 0, G45_MI(G45_MI_USER_INTERRUPT),
                        0 };
    gint64 *lat = g_new(gint64, rounds);
    uint32_t tail = 0;
    double med;

    g45_engine_init(&e, G45_ENGINE_RCS, gtt, &fh.host, &lat_ops, NULL);
    g45_engine_mmio_write(&e, G45_RING_HWS_PGA, HWS);
    g45_engine_mmio_write(&e, G45_RING_START, ring);
    g45_engine_mmio_write(&e, G45_RING_CTL,
                          (RING_PAGES - 1) << 12 | G45_CTL_VALID);
    g45_engine_start_worker(&e);
    for (int i = 0; i < rounds; i++) {
        gint64 t0;

        cmd[3] = i;
        g45_gtt_write(gtt, ring + tail, cmd, sizeof(cmd));
        tail = (tail + sizeof(cmd)) % size;
        g_atomic_int_set(&irq_seen, 0);
        t0 = g_get_monotonic_time() * 1000;
        g45_engine_mmio_write(&e, G45_RING_TAIL, tail);
        while (!g_atomic_int_get(&irq_seen)) {
            /* spin: the worker wakes on the TAIL write */
        }
        lat[i] = g_get_monotonic_time() * 1000 - t0;
    }
    g45_engine_destroy(&e);
    qsort(lat, rounds, sizeof(*lat), cmp_i64);
    med = lat[rounds / 2] / 1000.0;
    g_free(lat);
    return med;
}

int main(int argc, char **argv)
{
    static G45Gtt gtt;
    static G45Engine e;
    uint32_t noop = 0;
    uint32_t sdi[4] = { G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2,
                        0, HWS + 0x100, 1 };
    uint32_t fill[6] = {
        G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_WRITE_RGB |
        G45_BLT_WRITE_ALPHA, 3u << 24 | 0xf0u << 16 | W * 4, 0,
        (uint32_t)H << 16 | W, DST, 0x336699,
    };
    uint32_t copy[8] = {
        G45_2D(G45_BLT_XY_SRC_COPY) | 6 | G45_BLT_WRITE_RGB |
        G45_BLT_WRITE_ALPHA, 3u << 24 | 0xccu << 16 | W * 4, 0,
        (uint32_t)H << 16 | W, DST, 0, W * 4, SRC,
    };

    fake_host_init(&fh, NULL, RAM_SIZE);
    for (uint32_t i = 0; i < NPTES; i++) {
        ptes[i] = i * 4096 | G45_PTE_VALID;
    }
    g45_gtt_init(&gtt, ptes, NPTES, &fh.host);
    g45_engine_init(&e, G45_ENGINE_RCS, &gtt, &fh.host, &ops, NULL);
    g45_engine_mmio_write(&e, G45_RING_HWS_PGA, HWS);
    g45_engine_mmio_write(&e, G45_RING_START, RING);
    g45_engine_mmio_write(&e, G45_RING_CTL,
                          (RING_PAGES - 1) << 12 | G45_CTL_VALID);

    printf("MI_NOOP:            %.1f M commands/s\n",
           ring_rate(&e, &gtt, &noop, 1, 20) / 1e6);
    printf("MI_STORE_DATA_IMM:  %.1f M commands/s\n",
           ring_rate(&e, &gtt, sdi, 4, 20) / 1e6);
    printf("XY_COLOR_BLT %dx%d 32bpp:    %.0f MB/s\n", W, H,
           blit_rate(&e, &gtt, fill, 6, 10));
    printf("XY_SRC_COPY_BLT %dx%d 32bpp: %.0f MB/s\n", W, H,
           blit_rate(&e, &gtt, copy, 8, 10));
    g45_engine_destroy(&e);
    printf("TAIL write to user interrupt (worker thread): %.1f us median\n",
           irq_latency_us(&gtt, 2000));
    fake_host_destroy(&fh);
    return 0;
}
