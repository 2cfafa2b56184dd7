/*
 * G45 EU: a compiler from runs of float instructions to host code
 * (issue #14; docs/g4-eu.md, "JIT").
 *
 * The fast path's handlers (g4-eu-fast.c) run an instruction a call at a
 * time through lane arrays on the stack.  Here a run of consecutive
 * instructions that the compiler can express (float add, mul, mac, line,
 * pln and cmp without .sat, integer adds to words, raw mov and sel; Align1
 * or Align16, predicated or not; docs/g4-eu.md lists the operands) becomes
 * one block of x86-64 AVX2 code: eight lanes per ymm register, loaded
 * from and stored to the thread's GRF/MRF in place, each store blended
 * into the enabled lanes.  A block runs for threads in the float mode and
 * with the accumulator writes it was compiled for; otherwise the handlers
 * run as before.  The interpreter stays the reference: the rules below
 * are the handlers' (plain_body, plane_body, float_body, int32_body,
 * raw_body), which follow it exactly (tests/unit/intel/eu/
 * test-g4-eu-fast.c compares every state on both).
 *
 * Per lane, from seed 002 (G45 PRM Vol. 4): sources flushed when
 * denormal (L7014), abs and negate applied, int sources converted with
 * the host's round-toward-zero mode that g4_eu_run sets (L7007); add and
 * mul in single precision, mac, line and pln in double ((p*u + q*v) + r,
 * as the interpreter), rounded to single; a NaN result becomes the
 * default quiet NaN (canon_nan), a denormal one a signed zero, in ALT
 * mode an infinite one +-FLT_MAX (L7219); the implied accumulator write
 * goes to every lane (L7711); compares set the enabled lanes' flags.
 *
 * Blocks are built when the run loop first reaches an instruction
 * (decoding the slots after it), kept with the program (a kernel cached by
 * its bytes is compiled once) and freed with it.  Code pages are written,
 * then made read-only and executable.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stddef.h>
#include <string.h>

#include "g4-eu-priv.h"

#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__)
#include <sys/mman.h>
#define G4_JIT_HOST 1
#endif

struct G4JitBlock {
    void (*fn)(G4EuThread *t, const uint8_t *consts, uint32_t base);
    const uint8_t *consts;
    bool alt;               /* compiled for ALT float mode (cr0.0 bit 0) */
    bool acc;               /* one of them writes the accumulator ... */
    bool accw;              /* ... and the block writes it (acc_live) */
    uint32_t mac_need;      /* accumulator lanes a mac reads that must hold
                             * float values when the block starts */
    uint32_t nops;          /* instructions (nops too) */
    uint32_t last_ip;
    const G4Op *last;
    void *map;
    size_t map_bytes;
    G4JitBlock *next;       /* the program's blocks */
};

#ifdef G4_JIT_HOST

enum {
    JIT_MAX_OPS = 64,       /* instructions in one block */
    JIT_CODE_MAX = 64 * 1024,
    /* constant slots: an instruction has at most 2 groups of 8 lanes,
     * each with 2 sources of at most 8 slots (a gather's indices) and a
     * write mask of 8 (cslots() checks anyway) */
    JIT_IMMS = 48 * JIT_MAX_OPS,
    /*
     * Blocks alive at once, all programs together: each is a mapping of
     * its own (4 KiB or more), and a guest that makes kernel after kernel
     * must not use up the process's mappings.  Past it, instructions
     * stay with the handlers until blocks are freed with their programs.
     */
    JIT_MAX_LIVE = 4096,
};

static int jit_live;        /* blocks alive (atomic) */

/* The block's constants (consts, passed in rsi): 32-byte vectors, then
 * the immediates. */
enum {
    C_EXP = 0,              /* 0x7f800000 */
    C_SIGN = 32,            /* 0x80000000 */
    C_ABS = 64,             /* 0x7fffffff */
    C_NAN = 96,             /* 0x7fc00000: the default NaN */
    C_ZERO = 128,
    C_BITS_LO = 160,        /* 1 << lane, lanes 0-7 */
    C_BITS_HI = 192,        /* 1 << lane, lanes 8-15 */
    C_FMAX = 224,           /* 0x7f7fffff: FLT_MAX */
    C_DNAN = 256,           /* the default NaN as a double */
    C_IMM = 288,            /* 32 bits each */
    C_BYTES = C_IMM + 4 * JIT_IMMS,
};

enum { RDX = 2, RSI = 6, RDI = 7 };

typedef struct Jit {
    uint8_t *code;
    size_t n;
    bool bad;
    bool alt;               /* ALT mode: infinite results clamped */
    bool accw;              /* implied accumulator writes made */
    uint32_t consts[C_BYTES / 4];
    unsigned nimm;
} Jit;

/* A ModRM operand: a ymm/xmm register, or [base + disp32]. */
typedef struct Rm {
    bool mem;
    uint8_t reg;            /* register, or the base */
    int32_t disp;
} Rm;

static Rm R(unsigned y)
{
    return (Rm){ .mem = false, .reg = (uint8_t)y };
}

static Rm M(unsigned base, int32_t disp)
{
    return (Rm){ .mem = true, .reg = (uint8_t)base, .disp = disp };
}

static void put(Jit *j, uint8_t v)
{
    if (j->n < JIT_CODE_MAX) {
        j->code[j->n++] = v;
    } else {
        j->bad = true;
    }
}

static void put32(Jit *j, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++) {
        put(j, (uint8_t)(v >> (8 * i)));
    }
}

/*
 * A VEX instruction (three-byte prefix, always): pp 0/1 = none/66, map
 * 1/2/3 = 0F/0F38/0F3A, L = 1 for 256 bits.  The bases used, rdi and
 * rsi, need no SIB byte.
 */
static void vexl(Jit *j, unsigned l, unsigned pp, unsigned map, unsigned w,
                 uint8_t op, unsigned reg, unsigned vvvv, Rm rm)
{
    put(j, 0xc4);
    put(j, (uint8_t)((reg & 8 ? 0 : 0x80) | 0x40 | (rm.reg & 8 ? 0 : 0x20) |
                     map));
    put(j, (uint8_t)(w << 7 | (~vvvv & 15) << 3 | l << 2 | pp));
    put(j, op);
    if (rm.mem) {
        put(j, (uint8_t)(0x80 | (reg & 7) << 3 | (rm.reg & 7)));
        put32(j, (uint32_t)rm.disp);
    } else {
        put(j, (uint8_t)(0xc0 | (reg & 7) << 3 | (rm.reg & 7)));
    }
}

/* 256 bits (VEX.L = 1) */
static void vex(Jit *j, unsigned pp, unsigned map, unsigned w, uint8_t op,
                unsigned reg, unsigned vvvv, Rm rm)
{
    vexl(j, 1, pp, map, w, op, reg, vvvv, rm);
}

/* The instructions used, in Intel operand order (destination first). */
static void vmovups_ld(Jit *j, unsigned d, Rm s)
{
    vex(j, 0, 1, 0, 0x10, d, 0, s);
}

static void vmovups_st(Jit *j, Rm d, unsigned s)
{
    vex(j, 0, 1, 0, 0x11, s, 0, d);
}

static void vbroadcastss(Jit *j, unsigned d, Rm s)
{
    vex(j, 1, 2, 0, 0x18, d, 0, s);
}

static void vpmovxwd(Jit *j, unsigned d, Rm s, bool sign)
{
    vex(j, 1, 2, 0, sign ? 0x23 : 0x33, d, 0, s);
}

static void vcvtdq2ps(Jit *j, unsigned d, Rm s)
{
    vex(j, 0, 1, 0, 0x5b, d, 0, s);
}

enum { OP_AND = 0x54, OP_OR = 0x56, OP_XOR = 0x57, OP_ADD = 0x58,
       OP_MUL = 0x59 };

static void vps(Jit *j, uint8_t op, unsigned d, unsigned s1, Rm s2)
{
    vex(j, 0, 1, 0, op, d, s1, s2);
}

static void vpd(Jit *j, uint8_t op, unsigned d, unsigned s1, Rm s2)
{
    vex(j, 1, 1, 0, op, d, s1, s2);
}

static void vpcmpeqd(Jit *j, unsigned d, unsigned s1, Rm s2)
{
    vex(j, 1, 1, 0, 0x76, d, s1, s2);
}

/* d = mask's sign bit ? s2 : s1, per dword */
static void vblendvps(Jit *j, unsigned d, unsigned s1, Rm s2, unsigned mask)
{
    vex(j, 1, 3, 0, 0x4a, d, s1, s2);
    put(j, (uint8_t)(mask << 4));
}

static void vcmpps(Jit *j, unsigned d, unsigned s1, Rm s2, uint8_t pred)
{
    vex(j, 0, 1, 0, 0xc2, d, s1, s2);
    put(j, pred);
}

static void vcvtps2pd(Jit *j, unsigned d, Rm s)   /* 4 floats (xmm) */
{
    vex(j, 0, 1, 0, 0x5a, d, 0, s);
}

static void vcvtpd2ps(Jit *j, unsigned d, Rm s)   /* to 4 floats (xmm) */
{
    vex(j, 1, 1, 0, 0x5a, d, 0, s);
}

static void vextractf128_hi(Jit *j, unsigned d, unsigned s)
{
    vex(j, 1, 3, 0, 0x19, s, 0, R(d));
    put(j, 1);
}

static void vinsertf128_hi(Jit *j, unsigned d, unsigned s1, unsigned s2)
{
    vex(j, 1, 3, 0, 0x18, d, s1, R(s2));
    put(j, 1);
}

/* 128-bit integer forms: eight words */
static void vmovdqu_ld128(Jit *j, unsigned d, Rm s)
{
    vexl(j, 0, 2, 1, 0, 0x6f, d, 0, s);
}

static void vmovdqu_st128(Jit *j, Rm d, unsigned s)
{
    vexl(j, 0, 2, 1, 0, 0x7f, s, 0, d);
}

static void vpackssdw128(Jit *j, unsigned d, unsigned s1, Rm s2)
{
    vexl(j, 0, 1, 1, 0, 0x6b, d, s1, s2);
}

/* d = mask's byte sign bits ? s2 : s1 (128 bits) */
static void vpblendvb128(Jit *j, unsigned d, unsigned s1, Rm s2,
                         unsigned mask)
{
    vexl(j, 0, 1, 3, 0, 0x4c, d, s1, s2);
    put(j, (uint8_t)(mask << 4));
}

static void vmovd_from_gpr(Jit *j, unsigned d, unsigned gpr)
{
    vexl(j, 0, 1, 1, 0, 0x6e, d, 0, R(gpr));
}

static void vpbroadcastd(Jit *j, unsigned d, Rm s)
{
    vex(j, 1, 2, 0, 0x58, d, 0, s);
}

static void vcmppd(Jit *j, unsigned d, unsigned s1, Rm s2, uint8_t pred)
{
    vex(j, 1, 1, 0, 0xc2, d, s1, s2);
    put(j, pred);
}

/* d = mask's qword sign bits ? s2 : s1 */
static void vblendvpd(Jit *j, unsigned d, unsigned s1, Rm s2, unsigned mask)
{
    vex(j, 1, 3, 0, 0x4b, d, s1, s2);
    put(j, (uint8_t)(mask << 4));
}

/* or dword [rdi + disp], imm */
static void or_mem32(Jit *j, int32_t disp, uint32_t imm)
{
    put(j, 0x81);
    put(j, 0x80 | 1 << 3 | RDI);
    put32(j, (uint32_t)disp);
    put32(j, imm);
}

/* eax = the 16-bit word at [rdi + disp], zero-extended */
static void movzx_eax_mem16(Jit *j, int32_t disp)
{
    put(j, 0x0f);
    put(j, 0xb7);
    put(j, 0x80 | 0 << 3 | RDI);
    put32(j, (uint32_t)disp);
}

static void not_eax(Jit *j)
{
    put(j, 0xf7);
    put(j, 0xd0);
}

/* gpr = the sign bits of ymm y's eight dwords */
static void vmovmskps(Jit *j, unsigned gpr, unsigned y)
{
    vex(j, 0, 1, 0, 0x50, gpr, 0, R(y));
}

/* d[i] = s2[idx[i] & 7] */
static void vpermps(Jit *j, unsigned d, unsigned idx, Rm s2)
{
    vex(j, 1, 2, 0, 0x16, d, idx, s2);
}

/* d = s >> imm per dword (logical) */
static void vpsrld(Jit *j, unsigned d, unsigned s, uint8_t imm)
{
    vex(j, 1, 1, 0, 0x72, 2, d, R(s));
    put(j, imm);
}

/*
 * The flag word at [rdi + disp]: bits sh..sh+7 where ecx (the enabled
 * lanes) is set take eax's (the condition of each lane), as set_flags().
 */
static void flags_update(Jit *j, int32_t disp, unsigned sh)
{
    put(j, 0x21);                       /* and eax, ecx */
    put(j, 0xc8);
    if (sh) {
        put(j, 0xc1);                   /* shl eax, sh */
        put(j, 0xe0);
        put(j, (uint8_t)sh);
        put(j, 0xc1);                   /* shl ecx, sh */
        put(j, 0xe1);
        put(j, (uint8_t)sh);
    }
    put(j, 0xf7);                       /* not ecx */
    put(j, 0xd1);
    put(j, 0x66);                       /* and word [rdi + disp], cx */
    put(j, 0x21);
    put(j, 0x80 | 1 << 3 | RDI);
    put32(j, (uint32_t)disp);
    put(j, 0x66);                       /* or word [rdi + disp], ax */
    put(j, 0x09);
    put(j, 0x80 | 0 << 3 | RDI);
    put32(j, (uint32_t)disp);
}

static void mov_ecx_imm(Jit *j, uint32_t imm)
{
    put(j, 0xb9);
    put32(j, imm);
}

static void and_eax_edx(Jit *j)
{
    put(j, 0x21);
    put(j, 0xd0);
}

static void vpinsrw(Jit *j, unsigned d, unsigned s1, Rm s2, uint8_t lane)
{
    vexl(j, 0, 1, 1, 0, 0xc4, d, s1, s2);
    put(j, lane);
}

enum { OPW_ADD = 0xfd, OPW_SUB = 0xf9, OPW_XOR = 0xef };

static void vpw(Jit *j, uint8_t op, unsigned d, unsigned s1, Rm s2)
{
    vexl(j, 0, 1, 1, 0, op, d, s1, s2);
}

/* ---- lane rules ---- */

enum { T1 = 14, T2 = 15 };  /* scratch of the rules below */
enum { MASK_LO = 12, MASK_HI = 13 };    /* EMask lanes 0-7, 8-15 */

enum { PRED_LO = 10, PRED_HI = 11 };    /* an instruction's own lanes */

/* The lanes set in gpr (edx or eax) as dword masks in lo, hi */
static void lane_masks(Jit *j, unsigned gpr, unsigned lo, unsigned hi)
{
    vmovd_from_gpr(j, lo, gpr);
    vpbroadcastd(j, lo, R(lo));
    vps(j, OP_AND, hi, lo, M(RSI, C_BITS_HI));
    vpcmpeqd(j, hi, hi, M(RSI, C_BITS_HI));
    vps(j, OP_AND, lo, lo, M(RSI, C_BITS_LO));
    vpcmpeqd(j, lo, lo, M(RSI, C_BITS_LO));
}

/*
 * A predicated instruction's predicate (normal: flag bit n for channel n,
 * g4_pred_mask) in PRED_LO/PRED_HI; and with base (edx) unless sel, whose
 * predicate selects, or NoMask.  The flags do not change within a block
 * (no instruction in it writes them).
 */
static void pred_masks(Jit *j, const G4Op *op)
{
    movzx_eax_mem16(j, (int32_t)offsetof(G4EuThread, f0) +
                       2 * op->flag_sub);
    if (op->pred_inv) {
        not_eax(j);
    }
    if (op->opcode != G4_OP_SEL && !op->nomask) {
        and_eax_edx(j);
    }
    lane_masks(j, 0, PRED_LO, PRED_HI);
}

/* y's denormal lanes become zeros of their sign (g4_ftz32) */
static void flush(Jit *j, unsigned y)
{
    vps(j, OP_AND, T1, y, M(RSI, C_EXP));
    vpcmpeqd(j, T1, T1, M(RSI, C_ZERO));
    vps(j, OP_AND, T2, y, M(RSI, C_SIGN));
    vblendvps(j, y, y, R(T2), T1);
}

/* y's NaN lanes become the default NaN (canon_nan) */
static void canon(Jit *j, unsigned y)
{
    vcmpps(j, T1, y, R(y), 3);          /* unordered */
    vblendvps(j, y, y, M(RSI, C_NAN), T1);
}

/* ALT mode: y's infinite lanes become +-FLT_MAX (alt_clamp, L7219) */
static void alt_clamp(Jit *j, unsigned y)
{
    vps(j, OP_AND, T1, y, M(RSI, C_ABS));
    vpcmpeqd(j, T1, T1, M(RSI, C_EXP));
    vps(j, OP_AND, T2, y, M(RSI, C_SIGN));
    vps(j, OP_OR, T2, T2, M(RSI, C_FMAX));
    vblendvps(j, y, y, R(T2), T1);
}

/*
 * count constant slots: their first, and their offset from rsi in *off.
 * Past the table (which JIT_IMMS sizes for the worst block) the block is
 * given up (bad) and a spare slot taken.
 */
static uint32_t *cslots(Jit *j, unsigned count, int32_t *off)
{
    static __thread uint32_t spare[8];

    if (j->nimm + count > JIT_IMMS) {
        j->bad = true;
        *off = C_IMM;
        return spare;
    }
    *off = C_IMM + 4 * (int32_t)j->nimm;
    j->nimm += count;
    return &j->consts[C_IMM / 4 + j->nimm - count];
}

/* Byte offset of the GRF/MRF in the thread. */
static int32_t file_off(unsigned kind)
{
    return kind == G4K_MRF ? (int32_t)offsetof(G4EuThread, mrf)
                           : (int32_t)offsetof(G4EuThread, grf);
}

/*
 * A gathered dword source (an Align16 swizzle) whose lanes lane..lane+7
 * lie in one 32-byte window from its lowest: that window's offset from
 * the operand's origin in *lo.
 */
static bool gather_window(const G4Opnd *o, unsigned lane, unsigned *lo)
{
    unsigned min = UINT16_MAX, max = 0;

    for (unsigned i = lane; i < lane + 8; i++) {
        min = MIN(min, o->off[i]);
        max = MAX(max, o->off[i]);
    }
    *lo = min;
    return o->esize == 4 && max - min <= 28 && !(min & 3) && !(max & 3) &&
           o->base + min + 32u <= G4_EU_GRF_BYTES;
}

/* Lanes lane..lane+7 of a gathered dword source into y: the window,
 * permuted (vpermps, the index vector among the constants) */
static void load_gather(Jit *j, const G4Opnd *o, unsigned lane, unsigned y)
{
    unsigned lo;
    int32_t g = file_off(G4K_GRF) + o->base, off;
    uint32_t *c = cslots(j, 8, &off);

    gather_window(o, lane, &lo);
    for (unsigned i = 0; i < 8; i++) {
        c[i] = (o->off[lane + i] - lo) / 4;
    }
    vmovups_ld(j, T2, M(RSI, off));
    vpermps(j, y, T2, M(RDI, g + (int32_t)lo));
}

/*
 * Source o (read as mode xs) of lanes lane..lane+7 into y, as src_float
 * with flush: converted to float, abs/negate, denormals flushed.
 */
static void load_src(Jit *j, const G4Opnd *o, unsigned xs, unsigned lane,
                     unsigned y)
{
    int32_t g = file_off(G4K_GRF) + o->base;
    bool is_float = o->type == G4_TYPE_F;

    switch (xs) {
    case G4XS_IMM: {
        uint32_t v = o->imm[0];
        int32_t off;

        v &= o->mods & G4_MOD_ABS ? 0x7fffffffu : 0xffffffffu;
        v ^= o->mods & G4_MOD_NEG ? 0x80000000u : 0;
        *cslots(j, 1, &off) = g4_ftz32(v);
        vbroadcastss(j, y, M(RSI, off));
        return;
    }
    case G4XS_VEC:
        vmovups_ld(j, y, M(RDI, g + 4 * (int32_t)lane));
        break;
    case G4XS_SCALAR:
        vbroadcastss(j, y, M(RDI, g));
        break;
    case G4XS_GATHER:
        load_gather(j, o, lane, y);
        break;
    default:                            /* G4XS_VECW */
        vpmovxwd(j, y, M(RDI, g + 2 * (int32_t)lane),
                 o->type == G4_TYPE_W);
        break;
    }
    if (!is_float) {
        vcvtdq2ps(j, y, R(y));
    }
    if (o->mods & G4_MOD_ABS) {
        vps(j, OP_AND, y, y, M(RSI, C_ABS));
    }
    if (o->mods & G4_MOD_NEG) {
        vps(j, OP_XOR, y, y, M(RSI, C_SIGN));
    }
    if (is_float) {                     /* (a converted int: no denorm) */
        flush(j, y);
    }
}

/* The four doubles of p, q or r (unflushed, as plane_lanes) in y. */
static void load_plane_scalar(Jit *j, const G4Half *h, unsigned which,
                              unsigned y)
{
    int32_t g = file_off(G4K_GRF) + (h->src[0].base & ~15u);
    int32_t off = which == 0 ? (h->src[0].base & 12) : which == 1 ? 4 : 12;

    vbroadcastss(j, y, M(RDI, g + off));
    vcvtps2pd(j, y, R(y));
}

/*
 * The low 16 bits of source k's lanes lane..lane+7 (an integer add to a
 * word destination keeps only those: int32_body) in xmm x, negated.
 */
static void load_words(Jit *j, const G4Half *h, unsigned k, unsigned lane,
                       unsigned x)
{
    const G4Opnd *o = &h->src[k];
    int32_t g = file_off(G4K_GRF) + o->base;

    if (h->xs[k] == G4XS_IMM || h->xs[k] == G4XS_IMMV) {
        uint16_t w[8];
        int32_t off;

        for (unsigned i = 0; i < 8; i++) {
            uint32_t v = o->imm[h->xs[k] == G4XS_IMM ? 0 : (lane + i) % 8];

            w[i] = (uint16_t)(o->mods & G4_MOD_NEG ? 0u - v : v);
        }
        memcpy(cslots(j, 4, &off), w, 16);
        vmovdqu_ld128(j, x, M(RSI, off));
        return;
    }
    if (h->xs[k] == G4XS_VECW) {
        vmovdqu_ld128(j, x, M(RDI, g + 2 * (int32_t)lane));
    } else {                            /* G4XS_GATHER of words */
        for (unsigned i = 0; i < 8; i++) {
            vpinsrw(j, x, x, M(RDI, g + o->off[lane + i]), (uint8_t)i);
        }
    }
    if (o->mods & G4_MOD_NEG) {
        vpw(j, OPW_XOR, T1, T1, R(T1));
        vpw(j, OPW_SUB, x, T1, R(x));
    }
}

/* Raw dwords of source k (mov of one type, no modifiers) into ymm y. */
static void load_raw(Jit *j, const G4Half *h, unsigned k, unsigned lane,
                     unsigned y)
{
    const G4Opnd *o = &h->src[k];
    int32_t g = file_off(G4K_GRF) + o->base;

    if (h->xs[k] == G4XS_IMM) {
        int32_t off;

        *cslots(j, 1, &off) = o->imm[0];
        vbroadcastss(j, y, M(RSI, off));
    } else if (h->xs[k] == G4XS_SCALAR) {
        vbroadcastss(j, y, M(RDI, g));
    } else if (h->xs[k] == G4XS_GATHER) {
        load_gather(j, o, lane, y);
    } else {
        vmovups_ld(j, y, M(RDI, g + 4 * (int32_t)lane));
    }
}

/*
 * Store ymm0's eight dwords at d, the enabled lanes only (the others keep
 * their bytes, as store() leaves them): mask is MASK_LO/MASK_HI, or -1
 * for NoMask (every lane).
 */
static void store_dwords(Jit *j, int32_t d, int mask)
{
    if (mask >= 0) {
        vmovups_ld(j, 1, M(RDI, d));
        vblendvps(j, 0, 1, R(0), (unsigned)mask);
    }
    vmovups_st(j, M(RDI, d), 0);
}

/* xmm0's eight words, as store_dwords */
static void store_words(Jit *j, int32_t d, int mask)
{
    if (mask >= 0) {
        vextractf128_hi(j, T1, (unsigned)mask);
        vpackssdw128(j, T1, (unsigned)mask, R(T1));
        vmovdqu_ld128(j, 1, M(RDI, d));
        vpblendvb128(j, 0, 1, R(0), T1);
    }
    vmovdqu_st128(j, M(RDI, d), 0);
}

/* Eight lanes of one instruction: half h's lanes lane..lane+7. */
/* ymm6 (lanes 0-3) and ymm8 (4-7) as doubles: NaNs the default NaN */
static void canon_pd(Jit *j)
{
    vcmppd(j, T1, 6, R(6), 3);          /* unordered */
    vblendvpd(j, 6, 6, M(RSI, C_DNAN), T1);
    vcmppd(j, T1, 8, R(8), 3);
    vblendvpd(j, 8, 8, M(RSI, C_DNAN), T1);
}

/* The implied accumulator write of lanes lane..lane+7 (all of them: it
 * is not masked by the channel enables, L7711) from ymm6, ymm8 */
static void acc_store(Jit *j, const G4Half *h, unsigned lane)
{
    int32_t a = (int32_t)offsetof(G4EuThread, accf) +
                8 * (int32_t)(h->lane0 + lane);

    vmovups_st(j, M(RDI, a), 6);
    vmovups_st(j, M(RDI, a + 32), 8);
    or_mem32(j, (int32_t)offsetof(G4EuThread, acc_float),
             0xffu << (h->lane0 + lane));
}

/*
 * Eight lanes of one instruction: half h's lanes lane..lane+7.  The
 * store's lanes: the instruction's predicate and EMask (PRED_LO/HI), or
 * EMask (MASK_LO/HI), or every lane (NoMask).
 */
enum { MASK_A16 = 9 };       /* the store's lanes with DestMask */

/*
 * The lanes a store (or a compare's flags) takes: mask's (-1: all), and
 * for Align16 only the channels of the destination's write mask
 * (DestMask, L9788), as the handlers' G4Op.xmask.  In MASK_A16 then.
 */
static int final_mask(Jit *j, const G4Op *op, int mask)
{
    int32_t off;
    uint32_t *c;

    if (!op->align16 || op->wmask == 0xf) {
        return mask;
    }
    c = cslots(j, 8, &off);
    for (unsigned i = 0; i < 8; i++) {
        c[i] = (op->wmask >> (i & 3)) & 1 ? 0xffffffffu : 0;
    }
    if (mask < 0) {
        vmovups_ld(j, MASK_A16, M(RSI, off));
    } else {
        vps(j, OP_AND, MASK_A16, (unsigned)mask, M(RSI, off));
    }
    return MASK_A16;
}

static void group(Jit *j, const G4Op *op, const G4Half *h, unsigned lane)
{
    bool hi = h->mbit0 + lane >= 8;
    int32_t dst = file_off(h->dst.kind) + h->dst.base;
    int mask = op->pred && op->opcode != G4_OP_SEL ?
               (hi ? PRED_HI : PRED_LO) :
               op->nomask ? -1 : hi ? MASK_HI : MASK_LO;
    bool accw = j->accw && op->acc_write;

    if (op->cls == G4C_INT) {           /* add to a word destination */
        load_words(j, h, 0, lane, 0);
        load_words(j, h, 1, lane, 1);
        vpw(j, OPW_ADD, 0, 0, R(1));
        store_words(j, dst + 2 * (int32_t)lane, final_mask(j, op, mask));
        return;
    }
    if (op->cls == G4C_RAW) {           /* mov; sel by its predicate */
        load_raw(j, h, 0, lane, 0);
        if (op->opcode == G4_OP_SEL) {
            load_raw(j, h, 1, lane, 1);
            if (op->pred) {
                vblendvps(j, 0, 1, R(0), hi ? PRED_HI : PRED_LO);
            }
        }
        store_dwords(j, dst + 4 * (int32_t)lane, final_mask(j, op, mask));
        return;
    }

    if (op->opcode == G4_OP_CMP) {
        /* the condition of each lane (L9121-L9147: ordered compares, and
         * .nz true for NaN), into the flags of the enabled lanes and, as
         * 0 or 1, the destination (finish_cmp) */
        static const uint8_t pred[] = {
            [G4_COND_Z] = 0x00, [G4_COND_NZ] = 0x04, [G4_COND_G] = 0x1e,
            [G4_COND_GE] = 0x1d, [G4_COND_L] = 0x11, [G4_COND_LE] = 0x12,
        };

        load_src(j, &h->src[0], h->xs[0], lane, 0);
        load_src(j, &h->src[1], h->xs[1], lane, 1);
        vcmpps(j, 0, 0, R(1), pred[op->cmod]);
        mask = final_mask(j, op, mask);
        vmovmskps(j, 0, 0);             /* eax */
        if (mask < 0) {
            mov_ecx_imm(j, 0xff);
        } else {
            vmovmskps(j, 1, (unsigned)mask);    /* ecx */
        }
        flags_update(j, (int32_t)offsetof(G4EuThread, f0) +
                        2 * op->flag_sub, (h->mbit0 + lane) & 8);
        if (h->dst.kind != G4K_NULL) {
            vpsrld(j, 0, 0, 31);
            store_dwords(j, dst + 4 * (int32_t)lane, mask);
        }
        return;
    }
    if (op->opcode == G4_OP_ADD || op->opcode == G4_OP_MUL) {
        load_src(j, &h->src[0], h->xs[0], lane, 0);
        load_src(j, &h->src[1], h->xs[1], lane, 1);
        vps(j, op->opcode == G4_OP_ADD ? OP_ADD : OP_MUL, 0, 0, R(1));
        canon(j, 0);
        if (accw) {                     /* the float result, unflushed */
            vcvtps2pd(j, 6, R(0));
            vextractf128_hi(j, 8, 0);
            vcvtps2pd(j, 8, R(8));
            acc_store(j, h, lane);
        }
    } else {
        int32_t acc = (int32_t)offsetof(G4EuThread, accf) +
                      8 * (int32_t)(h->lane0 + lane);

        if (op->opcode == G4_OP_MAC) {
            /* a*b + acc in double (the product is exact) */
            load_src(j, &h->src[0], h->xs[0], lane, 0);
            load_src(j, &h->src[1], h->xs[1], lane, 1);
            vcvtps2pd(j, 6, R(0));
            vcvtps2pd(j, 7, R(1));
            vextractf128_hi(j, 8, 0);
            vcvtps2pd(j, 8, R(8));
            vextractf128_hi(j, 9, 1);
            vcvtps2pd(j, 9, R(9));
            vpd(j, OP_MUL, 6, 6, R(7));
            vpd(j, OP_MUL, 8, 8, R(9));
            vpd(j, OP_ADD, 6, 6, M(RDI, acc));
            vpd(j, OP_ADD, 8, 8, M(RDI, acc + 32));
        } else {
            bool pln = op->opcode == G4_OP_PLN;

            load_src(j, &h->src[1], h->xs[1], lane, 1);      /* u */
            if (pln) {
                load_src(j, &h->src[2], h->xs[2], lane, 2);  /* v */
            }
            load_plane_scalar(j, h, 0, 3);                   /* p */
            load_plane_scalar(j, h, 1, 4);                   /* q */
            load_plane_scalar(j, h, 2, 5);                   /* r */
            /* lanes 0-3 in ymm6, 4-7 in ymm8: (p*u + q*v) + r */
            vcvtps2pd(j, 6, R(1));
            vextractf128_hi(j, 8, 1);
            vcvtps2pd(j, 8, R(8));
            vpd(j, OP_MUL, 6, 6, R(3));
            vpd(j, OP_MUL, 8, 8, R(3));
            if (pln) {
                vcvtps2pd(j, 7, R(2));
                vextractf128_hi(j, 9, 2);
                vcvtps2pd(j, 9, R(9));
                vpd(j, OP_MUL, 7, 7, R(4));
                vpd(j, OP_MUL, 9, 9, R(4));
                vpd(j, OP_ADD, 6, 6, R(7));
                vpd(j, OP_ADD, 8, 8, R(9));
            }
            vpd(j, OP_ADD, 6, 6, R(5));
            vpd(j, OP_ADD, 8, 8, R(5));
        }
        canon_pd(j);
        if (accw) {                     /* the double result */
            acc_store(j, h, lane);
        }
        vcvtpd2ps(j, 6, R(6));
        vcvtpd2ps(j, 8, R(8));
        vinsertf128_hi(j, 0, 6, 8);
    }
    if (h->dst.kind == G4K_NULL) {
        return;
    }
    flush(j, 0);
    if (j->alt) {
        alt_clamp(j, 0);
    }
    store_dwords(j, dst + 4 * (int32_t)lane, final_mask(j, op, mask));
}

/* Whether source k of h can be read by load_words (n lanes). */
static bool src_words_ok(const G4Half *h, unsigned k, unsigned n)
{
    const G4Opnd *o = &h->src[k];

    if (o->mods & G4_MOD_ABS) {
        return false;
    }
    switch (h->xs[k]) {
    case G4XS_IMM:
    case G4XS_IMMV:
        return o->kind == G4K_IMM;
    case G4XS_VECW:
        return o->kind == G4K_GRF && o->base + 2u * n <= G4_EU_GRF_BYTES;
    case G4XS_GATHER:
        if (o->kind != G4K_GRF || o->esize != 2) {
            return false;
        }
        for (unsigned i = 0; i < n; i++) {
            if (o->base + o->off[i] + 2u > G4_EU_GRF_BYTES) {
                return false;
            }
        }
        return true;
    default:
        return false;
    }
}

/* Whether each group of n lanes of a gathered source fits a window */
static bool gather_ok(const G4Opnd *o, unsigned n)
{
    unsigned lo;

    for (unsigned lane = 0; lane < n; lane += 8) {
        if (!gather_window(o, lane, &lo)) {
            return false;
        }
    }
    return true;
}

/* Whether source k of h can be read by load_raw (n lanes, dst type). */
static bool src_raw_ok(const G4Half *h, unsigned k, unsigned n)
{
    const G4Opnd *o = &h->src[k];

    if (o->mods || o->type != h->dst.type) {
        return false;
    }
    switch (h->xs[k]) {
    case G4XS_IMM:
        return o->kind == G4K_IMM;
    case G4XS_SCALAR:
        return o->kind == G4K_GRF && o->base + 4u <= G4_EU_GRF_BYTES;
    case G4XS_VEC:
        return o->kind == G4K_GRF && o->base + 4u * n <= G4_EU_GRF_BYTES;
    case G4XS_GATHER:
        return o->kind == G4K_GRF && gather_ok(o, n);
    default:
        return false;
    }
}

/* Whether source k of h can be read by load_src (n lanes). */
static bool src_ok(const G4Half *h, unsigned k, unsigned n)
{
    const G4Opnd *o = &h->src[k];

    if (o->kind == G4K_IMM) {
        return h->xs[k] == G4XS_IMM && o->type == G4_TYPE_F;
    }
    if (o->kind != G4K_GRF) {
        return false;
    }
    switch (h->xs[k]) {
    case G4XS_VEC:
        return (o->type == G4_TYPE_F || o->type == G4_TYPE_D) &&
               o->base + 4u * n <= G4_EU_GRF_BYTES;
    case G4XS_SCALAR:
        return (o->type == G4_TYPE_F || o->type == G4_TYPE_D) &&
               o->base + 4u <= G4_EU_GRF_BYTES;
    case G4XS_VECW:
        return (o->type == G4_TYPE_W || o->type == G4_TYPE_UW) &&
               o->base + 2u * n <= G4_EU_GRF_BYTES;
    case G4XS_GATHER:
        return (o->type == G4_TYPE_F || o->type == G4_TYPE_D) &&
               gather_ok(o, n);
    default:
        return false;
    }
}

/* GRF bytes source k of h reads for lanes lane..lane+7: [*lo, *hi). */
static void src_range(const G4Half *h, unsigned k, unsigned lane,
                      unsigned *lo, unsigned *hi)
{
    const G4Opnd *o = &h->src[k];

    *lo = *hi = 0;
    if (o->kind != G4K_GRF) {
        return;
    }
    switch (h->xs[k]) {
    case G4XS_VEC:
        *lo = o->base + 4 * lane;
        *hi = *lo + 32;
        break;
    case G4XS_SCALAR:
        *lo = o->base;
        *hi = *lo + 4;
        break;
    case G4XS_GATHER:
        *lo = UINT16_MAX;
        for (unsigned i = lane; i < lane + 8; i++) {
            *lo = MIN(*lo, o->base + o->off[i]);
            *hi = MAX(*hi, o->base + o->off[i] + o->esize);
        }
        break;
    default:
        *lo = o->base + 2 * lane;
        *hi = *lo + 16;
        break;
    }
}

/*
 * Whether op compiles: a plain float add/mul/line/pln that the fast path
 * takes without predicate or NoMask, every half with a contiguous F
 * destination and sources load_src reads.
 */
static bool op_ok(const G4Op *op, bool accw)
{
    bool plane = op->opcode == G4_OP_PLN || op->opcode == G4_OP_LINE;
    bool fl = op->cls == G4C_FLOAT, in = op->cls == G4C_INT;
    bool raw = op->cls == G4C_RAW;

    bool cmp = fl && op->opcode == G4_OP_CMP;

    if (op->exec != G4X_ALU || !op->xfn ||
        (op->align16 && (plane || in)) ||
        (op->pred != G4_PRED_NONE && op->pred != G4_PRED_NORMAL) ||
        op->sat || op->nhalves < 1 || op->nhalves > 2 ||
        (cmp ? op->cmod < G4_COND_Z || op->cmod > G4_COND_LE : op->cmod) ||
        (fl && (!op->ftz || (op->opcode != G4_OP_ADD &&
                             op->opcode != G4_OP_MUL &&
                             op->opcode != G4_OP_MAC && !cmp &&
                             !plane))) ||
        /* (an integer accumulator write: not compiled) */
        (in && (op->opcode != G4_OP_ADD || (accw && op->acc_write))) ||
        (raw && op->opcode != G4_OP_MOV && op->opcode != G4_OP_SEL)) {
        return false;
    }
    for (unsigned k = 0; k < op->nhalves; k++) {
        const G4Half *h = &op->h[k];
        unsigned n = h->n, first = plane ? 1 : 0;
        unsigned last = op->opcode == G4_OP_PLN ? 2 :
                        op->opcode == G4_OP_MOV ? 0 : 1;
        unsigned fsize = h->dst.kind == G4K_MRF ? G4_EU_MRF_BYTES
                                                : G4_EU_GRF_BYTES;
        unsigned esize = in ? 2 : 4;

        if ((n != 8 && n != 16) || h->mbit0 + n > 16 || (h->mbit0 & 7) ||
            h->lane0 + n > G4_EU_MAX_LANES) {
            return false;
        }
        if (fl && h->dst.kind == G4K_NULL) {
            /* only the accumulator or the flags (nothing to store) */
        } else if ((h->dst.kind != G4K_GRF && h->dst.kind != G4K_MRF) ||
                   !h->dst.contig || h->dst.esize != esize ||
                   (fl && !cmp && h->dst.type != G4_TYPE_F) ||
                   h->dst.base + esize * n > fsize) {
            return false;
        }
        if (plane && (h->src[0].kind != G4K_GRF ||
                      (h->src[0].base & ~15u) + 16 > G4_EU_GRF_BYTES)) {
            return false;
        }
        for (unsigned s = first; s <= last; s++) {
            if (!(fl ? src_ok(h, s, n) : in ? src_words_ok(h, s, n)
                                            : src_raw_ok(h, s, n))) {
                return false;
            }
        }
        /* two groups of one half: the first's store must not reach what
         * the second reads (the handler reads all 16 lanes first) */
        if (n == 16 && h->dst.kind == G4K_GRF) {
            unsigned dlo = h->dst.base, dhi = dlo + 8 * esize, lo, hi;

            for (unsigned s = first; s <= last; s++) {
                src_range(h, s, 8, &lo, &hi);
                if (hi > lo && lo < dhi && dlo < hi) {
                    return false;
                }
            }
            if (plane && h->src[0].base < dhi &&
                dlo < (h->src[0].base & ~15u) + 16) {
                return false;
            }
        }
    }
    return true;
}

static void free_block(G4JitBlock *b)
{
    if (b->map) {
        munmap(b->map, b->map_bytes);
        g_atomic_int_add(&jit_live, -1);
    }
    g_free(b);
}

/* Compile the block of ops[0..n) (their ips; the last is an ALU op). */
static G4JitBlock *compile(const G4Op *const *ops, const uint32_t *ips,
                           unsigned n, bool alt, bool accw)
{
    uint32_t covered = 0;   /* accumulator lanes written in the block */
    G4JitBlock *b = g_new0(G4JitBlock, 1);
    Jit *j = g_new0(Jit, 1);
    size_t code_bytes, cbytes, bytes;
    uint8_t *map;

    j->code = g_malloc(JIT_CODE_MAX);
    j->alt = b->alt = alt;
    j->accw = b->accw = accw;
    lane_masks(j, RDX, MASK_LO, MASK_HI);
    for (unsigned i = 0; i < 8; i++) {
        j->consts[C_BITS_LO / 4 + i] = 1u << i;
        j->consts[C_BITS_HI / 4 + i] = 1u << (8 + i);
        j->consts[C_EXP / 4 + i] = 0x7f800000u;
        j->consts[C_SIGN / 4 + i] = 0x80000000u;
        j->consts[C_ABS / 4 + i] = 0x7fffffffu;
        j->consts[C_NAN / 4 + i] = 0x7fc00000u;
        j->consts[C_FMAX / 4 + i] = 0x7f7fffffu;
        j->consts[C_DNAN / 4 + i] = i & 1 ? 0x7ff80000u : 0;
    }
    for (unsigned i = 0; i < n; i++) {
        const G4Op *op = ops[i];

        if (op->exec != G4X_ALU) {
            continue;
        }
        b->acc |= op->acc_write;
        if (op->pred) {
            pred_masks(j, op);
        }
        for (unsigned k = 0; k < op->nhalves; k++) {
            const G4Half *h = &op->h[k];
            uint32_t lanes = ((1u << h->n) - 1) << h->lane0;

            if (op->opcode == G4_OP_MAC) {
                b->mac_need |= lanes & ~covered;
            }
            for (unsigned lane = 0; lane < h->n; lane += 8) {
                group(j, op, h, lane);
            }
            if (accw && op->acc_write && op->opcode != G4_OP_CMP) {
                covered |= lanes;       /* (float: op_ok) */
            }
        }
    }
    put(j, 0xc5);                       /* vzeroupper */
    put(j, 0xf8);
    put(j, 0x77);
    put(j, 0xc3);                       /* ret */
    code_bytes = (j->n + 63) & ~(size_t)63;
    if (g_atomic_int_add(&jit_live, 1) >= JIT_MAX_LIVE) {
        j->bad = true;
    }
    cbytes = C_IMM + 4 * (size_t)j->nimm;  /* the constants used */
    bytes = (code_bytes + cbytes + 4095) & ~(size_t)4095;
    map = j->bad ? MAP_FAILED : mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map == MAP_FAILED) {
        g_atomic_int_add(&jit_live, -1);
        g_free(j->code);
        g_free(j);
        g_free(b);
        return NULL;
    }
    memcpy(map, j->code, j->n);
    memcpy(map + code_bytes, j->consts, cbytes);
    if (mprotect(map, bytes, PROT_READ | PROT_EXEC)) {
        munmap(map, bytes);
        g_atomic_int_add(&jit_live, -1);
        g_free(j->code);
        g_free(j);
        g_free(b);
        return NULL;
    }
    b->map = map;
    b->map_bytes = bytes;
    b->fn = (void (*)(G4EuThread *, const uint8_t *, uint32_t))(void *)map;
    b->consts = map + code_bytes;
    b->nops = n;
    b->last_ip = ips[n - 1];
    b->last = ops[n - 1];
    g_free(j->code);
    g_free(j);
    return b;
}

bool g4_jit_available(void)
{
    static int avail = -1;

    if (avail < 0) {
        __builtin_cpu_init();
        avail = __builtin_cpu_supports("avx2") ? 1 : 0;
    }
    return avail;
}

const G4JitBlock *g4_jit_block_slow(G4EuProgram *p, const G4Op *op,
                                    uint32_t ip, bool alt, bool accw)
{
    const G4Op *ops[JIT_MAX_OPS];
    uint32_t ips[JIT_MAX_OPS];
    unsigned n = 0, nalu = 0;
    G4JitBlock *b = NULL;
    G4Op *w = (G4Op *)op;

    /* the run from ip: compilable ops and the nops among them */
    for (uint32_t at = ip; n < JIT_MAX_OPS && at / 8 < p->n;) {
        const G4Op *o = g4_slot(p, at / 8);

        if (!o) {
            o = g4_eu_program_decode_slot(p, at / 8);
        }
        if (o->exec == G4X_NOP) {
            ops[n] = o;
            ips[n++] = at;
        } else if (op_ok(o, accw)) {
            ops[n] = o;
            ips[n++] = at;
            nalu = n;
        } else {
            break;
        }
        at += o->len ? o->len : 16;
    }
    if (nalu) {
        b = compile(ops, ips, nalu, alt, accw);
    }
    hwgpu_mutex_lock(&p->lock);
    if (__atomic_load_n(&w->jit_state, __ATOMIC_ACQUIRE) != G4_JIT_UNKNOWN) {
        /* another thread got there first */
        if (b) {
            free_block(b);
        }
    } else {
        if (b) {
            b->next = p->jit_blocks;
            p->jit_blocks = b;
            w->jit = b;
        }
        __atomic_store_n(&w->jit_state, b ? G4_JIT_BLOCK : G4_JIT_NONE,
                         __ATOMIC_RELEASE);
    }
    hwgpu_mutex_unlock(&p->lock);
    return __atomic_load_n(&w->jit_state, __ATOMIC_ACQUIRE) == G4_JIT_BLOCK ?
           w->jit : NULL;
}

void g4_jit_free_blocks(G4EuProgram *p)
{
    while (p->jit_blocks) {
        G4JitBlock *b = p->jit_blocks;

        p->jit_blocks = b->next;
        free_block(b);
    }
}

#else /* no JIT on this host */

bool g4_jit_available(void)
{
    return false;
}

const G4JitBlock *g4_jit_block_slow(G4EuProgram *p, const G4Op *op,
                                    uint32_t ip, bool alt, bool accw)
{
    return NULL;
}

void g4_jit_free_blocks(G4EuProgram *p)
{
}

#endif

bool g4_jit_run(G4EuThread *t, const G4JitBlock *b, uint16_t base,
                uint64_t room, uint32_t *ip, const G4Op **op)
{
    bool accw = !t->acc_unread && !(t->cr0[0] & G4_CR0_ACC_DISABLE);

    if (b->nops - 1 > room || !(t->cr0[0] & G4_CR0_FP_ALT) != !b->alt ||
        (b->acc && accw != b->accw) ||
        (t->acc_float & b->mac_need) != b->mac_need) {
        return false;
    }
    b->fn(t, b->consts, base);
    t->jit_runs++;
    *ip = b->last_ip;
    *op = b->last;
    return true;
}

uint32_t g4_jit_block_ops(const G4JitBlock *b)
{
    return b->nops;
}

uint32_t g4_jit_block_last(const G4JitBlock *b)
{
    return b->last_ip;
}
