/*
 * The RV770's command processor (CP): the GFX ring and its indirect
 * buffers, PM4 packets of types 0, 2 and 3 (the type-3 opcodes as a
 * table, rv770-cp.c), the microcode ports, the scratch registers and
 * their writeback, fences and the interrupts they raise through the IH.
 * It runs on the device's worker thread; everything here is called with
 * the worker's lock held (Rv770.worker), which also guards the register
 * file.
 *
 * Documents: ../shared/reference/seed-004.md §2.1 (PM4 headers and
 * opcodes with their bodies), §4.4 (microcode upload), §4.5 steps 9-14
 * (r600_cp_resume, r600_cp_start, the ring and IB tests, the fences),
 * §4.6 (GRBM_STATUS), §4.7 (writeback).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_AMD_RV770_CP_H
#define HWGPU_AMD_RV770_CP_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/regfile.h"

typedef struct Rv770 Rv770;

/* Register offsets (radeon's r600d.h / rv770d.h names). */
#define RV770_GRBM_STATUS           0x8010
#define   RV770_GRBM_CP_BUSY        (1u << 29)
#define   RV770_GRBM_GUI_ACTIVE     (1u << 31)
#define RV770_GRBM_SOFT_RESET       0x8020
#define   RV770_SOFT_RESET_CP       (1u << 0)
#define RV770_WAIT_UNTIL            0x8040
#define RV770_SCRATCH_UMSK          0x8540
#define RV770_SCRATCH_ADDR          0x8544
#define RV770_CP_SEM_WAIT_TIMER     0x85bc
#define RV770_CP_COHER_CNTL         0x85f0
#define RV770_CP_COHER_SIZE         0x85f4
#define RV770_CP_COHER_BASE         0x85f8
#define RV770_CP_COHER_STATUS       0x85fc
#define RV770_CP_ME_CNTL            0x86d8
#define   RV770_CP_PFP_HALT         (1u << 26)
#define   RV770_CP_ME_HALT          (1u << 28)
#define RV770_CP_RB_RPTR            0x8700
#define RV770_CP_RB_WPTR_DELAY      0x8704
#define RV770_CP_RB_BASE            0xc100
#define RV770_CP_RB_CNTL            0xc104
#define   RV770_RB_BUFSZ(v)         ((v) & 0x3f)
#define   RV770_RB_NO_UPDATE        (1u << 27)
#define   RV770_RB_RPTR_WR_ENA      (1u << 31)
#define RV770_CP_RB_RPTR_WR         0xc108
#define RV770_CP_RB_RPTR_ADDR       0xc10c
#define RV770_CP_RB_RPTR_ADDR_HI    0xc110
#define RV770_CP_RB_WPTR            0xc114
#define RV770_CP_INT_CNTL           0xc124
#define   RV770_TIME_STAMP_INT_ENABLE (1u << 26)
#define   RV770_RB_INT_ENABLE       (1u << 31)
#define RV770_CP_INT_STATUS         0xc128
#define   RV770_RB_INT_STAT         (1u << 31)
#define RV770_CP_PFP_UCODE_ADDR     0xc150
#define RV770_CP_PFP_UCODE_DATA     0xc154
#define RV770_CP_ME_RAM_RADDR       0xc158
#define RV770_CP_ME_RAM_WADDR       0xc15c
#define RV770_CP_ME_RAM_DATA        0xc160
#define RV770_CP_DEBUG              0xc1fc

/* Microcode sizes (dwords) for the RV770 (seed-004.md §4.4). */
#define RV770_PFP_UCODE_DWORDS      848
#define RV770_ME_UCODE_DWORDS       1360

/* The largest ring CP_RB_CNTL may set (RB_BUFSZ: 8 << n bytes): 8 MiB. */
#define RV770_CP_RB_BUFSZ_MAX       20
/* Indirect buffers nest two deep (IB1, IB2). */
#define RV770_CP_IB_DEPTH           2
/* CP_DMA moves at most this much per packet (its byte count field). */
#define RV770_CP_DMA_MAX            (2u << 20)

/* The windows the SET_* packets write (byte offsets). */
#define RV770_CONFIG_REG_START      0x08000
#define RV770_CONFIG_REG_END        0x0ac00
#define RV770_STATE_START           0x28000     /* context .. bool consts */
#define RV770_STATE_END             0x40000
#define RV770_STATE_DWORDS          ((RV770_STATE_END - RV770_STATE_START) / 4)

/* IH source IDs the CP raises (seed-004.md §4.5 step 9). */
#define RV770_IH_SRC_CP_RB          176
#define RV770_IH_SRC_CP_EOP         181

typedef struct Rv770CpIb {
    uint64_t base;          /* MC address */
    uint32_t size;          /* dwords */
    uint32_t pos;           /* dwords consumed */
} Rv770CpIb;

/* A type-3 body is at most 2^14 dwords (COUNT is 14 bits). */
#define RV770_PM4_MAX_BODY          16384u

typedef struct Rv770Cp {
    uint32_t rptr;          /* ring read pointer (dwords) */
    Rv770CpIb ib[RV770_CP_IB_DEPTH];
    unsigned ib_depth;      /* 0: the ring */
    Rv770CpIb next_ib;      /* INDIRECT_BUFFER: entered once it is consumed */
    bool pending_ib;
    bool waiting;           /* WAIT_REG_MEM/semaphore not met: retry later */
    uint32_t pfp_addr, me_waddr, me_raddr;
    uint32_t pfp_ucode[RV770_PFP_UCODE_DWORDS];
    uint32_t me_ucode[RV770_ME_UCODE_DWORDS];
    /* 3D state: the context registers and constants (0x28000..0x3FFFF)
     * the SET_* packets write, for the 3D engine to read */
    uint32_t *state;
    uint32_t pkt[RV770_PM4_MAX_BODY + 1];   /* the packet being run */
    struct {
        uint64_t packets, dwords, ibs, eops;
    } stats;
} Rv770Cp;

/* Lock held.  Runs up to `budget` packets; returns how many ran. */
uint32_t rv770_cp_run(Rv770 *r, uint32_t budget);
/* Lock held.  Work to do (the ME runs and the ring or an IB has packets,
 * and no wait stalls it)? */
bool rv770_cp_runnable(Rv770 *r);
/* Lock held.  A stalled wait looks at memory again (the idle tick). */
void rv770_cp_retry(Rv770 *r);
void rv770_cp_reset(Rv770 *r);

/* Register side effects (rv770-regs.c's table). */
uint32_t rv770_cp_reg_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                           uint32_t stored);
void rv770_cp_reg_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                        uint32_t old, uint32_t val);

#endif
