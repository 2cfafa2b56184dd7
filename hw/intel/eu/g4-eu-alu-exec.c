/*
 * G45 EU interpreter: executing an ALU instruction one half at a time -
 * predication, result type conversion, condition flags and the fused
 * float path (seed 002 chapters 10, 11 and 14; seed-002.md sections
 * 3.3-3.8).  The operations and the opcode table are in g4-eu-alu.c.
 *
 * An instruction is executed one half at a time, all lanes at once:
 * read the sources into per-lane float or int64 arrays, run the
 * operation over the arrays, convert the results to the destination's
 * raw bits, then write them under the execution mask and update flags.
 * Float arithmetic runs with the host FPU in round-toward-zero mode
 * (set by g4_eu_run, L7007), so float and double operations truncate
 * exactly as the EU does.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "g4-eu-priv.h"

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
                uint32_t u = hwgpu_f2u((float)l->dr[i]);

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
            o = hwgpu_f2u(f);
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
            l->out[i] = hwgpu_f2u(f);
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
            c = g4_cond_result(op->cmod, sign, zero, nc) & 1;
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
            a = hwgpu_u2f((ua & 0x7f800000u) ? ua : (ua & 0x80000000u));      \
            b = hwgpu_u2f((ub & 0x7f800000u) ? ub : (ub & 0x80000000u));      \
            d = (expr);                                                 \
            acc[i] = d;                                                 \
            u = hwgpu_f2u((float)d);                                          \
            u = (u & 0x7f800000u) ? u : (u & 0x80000000u);              \
            memcpy(pd + 4 * i, &u, 4);                                  \
        }                                                               \
        t->acc_float |= all;                                            \
    }

FAST(fast_add, canon_nan((double)(a + b)))
FAST(fast_mul, canon_nan((double)(a * b)))
FAST(fast_mac, canon_nan((double)a * b + acc[i]))

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
        l->fa[i] = hwgpu_u2f(v[i]);
        l->ia[i] = (int32_t)v[i];
    }
    /* line: p is the scalar at the subregister, q the 4th dword */
    l->fa[0] = hwgpu_u2f(v[(s0->base >> 2) & 3]);
    l->ia[0] = (int32_t)v[(s0->base >> 2) & 3];
    l->fc[0] = hwgpu_u2f(v[3]);
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
        const AluEntry *e = &g4_alu_table[op->opcode];

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
                uint32_t u = hwgpu_f2u((float)l.dr[i]);

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
        const AluEntry *e = &g4_alu_table[op->opcode];

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
