/*
 * The RV770's interrupt handler ring; see include/hwgpu/amd/rv770/rv770-ih.h.
 *
 * A vector is 16 bytes: dword 0 bits 7:0 the source ID, dword 1 bits 27:0
 * the source data, dwords 2-3 zero (ring and VM IDs, unused on R7xx).  The
 * write pointer (IH_RB_WPTR, bytes) advances by 16 modulo the ring size
 * (4 << IH_RB_CNTL.IB_SIZE bytes); it is written back to
 * IH_RB_WPTR_ADDR_HI:LO when WPTR_WRITEBACK_ENABLE is set.  A vector that
 * fills the ring overwrites the oldest, as the hardware does, and sets
 * RB_OVERFLOW (bit 0 of the pointer) when WPTR_OVERFLOW_ENABLE is set;
 * writing IH_RB_CNTL with WPTR_OVERFLOW_CLEAR clears it (radeon's
 * r600_get_ih_wptr then restarts from wptr + 16).  For MSI, a message is
 * due at each vector, and again when the driver moves the read pointer
 * with IH_CNTL.RPTR_REARM set and vectors remain (rv770_service).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-mc.h"

static uint32_t ring_mask(Rv770 *r)
{
    uint32_t log2 = RV770_IH_IB_SIZE(hwgpu_reg_get(&r->regs, RV770_IH_RB_CNTL));

    return (4u << MIN(log2, RV770_IH_SIZE_LOG2_MAX)) - 1;
}

void rv770_ih_post(Rv770 *r, uint32_t src_id, uint32_t src_data)
{
    uint32_t cntl = hwgpu_reg_get(&r->regs, RV770_IH_RB_CNTL);
    uint32_t mask = ring_mask(r);
    uint32_t wreg = hwgpu_reg_get(&r->regs, RV770_IH_RB_WPTR);
    uint32_t wptr = wreg & mask & ~15u, rptr;
    uint32_t iv[4] = { src_id & 0xff, src_data & 0x0fffffff, 0, 0 };
    uint64_t base = (uint64_t)hwgpu_reg_get(&r->regs, RV770_IH_RB_BASE) << 8;

    if (!(cntl & RV770_IH_RB_ENABLE)) {
        r->ih_dropped++;
        return;
    }
    if (mask < 31) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: IH ring of %u bytes "
                          "holds no vector", mask + 1);
        r->ih_dropped++;
        return;
    }
    rv770_mc_write(r, base + wptr, iv, sizeof(iv));
    wptr = (wptr + 16) & mask;
    rptr = hwgpu_reg_get(&r->regs, RV770_IH_RB_RPTR) & mask & ~15u;
    if (wptr == rptr && (cntl & RV770_IH_WPTR_OVERFLOW_ENABLE)) {
        wreg |= RV770_IH_RB_OVERFLOW;       /* the oldest is overwritten */
    }
    wreg = wptr | (wreg & RV770_IH_RB_OVERFLOW);
    hwgpu_reg_set(&r->regs, RV770_IH_RB_WPTR, wreg);
    if (cntl & RV770_IH_WPTR_WB_ENABLE) {
        uint64_t wb = ((uint64_t)(hwgpu_reg_get(&r->regs,
                                                RV770_IH_RB_WPTR_ADDR_HI) &
                                  0xff) << 32) |
                      (hwgpu_reg_get(&r->regs, RV770_IH_RB_WPTR_ADDR_LO) &
                       ~3u);

        rv770_mc_write(r, wb, &wreg, 4);
    }
    r->ih_posted++;
    r->irq_dirty = true;
    r->msi_due = true;
}

bool rv770_ih_pending(Rv770 *r)
{
    uint32_t mask = ring_mask(r) & ~15u;

    return (hwgpu_reg_get(&r->regs, RV770_IH_CNTL) & RV770_IH_ENABLE_INTR) &&
           (hwgpu_reg_get(&r->regs, RV770_IH_RB_CNTL) & RV770_IH_RB_ENABLE) &&
           (hwgpu_reg_get(&r->regs, RV770_IH_RB_WPTR) & mask) !=
           (hwgpu_reg_get(&r->regs, RV770_IH_RB_RPTR) & mask);
}

void rv770_ih_reset(Rv770 *r)
{
    r->ih_posted = r->ih_dropped = 0;
    r->irq_dirty = true;
}

void rv770_ih_reg_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                        uint32_t old, uint32_t val)
{
    Rv770 *r = dev;

    if (offset == RV770_IH_RB_CNTL) {
        if (val & RV770_IH_WPTR_OVERFLOW_CLEAR) {
            hwgpu_reg_set(rf, RV770_IH_RB_WPTR,
                          hwgpu_reg_get(rf, RV770_IH_RB_WPTR) &
                          ~RV770_IH_RB_OVERFLOW);
        }
        hwgpu_reg_set(rf, offset, val & ~RV770_IH_WPTR_OVERFLOW_CLEAR);
    }
    /* IH_RB_RPTR, IH_RB_WPTR, IH_CNTL: stored; the line may change.  With
     * RPTR_REARM, a read pointer short of the write pointer asks for
     * another message (radeon's MSI path acknowledges this way). */
    if (offset == RV770_IH_RB_RPTR &&
        (hwgpu_reg_get(rf, RV770_IH_CNTL) & RV770_IH_RPTR_REARM) &&
        rv770_ih_pending(r)) {
        r->msi_due = true;
    }
    r->irq_dirty = true;
}
