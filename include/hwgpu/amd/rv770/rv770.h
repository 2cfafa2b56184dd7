/*
 * The RV770 (Radeon HD 4870) core, QEMU-independent: its register file
 * and the MM_INDEX/MM_DATA window through which the driver reaches the
 * registers past the 64 KiB MMIO BAR.  The first piece of the device of
 * issue #15; the memory controller, CP, IH, DMA and display come next
 * (docs/radeon-rv770.md says what is there).
 *
 * Documents: ../shared/reference/seed-004.md §4.1 (BARs, MM_INDEX/MM_DATA
 * as radeon's r100_mm_rreg/wreg use them), §4.2 (the VBIOS and the BIOS
 * scratch registers), §5.2 (the minimal model).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_AMD_RV770_H
#define HWGPU_AMD_RV770_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/host.h"
#include "hwgpu/common/regfile.h"
#include "hwgpu/common/worker.h"
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "hwgpu/amd/rv770/rv770-display.h"
#include "hwgpu/amd/rv770/rv770-dma.h"

#define RV770_PCI_VENDOR_ID     0x1002
#define RV770_PCI_DEVICE_ID     0x9440      /* Radeon HD 4870 */
#define RV770_PCI_REVISION      0x00

#define RV770_MMIO_SIZE         0x10000     /* BAR 2 */
#define RV770_IO_SIZE           0x100       /* BAR 4 */
/* Registers MM_INDEX reaches (the context registers end at 0x3FFFF). */
#define RV770_REG_SPACE         0x40000

/* Register offsets (bytes; radeon's r600d.h / rv770d.h names). */
#define RV770_MM_INDEX          0x0000
#define RV770_MM_DATA           0x0004
#define RV770_BIOS_0_SCRATCH    0x1724      /* .. BIOS_7_SCRATCH 0x1740 */
#define RV770_CONFIG_MEMSIZE    0x5428
#define RV770_SCRATCH_REG0      0x8500      /* .. SCRATCH_REG7 0x851C */
#define RV770_SCRATCH_REGS      8
#define RV770_D1CRTC_CONTROL    0x6080
#define RV770_D2CRTC_CONTROL    0x6880

struct Rv770 {
    HwgpuRegFile regs;
    const HwgpuHost *host;
    uint64_t vram_size;
    /* VRAM (vram_size bytes), set by whoever owns it (the QEMU glue: BAR
     * 0's RAM block), before any engine runs; NULL: none yet */
    uint8_t *vram;
    /*
     * The engines' thread (the CP and the DMA engine) and the lock that
     * guards the register file and every block's state: register accesses
     * take it, the thread holds it while it runs (hw/common/worker.c).
     */
    HwgpuWorker worker;
    Rv770Cp cp;
    Rv770Dma dma;
    Rv770Display disp;
    /* the interrupt line may have changed (rv770_service applies it) */
    bool irq_dirty;
    /* a message is due: vectors posted, or RPTR_REARM with some left */
    bool msi_due;
    uint64_t ih_posted, ih_dropped;
};

/* false when the register table is malformed. */
bool rv770_init(Rv770 *r, const HwgpuHost *host, uint64_t vram_size);
void rv770_destroy(Rv770 *r);
void rv770_reset(Rv770 *r);

/* BAR 2 (offset < RV770_MMIO_SIZE) and BAR 4 (MM_INDEX/MM_DATA at 0/4). */
uint32_t rv770_mmio_read(Rv770 *r, uint32_t offset);
void rv770_mmio_write(Rv770 *r, uint32_t offset, uint32_t val);

/*
 * Lock held: an engine's run loop.  While `runnable` and within `budget`,
 * `step` runs one packet; a step that must wait (false) sets *waiting,
 * which the idle tick clears.  Ends early when a caller waits for the
 * lock.  Returns the steps that ran.
 */
uint32_t rv770_run_engine(Rv770 *r, uint32_t budget,
                          bool (*runnable)(Rv770 *r), bool (*step)(Rv770 *r),
                          bool *waiting);

/* Start the engines' thread (without it, rv770_run runs them by hand). */
bool rv770_start(Rv770 *r);
/* Run up to `budget` packets of each engine on the calling thread
 * (tests); returns how many ran in all. */
uint32_t rv770_run(Rv770 *r, uint32_t budget);
/*
 * On the thread that owns the interrupt line (QEMU: with the BQL held),
 * when the host's kick asks for it and after register writes: whether
 * the INTx line may have changed and its level (up while the IH ring
 * holds unread vectors and IH_CNTL enables interrupts), and whether a
 * message is due for MSI (a vector was posted, or the driver moved the
 * read pointer with IH_CNTL.RPTR_REARM while vectors remain).
 */
typedef struct Rv770Irq {
    bool changed, level, msi;
} Rv770Irq;
void rv770_service(Rv770 *r, Rv770Irq *irq);

extern const HwgpuRegDesc rv770_reg_table[];
extern const unsigned rv770_reg_table_len;

#endif
