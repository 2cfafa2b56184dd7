/*
 * Unit tests of the G45 EU interpreter: flow control (if/else/endif,
 * loops, break/cont, jmpi, halt, SPF, mask stacks), the seed's
 * programming examples and register-level corner cases.  Kernels are
 * written in intel-gen4disasm syntax and assembled with g4_eu_asm_*.
 * "Lnnnn" cites seed 002.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <float.h>

#include "g4-eu-test.h"

static void set_lane_index(unsigned reg)
{
    for (int i = 0; i < 8; i++) {
        set_ud(reg, i, i);
    }
}

/* if/else/endif with a partial mask (Example 15-3, L14453). */
static const char if_else_kernel[] =
    "cmp.l.f0(8) null g1<8,8,1>D g9<0,1,0>D { align1 };\n"   /* 0 */
    "(+f0) if(8) ip 3D { align1 };\n"                       /* 1 -> 4 */
    "mov(8) g2<1>D 1D { align1 };\n"                        /* 2 */
    "add(8) g3<1>D g3<8,8,1>D 1D { align1 };\n"             /* 3 */
    "else(8) ip 0x00010003D { align1 };\n"                  /* 4 -> 7 */
    "mov(8) g2<1>D 2D { align1 };\n"                        /* 5 */
    "endif(8) ip 0x00010000D { align1 };\n"                 /* 6 */
    "add(8) g4<1>D g4<8,8,1>D 1D { align1 };\n"             /* 7 */
    EOT;

static void test_if_else_endif(void)
{
    static const int limits[3] = { 4, 100, -1 };

    for (int k = 0; k < 3; k++) {
        reset();
        set_lane_index(1);
        set_ud(9, 0, (uint32_t)limits[k]);
        run_ok(if_else_kernel);
        for (int i = 0; i < 8; i++) {
            bool in_if = i < limits[k];

            g_assert_cmpuint(get_ud(2, i), ==, in_if ? 1 : 2);
            g_assert_cmpuint(get_ud(3, i), ==, in_if ? 1 : 0);
            g_assert_cmpuint(get_ud(4, i), ==, 1);
        }
        /* the if-stack is empty again and all channels are back */
        g_assert_cmpuint(thr.istack.depth, ==, 0);
        g_assert_cmphex(thr.imask, ==, 0xffff);
    }
}

/* Nested if/else with an inner iff (Examples 15-4 and 15-5). */
static void test_nested_if_iff(void)
{
    reset();
    set_lane_index(1);
    run_ok("cmp.l.f0(8) null g1<8,8,1>D 6D { align1 };\n"   /* 0 */
           "(+f0) if(8) ip 5D { align1 };\n"               /* 1 -> 6 */
           "cmp.ge.f0(8) null g1<8,8,1>D 2D { align1 };\n" /* 2 */
           "(+f0) iff(8) ip ip 3D { align1 };\n"           /* 3 -> 6 */
           "mov(8) g2<1>D 1D { align1 };\n"                /* 4 */
           "endif(8) ip 0x00010000D { align1 };\n"         /* 5 */
           "else(8) ip 0x00010003D { align1 };\n"          /* 6 -> 9 */
           "mov(8) g2<1>D 2D { align1 };\n"                /* 7 */
           "endif(8) ip 0x00010000D { align1 };\n"         /* 8 */
           EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpuint(get_ud(2, i), ==, i < 2 ? 0 : i < 6 ? 1 : 2);
    }
    g_assert_cmpuint(thr.istack.depth, ==, 0);
}

/*
 * do/while with break and cont under partial masks (Examples 15-9 and
 * 15-11): lane i counts k = 1.. until k > i, summing the odd k.
 */
static void test_loop_break_cont(void)
{
    reset();
    set_lane_index(1);
    run_ok("mov(8) g2<1>D 0D { align1 };\n"                       /* 0 */
           "mov(8) g3<1>D 0D { align1 };\n"                       /* 1 */
           "do(8) { align1 };\n"                                  /* 2 */
           "add(8) g2<1>D g2<8,8,1>D 1D { align1 };\n"            /* 3 */
           "cmp.g.f0(8) null g2<8,8,1>D g1<8,8,1>D { align1 };\n" /* 4 */
           "(+f0) break(8) ip 5D { align1 };\n"                   /* 5 -> 10 */
           "and.z.f0(8) null g2<8,8,1>D 1D { align1 };\n"         /* 6 */
           "(+f0) cont(8) ip 2D { align1 };\n"                    /* 7 -> 9 */
           "add(8) g3<1>D g3<8,8,1>D g2<8,8,1>D { align1 };\n"    /* 8 */
           "while(8) ip 0x0000fffaD { align1 };\n"                /* 9 -> 3 */
           "add(8) g4<1>D g2<8,8,1>D 100D { align1 };\n"          /* 10 */
           EOT);
    for (int i = 0; i < 8; i++) {
        int sum = 0;

        for (int k = 1; k <= i; k += 2) {
            sum += k;
        }
        g_assert_cmpint(get_ud(2, i), ==, i + 1);
        g_assert_cmpint(get_ud(3, i), ==, sum);
        g_assert_cmpint(get_ud(4, i), ==, i + 101);
    }
    g_assert_cmpuint(thr.lstack.depth, ==, 0);
    g_assert_cmphex(thr.lmask, ==, 0xffff);
}

/* break from inside an if: its pop count cleans the if-stack (L11057). */
static void test_break_from_if(void)
{
    reset();
    set_lane_index(1);
    run_ok("mov(8) g2<1>D 0D { align1 };\n"                       /* 0 */
           "do(8) { align1 };\n"                                  /* 1 */
           "add(8) g2<1>D g2<8,8,1>D 1D { align1 };\n"            /* 2 */
           "cmp.ge.f0(8) null g2<8,8,1>D 3D { align1 };\n"        /* 3 */
           "(+f0) if(8) ip 4D { align1 };\n"                      /* 4 -> 8 */
           "(+f0) break(8) ip 0x00010005D { align1 };\n"          /* 5 -> 10 */
           "mov(8) g3<1>D 9D { align1 };\n"                       /* 6 */
           "else(8) ip 0x00010002D { align1 };\n"                 /* 7 */
           "endif(8) ip 0x00010000D { align1 };\n"                /* 8 */
           "while(8) ip 0x0000fff9D { align1 };\n"                /* 9 -> 2 */
           "add(8) g4<1>D g2<8,8,1>D 0D { align1 };\n"            /* 10 */
           EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpint(get_ud(4, i), ==, 3);
        g_assert_cmpint(get_ud(3, i), ==, 0);
    }
    g_assert_cmpuint(thr.istack.depth, ==, 0);
    g_assert_cmpuint(thr.lstack.depth, ==, 0);
    g_assert_cmphex(thr.imask & 0xff, ==, 0xff);
}

/* jmpi (post-increment, L11925), add/mov to ip (L14416-L14443), halt. */
static void test_jmpi_ip_halt(void)
{
    reset();
    set_ud(1, 0, 1);
    run_ok("jmpi(1) 1D { align1 nomask };\n"                  /* 0 -> 2 */
           "mov(8) g2<1>D 5D { align1 };\n"                   /* 1 */
           "add(1) ip ip 32D { align1 nomask };\n"            /* 2 -> 4 */
           "mov(8) g3<1>D 5D { align1 };\n"                   /* 3 */
           "mov(1) g5<1>UD ip { align1 };\n"                  /* 4 */
           "jmpi(1) g1<0,1,0>D { align1 nomask };\n"          /* 5 -> 7 */
           "mov(8) g4<1>D 5D { align1 };\n"                   /* 6 */
           "(+f0) jmpi(1) 65529D { align1 nomask };\n"        /* 7: not taken */
           "(+f0) add(1) ip ip -128D { align1 };\n"            /* 8: neither */
           EOT);
    g_assert_cmpuint(get_ud(2, 0), ==, 0);
    g_assert_cmpuint(get_ud(3, 0), ==, 0);
    g_assert_cmpuint(get_ud(4, 0), ==, 0);
    g_assert_cmpuint(get_ud(5, 0), ==, 64);  /* ip reads its own address */

    /* halt: channels leave AMask; the last one jumps (L11752) */
    reset();
    set_lane_index(1);
    run_ok("cmp.l.f0(8) null g1<8,8,1>D 4D { align1 };\n"
           "(+f0) halt(8) ip 3D { align1 };\n"
           "mov(8) g2<1>D 1D { align1 };\n"
           "halt(8) ip 2D { align1 };\n"
           "mov(8) g3<1>D 1D { align1 };\n"
           EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpuint(get_ud(2, i), ==, i < 4 ? 0 : 1);
        g_assert_cmpuint(get_ud(3, i), ==, 0);
    }
}

/* LINE equations and DPH with line + mac (Examples 15-1, 15-2). */
static void test_example_line_dph(void)
{
    reset();
    /* r1: Cx0 Cy0 DC Co0 Cx1 Cy1 DC Co1 */
    set_f(1, 0, 2); set_f(1, 1, 3); set_f(1, 2, 99); set_f(1, 3, 5);
    set_f(1, 4, -1); set_f(1, 5, 0.5f); set_f(1, 6, 99); set_f(1, 7, 7);
    for (int i = 0; i < 8; i++) {
        set_f(2, i, i);         /* X */
        set_f(3, i, 10 * i);    /* Y */
        set_f(4, i, 100 * i);   /* Z */
    }
    /* r0: Cx0 Cy0 Cz0 Co0 for the dph */
    set_f(10, 0, 1); set_f(10, 1, 2); set_f(10, 2, 3); set_f(10, 3, 4);
    run_ok("line(8) acc0<1>F g1<0,1,0>F g2<8,8,1>F { align1 };\n"
           "mac(8) g5<1>F g1.1<0,1,0>F g3<8,8,1>F { align1 };\n"
           "line(8) acc0<1>F g1.4<0,1,0>F g2<8,8,1>F { align1 };\n"
           "mac(8) g6<1>F g1.5<0,1,0>F g3<8,8,1>F { align1 };\n"
           "line(8) acc0<1>F g10<0,1,0>F g2<8,8,1>F { align1 };\n"
           "mac(8) acc0<1>F g10.1<0,1,0>F g3<8,8,1>F { align1 };\n"
           "mac(8) g7<1>F g10.2<0,1,0>F g4<8,8,1>F { align1 };\n"
           "pln(8) g8<1>F g1<0,1,0>F g2<8,8,1>F { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(get_f(5, i), ==, i * 2 + 10 * i * 3 + 5);
        g_assert_cmpfloat(get_f(6, i), ==, -i + 10 * i * 0.5f + 7);
        g_assert_cmpfloat(get_f(7, i), ==, i + 20 * i + 300 * i + 4);
        /* pln: p*u + q*v + r with v = the register after u (L12669) */
        g_assert_cmpfloat(get_f(8, i), ==, 2 * i + 3 * (10 * i) + 5);
    }
}

/* DP4 with destination masks (section 15.2.2, L14092). */
static void test_example_dp4_masks(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(0, i, 1 + (i % 4));       /* row 0 of the matrix, twice */
        set_f(1, i, 2);
        set_f(2, i, i % 4 == 0 ? 1 : 0);
        set_f(3, i, -1);
        set_f(4, i, i < 4 ? 1 + i : 10 * (i - 3));  /* two vectors */
        set_f(5, i, 77);
    }
    run_ok("dp4(8) g5<1>.xF g0<4,4,1>F g4<4,4,1>F { align16 NoDDClr };\n"
           "dp4(8) g5<1>.yF g1<4,4,1>F g4<4,4,1>F "
           "{ align16 NoDDClr,NoDDChk };\n"
           "dp4(8) g5<1>.zF g2<4,4,1>F g4<4,4,1>F "
           "{ align16 NoDDClr,NoDDChk };\n"
           "dp4(8) g5<1>.wF g3<4,4,1>F g4<4,4,1>F { align16 NoDDChk };\n"
           "dph(4) g6<1>F g0<4,4,1>F g4<4,4,1>.xyzwF { align16 };\n"
           "dp3(4) g6.4<1>F g0<4,4,1>F g4<4,4,1>.wzyxF { align16 };\n"
           EOT);
    /* vector 0 = (1,2,3,4), vector 1 = (10,20,30,40) */
    g_assert_cmpfloat(get_f(5, 0), ==, 1 + 4 + 9 + 16);
    g_assert_cmpfloat(get_f(5, 1), ==, 20);
    g_assert_cmpfloat(get_f(5, 2), ==, 1);
    g_assert_cmpfloat(get_f(5, 3), ==, -10);
    g_assert_cmpfloat(get_f(5, 4), ==, 10 + 40 + 90 + 160);
    g_assert_cmpfloat(get_f(5, 5), ==, 200);
    g_assert_cmpfloat(get_f(5, 6), ==, 10);
    g_assert_cmpfloat(get_f(5, 7), ==, -100);
    /* dph: x0*y0 + x1*y1 + x2*y2 + y3 (L11507) */
    g_assert_cmpfloat(get_f(6, 0), ==, 1 + 4 + 9 + 4);
    g_assert_cmpfloat(get_f(6, 3), ==, 18);
    /* dp3 with a .wzyx swizzle: 1*4 + 2*3 + 3*2 */
    g_assert_cmpfloat(get_f(6, 4), ==, 16);
    g_assert_cmpfloat(get_f(6, 7), ==, 16);
}

/* SWZ with vector immediates (section 15.2.1.2, L14048). */
static void test_example_swz_vector_imm(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(0, i, 1 + i);
    }
    run_ok("mul(8) g1<1>F g0<4,4,1>.xzxxF 0x1F111F11V { align16 };\n"
           "mov(1) f0<1>UW 0x99UW { align1 };\n"
           "(+f0) mov(8) g1<1>F 0x000F000FVF { align1 };\n"
           "mov(16) g11<1>W 0x01234567V { align1 };\n" EOT);
    /* .xzxx swizzle times V 1,1,-1,1,1,1,-1,1 (nibble i, L6918) */
    {
        static const float want[8] = { 1, 3, -1, 1, 5, 7, -5, 5 };

        for (int i = 0; i < 8; i++) {
            if (!((0x99 >> i) & 1)) {
                g_assert_cmpfloat(get_f(1, i), ==, want[i]);
            }
        }
    }
    /* VF 0x0F: exponent 0 (excess-3), mantissa 15 = 1.9375 / 8 */
    g_assert_cmpfloat(get_f(1, 0), ==, 0.2421875f);
    g_assert_cmpfloat(get_f(1, 3), ==, 0.0f);
    g_assert_cmpfloat(get_f(1, 4), ==, 0.2421875f);
    for (int i = 0; i < 16; i++) {
        int16_t w = ((int16_t *)g4_eu_grf_ud(&thr, 11))[i];

        g_assert_cmpint(w, ==, (int8_t)(((0x01234567 >> (4 * (i % 8))) &
                                         15) << 4) >> 4);
    }
}

/*
 * DX10 pixel-shader indexing with a vector immediate and VxH indirect
 * sources (section 15.2.1.1, L14000-L14046).
 */
static void test_example_ps_indexing(void)
{
    uint16_t *w0 = (uint16_t *)g4_eu_grf_ud(&thr, 0);
    int ramp[16], idx[16];

    reset();
    for (int k = 0; k < 16; k++) {
        idx[k] = 30 + k % 4;
        ramp[k] = (0x01234567 >> (4 * (k % 8))) & 15;   /* L6918 */
        w0[2 * k] = idx[k];     /* r0-r1: indices in every other word */
    }
    for (int r = 30; r < 35; r++) {
        for (int d = 0; d < 8; d++) {
            set_f(r, d, 100 * r + d);
        }
    }
    for (int n = 0; n < 8; n++) {
        ((uint16_t *)g4_eu_grf_ud(&thr, 2))[n] = n;
        ((uint16_t *)g4_eu_grf_ud(&thr, 3))[n] = 10 + n;
    }
    run_ok("mov(16) g11<1>W 0x01234567V { align1 };\n"
           "mul(16) acc0<1>W g11<0,16,1>W 4W { align1 };\n"
           "mac(16) g10<1>W g0<16,8,2>W 32W { align1 };\n"
           "mov(8) a0<1>W g10<0,8,1>W { align1 };\n"
           "add(8) g4<1>F g[a0.0]<VxH,1,0>F g2<0,8,1>W { align1 };\n"
           "mov(8) a0<1>W g10.8<0,8,1>W { align1 };\n"
           "add(8) g5<1>F g[a0.0 32]<VxH,1,0>F g3<0,8,1>W { align1 };\n"
           EOT);
    for (int n = 0; n < 16; n++) {
        g_assert_cmpint(((int16_t *)g4_eu_grf_ud(&thr, 10))[n], ==,
                        idx[n] * 32 + ramp[n] * 4);
    }
    for (int n = 0; n < 8; n++) {
        g_assert_cmpfloat(get_f(4, n), ==, 100 * idx[n] + ramp[n] + n);
        g_assert_cmpfloat(get_f(5, n), ==,
                          100 * (idx[8 + n] + 1) + ramp[8 + n] + 10 + n);
    }
}

/* Basic loop with "mov CMask LMask" (Example 15-8, L14611). */
static void test_example_basic_loop(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(1, i, i + 1);
    }
    run_ok("do(8) { align1 };\n"                                     /* 0 */
           "mov(1) mask0.3<1>UW mask0.2<0,1,0>UW { align1 nomask };\n"
           "add(8) g2<1>D g2<8,8,1>D 1D { align1 };\n"               /* 2 */
           "cmp.l.f0(8) null g2<8,8,1>D g1<8,8,1>D { align1 };\n"    /* 3 */
           "(+f0) while(8) ip 0x0000fffdD { align1 };\n"             /* 4 */
           "mov(1) g3<1>UD mask0<0,1,0>UD { align1 };\n"
           "mov(1) g3.1<1>UD msd0<0,1,0>UD { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpuint(get_ud(2, i), ==, i + 1);
    }
    /* amask/imask as dispatched, masks restored, stacks empty */
    g_assert_cmphex(get_ud(3, 0), ==, 0xffffffffu);
    g_assert_cmphex(get_ud(3, 1), ==, 0);
}

/* SPF: the mask stacks are never modified (L8087, L11855). */
static void test_spf_if_else(void)
{
    g4_eu_thread_init(&thr, 0xff, G4_CR0_SPF);
    set_lane_index(1);
    set_ud(9, 0, 4);
    run_ok(if_else_kernel);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpuint(get_ud(2, i), ==, i < 4 ? 1 : 2);
        g_assert_cmpuint(get_ud(4, i), ==, 1);
    }
    g_assert_cmpuint(thr.istack.depth, ==, 0);
    for (int i = 0; i < 16; i++) {
        g_assert_cmpuint(thr.istack.cnt[i], ==, 0);
    }
}

/* sad2/sada2 on byte pairs, word results (L13141-L13190). */
static void test_sad2_sada2(void)
{
    static const uint8_t a[8] = { 10, 20, 30, 40, 200, 0, 7, 7 };
    static const uint8_t b[8] = { 15, 5, 30, 50, 0, 255, 7, 8 };

    reset();
    memcpy(g4_eu_grf_ud(&thr, 1), a, 8);
    memcpy(g4_eu_grf_ud(&thr, 2), b, 8);
    run_ok("sad2(8) g3<1>W g1<8,8,1>UB g2<8,8,1>UB { align1 };\n"
           "sada2(8) g4<1>W g1<8,8,1>UB g2<8,8,1>UB { align1 };\n" EOT);
    {
        const uint16_t *w3 = (const uint16_t *)g4_eu_grf_ud(&thr, 3);
        const uint16_t *w4 = (const uint16_t *)g4_eu_grf_ud(&thr, 4);

        g_assert_cmpuint(w3[0], ==, 5 + 15);
        g_assert_cmpuint(w3[2], ==, 0 + 10);
        g_assert_cmpuint(w3[4], ==, 200 + 255);
        g_assert_cmpuint(w3[6], ==, 0 + 1);
        /* sada2 adds the accumulator that sad2 left */
        g_assert_cmpuint(w4[0], ==, 40);
        g_assert_cmpuint(w4[4], ==, 910);
    }
}

/* cr0.0 bit 1 disables the implied accumulator write (L7699). */
static void test_acc_disable(void)
{
    g4_eu_thread_init(&thr, 0xffff, G4_CR0_ACC_DISABLE);
    set_f(1, 0, 3.0f);
    run_ok("mov(8) acc0<1>F 5F { align1 };\n"
           "add(8) g2<1>F g1<8,8,1>F 1F { align1 };\n"
           "mov(8) g3<1>F acc0<8,8,1>F { align1 };\n" EOT);
    g_assert_cmpfloat(get_f(2, 0), ==, 4.0f);
    g_assert_cmpfloat(get_f(3, 0), ==, 5.0f);
    reset();
    set_f(1, 0, 3.0f);
    run_ok("mov(8) acc0<1>F 5F { align1 };\n"
           "add(8) g2<1>F g1<8,8,1>F 1F { align1 };\n"
           "mov(8) g3<1>F acc0<8,8,1>F { align1 };\n" EOT);
    g_assert_cmpfloat(get_f(3, 0), ==, 4.0f);
    g_assert_cmpfloat(get_f(3, 1), ==, 1.0f);
}

/* msave/mrest/push/pop on the mask stacks (L12326-L12800). */
static void test_mask_stack_ops(void)
{
    reset();
    run_ok("mov(1) mask0.2<1>UW 0x0f0fUW { align1 nomask };\n"
           "push(1) ms0.16<1>UB mask0.2<0,1,0>UW { align1 };\n"
           "mov(1) mask0.2<1>UW 0x00ffUW { align1 nomask };\n"
           "mrest(1) mask0.3<1>UW ms0.16<0,1,0>UB { align1 };\n"
           "msave(1) ms0<1>UB mask0.1<0,1,0>UW { align1 };\n"
           "push(1) ms0<1>UB mask0.3<0,1,0>UW { align1 };\n"
           "mov(1) g2.3<1>UD msd0<0,1,0>UD { align1 nomask };\n"
           "pop(1) ms0<0,1,0>UB 2UD { align1 };\n"
           "mov(1) g2<1>UD mask0<0,1,0>UD { align1 nomask };\n"
           "mov(1) g2.1<1>UD mask0.1<0,1,0>UD { align1 nomask };\n"
           "mov(1) g2.2<1>UD msd0<0,1,0>UD { align1 nomask };\n" EOT);
    /* msave: imask = AMask & IMask & LMask & CMask = 0x000f */
    g_assert_cmphex(get_ud(2, 0), ==, 0x000fffffu);
    g_assert_cmphex(get_ud(2, 1), ==, 0x0f0f00ffu);
    g_assert_cmphex(get_ud(2, 2), ==, 0);
    g_assert_cmphex(get_ud(2, 3), ==, 2);       /* istack depth 2 */
}

/* movi: register from a0.0, subregister of channel n from a0.n (L12242). */
static void test_movi(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_ud(2, i, 0x100 + i);
        set_ud(3, i, 0x200 + i);
        /* channel n picks dword 7 - n; register bits of a0.1.. ignored */
        thr.a0[i] = (i ? 0x800 : 0x40) | (4 * (7 - i));
    }
    run_ok("movi(8) g5<1>UD g[a0.0]<8,8,1>UD null { align1 };\n"
           "movi(8) g6<1>UD g[a0.0 32]<8,8,1>UD null { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmphex(get_ud(5, i), ==, 0x100 + 7 - i);
        g_assert_cmphex(get_ud(6, i), ==, 0x200 + 7 - i);
    }
}

/* SIMD4x2 Align16: swizzles, replication, write masks, dp2 (L8416). */
static void test_align16_simd4x2(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, 1 + i);             /* vertex 0: 1 2 3 4, 1: 5 6 7 8 */
        set_f(2, i, 10 * (1 + i));
        set_f(3, i, -1);
        set_f(4, i, -1);
    }
    run_ok("mul(8) g3<1>.xyzF g1<4,4,1>.wzyxF g2<4,4,1>.xxxxF "
           "{ align16 };\n"
           "dp2(8) g4<1>.ywF g1<4,4,1>F g2<4,4,1>.zwxyF { align16 };\n"
           "add(8) g5<1>F g1<0,4,1>.yF 0.5F { align16 };\n" EOT);
    for (int v = 0; v < 2; v++) {
        float x = 1 + 4 * v, y = x + 1, z = x + 2, w = x + 3;
        float bx = 10 * x, bz = 10 * z, bw = 10 * w;

        g_assert_cmpfloat(get_f(3, 4 * v + 0), ==, w * bx);
        g_assert_cmpfloat(get_f(3, 4 * v + 1), ==, z * bx);
        g_assert_cmpfloat(get_f(3, 4 * v + 2), ==, y * bx);
        g_assert_cmpfloat(get_f(3, 4 * v + 3), ==, -1);    /* .w masked */
        g_assert_cmpfloat(get_f(4, 4 * v + 0), ==, -1);
        g_assert_cmpfloat(get_f(4, 4 * v + 1), ==, x * bz + y * bw);
        g_assert_cmpfloat(get_f(4, 4 * v + 3), ==, x * bz + y * bw);
        /* <0,4,1>: vertical stride 0 reads vertex 0 for both */
        g_assert_cmpfloat(get_f(5, 4 * v + 2), ==, 2.5f);
    }
}

/* All sources are read before the destination is written. */
static void test_src_dst_overlap(void)
{
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(3, i, 1 + i);
        set_f(4, i, 10 * (1 + i));
    }
    run_ok("add(8) g3<1>F g3<0,1,0>F g3<8,8,1>F { align1 };\n"
           "mul(8) g4<1>F g4.1<8,8,1>F 2F { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(get_f(3, i), ==, 1 + (1 + i));
        g_assert_cmpfloat(get_f(4, i), ==, i < 7 ? 20 * (2 + i) : 0);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g4-eu/flow/if-else-endif", test_if_else_endif);
    g_test_add_func("/g4-eu/flow/nested-if-iff", test_nested_if_iff);
    g_test_add_func("/g4-eu/flow/loop-break-cont", test_loop_break_cont);
    g_test_add_func("/g4-eu/flow/break-from-if", test_break_from_if);
    g_test_add_func("/g4-eu/flow/jmpi-ip-halt", test_jmpi_ip_halt);
    g_test_add_func("/g4-eu/example/line-dph", test_example_line_dph);
    g_test_add_func("/g4-eu/example/dp4-masks", test_example_dp4_masks);
    g_test_add_func("/g4-eu/example/swz-vector-imm",
                    test_example_swz_vector_imm);
    g_test_add_func("/g4-eu/example/ps-indexing-vxh",
                    test_example_ps_indexing);
    g_test_add_func("/g4-eu/example/basic-loop", test_example_basic_loop);
    g_test_add_func("/g4-eu/flow/spf", test_spf_if_else);
    g_test_add_func("/g4-eu/sad2-sada2", test_sad2_sada2);
    g_test_add_func("/g4-eu/acc-disable", test_acc_disable);
    g_test_add_func("/g4-eu/flow/mask-stack-ops", test_mask_stack_ops);
    g_test_add_func("/g4-eu/movi", test_movi);
    g_test_add_func("/g4-eu/align16-simd4x2", test_align16_simd4x2);
    g_test_add_func("/g4-eu/src-dst-overlap", test_src_dst_overlap);
    return g_test_run();
}
