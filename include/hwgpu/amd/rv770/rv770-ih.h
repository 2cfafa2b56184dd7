/*
 * The RV770's interrupt handler (IH): a ring of 16-byte interrupt vectors
 * in memory (an MC address, normally in the GART), its write pointer
 * written back to memory, and the interrupt line, up while the ring holds
 * vectors the driver has not read (rptr != wptr) and IH_CNTL enables it.
 *
 * Documents: ../shared/reference/seed-004.md §4.5 step 9 (r600_irq_init,
 * the IV layout, the sources, how radeon's r600_irq_process reads the
 * ring and acknowledges).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_AMD_RV770_IH_H
#define HWGPU_AMD_RV770_IH_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/regfile.h"

typedef struct Rv770 Rv770;

#define RV770_IH_RB_CNTL            0x3e00
#define   RV770_IH_RB_ENABLE        (1u << 0)
#define   RV770_IH_IB_SIZE(v)       (((v) >> 1) & 0x1f)   /* log2 dwords */
#define   RV770_IH_WPTR_WB_ENABLE   (1u << 8)
#define   RV770_IH_WPTR_OVERFLOW_ENABLE (1u << 16)
#define   RV770_IH_WPTR_OVERFLOW_CLEAR  (1u << 31)
#define RV770_IH_RB_BASE            0x3e04
#define RV770_IH_RB_RPTR            0x3e08
#define RV770_IH_RB_WPTR            0x3e0c
#define   RV770_IH_RB_OVERFLOW      (1u << 0)
#define RV770_IH_RB_WPTR_ADDR_HI    0x3e10
#define RV770_IH_RB_WPTR_ADDR_LO    0x3e14
#define RV770_IH_CNTL               0x3e18
#define   RV770_IH_ENABLE_INTR      (1u << 0)
#define   RV770_IH_RPTR_REARM       (1u << 4)
#define RV770_INTERRUPT_CNTL        0x5468
#define RV770_INTERRUPT_CNTL2       0x546c

/* The largest ring IH_RB_CNTL may set: 2^16 dwords (256 KiB). */
#define RV770_IH_SIZE_LOG2_MAX      16

/* Lock held.  Write a vector (source, data) to the ring. */
void rv770_ih_post(Rv770 *r, uint32_t src_id, uint32_t src_data);
/* Lock held.  The interrupt line's level. */
bool rv770_ih_pending(Rv770 *r);
void rv770_ih_reset(Rv770 *r);

void rv770_ih_reg_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                        uint32_t old, uint32_t val);

#endif
