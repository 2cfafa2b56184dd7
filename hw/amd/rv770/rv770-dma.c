/*
 * The RV770's DMA engine; see include/hwgpu/amd/rv770/rv770-dma.h.
 *
 * The ring: DMA_RB_BASE << 8 (an MC address), 4 << DMA_RB_CNTL.SIZE bytes,
 * runs while DMA_RB_CNTL.ENABLE is set; the pointers are bytes (DMA_RB_RPTR
 * shows the engine's, DMA_RB_WPTR is the driver's), and the read pointer
 * is written back to DMA_RB_RPTR_ADDR_HI:LO after each ring packet with
 * RPTR_WRITEBACK_ENABLE.  A header is cmd 31:28, t 23, s 22, n 15:0 (the
 * R6xx/R7xx layout); the lengths, as radeon's r600_dma_cs_parse reads them:
 *   WRITE          3 + n   [addr_lo][addr_hi 7:0][n data dwords]
 *   COPY           5       [dst_lo][src_lo][dst_hi 7:0][src_hi 7:0], n
 *                          dwords (R7xx's linear form; t = 1, the tiled
 *                          form of 7 dwords, is logged as unimplemented)
 *   INDIRECT_BUFFER 3      [addr_lo, 32-byte aligned][len_dw << 16 |
 *                          addr_hi 7:0] (from the ring only)
 *   SEMAPHORE      3       [addr_lo][addr_hi 7:0], s: 1 signal, 0 wait
 *   FENCE          4       [addr_lo][addr_hi 7:0][value]
 *   TRAP           1       IH source 224 when DMA_CNTL.TRAP_ENABLE
 *   SRBM_WRITE     3       [register dword index 15:0][value]
 *   CONSTANT_FILL  4       [dst_lo][value][dst_hi in 23:16], n dwords
 *   NOP            1
 * Any other command is a logged guest error and skipped as one dword.  A
 * packet longer than what is left of its IB ends the IB; one longer than
 * the ring waits for the driver to reset the engine.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-dma.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-mc.h"

#define CHUNK   1024u       /* dwords moved per step of a long packet */

static uint32_t reg(Rv770 *r, uint32_t off)
{
    return hwgpu_reg_get(&r->regs, off);
}

static uint32_t ring_bytes(Rv770 *r)
{
    uint32_t log2 = RV770_DMA_RB_SIZE(reg(r, RV770_DMA_RB_CNTL));

    return 4u << MIN(log2, RV770_DMA_SIZE_LOG2_MAX);
}

static uint32_t ring_avail(Rv770 *r)
{
    uint32_t mask = ring_bytes(r) - 1;

    return ((reg(r, RV770_DMA_RB_WPTR) & mask & ~3u) - r->dma.rptr) & mask;
}

bool rv770_dma_runnable(Rv770 *r)
{
    return (reg(r, RV770_DMA_RB_CNTL) & RV770_DMA_RB_ENABLE) &&
           !r->dma.waiting &&
           ((r->dma.in_ib && r->dma.ib_pos < r->dma.ib_size) ||
            ring_avail(r));
}

void rv770_dma_retry(Rv770 *r)
{
    r->dma.waiting = false;
}

void rv770_dma_reset(Rv770 *r)
{
    r->dma.rptr = 0;
    r->dma.in_ib = false;
    r->dma.waiting = false;
}

/* Dwords left in the current source. */
static uint32_t src_avail(Rv770 *r)
{
    if (r->dma.in_ib) {
        return r->dma.ib_size - r->dma.ib_pos;
    }
    return ring_avail(r) / 4;
}

/* n dwords of the current source, from `skip` dwords past its position. */
static void src_read(Rv770 *r, uint32_t skip, uint32_t *buf, uint32_t n)
{
    if (r->dma.in_ib) {
        rv770_mc_read(r, r->dma.ib_base + (uint64_t)(r->dma.ib_pos + skip) * 4,
                      buf, n * 4ull);
        return;
    }
    rv770_mc_read_ring(r, (uint64_t)reg(r, RV770_DMA_RB_BASE) << 8,
                       ring_bytes(r), r->dma.rptr + skip * 4, buf, n * 4);
}

static void consume(Rv770 *r, uint32_t n)
{
    uint32_t cntl = reg(r, RV770_DMA_RB_CNTL);

    if (r->dma.in_ib) {
        r->dma.ib_pos += n;
        if (r->dma.ib_pos >= r->dma.ib_size) {
            r->dma.in_ib = false;
        }
        return;
    }
    r->dma.rptr = (r->dma.rptr + n * 4) & (ring_bytes(r) - 1);
    if (cntl & RV770_DMA_RPTR_WB_ENABLE) {
        uint64_t wb = ((uint64_t)(reg(r, RV770_DMA_RB_RPTR_ADDR_HI) & 0xff)
                       << 32) | (reg(r, RV770_DMA_RB_RPTR_ADDR_LO) & ~3u);

        rv770_mc_write(r, wb, &r->dma.rptr, 4);
    }
}

static uint64_t addr40(uint32_t lo, uint32_t hi)
{
    return ((uint64_t)(hi & 0xff) << 32) | (lo & ~3u);
}

/* The packet's length in dwords, 0 for an unknown command. */
static uint32_t packet_len(uint32_t hdr)
{
    uint32_t n = hdr & 0xffff;

    switch (hdr >> 28) {
    case RV770_DMA_WRITE:
        return 3 + n;
    case RV770_DMA_COPY:
        return hdr & (1u << 23) ? 7 : 5;
    case RV770_DMA_INDIRECT_BUFFER:
    case RV770_DMA_SEMAPHORE:
    case RV770_DMA_SRBM_WRITE:
        return 3;
    case RV770_DMA_FENCE:
    case RV770_DMA_CONSTANT_FILL:
        return 4;
    case RV770_DMA_TRAP:
    case RV770_DMA_NOP:
        return 1;
    }
    return 0;
}

/* Run the packet whose header and first dwords (up to 7) are in p; longer
 * data (WRITE) is read from the source as it goes.  False: wait. */
static bool exec(Rv770 *r, const uint32_t *p, uint32_t len)
{
    uint32_t n = p[0] & 0xffff, buf[CHUNK];

    switch (p[0] >> 28) {
    case RV770_DMA_WRITE: {
        uint64_t dst = addr40(p[1], p[2]);

        for (uint32_t done = 0; done < n;) {
            uint32_t c = MIN(n - done, CHUNK);

            src_read(r, 3 + done, buf, c);
            rv770_mc_write(r, dst + done * 4ull, buf, c * 4ull);
            done += c;
        }
        r->dma.stats.bytes += n * 4ull;
        break;
    }
    case RV770_DMA_COPY:
        if (p[0] & (1u << 23)) {
            HWGPU_UNIMP(r->host, "radeon-rv770: DMA COPY between tiled and "
                        "linear surfaces is not modelled: skipped");
            break;
        } else {
            uint64_t dst = addr40(p[1], p[3]), src = addr40(p[2], p[4]);

            for (uint32_t done = 0; done < n;) {
                uint32_t c = MIN(n - done, CHUNK);

                rv770_mc_read(r, src + done * 4ull, buf, c * 4ull);
                rv770_mc_write(r, dst + done * 4ull, buf, c * 4ull);
                done += c;
            }
            r->dma.stats.bytes += n * 4ull;
        }
        break;
    case RV770_DMA_CONSTANT_FILL: {
        uint64_t dst = ((uint64_t)(p[3] & 0x00ff0000) << 16) | (p[1] & ~3u);

        for (uint32_t i = 0; i < MIN(n, CHUNK); i++) {
            buf[i] = p[2];
        }
        for (uint32_t done = 0; done < n;) {
            uint32_t c = MIN(n - done, CHUNK);

            rv770_mc_write(r, dst + done * 4ull, buf, c * 4ull);
            done += c;
        }
        r->dma.stats.bytes += n * 4ull;
        break;
    }
    case RV770_DMA_FENCE:
        rv770_mc_write(r, addr40(p[1], p[2]), &p[3], 4);
        break;
    case RV770_DMA_TRAP:
        r->dma.stats.traps++;
        if (reg(r, RV770_DMA_CNTL) & RV770_DMA_TRAP_ENABLE) {
            rv770_ih_post(r, RV770_IH_SRC_DMA_TRAP, 0);
        }
        break;
    case RV770_DMA_SEMAPHORE: {
        uint64_t addr = addr40(p[1], p[2]) & ~7ull, v = 0;

        if (p[0] & (1u << 22)) {            /* signal */
            v = 1;
            rv770_mc_write(r, addr, &v, 8);
            break;
        }
        rv770_mc_read(r, addr, &v, 8);
        if (!v) {
            return false;
        }
        v = 0;
        rv770_mc_write(r, addr, &v, 8);
        break;
    }
    case RV770_DMA_SRBM_WRITE: {
        uint32_t off = (p[1] & 0xffff) << 2;

        if (off >= RV770_REG_SPACE) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: DMA SRBM_WRITE past "
                              "the registers (0x%x)", off);
            break;
        }
        hwgpu_reg_write(&r->regs, off, p[2]);
        break;
    }
    case RV770_DMA_INDIRECT_BUFFER:
        if (r->dma.in_ib) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: DMA INDIRECT_BUFFER "
                              "inside an IB: skipped");
            break;
        }
        if (!(reg(r, RV770_DMA_IB_CNTL) & RV770_DMA_IB_ENABLE)) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: DMA INDIRECT_BUFFER "
                              "with DMA_IB_CNTL disabled: skipped");
            break;
        }
        r->dma.next_ib_base = ((uint64_t)(p[2] & 0xff) << 32) |
                              (p[1] & ~0x1fu);
        r->dma.next_ib_size = p[2] >> 16;
        r->dma.enter_ib = r->dma.next_ib_size != 0;
        break;
    case RV770_DMA_NOP:
        break;
    }
    return true;
}

static bool step(Rv770 *r)
{
    uint32_t p[7], hdr, len, avail = src_avail(r);

    src_read(r, 0, &hdr, 1);
    len = packet_len(hdr);
    if (!len) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: unknown DMA packet 0x%08x: "
                          "skipped", hdr);
        consume(r, 1);
        return true;
    }
    if (len > avail) {
        if (r->dma.in_ib) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: DMA packet 0x%08x of %u "
                              "dwords runs past its IB (%u left): the IB "
                              "ends", hdr, len, avail);
            consume(r, avail);
            return true;
        }
        if (len >= ring_bytes(r) / 4) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: DMA packet 0x%08x of %u "
                              "dwords cannot fit the %u-dword ring: the "
                              "engine waits", hdr, len, ring_bytes(r) / 4);
        }
        return false;
    }
    src_read(r, 0, p, MIN(len, 7u));
    r->dma.enter_ib = false;
    if (!exec(r, p, len)) {
        return false;
    }
    consume(r, len);
    if (r->dma.enter_ib) {
        r->dma.in_ib = true;
        r->dma.ib_base = r->dma.next_ib_base;
        r->dma.ib_size = r->dma.next_ib_size;
        r->dma.ib_pos = 0;
    }
    r->dma.stats.packets++;
    return true;
}

uint32_t rv770_dma_run(Rv770 *r, uint32_t budget)
{
    return rv770_run_engine(r, budget, rv770_dma_runnable, step,
                            &r->dma.waiting);
}

uint32_t rv770_dma_reg_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                            uint32_t stored)
{
    Rv770 *r = dev;
    bool busy = rv770_dma_runnable(r) || r->dma.waiting;

    switch (offset) {
    case RV770_DMA_RB_RPTR:
        return r->dma.rptr;
    case RV770_DMA_STATUS_REG:
        return busy ? 0 : RV770_DMA_IDLE;
    case RV770_SRBM_STATUS2:
        return busy ? RV770_SRBM2_DMA_BUSY : 0;
    case RV770_DMA_IB_RPTR:
        return r->dma.in_ib ? r->dma.ib_pos * 4 : 0;
    }
    return stored;
}

void rv770_dma_reg_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                         uint32_t old, uint32_t val)
{
    Rv770 *r = dev;

    switch (offset) {
    case RV770_DMA_RB_CNTL:
        if (RV770_DMA_RB_SIZE(val) > RV770_DMA_SIZE_LOG2_MAX) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: DMA_RB_CNTL size 2^%u "
                              "dwords is past the largest ring (2^%u): "
                              "clamped", RV770_DMA_RB_SIZE(val),
                              RV770_DMA_SIZE_LOG2_MAX);
        }
        r->dma.rptr &= ring_bytes(r) - 1;
        break;
    case RV770_DMA_RB_RPTR:
        r->dma.rptr = val & (ring_bytes(r) - 1) & ~3u;
        r->dma.in_ib = false;
        break;
    }
    r->dma.waiting = false;
    hwgpu_worker_kick(&r->worker);
}
