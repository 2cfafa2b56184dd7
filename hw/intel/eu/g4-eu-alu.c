/*
 * G45 EU interpreter: the ALU operations, type conversion of results,
 * condition flags, predication and the fused float path (seed 002
 * chapters 10, 11 and 14; seed-002.md sections 3.3-3.8).  Operand
 * access is in g4-eu-operand.c.
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
 * (L7216, Table 11-9).
 */
FOP(f_mov, a)

FOP(f_add, (double)(a + b))
FOP(f_mul, (double)(a * b))
FOP(f_mac, (double)a * b + acc[i])
FOP(f_frc, (double)(a - floorf(a)))         /* L11690 */
FOP(f_rndd, (double)floorf(a))              /* L12824 */
FOP(f_line, (double)l->fa[0] * b + l->fc[0]) /* p*u + q, L11977 */

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
        l->dr[i] = (double)l->fa[0] * l->fb[i] + (double)l->fa[1] * l->fc[i] +
                   l->fa[3];
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
static bool cmp_ordered(int cm, double a, double b)
{
    switch (cm) {
    case G4_COND_Z:
        return a == b;
    case G4_COND_NZ:
        return a != b;
    case G4_COND_G:
        return a > b;
    case G4_COND_GE:
        return a >= b;
    case G4_COND_L:
        return a < b;
    case G4_COND_LE:
        return a <= b;
    default:
        return false;
    }
}

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
            r = cmp_ordered(op->cmod, a, b);   /* NaN: only .ne true */
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

        switch (op->cmod) {     /* exact: no overflow in the subtraction */
        case G4_COND_Z:
            r = a == b;
            break;
        case G4_COND_NZ:
            r = a != b;
            break;
        case G4_COND_G:
            r = a > b;
            break;
        case G4_COND_GE:
            r = a >= b;
            break;
        case G4_COND_L:
            r = a < b;
            break;
        default:
            r = a <= b;
            break;
        }
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

typedef struct AluEntry {
    G4AluFn f;              /* float execution */
    G4AluFn i;              /* integer execution */
    uint8_t nsrc;
    bool arith;             /* 0x40-0x5a: implied acc write, FTZ */
    bool int_only;
    bool bits;              /* logic: operate on raw bits */
} AluEntry;

/* The ALU opcode table (Table 13-21 L10097-L10264; seed-002.md 3.8). */
static const AluEntry alu_table[G4_EU_NUM_OPCODES] = {
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
    const AluEntry *e = &alu_table[in->opcode & 127];
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

/* ---- execution ---- */

/* PMask (L8620-L8714); PredInv inverts after the combination. */
uint16_t g4_pred_mask(const G4EuThread *t, const G4Op *op)
{
    uint16_t f = t->f0[op->flag_sub], m = 0;
    unsigned gs = 0;
    bool any = false;

    switch (op->pred) {
    case G4_PRED_NONE:
        return 0xffff;
    case G4_PRED_NORMAL:
        m = f;
        break;
    case G4_PRED_ANYV:
    case G4_PRED_ALLV:
    case G4_PRED_ANY2H:
    case G4_PRED_ALL2H:
        if (op->align16) {      /* .x .y .z .w replicate one channel */
            unsigned c = op->pred - G4_PRED_ANYV;

            for (unsigned g = 0; g < 16; g += 4) {
                if ((f >> (g + c)) & 1) {
                    m |= 0xf << g;
                }
            }
            break;
        }
        if (op->pred == G4_PRED_ANYV) {         /* across f0.0/f0.1 */
            m = t->f0[0] | t->f0[1];
            break;
        }
        if (op->pred == G4_PRED_ALLV) {
            m = t->f0[0] & t->f0[1];
            break;
        }
        gs = 2;
        any = op->pred == G4_PRED_ANY2H;
        break;
    case G4_PRED_ANY4H:
    case G4_PRED_ALL4H:
        gs = 4;
        any = op->pred == G4_PRED_ANY4H;
        break;
    case G4_PRED_ANY8H:
    case G4_PRED_ALL8H:
        gs = 8;
        any = op->pred == G4_PRED_ANY8H;
        break;
    default:
        gs = 16;
        any = op->pred == G4_PRED_ANY16H;
        break;
    }
    if (gs) {
        uint16_t gm = (uint16_t)((1u << gs) - 1);

        for (unsigned g = 0; g < 16; g += gs) {
            uint16_t bits = (f >> g) & gm;

            if (any ? bits != 0 : bits == gm) {
                m |= gm << g;
            }
        }
    }
    return op->pred_inv ? (uint16_t)~m : m;
}

/* Result of a lane converted to the destination's raw bits. */
static void convert_float(G4Lanes *l, const G4Op *op, unsigned dtype,
                          unsigned n)
{
    l->of = 0;
    l->nan = 0;
    if (dtype == G4_TYPE_F && !op->cmod && !op->sat && !l->alt) {
        /* the common case: truncate to float, flush denorm outputs */
        uint32_t m = op->ftz ? 0x80000000u : 0xffffffffu;

        for (unsigned c = 0; c < n; c += 8) {
            for (unsigned i = c; i < c + 8; i++) {
                uint32_t u = f2u((float)l->dr[i]);

                l->out[i] = (u & 0x7f800000u) ? u : (u & m);
            }
        }
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        double d = l->dr[i];
        uint32_t o;

        if (isnan(d)) {
            l->nan |= 1u << i;
        }
        if (dtype == G4_TYPE_F) {
            float f = (float)d;

            if (isinf(f) && !isinf(d)) {
                l->of |= 1u << i;
            }
            if (op->ftz) {
                f = ftz(f);
            }
            if (l->alt && isinf(f)) {   /* ALT: INF -> FLT_MAX (L7219) */
                f = copysignf(FLT_MAX, f);
            }
            if (op->sat) {              /* [0, 1], NaN -> 0 (L9802) */
                f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
            }
            o = f2u(f);
        } else {
            /* float to integer: truncate, clamp, NaN -> 0 (L7252-L7265) */
            static const double lo[8] = { 0, -2147483648.0, 0, -32768.0,
                                          0, -128.0 };
            static const double hi[8] = { 4294967295.0, 2147483647.0,
                                          65535.0, 32767.0, 255.0, 127.0 };
            double tr = isnan(d) ? 0 : trunc(d);

            if (tr < lo[dtype & 7] || tr > hi[dtype & 7]) {
                l->of |= 1u << i;
                tr = tr < lo[dtype & 7] ? lo[dtype & 7] : hi[dtype & 7];
            }
            o = (uint32_t)(int64_t)tr;
        }
        l->out[i] = o;
    }
}

static void convert_int(G4Lanes *l, const G4Op *op, unsigned dtype,
                        unsigned n)
{
    static const int64_t lo[8] = { 0, INT32_MIN, 0, INT16_MIN, 0, INT8_MIN };
    static const int64_t hi[8] = { UINT32_MAX, INT32_MAX, UINT16_MAX,
                                   INT16_MAX, UINT8_MAX, INT8_MAX };

    l->of = 0;
    l->nan = 0;
    for (unsigned i = 0; i < n; i++) {
        int64_t v = l->ir[i];

        if (dtype == G4_TYPE_F) {       /* int to float: RTZ (L7283) */
            float f = (float)v;

            if (op->sat) {
                f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
            }
            l->out[i] = f2u(f);
            continue;
        }
        if (v < lo[dtype & 7] || v > hi[dtype & 7]) {
            l->of |= 1u << i;
            if (op->sat) {      /* saturate to the type (L7270-L7280) */
                v = v < lo[dtype & 7] ? lo[dtype & 7] : hi[dtype & 7];
            }
        }
        l->out[i] = (uint32_t)v;    /* wraparound: keep low bits */
    }
}

/* Post-result conditions (L9139-L9147). */
static uint16_t cond_flags(const G4Lanes *l, const G4Op *op, unsigned dtype,
                           unsigned n)
{
    uint16_t r = 0;

    for (unsigned i = 0; i < n; i++) {
        uint32_t o = l->out[i];
        bool sign, zero, nc = (l->nan >> i) & 1, c;

        switch (dtype) {
        case G4_TYPE_F:
            sign = o >> 31;
            zero = (o & 0x7f800000u) == 0;      /* +-0 and denorms */
            nc = nc || ((o & 0x7f800000u) == 0x7f800000u && (o & 0x7fffff));
            break;
        case G4_TYPE_D:
            sign = o >> 31;
            zero = o == 0;
            break;
        case G4_TYPE_W:
            sign = (o >> 15) & 1;
            zero = (o & 0xffff) == 0;
            break;
        case G4_TYPE_B:
            sign = (o >> 7) & 1;
            zero = (o & 0xff) == 0;
            break;
        default:
            sign = false;
            zero = (o & (dtype == G4_TYPE_UD ? 0xffffffffu :
                         dtype == G4_TYPE_UW ? 0xffffu : 0xffu)) == 0;
            break;
        }
        switch (op->cmod) {
        case G4_COND_Z:
            c = zero && !nc;
            break;
        case G4_COND_NZ:
            c = !(zero && !nc);
            break;
        case G4_COND_G:
            c = !sign && !zero && !nc;
            break;
        case G4_COND_GE:
            c = (!sign || zero) && !nc;
            break;
        case G4_COND_L:
            c = sign && !zero && !nc;
            break;
        case G4_COND_LE:
            c = (sign || zero) && !nc;
            break;
        case G4_COND_R:
            c = ((l->inc >> i) & 1) && !((l->of >> i) & 1);
            break;
        case G4_COND_O:
            c = (l->of >> i) & 1;
            break;
        case G4_COND_U:
            c = nc;
            break;
        default:
            c = false;
            break;
        }
        r |= (uint16_t)c << i;
    }
    return r;
}

/* ---- fused float path ---- */

/*
 * add/mul/mac with float sources that are a contiguous GRF region, a
 * GRF scalar or a float immediate, without modifiers, into a contiguous
 * float GRF/MRF destination, all lanes enabled, IEEE mode, no .sat, no
 * condition: one loop per lane does flush, operation, accumulator and
 * store.  Same results as the general path (tests run both).
 */
#define FAST(name, expr)                                                \
    static void name(G4EuThread *t, const G4Half *h)                    \
    {                                                                   \
        const G4Opnd *s0 = &h->src[0], *s1 = &h->src[1];                \
        const uint8_t *p0 = s0->kind == G4K_IMM ?                       \
            (const uint8_t *)s0->imm : t->grf + s0->base;               \
        const uint8_t *p1 = s1->kind == G4K_IMM ?                       \
            (const uint8_t *)s1->imm : t->grf + s1->base;               \
        unsigned st0 = s0->contig ? 4 : 0, st1 = s1->contig ? 4 : 0;    \
        uint8_t *pd = (h->dst.kind == G4K_GRF ? t->grf : t->mrf) +      \
                      h->dst.base;                                      \
        double *acc = t->accf + h->lane0;                               \
        unsigned n = h->n;                                              \
        uint32_t all = ((1u << n) - 1) << h->lane0;                     \
                                                                        \
        if ((t->acc_float & all) != all) {                              \
            for (unsigned i = 0; i < n; i++) {                          \
                if (!((t->acc_float >> (h->lane0 + i)) & 1)) {          \
                    acc[i] = (double)t->acci[h->lane0 + i];             \
                }                                                       \
            }                                                           \
        }                                                               \
        for (unsigned i = 0; i < n; i++) {                              \
            uint32_t ua, ub, u;                                         \
            float a, b;                                                 \
            double d;                                                   \
                                                                        \
            memcpy(&ua, p0 + i * st0, 4);                               \
            memcpy(&ub, p1 + i * st1, 4);                               \
            a = u2f((ua & 0x7f800000u) ? ua : (ua & 0x80000000u));      \
            b = u2f((ub & 0x7f800000u) ? ub : (ub & 0x80000000u));      \
            d = (expr);                                                 \
            acc[i] = d;                                                 \
            u = f2u((float)d);                                          \
            u = (u & 0x7f800000u) ? u : (u & 0x80000000u);              \
            memcpy(pd + 4 * i, &u, 4);                                  \
        }                                                               \
        t->acc_float |= all;                                            \
    }

FAST(fast_add, (double)(a + b))
FAST(fast_mul, (double)(a * b))
FAST(fast_mac, (double)a * b + acc[i])

/* A source the fused path can read: returns false otherwise. */
static bool fast_src(const G4Opnd *o, const G4Opnd *d, unsigned n)
{
    unsigned lo, hi;

    if (o->mods || o->type != G4_TYPE_F) {
        return false;
    }
    if (o->kind == G4K_IMM) {
        for (unsigned i = 1; i < 8; i++) {      /* VF is not a scalar */
            if (o->imm[i] != o->imm[0]) {
                return false;
            }
        }
        return true;
    }
    if (o->kind != G4K_GRF) {
        return false;
    }
    if (!o->contig) {
        for (unsigned i = 0; i < n; i++) {
            if (o->off[i]) {
                return false;
            }
        }
    }
    if (d->kind != G4K_GRF) {
        return true;
    }
    /* each lane must read before any lane writes: same lanes or apart */
    lo = o->base;
    hi = o->base + (o->contig ? 4 * n : 4);
    if (o->contig && o->base == d->base) {
        return true;
    }
    return hi <= d->base || lo >= d->base + 4 * n;
}

G4FastFn g4_alu_fast_pick(const G4Op *op)
{
    G4FastFn f;

    switch (op->opcode) {
    case G4_OP_ADD:
        f = fast_add;
        break;
    case G4_OP_MUL:
        f = fast_mul;
        break;
    case G4_OP_MAC:
        f = fast_mac;
        break;
    default:
        return NULL;
    }
    if (op->cls != G4C_FLOAT || !op->acc_write || op->align16) {
        return NULL;
    }
    for (unsigned k = 0; k < op->nhalves; k++) {
        const G4Half *h = &op->h[k];

        if (!h->fast_dst || !fast_src(&h->src[0], &h->dst, h->n) ||
            !fast_src(&h->src[1], &h->dst, h->n)) {
            return NULL;
        }
    }
    return f;
}

/* line/pln scalars: p/q/r from src0's 128-bit group (L11977, L12669). */
static void read_plane(G4EuThread *t, const G4Half *h, G4Lanes *l,
                       bool isfloat)
{
    const G4Opnd *s0 = &h->src[0];
    unsigned g = s0->base & ~15u;
    uint32_t v[4];

    if (s0->kind != G4K_GRF) {
        memset(v, 0, sizeof(v));
    } else {
        memcpy(v, t->grf + g, 16);
    }
    for (unsigned i = 0; i < 4; i++) {
        l->fa[i] = u2f(v[i]);
        l->ia[i] = (int32_t)v[i];
    }
    /* line: p is the scalar at the subregister, q the 4th dword */
    l->fa[0] = u2f(v[(s0->base >> 2) & 3]);
    l->ia[0] = (int32_t)v[(s0->base >> 2) & 3];
    l->fc[0] = u2f(v[3]);
    if (!isfloat) {
        l->fc[0] = (float)l->ia[3];
    }
}

bool g4_alu_exec_half(G4EuThread *t, const G4Op *op, const G4Half *h,
                      uint16_t en, uint16_t pm, const HwgpuHost *host)
{
    G4Lanes l;
    unsigned n = h->n, dtype = h->dst.type;

    /*
     * A null destination keeps no data: conditions are evaluated on the
     * result in the execution type (the text form drops null's type).
     */
    if (h->dst.kind == G4K_NULL && op->cls != G4C_RAW) {
        dtype = op->cls == G4C_FLOAT ? G4_TYPE_F : h->src[0].type;
    }
    bool plane = op->opcode == G4_OP_LINE || op->opcode == G4_OP_PLN;

    l.accf = t->accf + h->lane0;
    l.acci = t->acci + h->lane0;
    l.alt = t->cr0[0] & G4_CR0_FP_ALT;
    l.pmask = pm;
    l.inc = 0;
    l.of = 0;
    l.nan = 0;

    if (op->cls == G4C_RAW) {
        g4_read_raw(t, &h->src[0], n, l.ra, host);
        if (op->opcode == G4_OP_SEL) {
            g4_read_raw(t, &h->src[1], n, l.rb, host);
        }
        op->alu(&l, op, n);
    } else if (op->cls == G4C_FLOAT) {
        const AluEntry *e = &alu_table[op->opcode];

        if (op->opcode == G4_OP_MAC || op->opcode == G4_OP_SADA2) {
            /* the implied source: acc lanes as double */
            for (unsigned i = 0; i < n; i++) {
                unsigned ln = h->lane0 + i;

                if (!(t->acc_float & (1u << ln))) {
                    t->accf[ln] = (double)t->acci[ln];
                }
            }
        }
        if (plane) {
            read_plane(t, h, &l, true);
        } else {
            g4_read_float(t, &h->src[0], n, l.fa, op->ftz, host);
        }
        if (e->nsrc > 1) {
            g4_read_float(t, &h->src[1], n, l.fb, op->ftz, host);
        }
        if (op->opcode == G4_OP_PLN) {
            g4_read_float(t, &h->src[2], n, l.fc, op->ftz, host);
        }
        op->alu(&l, op, n);
        if (op->acc_write && !(t->cr0[0] & G4_CR0_ACC_DISABLE)) {
            /* not masked by the channel enables (L7711) */
            for (unsigned i = 0; i < n; i++) {
                t->accf[h->lane0 + i] = l.dr[i];
            }
            t->acc_float |= ((1u << n) - 1) << h->lane0;
        }
        if (h->fast_dst && en == (uint16_t)((1u << n) - 1) && !l.alt) {
            /* common case: truncate, flush denorms, store (L7007) */
            uint8_t *p = (h->dst.kind == G4K_GRF ? t->grf : t->mrf) +
                         h->dst.base;
            uint32_t m = op->ftz ? 0x80000000u : 0xffffffffu;

            for (unsigned i = 0; i < n; i++) {
                uint32_t u = f2u((float)l.dr[i]);

                u = (u & 0x7f800000u) ? u : (u & m);
                memcpy(p + 4 * i, &u, 4);
            }
            return false;
        }
        if (op->opcode == G4_OP_CMP || op->opcode == G4_OP_CMPN) {
            for (unsigned i = 0; i < n; i++) {
                l.out[i] = (l.cmp >> i) & 1;    /* flag in the LSB, L11151 */
            }
        } else {
            convert_float(&l, op, dtype, n);
        }
    } else {
        const AluEntry *e = &alu_table[op->opcode];

        if (op->opcode == G4_OP_MAC || op->opcode == G4_OP_MACH ||
            op->opcode == G4_OP_SADA2) {
            for (unsigned i = 0; i < n; i++) {
                unsigned ln = h->lane0 + i;

                if (t->acc_float & (1u << ln)) {
                    t->acci[ln] = d2i(t->accf[ln]);
                    t->acc_float &= ~(1u << ln);
                }
            }
        }
        if (plane) {
            read_plane(t, h, &l, false);
        } else {
            g4_read_int(t, &h->src[0], n, l.ia, e->bits, host);
        }
        if (e->nsrc > 1) {
            g4_read_int(t, &h->src[1], n, l.ib, e->bits, host);
        }
        if (op->opcode == G4_OP_PLN) {
            g4_read_float(t, &h->src[2], n, l.fc, false, host);
        }
        op->alu(&l, op, n);
        if (op->opcode == G4_OP_CMP || op->opcode == G4_OP_CMPN) {
            for (unsigned i = 0; i < n; i++) {
                l.out[i] = (l.cmp >> i) & 1;
            }
        } else {
            convert_int(&l, op, dtype, n);
        }
        if (op->acc_write && !(t->cr0[0] & G4_CR0_ACC_DISABLE)) {
            copy_lanes(t->acci + h->lane0, l.ir, n, sizeof(int64_t));
            t->acc_float &= ~(((1u << n) - 1) << h->lane0);
        }
    }

    if (op->cmod) {
        uint16_t c, fm;

        if (op->opcode == G4_OP_CMP || op->opcode == G4_OP_CMPN) {
            c = l.cmp;
        } else {
            c = cond_flags(&l, op, dtype, n);
        }
        /* only enabled channels update the flag (L7794) */
        fm = (uint16_t)(en << h->mbit0);
        t->f0[op->flag_sub] = (t->f0[op->flag_sub] & ~fm) |
                              ((uint16_t)(c << h->mbit0) & fm);
    }
    return g4_write_dst(t, op, h, &l, en, host);
}
