/*
 * The RV770's memory controller as the engines see it: one translation of
 * GPU (MC) addresses for every engine, VRAM through MC_VM_FB_LOCATION and
 * system memory through the GART (VM context 0, a flat page table in
 * VRAM), with bounds checks and the fault redirect to the default page.
 *
 * Documents: ../shared/reference/seed-004.md §4.5 steps 3 and 4
 * (rv770_mc_program, rv770_pcie_gart_enable, r600_pcie_gart_tlb_flush:
 * the registers, their order and the PTE layout), §4.7 (what the engines
 * write into guest memory through it).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_AMD_RV770_MC_H
#define HWGPU_AMD_RV770_MC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwgpu/common/regfile.h"

typedef struct Rv770 Rv770;

/* Register offsets (radeon's rv770d.h names). */
#define RV770_SRBM_STATUS                   0x0e50
#define RV770_VM_L2_CNTL                    0x1400
#define RV770_VM_L2_CNTL2                   0x1404
#define RV770_VM_L2_CNTL3                   0x1408
#define RV770_VM_L2_STATUS                  0x140c
#define RV770_VM_CONTEXT0_CNTL              0x1410  /* .. CONTEXT7 0x142c */
#define   RV770_VM_ENABLE_CONTEXT           (1u << 0)
#define   RV770_VM_PAGE_TABLE_DEPTH(v)      (((v) >> 1) & 3)
#define   RV770_VM_RANGE_FAULT_DEFAULT      (1u << 4)
#define RV770_VM_CONTEXT0_REQUEST_RESPONSE  0x1470
#define   RV770_VM_REQUEST_TYPE(v)          ((v) & 0xf)
#define   RV770_VM_RESPONSE_DONE            (1u << 4)
#define   RV770_VM_RESPONSE_FAIL            (2u << 4)
#define RV770_VM_CONTEXT0_INVALIDATION_LOW  0x1490
#define RV770_VM_CONTEXT0_INVALIDATION_HIGH 0x14b0
#define RV770_VM_CONTEXT0_FAULT_DEFAULT     0x1518
#define RV770_VM_CONTEXT0_PT_BASE           0x153c
#define RV770_VM_CONTEXT0_PT_START          0x155c
#define RV770_VM_CONTEXT0_PT_END            0x157c
#define RV770_MC_SHARED_CHMAP               0x2004
#define RV770_MC_VM_FB_LOCATION             0x2024
#define RV770_MC_VM_AGP_TOP                 0x2028
#define RV770_MC_VM_AGP_BOT                 0x202c
#define RV770_MC_VM_AGP_BASE                0x2030
#define RV770_MC_VM_SYS_APERTURE_LOW        0x2034
#define RV770_MC_VM_SYS_APERTURE_HIGH       0x2038
#define RV770_MC_VM_SYS_APERTURE_DEFAULT    0x203c
#define RV770_MC_ARB_RAMCFG                 0x2760

/* A GART page-table entry (64 bits; seed-004.md §4.5 step 4). */
#define RV770_PTE_VALID         (1ull << 0)
#define RV770_PTE_SYSTEM        (1ull << 1)
#define RV770_PTE_SNOOPED       (1ull << 2)
#define RV770_PTE_READABLE      (1ull << 5)
#define RV770_PTE_WRITEABLE     (1ull << 6)
#define RV770_PTE_ADDR          0x000000fffffff000ull   /* bits 39:12 */

/* MC addresses are 40 bits (FB_LOCATION and the page-table range say so). */
#define RV770_MC_ADDR_MASK      ((1ull << 40) - 1)

typedef enum Rv770McKind {
    RV770_MC_VRAM,          /* addr: a byte offset into VRAM */
    RV770_MC_SYSTEM,        /* addr: a bus address of system memory */
    RV770_MC_NONE,          /* nothing: reads zeros, writes dropped */
} Rv770McKind;

typedef struct Rv770McTarget {
    Rv770McKind kind;
    uint64_t addr;
    uint32_t len;           /* bytes the translation covers from addr */
    bool fault;             /* redirected to the default page */
} Rv770McTarget;

/*
 * Where an access at MC address MC lands.  Never fails: an address no
 * aperture maps, an invalid PTE or a PTE without the access's permission
 * is a fault, logged once per call site as a guest error, and goes where
 * the hardware sends it (the default page when VM_CONTEXT0_CNTL enables
 * RANGE_PROTECTION_FAULT_ENABLE_DEFAULT, else nowhere).  len stops at the
 * end of the page (GART) or of VRAM.
 */
void rv770_mc_translate(Rv770 *r, uint64_t mc, bool write, Rv770McTarget *t);

/* Engine accesses through rv770_mc_translate, page by page; false when
 * any part of it faulted (the access itself still happened as above). */
bool rv770_mc_read(Rv770 *r, uint64_t mc, void *buf, size_t len);
bool rv770_mc_write(Rv770 *r, uint64_t mc, const void *buf, size_t len);

/* A ring's bytes from `pos` on (the ring: `size` bytes, a power of two,
 * at MC address `base`), wrapping at its end; `len` <= size. */
void rv770_mc_read_ring(Rv770 *r, uint64_t base, uint32_t size, uint32_t pos,
                        void *buf, uint32_t len);

/* Side effects of the block's registers (rv770-regs.c's table). */
void rv770_mc_request_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                            uint32_t old, uint32_t val);
void rv770_mc_l2_cntl2_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                             uint32_t old, uint32_t val);

#endif
