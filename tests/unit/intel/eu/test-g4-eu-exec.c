/*
 * Unit tests of the G45 EU interpreter: ALU semantics, conversions,
 * conditional modifiers, predication, compression and indirect
 * addressing (flow control and the seed's examples: test-g4-eu-flow.c).
 * Kernels are written in intel-gen4disasm syntax and assembled with
 * g4_eu_asm_*.  "Lnnnn" cites seed 002.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <float.h>

#include "g4-eu-test.h"

/* Arithmetic truncates toward zero (L7007): 1 - 2^-30 -> 1 - 2^-24. */
static void test_float_add_rtz_denorm_nan(void)
{
    reset();
    set_f(1, 0, 1.0f);
    set_f(2, 0, -0x1p-30f);
    set_ud(1, 1, 1);                    /* +denorm */
    set_f(2, 1, 0.0f);
    set_ud(1, 2, 0x80000001u);          /* -denorm */
    set_f(2, 2, 0.0f);
    set_ud(1, 3, 0x7fc00000u);          /* NaN */
    set_f(2, 3, 1.0f);
    set_f(1, 4, FLT_MAX);               /* RTZ overflow stays finite */
    set_f(2, 4, FLT_MAX);
    set_f(1, 5, INFINITY);              /* INF - INF = NaN (L6990) */
    set_f(2, 5, -INFINITY);
    set_f(1, 6, 3.0f);
    set_f(2, 6, 4.0f);
    set_f(1, 7, -0.0f);                 /* -0 + 0 = +0 (L7017) */
    set_f(2, 7, 0.0f);
    run_ok("add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };\n"
           "mov(8) g4<1>F g1<8,8,1>F { align1 };\n"
           "mul(8) g5<1>F g1<8,8,1>F 1F { align1 };\n" EOT);
    g_assert_cmphex(get_ud(3, 0), ==, 0x3f7fffffu);
    g_assert_cmphex(get_ud(3, 1), ==, 0);          /* denorm flushed */
    g_assert_cmphex(get_ud(3, 2), ==, 0);
    g_assert_true(isnan(get_f(3, 3)));
    g_assert_cmphex(get_ud(3, 4), ==, 0x7f7fffffu);
    g_assert_true(isnan(get_f(3, 5)));
    g_assert_cmpfloat(get_f(3, 6), ==, 7.0f);
    g_assert_cmphex(get_ud(3, 7), ==, 0);
    /* a raw mov keeps denorms, x * 1.0 flushes them (L7014-L7015) */
    g_assert_cmphex(get_ud(4, 1), ==, 1);
    g_assert_cmphex(get_ud(4, 2), ==, 0x80000001u);
    g_assert_cmphex(get_ud(5, 1), ==, 0);
    g_assert_cmphex(get_ud(5, 2), ==, 0x80000000u);
    g_assert_cmpfloat(get_f(5, 6), ==, 3.0f);
}

/* ALT mode: INF results become FLT_MAX (L7219). */
static void test_float_alt_mode(void)
{
    g4_eu_thread_init(&thr, 0xff, G4_CR0_FP_ALT);
    set_f(1, 0, INFINITY);
    set_f(1, 1, -INFINITY);
    set_f(1, 2, 2.0f);
    run_ok("mul(8) g3<1>F g1<8,8,1>F 2F { align1 };\n" EOT);
    g_assert_cmpfloat(get_f(3, 0), ==, FLT_MAX);
    g_assert_cmpfloat(get_f(3, 1), ==, -FLT_MAX);
    g_assert_cmpfloat(get_f(3, 2), ==, 4.0f);
}

/* .sat: float to [0, 1] with NaN -> 0, integers to the type (L9802). */
static void test_saturate(void)
{
    static const int32_t d[8] = { 5, -5, 300, 7, 32767, -40000, 70000, 0 };

    reset();
    set_f(1, 0, 0.5f);
    set_f(1, 1, 2.0f);
    set_f(1, 2, -1.0f);
    set_ud(1, 3, 0x7fc00000u);
    for (int i = 0; i < 8; i++) {
        set_ud(2, i, (uint32_t)d[i]);
    }
    set_ud(6, 0, 0x7fff7fffu);          /* words 32767, 32767 */
    set_ud(6, 1, 0x80008000u);          /* -32768, -32768 */
    run_ok("add.sat(8) g3<1>F g1<8,8,1>F 0.25F { align1 };\n"
           "mov.sat(8) g4<4>UB g2<8,8,1>D { align1 };\n"
           "mov.sat(8) g5<2>W g2<8,8,1>D { align1 };\n"
           "add.sat(4) g7<1>W g6<4,4,1>W 1UW { align1 };\n"
           "add.sat(4) g8<1>W g6<4,4,1>W -1W { align1 };\n"
           "add(4) g9<1>W g6<4,4,1>W 1UW { align1 };\n" EOT);
    g_assert_cmpfloat(get_f(3, 0), ==, 0.75f);
    g_assert_cmpfloat(get_f(3, 1), ==, 1.0f);
    g_assert_cmpfloat(get_f(3, 2), ==, 0.0f);
    g_assert_cmpfloat(get_f(3, 3), ==, 0.0f);
    /* bytes: 5, 0, 255, 7 (L7270-L7280) */
    g_assert_cmphex(get_ud(4, 0) & 0xff, ==, 5);
    g_assert_cmphex(get_ud(4, 1) & 0xff, ==, 0);
    g_assert_cmphex(get_ud(4, 2) & 0xff, ==, 255);
    g_assert_cmphex(get_ud(4, 3) & 0xff, ==, 7);
    g_assert_cmphex(get_ud(5, 4) & 0xffff, ==, 32767);
    g_assert_cmphex(get_ud(5, 5) & 0xffff, ==, 0x8000);
    g_assert_cmphex(get_ud(5, 6) & 0xffff, ==, 32767);
    g_assert_cmphex(get_ud(7, 0), ==, 0x7fff7fffu);
    g_assert_cmphex(get_ud(8, 1), ==, 0x80008000u);
    /* without .sat: wraparound (L7292) */
    g_assert_cmphex(get_ud(9, 0), ==, 0x80008000u);
}

/* Integer wraparound and shift counts masked to 5 bits (L13468). */
static void test_int_wrap_and_shifts(void)
{
    reset();
    set_ud(1, 0, 0x7fffffffu);
    set_ud(1, 1, 0xffffffffu);
    set_ud(2, 0, 1);
    set_ud(2, 1, 33);                   /* shift by 33 is by 1 */
    set_ud(2, 2, 31);
    set_ud(2, 3, 35);
    set_ud(3, 0, 1);
    set_ud(3, 1, 1);
    set_ud(3, 2, 0x80000000u);
    set_ud(3, 3, 0xfffffff8u);          /* -8 */
    run_ok("add(2) g4<1>D g1<2,2,1>D 1D { align1 };\n"
           "add(2) g5<1>UD g1<2,2,1>UD 1UD { align1 };\n"
           "shl(4) g6<1>D g3<4,4,1>D g2<4,4,1>D { align1 };\n"
           "shr(4) g7<1>UD g3<4,4,1>UD g2<4,4,1>UD { align1 };\n"
           "asr(4) g8<1>D g3<4,4,1>D g2<4,4,1>D { align1 };\n"
           "not(1) g9<1>UD g3<0,1,0>UD { align1 };\n"
           "xor(1) g9.1<1>UD g3.2<0,1,0>UD 0x80000001UD { align1 };\n"
           "or(1) g9.2<1>UD g3.1<0,1,0>UD 6UD { align1 };\n"
           "and(1) g9.3<1>UD g3.3<0,1,0>UD 0xfUD { align1 };\n"
           "avg(1) g9.4<1>D g3.1<0,1,0>D 4D { align1 };\n" EOT);
    g_assert_cmphex(get_ud(4, 0), ==, 0x80000000u);
    g_assert_cmphex(get_ud(4, 1), ==, 0);
    g_assert_cmphex(get_ud(5, 1), ==, 0);
    g_assert_cmphex(get_ud(6, 0), ==, 1u << 1 << 0);
    g_assert_cmphex(get_ud(6, 1), ==, 2);               /* 1 << (33&31) */
    g_assert_cmphex(get_ud(6, 2), ==, 0);               /* bit 31 << 31 */
    g_assert_cmphex(get_ud(7, 2), ==, 1);               /* logical */
    g_assert_cmphex(get_ud(7, 3), ==, 0x1fffffffu);     /* >> 3 */
    g_assert_cmphex(get_ud(8, 2), ==, 0xffffffffu);     /* arithmetic */
    g_assert_cmphex(get_ud(8, 3), ==, 0xffffffffu);     /* -8 >> 3 */
    g_assert_cmphex(get_ud(9, 0), ==, 0xfffffffeu);
    g_assert_cmphex(get_ud(9, 1), ==, 0x00000001u);
    g_assert_cmphex(get_ud(9, 2), ==, 7);
    g_assert_cmphex(get_ud(9, 3), ==, 8);
    g_assert_cmphex(get_ud(9, 4), ==, 3);               /* (1+4+1)>>1 */
}

/* Float <-> integer conversion (L7250-L7286). */
static void test_conversions(void)
{
    static const float in[8] = { 3.7f, -3.7f, 1e10f, -INFINITY, NAN, 1e-40f,
                                 -0.0f, 2147483520.0f };
    static const uint32_t d[8] = { 3, (uint32_t)-3, 0x7fffffff, 0x80000000u,
                                   0, 0, 0, 2147483520u };
    static const int32_t ints[4] = { 16777217, 0x7fffffff, -16777217, 7 };

    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, in[i]);
    }
    for (int i = 0; i < 4; i++) {
        set_ud(2, i, (uint32_t)ints[i]);
    }
    run_ok("mov(8) g3<1>D g1<8,8,1>F { align1 };\n"
           "mov(8) g4<1>UD g1<8,8,1>F { align1 };\n"
           "mov(4) g5<1>F g2<4,4,1>D { align1 };\n"
           "mov(8) g6<2>W g1<8,8,1>F { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmphex(get_ud(3, i), ==, d[i]);
    }
    g_assert_cmphex(get_ud(4, 1), ==, 0);               /* clamps to 0 */
    g_assert_cmphex(get_ud(4, 2), ==, 0xffffffffu);
    g_assert_cmphex(get_ud(4, 3), ==, 0);
    /* int to float truncates beyond 24 bits (L7283) */
    g_assert_cmpfloat(get_f(5, 0), ==, 16777216.0f);
    g_assert_cmphex(get_ud(5, 1), ==, 0x4effffffu);
    g_assert_cmpfloat(get_f(5, 2), ==, -16777216.0f);
    g_assert_cmpfloat(get_f(5, 3), ==, 7.0f);
    g_assert_cmphex(get_ud(6, 2) & 0xffff, ==, 0x7fff);  /* 1e10 -> W max */
    g_assert_cmphex(get_ud(6, 1) & 0xffff, ==, 0xfffd);
    g_assert_cmphex(get_ud(6, 3) & 0xffff, ==, 0x8000);  /* -INF -> W min */
    g_assert_cmphex(get_ud(6, 0) & 0xffff, ==, 3);
}

/* 32-bit multiply: mul acc0 + mach + mov acc0 (L12177-L12183). */
static void test_mul_mach_64bit(void)
{
    static const int32_t a[8] = { 0x12345678, -5, INT32_MIN, -1, 0, 65536,
                                  123456789, -987654321 };
    static const int32_t b[8] = { -0x09abcdef, 7, INT32_MIN, -1, 5, 65536,
                                  987654321, 3 };

    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(2, i, (uint32_t)a[i]);
        set_ud(3, i, (uint32_t)b[i]);
    }
    run_ok("mul(8) acc0<1>D g2<8,8,1>D g3<8,8,1>D { align1 };\n"
           "mach(8) g4<1>D g2<8,8,1>D g3<8,8,1>D { align1 };\n"
           "mov(8) g5<1>UD acc0<8,8,1>UD { align1 };\n"
           "mul(8) g6<1>D g2<8,8,1>D g3<8,8,1>D { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        int64_t p = (int64_t)a[i] * b[i];

        g_assert_cmphex(get_ud(4, i), ==, (uint32_t)((uint64_t)p >> 32));
        g_assert_cmphex(get_ud(5, i), ==, (uint32_t)p);
        /* D x D mul uses the low 16 bits of src0 only (L12454) */
        g_assert_cmphex(get_ud(6, i), ==,
                        (uint32_t)((int64_t)(a[i] & 0xffff) * b[i]));
    }
}

/* frc, rndd and the two-step rndu/rnde/rndz with .r (L12897-L13137). */
static void test_round_family(void)
{
    static const float in[8] = { 1.25f, -1.25f, 2.5f, 3.5f, -2.5f, 2.6f,
                                 -2.0f, -1e-10f };

    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, in[i]);
    }
    run_ok("frc(8) g2<1>F g1<8,8,1>F { align1 };\n"
           "rndd(8) g3<1>F g1<8,8,1>F { align1 };\n"
           "rndz.r.f0(8) g4<1>F g1<8,8,1>F { align1 };\n"
           "(+f0) add(8) g4<1>F g4<8,8,1>F 1F { align1 };\n"
           "rnde.r.f0(8) g5<1>F g1<8,8,1>F { align1 };\n"
           "(+f0) add(8) g5<1>F g5<8,8,1>F 1F { align1 };\n"
           "rndu.r.f0(8) g6<1>F g1<8,8,1>F { align1 };\n"
           "(+f0) add(8) g6<1>F g6<8,8,1>F 1F { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        float x = in[i];

        g_assert_cmpfloat(get_f(3, i), ==, floorf(x));
        g_assert_cmpfloat(get_f(4, i), ==, truncf(x));
        g_assert_cmpfloat(get_f(5, i), ==, nearbyintf(x));
        g_assert_cmpfloat(get_f(6, i), ==, ceilf(x) == 0 ? 0 : ceilf(x));
    }
    g_assert_cmpfloat(get_f(2, 0), ==, 0.25f);
    g_assert_cmpfloat(get_f(2, 1), ==, 0.75f);
    /* 1 - 1e-10 truncates below 1 (L7007) */
    g_assert_cmphex(get_ud(2, 7), ==, 0x3f7fffffu);
}

static void test_lzd(void)
{
    static const uint32_t in[8] = { 0, 1, 0x80000000u, 0x10000, 0xffffffffu,
                                    2, 3, 0x00800000u };
    static const uint32_t out[8] = { 32, 31, 0, 15, 0, 30, 30, 8 };

    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(1, i, in[i]);
    }
    run_ok("lzd(8) g2<1>UD g1<8,8,1>UD { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpuint(get_ud(2, i), ==, out[i]);   /* L12031 */
    }
}

/* cmp/cmpn NaN rules (Tables 10-3..10-14, L7027-L7211). */
static void test_cmp_cmpn_nan(void)
{
    static const float a[8] = { 1, NAN, 1, 2, -0.0f, 1e-40f, INFINITY, NAN };
    static const float b[8] = { 2, 1, NAN, 1, 0.0f, 0.0f, INFINITY, NAN };

    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, a[i]);
        set_f(2, i, b[i]);
    }
    run_ok("cmp.l.f0(8) null g1<8,8,1>F g2<8,8,1>F { align1 };\n"
           "mov(1) g3<1>UW f0<0,1,0>UW { align1 };\n"
           "cmp.ne.f0(8) null g1<8,8,1>F g2<8,8,1>F { align1 };\n"
           "mov(1) g3.2<1>UW f0<0,1,0>UW { align1 };\n"
           "cmpn.l.f0(8) null g1<8,8,1>F g2<8,8,1>F { align1 };\n"
           "mov(1) g3.4<1>UW f0<0,1,0>UW { align1 };\n"
           "cmpn.ne.f0(8) null g1<8,8,1>F g2<8,8,1>F { align1 };\n"
           "mov(1) g3.6<1>UW f0<0,1,0>UW { align1 };\n"
           "cmp.e.f0(8) null g1<8,8,1>F g2<8,8,1>F { align1 };\n"
           "mov(1) g3.8<1>UW f0<0,1,0>UW { align1 };\n"
           "cmp.ge.f0(8) g4<1>D g1<8,8,1>F g2<8,8,1>F { align1 };\n" EOT);
    /* g3.2k:uw is the low word of dword k */
    g_assert_cmphex(get_ud(3, 0) & 0xff, ==, 0x01);        /* .l */
    g_assert_cmphex(get_ud(3, 1) & 0xff, ==, 0x8f);        /* .ne */
    /* cmpn: src1 NaN -> true; only src0 NaN -> false (.ne inverted) */
    g_assert_cmphex(get_ud(3, 2) & 0xff, ==, 0x85);
    g_assert_cmphex(get_ud(3, 3) & 0xff, ==, 0x0b);
    g_assert_cmphex(get_ud(3, 4) & 0xff, ==, 0x70);  /* +-0, denorm, inf */
    /* the flag also lands in the destination's LSB (L11151) */
    g_assert_cmpuint(get_ud(4, 0), ==, 0);
    g_assert_cmpuint(get_ud(4, 3), ==, 1);
    g_assert_cmpuint(get_ud(4, 1), ==, 0);
}

/* MIN/MAX macros: cmpn + (f0) sel (L9151-L9167). */
static void test_min_max_macro(void)
{
    static const float a[4] = { 1, NAN, 5, -3 };
    static const float b[4] = { 2, 4, NAN, -7 };

    reset();
    for (int i = 0; i < 4; i++) {
        set_f(1, i, a[i]);
        set_f(2, i, b[i]);
    }
    run_ok("cmpn.l.f0(4) null g1<4,4,1>F g2<4,4,1>F { align1 };\n"
           "(+f0) sel(4) g3<1>F g1<4,4,1>F g2<4,4,1>F { align1 };\n"
           "cmpn.ge.f0(4) null g1<4,4,1>F g2<4,4,1>F { align1 };\n"
           "(+f0) sel(4) g4<1>F g1<4,4,1>F g2<4,4,1>F { align1 };\n" EOT);
    g_assert_cmpfloat(get_f(3, 0), ==, 1);
    g_assert_cmpfloat(get_f(3, 1), ==, 4);      /* min(NaN, 4) = 4 */
    g_assert_cmpfloat(get_f(3, 2), ==, 5);      /* min(5, NaN) = 5 */
    g_assert_cmpfloat(get_f(3, 3), ==, -7);
    g_assert_cmpfloat(get_f(4, 0), ==, 2);
    g_assert_cmpfloat(get_f(4, 1), ==, 4);
    g_assert_cmpfloat(get_f(4, 2), ==, 5);
    g_assert_cmpfloat(get_f(4, 3), ==, -3);
}

/* Conditional modifiers on results (L9139-L9147): .z .g .l .o .u. */
static void test_cond_modifiers(void)
{
    reset();
    set_f(1, 0, 1);
    set_f(1, 1, -1);
    set_f(1, 2, 0);
    set_ud(1, 3, 0x7fc00000u);
    set_ud(2, 0, 0x7ffe8001u);         /* words 0x8001, 0x7ffe */
    run_ok("add.z.f0(4) null g1<4,4,1>F -1F { align1 };\n"
           "mov(1) g3<1>UW f0<0,1,0>UW { align1 };\n"
           "add.g.f0(4) null g1<4,4,1>F 0F { align1 };\n"
           "mov(1) g3.2<1>UW f0<0,1,0>UW { align1 };\n"
           "add.le.f0.1(4) g4<1>F g1<4,4,1>F 0F { align1 };\n"
           "mov(1) g3.4<1>UW f0.1<0,1,0>UW { align1 };\n"
           "add.u.f0(4) null g1<4,4,1>F 0F { align1 };\n"
           "mov(1) g3.6<1>UW f0<0,1,0>UW { align1 };\n"
           "add.o.f0(2) g5<1>W g2<2,2,1>W 2UW { align1 };\n"
           "mov(1) g3.8<1>UW f0<0,1,0>UW { align1 };\n" EOT);
    g_assert_cmphex(get_ud(3, 0) & 0xf, ==, 0x1);      /* 1 - 1 == 0 */
    g_assert_cmphex(get_ud(3, 1) & 0xf, ==, 0x1);      /* > 0 */
    g_assert_cmphex(get_ud(3, 2) & 0xf, ==, 0x6);      /* <= 0, not NaN */
    g_assert_cmphex(get_ud(3, 3) & 0xf, ==, 0x8);      /* NaN */
    g_assert_cmphex(get_ud(3, 4) & 0x3, ==, 0x2);      /* 0x7ffe + 2 */
}

/* Predication controls (L8620-L8714). */
static void test_predication(void)
{
    reset();
    thr.f0[0] = 0x1e3c;
    thr.f0[1] = 0x00ff;
    run_ok("(+f0) mov(16) g2<1>W 1W { align1 };\n"
           "(-f0) mov(16) g3<1>W 1W { align1 };\n"
           "(+f0.any4h) mov(16) g4<1>W 1W { align1 };\n"
           "(+f0.all4h) mov(16) g5<1>W 1W { align1 };\n"
           "(+f0.any2h) mov(16) g6<1>W 1W { align1 };\n"
           "(+f0.all2h) mov(16) g7<1>W 1W { align1 };\n"
           "(+f0.any8h) mov(16) g8<1>W 1W { align1 };\n"
           "(+f0.all8h) mov(16) g9<1>W 1W { align1 };\n"
           "(+f0.anyv) mov(16) g10<1>W 1W { align1 };\n"
           "(+f0.allv) mov(16) g11<1>W 1W { align1 };\n"
           "(+f0.1.all16h) mov(16) g12<1>W 1W { align1 };\n"
           "(+f0.x) mov(8) g13<1>F 1F { align16 };\n"
           "(+f0.w) mov(8) g14<1>F 1F { align16 };\n"
           "(-f0.all4h) mov(8) g15<1>F 1F { align16 };\n" EOT);
    {
        static const struct { unsigned reg; uint16_t mask; } want[] = {
            { 2, 0x1e3c }, { 3, 0xe1c3 }, { 4, 0xffff }, { 5, 0x0000 },
            { 6, 0x3f3c }, { 7, 0x0c3c }, { 8, 0xffff }, { 9, 0x0000 },
            { 10, 0x1eff }, { 11, 0x003c }, { 12, 0x0000 },
        };

        for (unsigned k = 0; k < G_N_ELEMENTS(want); k++) {
            uint16_t *w = (uint16_t *)g4_eu_grf_ud(&thr, want[k].reg);

            for (unsigned i = 0; i < 16; i++) {
                if (w[i] != ((want[k].mask >> i) & 1)) {
                    g_test_message("reg %u lane %u", want[k].reg, i);
                }
                g_assert_cmpuint(w[i], ==, (want[k].mask >> i) & 1);
            }
        }
    }
    /* Align16 .x: channel 0 of each group of 4 (bit 0 of 0xc = 0; 4: 1) */
    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(get_f(13, i), ==, i < 4 ? 0 : 1);
        g_assert_cmpfloat(get_f(14, i), ==, i < 4 ? 1 : 0);
        g_assert_cmpfloat(get_f(15, i), ==, 1);
    }
}

/* SIMD16 compressed: RegNum|1 halves, flags 15:8 in the second half. */
static void test_compressed_simd16(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(10, i, i);
        set_f(11, i, 8 + i);
        set_f(12, i, 100);
        set_f(13, i, 200);
    }
    for (int i = 0; i < 16; i++) {
        ((uint16_t *)g4_eu_grf_ud(&thr, 2))[i] = (uint16_t)(i - 8);
    }
    thr.f0[1] = 0x0f0f;
    run_ok("add(16) g4<1>F g10<8,8,1>F g12<8,8,1>F { align1 compr };\n"
           "cmp.l.f0(16) null g10<8,8,1>F 10F { align1 compr };\n"
           "(+f0.1) mov(16) g6<1>F 1F { align1 compr };\n"
           "mov(16) g20<1>D g2<16,16,1>W { align1 compr };\n"
           "mov(16) m4<1>F g10<8,8,1>F { align1 compr4 };\n"
           "add(8) g8<1>F g10<8,8,1>F 1F { align1 sechalf };\n" EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(get_f(4, i), ==, 100 + i);
        g_assert_cmpfloat(get_f(5, i), ==, 208 + i);
        g_assert_cmpfloat(get_f(6, i), ==, i < 4 ? 1 : 0);
        g_assert_cmpfloat(get_f(7, i), ==, i < 4 ? 1 : 0);
        /* packed words into dwords: SubRegNum|16 for the upper half */
        g_assert_cmpint((int32_t)get_ud(20, i), ==, i - 8);
        g_assert_cmpint((int32_t)get_ud(21, i), ==, i);
        /* Compr4: second half to m4+4 (L8750) */
        g_assert_cmpfloat(hwgpu_u2f(g4_eu_mrf_ud(&thr, 4)[i]), ==, i);
        g_assert_cmpfloat(hwgpu_u2f(g4_eu_mrf_ud(&thr, 8)[i]), ==, 8 + i);
        g_assert_cmpfloat(get_f(8, i), ==, i + 1);
    }
    g_assert_cmphex(thr.f0[0], ==, 0x03ff);
}

/* Indirect addressing through a0 (L8353-L8411). */
static void test_indirect(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(2, i, 10 + i);
        set_f(3, i, 20 + i);
    }
    run_ok("mov(1) a0<1>UW 0x40UW { align1 };\n"
           "mov(8) g5<1>F g[a0.0]<8,8,1>F { align1 };\n"
           "mov(8) g6<1>F g[a0.0 32]<8,8,1>F { align1 };\n"
           "mov(1) a0.1<1>UW 0xc0UW { align1 };\n"
           "mov(4) g[a0.1 4]<1>F g2<4,4,1>F { align1 };\n"
           "mov(1) a0.2<1>UW 0xffffUW { align1 };\n"
           "mov(1) g7<1>UD a0<0,1,0>UD { align1 };\n"
           "mov(1) g7.1<1>UD a0.2<0,1,0>UW { align1 };\n" EOT);
    /* g6 = r3 through a0.0 + 32, then dwords 1-4 replaced by r2[0..3]
     * through a0.1 + 4 */
    static const float g6[8] = { 20, 10, 11, 12, 13, 25, 26, 27 };

    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(get_f(5, i), ==, 10 + i);
        g_assert_cmpfloat(get_f(6, i), ==, g6[i]);
    }
    g_assert_cmphex(get_ud(7, 0), ==, 0x00c00040u);
    g_assert_cmphex(get_ud(7, 1), ==, 0xfff);      /* 12-bit a0.2 (L7670) */
}

/* Out-of-range indirect: reads 0, writes dropped, logged. */
static void test_indirect_out_of_range(void)
{
    G4EuStop s;

    reset();
    set_f(127, 7, 5.0f);
    s = run_on("mov(1) a0<1>UW 0xff8UW { align1 };\n"
               "mov(4) g5<1>F g[a0.0 4]<4,4,1>F { align1 };\n"
               "mov(4) g[a0.0 500]<1>F g5<4,4,1>F { align1 };\n" EOT,
               1000);
    g_assert_cmpint(s, ==, G4_EU_STOP_EOT);
    g_assert_cmpfloat(get_f(5, 0), ==, 5.0f);
    g_assert_cmpfloat(get_f(5, 1), ==, 0.0f);
    g_assert_cmpint(nerrors, ==, 2);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g4-eu/float/add-rtz-denorm-nan",
                    test_float_add_rtz_denorm_nan);
    g_test_add_func("/g4-eu/float/alt-mode", test_float_alt_mode);
    g_test_add_func("/g4-eu/saturate", test_saturate);
    g_test_add_func("/g4-eu/int/wrap-shifts-logic", test_int_wrap_and_shifts);
    g_test_add_func("/g4-eu/conversions", test_conversions);
    g_test_add_func("/g4-eu/mul-mach-64bit", test_mul_mach_64bit);
    g_test_add_func("/g4-eu/round-family", test_round_family);
    g_test_add_func("/g4-eu/lzd", test_lzd);
    g_test_add_func("/g4-eu/cmp-cmpn-nan", test_cmp_cmpn_nan);
    g_test_add_func("/g4-eu/min-max-macro", test_min_max_macro);
    g_test_add_func("/g4-eu/cond-modifiers", test_cond_modifiers);
    g_test_add_func("/g4-eu/predication", test_predication);
    g_test_add_func("/g4-eu/compressed-simd16", test_compressed_simd16);
    g_test_add_func("/g4-eu/indirect", test_indirect);
    g_test_add_func("/g4-eu/indirect-out-of-range",
                    test_indirect_out_of_range);
    return g_test_run();
    return g_test_run();
}
