/*
 * What the RV770 fuzz targets share: reading the input as bytes and
 * dwords (zeros once it runs out), addresses steered into the regions a
 * target sets up, and the memory controller, GART and IH ring programmed
 * as radeon programs them (VRAM at MC 0, GART_PAGES pages at RV770_FUZZ_GTT
 * onto guest RAM from 0x1000, the IH ring on the second of them).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef RV770_FUZZ_H
#define RV770_FUZZ_H

#include <glib.h>
#include <stdint.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-mc.h"

#define RV770_FUZZ_VRAM     (4u << 20)
#define RV770_FUZZ_TABLE    0x100000u
#define RV770_FUZZ_GTT      0x10000000u
#define RV770_FUZZ_GTT_PAGES 8u

typedef struct FuzzInput {
    const uint8_t *p;
    size_t left;
} FuzzInput;

static inline uint8_t fuzz_byte(FuzzInput *in)
{
    if (!in->left) {
        return 0;
    }
    in->left--;
    return *in->p++;
}

static inline uint32_t fuzz_dword(FuzzInput *in)
{
    uint32_t v = 0;

    for (int i = 0; i < 4; i++) {
        v |= (uint32_t)fuzz_byte(in) << (8 * i);
    }
    return v;
}

/* An address steered by its two low bits: VRAM, the area [area, area +
 * area_dw dwords), the GART, or anything. */
static inline uint32_t fuzz_steer(FuzzInput *in, uint32_t area,
                                  uint32_t area_dw)
{
    uint32_t v = fuzz_dword(in);

    switch (v & 3) {
    case 0:
        return (v >> 2) % RV770_FUZZ_VRAM;
    case 1:
        return area + ((v >> 2) % area_dw) * 4;
    case 2:
        return RV770_FUZZ_GTT + ((v >> 2) % 0x8000);
    default:
        return v;
    }
}

/* The MC, the GART (faults to the default page) and an enabled IH ring. */
static inline void rv770_fuzz_memory(Rv770 *r)
{
    rv770_mmio_write(r, RV770_MC_VM_FB_LOCATION, 0x000f0000);
    rv770_mmio_write(r, RV770_VM_CONTEXT0_PT_START, RV770_FUZZ_GTT >> 12);
    rv770_mmio_write(r, RV770_VM_CONTEXT0_PT_END,
                     (RV770_FUZZ_GTT >> 12) + RV770_FUZZ_GTT_PAGES - 1);
    rv770_mmio_write(r, RV770_VM_CONTEXT0_PT_BASE, RV770_FUZZ_TABLE >> 12);
    rv770_mmio_write(r, RV770_VM_CONTEXT0_FAULT_DEFAULT, 0);
    rv770_mmio_write(r, RV770_VM_CONTEXT0_CNTL, RV770_VM_ENABLE_CONTEXT |
                     RV770_VM_RANGE_FAULT_DEFAULT);
    for (unsigned i = 0; i < RV770_FUZZ_GTT_PAGES; i++) {
        uint64_t pte = (0x1000ull * (i + 1)) | RV770_PTE_VALID |
                       RV770_PTE_SYSTEM | RV770_PTE_READABLE |
                       RV770_PTE_WRITEABLE;

        memcpy(r->vram + RV770_FUZZ_TABLE + i * 8, &pte, 8);
    }
    rv770_mmio_write(r, RV770_IH_RB_BASE, (RV770_FUZZ_GTT + 4096) >> 8);
    rv770_mmio_write(r, RV770_IH_RB_WPTR_ADDR_LO, RV770_FUZZ_GTT + 2048);
    rv770_mmio_write(r, RV770_IH_RB_CNTL, RV770_IH_RB_ENABLE | (8 << 1) |
                     RV770_IH_WPTR_WB_ENABLE | RV770_IH_WPTR_OVERFLOW_ENABLE);
    rv770_mmio_write(r, RV770_IH_CNTL, RV770_IH_ENABLE_INTR);
}

#endif
