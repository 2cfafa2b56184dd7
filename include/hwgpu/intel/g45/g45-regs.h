/*
 * Intel G45 (Gen4.5) MMIO register map: offsets and the register table.
 * Offsets are those of the MMIO half of BAR0 (GTTMMADR); see
 * ../shared/reference/intel-i915-probe.md section 2.1 for how i915 uses them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_REGS_H
#define HWGPU_INTEL_G45_REGS_H

#include "hwgpu/common/regfile.h"

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
#define G45_RCS_TAIL            0x02030   /* ring registers: g45-cs.h */
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
#define G45_GPIO_A              0x05010   /* GPIOA..GPIOF, 0x5010-0x5024 */
#define G45_GMBUS0              0x05100   /* pin pair select, rate */
#define G45_GMBUS1              0x05104   /* command */
#define G45_GMBUS2              0x05108   /* status */
#define G45_GMBUS3              0x0510c   /* data */
#define G45_GMBUS4              0x05110   /* interrupt mask */
#define G45_GMBUS5              0x05120   /* 2-byte index */
#define G45_DPLL_A              0x06014
#define G45_DPLL_B              0x06018
#define G45_DPLL_A_MD           0x0601c
#define G45_DPLL_B_MD           0x06020
#define G45_FPA0                0x06040
#define G45_FPA1                0x06044
#define G45_FPB0                0x06048
#define G45_FPB1                0x0604c
#define G45_PALETTE_A           0x0a000   /* 256 x 0x00RRGGBB */
#define G45_PALETTE_B           0x0a800
/* MCHBAR mirror (intel-i915-probe.md 2.1 uncore) */
#define G45_MCHBAR_MIRROR       0x10000
#define G45_MCHBAR_MIRROR_SIZE  0x04000
/* Pipe timings: pipe A at 0x60000, pipe B at 0x61000. */
#define G45_HTOTAL_A            0x60000
#define G45_HBLANK_A            0x60004
#define G45_HSYNC_A             0x60008
#define G45_VTOTAL_A            0x6000c
#define G45_VBLANK_A            0x60010
#define G45_VSYNC_A             0x60014
#define G45_PIPEASRC            0x6001c
#define G45_BCLRPAT_A           0x60020
#define G45_VSYNCSHIFT_A        0x60028
#define G45_HTOTAL_B            0x61000
#define G45_PIPE_TIMING_STRIDE  0x1000
#define G45_ADPA                0x61100
#define G45_PORT_HOTPLUG_EN     0x61110
#define G45_PORT_HOTPLUG_STAT   0x61114
#define G45_SDVOB               0x61140
#define G45_SDVOC               0x61160
#define G45_LVDS                0x61180
#define G45_PP_STATUS           0x61200
#define G45_PFIT_CONTROL        0x61230
#define G45_DP_B                0x64100
#define G45_DP_C                0x64200
#define G45_DP_D                0x64300
/* Pipe and plane registers: pipe A at 0x70000, pipe B at 0x71000. */
#define G45_PIPEA_DSL           0x70000
#define G45_PIPEACONF           0x70008
#define G45_PIPEASTAT           0x70024
#define G45_DSPARB              0x70030
#define G45_DSPFW1              0x70034
#define G45_PIPEA_FRMCOUNT      0x70040   /* PIPE_FRMCOUNT_G4X */
#define G45_PIPEA_FLIPCOUNT     0x70044
#define G45_CURACNTR            0x70080
#define G45_CURABASE            0x70084
#define G45_CURAPOS             0x70088
#define G45_CURBCNTR            0x700c0
#define G45_CURBBASE            0x700c4
#define G45_CURBPOS             0x700c8
#define G45_DSPACNTR            0x70180
#define G45_DSPALINOFF          0x70184
#define G45_DSPASTRIDE          0x70188
#define G45_DSPAPOS             0x7018c
#define G45_DSPASIZE            0x70190
#define G45_DSPASURF            0x7019c
#define G45_DSPATILEOFF         0x701a4
#define G45_DSPASURFLIVE        0x701ac
#define G45_PIPE_STRIDE         0x1000
#define G45_PIPEBCONF           0x71008
#define G45_DSPBCNTR            0x71180
#define G45_VGACNTRL            0x71400

#define G45_PIPECONF_ENABLE     (1u << 31)
#define G45_PIPECONF_STATE      (1u << 30)
#define G45_VGACNTRL_DISABLE    (1u << 31)

extern const HwgpuRegDesc g45_reg_table[];
extern const unsigned g45_reg_table_len;

#endif
