/*
 * Fuzz target: DMA packet streams through the RV770's DMA engine
 * (hw/amd/rv770/rv770-dma.c), set up as radeon's r600_dma_resume sets it
 * up (the ring and an IB area in VRAM, a GART onto guest RAM, the IH ring
 * in guest RAM).  The input is read as packet recipes: [command index]
 * [count][body dwords], the commands mostly known ones, addresses steered
 * into VRAM, the IB area, the GART or anywhere, counts mostly small.
 * Half the packets go into the ring, half into the IB area.  The engine
 * runs a bounded number of packets with waits retried; nothing may crash
 * or reach outside VRAM and guest RAM, and the read pointer stays inside
 * the ring whatever size the stream gives it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdint.h>
#include <string.h>

#include "rv770-fuzz.h"
#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-dma.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-mc.h"
#include "common/fake-host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define VRAM_SIZE   RV770_FUZZ_VRAM
#define RING        0x10000u
#define RING_DW     1024u
#define IB_AREA     0x20000u
#define IB_DW       4096u
#define GTT         RV770_FUZZ_GTT

static FakeHost fh;

static const uint8_t cmds[] = {
    RV770_DMA_WRITE, RV770_DMA_COPY, RV770_DMA_INDIRECT_BUFFER,
    RV770_DMA_SEMAPHORE, RV770_DMA_FENCE, RV770_DMA_TRAP,
    RV770_DMA_SRBM_WRITE, RV770_DMA_CONSTANT_FILL, RV770_DMA_NOP, 0x0, 0x8,
};

/* One packet from the input into buf (room dwords); its length. */
static uint32_t recipe(FuzzInput *in, uint32_t *buf, uint32_t room)
{
    uint8_t cmd = cmds[fuzz_byte(in) % sizeof(cmds)], how = fuzz_byte(in);
    uint32_t n = how == 0xff ? fuzz_dword(in) & 0x3fff : fuzz_byte(in) % 64;
    uint32_t len;

    buf[0] = RV770_DMA_PACKET(cmd, how & 1 && cmd == RV770_DMA_COPY,
                              (how >> 1) & 1, n);
    switch (cmd) {
    case RV770_DMA_WRITE:
        len = 3 + MIN(n, 64u);  /* the data may run past: the engine waits */
        break;
    case RV770_DMA_COPY:
        len = how & 1 ? 7 : 5;
        break;
    case RV770_DMA_FENCE:
    case RV770_DMA_CONSTANT_FILL:
        len = 4;
        break;
    case RV770_DMA_INDIRECT_BUFFER:
    case RV770_DMA_SEMAPHORE:
    case RV770_DMA_SRBM_WRITE:
        len = 3;
        break;
    default:
        len = 1;
        break;
    }
    len = MIN(len, room);
    for (uint32_t i = 1; i < len; i++) {
        buf[i] = i <= 2 ? fuzz_steer(in, IB_AREA, IB_DW) : fuzz_dword(in);
    }
    if (cmd == RV770_DMA_INDIRECT_BUFFER && len == 3) {
        buf[1] = IB_AREA + (buf[1] % IB_DW) * 4;
        buf[2] = (fuzz_dword(in) % 256) << 16;
    }
    return len;
}

static void put(Rv770 *r, uint32_t off, uint32_t v)
{
    memcpy(r->vram + off, &v, 4);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Rv770 r;
    static int ready;
    FuzzInput in = { data, size };
    uint32_t ring_n = 0, ib_n = 0, pkt[8];

    if (!ready) {
        fake_host_init(&fh, NULL, 64 * 1024);
        if (!rv770_init(&r, &fh.host, VRAM_SIZE)) {
            __builtin_trap();
        }
        r.vram = g_malloc0(VRAM_SIZE);
        ready = 1;
    }
    rv770_reset(&r);
    memset(r.vram + RING, 0, RING_DW * 4);
    memset(r.vram + IB_AREA, 0, IB_DW * 4);
    rv770_fuzz_memory(&r);
    rv770_mmio_write(&r, RV770_DMA_RB_BASE, RING >> 8);
    rv770_mmio_write(&r, RV770_DMA_RB_RPTR_ADDR_LO, GTT + 1792);
    rv770_mmio_write(&r, RV770_DMA_IB_CNTL, RV770_DMA_IB_ENABLE);
    rv770_mmio_write(&r, RV770_DMA_CNTL, RV770_DMA_TRAP_ENABLE);
    for (unsigned k = 0; in.left; k++) {
        bool to_ring = k & 1;
        uint32_t room = to_ring ? RING_DW - 1 - ring_n : IB_DW - ib_n;
        uint32_t n;

        if (room < 8) {
            break;
        }
        n = recipe(&in, pkt, 8);
        for (uint32_t i = 0; i < n; i++) {
            if (to_ring) {
                put(&r, RING + (ring_n++) * 4, pkt[i]);
            } else {
                put(&r, IB_AREA + (ib_n++) * 4, pkt[i]);
            }
        }
    }
    rv770_mmio_write(&r, RV770_DMA_RB_WPTR, ring_n * 4);
    rv770_mmio_write(&r, RV770_DMA_RB_CNTL, (10 << 1) |
                     RV770_DMA_RPTR_WB_ENABLE | RV770_DMA_RB_ENABLE);
    for (int turn = 0; turn < 4; turn++) {
        rv770_run(&r, 256);
        hwgpu_worker_lock(&r.worker);
        rv770_dma_retry(&r);
        if (r.dma.rptr >= 4u << MIN(RV770_DMA_RB_SIZE(hwgpu_reg_get(&r.regs,
                                        RV770_DMA_RB_CNTL)),
                                    RV770_DMA_SIZE_LOG2_MAX) ||
            (r.dma.in_ib && r.dma.ib_pos > r.dma.ib_size)) {
            __builtin_trap();
        }
        hwgpu_worker_unlock(&r.worker);
    }
    return 0;
}
