/*
 * The G45 register table.  Everything a register does is data here: reset
 * value, writable bits, write-1-to-clear bits, masked-write flag and hooks for
 * the registers whose reads or writes have side effects (the hooks live in
 * the file of the block they belong to).  Registers that i915 only programs
 * and reads back are plain storage.  Offsets: intel-i915-probe.md 2.1.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/intel/g45/g45.h"

/* PIPExCONF bit 30 reports the pipe state, which follows the enable bit. */
static uint32_t pipeconf_read(void *dev, HwgpuRegFile *rf, uint32_t offset,
                              uint32_t stored)
{
    stored &= ~G45_PIPECONF_STATE;
    return stored | ((stored & G45_PIPECONF_ENABLE) ? G45_PIPECONF_STATE : 0);
}

#define RW(off, nm, rst) { .offset = (off), .name = (nm), .reset = (rst), \
                           .wmask = 0xffffffffu }
#define RO(off, nm, rst) { .offset = (off), .name = (nm), .reset = (rst) }
#define MASKED(off, nm, rst) { .offset = (off), .name = (nm), .reset = (rst), \
                               .wmask = 0xffffu, .flags = HWGPU_REG_MASKED }
#define HOOKED(off, nm, wm, w1, rd, wr) \
    { .offset = (off), .name = (nm), .wmask = (wm), .w1c = (w1), \
      .read = (rd), .write = (wr) }
#define FENCE(n) RW(G45_FENCE0 + 8 * (n), "FENCE" #n "_LO", 0), \
                 RW(G45_FENCE0 + 8 * (n) + 4, "FENCE" #n "_HI", 0)
#define GPIO(n) RW(G45_GPIO_A + 4 * (n), "GPIO" #n, 0)

/* Pipe timing block (pipe A at 0x60000, B at 0x61000): storage. */
#define TIMINGS(p, P) \
    RW(G45_HTOTAL_A + (p) * 0x1000, "HTOTAL_" P, 0), \
    RW(G45_HBLANK_A + (p) * 0x1000, "HBLANK_" P, 0), \
    RW(G45_HSYNC_A + (p) * 0x1000, "HSYNC_" P, 0), \
    RW(G45_VTOTAL_A + (p) * 0x1000, "VTOTAL_" P, 0), \
    RW(G45_VBLANK_A + (p) * 0x1000, "VBLANK_" P, 0), \
    RW(G45_VSYNC_A + (p) * 0x1000, "VSYNC_" P, 0), \
    RW(G45_PIPEASRC + (p) * 0x1000, "PIPESRC_" P, 0), \
    RW(G45_BCLRPAT_A + (p) * 0x1000, "BCLRPAT_" P, 0), \
    RW(G45_VSYNCSHIFT_A + (p) * 0x1000, "VSYNCSHIFT_" P, 0), \
    RW(0x60050 + (p) * 0x1000, "DATA_M_" P, 0), \
    RW(0x60054 + (p) * 0x1000, "DATA_N_" P, 0), \
    RW(0x60060 + (p) * 0x1000, "LINK_M_" P, 0), \
    RW(0x60064 + (p) * 0x1000, "LINK_N_" P, 0)

/* Pipe and primary plane block (pipe A at 0x70000, B at 0x71000). */
#define PIPE(p, P) \
    HOOKED(G45_PIPEA_DSL + (p) * 0x1000, "PIPEDSL_" P, 0, 0, \
           g45_disp_read_dsl, NULL), \
    HOOKED(G45_PIPEACONF + (p) * 0x1000, "PIPECONF_" P, \
           ~G45_PIPECONF_STATE, 0, pipeconf_read, g45_disp_write_pipeconf), \
    HOOKED(G45_PIPEASTAT + (p) * 0x1000, "PIPESTAT_" P, 0x7fff0000u, \
           0x8000ffffu, g45_disp_read_pipestat, g45_disp_write_irq), \
    HOOKED(G45_PIPEA_FRMCOUNT + (p) * 0x1000, "PIPE_FRMCOUNT_" P, 0, 0, \
           g45_disp_read_frmcount, NULL), \
    RO(G45_PIPEA_FLIPCOUNT + (p) * 0x1000, "PIPE_FLIPCOUNT_" P, 0), \
    RW(G45_DSPACNTR + (p) * 0x1000, "DSPCNTR_" P, 0), \
    RW(G45_DSPALINOFF + (p) * 0x1000, "DSPLINOFF_" P, 0), \
    RW(G45_DSPASTRIDE + (p) * 0x1000, "DSPSTRIDE_" P, 0), \
    RW(G45_DSPAPOS + (p) * 0x1000, "DSPPOS_" P, 0), \
    RW(G45_DSPASIZE + (p) * 0x1000, "DSPSIZE_" P, 0), \
    HOOKED(G45_DSPASURF + (p) * 0x1000, "DSPSURF_" P, 0xfffff000u, 0, \
           NULL, g45_disp_write_dspsurf), \
    RW(G45_DSPATILEOFF + (p) * 0x1000, "DSPTILEOFF_" P, 0), \
    HOOKED(G45_DSPASURFLIVE + (p) * 0x1000, "DSPSURFLIVE_" P, 0, 0, \
           g45_disp_read_surflive, NULL)

#define GMBUS(off, nm, wm) HOOKED(off, nm, wm, 0, g45_gmbus_read, \
                                  g45_gmbus_write)

/*
 * Ring registers: the rows of the engine register bank (G45_ENGINE_REGS
 * in g45-cs.h).  Those the engines model take the engine hooks, which
 * apply masked writes and write-1-to-clear themselves (the file passes
 * raw values); G45_ER_FILE rows are read-only storage here.
 */
#define RING_ROW(b, nm, o, fl) \
    { .offset = (b) + (o), .name = (nm), \
      .reset = 0, .wmask = ((fl) & G45_ER_FILE) ? 0 : 0xffffffffu, \
      .read = ((fl) & G45_ER_FILE) ? NULL : g45_ring_read, \
      .write = ((fl) & G45_ER_FILE) ? NULL : g45_ring_write },
#define RCS_ROW(id, o, nm, fl, wm, pon) RING_ROW(G45_RCS_BASE, "RCS_" nm, o, fl)
#define BSD_ROW(id, o, nm, fl, wm, pon) RING_ROW(G45_BSD_BASE, "BSD_" nm, o, fl)
#define RCS_OWN_ROW(id, o, nm, fl, wm, pon) RING_ROW(G45_RCS_BASE, nm, o, fl)

const HwgpuRegDesc g45_reg_table[] = {
    RW(G45_PGETBL_CTL, "PGETBL_CTL", 0),
    G45_ENGINE_REGS(RCS_ROW)
    G45_RCS_REGS(RCS_OWN_ROW)
    G45_ENGINE_REGS(BSD_ROW)
    /* First-level interrupt bank: IIR latches, IER gates the line. */
    HOOKED(G45_IER, "IER", 0xffffffffu, 0, NULL, g45_disp_write_irq),
    HOOKED(G45_IIR, "IIR", 0, 0xffffffffu, NULL, g45_disp_write_irq),
    { .offset = G45_IMR, .name = "IMR", .reset = 0xffffffffu,
      .wmask = 0xffffffffu, .write = g45_disp_write_irq },
    RO(G45_ISR, "ISR", 0),
    { .offset = G45_EIR, .name = "EIR", .w1c = 0xffffffffu },
    RW(G45_EMR, "EMR", 0xffffffff),
    RO(G45_ESR, "ESR", 0),
    RO(0x020c4, "INSTPM_HI", 0),
    RO(0x02024, "PGTBL_ER", 0),         /* no page-table errors */
    RO(0x0207c, "INSTDONE1", 0),
    MASKED(0x020e4, "MI_ARB_STATE", 0),
    RW(0x020d8, "FW_BLC", 0),
    RW(0x020dc, "FW_BLC2", 0),
    RW(0x020e0, "FW_BLC_SELF", 0),
    MASKED(0x02120, "CACHE_MODE_0", 0),
    RW(0x02170, "GFX_FLSH_CNTL", 0),   /* a write flushes; nothing to do */
    MASKED(0x021d0, "ECOSKPD", 0),
    /* Legacy VGA PLL and display power state: storage. */
    RW(0x06000, "VCLK_DIVISOR_VGA0", 0),
    RW(0x06004, "VCLK_DIVISOR_VGA1", 0),
    RW(0x06010, "VCLK_POST_DIV", 0),
    RW(0x0606c, "DPLL_TEST", 0),
    RW(0x06104, "D_STATE", 0),
    /* Clock gating: storage. */
    RW(0x06200, "DSPCLK_GATE_D", 0),
    RW(0x06204, "RENCLK_GATE_D1", 0),
    RW(0x06208, "RENCLK_GATE_D2", 0),
    RW(0x0620c, "RENDCLK_GATE_D3", 0),
    RW(0x06210, "RAMCLK_GATE_D", 0),
    RW(0x06214, "DEUC", 0),
    RO(0x14d68, "PEG_BAND_GAP_DATA", 0),
    FENCE(0), FENCE(1), FENCE(2), FENCE(3), FENCE(4), FENCE(5), FENCE(6),
    FENCE(7), FENCE(8), FENCE(9), FENCE(10), FENCE(11), FENCE(12), FENCE(13),
    FENCE(14), FENCE(15),
    GPIO(0), GPIO(1), GPIO(2), GPIO(3), GPIO(4), GPIO(5),
    GMBUS(G45_GMBUS0, "GMBUS0", 0x000007ffu),
    GMBUS(G45_GMBUS1, "GMBUS1", 0xffffffffu),
    GMBUS(G45_GMBUS2, "GMBUS2", 0x00008000u),
    GMBUS(G45_GMBUS3, "GMBUS3", 0xffffffffu),
    GMBUS(G45_GMBUS4, "GMBUS4", 0x0000001fu),
    GMBUS(G45_GMBUS5, "GMBUS5", 0x8000ffffu),
    /* Pipe palettes: 256 x 0x00RRGGBB each (8-bit indexed planes). */
    { .offset = G45_PALETTE_A, .name = "PALETTE_A", .wmask = 0x00ffffffu,
      .count = 256 },
    { .offset = G45_PALETTE_B, .name = "PALETTE_B", .wmask = 0x00ffffffu,
      .count = 256 },
    /* MCHBAR mirror: i915 reads CLKCFG, HPLLVCO, DCC, C0/C1DRB3 and the
     * stolen-reserved registers; zeros are valid answers for each. */
    { .offset = G45_MCHBAR_MIRROR, .name = "MCHBAR_MIRROR",
      .count = 0x204 / 4 },
    /* C0DRB3/C1DRB3 (16-bit at 0x10206/0x10606) differ: asymmetric dual
     * channel, so i915 reports no bit-6 swizzling (see g45-fence.h). */
    RO(G45_MCHBAR_MIRROR + 0x204, "C0DRB3", 0x00400000),
    { .offset = G45_MCHBAR_MIRROR + 0x208, .name = "MCHBAR_MIRROR",
      .count = (0x604 - 0x208) / 4 },
    RO(G45_MCHBAR_MIRROR + 0x604, "C1DRB3", 0x00000000),
    { .offset = G45_MCHBAR_MIRROR + 0x608, .name = "MCHBAR_MIRROR",
      .count = (G45_MCHBAR_MIRROR_SIZE - 0x608) / 4 },
    /* Clocks: storage; the frame period is derived from DPLL and FP0. */
    RW(G45_DPLL_A, "DPLL_A", 0),
    RW(G45_DPLL_B, "DPLL_B", 0),
    RW(G45_DPLL_A_MD, "DPLL_A_MD", 0),
    RW(G45_DPLL_B_MD, "DPLL_B_MD", 0),
    RW(G45_FPA0, "FPA0", 0),
    RW(G45_FPA1, "FPA1", 0),
    RW(G45_FPB0, "FPB0", 0),
    RW(G45_FPB1, "FPB1", 0),
    TIMINGS(0, "A"),
    TIMINGS(1, "B"),
    /* Outputs: a CRT on the DAC; no SDVO, LVDS or DP detected. */
    RW(G45_ADPA, "ADPA", 0),
    HOOKED(G45_PORT_HOTPLUG_EN, "PORT_HOTPLUG_EN", 0xffffffffu, 0, NULL,
           g45_disp_write_hotplug_en),
    HOOKED(G45_PORT_HOTPLUG_STAT, "PORT_HOTPLUG_STAT", 0, 0x00000fffu, NULL,
           g45_disp_write_irq),
    RW(G45_SDVOB, "SDVOB", 0),
    RW(G45_SDVOC, "SDVOC", 0),
    RW(G45_LVDS, "LVDS", 0),
    RO(G45_PP_STATUS, "PP_STATUS", 0),
    RW(G45_PP_STATUS + 4, "PP_CONTROL", 0),
    RW(G45_PP_STATUS + 8, "PP_ON_DELAYS", 0),
    RW(G45_PP_STATUS + 12, "PP_OFF_DELAYS", 0),
    RW(G45_PP_STATUS + 16, "PP_DIVISOR", 0),
    RW(G45_PFIT_CONTROL, "PFIT_CONTROL", 0),
    RW(G45_DP_B, "DP_B", 0),
    RW(G45_DP_C, "DP_C", 0),
    RW(G45_DP_D, "DP_D", 0),
    PIPE(0, "A"),
    PIPE(1, "B"),
    RW(G45_DSPARB, "DSPARB", 0),
    RW(G45_DSPFW1, "DSPFW1", 0),
    RW(G45_DSPFW1 + 4, "DSPFW2", 0),
    RW(G45_DSPFW1 + 8, "DSPFW3", 0),
    RW(G45_CURACNTR, "CURACNTR", 0),
    RW(G45_CURABASE, "CURABASE", 0),
    RW(G45_CURAPOS, "CURAPOS", 0),
    RW(G45_CURBCNTR, "CURBCNTR", 0),
    RW(G45_CURBBASE, "CURBBASE", 0),
    RW(G45_CURBPOS, "CURBPOS", 0),
    RW(G45_VGACNTRL, "VGACNTRL", 0),
    /* Planes C and sprites do not exist on G45; i915 reads them as off. */
    RO(0x72180, "DSPCCNTR", 0),
    RO(0x73180, "DSPDCNTR", 0),
};

const unsigned g45_reg_table_len = sizeof(g45_reg_table) / sizeof(g45_reg_table[0]);
