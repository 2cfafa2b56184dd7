/*
 * G45 EU: the fast execution path.  At pre-decode time an ALU
 * instruction whose every half is a common simple case gets a handler
 * specialised for its opcode and width (G4Op.xfn); the run loop calls it
 * instead of g4_alu_exec_half() unless the reference interpreter is
 * forced (G4EuEnv.interp).  Results are bit-identical to the
 * interpreter's (g4-eu-alu.c, g4-eu-alu-exec.c, g4-eu-operand.c), which
 * stays the reference: tests/unit/intel/eu/test-g4-eu-fast.c runs both
 * and compares the whole thread state.  docs/g4-eu.md, "Fast path".
 *
 * The simple case: Align1, ExecSize 8 or 16 per half, direct operands
 * of 32-bit types (F, D, UD) with contiguous <n;n,1> or scalar <0;1,0>
 * GRF sources or scalar immediates (and, where only their value counts,
 * word/byte sources in any direct region and vector immediates: see
 * src_mode), a contiguous GRF/MRF destination (W/UW for integer results)
 * or null, conditions .z .nz .g .ge .l .le or none.  Each handler reads the
 * sources into local lane arrays, runs the operation over fixed-size
 * arrays (plain loops the compiler vectorises), converts, and stores
 * the enabled lanes with a select: no per-lane calls.  The rules are
 * the interpreter's, which cites seed 002 (G45 PRM Vol. 4): denorm
 * flush on arithmetic input and output (L7014), round toward zero from
 * the host FPU mode set by g4_eu_run() (L7007), float to integer
 * truncation with clamping and NaN -> 0 (L7252-L7265), the implied
 * accumulator write unmasked by the channel enables (L7711), flags
 * only for enabled channels (L7794).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <string.h>

#include "g4-eu-priv.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* What a handler computes. */
enum {
    XK_MOV, XK_SEL, XK_ADD, XK_MUL, XK_MAC, XK_FRC, XK_RNDD,
    XK_LINE, XK_PLN, XK_CMP, XK_CMPN,
    XK_AND, XK_OR, XK_XOR, XK_NOT, XK_SHL, XK_SHR, XK_ASR, XK_AVG,
};

static ALWAYS_INLINE uint32_t ld32(const uint8_t *p)
{
    uint32_t v;

    memcpy(&v, p, 4);
    return v;
}

/* ALT mode (cr0.0): an infinite float result becomes +-FLT_MAX (L7219). */
static ALWAYS_INLINE void alt_clamp(const G4EuThread *t, uint32_t *out,
                                    unsigned n)
{
    if (t->cr0[0] & G4_CR0_FP_ALT) {
        for (unsigned i = 0; i < n; i++) {
            out[i] = (out[i] & 0x7fffffffu) == 0x7f800000u ?
                     (out[i] & 0x80000000u) | 0x7f7fffffu : out[i];
        }
    }
}

/*
 * The implied accumulator write (L7699): the instruction's, unless cr0
 * disables it (L7720) or no instruction on the thread's path reads the
 * accumulator (G4EuThread.acc_unread).
 */
static ALWAYS_INLINE bool acc_on(const G4EuThread *t, const G4Op *op)
{
    return op->acc_write && !t->acc_unread &&
           !(t->cr0[0] & G4_CR0_ACC_DISABLE);
}

/*
 * A float's round trip through double quiets a signalling NaN (sets
 * mantissa bit 22): the interpreter keeps float results as double.
 */
static ALWAYS_INLINE uint32_t quiet32(uint32_t u)
{
    bool nan = (u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu);

    return nan ? u | 0x00400000u : u;
}

static ALWAYS_INLINE uint32_t ld16(const uint8_t *p)
{
    uint16_t v;

    memcpy(&v, p, 2);
    return v;
}

static ALWAYS_INLINE uint32_t ld8(const uint8_t *p)
{
    return *p;
}

/*
 * Eight lanes built in registers and stored as one vector: lanes written
 * one by one to a stack array and then loaded whole by the vectorised
 * loops after them stalled every such load (no store forwarding from
 * several narrow stores to one wide load).
 */
typedef uint32_t XLanes __attribute__((vector_size(32)));
typedef uint16_t XWords __attribute__((vector_size(16)));

#define GATHER8(ld, j)                                                  \
    (XLanes){ ld(p + o->off[(j) + 0]), ld(p + o->off[(j) + 1]),         \
              ld(p + o->off[(j) + 2]), ld(p + o->off[(j) + 3]),         \
              ld(p + o->off[(j) + 4]), ld(p + o->off[(j) + 5]),         \
              ld(p + o->off[(j) + 6]), ld(p + o->off[(j) + 7]) }

/*
 * Raw 32-bit lanes of source k: contiguous, GRF scalar or immediate.
 * n is 8 or 16 (g4_fast_pick()).
 */
static ALWAYS_INLINE void src_raw(const G4EuThread *t, const G4Half *h,
                                  unsigned k, unsigned n, uint32_t *r)
{
    const G4Opnd *o = &h->src[k];
    uint32_t v;

    if (h->xs[k] == G4XS_VEC) {
        memcpy(r, t->grf + o->base, 4 * n);
        return;
    }
    if (h->xs[k] == G4XS_VECW) {
        const uint8_t *p = t->grf + o->base;

        /* a run of words widened as one vector (n: 8 or 16) */
        for (unsigned j = 0; j < n; j += 8) {
            XWords w;
            XLanes x;

            memcpy(&w, p + 2 * j, sizeof(w));
            x = __builtin_convertvector(w, XLanes);
            memcpy(r + j, &x, sizeof(x));
        }
        return;
    }
    if (h->xs[k] == G4XS_GATHER) {
        const uint8_t *p = t->grf + o->base;

        /* (the element size tested once, not per lane) */
        if (o->esize == 4) {
            for (unsigned j = 0; j < n; j += 8) {
                XLanes x = GATHER8(ld32, j);

                memcpy(r + j, &x, sizeof(x));
            }
        } else if (o->esize == 2) {
            for (unsigned j = 0; j < n; j += 8) {
                XLanes x = GATHER8(ld16, j);

                memcpy(r + j, &x, sizeof(x));
            }
        } else {
            for (unsigned j = 0; j < n; j += 8) {
                XLanes x = GATHER8(ld8, j);

                memcpy(r + j, &x, sizeof(x));
            }
        }
        return;
    }
    if (h->xs[k] == G4XS_IMMV) {        /* (n: 8 or 16) */
        memcpy(r, o->imm, 4 * (n < 8 ? n : 8));
        if (n > 8) {
            memcpy(r + 8, o->imm, 4 * (n - 8));
        }
        return;
    }
    v = h->xs[k] == G4XS_IMM ? o->imm[0] : ld32(t->grf + o->base);
    for (unsigned i = 0; i < n; i++) {
        r[i] = v;
    }
}

/* As g4_read_float(): int to float (RTZ), abs, negate, flush. */
static ALWAYS_INLINE void src_float(const G4EuThread *t, const G4Half *h,
                                    unsigned k, unsigned n, bool flush,
                                    float *f)
{
    const G4Opnd *o = &h->src[k];
    HWGPU_NOINIT uint32_t r[16], keep, flip;

    if (h->xs[k] == G4XS_VEC && o->type == G4_TYPE_F && !o->mods) {
        /*
         * Straight from the GRF, not through r[]: the copy's narrower
         * stores would stall the loop's wide loads (no store forwarding)
         */
        const uint8_t *p = t->grf + o->base;

        for (unsigned i = 0; i < n; i++) {
            f[i] = hwgpu_u2f(flush ? g4_ftz32(ld32(p + 4 * i))
                                   : ld32(p + 4 * i));
        }
        return;
    }
    src_raw(t, h, k, n, r);
    if (o->type == G4_TYPE_F && !o->mods) {
        /* the common case, without the general one's masks */
        for (unsigned i = 0; i < n; i++) {
            f[i] = hwgpu_u2f(flush ? g4_ftz32(r[i]) : r[i]);
        }
        return;
    }
    /*
     * integer sources converted (the type switch outside the loops); D and
     * the word and byte types fit 32 bits, whose conversion gives the same
     * float as the 64-bit one and vectorises
     */
#define TO_FLOAT(ty)                                                    \
    for (unsigned i = 0; i < n; i++) {                                  \
        r[i] = hwgpu_f2u((ty) == G4_TYPE_UD ?                           \
                         (float)g4_raw_to_int(r[i], (ty)) :             \
                         (float)(int32_t)g4_raw_to_int(r[i], (ty)));    \
    }
    switch (o->type) {
    case G4_TYPE_F:
        break;
    case G4_TYPE_D:
        TO_FLOAT(G4_TYPE_D);
        break;
    case G4_TYPE_UD:
        TO_FLOAT(G4_TYPE_UD);
        break;
    case G4_TYPE_W:
        TO_FLOAT(G4_TYPE_W);
        break;
    case G4_TYPE_UW:
        TO_FLOAT(G4_TYPE_UW);
        break;
    default:
        TO_FLOAT(o->type);
        break;
    }
#undef TO_FLOAT
    keep = o->mods & G4_MOD_ABS ? 0x7fffffffu : 0xffffffffu;
    flip = o->mods & G4_MOD_NEG ? 0x80000000u : 0;
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = (r[i] & keep) ^ flip;

        if (flush && !(v & 0x7f800000u)) {
            v &= 0x80000000u;
        }
        f[i] = hwgpu_u2f(v);
    }
}

/* As g4_read_int(): D, W and B sign-extend, UD, UW, UB and (bit
 * operations) F do not. */
static ALWAYS_INLINE void src_int(const G4EuThread *t, const G4Half *h,
                                  unsigned k, unsigned n, int64_t *v)
{
    const G4Opnd *o = &h->src[k];
    HWGPU_NOINIT uint32_t r[16];

    if (h->xs[k] == G4XS_VEC && o->type == G4_TYPE_D && !o->mods) {
        /* straight from the GRF, as src_float */
        const uint8_t *p = t->grf + o->base;

        for (unsigned i = 0; i < n; i++) {
            v[i] = (int32_t)ld32(p + 4 * i);
        }
        return;
    }
    src_raw(t, h, k, n, r);
    /* (the type switch outside the loops) */
#define TO_INT(ty)                                                      \
    for (unsigned i = 0; i < n; i++) {                                  \
        v[i] = g4_raw_to_int(r[i], (ty));                               \
    }
    switch (o->type) {
    case G4_TYPE_F:
        for (unsigned i = 0; i < n; i++) {
            v[i] = r[i];
        }
        break;
    case G4_TYPE_D:
        TO_INT(G4_TYPE_D);
        break;
    case G4_TYPE_UD:
        TO_INT(G4_TYPE_UD);
        break;
    case G4_TYPE_W:
        TO_INT(G4_TYPE_W);
        break;
    case G4_TYPE_UW:
        TO_INT(G4_TYPE_UW);
        break;
    default:
        TO_INT(o->type);
        break;
    }
#undef TO_INT
    g4_int_mods(v, n, o->mods);
}

/* Conditions .z .nz .g .ge .l .le on a result (L9139-L9147). */
static ALWAYS_INLINE uint16_t result_flags(const uint32_t *out,
                                           unsigned dtype, uint16_t nan,
                                           unsigned cm, unsigned n)
{
    uint32_t sign = 0, zero = 0, nc = nan;

    for (unsigned i = 0; i < n; i++) {
        uint32_t o = out[i];

        if (dtype == G4_TYPE_F) {
            sign |= (o >> 31) << i;
            zero |= (uint32_t)((o & 0x7f800000u) == 0) << i;
            nc |= (uint32_t)((o & 0x7f800000u) == 0x7f800000u &&
                             (o & 0x7fffff)) << i;
        } else {
            sign |= (uint32_t)(dtype == G4_TYPE_D && (o >> 31)) << i;
            zero |= (uint32_t)(o == 0) << i;
        }
    }
    return g4_cond_result(cm, sign, zero, nc);
}

/* Only enabled channels update the flag register (L7794). */
static ALWAYS_INLINE void set_flags(G4EuThread *t, const G4Op *op,
                                    const G4Half *h, uint16_t c, uint16_t en)
{
    uint16_t fm = (uint16_t)(en << h->mbit0);
    uint16_t *f = &t->f0[op->flag_sub];

    *f = (*f & ~fm) | ((uint16_t)(c << h->mbit0) & fm);
}

/* Store the enabled lanes: a select against the old contents. */
static ALWAYS_INLINE void store(G4EuThread *t, const G4Half *h,
                                const uint32_t *out, uint16_t en, unsigned n)
{
    uint8_t *p;

    if (h->dst.kind == G4K_NULL) {
        return;
    }
    p = (h->dst.kind == G4K_GRF ? t->grf : t->mrf) + h->dst.base;
    if (h->dst.esize == 2) {            /* integer W/UW: the low 16 bits */
        uint16_t w[16];

        memcpy(w, p, 2 * n);
        for (unsigned i = 0; i < n; i++) {
            w[i] = (en >> i) & 1 ? (uint16_t)out[i] : w[i];
        }
        memcpy(p, w, 2 * n);
        return;
    }
    if (en == (uint16_t)((1u << n) - 1)) {
        memcpy(p, out, 4 * n);
        return;
    }
    /* lane by lane in place: a copy of the old contents, merged and
     * copied back, made a store forwarding stall of every partial write */
    for (unsigned i = 0; i < n; i++) {
        if ((en >> i) & 1) {
            memcpy(p + 4 * i, &out[i], 4);
        }
    }
}

/* The type conditions are evaluated in (a null destination: see below). */
static ALWAYS_INLINE unsigned cond_type(const G4Op *op, const G4Half *h)
{
    if (h->dst.kind != G4K_NULL || op->cls == G4C_RAW) {
        return h->dst.type;
    }
    return op->cls == G4C_FLOAT ? G4_TYPE_F : h->src[0].type;
}

/* cmp/cmpn of one lane (Tables 10-3..10-14, L9121-L9147). */
static ALWAYS_INLINE bool cmp_lane(unsigned kind, unsigned cm, float a,
                                   float b)
{
    if (kind == XK_CMPN && isnan(b)) {
        return cm != G4_COND_NZ;
    }
    if (kind == XK_CMPN && isnan(a)) {
        return cm == G4_COND_NZ;
    }
    return G4_COMPARE(cm, a, b);
}

/* cmp/cmpn: the flag per lane, also written to the destination's LSB. */
static ALWAYS_INLINE void finish_cmp(G4EuThread *t, const G4Op *op,
                                     const G4Half *h, uint16_t c,
                                     uint16_t en, unsigned n)
{
    HWGPU_NOINIT uint32_t out[16];

    for (unsigned i = 0; i < n; i++) {
        out[i] = (c >> i) & 1;          /* L11151 */
    }
    set_flags(t, op, h, c, en);
    store(t, h, out, en, n);
}

/*
 * A pair call (XEntry.pair, picked by g4_fast_pick): both halves of a
 * compressed instruction in one call of 16 lanes, each half's operands
 * where that half has them (COMPR4 destinations, pln's u/v register
 * pairs), for instructions whose first half writes nothing the second
 * reads (pair_ok).  Lanes 8-15 are the second half's; its accumulator
 * lanes and enables follow the first's.
 */
static ALWAYS_INLINE void src_float_p(const G4EuThread *t, const G4Half *h,
                                      unsigned k, unsigned n, bool pair,
                                      float *f)
{
    if (pair) {
        src_float(t, h, k, 8, true, f);
        src_float(t, h + 1, k, 8, true, f + 8);
    } else {
        src_float(t, h, k, n, true, f);
    }
}

static ALWAYS_INLINE void store_p(G4EuThread *t, const G4Half *h,
                                  const uint32_t *out, uint16_t en,
                                  unsigned n, bool pair)
{
    if (pair) {
        store(t, h, out, en & 0xff, 8);
        store(t, h + 1, out + 8, en >> 8, 8);
    } else {
        store(t, h, out, en, n);
    }
}

/* ---- float execution ---- */

static ALWAYS_INLINE void float_body(G4EuThread *t, const G4Op *op,
                                     const G4Half *h, uint16_t en,
                                     uint16_t pm, unsigned n, unsigned kind)
{
    HWGPU_NOINIT float a[16], b[16], v[16], p = 0, q = 0, r = 0;
    HWGPU_NOINIT double d[16];
    HWGPU_NOINIT uint32_t out[16];
    uint16_t nan = 0;
    unsigned dtype = cond_type(op, h);
    bool two = kind == XK_SEL || kind == XK_ADD || kind == XK_MUL ||
               kind == XK_MAC || kind == XK_CMP || kind == XK_CMPN;
    double *acc = t->accf + h->lane0;

    if (kind == XK_LINE || kind == XK_PLN) {
        /*
         * p, q, r: the scalar at src0's subregister and dwords 1 and 3
         * of its 128-bit group, unflushed (L11977, L12669; read_plane()
         * in g4-eu-alu-exec.c); u = src1, v = pln's register after it.
         */
        const uint8_t *g = t->grf + (h->src[0].base & ~15u);

        p = hwgpu_u2f(ld32(g + (h->src[0].base & 12)));
        q = hwgpu_u2f(ld32(g + 4));
        r = hwgpu_u2f(ld32(g + 12));
        src_float(t, h, 1, n, op->ftz, b);
        if (kind == XK_PLN) {
            src_float(t, h, 2, n, op->ftz, v);
        }
    } else {
        src_float(t, h, 0, n, op->ftz, a);
    }
    if (two) {
        src_float(t, h, 1, n, op->ftz, b);
    }
    if (kind == XK_CMP || kind == XK_CMPN) {
        uint16_t c = 0;

        for (unsigned i = 0; i < n; i++) {
            c |= (uint16_t)cmp_lane(kind, op->cmod, a[i], b[i]) << i;
        }
        finish_cmp(t, op, h, c, en, n);
        return;
    }
    if (kind == XK_MAC) {
        /* the implied source: acc lanes as double */
        for (unsigned i = 0; i < n; i++) {
            unsigned ln = h->lane0 + i;

            if (!((t->acc_float >> ln) & 1)) {
                acc[i] = (double)t->acci[ln];
            }
        }
    }
    for (unsigned i = 0; i < n; i++) {
        switch (kind) {
        case XK_MOV:
            d[i] = a[i];
            break;
        case XK_SEL:                    /* L13244-L13291 */
            d[i] = (pm >> i) & 1 ? a[i] : b[i];
            break;
        case XK_ADD:
            d[i] = canon_nan((double)(a[i] + b[i]));
            break;
        case XK_MUL:
            d[i] = canon_nan((double)(a[i] * b[i]));
            break;
        case XK_MAC:
            d[i] = canon_nan((double)a[i] * b[i] + acc[i]);
            break;
        case XK_FRC:                    /* L11690 */
            d[i] = (double)(a[i] - floorf(a[i]));
            break;
        case XK_LINE:                   /* p*u + r, L11977 */
            d[i] = canon_nan((double)p * b[i] + r);
            break;
        case XK_PLN:                    /* p*u + q*v + r, L12669 */
            d[i] = canon_nan((double)p * b[i] + (double)q * v[i] + r);
            break;
        default:                        /* RNDD, L12824 */
            d[i] = (double)floorf(a[i]);
            break;
        }
    }
    if (acc_on(t, op)) {
        memcpy(acc, d, sizeof(double) * n);
        t->acc_float |= ((1u << n) - 1) << h->lane0;
    }
    if (op->cmod) {
        for (unsigned i = 0; i < n; i++) {
            nan |= (uint16_t)(isnan(d[i]) != 0) << i;
        }
    }
    if (dtype == G4_TYPE_F) {
        uint32_t m = op->ftz ? 0x80000000u : 0xffffffffu;

        for (unsigned i = 0; i < n; i++) {
            uint32_t u = quiet32(hwgpu_f2u((float)d[i]));

            out[i] = (u & 0x7f800000u) ? u : (u & m);
        }
        alt_clamp(t, out, n);
        if (op->sat) {                  /* [0, 1], NaN -> 0 (L9802) */
            for (unsigned i = 0; i < n; i++) {
                float f = hwgpu_u2f(out[i]);

                f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
                out[i] = hwgpu_f2u(f);
            }
        }
    } else {
        /* float to D/UD: truncate, clamp, NaN -> 0 (L7252-L7265) */
        double lo = dtype == G4_TYPE_D ? -2147483648.0 : 0;
        double hi = dtype == G4_TYPE_D ? 2147483647.0 : 4294967295.0;

        for (unsigned i = 0; i < n; i++) {
            double tr = isnan(d[i]) ? 0 : trunc(d[i]);

            tr = tr < lo ? lo : tr > hi ? hi : tr;
            out[i] = (uint32_t)(int64_t)tr;
        }
    }
    if (op->cmod) {
        set_flags(t, op, h, result_flags(out, dtype, nan, op->cmod, n), en);
    }
    store(t, h, out, en, n);
}

/*
 * The commonest float case: a float destination, no .sat, no condition
 * (sources of any type, with modifiers, read as float_body reads them).  add/mul/frc results are never
 * signalling NaNs (add/mul's NaNs are canon_nan()'s), rndd's is quieted
 * here, so the float result is the destination's value and its double
 * the accumulator's, as the interpreter's round trip through double
 * gives.
 */
static ALWAYS_INLINE void plain_body(G4EuThread *t, const G4Op *op,
                                     const G4Half *h, uint16_t en,
                                     uint16_t pm, unsigned n, unsigned kind,
                                     bool pair)
{
    HWGPU_NOINIT uint32_t out[16];
    HWGPU_NOINIT float a[16], b[16], r[16];
    double *acc = t->accf + h->lane0;
    bool accw = acc_on(t, op);

    /* (plain ops flush: op->ftz) */
    src_float_p(t, h, 0, n, pair, a);
    if (kind != XK_FRC && kind != XK_RNDD) {
        src_float_p(t, h, 1, n, pair, b);
    }
    if (kind == XK_MAC) {
        HWGPU_NOINIT double d[16];

        for (unsigned i = 0; i < n; i++) {
            unsigned ln = h->lane0 + i;

            if (!((t->acc_float >> ln) & 1)) {
                acc[i] = (double)t->acci[ln];
            }
        }
        for (unsigned i = 0; i < n; i++) {
            d[i] = canon_nan((double)a[i] * b[i] + acc[i]);
            r[i] = (float)d[i];
        }
        if (accw) {
            memcpy(acc, d, sizeof(double) * n);
        }
    } else {
        for (unsigned i = 0; i < n; i++) {
            switch (kind) {
            case XK_ADD:
                r[i] = a[i] + b[i];
                r[i] = r[i] == r[i] ? r[i] : NAN;   /* canon_nan() */
                break;
            case XK_MUL:
                r[i] = a[i] * b[i];
                r[i] = r[i] == r[i] ? r[i] : NAN;
                break;
            case XK_FRC:
                r[i] = a[i] - floorf(a[i]);
                break;
            default:
                r[i] = hwgpu_u2f(quiet32(hwgpu_f2u(floorf(a[i]))));
                break;
            }
        }
        if (accw) {
            for (unsigned i = 0; i < n; i++) {
                acc[i] = r[i];
            }
        }
    }
    if (accw) {
        t->acc_float |= ((1u << n) - 1) << h->lane0;
    }
    for (unsigned i = 0; i < n; i++) {
        out[i] = g4_ftz32(hwgpu_f2u(r[i]));
    }
    alt_clamp(t, out, n);
    store_p(t, h, out, en, n, pair);
}

/* line/pln of n lanes from half h's p, q, r (L11977, L12669) */
static ALWAYS_INLINE void plane_lanes(const G4EuThread *t, const G4Half *h,
                                      unsigned kind, unsigned n,
                                      const float *b, const float *v,
                                      double *d)
{
    const uint8_t *g = t->grf + (h->src[0].base & ~15u);
    float p = hwgpu_u2f(ld32(g + (h->src[0].base & 12)));
    float q = hwgpu_u2f(ld32(g + 4)), r = hwgpu_u2f(ld32(g + 12));

    if (kind == XK_PLN) {
        for (unsigned i = 0; i < n; i++) {
            d[i] = canon_nan((double)p * b[i] + (double)q * v[i] + r);
        }
    } else {
        for (unsigned i = 0; i < n; i++) {
            d[i] = canon_nan((double)p * b[i] + r);
        }
    }
}

/*
 * line and pln in plain_body's case: float_body's plane arithmetic in
 * double, its result and accumulator, without its other cases.
 */
static ALWAYS_INLINE void plane_body(G4EuThread *t, const G4Op *op,
                                     const G4Half *h, uint16_t en,
                                     uint16_t pm, unsigned n, unsigned kind,
                                     bool pair)
{
    HWGPU_NOINIT float b[16], v[16];
    HWGPU_NOINIT double d[16];
    HWGPU_NOINIT uint32_t out[16];

    src_float_p(t, h, 1, n, pair, b);
    if (kind == XK_PLN) {
        src_float_p(t, h, 2, n, pair, v);
    }
    /* each half's own p, q, r (one call: one group; a pair: two) */
    plane_lanes(t, h, kind, pair ? 8 : n, b, v, d);
    if (pair) {
        plane_lanes(t, h + 1, kind, 8, b + 8, v + 8, d + 8);
    }
    if (acc_on(t, op)) {
        memcpy(t->accf + h->lane0, d, sizeof(double) * n);
        t->acc_float |= ((1u << n) - 1) << h->lane0;
    }
    /* (no quieting: a NaN d is canon_nan's quiet one) */
    for (unsigned i = 0; i < n; i++) {
        out[i] = g4_ftz32(hwgpu_f2u((float)d[i]));
    }
    alt_clamp(t, out, n);
    store_p(t, h, out, en, n, pair);
}

/* ---- integer execution ---- */

static ALWAYS_INLINE void int_body(G4EuThread *t, const G4Op *op,
                                   const G4Half *h, uint16_t en,
                                   uint16_t pm, unsigned n, unsigned kind)
{
    HWGPU_NOINIT int64_t a[16], b[16], r[16];
    HWGPU_NOINIT uint32_t out[16];
    unsigned dtype = cond_type(op, h);

    src_int(t, h, 0, n, a);
    if (kind != XK_MOV && kind != XK_NOT) {
        src_int(t, h, 1, n, b);
    }
    if (kind == XK_CMP || kind == XK_CMPN) {
        uint16_t c = 0;

        for (unsigned i = 0; i < n; i++) {
            c |= (uint16_t)G4_COMPARE(op->cmod, a[i], b[i]) << i;
        }
        finish_cmp(t, op, h, c, en, n);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        switch (kind) {
        case XK_MOV:
            r[i] = a[i];
            break;
        case XK_SEL:
            r[i] = (pm >> i) & 1 ? a[i] : b[i];
            break;
        case XK_ADD:
            r[i] = wadd(a[i], b[i]);
            break;
        case XK_MUL:                    /* D x D: src0[15:0] (L12454) */
            r[i] = (int64_t)((uint64_t)(a[i] & 0xffff) * (uint64_t)b[i]);
            break;
        case XK_AVG:                    /* L10993 */
            r[i] = wadd(wadd(a[i], b[i]), 1) >> 1;
            break;
        case XK_AND:
            r[i] = a[i] & b[i];
            break;
        case XK_OR:
            r[i] = a[i] | b[i];
            break;
        case XK_XOR:
            r[i] = a[i] ^ b[i];
            break;
        case XK_NOT:
            r[i] = ~a[i];
            break;
        case XK_SHL:                    /* count & 31, L13468 */
            r[i] = (int64_t)((uint64_t)a[i] << (b[i] & 31));
            break;
        case XK_SHR:                    /* logical on 32 bits, L13516 */
            r[i] = (int64_t)(((uint64_t)a[i] & 0xffffffffu) >> (b[i] & 31));
            break;
        default:                        /* ASR, L10934 */
            r[i] = a[i] >> (b[i] & 31);
            break;
        }
    }
    if (dtype == G4_TYPE_F) {           /* int to float: RTZ (L7283) */
        for (unsigned i = 0; i < n; i++) {
            float f = (float)r[i];

            if (op->sat) {
                f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
            }
            out[i] = hwgpu_f2u(f);
        }
    } else if (op->sat) {               /* saturate to the type (L7270) */
        int64_t lo = dtype == G4_TYPE_D ? INT32_MIN : 0;
        int64_t hi = dtype == G4_TYPE_D ? INT32_MAX : UINT32_MAX;

        for (unsigned i = 0; i < n; i++) {
            out[i] = (uint32_t)(r[i] < lo ? lo : r[i] > hi ? hi : r[i]);
        }
    } else {
        for (unsigned i = 0; i < n; i++) {
            out[i] = (uint32_t)r[i];    /* wraparound: keep low bits */
        }
    }
    if (acc_on(t, op)) {
        memcpy(t->acci + h->lane0, r, sizeof(int64_t) * n);
        t->acc_float &= ~(((1u << n) - 1) << h->lane0);
    }
    if (op->cmod) {
        set_flags(t, op, h, result_flags(out, dtype, 0, op->cmod, n), en);
    }
    store(t, h, out, en, n);
}

/*
 * int_body's commonest case: add, mov and the bit operations to an
 * integer destination, without .sat or a condition, from integer
 * sources without abs.  The destination keeps a result's low 32 bits
 * (a W/UW one 16), and those are the same operation on the operands'
 * low 32 bits (wrapping arithmetic), so the lanes are computed in 32
 * bits; the accumulator, which keeps the whole result, gets int_body's
 * 64-bit value.  crocus's pixel-position setup (add.UW of the payload's
 * subspan origins) is one in every pixel shader.
 */
static ALWAYS_INLINE bool src_signed(unsigned type)
{
    return type == G4_TYPE_D || type == G4_TYPE_W || type == G4_TYPE_B;
}

/* Source k's elements sign- or zero-extended to 32 bits, unnegated. */
static ALWAYS_INLINE void src_u32(const G4EuThread *t, const G4Half *h,
                                  unsigned k, unsigned n, uint32_t *v)
{
    const G4Opnd *o = &h->src[k];

    src_raw(t, h, k, n, v);
    if (o->type == G4_TYPE_W) {
        for (unsigned i = 0; i < n; i++) {
            v[i] = (uint32_t)(int32_t)(int16_t)v[i];
        }
    } else if (o->type == G4_TYPE_B) {
        for (unsigned i = 0; i < n; i++) {
            v[i] = (uint32_t)(int32_t)(int8_t)v[i];
        }
    }
}

/* As int_body's source: extended to 64 bits and negated there. */
static ALWAYS_INLINE void wide(const G4Opnd *o, const uint32_t *v,
                               unsigned n, int64_t *w)
{
    if (src_signed(o->type)) {
        for (unsigned i = 0; i < n; i++) {
            w[i] = (int32_t)v[i];
        }
    } else {
        for (unsigned i = 0; i < n; i++) {
            w[i] = v[i];
        }
    }
    if (o->mods & G4_MOD_NEG) {
        for (unsigned i = 0; i < n; i++) {
            w[i] = (int64_t)(0 - (uint64_t)w[i]);
        }
    }
}

static ALWAYS_INLINE uint64_t int_op(unsigned kind, uint64_t a, uint64_t b)
{
    switch (kind) {
    case XK_ADD:
        return a + b;
    case XK_AND:
        return a & b;
    case XK_OR:
        return a | b;
    case XK_XOR:
        return a ^ b;
    case XK_NOT:
        return ~a;
    default:                            /* MOV */
        return a;
    }
}

static ALWAYS_INLINE void int32_body(G4EuThread *t, const G4Op *op,
                                     const G4Half *h, uint16_t en,
                                     uint16_t pm, unsigned n, unsigned kind)
{
    HWGPU_NOINIT uint32_t a[16], b[16], out[16];
    bool two = kind != XK_MOV && kind != XK_NOT;

    src_u32(t, h, 0, n, a);
    if (two) {
        src_u32(t, h, 1, n, b);
    }
    if (acc_on(t, op)) {
        HWGPU_NOINIT int64_t wa[16], wb[16];
        int64_t *acc = t->acci + h->lane0;

        wide(&h->src[0], a, n, wa);
        if (two) {
            wide(&h->src[1], b, n, wb);
        }
        for (unsigned i = 0; i < n; i++) {
            acc[i] = (int64_t)int_op(kind, wa[i], two ? wb[i] : 0);
        }
        t->acc_float &= ~(((1u << n) - 1) << h->lane0);
    }
    for (unsigned k = 0; k < 2; k++) {
        uint32_t *v = k ? b : a;

        if ((k == 0 || two) && (h->src[k].mods & G4_MOD_NEG)) {
            for (unsigned i = 0; i < n; i++) {
                v[i] = 0u - v[i];
            }
        }
    }
    for (unsigned i = 0; i < n; i++) {
        out[i] = (uint32_t)int_op(kind, a[i], two ? b[i] : 0);
    }
    store(t, h, out, en, n);
}

/* ---- raw moves (mov/sel of equal types, no modifiers) ---- */

static ALWAYS_INLINE void raw_body(G4EuThread *t, const G4Op *op,
                                   const G4Half *h, uint16_t en,
                                   uint16_t pm, unsigned n, unsigned kind)
{
    HWGPU_NOINIT uint32_t a[16], b[16];

    src_raw(t, h, 0, n, a);
    if (kind == XK_SEL) {
        src_raw(t, h, 1, n, b);
        for (unsigned i = 0; i < n; i++) {
            a[i] = (pm >> i) & 1 ? a[i] : b[i];
        }
    }
    if (op->cmod) {
        set_flags(t, op, h, result_flags(a, h->dst.type, 0, op->cmod, n),
                  en);
    }
    store(t, h, a, en, n);
}

/* ---- the handlers: one per class, operation and width ---- */

/* plain and plane: also a pair call (see src_float_p) */
#define XFNP(cls, kind)                                                 \
    HWGPU_CLONES                                                        \
    static void x_##cls##_##kind##_8(G4EuThread *t, const G4Op *op,     \
                                     const G4Half *h, uint16_t en,      \
                                     uint16_t pm)                       \
    {                                                                   \
        cls##_body(t, op, h, en, pm, 8, XK_##kind, false);              \
    }                                                                   \
    HWGPU_CLONES                                                        \
    static void x_##cls##_##kind##_16(G4EuThread *t, const G4Op *op,    \
                                      const G4Half *h, uint16_t en,     \
                                      uint16_t pm)                      \
    {                                                                   \
        cls##_body(t, op, h, en, pm, 16, XK_##kind, false);             \
    }                                                                   \
    HWGPU_CLONES                                                        \
    static void x_##cls##_##kind##_p(G4EuThread *t, const G4Op *op,     \
                                     const G4Half *h, uint16_t en,      \
                                     uint16_t pm)                       \
    {                                                                   \
        cls##_body(t, op, h, en, pm, 16, XK_##kind, true);              \
    }

#define XFN(cls, kind)                                                  \
    HWGPU_CLONES                                                        \
    static void x_##cls##_##kind##_8(G4EuThread *t, const G4Op *op,     \
                                     const G4Half *h, uint16_t en,      \
                                     uint16_t pm)                       \
    {                                                                   \
        cls##_body(t, op, h, en, pm, 8, XK_##kind);                     \
    }                                                                   \
    HWGPU_CLONES                                                        \
    static void x_##cls##_##kind##_16(G4EuThread *t, const G4Op *op,    \
                                      const G4Half *h, uint16_t en,     \
                                      uint16_t pm)                      \
    {                                                                   \
        cls##_body(t, op, h, en, pm, 16, XK_##kind);                    \
    }

XFN(float, MOV) XFN(float, SEL) XFN(float, ADD) XFN(float, MUL)
XFN(float, MAC) XFN(float, FRC) XFN(float, RNDD) XFN(float, CMP)
XFN(float, LINE) XFN(float, PLN)
XFN(float, CMPN)
XFNP(plain, ADD) XFNP(plain, MUL) XFNP(plain, MAC) XFNP(plain, FRC)
XFNP(plain, RNDD)
XFNP(plane, LINE) XFNP(plane, PLN)
XFN(int, MOV) XFN(int, SEL) XFN(int, ADD) XFN(int, MUL) XFN(int, AVG)
XFN(int, AND) XFN(int, OR) XFN(int, XOR) XFN(int, NOT) XFN(int, SHL)
XFN(int, SHR) XFN(int, ASR) XFN(int, CMP) XFN(int, CMPN)
XFN(raw, MOV) XFN(raw, SEL)
XFN(int32, MOV) XFN(int32, ADD) XFN(int32, AND) XFN(int32, OR)
XFN(int32, XOR) XFN(int32, NOT)

#define XENT(cls, kind) { x_##cls##_##kind##_8, x_##cls##_##kind##_16 }
#define XENTP(cls, kind) XENT(cls, kind), x_##cls##_##kind##_p

typedef struct XEntry {
    uint8_t opcode;
    uint8_t cls;
    G4XFn fn[2];            /* 8 lanes, 16 lanes */
    G4XFn pair;             /* both halves in one call, or NULL */
} XEntry;

/* Float arithmetic without .sat or condition: see plain_body, plane_body */
static const XEntry xplain[] = {
    { G4_OP_ADD, G4C_FLOAT, XENTP(plain, ADD) },
    { G4_OP_MUL, G4C_FLOAT, XENTP(plain, MUL) },
    { G4_OP_MAC, G4C_FLOAT, XENTP(plain, MAC) },
    { G4_OP_FRC, G4C_FLOAT, XENTP(plain, FRC) },
    { G4_OP_RNDD, G4C_FLOAT, XENTP(plain, RNDD) },
    { G4_OP_LINE, G4C_FLOAT, XENTP(plane, LINE) },
    { G4_OP_PLN, G4C_FLOAT, XENTP(plane, PLN) },
};

/* Integer results in 32 bits: see int32_body */
static const XEntry xint32[] = {
    { G4_OP_MOV, G4C_INT, XENT(int32, MOV) },
    { G4_OP_ADD, G4C_INT, XENT(int32, ADD) },
    { G4_OP_AND, G4C_INT, XENT(int32, AND) },
    { G4_OP_OR, G4C_INT, XENT(int32, OR) },
    { G4_OP_XOR, G4C_INT, XENT(int32, XOR) },
    { G4_OP_NOT, G4C_INT, XENT(int32, NOT) },
};

static const XEntry xtable[] = {
    { G4_OP_MOV, G4C_FLOAT, XENT(float, MOV) },
    { G4_OP_SEL, G4C_FLOAT, XENT(float, SEL) },
    { G4_OP_ADD, G4C_FLOAT, XENT(float, ADD) },
    { G4_OP_MUL, G4C_FLOAT, XENT(float, MUL) },
    { G4_OP_MAC, G4C_FLOAT, XENT(float, MAC) },
    { G4_OP_FRC, G4C_FLOAT, XENT(float, FRC) },
    { G4_OP_RNDD, G4C_FLOAT, XENT(float, RNDD) },
    { G4_OP_LINE, G4C_FLOAT, XENT(float, LINE) },
    { G4_OP_PLN, G4C_FLOAT, XENT(float, PLN) },
    { G4_OP_CMP, G4C_FLOAT, XENT(float, CMP) },
    { G4_OP_CMPN, G4C_FLOAT, XENT(float, CMPN) },
    { G4_OP_MOV, G4C_INT, XENT(int, MOV) },
    { G4_OP_SEL, G4C_INT, XENT(int, SEL) },
    { G4_OP_ADD, G4C_INT, XENT(int, ADD) },
    { G4_OP_MUL, G4C_INT, XENT(int, MUL) },
    { G4_OP_AVG, G4C_INT, XENT(int, AVG) },
    { G4_OP_AND, G4C_INT, XENT(int, AND) },
    { G4_OP_OR, G4C_INT, XENT(int, OR) },
    { G4_OP_XOR, G4C_INT, XENT(int, XOR) },
    { G4_OP_NOT, G4C_INT, XENT(int, NOT) },
    { G4_OP_SHL, G4C_INT, XENT(int, SHL) },
    { G4_OP_SHR, G4C_INT, XENT(int, SHR) },
    { G4_OP_ASR, G4C_INT, XENT(int, ASR) },
    { G4_OP_CMP, G4C_INT, XENT(int, CMP) },
    { G4_OP_CMPN, G4C_INT, XENT(int, CMPN) },
    { G4_OP_MOV, G4C_RAW, XENT(raw, MOV) },
    { G4_OP_SEL, G4C_RAW, XENT(raw, SEL) },
};

static bool dword_type(unsigned type)
{
    return type == G4_TYPE_F || type == G4_TYPE_D || type == G4_TYPE_UD;
}

/*
 * How source o can be read, or -1: direct GRF or immediate.  Word and
 * byte types (and V immediates, as W) only where they convert on the way
 * in and nothing else depends on their size: float execution, integer
 * add and mov.
 */
static int src_mode(const G4Op *op, const G4Opnd *o, unsigned n)
{
    bool scalar = true;

    if (!dword_type(o->type) &&
        (op->cls == G4C_RAW || (op->cls == G4C_INT &&
                                op->opcode != G4_OP_ADD &&
                                op->opcode != G4_OP_MOV))) {
        return -1;              /* (mul, shifts, ...: size-dependent) */
    }
    /* integer execution of a float source: only as bits (logic ops) */
    if (op->cls == G4C_INT && o->type == G4_TYPE_F &&
        !g4_alu_table[op->opcode].bits) {
        return -1;
    }
    if (o->kind == G4K_IMM) {
        for (unsigned i = 1; i < 8; i++) {      /* V and VF: a vector */
            if (o->imm[i] != o->imm[0]) {
                return G4XS_IMMV;
            }
        }
        return G4XS_IMM;
    }
    if (o->kind != G4K_GRF) {
        return -1;
    }
    if (o->contig && o->esize == 4) {
        return G4XS_VEC;
    }
    if (o->contig && o->esize == 2) {
        return G4XS_VECW;
    }
    for (unsigned i = 0; i < n; i++) {
        scalar &= !o->off[i];
    }
    return scalar && o->esize == 4 ? G4XS_SCALAR : G4XS_GATHER;
}

static const XEntry *find(const XEntry *tab, size_t len, const G4Op *op)
{
    for (size_t i = 0; i < len; i++) {
        if (tab[i].opcode == op->opcode && tab[i].cls == op->cls) {
            return &tab[i];
        }
    }
    return NULL;
}

/* Every half: an F destination (not null), no .sat, no condition, and
 * denormals flushed. */
static bool plain(const G4Op *op)
{
    if (op->sat || op->cmod || !op->ftz) {
        return false;
    }
    for (unsigned k = 0; k < op->nhalves; k++) {
        const G4Half *h = &op->h[k];

        if (h->dst.kind == G4K_NULL || h->dst.type != G4_TYPE_F) {
            return false;
        }
    }
    return true;
}

/* Every half: an integer destination and integer sources without abs;
 * no .sat or condition (int32_body). */
static bool int32(const G4Op *op, unsigned nsrc)
{
    if (op->cls != G4C_INT || op->sat || op->cmod) {
        return false;
    }
    for (unsigned k = 0; k < op->nhalves; k++) {
        const G4Half *h = &op->h[k];

        if (h->dst.kind == G4K_NULL || h->dst.type == G4_TYPE_F) {
            return false;
        }
        for (unsigned s = 0; s < nsrc; s++) {
            if (h->src[s].type == G4_TYPE_F ||
                (h->src[s].mods & G4_MOD_ABS)) {
                return false;
            }
        }
    }
    return true;
}

/*
 * A compressed instruction whose halves are one 16-lane operation: the
 * second half's registers follow the first's, and the first half writes
 * nothing the second reads (the interpreter runs the halves in turn).
 */
static bool mergeable(const G4Op *op, unsigned nsrc)
{
    const G4Half *h0 = &op->h[0], *h1 = &op->h[1];
    unsigned d = h0->dst.base;

    if (op->nhalves != 2 || h0->n != 8 || h1->n != 8 ||
        (h0->dst.kind != G4K_NULL && h0->dst.esize != 4) ||
        h0->dst.kind != h1->dst.kind ||
        (h0->dst.kind != G4K_NULL && h1->dst.base != d + 32)) {
        return false;
    }
    for (unsigned s = 0; s < nsrc; s++) {
        unsigned b = h1->src[s].base;
        unsigned len = h1->xs[s] == G4XS_VEC ? 32 : 4;

        if (h0->xs[s] > G4XS_IMM || h0->xs[s] != h1->xs[s] ||
            (h1->xs[s] == G4XS_VEC && b != h0->src[s].base + 32) ||
            (h1->xs[s] == G4XS_SCALAR && b != h0->src[s].base)) {
            return false;
        }
        if (h0->dst.kind == G4K_GRF && h1->xs[s] != G4XS_IMM &&
            b < d + 32 && d < b + len) {
            return false;
        }
    }
    return true;
}

/* The GRF bytes source k of half h reads: [*lo, *hi); false: none. */
static bool src_bytes(const G4Half *h, unsigned k, bool plane,
                      unsigned *lo, unsigned *hi)
{
    const G4Opnd *o = &h->src[k];
    unsigned mx = 0;

    if (k == 0 && plane) {              /* p, q, r: a 128-bit group */
        *lo = o->base & ~15u;
        *hi = *lo + 16;
        return true;
    }
    switch (h->xs[k]) {
    case G4XS_VEC:
        *lo = o->base;
        *hi = o->base + 4 * h->n;
        return true;
    case G4XS_SCALAR:
        *lo = o->base;
        *hi = o->base + 4;
        return true;
    case G4XS_VECW:
        *lo = o->base;
        *hi = o->base + 2 * h->n;
        return true;
    case G4XS_GATHER:
        for (unsigned i = 0; i < h->n; i++) {
            mx = o->off[i] > mx ? o->off[i] : mx;
        }
        *lo = o->base;
        *hi = o->base + mx + o->esize;
        return true;
    default:                            /* immediates */
        return false;
    }
}

/*
 * Both halves of op in one pair call (see src_float_p): two halves of 8
 * lanes whose second's lanes and enables follow the first's, Align1, and
 * no source of the second half in the first half's destination (the
 * interpreter writes the first half before the second reads).
 */
static bool pair_ok(const G4Op *op, unsigned nsrc, bool plane)
{
    const G4Half *h0 = &op->h[0], *h1 = &op->h[1];
    unsigned d0 = h0->dst.base, lo, hi;

    if (op->nhalves != 2 || op->align16 || h0->n != 8 || h1->n != 8 ||
        h1->lane0 != h0->lane0 + 8 || h1->mbit0 != h0->mbit0 + 8 ||
        h0->lane0 + 16 > 16 || h0->dst.esize != 4) {
        return false;
    }
    for (unsigned k = 0; k < nsrc; k++) {
        if (h0->dst.kind == G4K_GRF && src_bytes(h1, k, plane, &lo, &hi) &&
            lo < d0 + 32 && d0 < hi) {
            return false;
        }
    }
    return true;
}

G4XFn g4_fast_pick(G4Op *op)
{
    const XEntry *x;
    unsigned nsrc;
    bool plane = op->opcode == G4_OP_LINE || op->opcode == G4_OP_PLN;

    if (op->exec != G4X_ALU || op->ip_dst || op->cmod > G4_COND_LE ||
        (op->align16 && plane)) {
        return NULL;
    }
    x = find(xtable, sizeof(xtable) / sizeof(xtable[0]), op);
    if (!x) {
        return NULL;
    }
    nsrc = op->cls == G4C_RAW ? (op->opcode == G4_OP_SEL ? 2 : 1)
                              : g4_alu_table[op->opcode].nsrc;
    for (unsigned k = 0; k < op->nhalves; k++) {
        G4Half *h = &op->h[k];
        int m;

        if (h->n != op->h[0].n || (h->n != 8 && h->n != 16)) {
            return NULL;
        }
        if (h->dst.kind == G4K_NULL) {
            if (!dword_type(op->cls == G4C_RAW ? h->dst.type :
                            op->cls == G4C_FLOAT ? G4_TYPE_F :
                            h->src[0].type)) {
                return NULL;
            }
        } else if ((h->dst.kind != G4K_GRF && h->dst.kind != G4K_MRF) ||
                   !h->dst.contig) {
            return NULL;
        } else if (!dword_type(h->dst.type) &&
                   (op->cls != G4C_INT || h->dst.esize != 2 || op->sat ||
                    op->cmod)) {
            /* words: integer results, wrapped to 16 bits (store) */
            return NULL;
        }
        for (unsigned s = 0; s < nsrc + (op->opcode == G4_OP_PLN); s++) {
            if (s == 0 && plane) {
                /* read as a 128-bit group of raw floats */
                if (h->src[0].kind != G4K_GRF) {
                    return NULL;
                }
                continue;
            }
            m = src_mode(op, &h->src[s], h->n);
            if (m < 0) {
                return NULL;
            }
            h->xs[s] = m;
        }
    }
    if (plain(op) &&
        find(xplain, sizeof(xplain) / sizeof(xplain[0]), op)) {
        x = find(xplain, sizeof(xplain) / sizeof(xplain[0]), op);
    } else if (int32(op, nsrc) &&
               find(xint32, sizeof(xint32) / sizeof(xint32[0]), op)) {
        x = find(xint32, sizeof(xint32) / sizeof(xint32[0]), op);
    }
    op->xhalves = op->nhalves;
    op->xmask = op->h[0].n == 16 ? 0xffff : 0xff;
    if (op->align16) {
        /* Align16: the destination's write mask (DestMask, L9788) on the
         * lanes of each vertex, as the interpreter's enables have it */
        op->xmask &= op->wmask * 0x1111u;
        return x->fn[op->h[0].n == 16];
    }
    if (!plane && mergeable(op, nsrc)) {
        op->xhalves = 1;
        op->xmask = 0xffff;
        return x->fn[1];
    }
    if (x->pair &&
        pair_ok(op, nsrc + (op->opcode == G4_OP_PLN), plane)) {
        op->xhalves = 1;
        op->xmask = 0xffff;
        return x->pair;
    }
    return x->fn[op->h[0].n == 16];
}
