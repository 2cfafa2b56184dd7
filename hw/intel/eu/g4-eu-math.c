/*
 * G45 extended math shared function (SFID 1), seed 002 chapter 6
 * (L5845-L6319; seed-002.md 3.14).  No header; 8-channel messages carry
 * operand 0 in M0 and operand 1 (POW, INT DIV) in M1; G4x also takes a
 * 16-channel single-operand message (mlen 2, L5906-L5952).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/common/compiler.h"
#include "hwgpu/intel/eu/g4-eu.h"

enum {
    MF_INV = 1, MF_LOG = 2, MF_EXP = 3, MF_SQRT = 4, MF_RSQ = 5, MF_SIN = 6,
    MF_COS = 7, MF_SINCOS = 8, MF_POW = 10, MF_IDIV_QR = 11, MF_IDIV_Q = 12,
    MF_IDIV_R = 13,
};

/* Denorm inputs read as signed zero (tables L6017-L6314). */
static inline double in_ftz(uint32_t u)
{
    if (!(u & 0x7f800000u)) {
        u &= 0x80000000u;
    }
    return hwgpu_u2f(u);
}

/* One float function on one input; alt = ALT mode (L7213-L7228). */
static double math_f(unsigned fn, double x, double y, bool alt, bool cosine)
{
    switch (fn) {
    case MF_INV:                /* INV(+-0) = +-INF (L6019) */
        return 1.0 / x;
    case MF_LOG:                /* ALT: log2(|x|) (L6040) */
        return log2(alt ? fabs(x) : x);
    case MF_EXP:
        return exp2(x);
    case MF_SQRT:               /* SQRT(-0) = -0; ALT: sqrt(|x|) */
        return alt ? sqrt(fabs(x)) : sqrt(x);
    case MF_RSQ:                /* RSQ(+-0) = +-INF; ALT: rsq(|x|) */
        if (alt) {
            return 1.0 / sqrt(fabs(x));
        }
        return x == 0 ? 1.0 / x : 1.0 / sqrt(x);
    case MF_SIN:
        return sin(x);
    case MF_COS:
        return cos(x);
    case MF_SINCOS:
        return cosine ? cos(x) : sin(x);
    case MF_POW:                /* 2^(src1 * log2|src0|) (L6152) */
        if (alt && y == 0) {
            return 1.0;         /* ALT table: x^0 = 1 */
        }
        return exp2(y * log2(fabs(x)));
    default:
        return 0;
    }
}

static uint32_t float_out(double d, bool alt, bool sat)
{
    float f = (float)d;

    if (alt && isinf(f)) {      /* INF results become +-FLT_MAX (L7219) */
        f = copysignf(FLT_MAX, f);
    }
    if (!(hwgpu_f2u(f) & 0x7f800000u)) {
        f = hwgpu_u2f(hwgpu_f2u(f) & 0x80000000u);  /* denorm outputs flush */
    }
    if (sat) {                  /* descriptor bit 6: [0, 1] */
        f = f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f;
    }
    return hwgpu_f2u(f);
}

/*
 * INT DIV: operand0 (M0) is the denominator, operand1 (M1) the numerator
 * (payload table L5913/L5921).  Divide by zero: signed Q = R = 0x7FFFFFFF
 * for a non-negative numerator, 0x80000000 for a negative one; unsigned
 * Q = R = 0xFFFFFFFF (L6290-L6313).
 */
static void int_div(uint32_t den, uint32_t num, bool sgn, uint32_t *q,
                    uint32_t *r)
{
    if (den == 0) {
        *q = *r = sgn ? ((int32_t)num < 0 ? 0x80000000u : 0x7fffffffu)
                      : 0xffffffffu;
        return;
    }
    if (!sgn) {
        *q = num / den;
        *r = num % den;
        return;
    }
    if ((int32_t)num == INT32_MIN && (int32_t)den == -1) {
        *q = 0x80000000u;       /* wraps; the remainder is 0 */
        *r = 0;
        return;
    }
    /* quotient truncates, remainder takes the numerator's sign */
    *q = (uint32_t)((int32_t)num / (int32_t)den);
    *r = (uint32_t)((int32_t)num % (int32_t)den);
}

/*
 * The payload channel that channel n reads.  Scalar structure: channel 0 of
 * each group of 4 (L5884-L5899).  When that channel is not enabled its
 * data is undefined (the implied move filled only the post-destination's
 * region): take the group's first enabled channel, where Mesa's scalar
 * math into one element (crocus's CLIP kernels' 1/w) puts it.
 */
static inline unsigned math_src(unsigned n, uint16_t en, bool scalar)
{
    unsigned src = n;

    if (scalar) {
        src = n & ~3u;
        while (!((en >> src) & 1) && src < (n | 3u)) {
            src++;
        }
    }
    return src;
}

/*
 * The float functions of one message's channels: fn is a constant in the
 * common cases (g4_eu_math_message), so that math_f's switch folds away
 * out of the per-channel loop.
 */
/*
 * inv, rsq and sqrt four lanes at a time (every pixel's 1/w is an inv):
 * the same operations as math_lanes(), math_f() and float_out() lane by
 * lane, in the same order and rounding (the host's mode), so the same
 * bits.  Disabled lanes give 0, as math_lanes leaves them.
 */
typedef uint32_t MathU4 __attribute__((vector_size(16)));
typedef float MathF4 __attribute__((vector_size(16)));
typedef double MathD4 __attribute__((vector_size(32)));
typedef uint64_t MathU8 __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) MathU4
out4(const MathD4 *d, bool alt, bool sat)
{
    MathF4 f = __builtin_convertvector(*d, MathF4);
    MathU4 u, m;

    memcpy(&u, &f, sizeof(u));
    if (alt) {                  /* +-INF -> +-FLT_MAX */
        m = (MathU4)((u & 0x7fffffffu) == 0x7f800000u);
        u = (m & ((u & 0x80000000u) | 0x7f7fffffu)) | (~m & u);
    }
    m = (MathU4)((u & 0x7f800000u) == 0);       /* denorms flush */
    u &= ~(m & 0x7fffffffu);
    if (sat) {                  /* [0, 1], NaN -> 0 */
        MathU4 gt0, lt1;

        memcpy(&f, &u, sizeof(f));
        gt0 = (MathU4)(f > 0.0f);
        lt1 = (MathU4)(f < 1.0f);
        u = gt0 & ((lt1 & u) | (~lt1 & 0x3f800000u));
    }
    return u;
}

/* Four square roots in place, as sqrt() gives each (IEEE's, correctly
 * rounded). */
static inline __attribute__((always_inline)) void sqrt4(MathD4 *x)
{
#if HWGPU_X86_TARGETS
    /* sqrtpd (SSE2): no errno check and libm call per lane */
    __m128d h[2];

    memcpy(h, x, sizeof(h));
    h[0] = _mm_sqrt_pd(h[0]);
    h[1] = _mm_sqrt_pd(h[1]);
    memcpy(x, h, sizeof(h));
#else
    for (unsigned i = 0; i < 4; i++) {
        (*x)[i] = sqrt((*x)[i]);
    }
#endif
}

/* (an AVX2 clone: the divisions and conversions four doubles a step) */
HWGPU_CLONES
static void unary_lanes4(unsigned fn, const uint32_t *in, bool alt, bool sat,
                         unsigned nch, uint16_t en, uint32_t *out)
{
    for (unsigned n = 0; n < nch; n += 4) {
        MathU4 u, m, r;
        MathF4 f;
        HWGPU_NOINIT MathD4 x, d;

        memcpy(&u, in + n, sizeof(u));
        m = (MathU4)((u & 0x7f800000u) == 0);   /* in_ftz */
        u &= ~(m & 0x7fffffffu);
        memcpy(&f, &u, sizeof(f));
        x = __builtin_convertvector(f, MathD4);
        if (fn == MF_INV) {
            d = 1.0 / x;
        } else {
            /* rsq(+-0) = 1/sqrt(+-0) = +-INF as math_f's 1/x */
            if (alt) {          /* fabs */
                x = (MathD4)((MathU8)x & 0x7fffffffffffffffull);
            }
            d = x;
            sqrt4(&d);
            if (fn == MF_RSQ) {
                d = 1.0 / d;
            }
        }
        r = out4(&d, alt, sat);
        m = (MathU4){ en >> n & 1, en >> (n + 1) & 1, en >> (n + 2) & 1,
                      en >> (n + 3) & 1 };
        r &= -m;
        memcpy(out + n, &r, sizeof(r));
    }
}

static inline __attribute__((always_inline)) void
math_lanes(unsigned fn, const G4EuMessage *msg, bool scalar, bool two_ops,
           bool sat, unsigned nch, uint16_t en, uint32_t out[2][16])
{
    for (unsigned n = 0; n < nch; n++) {
        unsigned src;
        double x, y;

        if (!((en >> n) & 1)) {
            continue;
        }
        src = math_src(n, en, scalar);
        x = in_ftz(msg->payload[src]);
        y = two_ops ? in_ftz(msg->payload[8 + src]) : 0;
        out[0][n] = float_out(math_f(fn, x, y, msg->alt_fp, false),
                              msg->alt_fp, sat);
        if (fn == MF_SINCOS) {
            out[1][n] = float_out(math_f(fn, x, y, msg->alt_fp, true),
                                  msg->alt_fp, sat);
        }
    }
}

bool g4_eu_math_message(void *opaque, G4EuThread *t, const G4EuMessage *msg,
                        G4EuResponse *resp)
{
    unsigned fn = msg->function & 15;
    bool sgn = (msg->function >> 4) & 1;
    bool sat = (msg->function >> 6) & 1;
    bool scalar = (msg->function >> 7) & 1;
    bool two_ops = fn == MF_POW || fn >= MF_IDIV_QR;
    unsigned nch, nout;
    const HwgpuHost *host = opaque;
    HWGPU_NOINIT uint32_t out[2][16];
    uint16_t en;

    if (fn == 0 || fn == 9 || fn > MF_IDIV_R) {
        HWGPU_GUEST_ERROR(host,
                          "g4-eu math: reserved function %u (L5868-L5883)", fn);
        return false;
    }
    if (msg->eot) {             /* EOT to math is not allowed (L5862) */
        HWGPU_GUEST_ERROR(host, "g4-eu math: EOT message");
        return false;
    }
    /*
     * 16-channel form: a single operand with mlen 2 (CTG, L5906), or a
     * compressed SIMD16 send, which Mesa gives mlen 1 and rlen 1 and the
     * hardware still treats as 16 channels in and out (crocus-g45.md §3.6).
     */
    nch = (!two_ops && (msg->mlen == 2 || msg->simd16)) ? 16 : 8;
    if (msg->mlen < (two_ops ? 2 : 1)) {
        HWGPU_GUEST_ERROR(host,
                          "g4-eu math: message length %u too short", msg->mlen);
        return false;
    }
    en = nch == 16 ? msg->emask : (msg->emask & 0xff);
    nout = (fn == MF_SINCOS || fn == MF_IDIV_QR) ? 2 : 1;
    hwgpu_zero32s(out, sizeof(out));    /* (not rep stosq: bits.h) */

    switch (fn) {
    case MF_INV:
        if (!scalar) {
            unary_lanes4(MF_INV, msg->payload, msg->alt_fp, sat, nch, en,
                         out[0]);
            break;
        }
        math_lanes(MF_INV, msg, scalar, false, sat, nch, en, out);
        break;
    case MF_RSQ:
        if (!scalar) {
            unary_lanes4(MF_RSQ, msg->payload, msg->alt_fp, sat, nch, en,
                         out[0]);
            break;
        }
        math_lanes(MF_RSQ, msg, scalar, false, sat, nch, en, out);
        break;
    case MF_SQRT:
        if (!scalar) {
            unary_lanes4(MF_SQRT, msg->payload, msg->alt_fp, sat, nch, en,
                         out[0]);
            break;
        }
        math_lanes(MF_SQRT, msg, scalar, false, sat, nch, en, out);
        break;
    case MF_IDIV_QR:
    case MF_IDIV_Q:
    case MF_IDIV_R:
        for (unsigned n = 0; n < nch; n++) {
            unsigned src = math_src(n, en, scalar);
            uint32_t q, r;

            if (!((en >> n) & 1)) {
                continue;
            }
            int_div(msg->payload[src], msg->payload[8 + src], sgn, &q, &r);
            out[0][n] = fn == MF_IDIV_R ? r : q;
            out[1][n] = r;
        }
        break;
    default:
        math_lanes(fn, msg, scalar, two_ops, sat, nch, en, out);
        break;
    }

    /* writeback: result k of channel n -> register k * (nch / 8) + n / 8 */
    if (msg->simd16 && nch == 16) {
        resp->nregs = nout * 2;         /* at most 4 */
    }
    for (unsigned k = 0; k < nout; k++) {
        for (unsigned n = 0; n < nch; n += 8) {    /* a register at a time */
            unsigned reg = k * (nch / 8) + n / 8;

            if (reg >= (resp->nregs ? resp->nregs : msg->rlen) ||
                reg >= G4_EU_MAX_RLEN) {
                continue;
            }
            memcpy(resp->data[reg], &out[k][n], 8 * sizeof(uint32_t));
            resp->wmask[reg] |= (uint8_t)(en >> n);
        }
    }
    return true;
}

void g4_eu_math_attach(G4EuEnv *env)
{
    g4_eu_env_set_shared(env, G4_SFID_MATH, g4_eu_math_message,
                         (void *)env->host);
}
