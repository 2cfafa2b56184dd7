/*
 * Fuzz target: command streams for the G45 render and video rings.  The
 * input becomes ring contents and batch buffers; a selector byte per dword
 * turns some dwords into real command headers (batch starts pointing into
 * the batch area, including at themselves, stores, LRIs, blits pointing
 * anywhere, context switches, waits) so that deep paths are reached.
 * Every run is bounded: a command budget, a small hang threshold, a small
 * per-blit pixel bound.  A crash, a sanitizer report or a hang fails.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <string.h>

#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "common/fake-host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RAM         (256 * 1024)
#define NPTES       256             /* 1 MiB of graphics space */
#define MAPPED      64              /* pages with RAM behind them */
#define BATCHES     0x8000u

static uint8_t ram[RAM];
static uint32_t ptes[NPTES];

static FakeHost fh;

static void on_3d(void *o, const uint32_t *dw, uint32_t n, bool restore)
{
    volatile uint32_t sink = 0;

    for (uint32_t i = 0; i < n; i++) {
        sink += dw[i];          /* every dword passed must be readable */
    }
    (void)sink;
}

static uint32_t reg_read(void *o, uint32_t off)
{
    return off;
}

static void flip(void *o, const uint32_t *dw, uint32_t n)
{
    volatile uint32_t sink = dw[n - 1];

    (void)sink;
}

static void trace(void *o, const char *line)
{
    volatile size_t sink = strlen(line);

    (void)sink;
}

static const G45EngineOps ops = {
    .on_3d = on_3d, .reg_read = reg_read, .display_flip = flip,
    .trace = trace,
};

/* A dword shaped by its selector byte. */
static uint32_t shape(uint8_t sel, uint32_t v, uint32_t *next_is_addr)
{
    uint32_t addr = BATCHES + (v & 0x1fffc);

    if (*next_is_addr) {
        (*next_is_addr)--;
        return sel & 0x80 ? v : addr;       /* mostly inside the batches */
    }
    switch (sel & 0x1f) {
    case 0:
        *next_is_addr = 1;
        return G45_MI(G45_MI_BATCH_BUFFER_START) |
               (sel & 0x20 ? G45_MI_BB_GTT : 0);
    case 1:
        return G45_MI(G45_MI_BATCH_BUFFER_END);
    case 2:
        return G45_MI(G45_MI_STORE_DATA_IMM) | G45_MI_USE_GGTT | 2;
    case 3:
        return G45_MI(G45_MI_LOAD_REGISTER_IMM) | (v & 0xf07);
    case 4:
        return G45_2D(G45_BLT_XY_COLOR) | 4 | (v & 0x300800);
    case 5:
        return G45_2D(G45_BLT_XY_SRC_COPY) | 6 | (v & 0x308800);
    case 6:
        *next_is_addr = 1;
        return G45_MI(G45_MI_SET_CONTEXT);
    case 7:
        return G45_MI(G45_MI_WAIT_FOR_EVENT) | (v & 0xce);
    case 8:
        return 0x7a000002 | (v & 0xff00);   /* PIPE_CONTROL */
    case 9:
        return G45_2D(v >> 22 & 0x7f) | (v & 0x3000ff);
    case 10:
        return (3u << 29) | (v & 0x1fff00ff);
    case 11:
        return G45_MI(G45_MI_USER_INTERRUPT);
    case 12:
        return G45_MI(G45_MI_STORE_DATA_INDEX) | 1;
    default:
        return v;               /* raw */
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    G45Gtt gtt;
    G45Engine e;
    uint32_t pages, tail, budget, next = 0, n;
    uint32_t *dws;

    if (size < 8) {
        return 0;
    }
    if (!fh.ram) {
        /* The clock runs on across inputs, 1 us a reading. */
        fake_host_init(&fh, ram, RAM);
        fh.clock_step_ns = 1000;
    }
    memset(ram, 0, sizeof(ram));
    for (uint32_t i = 0; i < NPTES; i++) {
        ptes[i] = i < MAPPED ? ((i * 5) % MAPPED) * 4096 | G45_PTE_VALID :
                  (i & 1 ? 0x7ff00001u : 0);    /* beyond RAM / invalid */
    }
    g45_gtt_init(&gtt, ptes, NPTES, &fh.host);
    pages = 1 + data[0] % 4;
    tail = ((uint32_t)data[1] << 8 | data[2]) % (pages * 4096) & ~7u;
    budget = 256 + data[3] * 16;
    g45_engine_init(&e, data[4] & 1 ? G45_ENGINE_BSD : G45_ENGINE_RCS, &gtt,
                    &fh.host, &ops, NULL);
    e.hang_cmds = 3000;
    e.hang_ns = 1000000;
    e.blt.max_pixels = 1u << 12;
    data += 8;
    size -= 8;

    /* Shape the dwords: ring first, then the batch area, repeated. */
    n = size / 5;
    dws = g_new0(uint32_t, n ? n : 1);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v;

        memcpy(&v, data + 5 * i + 1, 4);
        dws[i] = shape(data[5 * i], v, &next);
    }
    if (n) {
        uint32_t ring_dw = pages * 1024;

        for (uint32_t i = 0; i < ring_dw; i++) {
            g45_gtt_write(&gtt, i * 4, &dws[i % n], 4);
        }
        for (uint32_t i = 0; i < 0x20000 / 4; i += n) {
            g45_gtt_write(&gtt, BATCHES + (i + ring_dw) % 0x20000 / 4 * 4,
                          dws, 4 * MIN(n, 0x20000 / 4 - i));
        }
    }
    /* The disassembler reads only the dwords it is given. */
    for (uint32_t i = 0; i < n; i++) {
        char line[160];

        g45_cmd_disasm(dws + i, n - i, line, sizeof(line));
    }
    g_free(dws);

    g45_engine_mmio_write(&e, G45_RING_HWS_PGA, 0x3000);
    g45_engine_mmio_write(&e, G45_RING_START, 0);
    g45_engine_mmio_write(&e, G45_RING_CTL,
                          ((pages - 1) << 12) | G45_CTL_VALID);
    g45_engine_mmio_write(&e, G45_RING_TAIL, tail);
    for (int round = 0; round < 4; round++) {
        g45_engine_run(&e, budget);
        g45_engine_event(&e, 0xce);
        if (round == 1) {
            /* The guest's reset path, then the same ring again. */
            g45_engine_reset(&e);
            g45_engine_mmio_write(&e, G45_RING_CTL,
                                  ((pages - 1) << 12) | G45_CTL_VALID);
            g45_engine_mmio_write(&e, G45_RING_TAIL, tail);
        }
    }
    g45_engine_destroy(&e);
    return 0;
}
