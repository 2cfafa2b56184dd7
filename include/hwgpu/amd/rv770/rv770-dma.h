/*
 * The RV770's asynchronous DMA engine: its ring and indirect buffers, the
 * packets radeon sends (WRITE, COPY, CONSTANT_FILL, FENCE, TRAP,
 * SEMAPHORE, INDIRECT_BUFFER, SRBM_WRITE, NOP) through the memory
 * controller, and the trap interrupt through the IH.  It runs on the
 * device's worker thread beside the CP, under the same lock.
 *
 * Documents: ../shared/reference/seed-004.md §2.1.4 (registers and
 * packets), §4.5 step 12 (r600_dma_resume and the ring test), step 14
 * (the IB test), §4.6 (DMA_STATUS_REG).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_AMD_RV770_DMA_H
#define HWGPU_AMD_RV770_DMA_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/regfile.h"

typedef struct Rv770 Rv770;

#define RV770_SRBM_STATUS2          0x0ec4
#define   RV770_SRBM2_DMA_BUSY      (1u << 5)
#define RV770_DMA_TILING_CONFIG     0x3ec8
#define RV770_DMA_RB_CNTL           0xd000
#define   RV770_DMA_RB_ENABLE       (1u << 0)
#define   RV770_DMA_RB_SIZE(v)      (((v) >> 1) & 0x1f)     /* log2 dwords */
#define   RV770_DMA_RPTR_WB_ENABLE  (1u << 12)
#define RV770_DMA_RB_BASE           0xd004
#define RV770_DMA_RB_RPTR           0xd008
#define RV770_DMA_RB_WPTR           0xd00c
#define RV770_DMA_RB_RPTR_ADDR_HI   0xd01c
#define RV770_DMA_RB_RPTR_ADDR_LO   0xd020
#define RV770_DMA_IB_CNTL           0xd024
#define   RV770_DMA_IB_ENABLE       (1u << 0)
#define RV770_DMA_IB_RPTR           0xd028
#define RV770_DMA_CNTL              0xd02c
#define   RV770_DMA_TRAP_ENABLE     (1u << 0)
#define RV770_DMA_STATUS_REG        0xd034
#define   RV770_DMA_IDLE            (1u << 0)
#define RV770_DMA_SEM_INCOMPLETE_TIMER_CNTL 0xd044
#define RV770_DMA_SEM_WAIT_FAIL_TIMER_CNTL  0xd048
#define RV770_DMA_TILING_CONFIG2    0xd0b8
#define RV770_DMA_MODE              0xd0bc

/* The largest ring DMA_RB_CNTL may set: 2^16 dwords (the 0x3fffc mask). */
#define RV770_DMA_SIZE_LOG2_MAX     16

/* Packet commands (header bits 31:28). */
#define RV770_DMA_WRITE             0x2
#define RV770_DMA_COPY              0x3
#define RV770_DMA_INDIRECT_BUFFER   0x4
#define RV770_DMA_SEMAPHORE         0x5
#define RV770_DMA_FENCE             0x6
#define RV770_DMA_TRAP              0x7
#define RV770_DMA_SRBM_WRITE        0x9
#define RV770_DMA_CONSTANT_FILL     0xd
#define RV770_DMA_NOP               0xf
#define RV770_DMA_PACKET(cmd, t, s, n) \
    (((uint32_t)(cmd) << 28) | ((uint32_t)(t) << 23) | \
     ((uint32_t)(s) << 22) | ((uint32_t)(n) & 0xffff))

/* IH source of the TRAP packet. */
#define RV770_IH_SRC_DMA_TRAP       224

typedef struct Rv770Dma {
    uint32_t rptr;          /* ring read pointer (bytes) */
    bool in_ib;
    uint64_t ib_base;       /* MC address */
    uint32_t ib_size, ib_pos;   /* dwords */
    bool waiting;           /* a semaphore wait not met: retry later */
    bool enter_ib;          /* INDIRECT_BUFFER: entered once consumed */
    uint64_t next_ib_base;
    uint32_t next_ib_size;
    struct {
        uint64_t packets, bytes, traps;
    } stats;
} Rv770Dma;

/* Lock held (see rv770-cp.h). */
uint32_t rv770_dma_run(Rv770 *r, uint32_t budget);
bool rv770_dma_runnable(Rv770 *r);
void rv770_dma_retry(Rv770 *r);
void rv770_dma_reset(Rv770 *r);

uint32_t rv770_dma_reg_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                            uint32_t stored);
void rv770_dma_reg_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                         uint32_t old, uint32_t val);

#endif
