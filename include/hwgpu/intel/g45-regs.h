/*
 * Intel G45 (Gen4.5) MMIO register map: offsets and the register table.
 * Offsets are those of the MMIO half of BAR0 (GTTMMADR); see
 * ../shared/reference/intel-i915-probe.md section 2.1 for how i915 uses them.
 */
#ifndef HWGPU_INTEL_G45_REGS_H
#define HWGPU_INTEL_G45_REGS_H

#include "hwgpu/regfile.h"

#define G45_PCI_VENDOR_ID       0x8086
#define G45_PCI_DEVICE_ID       0x2e22
#define G45_PCI_REVISION        0x03

#define G45_MMIO_SIZE           (512 * 1024)      /* MMIO part of BAR0 */
#define G45_GTT_OFFSET          (2 * 1024 * 1024) /* GTT part of BAR0 */
#define G45_GTT_SIZE            (2 * 1024 * 1024)
#define G45_BAR0_SIZE           (4 * 1024 * 1024)
#define G45_IO_SIZE             8                 /* BAR4: index/data pair */
#define G45_IO_INDEX            0
#define G45_IO_DATA             4

/* Render command streamer (Gen4 RCS) */
#define G45_PGETBL_CTL          0x02020
#define G45_RCS_TAIL            0x02030
#define G45_RCS_HEAD            0x02034
#define G45_RCS_START           0x02038
#define G45_RCS_CTL             0x0203c
#define G45_HWS_PGA             0x02080
#define G45_HWSTAM              0x02098
#define G45_MI_MODE             0x0209c
#define G45_IER                 0x020a0
#define G45_IIR                 0x020a4
#define G45_IMR                 0x020a8
#define G45_ISR                 0x020ac
#define G45_EIR                 0x020b0
#define G45_EMR                 0x020b4
#define G45_ESR                 0x020b8
#define G45_INSTPM              0x020c0
#define G45_FENCE0              0x03000   /* 16 x 64-bit */
#define G45_GMBUS0              0x05100   /* GMBUS0..5 */
#define G45_DPLL_A              0x06014
#define G45_DPLL_B              0x06018
#define G45_FPA0                0x06040
#define G45_HTOTAL_A            0x60000
#define G45_HTOTAL_B            0x61000
#define G45_ADPA                0x61100
#define G45_PIPEA_DSL           0x70000
#define G45_PIPEACONF           0x70008
#define G45_PIPEASTAT           0x70024
#define G45_DSPACNTR            0x70180
#define G45_DSPASTRIDE          0x70188
#define G45_DSPASURF            0x7019c
#define G45_PIPEBCONF           0x71008
#define G45_DSPBCNTR            0x71180
#define G45_VGACNTRL            0x71400

#define G45_PIPECONF_ENABLE     (1u << 31)
#define G45_PIPECONF_STATE      (1u << 30)
#define G45_VGACNTRL_DISABLE    (1u << 31)

extern const HwgpuRegDesc g45_reg_table[];
extern const unsigned g45_reg_table_len;

#endif
