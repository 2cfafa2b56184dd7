/*
 * The G45 register table.  Everything a register does is data here: reset
 * value, writable bits, write-1-to-clear bits, masked-write flag and hooks for
 * the few registers whose reads are not plain storage.  Later blocks (GTT,
 * display, command streamers) add their hooks to this table.
 */
#include "hwgpu/intel/g45-regs.h"

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
#define FENCE(n) RW(G45_FENCE0 + 8 * (n), "FENCE" #n "_LO", 0), \
                 RW(G45_FENCE0 + 8 * (n) + 4, "FENCE" #n "_HI", 0)

const HwgpuRegDesc g45_reg_table[] = {
    RW(G45_PGETBL_CTL, "PGETBL_CTL", 0),
    RW(G45_RCS_TAIL, "RCS_TAIL", 0),
    RW(G45_RCS_HEAD, "RCS_HEAD", 0),
    RW(G45_RCS_START, "RCS_START", 0),
    RW(G45_RCS_CTL, "RCS_CTL", 0),
    RW(G45_HWS_PGA, "HWS_PGA", 0x1ffff000),
    RW(G45_HWSTAM, "HWSTAM", 0xffffffff),
    MASKED(G45_MI_MODE, "MI_MODE", 0),
    RW(G45_IER, "IER", 0),
    { .offset = G45_IIR, .name = "IIR", .w1c = 0xffffffffu },
    RW(G45_IMR, "IMR", 0xffffffff),
    RO(G45_ISR, "ISR", 0),
    { .offset = G45_EIR, .name = "EIR", .w1c = 0xffffffffu },
    RW(G45_EMR, "EMR", 0xffffffff),
    RO(G45_ESR, "ESR", 0),
    MASKED(G45_INSTPM, "INSTPM", 0),
    FENCE(0), FENCE(1), FENCE(2), FENCE(3), FENCE(4), FENCE(5), FENCE(6),
    FENCE(7), FENCE(8), FENCE(9), FENCE(10), FENCE(11), FENCE(12), FENCE(13),
    FENCE(14), FENCE(15),
    RW(G45_DPLL_A, "DPLL_A", 0),
    RW(G45_DPLL_B, "DPLL_B", 0),
    RW(G45_FPA0, "FPA0", 0),
    RW(G45_HTOTAL_A, "HTOTAL_A", 0),
    RW(G45_HTOTAL_B, "HTOTAL_B", 0),
    RW(G45_ADPA, "ADPA", 0),
    RO(G45_PIPEA_DSL, "PIPEA_DSL", 0),
    { .offset = G45_PIPEACONF, .name = "PIPEACONF", .wmask = ~G45_PIPECONF_STATE,
      .read = pipeconf_read },
    { .offset = G45_PIPEASTAT, .name = "PIPEASTAT", .wmask = 0xffff0000u,
      .w1c = 0x0000ffffu },
    RW(G45_DSPACNTR, "DSPACNTR", 0),
    RW(G45_DSPASTRIDE, "DSPASTRIDE", 0),
    RW(G45_DSPASURF, "DSPASURF", 0),
    { .offset = G45_PIPEBCONF, .name = "PIPEBCONF", .wmask = ~G45_PIPECONF_STATE,
      .read = pipeconf_read },
    RW(G45_DSPBCNTR, "DSPBCNTR", 0),
    RW(G45_VGACNTRL, "VGACNTRL", 0),
};

const unsigned g45_reg_table_len = sizeof(g45_reg_table) / sizeof(g45_reg_table[0]);
