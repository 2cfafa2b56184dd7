/*
 * Unit tests of the G45 EU interpreter's SEND path: extended math,
 * data port OWord block / DWord scattered messages, URB writes, and
 * the hostile-input outcomes (bad IP, budget, unknown SFID, illegal
 * instructions, mask-stack underflow).  "Lnnnn" cites seed 002.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <float.h>

#include "g4-eu-test.h"

static float ulp_of(float x)
{
    return nextafterf(fabsf(x), INFINITY) - fabsf(x);
}

/* INV/SQRT/RSQ to 1 ULP and the IEEE special values (L6019-L6120). */
static void test_math_inv_sqrt_rsq(void)
{
    static const float in[8] = { 2.0f, 0.0f, -0.0f, INFINITY, 3.0f, -4.0f,
                                 1e-40f, 7.0f };

    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, in[i]);
    }
    run_ok("send(8) 1 g3<1>F g1<8,8,1>F math inv mlen 1 rlen 1 { align1 };\n"
           "send(8) 1 g4<1>F g1<8,8,1>F math sqrt mlen 1 rlen 1 { align1 };\n"
           "send(8) 1 g5<1>F g1<8,8,1>F math rsq mlen 1 rlen 1 { align1 };\n"
           EOT);
    g_assert_cmpfloat(get_f(3, 0), ==, 0.5f);
    g_assert_cmpfloat(get_f(3, 1), ==, INFINITY);
    g_assert_cmpfloat(get_f(3, 2), ==, -INFINITY);
    g_assert_cmpfloat(get_f(3, 3), ==, 0.0f);
    g_assert_cmpfloat(fabsf(get_f(3, 4) - 1.0f / 3.0f), <=,
                      ulp_of(1.0f / 3.0f));
    g_assert_cmpfloat(get_f(3, 6), ==, INFINITY);   /* denorm is +0 */
    g_assert_cmpfloat(get_f(4, 0), <=, sqrtf(2.0f) + ulp_of(1.4f));
    g_assert_cmpfloat(get_f(4, 0), >=, sqrtf(2.0f) - ulp_of(1.4f));
    g_assert_cmphex(get_ud(4, 2), ==, 0x80000000u); /* SQRT(-0) = -0 */
    g_assert_true(isnan(get_f(4, 5)));
    g_assert_cmpfloat(get_f(5, 1), ==, INFINITY);
    g_assert_cmpfloat(get_f(5, 2), ==, -INFINITY);
    g_assert_true(isnan(get_f(5, 5)));
    g_assert_cmpfloat(fabsf(get_f(5, 7) - 1.0f / sqrtf(7.0f)), <=,
                      ulp_of(0.37f));
}

/*
 * INV, SQRT and RSQ of every lane (four lanes a step, g4-eu-math.c's
 * unary_lanes4) give the bits that a one-element scalar send gives for
 * each lane alone (math_lanes): random bit patterns, and zeros, denorms,
 * infinities, NaNs and negatives.
 */
static void test_math_lanes_match_scalar(void)
{
    static const char *const fn[3] = { "inv", "sqrt", "rsq" };
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x7f800000u,
        0xff800000u, 0x7fc00000u, 0xffc00001u, 0x3f800000u, 0xbf800000u,
        0x7f7fffffu, 0x00800000u, 0x40800000u, 0xc0400000u, 0x3e800000u,
        0x00400000u,
    };
    GString *text = g_string_new(NULL);
    uint64_t x = 0x9e3779b97f4a7c15ull;

    for (int f = 0; f < 3; f++) {
        g_string_append_printf(text, "send(8) 1 g%d<1>F g1<8,8,1>F math %s "
                               "mlen 1 rlen 1 { align1 };\n", 3 + f, fn[f]);
        for (int i = 0; i < 8; i++) {
            /* each element alone, in place (as the subregister test) */
            g_string_append_printf(text, "mov(8) g%d<1>F g1<8,8,1>F "
                                   "{ align1 nomask };\n", 6 + f);
            g_string_append_printf(text, "send(1) 2 g%d.%d<1>F g%d.%d<0,1,0>F "
                                   "math %s scalar mlen 1 rlen 1 "
                                   "{ align1 nomask };\n", 9 + f, i, 6 + f,
                                   i, fn[f]);
        }
    }
    g_string_append(text, EOT);
    for (int round = 0; round < 100; round++) {
        reset();
        for (int i = 0; i < 8; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            set_ud(1, i, round < 2 ? special[8 * round + i] : (uint32_t)x);
        }
        run_ok(text->str);
        for (int f = 0; f < 3; f++) {
            for (int i = 0; i < 8; i++) {
                g_assert_cmphex(get_ud(3 + f, i), ==, get_ud(9 + f, i));
            }
        }
    }
    g_string_free(text, true);
}

/*
 * A scalar math send into one element, as crocus's CLIP kernels compute
 * 1/w in place (brw_clip_project_position): the channel enables follow
 * the post-destination's subregister (L13362-L13378), so only g2.3 is
 * written, with the reciprocal of the value the implied move put there.
 */
static void test_math_scalar_subregister(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(2, i, 1.0f + i);
        set_f(5, i, 7.0f);          /* stale MRF contents */
    }
    run_ok("mov(8) m3<1>F g5<8,8,1>F { align1 nomask };\n"
           "send(1) 3 g2.3<1>F g2.3<0,1,0>F math inv scalar mlen 1 rlen 1 "
           "{ align1 nomask };\n" EOT);
    g_assert_cmpfloat(get_f(2, 0), ==, 1.0f);
    g_assert_cmpfloat(get_f(2, 1), ==, 2.0f);
    g_assert_cmpfloat(get_f(2, 2), ==, 3.0f);
    g_assert_cmpfloat(get_f(2, 3), ==, 0.25f);
    g_assert_cmpfloat(get_f(2, 4), ==, 5.0f);
}

/*
 * Mesa's SIMD16 unary math on G45: one compressed send(16), mlen 1 and
 * rlen 1 in the descriptor, the implied move filling two MRFs and the
 * result two GRFs (crocus-g45.md §3.6).
 */
static void test_math_compressed_simd16(void)
{
    reset();
    for (int i = 0; i < 16; i++) {
        set_f(6 + i / 8, i % 8, 1.0f + i);
        set_f(3, i % 8, -1.0f);
    }
    run_ok("send(16) 2 g2<1>F g6<8,8,1>F math inv mlen 1 rlen 1 "
           "{ align1 compr };\n" EOT);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpfloat(fabsf(get_f(2 + i / 8, i % 8) - 1.0f / (1.0f + i)),
                          <=, ulp_of(1.0f / (1.0f + i)));
    }
}

/* LOG/EXP relative error 2^-21 (L6036, L6060); ALT mode uses |x|. */
static void test_math_log_exp_alt(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, 0.37f + 3.1f * i);
        set_f(2, i, -3.3f + 1.7f * i);
    }
    run_ok("send(8) 1 g3<1>F g1<8,8,1>F math log mlen 1 rlen 1 { align1 };\n"
           "send(8) 1 g4<1>F g2<8,8,1>F math exp mlen 1 rlen 1 { align1 };\n"
           EOT);
    for (int i = 0; i < 8; i++) {
        double l = log2(0.37f + 3.1f * i), e = exp2(-3.3f + 1.7f * i);

        g_assert_cmpfloat(fabs(get_f(3, i) - l), <=, fabs(l) * 0x1p-21 + 1e-7);
        g_assert_cmpfloat(fabs(get_f(4, i) - e), <=, e * 0x1p-21);
    }

    g4_eu_thread_init(&thr, 0xffff, G4_CR0_FP_ALT);
    set_f(1, 0, -8.0f);
    set_f(1, 1, 0.0f);
    set_f(1, 2, -4.0f);
    run_ok("send(8) 1 g3<1>F g1<8,8,1>F math log mlen 1 rlen 1 { align1 };\n"
           "send(8) 1 g4<1>F g1<8,8,1>F math sqrt mlen 1 rlen 1 { align1 };\n"
           "send(8) 1 g5<1>F g1<8,8,1>F math inv mlen 1 rlen 1 { align1 };\n"
           EOT);
    g_assert_cmpfloat(get_f(3, 0), ==, 3.0f);       /* log2(|-8|) */
    g_assert_cmpfloat(get_f(3, 1), ==, -FLT_MAX);
    g_assert_cmpfloat(get_f(4, 2), ==, 2.0f);
    g_assert_cmpfloat(get_f(5, 1), ==, FLT_MAX);    /* INF -> FLT_MAX */
}

/* SIN/COS/SINCOS: absolute error 0.0008 over +-100 pi (L6200-L6250). */
static void test_math_sin_cos(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, -314.0f + 89.7f * i);
    }
    set_f(1, 7, INFINITY);
    run_ok("send(8) 1 g3<1>F g1<8,8,1>F math sin mlen 1 rlen 1 { align1 };\n"
           "send(8) 1 g4<1>F g1<8,8,1>F math cos mlen 1 rlen 1 { align1 };\n"
           "send(8) 1 g5<1>F g1<8,8,1>F math sincos mlen 1 rlen 2 "
           "{ align1 };\n" EOT);
    for (int i = 0; i < 7; i++) {
        double x = -314.0f + 89.7f * i;

        g_assert_cmpfloat(fabs(get_f(3, i) - sin(x)), <=, 0.0008);
        g_assert_cmpfloat(fabs(get_f(4, i) - cos(x)), <=, 0.0008);
        g_assert_cmpfloat(get_f(5, i), ==, get_f(3, i));
        g_assert_cmpfloat(get_f(6, i), ==, get_f(4, i));
    }
    g_assert_true(isnan(get_f(3, 7)));              /* sin(INF) = NaN */
}

/* POW: operand 0 = base, operand 1 = exponent (L5913, L6152). */
static void test_math_pow(void)
{
    static const float base[4] = { 2, -2, 0, 9 };
    static const float ex[4] = { 10, 2, 0, 0.5f };

    reset();
    for (int i = 0; i < 4; i++) {
        set_f(1, i, base[i]);
        set_f(2, i, ex[i]);
    }
    run_ok("mov(8) m2<1>F g2<8,8,1>F { align1 };\n"
           "send(8) 1 g3<1>F g1<8,8,1>F math pow mlen 2 rlen 1 { align1 };\n"
           EOT);
    g_assert_cmpfloat(fabsf(get_f(3, 0) - 1024), <=, 1024 * 0x1p-15);
    g_assert_cmpfloat(fabsf(get_f(3, 1) - 4), <=, 4 * 0x1p-15);  /* |base| */
    g_assert_true(isnan(get_f(3, 2)));              /* 0^0: NaN (IEEE) */
    g_assert_cmpfloat(fabsf(get_f(3, 3) - 3), <=, 3 * 0x1p-15);
}

/*
 * INT DIV: M0 = denominator, M1 = numerator (L5913/L5921); divide by
 * zero per the tables at L6290-L6313.
 */
static void test_math_intdiv(void)
{
    static const int32_t num[8] = { 7, -7, 7, -7, 5, -5, INT32_MIN, 0 };
    static const int32_t den[8] = { 2, 2, -2, -2, 0, 0, -1, 0 };

    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(1, i, (uint32_t)den[i]);
        set_ud(2, i, (uint32_t)num[i]);
    }
    run_ok("mov(8) m2<1>D g2<8,8,1>D { align1 };\n"
           "send(8) 1 g3<1>D g1<8,8,1>D math intdivmod signed mlen 2 rlen 2 "
           "{ align1 };\n"
           "send(8) 1 g5<1>UD g1<8,8,1>UD math intdiv mlen 2 rlen 1 "
           "{ align1 };\n"
           "send(8) 1 g6<1>D g1<8,8,1>D math intmod signed mlen 2 rlen 1 "
           "{ align1 };\n" EOT);
    for (int i = 0; i < 4; i++) {
        g_assert_cmpint((int32_t)get_ud(3, i), ==, num[i] / den[i]);
        g_assert_cmpint((int32_t)get_ud(4, i), ==, num[i] % den[i]);
        g_assert_cmpint((int32_t)get_ud(6, i), ==, num[i] % den[i]);
    }
    g_assert_cmphex(get_ud(3, 4), ==, 0x7fffffffu);
    g_assert_cmphex(get_ud(4, 4), ==, 0x7fffffffu);
    g_assert_cmphex(get_ud(3, 5), ==, 0x80000000u);
    g_assert_cmphex(get_ud(3, 6), ==, 0x80000000u);  /* INT_MIN / -1 */
    g_assert_cmphex(get_ud(4, 6), ==, 0);
    g_assert_cmphex(get_ud(3, 7), ==, 0x7fffffffu);
    /* unsigned */
    g_assert_cmphex(get_ud(5, 0), ==, 3);
    g_assert_cmphex(get_ud(5, 1), ==, 0xfffffff9u / 2);
    g_assert_cmphex(get_ud(5, 4), ==, 0xffffffffu);
}

/* 16-channel form (mlen 2, L5906), scalar structure, channel enables. */
static void test_math_16ch_scalar_mask(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, 1 + i);
        set_f(2, i, 9 + i);
        set_f(7, i, -1);
    }
    thr.f0[0] = 0x00f5;
    /* 16 enables need a word post-destination (L13370) */
    run_ok("mov(8) m1<1>F g1<8,8,1>F { align1 };\n"
           "mov(8) m2<1>F g2<8,8,1>F { align1 };\n"
           "send(16) 1 g3<1>UW null math inv mlen 2 rlen 2 { align1 };\n"
           "send(8) 1 g5<1>F g1<8,8,1>F math inv scalar mlen 1 rlen 1 "
           "{ align1 };\n"
           "mov(8) g6<1>F -1F { align1 };\n"
           "(+f0) send(8) 1 g6<1>F g1<8,8,1>F math sqrt mlen 1 rlen 1 "
           "{ align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        /* INV is exact to 1 ULP (L6030) */
        g_assert_cmpfloat(fabsf(get_f(3, i) - 1.0f / (1 + i)), <=,
                          ulp_of(1.0f / (1 + i)));
        g_assert_cmpfloat(fabsf(get_f(4, i) - 1.0f / (9 + i)), <=,
                          ulp_of(1.0f / (9 + i)));
        g_assert_cmpfloat(fabsf(get_f(5, i) - (i < 4 ? 1.0f : 0.2f)), <=,
                          ulp_of(0.2f));
        /* channels off in EMask are not written back */
        if ((0xf5 >> i) & 1) {
            g_assert_cmpfloat(fabsf(get_f(6, i) - sqrtf(1 + i)), <=,
                              ulp_of(sqrtf(1 + i)));
        } else {
            g_assert_cmpfloat(get_f(6, i), ==, -1);
        }
    }
}

static void fill_ram(void)
{
    for (unsigned i = 0; i < TEST_RAM / 4; i++) {
        uint32_t v = 0xa0000000u | i;

        memcpy(ram + 4 * i, &v, 4);
    }
}

static uint32_t ram32(unsigned addr)
{
    uint32_t v;

    memcpy(&v, ram + addr, 4);
    return v;
}

/* OWord block read/write (L4533-L4602), out of bounds (L4561). */
static void test_dataport_oword(void)
{
    fill_ram();
    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(10, i, 0x100 + i);
        set_ud(11, i, 0x200 + i);
    }
    set_ud(20, 0, 0x1234);
    g_assert_cmpint(run_on(
           "mov(8) m1<1>UD 0UD { align1 nomask };\n"
           "mov(1) m1.2<1>UD 0x20UD { align1 nomask };\n"
           "send(16) 1 g4<1>UW null read (1, 3, 0) mlen 1 rlen 2 "
           "{ align1 };\n"
           "send(8) 1 g6<1>UD null read (1, 1, 0) mlen 1 rlen 1 "
           "{ align1 };\n"
           "mov(1) m1.2<1>UD 0xf0UD { align1 nomask };\n"
           "send(8) 1 g7<1>UD null read (0, 2, 0) mlen 1 rlen 1 "
           "{ align1 };\n"
           "mov(8) m2<1>UD g10<8,8,1>UD { align1 nomask };\n"
           "mov(8) m3<1>UD g11<8,8,1>UD { align1 nomask };\n"
           "mov(1) m1.2<1>UD 0x40UD { align1 nomask };\n"
           /* a word post-destination gives 16 enables; write commit */
           "send(16) 1 g20<1>UW null write (1, 3, 0, 1) mlen 3 rlen 1 "
           "{ align1 };\n" EOT, 1000), ==, G4_EU_STOP_EOT);
    /* 4 OWords from byte 0x20 of surface 1 (base 0x2000) */
    for (int i = 0; i < 8; i++) {
        g_assert_cmphex(get_ud(4, i), ==, 0xa0000000u +
                        (0x2020 / 4) + i);
        g_assert_cmphex(get_ud(5, i), ==, 0xa0000000u + (0x2040 / 4) + i);
    }
    /* 1 OWord into the high half */
    g_assert_cmphex(get_ud(6, 4), ==, 0xa0000000u + 0x2020 / 4);
    g_assert_cmphex(get_ud(6, 0), ==, 0);
    /* surface 0 is 0x100 bytes: the OWord at 0xf0 reads, 0x100 is 0 */
    g_assert_cmphex(get_ud(7, 0), ==, 0xa0000000u + 0x10f0 / 4);
    g_assert_cmphex(get_ud(7, 4), ==, 0);
    g_assert_cmpint(nerrors, ==, 1);    /* the out-of-bounds read */
    g_assert_cmphex(get_ud(20, 0), ==, 0x1234); /* commit: no data */
    for (int i = 0; i < 8; i++) {
        g_assert_cmphex(ram32(0x2040 + 4 * i), ==, 0x100 + i);
        g_assert_cmphex(ram32(0x2060 + 4 * i), ==, 0x200 + i);
    }
}

/* DWord scattered read/write (L4800-L4907), stateless BTI 255. */
static void test_dataport_scattered(void)
{
    G4EuStop s;

    fill_ram();
    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(10, i, 0x40 * i);            /* offsets */
        set_ud(11, i, 0x5000 + i);
    }
    set_ud(10, 7, 0x2000);                  /* beyond surface 1 */
    s = run_on("mov(8) m1<1>UD 0UD { align1 nomask };\n"
               "mov(1) m1.2<1>UD 8UD { align1 nomask };\n"
               "mov(8) m2<1>UD g10<8,8,1>UD { align1 nomask };\n"
               "send(8) 1 g4<1>UD null read (1, 2, 3) mlen 2 rlen 1 "
               "{ align1 };\n"
               "mov(8) m3<1>UD g11<8,8,1>UD { align1 nomask };\n"
               "mov(1) m1.5<1>UD 0x400UD { align1 nomask };\n"
               "send(8) 1 null null write (255, 2, 3, 0) mlen 3 rlen 0 "
               "{ align1 };\n" EOT, 1000);
    g_assert_cmpint(s, ==, G4_EU_STOP_EOT);
    for (int i = 0; i < 7; i++) {
        g_assert_cmphex(get_ud(4, i), ==,
                        0xa0000000u + (0x2008 + 0x40 * i) / 4);
    }
    g_assert_cmphex(get_ud(4, 7), ==, 0);           /* out of bounds */
    /* stateless: 0x8000 + M0.5[31:10] (0x400) + 8 + offset */
    for (int i = 0; i < 7; i++) {
        g_assert_cmphex(ram32(0x8408 + 0x40 * i), ==, 0x5000 + i);
    }
    g_assert_cmphex(ram32(0x8408 + 0x2000), ==, 0x5007);
    g_assert_cmpint(nerrors, ==, 1);
}

/* URB_WRITE: NOSWIZZLE, INTERLEAVED, TRANSPOSE, allocate (L6659-L6784). */
static void test_urb_write(void)
{
    memset(urb_mem, 0, sizeof(urb_mem));
    urb.next_handle = 64;
    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(10, i, 0x10 + i);
        set_ud(11, i, 0x20 + i);
        set_ud(12, i, 0x30 + i);
    }
    set_ud(1, 0, 4);                        /* handle 0 = row 4 */
    set_ud(1, 1, 20);                       /* handle 1 = row 20 */
    run_ok("mov(8) m1<1>UD g1<8,8,1>UD { align1 nomask };\n"
           "mov(8) m2<1>UD g10<8,8,1>UD { align1 nomask };\n"
           "mov(8) m3<1>UD g11<8,8,1>UD { align1 nomask };\n"
           "mov(8) m4<1>UD g12<8,8,1>UD { align1 nomask };\n"
           "send(8) 1 null null urb 2 used complete mlen 3 rlen 0 "
           "{ align1 };\n"
           "send(8) 1 null null urb 0 interleave mlen 3 rlen 0 { align1 };\n"
           "send(8) 1 null null urb 8 transpose mlen 4 rlen 0 { align1 };\n"
           "send(8) 1 g20<1>UD null urb 0 allocate mlen 1 rlen 1 "
           "{ align1 };\n" EOT);
    {
        uint32_t *u = (uint32_t *)urb_mem;

        for (int i = 0; i < 8; i++) {
            g_assert_cmphex(u[6 * 8 + i], ==, 0x10 + i);    /* row 4+2 */
            g_assert_cmphex(u[7 * 8 + i], ==, 0x20 + i);
        }
        /* interleaved: low halves to handle 0, high halves to handle 1 */
        g_assert_cmphex(u[4 * 8 + 0], ==, 0x10);
        g_assert_cmphex(u[4 * 8 + 4], ==, 0x20);
        g_assert_cmphex(u[20 * 8 + 0], ==, 0x14);
        g_assert_cmphex(u[20 * 8 + 4], ==, 0x24);
        /* transpose: row 12 = (M1.0, M2.0, 0, M3.0, M1.1, M2.1, 0, M3.1) */
        g_assert_cmphex(u[12 * 8 + 0], ==, 0x10);
        g_assert_cmphex(u[12 * 8 + 1], ==, 0x20);
        g_assert_cmphex(u[12 * 8 + 2], ==, 0);
        g_assert_cmphex(u[12 * 8 + 3], ==, 0x30);
        g_assert_cmphex(u[12 * 8 + 5], ==, 0x21);
        g_assert_cmphex(u[15 * 8 + 7], ==, 0x37);
    }
    g_assert_cmphex(get_ud(20, 0), ==, 64);
    g_assert_cmpuint(urb.next_handle, ==, 68);
}

/* Hostile programs end cleanly with a logged error. */
static void test_bad_programs(void)
{
    uint32_t zeros[8] = { 0 };
    G4EuProgram *p;

    reset();
    g_assert_cmpint(run_on("jmpi(1) 100D { align1 nomask };\n" EOT, 100), ==,
                    G4_EU_STOP_ERROR);
    g_assert_cmpint(nerrors, ==, 1);
    reset();
    g_assert_cmpint(run_on("add(1) ip ip 0D { align1 nomask };\n", 1000), ==,
                    G4_EU_STOP_BUDGET);
    g_assert_cmpuint(thr.executed, ==, 1000);
    reset();
    g_assert_cmpint(run_on("mov(8) g1<1>F 1F { align1 };\n", 100), ==,
                    G4_EU_STOP_ERROR);              /* runs off the end */
    g_assert_cmpfloat(get_f(1, 0), ==, 1);
    reset();
    g_assert_cmpint(run_on("send(8) 1 null g0<8,8,1>UD gateway fc 0 mlen 1 "
                           "rlen 0 { align1 };\n" EOT, 100), ==,
                    G4_EU_STOP_ERROR);
    g_assert_cmpint(nunimp, ==, 1);
    reset();
    g_assert_cmpint(run_on("endif(8) ip 0x00010000D { align1 };\n" EOT, 100),
                    ==, G4_EU_STOP_ERROR);          /* IStack underflow */
    g_assert_cmphex(thr.cr0[1] & G4_CR1_IS_UNDER, !=, 0);
    reset();
    g_assert_cmpint(run_on("send(8) 15 g2<1>UD null math inv mlen 2 rlen 1 "
                           "{ align1 };\n" EOT, 100), ==, G4_EU_STOP_ERROR);
    /* an all-zero instruction is the illegal opcode (L9340) */
    reset();
    env_setup();
    p = g4_eu_program_new(zeros, 2, &host);
    g_assert_cmpint(g4_eu_run(&thr, p, &env, 100), ==, G4_EU_STOP_ERROR);
    g_assert_cmpint(nerrors, ==, 1);
    g4_eu_program_free(p);
    /* budget 0 runs nothing */
    reset();
    g_assert_cmpint(run_on(EOT, 0), ==, G4_EU_STOP_BUDGET);
}

/*
 * SIMD16 COS as two SIMD8 messages, the second with SecHalf, then
 * replicated with compressed movs (section 15.2.5.1, L14207-L14260).
 */
static void test_example_math_sechalf(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(2, i, 0.1f * i);
        set_f(3, i, -0.1f * (8 + i));
        set_f(8, i, 9);
        set_f(9, i, 9);
    }
    thr.f0[0] = 0x0ff0;
    run_ok("(+f0) send(8) 0 g8<1>F -(abs)g2<8,8,1>F math cos mlen 1 rlen 1 "
           "{ align1 };\n"
           "(+f0) send(8) 1 g9<1>F -(abs)g3<8,8,1>F math cos mlen 1 rlen 1 "
           "{ align1 sechalf };\n"
           "mov(16) g10<1>F g8<8,8,1>F { align1 compr };\n" EOT);
    for (int i = 0; i < 8; i++) {
        bool on0 = (0x0ff0 >> i) & 1, on1 = (0x0ff0 >> (8 + i)) & 1;

        if (on0) {
            g_assert_cmpfloat(fabsf(get_f(8, i) - cosf(0.1f * i)), <=,
                              0.0008f);
        } else {
            g_assert_cmpfloat(get_f(8, i), ==, 9);
        }
        if (on1) {
            g_assert_cmpfloat(fabsf(get_f(9, i) - cosf(0.1f * (8 + i))), <=,
                              0.0008f);
        } else {
            g_assert_cmpfloat(get_f(9, i), ==, 9);
        }
        g_assert_cmpfloat(get_f(10, i), ==, get_f(8, i));
        g_assert_cmpfloat(get_f(11, i), ==, get_f(9, i));
        /* the implied move ignores the enables: m1 has all of -|r3| */
        g_assert_cmpfloat(hwgpu_u2f(g4_eu_mrf_ud(&thr, 1)[i]), ==,
                          -0.1f * (8 + i));
    }
}

/* OWord dual block read/write (L4606-L4681): two offsets, 4 OWords. */
static void test_dataport_oword_dual(void)
{
    fill_ram();
    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(10, i, 0x300 + i);
    }
    thr.f0[0] = 0x000f;         /* the write only enables block 0 */
    run_ok("mov(8) m1<1>UD 0UD { align1 nomask };\n"
           "mov(1) m1.2<1>UD 0x20UD { align1 nomask };\n"
           "mov(8) m2<1>UD 0UD { align1 nomask };\n"
           "mov(1) m2<1>UD 0x10UD { align1 nomask };\n"
           "mov(1) m2.4<1>UD 0x100UD { align1 nomask };\n"
           "send(8) 1 g4<1>UD null read (1, 2, 1) mlen 2 rlen 4 "
           "{ align1 };\n"
           "mov(8) m3<1>UD g10<8,8,1>UD { align1 nomask };\n"
           "mov(8) m4<1>UD g10<8,8,1>UD { align1 nomask };\n"
           "mov(8) m5<1>UD g10<8,8,1>UD { align1 nomask };\n"
           "mov(8) m6<1>UD g10<8,8,1>UD { align1 nomask };\n"
           "(+f0) send(8) 1 null null write (1, 2, 1, 0) mlen 6 rlen 0 "
           "{ align1 };\n" EOT);
    for (int k = 0; k < 4; k++) {
        for (int c = 0; c < 4; c++) {
            g_assert_cmphex(get_ud(4 + k, c), ==,
                            0xa0000000u + (0x2030 + 16 * k) / 4 + c);
            g_assert_cmphex(get_ud(4 + k, 4 + c), ==,
                            0xa0000000u + (0x2120 + 16 * k) / 4 + c);
            /* block 0 written with the low halves, block 1 untouched */
            g_assert_cmphex(ram32(0x2030 + 16 * k + 4 * c), ==, 0x300 + c);
            g_assert_cmphex(ram32(0x2120 + 16 * k + 4 * c), ==,
                            0xa0000000u + (0x2120 + 16 * k) / 4 + c);
        }
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g4-eu/math/inv-sqrt-rsq", test_math_inv_sqrt_rsq);
    g_test_add_func("/g4-eu/math/lanes-match-scalar",
                    test_math_lanes_match_scalar);
    g_test_add_func("/g4-eu/math/log-exp-alt", test_math_log_exp_alt);
    g_test_add_func("/g4-eu/math/sin-cos", test_math_sin_cos);
    g_test_add_func("/g4-eu/math/pow", test_math_pow);
    g_test_add_func("/g4-eu/math/scalar-subregister",
                    test_math_scalar_subregister);
    g_test_add_func("/g4-eu/math/compressed-simd16",
                    test_math_compressed_simd16);
    g_test_add_func("/g4-eu/math/intdiv", test_math_intdiv);
    g_test_add_func("/g4-eu/math/16ch-scalar-mask",
                    test_math_16ch_scalar_mask);
    g_test_add_func("/g4-eu/math/example-sechalf", test_example_math_sechalf);
    g_test_add_func("/g4-eu/dataport/oword", test_dataport_oword);
    g_test_add_func("/g4-eu/dataport/oword-dual", test_dataport_oword_dual);
    g_test_add_func("/g4-eu/dataport/scattered", test_dataport_scattered);
    g_test_add_func("/g4-eu/urb/write", test_urb_write);
    g_test_add_func("/g4-eu/bad-programs", test_bad_programs);
    return g_test_run();
}
