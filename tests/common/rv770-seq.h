/*
 * Register sequences of radeon's RV770 bring-up, written once for the
 * rv770 unit tests and qtests: each fills a list of (register, value)
 * writes for the caller to issue in order.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_RV770_SEQ_H
#define HWGPU_TESTS_RV770_SEQ_H

#include <stdint.h>
#include "hwgpu/amd/rv770/rv770-dma.h"

typedef struct Rv770RegWrite {
    uint32_t reg, val;
} Rv770RegWrite;

#define RV770_SEQ_DMA_RESUME_LEN    13

/*
 * r600_dma_resume: the DMA ring of 4 KiB (RB_BUFSZ 10) at MC address
 * `ring`, its read pointer written back to MC address `rptr_wb`, IBs and
 * the trap interrupt enabled.
 */
static inline void rv770_seq_dma_resume(Rv770RegWrite *w, uint64_t ring,
                                        uint64_t rptr_wb)
{
    const Rv770RegWrite seq[RV770_SEQ_DMA_RESUME_LEN] = {
        { RV770_DMA_SEM_INCOMPLETE_TIMER_CNTL, 0 },
        { RV770_DMA_SEM_WAIT_FAIL_TIMER_CNTL, 0 },
        { RV770_DMA_RB_CNTL, 10 << 1 },
        { RV770_DMA_RB_RPTR, 0 },
        { RV770_DMA_RB_WPTR, 0 },
        { RV770_DMA_RB_RPTR_ADDR_HI, (uint32_t)(rptr_wb >> 32) },
        { RV770_DMA_RB_RPTR_ADDR_LO, (uint32_t)rptr_wb },
        { RV770_DMA_RB_BASE, (uint32_t)(ring >> 8) },
        { RV770_DMA_IB_CNTL, RV770_DMA_IB_ENABLE },
        { RV770_DMA_CNTL, RV770_DMA_TRAP_ENABLE },
        { RV770_DMA_MODE, 1 },
        { RV770_DMA_RB_CNTL, (10 << 1) | RV770_DMA_RPTR_WB_ENABLE |
                             RV770_DMA_RB_ENABLE },
        { RV770_DMA_RB_WPTR, 0 },
    };

    for (int i = 0; i < RV770_SEQ_DMA_RESUME_LEN; i++) {
        w[i] = seq[i];
    }
}

#endif
