/*
 * G45 compacted (64-bit) EU instructions: uncompaction into the native
 * 128-bit form the decoder takes.
 *
 * The G4x family compacts instructions (CompactCtrl, DW0 bit 29, seed 002
 * L10085): the compacted word keeps the opcode, debug control, the
 * condition modifier, the flag sub-register, MaskCtrlEx and the three
 * register numbers, and replaces the rest by five-bit indices into four
 * tables (control, data type, sub-register, source region).  The seeds do
 * not give the layout or the tables (../shared/seeds/INDEX.md); they are
 * hardware facts as Mesa's compactor lists them for G45 (brw_eu_compact.c,
 * brw_inst.h), written here as our own data.  G45 never compacts an
 * instruction with an immediate, and its jump counts stay in units of
 * 16-byte native instructions.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"

/* The compacted word's fields: [hi, lo] in its 64 bits. */
#define C_OPCODE        6, 0
#define C_DEBUG         7, 7
#define C_CONTROL_IDX   12, 8
#define C_DATATYPE_IDX  17, 13
#define C_SUBREG_IDX    22, 18
#define C_MASK_CTRL_EX  23, 23
#define C_COND_MOD      27, 24
#define C_FLAG_SUBREG   28, 28
#define C_CMPT_CTRL     29, 29
#define C_SRC0_IDX      34, 30
#define C_SRC1_IDX      39, 35
#define C_DST_REG       47, 40
#define C_SRC0_REG      55, 48
#define C_SRC1_REG      63, 56

/* G45 control index table: 17 bits, [16] -> native bit 31, [15:0] -> 23:8. */
static const uint32_t g45_control[32] = {
    0x00000, 0x08000, 0x06000, 0x00002, 0x04000, 0x02000, 0x08020, 0x08100,
    0x0a020, 0x00102, 0x18000, 0x01102, 0x09100, 0x00100, 0x18020, 0x01100,
    0x16000, 0x1a020, 0x06100, 0x04100, 0x08008, 0x08004, 0x07800, 0x05600,
    0x06010, 0x02100, 0x08024, 0x08028, 0x06006, 0x0000a, 0x0a028, 0x0a024,
};

/* Data type index table: 18 bits, [17:15] -> native 63:61, [14:0] -> 46:32. */
static const uint32_t g45_datatype[32] = {
    0x08021, 0x0b5ad, 0x08231, 0x0f7bd, 0x0b5ac, 0x081ad, 0x08020, 0x145b1,
    0x0c62d, 0x08022, 0x08236, 0x10231, 0x08232, 0x18232, 0x0f7bc, 0x08128,
    0x14631, 0x0a529, 0x08229, 0x10236, 0x28231, 0x0b62d, 0x08109, 0x0b62c,
    0x34631, 0x083bd, 0x30231, 0x1812a, 0x28229, 0x0b58c, 0x081a1, 0x0a508,
};

/* Sub-register table: 15 bits, [14:10] -> 100:96, [9:5] -> 68:64,
 * [4:0] -> 52:48. */
static const uint16_t g45_subreg[32] = {
    0x0000, 0x0080, 0x0200, 0x0800, 0x0020, 0x4000, 0x0010, 0x1800,
    0x1400, 0x0100, 0x1000, 0x0008, 0x0040, 0x0001, 0x0400, 0x00a0,
    0x0007, 0x0220, 0x3000, 0x0180, 0x0002, 0x0004, 0x0060, 0x0802,
    0x1cc6, 0x1d08, 0x0cc6, 0x0218, 0x0c84, 0x1806, 0x0086, 0x0230,
};

/* Source region table: 12 bits -> native 88:77 (src0), 120:109 (src1). */
static const uint16_t g45_src[32] = {
    0x000, 0x468, 0x588, 0x690, 0x348, 0x58a, 0x570, 0x678,
    0x228, 0x028, 0x450, 0xf6c, 0x58c, 0x46c, 0x694, 0x44c,
    0x328, 0x002, 0xf4c, 0x668, 0x548, 0x004, 0x02c, 0x46a,
    0x038, 0x558, 0x120, 0x580, 0x404, 0x438, 0x160, 0xf74,
};

static uint32_t get64(uint64_t w, unsigned hi, unsigned lo)
{
    return (uint32_t)((w >> lo) & ((2ull << (hi - lo)) - 1));
}

/* Native bits hi:lo (within one dword) = v. */
static void put128(uint32_t dw[4], unsigned hi, unsigned lo, uint32_t v)
{
    unsigned w = lo / 32, s = lo % 32, n = hi - lo + 1;
    uint32_t m = (n == 32 ? UINT32_MAX : (1u << n) - 1) << s;

    dw[w] = (dw[w] & ~m) | ((v << s) & m);
}

bool g4_eu_uncompact(const uint32_t cw[2], uint32_t dw[4], const char **why)
{
    uint64_t c = cw[0] | (uint64_t)cw[1] << 32;
    uint32_t ctl = g45_control[get64(c, C_CONTROL_IDX)];
    uint32_t dt = g45_datatype[get64(c, C_DATATYPE_IDX)];
    uint32_t sub = g45_subreg[get64(c, C_SUBREG_IDX)];

    memset(dw, 0, 16);
    if (!get64(c, C_CMPT_CTRL)) {
        if (why) {
            *why = "not a compacted instruction (CompactCtrl clear)";
        }
        return false;
    }
    put128(dw, 6, 0, get64(c, C_OPCODE));
    /*
     * Padding: Mesa aligns native instructions to 16 bytes with a
     * compacted NENOP (and ends an odd-length program with a compacted
     * NOP) whose index fields are all 0 (crocus-g45.md §4).  The hardware
     * reads nothing but the opcode of a no-op, so neither do we.
     */
    if (get64(c, C_OPCODE) == G4_OP_NENOP ||
        get64(c, C_OPCODE) == G4_OP_NOP) {
        return true;
    }
    put128(dw, 30, 30, get64(c, C_DEBUG));
    put128(dw, 31, 31, ctl >> 16);
    put128(dw, 23, 8, ctl & 0xffff);
    put128(dw, 63, 61, dt >> 15);
    put128(dw, 46, 32, dt & 0x7fff);
    put128(dw, 100, 96, sub >> 10);
    put128(dw, 68, 64, (sub >> 5) & 0x1f);
    put128(dw, 52, 48, sub & 0x1f);
    put128(dw, 28, 28, get64(c, C_MASK_CTRL_EX));
    put128(dw, 27, 24, get64(c, C_COND_MOD));
    put128(dw, 89, 89, get64(c, C_FLAG_SUBREG));
    put128(dw, 88, 77, g45_src[get64(c, C_SRC0_IDX)]);
    put128(dw, 120, 109, g45_src[get64(c, C_SRC1_IDX)]);
    put128(dw, 60, 53, get64(c, C_DST_REG));
    put128(dw, 76, 69, get64(c, C_SRC0_REG));
    put128(dw, 108, 101, get64(c, C_SRC1_REG));
    return true;
}

/* Find v in a table of 32. */
static int find(const void *table, size_t esize, uint32_t v)
{
    for (int i = 0; i < 32; i++) {
        uint32_t e = esize == 4 ? ((const uint32_t *)table)[i]
                                : ((const uint16_t *)table)[i];

        if (e == v) {
            return i;
        }
    }
    return -1;
}

static uint32_t bits128(const uint32_t dw[4], unsigned hi, unsigned lo)
{
    unsigned n = hi - lo + 1;

    return (dw[lo / 32] >> (lo % 32)) & (n == 32 ? UINT32_MAX
                                                 : (1u << n) - 1);
}

bool g4_eu_compact(const uint32_t dw[4], uint32_t cw[2])
{
    uint32_t back[4];
    int ci, di, si, s0, s1;
    uint64_t c;

    /* No immediates on G45 (either source file 3 = IMM). */
    if (bits128(dw, 38, 37) == 3 || bits128(dw, 43, 42) == 3) {
        return false;
    }
    ci = find(g45_control, 4, bits128(dw, 31, 31) << 16 |
              bits128(dw, 23, 8));
    di = find(g45_datatype, 4, bits128(dw, 63, 61) << 15 |
              bits128(dw, 46, 32));
    si = find(g45_subreg, 2, bits128(dw, 100, 96) << 10 |
              bits128(dw, 68, 64) << 5 | bits128(dw, 52, 48));
    s0 = find(g45_src, 2, bits128(dw, 88, 77));
    s1 = find(g45_src, 2, bits128(dw, 120, 109));
    if (ci < 0 || di < 0 || si < 0 || s0 < 0 || s1 < 0) {
        return false;
    }
    c = (uint64_t)bits128(dw, 6, 0) | (uint64_t)bits128(dw, 30, 30) << 7 |
        (uint64_t)ci << 8 | (uint64_t)di << 13 | (uint64_t)si << 18 |
        (uint64_t)bits128(dw, 28, 28) << 23 |
        (uint64_t)bits128(dw, 27, 24) << 24 |
        (uint64_t)bits128(dw, 89, 89) << 28 | 1ull << 29 |
        (uint64_t)s0 << 30 | (uint64_t)s1 << 35 |
        (uint64_t)bits128(dw, 60, 53) << 40 |
        (uint64_t)bits128(dw, 76, 69) << 48 |
        (uint64_t)bits128(dw, 108, 101) << 56;
    cw[0] = (uint32_t)c;
    cw[1] = (uint32_t)(c >> 32);
    /* Whatever the tables cannot express (other bits set) is refused. */
    g4_eu_uncompact(cw, back, NULL);
    return !memcmp(back, dw, 16);
}
