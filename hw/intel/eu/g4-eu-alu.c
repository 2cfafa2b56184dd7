/*
 * G45 EU interpreter: the ALU operations and the opcode table (seed 002
 * chapters 11 and 14; seed-002.md sections 3.3-3.8); their execution
 * (result conversion, condition flags, predication, the fused float path)
 * is in g4-eu-alu-exec.c, operand access in g4-eu-operand.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * An instruction is executed one half at a time, all lanes at once:
 * read the sources into per-lane float or int64 arrays, run the
 * operation over the arrays, convert the results to the destination's
 * raw bits, then write them under the execution mask and update flags.
 * Float arithmetic runs with the host FPU in round-toward-zero mode
 * (set by g4_eu_run, L7007), so float and double operations truncate
 * exactly as the EU does.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "g4-eu-priv.h"

/* ---- operations ---- */

/* Lanes in blocks of 8 with restrict pointers and a fixed trip count. */
#define FOP(name, expr)                                                 \
    static void name(G4Lanes *l, const G4Op *op, unsigned n)            \
    {                                                                   \
        for (unsigned c = 0; c < n; c += 8) {                           \
            const float *restrict pa = l->fa + c;                       \
            const float *restrict pb = l->fb + c;                       \
            const double *restrict acc = l->accf + c;                   \
            double *restrict pd = l->dr + c;                            \
                                                                        \
            (void)acc;                                                  \
            for (unsigned i = 0; i < 8; i++) {                          \
                float a = pa[i], b = pb[i];                             \
                (void)a; (void)b;                                       \
                pd[i] = (expr);                                         \
            }                                                           \
        }                                                               \
    }

#define IOP(name, expr)                                                 \
    static void name(G4Lanes *l, const G4Op *op, unsigned n)            \
    {                                                                   \
        for (unsigned i = 0; i < n; i++) {                              \
            int64_t a = l->ia[i], b = l->ib[i];                         \
            (void)a; (void)b;                                           \
            l->ir[i] = (expr);                                          \
        }                                                               \
    }

/*
 * Float add/mul are computed in float: with round-toward-zero in force
 * the result is the EU's truncated one (L7007).  mac/line/pln/dp* keep
 * the double intermediate, like the extended-precision accumulator
 * (L7216, Table 11-9).  NaN results of add/mul/mac/line/pln: see
 * canon_nan().
 */
FOP(f_mov, a)

FOP(f_add, canon_nan((double)(a + b)))
FOP(f_mul, canon_nan((double)(a * b)))
FOP(f_mac, canon_nan((double)a * b + acc[i]))
FOP(f_frc, (double)(a - floorf(a)))         /* L11690 */
FOP(f_rndd, (double)floorf(a))              /* L12824 */
FOP(f_line, canon_nan((double)l->fa[0] * b + l->fc[0])) /* p*u + q, L11977 */

static void f_rnd_inc(G4Lanes *l, const G4Op *op, unsigned n)
{
    l->inc = 0;
    for (unsigned i = 0; i < n; i++) {
        float a = l->fa[i], fl = floorf(a), fr = a - fl;
        bool inc = false;

        l->dr[i] = fl;
        if (isfinite(a) && fr != 0) {
            switch (op->opcode) {
            case G4_OP_RNDU:        /* L12897-L12977 */
                inc = true;
                break;
            case G4_OP_RNDE:        /* L12981-L13058 */
                inc = fr > 0.5f ||
                      (fr == 0.5f && fmodf(fl, 2.0f) != 0.0f);
                break;
            default:                /* RNDZ, L13062-L13137 */
                inc = a < 0;
                break;
            }
        }
        if (inc) {
            l->inc |= 1u << i;
        }
    }
}

/* pln: p*u + q*v + r, p/q/r = dwords 0/1/3 of src0's group (L12669) */
static void f_pln(G4Lanes *l, const G4Op *op, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        l->dr[i] = canon_nan((double)l->fa[0] * l->fb[i] +
                             (double)l->fa[1] * l->fc[i] + l->fa[3]);
    }
}

/* dp4/dph/dp3/dp2: per group of 4 lanes, replicated (L11337-L11507) */
static void f_dp(G4Lanes *l, const G4Op *op, unsigned n)
{
    unsigned k = op->opcode == G4_OP_DP2 ? 2 : op->opcode == G4_OP_DP3 ? 3 : 4;

    for (unsigned g = 0; g + 4 <= n || g < n; g += 4) {
        double s = 0;

        for (unsigned c = 0; c < k && g + c < n; c++) {
            if (op->opcode == G4_OP_DPH && c == 3) {
                s += l->fb[g + c];
            } else {
                s += (double)l->fa[g + c] * l->fb[g + c];
            }
        }
        for (unsigned c = 0; c < 4 && g + c < n; c++) {
            l->dr[g + c] = s;
        }
    }
}

static void f_cmp(G4Lanes *l, const G4Op *op, unsigned n);
static void i_cmp(G4Lanes *l, const G4Op *op, unsigned n);

IOP(i_mov, a)
IOP(i_add, wadd(a, b))
IOP(i_avg, wadd(wadd(a, b), 1) >> 1)                /* L10993 */
IOP(i_not, ~a)
IOP(i_and, a & b)
IOP(i_or, a | b)
IOP(i_xor, a ^ b)
IOP(i_shl, (int64_t)((uint64_t)a << (b & 31)))   /* count & 31, L13468 */
IOP(i_asr, a >> (b & 31))                   /* L10934 */
IOP(i_mac, wadd(wmul(a, b), l->acci[i]))              /* L12088 */
IOP(i_frc, 0)
IOP(i_rnd, a)

/* shr is logical on the source's own width (L13516) */
static void i_shr(G4Lanes *l, const G4Op *op, unsigned n)
{
    unsigned sz = op->h[0].src[0].esize;
    uint64_t m = sz == 4 ? 0xffffffffu : sz == 2 ? 0xffffu : 0xffu;

    for (unsigned i = 0; i < n; i++) {
        l->ir[i] = (int64_t)(((uint64_t)l->ia[i] & m) >> (l->ib[i] & 31));
    }
}

/* D x D mul only uses the low 16 bits of src0 (L12454) */
static void i_mul(G4Lanes *l, const G4Op *op, unsigned n)
{
    bool lo16 = op->h[0].src[0].esize == 4 && op->h[0].src[1].esize == 4;

    for (unsigned i = 0; i < n; i++) {
        int64_t a = lo16 ? (l->ia[i] & 0xffff) : l->ia[i];

        l->ir[i] = (int64_t)((uint64_t)a * (uint64_t)l->ib[i]);
    }
}

/* acc += (src0[31:16] * src1) << 16; dst = acc[63:32] (L12156-L12166) */
static void i_mach(G4Lanes *l, const G4Op *op, unsigned n)
{
    bool sgn = op->h[0].src[0].type == G4_TYPE_D;

    for (unsigned i = 0; i < n; i++) {
        int64_t hi = sgn ? (int64_t)(int16_t)(l->ia[i] >> 16)
                         : (int64_t)((uint32_t)l->ia[i] >> 16);
        uint64_t acc = (uint64_t)l->acci[i] +
                       ((uint64_t)wmul(hi, l->ib[i]) << 16);

        l->acci[i] = (int64_t)acc;
        l->ir[i] = (int64_t)acc >> 32;
    }
}

static void i_lzd(G4Lanes *l, const G4Op *op, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {      /* L12031: 32 for 0 */
        uint32_t v = (uint32_t)l->ia[i];

        l->ir[i] = v ? __builtin_clz(v) : 32;
    }
}

static void i_sad2(G4Lanes *l, const G4Op *op, unsigned n)
{
    for (unsigned i = 0; i < n; i += 2) {   /* L13141-L13190 */
        int64_t d = wadd(l->ia[i], wmul(l->ib[i], -1));
        int64_t s = d < 0 ? wmul(d, -1) : d;

        if (i + 1 < n) {
            d = wadd(l->ia[i + 1], wmul(l->ib[i + 1], -1));
            s = wadd(s, d < 0 ? wmul(d, -1) : d);
            l->ir[i + 1] = 0;
        }
        if (op->opcode == G4_OP_SADA2) {
            s = wadd(s, l->acci[i]);
        }
        l->ir[i] = s;
    }
}

static void i_dp(G4Lanes *l, const G4Op *op, unsigned n)
{
    unsigned k = op->opcode == G4_OP_DP2 ? 2 : op->opcode == G4_OP_DP3 ? 3 : 4;

    for (unsigned g = 0; g < n; g += 4) {
        int64_t s = 0;

        for (unsigned c = 0; c < k && g + c < n; c++) {
            s = wadd(s, op->opcode == G4_OP_DPH && c == 3 ? l->ib[g + c]
                        : wmul(l->ia[g + c], l->ib[g + c]));
        }
        for (unsigned c = 0; c < 4 && g + c < n; c++) {
            l->ir[g + c] = s;
        }
    }
}

static void i_line(G4Lanes *l, const G4Op *op, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        l->ir[i] = wadd(wmul(l->ia[0], l->ib[i]), l->ia[3]);
    }
}

static void i_pln(G4Lanes *l, const G4Op *op, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        l->ir[i] = wadd(wadd(wmul(l->ia[0], l->ib[i]),
                             wmul(l->ia[1], d2i(l->fc[i]))), l->ia[3]);
    }
}

/*
 * Comparison, Tables 10-3..10-14 and the flag formulas L9121-L9147:
 * cmp is false on NaN except .ne; cmpn is true when src1 is NaN (false
 * for .ne), otherwise false when only src0 is NaN (true for .ne).
 */
static void f_cmp(G4Lanes *l, const G4Op *op, unsigned n)
{
    l->cmp = 0;
    for (unsigned i = 0; i < n; i++) {
        float a = l->fa[i], b = l->fb[i];
        bool r;

        if (op->opcode == G4_OP_CMPN && isnan(b)) {
            r = op->cmod != G4_COND_NZ;
        } else if (op->opcode == G4_OP_CMPN && isnan(a)) {
            r = op->cmod == G4_COND_NZ;
        } else {
            r = G4_COMPARE(op->cmod, a, b);    /* NaN: only .ne true */
        }
        l->cmp |= (uint16_t)r << i;
        l->ir[i] = r;
        l->dr[i] = r;
    }
}

static void i_cmp(G4Lanes *l, const G4Op *op, unsigned n)
{
    l->cmp = 0;
    for (unsigned i = 0; i < n; i++) {
        int64_t a = l->ia[i], b = l->ib[i];
        bool r;

        r = G4_COMPARE(op->cmod, a, b); /* exact: no overflow */
        l->cmp |= (uint16_t)r << i;
        l->ir[i] = r;
    }
}

static void f_sel(G4Lanes *l, const G4Op *op, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {      /* L13244-L13291 */
        l->dr[i] = (l->pmask >> i) & 1 ? l->fa[i] : l->fb[i];
    }
}

static void i_sel(G4Lanes *l, const G4Op *op, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        l->ir[i] = (l->pmask >> i) & 1 ? l->ia[i] : l->ib[i];
    }
}

static void r_mov(G4Lanes *l, const G4Op *op, unsigned n)
{
    copy_lanes(l->out, l->ra, n, 4);
}

static void r_sel(G4Lanes *l, const G4Op *op, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        l->out[i] = (l->pmask >> i) & 1 ? l->ra[i] : l->rb[i];
    }
}

/* The ALU opcode table (Table 13-21 L10097-L10264; seed-002.md 3.8). */
const AluEntry g4_alu_table[G4_EU_NUM_OPCODES] = {
    [G4_OP_MOV] = { f_mov, i_mov, 1 },
    [G4_OP_SEL] = { f_sel, i_sel, 2 },
    [G4_OP_NOT] = { NULL, i_not, 1, .int_only = true, .bits = true },
    [G4_OP_AND] = { NULL, i_and, 2, .int_only = true, .bits = true },
    [G4_OP_OR] = { NULL, i_or, 2, .int_only = true, .bits = true },
    [G4_OP_XOR] = { NULL, i_xor, 2, .int_only = true, .bits = true },
    [G4_OP_SHR] = { NULL, i_shr, 2, .int_only = true, .bits = true },
    [G4_OP_SHL] = { NULL, i_shl, 2, .int_only = true, .bits = true },
    [G4_OP_ASR] = { NULL, i_asr, 2, .int_only = true, .bits = true },
    [G4_OP_CMP] = { f_cmp, i_cmp, 2 },
    [G4_OP_CMPN] = { f_cmp, i_cmp, 2 },
    [G4_OP_ADD] = { f_add, i_add, 2, true },
    [G4_OP_MUL] = { f_mul, i_mul, 2, true },
    [G4_OP_AVG] = { NULL, i_avg, 2, true, true },
    [G4_OP_FRC] = { f_frc, i_frc, 1, true },
    [G4_OP_RNDU] = { f_rnd_inc, i_rnd, 1, true },
    [G4_OP_RNDD] = { f_rndd, i_rnd, 1, true },
    [G4_OP_RNDE] = { f_rnd_inc, i_rnd, 1, true },
    [G4_OP_RNDZ] = { f_rnd_inc, i_rnd, 1, true },
    [G4_OP_MAC] = { f_mac, i_mac, 2, true },
    [G4_OP_MACH] = { NULL, i_mach, 2, true, true },
    [G4_OP_LZD] = { NULL, i_lzd, 1, true, true },
    [G4_OP_SAD2] = { NULL, i_sad2, 2, true, true },
    [G4_OP_SADA2] = { NULL, i_sad2, 2, true, true },
    [G4_OP_DP4] = { f_dp, i_dp, 2, true },
    [G4_OP_DPH] = { f_dp, i_dp, 2, true },
    [G4_OP_DP3] = { f_dp, i_dp, 2, true },
    [G4_OP_DP2] = { f_dp, i_dp, 2, true },
    [G4_OP_LINE] = { f_line, i_line, 2, true },
    [G4_OP_PLN] = { f_pln, i_pln, 2, true },
};

static bool is_float_type(unsigned t)
{
    return t == G4_TYPE_F || t == G4_TYPE_VF;
}

bool g4_alu_prepare(G4Op *op, const G4EuInst *in, const char **why)
{
    const AluEntry *e = &g4_alu_table[in->opcode & 127];
    bool anyf, raw;

    if (!e->i) {
        *why = "not an ALU opcode";
        return false;
    }
    anyf = is_float_type(in->src0.type) ||
           (e->nsrc > 1 && is_float_type(in->src1.type));
    op->cls = anyf && !e->int_only ? G4C_FLOAT : G4C_INT;
    /*
     * Raw move: mov/sel with equal source and destination types, no
     * modifiers, no saturation; keeps denorm and NaN bits (L7014).
     */
    raw = (in->opcode == G4_OP_MOV || in->opcode == G4_OP_SEL) &&
          !in->saturate && !in->src0.abs && !in->src0.negate &&
          in->src0.type == in->dst.type &&
          (in->opcode == G4_OP_MOV ||
           (in->src1.type == in->dst.type && !in->src1.abs &&
            !in->src1.negate));
    if (raw) {
        op->cls = G4C_RAW;
        op->alu = in->opcode == G4_OP_MOV ? r_mov : r_sel;
    } else {
        op->alu = op->cls == G4C_FLOAT ? e->f : e->i;
    }
    if (!op->alu) {
        *why = "operation needs integer operands";
        return false;
    }
    op->acc_write = e->arith && in->opcode != G4_OP_MACH;
    op->ftz = e->arith || in->opcode == G4_OP_CMP || in->opcode == G4_OP_CMPN;
    if ((in->opcode == G4_OP_CMP || in->opcode == G4_OP_CMPN) &&
        (in->cond_modifier < G4_COND_Z || in->cond_modifier > G4_COND_LE)) {
        *why = "cmp without a comparison modifier";
        return false;
    }
    return true;
}
