/*
 * The Gen4 pipeline end to end (hw/intel/gen4/gen4-pipe.c): a draw of
 * hand-written state and kernels - VF, VS passing through, SF with a
 * setup thread, the windower with a SIMD8 pixel shader that writes a
 * CURBE colour through a render-target write - puts exactly the pixels
 * the rasterization rules say into a B8G8R8A8 surface: sample points at
 * pixel centres (origin bias 0.5), the top-left rule on shared edges.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hwgpu/common/pool.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"
#include "hwgpu/intel/gen4/gen4-wm.h"
#include "hwgpu/intel/common/tiling.h"
#include "gen4-test.h"
#include "qtest/intel-g45-3d-fixture.h"

#define RT          0x100000
#define RT_PITCH    256         /* 64 pixels of 4 bytes */

static Gen4Draw dr;

static const char *sf_kernel =
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 null null urb 0 complete mlen 1 rlen 0 { align1 EOT };\n";

/* The colour in the first CURBE row goes to every pixel (SIMD8). */
static const char *ps_kernel =
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
    "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
    "mov(8) m3<1>F g2<0,1,0>F { align1 };\n"
    "mov(8) m4<1>F g2.1<0,1,0>F { align1 };\n"
    "mov(8) m5<1>F g2.2<0,1,0>F { align1 };\n"
    "mov(8) m6<1>F g2.3<0,1,0>F { align1 };\n"
    "send(8) 1 null null write (0, 12, 4, 0) mlen 6 rlen 0 { align1 EOT };\n";

static void setup_draw(const float (*xy)[2], uint32_t nv, uint32_t topology)
{
    uint32_t prim[6] = { 0x7b000004 | (topology << 10), nv, 0, 1, 0, 0 };

    gen4t_setup();
    gen4t_kernel(G3D_SF_K, sf_kernel);
    gen4t_kernel(G3D_PS_K, ps_kernel);
    /* Positions in screen space (no viewport transform), 1/W = 1. */
    for (uint32_t i = 0; i < nv; i++) {
        gen4t_wf(G3D_VB + i * 16, xy[i][0]);
        gen4t_wf(G3D_VB + i * 16 + 4, xy[i][1]);
        gen4t_wf(G3D_VB + i * 16 + 8, 0.5f);
        gen4t_wf(G3D_VB + i * 16 + 12, 1.0f);
    }
    /* CURBE row 0: the colour (R, G, B, A). */
    gen4t_wf(G3D_CB + 0, 1.0f);
    gen4t_wf(G3D_CB + 4, 0.5f);
    gen4t_wf(G3D_CB + 8, 0.25f);
    gen4t_wf(G3D_CB + 12, 1.0f);
    /* Render target 0: 2D B8G8R8A8_UNORM 64x64, linear. */
    gen4t_w32(G3D_STATE_BO + 0x800, 0x40);
    gen4t_w32(G3D_STATE_BO + 0x40, (1u << 29) | (0x0c0u << 18));
    gen4t_w32(G3D_STATE_BO + 0x44, RT);
    gen4t_w32(G3D_STATE_BO + 0x48, (63u << 19) | (63u << 6));
    gen4t_w32(G3D_STATE_BO + 0x4c, (RT_PITCH - 1) << 3);
    /* VS off; SF: GRF start 3, URB 1/1, cull none, bias 0.5/0.5. */
    gen4t_w32(G3D_SF_ST + 0, G3D_SF_K);
    gen4t_w32(G3D_SF_ST + 12, 3 | (1 << 4) | (1 << 11));
    gen4t_w32(G3D_SF_ST + 24, (1u << 29) | (8u << 13) | (8u << 9));
    /*
     * WM: no BT entries to prefetch (as crocus: the render target is read
     * on demand), GRF start 2, CURBE 0/1, SIMD8, dispatch on.
     */
    gen4t_w32(G3D_WM_ST + 0, G3D_PS_K);
    gen4t_w32(G3D_WM_ST + 4, 0);
    gen4t_w32(G3D_WM_ST + 12, 2 | (1u << 25));
    gen4t_w32(G3D_WM_ST + 20, 1 | (1u << 19) | (49u << 25));
    FEED(0x61010004, 1, G3D_STATE_BO | 1, 1, 1, 1);
    FEED(0x78000005, G3D_VS_ST, 0, 0, G3D_SF_ST, G3D_WM_ST, G3D_CC_ST);
    FEED(0x78010004, 0, 0, 0, 0, 0x800);
    FEED(0x79000002, 0, (63u << 16) | 63, 0);
    FEED(0x60020100, G3D_CB | 0);
    FEED(0x78080003, (0u << 27) | 16, G3D_VB, 63, 0);
    /* Element 0: a zero VUE header; element 1: X, Y, Z, 1/W. */
    FEED(0x78090003,
         (G45_SURFACE_FORMAT_R32G32B32A32_FLOAT << 16) | (1u << 26),
         (2u << 28) | (2u << 24) | (2u << 20) | (2u << 16) | 0,
         (G45_SURFACE_FORMAT_R32G32B32A32_FLOAT << 16) | (1u << 26),
         (1u << 28) | (1u << 24) | (1u << 20) | (1u << 16) | 4);
    gen4_draw_snapshot(&st, prim, &dr);
}

static uint32_t pixel(uint32_t x, uint32_t y)
{
    uint32_t v;

    memcpy(&v, &gen4t_ram[RT + y * RT_PITCH + x * 4], 4);
    return v;
}

#define COLOUR 0xffff8040u      /* A R G B of (1, 0.5, 0.25, 1) */

static void test_triangle(void)
{
    static const float tri[3][2] = { { 8, 8 }, { 56, 8 }, { 8, 56 } };
    Gen4DrawStats stats = { 0 };
    uint32_t lit = 0;

    setup_draw(tri, 3, G45_3DPRIM_TRILIST);
    gen4_draw(&st, &dr, &stats);
    g_test_message("vertices %" G_GUINT64_FORMAT " objects %" G_GUINT64_FORMAT
                   " PS threads %" G_GUINT64_FORMAT " pixels %"
                   G_GUINT64_FORMAT, stats.vertices, stats.objects,
                   stats.ps_threads, stats.pixels);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    g_assert_cmpuint(stats.sf_threads, ==, 1);
    /*
     * Centres inside x > 8, y > 8, x + y < 64 (the hypotenuse is neither
     * a top nor a left edge): rows 8..54 with 55 - y pixels each.
     */
    for (uint32_t y = 0; y < 64; y++) {
        for (uint32_t x = 0; x < 64; x++) {
            bool in = x >= 8 && y >= 8 && x + y <= 62;

            g_assert_cmphex(pixel(x, y), ==, in ? COLOUR : 0);
            lit += in;
        }
    }
    g_assert_cmpuint(lit, ==, 47 * 48 / 2);
    g_assert_cmpuint(stats.pixels, ==, lit);
}

/*
 * A draw of 393216 vertices (glmark2's terrain draws that many in one
 * 3DPRIMITIVE) is drawn whole: the pipeline's vertex bound is in bytes
 * (GEN4_DRAW_MAX_BYTES), and small vertices fit many more than 2^18.  The
 * vertex buffer's pitch is 0, so every triangle is the first vertex three
 * times and draws nothing.
 */
static void test_large_draw(void)
{
    static const float tri[3][2] = { { 8, 8 }, { 56, 8 }, { 8, 56 } };
    uint32_t prim[6] = { 0x7b000004 | (G45_3DPRIM_TRILIST << 10), 393216,
                         0, 1, 0, 0 };
    Gen4DrawStats stats = { 0 };

    setup_draw(tri, 3, G45_3DPRIM_TRILIST);
    FEED(0x78080003, 0, G3D_VB, 63, 0);
    gen4_draw_snapshot(&st, prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.vertices, ==, 393216);
    g_assert_cmpuint(stats.pixels, ==, 0);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
}

/*
 * Two triangles sharing an edge (a quad as a strip): every pixel of the
 * square lit exactly once - the shared diagonal belongs to one of them.
 */
static void test_shared_edge(void)
{
    static const float quad[4][2] = {
        { 4, 4 }, { 36, 4 }, { 4, 36 }, { 36, 36 },
    };
    Gen4DrawStats stats = { 0 };

    setup_draw(quad, 4, G45_3DPRIM_TRISTRIP);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmpuint(stats.objects, ==, 2);
    for (uint32_t y = 0; y < 40; y++) {
        for (uint32_t x = 0; x < 40; x++) {
            bool in = x >= 4 && x < 36 && y >= 4 && y < 36;

            g_assert_cmphex(pixel(x, y), ==, in ? COLOUR : 0);
        }
    }
    g_assert_cmpuint(stats.pixels, ==, 32 * 32);
}

/* Pixels outside the drawing rectangle are not written. */
static void test_clipped_to_drawing_rectangle(void)
{
    static const float big[3][2] = { { -100, -100 }, { 300, -100 },
                                     { -100, 300 } };
    Gen4DrawStats stats = { 0 };

    setup_draw(big, 3, G45_3DPRIM_TRILIST);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.pixels, ==, 64 * 64);
    g_assert_cmphex(pixel(63, 63), ==, COLOUR);
    g_assert_cmphex(gen4t_ram[RT + 64 * RT_PITCH], ==, 0);  /* row 64 */
}

/*
 * A render target narrower than the drawing rectangle, 63 pixels wide:
 * a strip lighting only column 63 (outside the surface) leaves its
 * subspans' left pixels, column 62, as they were.
 */
static void test_odd_width_target(void)
{
    static const float strip[4][2] = {
        { 63, 0 }, { 64, 0 }, { 63, 64 }, { 64, 64 },
    };
    Gen4DrawStats stats = { 0 };

    setup_draw(strip, 4, G45_3DPRIM_TRISTRIP);
    gen4t_w32(G3D_STATE_BO + 0x48, (63u << 19) | (62u << 6));
    for (uint32_t y = 0; y < 64; y++) {
        gen4t_w32(RT + y * RT_PITCH + 62 * 4, 0x11223344);
        gen4t_w32(RT + y * RT_PITCH + 63 * 4, 0x55667788);
    }
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmpuint(stats.pixels, ==, 0);
    for (uint32_t y = 0; y < 64; y++) {
        g_assert_cmphex(pixel(62, y), ==, 0x11223344);
        g_assert_cmphex(pixel(63, y), ==, 0x55667788);
    }
    /* and a full-width draw stops at column 62 */
    setup_draw((const float[4][2]) { { 0, 0 }, { 64, 0 }, { 0, 64 },
                                     { 64, 64 } }, 4, G45_3DPRIM_TRISTRIP);
    gen4t_w32(G3D_STATE_BO + 0x48, (63u << 19) | (62u << 6));
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.pixels, ==, 63 * 64);
    g_assert_cmphex(pixel(62, 10), ==, COLOUR);
    g_assert_cmphex(pixel(63, 10), ==, 0);
}

/*
 * Blending (COLOR_CALC_STATE): the shader's (1, 0.5, 0.25, 1) with alpha
 * 0.25 over a grey surface, SRC_ALPHA / INV_SRC_ALPHA, ADD:
 * 0.25 * src + 0.75 * 0.5.  With the constant colour as the source
 * factor (CONST_COLOR / ZERO) the result is src * constant.
 */
static void test_blend(void)
{
    static const float quad[3][2] = { { 0, 0 }, { 64, 0 }, { 0, 64 } };
    Gen4DrawStats stats = { 0 };
    uint32_t p;

    setup_draw(quad, 3, G45_3DPRIM_TRILIST);
    gen4t_wf(G3D_CB + 12, 0.25f);                   /* alpha 0.25 */
    for (uint32_t y = 0; y < 64; y++) {
        for (uint32_t x = 0; x < 64; x++) {
            gen4t_w32(RT + y * RT_PITCH + x * 4, 0x80808080u);
        }
    }
    /* CC: blend on, SRC_ALPHA / INV_SRC_ALPHA, ADD. */
    gen4t_w32(G3D_CC_ST + 12, 1u << 12);
    gen4t_w32(G3D_CC_ST + 24, (G45_BLENDFUNCTION_ADD << 29) |
              (G45_BLENDFACTOR_SRC_ALPHA << 24) |
              (G45_BLENDFACTOR_INV_SRC_ALPHA << 19));
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    p = pixel(2, 2);
    /*
     * R = .25 + .75 * 128/255 = .6265 -> 160, G = .125 + .3765 -> 128,
     * B = .0625 + .3765 -> 112 (within one step: the shader's thread runs
     * with round-toward-zero arithmetic).
     */
    g_assert_cmpint(abs((int)((p >> 16) & 0xff) - 160), <=, 1);
    g_assert_cmpint(abs((int)((p >> 8) & 0xff) - 128), <=, 1);
    g_assert_cmpint(abs((int)(p & 0xff) - 112), <=, 1);
    g_assert_cmphex(pixel(63, 63), ==, 0x80808080u);    /* not covered */

    /* CONST_COLOR / ZERO with a constant colour of (0.5, 1, 0, 1). */
    gen4t_w32(G3D_CC_ST + 24, (G45_BLENDFUNCTION_ADD << 29) |
              (G45_BLENDFACTOR_CONST_COLOR << 24) |
              (G45_BLENDFACTOR_ZERO << 19));
    FEED(0x79010003, 0x3f000000, 0x3f800000, 0, 0x3f800000);
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    p = pixel(2, 2);
    g_assert_cmphex((p >> 16) & 0xff, ==, 0x80);        /* 1 * 0.5 */
    g_assert_cmphex((p >> 8) & 0xff, ==, 0x80);         /* 0.5 * 1 */
    g_assert_cmphex(p & 0xff, ==, 0x00);
}

/*
 * The alpha test (COLOR_CALC_STATE DW3, DW7): the shader's alpha 0.25 is
 * 64 as UNORM8 - GREATER 63 passes, GREATER 64 and EQUAL 63 fail - and
 * 0.25 against a FLOAT32 reference of 0.25 passes EQUAL only.
 */
static void test_alpha_test(void)
{
    static const float tri[3][2] = { { 0, 0 }, { 64, 0 }, { 0, 64 } };
    static const struct {
        uint32_t func, format, ref;
        bool drawn;
    } cases[] = {
        { G45_COMPAREFUNCTION_GREATER, 0, 63, true },
        { G45_COMPAREFUNCTION_GREATER, 0, 64, false },
        { G45_COMPAREFUNCTION_EQUAL, 0, 63, false },
        { G45_COMPAREFUNCTION_EQUAL, 0, 64, true },
        { G45_COMPAREFUNCTION_EQUAL, 1, 0x3e800000, true },
        { G45_COMPAREFUNCTION_LESS, 1, 0x3e800000, false },
        { G45_COMPAREFUNCTION_NEVER, 0, 0, false },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Gen4DrawStats stats = { 0 };

        setup_draw(tri, 3, G45_3DPRIM_TRILIST);
        gen4t_wf(G3D_CB + 12, 0.25f);
        gen4t_w32(G3D_CC_ST + 12, (1u << 11) | (cases[i].func << 8) |
                  (cases[i].format << 15));
        gen4t_w32(G3D_CC_ST + 28, cases[i].ref);
        gen4_draw_snapshot(&st, dr.prim, &dr);
        gen4_draw(&st, &dr, &stats);
        g_assert_cmpuint(stats.errors, ==, 0);
        g_assert_cmphex(pixel(2, 2), ==,
                        cases[i].drawn ? 0x40ff8040u : 0);
    }
}

/*
 * The PS threads' data port (gen4-dp.c): the kernel stores its CURBE
 * colour to stateless scratch (BTI 255, M0.5 + General State Base),
 * reads it back and writes that to the render target.
 */
static void test_ps_scratch(void)
{
    static const float tri[3][2] = { { 0, 0 }, { 64, 0 }, { 0, 64 } };
    Gen4DrawStats stats = { 0 };

    setup_draw(tri, 3, G45_3DPRIM_TRILIST);
    gen4t_kernel(G3D_PS_K,
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(1) m1.5<1>UD 0x00080000UD { align1 nomask };\n"
        "mov(1) m1.2<1>UD 0x0UD { align1 nomask };\n"
        "mov(8) m2<1>UD g2<8,8,1>UD { align1 nomask };\n"
        "send(8) 1 null null write (255, 2, 0, 0) mlen 2 rlen 0 "
        "{ align1 nomask };\n"
        "send(8) 1 g20<1>UD null read (255, 2, 0) mlen 1 rlen 1 "
        "{ align1 nomask };\n"
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
        "mov(8) m3<1>F g20<0,1,0>F { align1 };\n"
        "mov(8) m4<1>F g20.1<0,1,0>F { align1 };\n"
        "mov(8) m5<1>F g20.2<0,1,0>F { align1 };\n"
        "mov(8) m6<1>F g20.3<0,1,0>F { align1 };\n"
        "send(8) 1 null null write (0, 12, 4, 0) mlen 6 rlen 0 "
        "{ align1 EOT };\n");
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    g_assert_cmphex(pixel(2, 2), ==, COLOUR);
    g_assert_cmpfloat(hwgpu_u2f(*(uint32_t *)&gen4t_ram[0x80004]), ==, 0.5f);
}

/*
 * The sampler's SIMD16 ld on a buffer surface (crocus's uniform arrays
 * indexed by a varying value): element 2 of an R32G32B32A32_FLOAT buffer
 * at binding table entry 1 becomes the colour; element 9 is past the
 * buffer's 4 and reads (0, 0, 0, 1).
 */
static void test_sampler_ld_buffer(void)
{
    static const float tri[3][2] = { { 0, 0 }, { 64, 0 }, { 0, 64 } };
    static const char *kernel =
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(8) m2<1>D %uD { align1 nomask };\n"
        "mov(8) m3<1>D %uD { align1 nomask };\n"
        /* G4x ld is type 3 in [15:12]; the assembler spells it "D" */
        "send(8) 1 g20<1>UW null sampler (1, 0, D) mlen 3 rlen 8 "
        "{ align1 };\n"
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
        "mov(8) m3<1>F g20<8,8,1>F { align1 };\n"
        "mov(8) m4<1>F g22<8,8,1>F { align1 };\n"
        "mov(8) m5<1>F g24<8,8,1>F { align1 };\n"
        "mov(8) m6<1>F g26<8,8,1>F { align1 };\n"
        "send(8) 1 null null write (0, 12, 4, 0) mlen 6 rlen 0 "
        "{ align1 EOT };\n";
    static const struct { unsigned u; uint32_t colour; } cases[] = {
        { 2, COLOUR }, { 9, 0xff000000u },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Gen4DrawStats stats = { 0 };
        g_autofree char *text = g_strdup_printf(kernel, cases[i].u,
                                                cases[i].u);

        setup_draw(tri, 3, G45_3DPRIM_TRILIST);
        gen4t_kernel(G3D_PS_K, text);
        gen4t_w32(G3D_STATE_BO + 0x804, 0x80);
        gen4t_w32(G3D_STATE_BO + 0x80, (4u << 29) |
                  (G45_SURFACE_FORMAT_R32G32B32A32_FLOAT << 18));
        gen4t_w32(G3D_STATE_BO + 0x84, 0x90000);
        gen4t_w32(G3D_STATE_BO + 0x88, 3u << 6);        /* 4 elements */
        gen4t_w32(G3D_STATE_BO + 0x8c, 15u << 3);       /* 16 bytes each */
        gen4t_wf(0x90020, 1.0f);
        gen4t_wf(0x90024, 0.5f);
        gen4t_wf(0x90028, 0.25f);
        gen4t_wf(0x9002c, 1.0f);
        gen4_draw_snapshot(&st, dr.prim, &dr);
        gen4_draw(&st, &dr, &stats);
        g_assert_cmpuint(stats.errors, ==, 0);
        g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
        g_assert_cmphex(pixel(2, 2), ==, cases[i].colour);
    }
}

/*
 * ld on a 2D surface (blorp's blits, glReadPixels into floats): texel
 * (2, 1) of a 4x4 R8G8B8A8_UNORM surface, linear and Y-tiled; (4, 0) is
 * outside and reads (0, 0, 0, 1).
 */
static void test_sampler_ld_2d(void)
{
    static const float tri[3][2] = { { 0, 0 }, { 64, 0 }, { 0, 64 } };
    static const char *kernel =
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(8) m2<1>D %uD { align1 nomask };\n"
        "mov(8) m3<1>D %uD { align1 nomask };\n"
        "mov(8) m4<1>D 1D { align1 nomask };\n"
        "mov(8) m5<1>D 1D { align1 nomask };\n"
        "send(8) 1 g20<1>UW null sampler (1, 0, D) mlen 5 rlen 8 "
        "{ align1 };\n"
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
        "mov(8) m3<1>F g20<8,8,1>F { align1 };\n"
        "mov(8) m4<1>F g22<8,8,1>F { align1 };\n"
        "mov(8) m5<1>F g24<8,8,1>F { align1 };\n"
        "mov(8) m6<1>F g26<8,8,1>F { align1 };\n"
        "send(8) 1 null null write (0, 12, 4, 0) mlen 6 rlen 0 "
        "{ align1 EOT };\n";
    static const struct { unsigned u; bool tiled; uint32_t colour; } cases[] = {
        { 2, false, 0xffff8040u }, { 2, true, 0xffff8040u },
        { 4, false, 0xff000000u },
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Gen4DrawStats stats = { 0 };
        g_autofree char *text = g_strdup_printf(kernel, cases[i].u,
                                                cases[i].u);
        uint32_t pitch = cases[i].tiled ? 128 : 16;
        uint32_t off = cases[i].tiled ? g45_ytile_offset(2 * 4, 1, pitch)
                                      : 1 * pitch + 2 * 4;

        setup_draw(tri, 3, G45_3DPRIM_TRILIST);
        gen4t_kernel(G3D_PS_K, text);
        gen4t_w32(G3D_STATE_BO + 0x804, 0x80);
        gen4t_w32(G3D_STATE_BO + 0x80, (1u << 29) |
                  (G45_SURFACE_FORMAT_R8G8B8A8_UNORM << 18));
        gen4t_w32(G3D_STATE_BO + 0x84, 0x90000);
        gen4t_w32(G3D_STATE_BO + 0x88, (3u << 19) | (3u << 6));   /* 4x4 */
        gen4t_w32(G3D_STATE_BO + 0x8c, ((pitch - 1) << 3) |
                  (cases[i].tiled ? 3 : 0));
        gen4t_w32(0x90000 + off, 0xff4080ffu);      /* R G B A bytes */
        gen4_draw_snapshot(&st, dr.prim, &dr);
        gen4_draw(&st, &dr, &stats);
        g_assert_cmpuint(stats.errors, ==, 0);
        g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
        g_assert_cmphex(pixel(2, 2), ==, cases[i].colour);
    }
}

/*
 * sample (SIMD8, mlen 4) on a 2x2 R8G8B8A8_UNORM texture with the
 * SAMPLER_STATE at M0.3: NEAREST picks texel (1, 0) at (0.75, 0.25);
 * LINEAR at the centre averages the four; CLAMP_BORDER far outside gives
 * the border colour.
 */
static void test_sampler_sample(void)
{
    static const float tri[3][2] = { { 0, 0 }, { 64, 0 }, { 0, 64 } };
    static const char *kernel =
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(1) m1.3<1>UD 0x00098000UD { align1 nomask };\n"
        "mov(8) m2<1>F %sF { align1 nomask };\n"
        "mov(8) m3<1>F %sF { align1 nomask };\n"
        "mov(8) m4<1>F 0F { align1 nomask };\n"
        "send(8) 1 g20<1>UW null sampler (1, 0, F) mlen 4 rlen 4 "
        "{ align1 };\n"
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
        "mov(8) m3<1>F g20<8,8,1>F { align1 };\n"
        "mov(8) m4<1>F g21<8,8,1>F { align1 };\n"
        "mov(8) m5<1>F g22<8,8,1>F { align1 };\n"
        "mov(8) m6<1>F g23<8,8,1>F { align1 };\n"
        "send(8) 1 null null write (0, 12, 4, 0) mlen 6 rlen 0 "
        "{ align1 EOT };\n";
    static const struct {
        const char *u, *v;
        uint32_t filter, mode, colour;
    } cases[] = {
        { "0.75", "0.25", G45_MAPFILTER_NEAREST, G45_TEXCOORDMODE_CLAMP,
          0xff00ff00u },
        { "0.5", "0.5", G45_MAPFILTER_LINEAR, G45_TEXCOORDMODE_CLAMP,
          0xff808080u },
        { "5.0", "0.5", G45_MAPFILTER_NEAREST,
          G45_TEXCOORDMODE_CLAMP_BORDER, 0xff0000ffu },
        { "2.75", "0.25", G45_MAPFILTER_NEAREST, G45_TEXCOORDMODE_WRAP,
          0xff00ff00u },
    };
    /* texels R G B A: red, green / blue, white (bytes in memory) */
    static const uint32_t tex[4] = {
        0xff0000ffu, 0xff00ff00u, 0xffff0000u, 0xffffffffu,
    };

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        Gen4DrawStats stats = { 0 };
        g_autofree char *text = g_strdup_printf(kernel, cases[i].u,
                                                cases[i].v);

        setup_draw(tri, 3, G45_3DPRIM_TRILIST);
        gen4t_kernel(G3D_PS_K, text);
        gen4t_w32(G3D_STATE_BO + 0x804, 0x80);
        gen4t_w32(G3D_STATE_BO + 0x80, (1u << 29) |
                  (G45_SURFACE_FORMAT_R8G8B8A8_UNORM << 18));
        gen4t_w32(G3D_STATE_BO + 0x84, 0x90000);
        gen4t_w32(G3D_STATE_BO + 0x88, (1u << 19) | (1u << 6));   /* 2x2 */
        gen4t_w32(G3D_STATE_BO + 0x8c, 7u << 3);
        for (int k = 0; k < 4; k++) {
            gen4t_w32(0x90000 + (k / 2) * 8 + (k % 2) * 4, tex[k]);
        }
        /* SAMPLER_STATE: filters, address modes, border colour */
        gen4t_w32(0x98000, (cases[i].filter << 17) | (cases[i].filter << 14));
        gen4t_w32(0x98004, (cases[i].mode << 6) | (cases[i].mode << 3) |
                  cases[i].mode);
        gen4t_w32(0x98008, 0x98020);
        gen4t_wf(0x98020, 0.0f);
        gen4t_wf(0x98024, 0.0f);
        gen4t_wf(0x98028, 1.0f);
        gen4t_wf(0x9802c, 1.0f);
        gen4_draw_snapshot(&st, dr.prim, &dr);
        gen4_draw(&st, &dr, &stats);
        g_assert_cmpuint(stats.errors, ==, 0);
        g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
        g_assert_cmphex(pixel(2, 2), ==, cases[i].colour);
    }
}

/*
 * A pixel shader that never ends: each thread stops at its budget and the
 * draw at GEN4_DRAW_WORK instructions in all, with a logged guest error
 * (a draw holds the render engine: it must end in bounded time).
 */
static void test_hostile_kernel_bounded(void)
{
    static const float big[3][2] = { { 0, 0 }, { 64, 0 }, { 0, 64 } };
    Gen4DrawStats stats = { 0 };

    setup_draw(big, 3, G45_3DPRIM_TRILIST);
    gen4t_kernel(G3D_PS_K, "jmpi(1) -1D { align1 };\n");
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_test_message("objects %" G_GUINT64_FORMAT " PS threads %"
                   G_GUINT64_FORMAT " errors %" G_GUINT64_FORMAT " left %"
                   G_GUINT64_FORMAT, stats.objects, stats.ps_threads,
                   stats.errors, st.work_left);
    g_assert_cmpuint(stats.pixels, ==, 0);
    g_assert_cmpuint(stats.errors, >=, 1);
    /* all of it spent (on a pool, a thread whose bands all ended may
     * hand back what remained of its last share) */
    g_assert_cmpuint(st.work_left, <=,
                     st.pool ? GEN4_WORK_CHUNK * st.pool->size : 0);
    /* (each pool thread's last share of the budget may be partial) */
    g_assert_cmpuint(stats.ps_threads, <=, GEN4_DRAW_WORK / GEN4_PS_BUDGET +
                     (st.pool ? st.pool->size : 1));
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), >=, 1);
}

/*
 * Logic ops (COLOR_CALC_STATE DW2 bit 0, DW5 19:16) on the packed colour
 * instead of blending, under the write disables: XOR, then AND_INVERTED
 * with blue writes disabled.
 */
static void test_logic_op(void)
{
    static const float quad[3][2] = { { 0, 0 }, { 64, 0 }, { 0, 64 } };
    Gen4DrawStats stats = { 0 };
    const uint32_t dst = 0x12345678u;

    setup_draw(quad, 3, G45_3DPRIM_TRILIST);
    for (uint32_t y = 0; y < 64; y++) {
        for (uint32_t x = 0; x < 64; x++) {
            gen4t_w32(RT + y * RT_PITCH + x * 4, dst);
        }
    }
    gen4t_w32(G3D_CC_ST + 8, 1);                            /* logic op on */
    gen4t_w32(G3D_CC_ST + 12, 1u << 12);                    /* and blend */
    gen4t_w32(G3D_CC_ST + 20, G45_LOGICOP_XOR << 16);
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmphex(pixel(2, 2), ==, COLOUR ^ dst);
    g_assert_cmphex(pixel(63, 63), ==, dst);                /* not covered */
    /* AND_INVERTED (~src & dst) with blue writes disabled (DW0 bit 18) */
    gen4t_w32(G3D_CC_ST + 20, G45_LOGICOP_AND_INVERTED << 16);
    gen4t_w32(G3D_STATE_BO + 0x40, (1u << 29) | (0x0c0u << 18) | (1u << 14));
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmphex(pixel(2, 2), ==,
                    ((~COLOUR & (COLOUR ^ dst)) & 0xffffff00u) |
                    ((COLOUR ^ dst) & 0xffu));
}

/*
 * Polygon stipple (§8.3.3): a pattern whose only set bit is bit 31 of row
 * 0 (the upper-left corner), placed at offset (3, 5), lets through one
 * pixel in each 32x32 block of a full-surface quad: (3, 5), (35, 5),
 * (3, 37), (35, 37).
 */
static void test_poly_stipple(void)
{
    static const float quad[4][2] = {
        { 0, 0 }, { 64, 0 }, { 0, 64 }, { 64, 64 },
    };
    Gen4DrawStats stats = { 0 };
    uint32_t lit = 0;

    setup_draw(quad, 4, G45_3DPRIM_TRISTRIP);
    gen4t_w32(G3D_WM_ST + 20, 1 | (1u << 19) | (49u << 25) | (1u << 13));
    FEED(0x79070000 | 31, 0x80000000u, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
         0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    FEED(0x79060000, (3u << 8) | 5);
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    for (uint32_t y = 0; y < 64; y++) {
        for (uint32_t x = 0; x < 64; x++) {
            bool in = (x == 3 || x == 35) && (y == 5 || y == 37);

            g_assert_cmphex(pixel(x, y), ==, in ? COLOUR : 0);
            lit += in;
        }
    }
    g_assert_cmpuint(lit, ==, 4);
}

/*
 * Zero-width lines and line stipple (§8.3.2.3): a line through pixel
 * centres (0.5, y) to (20.5, y) lights x = 0..19 (the end pixel is not
 * drawn); pattern 0x00ff with repeat 2 keeps pixels 0..15 of a
 * primitive.  A strip keeps counting across its segments, a list starts
 * again with every segment.
 */
static void test_line_stipple(void)
{
    static const float strip[3][2] = {
        { 0.5f, 10.5f }, { 10.5f, 10.5f }, { 20.5f, 10.5f },
    };
    static const float list[4][2] = {
        { 0.5f, 20.5f }, { 10.5f, 20.5f }, { 10.5f, 20.5f }, { 20.5f, 20.5f },
    };
    Gen4DrawStats stats = { 0 };

    setup_draw(strip, 3, G45_3DPRIM_LINESTRIP);
    gen4t_w32(G3D_WM_ST + 20, 1 | (1u << 19) | (49u << 25) | (1u << 11));
    FEED(0x79080001, 0x00ff, 2 | (0x1000u << 16));
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    for (uint32_t x = 0; x < 24; x++) {
        g_assert_cmphex(pixel(x, 10), ==, x < 16 ? COLOUR : 0);
    }
    /* the same two segments as a list: 10 + 10 pixels, all kept */
    for (int i = 0; i < 4; i++) {
        gen4t_wf(G3D_VB + i * 16, list[i][0]);
        gen4t_wf(G3D_VB + i * 16 + 4, list[i][1]);
    }
    dr.prim[0] = 0x7b000004 | (G45_3DPRIM_LINELIST << 10);
    dr.prim[1] = 4;
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    for (uint32_t x = 0; x < 24; x++) {
        g_assert_cmphex(pixel(x, 20), ==, x < 20 ? COLOUR : 0);
    }
    g_assert_cmpuint(stats.errors, ==, 0);
}

/*
 * Anti-aliased lines (SF_STATE AA enable, seed 000 §7.3.12.5): a
 * horizontal line at y = 10.125 from x = 10 to 30, 1.5 wide, AA region
 * 0.5, end caps 1.0: the payload's AA register (R2) carries each pixel's
 * coverage, the kernel passes it on after the header and the render
 * cache scales alpha by it: 1 on row 10 (0.375 from the line), 0.5 on
 * row 9 (0.625 away: half way into the 0.25 ramp), half at the pixels
 * whose centres lie half a pixel past an end.
 */
static void test_aa_line(void)
{
    static const float line[2][2] = { { 10, 10.125f }, { 30, 10.125f } };
    Gen4DrawStats stats = { 0 };

    setup_draw(line, 2, G45_3DPRIM_LINELIST);
    gen4t_kernel(G3D_PS_K,
                 "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
                 "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
                 "mov(8) m3<1>UD g2<8,8,1>UD { align1 nomask };\n"
                 "mov(8) m4<1>F g3<0,1,0>F { align1 };\n"
                 "mov(8) m5<1>F g3.1<0,1,0>F { align1 };\n"
                 "mov(8) m6<1>F g3.2<0,1,0>F { align1 };\n"
                 "mov(8) m7<1>F g3.3<0,1,0>F { align1 };\n"
                 "send(8) 1 null null write (0, 12, 4, 0) mlen 7 rlen 0 "
                 "{ align1 EOT };\n");
    gen4t_w32(G3D_SF_ST + 24, (1u << 31) | (3u << 24) | (1u << 29) |
              (8u << 13) | (8u << 9));
    gen4t_w32(G3D_WM_ST + 12, 3 | (1u << 25));      /* CURBE at g3 */
    gen4t_w32(G3D_WM_ST + 20, 1 | (1u << 16) | (1u << 19) | (49u << 25));
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmphex(pixel(20, 10), ==, 0xffff8040u);
    g_assert_cmphex(pixel(20, 9), ==, 0x80ff8040u);
    g_assert_cmphex(pixel(20, 11), ==, 0);
    g_assert_cmphex(pixel(20, 8), ==, 0);
    g_assert_cmphex(pixel(9, 10), ==, 0x80ff8040u);
    g_assert_cmphex(pixel(30, 10), ==, 0x80ff8040u);
    g_assert_cmphex(pixel(8, 10), ==, 0);
    g_assert_cmphex(pixel(31, 10), ==, 0);
}

/* ---- depth and stencil ---- */

#define DB          0x200000    /* D24_UNORM_S8_UINT, Y-tiled, 64x64 */
#define DB_PITCH    256

/* The SF thread writes a constant Z plane (C0 = z0 from R2.0) to PUE row 1. */
static const char *sf_depth_kernel =
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
    "mov(8) m2<1>F 0F { align1 nomask };\n"
    "mov(1) m2.3<1>F g2<0,1,0>F { align1 nomask };\n"
    "send(8) 1 null null urb 1 complete mlen 2 rlen 0 { align1 EOT };\n";

/* Rectangle (x0, y0)-(x1, y1) at depth z in colour rgb, one RECTLIST. */
static void depth_rect(float x0, float y0, float x1, float y1, float z,
                       float r, float g, float b, Gen4DrawStats *stats)
{
    const float v[3][2] = { { x1, y1 }, { x0, y1 }, { x0, y0 } };
    uint32_t prim[6] = { 0x7b000004 | (G45_3DPRIM_RECTLIST << 10), 3, 0, 1,
                         0, 0 };

    for (int i = 0; i < 3; i++) {
        gen4t_wf(G3D_VB + i * 16, v[i][0]);
        gen4t_wf(G3D_VB + i * 16 + 4, v[i][1]);
        gen4t_wf(G3D_VB + i * 16 + 8, z);
    }
    gen4t_wf(G3D_CB + 0, r);
    gen4t_wf(G3D_CB + 4, g);
    gen4t_wf(G3D_CB + 8, b);
    gen4_draw_snapshot(&st, prim, &dr);
    gen4_draw(&st, &dr, stats);
}

/* D24S8 depth buffer of 1.0 / stencil 0, CC with cc2 (DW2) and cc0 (DW0). */
static void setup_depth(uint32_t cc0, uint32_t cc1, uint32_t cc2, bool null)
{
    static const float tri[3][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 } };

    setup_draw(tri, 3, G45_3DPRIM_RECTLIST);
    gen4t_kernel(G3D_SF_K, sf_depth_kernel);
    gen4t_w32(G3D_WM_ST + 4, 1u << 8);              /* Z plane: PUE row 1 */
    gen4t_w32(G3D_WM_ST + 16, 1);                   /* statistics */
    gen4t_w32(G3D_CC_ST + 0, cc0);
    gen4t_w32(G3D_CC_ST + 4, cc1);
    gen4t_w32(G3D_CC_ST + 8, cc2);
    gen4t_w32(G3D_CC_ST + 16, G3D_CC_ST + 0x20);    /* CC_VIEWPORT */
    gen4t_wf(G3D_CC_ST + 0x20, 0.0f);
    gen4t_wf(G3D_CC_ST + 0x24, 1.0f);
    for (uint32_t o = 0; o < DB_PITCH * 64; o += 4) {
        gen4t_w32(DB + o, 0x00ffffff);
    }
    /* 3DSTATE_DEPTH_BUFFER: 2D (or NULL), D24_UNORM_S8_UINT, Y-tiled. */
    FEED(0x79050004,
         (DB_PITCH - 1) | (2u << 18) | (1u << 26) | (1u << 27) | (1u << 29),
         DB, (63u << 19) | (63u << 6), 0, 0);
    if (null) {
        FEED(0x79050004, (DB_PITCH - 1) | (2u << 18) | (7u << 29), 0, 0, 0, 0);
    }
    st.ps_depth_count = 0;
}

#define RED     0xffff0000u
#define GREEN   0xff00ff00u
#define BLUE    0xff0000ffu

/* The colour the three rectangles of the depth tests leave at (x, y). */
static uint32_t expect_less(uint32_t x, uint32_t y)
{
    bool a = x >= 8 && x < 40 && y >= 8 && y < 40;      /* z 0.5 */
    bool b = x >= 24 && x < 56 && y >= 24 && y < 56;    /* z 0.25 */
    bool c = y >= 30 && y < 34;                         /* z 0.75 */

    return b ? GREEN : a ? RED : c ? BLUE : 0;
}

/*
 * Depth LESS with writes: nearer rectangles win whatever the order, the
 * farther one shows only where nothing was drawn; the D24S8 buffer holds
 * the nearest depth at its Y-tiled address; PS_DEPTH_COUNT counts the
 * samples that passed.  With a NULL depth buffer the same state tests
 * nothing: the last rectangle is on top.
 */
static void test_depth_less(void)
{
    Gen4DrawStats stats = { 0 };
    uint32_t d24, n = 0;

    /* depth test LESS (2), write */
    setup_depth(0, 0, (1u << 15) | (2u << 12) | (1u << 11), false);
    depth_rect(8, 8, 40, 40, 0.5f, 1, 0, 0, &stats);
    depth_rect(24, 24, 56, 56, 0.25f, 0, 1, 0, &stats);
    depth_rect(0, 30, 64, 34, 0.75f, 0, 0, 1, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    for (uint32_t y = 0; y < 64; y++) {
        for (uint32_t x = 0; x < 64; x++) {
            g_assert_cmphex(pixel(x, y), ==, expect_less(x, y));
            n += expect_less(x, y) == BLUE;
        }
    }
    g_assert_cmpuint(n, ==, 64);
    g_assert_cmpuint(st.ps_depth_count, ==, 1024 + 1024 + 64);
    /* pixel (30, 30): depth 0.25 (0x400000), Y-tile byte offset 120*16+... */
    memcpy(&d24, &gen4t_ram[DB + g45_ytile_offset(30 * 4, 30, DB_PITCH)], 4);
    g_assert_cmphex(d24 & 0xffffff, ==, 0x400000);
    memcpy(&d24, &gen4t_ram[DB + g45_ytile_offset(10 * 4, 10, DB_PITCH)], 4);
    g_assert_cmphex(d24 & 0xffffff, ==, 0x800000);

    setup_depth(0, 0, (1u << 15) | (2u << 12) | (1u << 11), true);
    depth_rect(8, 8, 40, 40, 0.5f, 1, 0, 0, &stats);
    depth_rect(24, 24, 56, 56, 0.25f, 0, 1, 0, &stats);
    depth_rect(0, 30, 64, 34, 0.75f, 0, 0, 1, &stats);
    g_assert_cmphex(pixel(30, 31), ==, BLUE);
    g_assert_cmphex(pixel(30, 28), ==, GREEN);
}

/*
 * Stencil: the first rectangle replaces stencil with 1 where it is drawn
 * (test ALWAYS), the second draws only where stencil EQUAL 1, the third
 * increments (saturating) where NOTEQUAL 0 and writes the colour there.
 */
static void test_stencil(void)
{
    Gen4DrawStats stats = { 0 };
    uint32_t w;

    /* DW0: test enable, func, fail/zfail/zpass ops; DW1: ref, masks. */
#define CC0(func, zpass) ((1u << 31) | ((func) << 28) | (1u << 18) | \
                          ((zpass) << 19))
#define CC1(ref) (((ref) << 24) | (0xffu << 16) | (0xffu << 8))
    setup_depth(CC0(0 /* ALWAYS */, 2 /* REPLACE */), CC1(1), 0, false);
    depth_rect(8, 8, 40, 40, 0.5f, 1, 0, 0, &stats);
    gen4t_w32(G3D_CC_ST + 0, CC0(3 /* EQUAL */, 0 /* KEEP */));
    depth_rect(0, 0, 64, 20, 0.5f, 0, 1, 0, &stats);
    gen4t_w32(G3D_CC_ST + 0, CC0(6 /* NOTEQUAL */, 3 /* INCRSAT */));
    gen4t_w32(G3D_CC_ST + 4, CC1(0));
    depth_rect(0, 30, 64, 64, 0.5f, 0, 0, 1, &stats);
    g_assert_cmphex(pixel(10, 10), ==, GREEN);      /* stencil 1, drawn */
    g_assert_cmphex(pixel(10, 25), ==, RED);        /* outside the 2nd */
    g_assert_cmphex(pixel(50, 10), ==, 0);          /* stencil 0: culled */
    g_assert_cmphex(pixel(10, 35), ==, BLUE);       /* stencil 1 != 0 */
    g_assert_cmphex(pixel(50, 50), ==, 0);          /* stencil 0 == 0 */
    memcpy(&w, &gen4t_ram[DB + g45_ytile_offset(10 * 4, 35, DB_PITCH)], 4);
    g_assert_cmphex(w >> 24, ==, 2);                /* incremented */
    g_assert_cmphex(w & 0xffffff, ==, 0xffffff);    /* depth untouched */
    memcpy(&w, &gen4t_ram[DB + g45_ytile_offset(10 * 4, 10, DB_PITCH)], 4);
    g_assert_cmphex(w >> 24, ==, 1);
}

/*
 * The kernel of a PS that computes depth (0.3 for every pixel), for an
 * IZ entry with destination stencil ("t": one register after the header)
 * or without: header, [stencil], colour from the CURBE row at g4 or g5 (the
 * payload's destination stencil (R2, with t) and depth (two registers)
 * phases come first), source depth.
 */
static char *computed_depth_kernel(bool t)
{
    unsigned c = 3 + t, g = 4 + t;

    return g_strdup_printf(
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
        "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
        "mov(8) m%u<1>F g%u<0,1,0>F { align1 };\n"
        "mov(8) m%u<1>F g%u.1<0,1,0>F { align1 };\n"
        "mov(8) m%u<1>F g%u.2<0,1,0>F { align1 };\n"
        "mov(8) m%u<1>F g%u.3<0,1,0>F { align1 };\n"
        "mov(8) m%u<1>F 0x3e99999aF { align1 };\n"
        "send(8) 1 null null write (0, 12, 4, 0) mlen %u rlen 0 "
        "{ align1 EOT };\n", c, g, c + 1, g, c + 2, g, c + 3, g, c + 4,
        c + 5);
}

/* The D24 depth at (x, y) of the depth tests' buffer. */
static uint32_t depth_at(uint32_t x, uint32_t y)
{
    uint32_t w;

    memcpy(&w, &gen4t_ram[DB + g45_ytile_offset(x * 4, y, DB_PITCH)], 4);
    return w & 0xffffff;
}

/*
 * A PS that computes depth (WM_STATE PS Computed Depth): the depth test
 * and the depth written use the depth of its render-target write, not
 * the interpolated one, also when the render target is NULL (a
 * depth-only pass, blorp's depth copies).  With a stencil test the IZ
 * table puts the destination stencil register between header and
 * colour, and the colour is read after it.
 */
static void test_computed_depth(void)
{
    Gen4DrawStats stats = { 0 };
    uint32_t want = (uint32_t)(0.3f * 0xffffff + 0.5f);
    char *k;

    for (int t = 0; t < 2; t++) {
        /* depth LESS with writes; with t, a stencil test that passes */
        setup_depth(t ? CC0(0 /* ALWAYS */, 0 /* KEEP */) : 0, CC1(0),
                    (1u << 15) | (2u << 12) | (1u << 11), false);
        k = computed_depth_kernel(t);
        gen4t_kernel(G3D_PS_K, k);
        g_free(k);
        gen4t_w32(G3D_WM_ST + 12, (4 + t) | (1u << 25));   /* GRF start */
        gen4t_w32(G3D_WM_ST + 20, 1 | (1u << 19) | (1u << 21) | (49u << 25));
        /* interpolated 0.9: passes too, but 0.3 is what lands */
        depth_rect(8, 8, 24, 24, 0.9f, 1, 0, 0, &stats);
        g_assert_cmphex(pixel(10, 10), ==, RED);
        g_assert_cmpuint(depth_at(10, 10), <=, want + 1);
        g_assert_cmpuint(depth_at(10, 10) + 1, >=, want);
        g_assert_cmphex(depth_at(30, 30), ==, 0xffffff);
        /* nearer interpolated depth (0.2) but computed 0.3: fails LESS */
        depth_rect(8, 8, 24, 24, 0.2f, 0, 1, 0, &stats);
        g_assert_cmphex(pixel(10, 10), ==, RED);
        g_assert_cmpuint(stats.errors, ==, 0);
    }

    /* the same through a NULL render target: depth only */
    setup_depth(0, 0, (1u << 15) | (2u << 12) | (1u << 11), false);
    k = computed_depth_kernel(false);
    gen4t_kernel(G3D_PS_K, k);
    g_free(k);
    gen4t_w32(G3D_WM_ST + 12, 4 | (1u << 25));
    gen4t_w32(G3D_WM_ST + 20, 1 | (1u << 19) | (1u << 21) | (49u << 25));
    gen4t_w32(G3D_STATE_BO + 0x40, (7u << 29) | (0x0c0u << 18));
    depth_rect(8, 8, 24, 24, 0.9f, 1, 0, 0, &stats);
    g_assert_cmphex(pixel(10, 10), ==, 0);
    g_assert_cmpuint(depth_at(10, 10), <=, want + 1);
    g_assert_cmpuint(depth_at(10, 10) + 1, >=, want);
    g_assert_cmpuint(stats.errors, ==, 0);
}

/*
 * A depth-only pass through a NULL render target with a kernel that only
 * fills the message (crocus's depth prepasses, blorp's depth clears): its
 * threads can have no effect and are counted, not run (gen4_wm_begin);
 * the depth tests and writes, PS_DEPTH_COUNT and the thread count are
 * what running them gives (the -interp run of this test runs them).  A
 * too short message is not skipped: it still reports its error.
 */
static void test_depth_only(void)
{
    Gen4DrawStats stats = { 0 };

    setup_depth(0, 0, (1u << 15) | (2u << 12) | (1u << 11), false);
    gen4t_w32(G3D_STATE_BO + 0x40, (7u << 29) | (0x0c0u << 18));
    depth_rect(8, 8, 40, 40, 0.5f, 1, 0, 0, &stats);
    depth_rect(24, 24, 56, 56, 0.25f, 0, 1, 0, &stats);
    depth_rect(0, 30, 64, 34, 0.75f, 0, 0, 1, &stats);
    g_assert_cmpuint(stats.errors, ==, 0);
    /* SIMD8: two subspans a thread, for the subspans that pass early:
     * the last rectangle's only outside the other two */
    g_assert_cmpuint(stats.ps_threads, ==, (1024 + 1024 + 64) / 8);
    g_assert_cmpuint(st.ps_depth_count, ==, 1024 + 1024 + 64);
    g_assert_cmphex(depth_at(30, 30), ==, 0x400000);
    g_assert_cmphex(depth_at(10, 10), ==, 0x800000);
    g_assert_cmphex(depth_at(2, 31), ==, (uint32_t)(0.75 * 0xffffff + 0.5));
    g_assert_cmphex(depth_at(60, 60), ==, 0xffffff);
    g_assert_cmphex(pixel(30, 30), ==, 0);

    /* mlen 6 is one register short of what SIMD16 needs */
    gen4t_kernel(G3D_PS_K,
                 "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
                 "send(16) 1 null null write (0, 8, 4, 0) mlen 6 rlen 0 "
                 "{ align1 EOT };\n");
    gen4t_w32(G3D_WM_ST + 20, 2 | (1u << 19) | (49u << 25));  /* SIMD16 */
    stats.errors = 0;
    depth_rect(0, 0, 8, 8, 0.1f, 1, 0, 0, &stats);
    g_assert_cmpuint(stats.errors, >, 0);
    g_assert_cmphex(depth_at(2, 2), ==, (uint32_t)(0.1 * 0xffffff + 0.5));
}

/*
 * 3DSTATE_DEPTH_BUFFER's LOD: the draw tests and writes level 1 of the
 * mipmapped buffer (32x32 at row 64 in the Gen4 "below" layout) and
 * leaves level 0 alone; pixels outside the level are not tested.
 */
static void test_depth_lod(void)
{
    Gen4DrawStats stats = { 0 };

    setup_depth(0, 0, (1u << 15) | (2u << 12) | (1u << 11), false);
    for (uint32_t o = DB_PITCH * 64; o < DB_PITCH * 96; o += 4) {
        gen4t_w32(DB + o, 0x00ffffff);
    }
    FEED(0x79050004,
         (DB_PITCH - 1) | (2u << 18) | (1u << 26) | (1u << 27) | (1u << 29),
         DB, (63u << 19) | (63u << 6) | (1u << 2), 0, 0);
    depth_rect(8, 8, 40, 24, 0.25f, 1, 0, 0, &stats);
    g_assert_cmphex(depth_at(10, 64 + 10), ==, 0x400000);
    g_assert_cmphex(depth_at(31, 64 + 23), ==, 0x400000);
    g_assert_cmphex(depth_at(10, 10), ==, 0xffffff);
    g_assert_cmphex(depth_at(34, 64 + 10), ==, 0xffffff);  /* not level 1 */
    g_assert_cmphex(pixel(10, 10), ==, RED);
    g_assert_cmphex(pixel(36, 10), ==, RED);    /* outside: untested */
    g_assert_cmpuint(stats.errors, ==, 0);
}

/* ---- objects in one colour ---- */

/*
 * A PS kernel case for test_one_colour: the kernel, WM_STATE DW5 (its
 * dispatch width, or no threads), render-target bits (channel write
 * disables in SURFACE_STATE DW0, tiling in DW3), the depth test
 * (COLOR_CALC_STATE DW2, 0: none) and a linear depth buffer, and whether
 * its threads still run (colour differing between lanes or threads).
 */
typedef struct OneCase {
    const char *name, *kernel;
    uint32_t wm5, ss0, ss3, cc2;
    bool zlinear, runs;
} OneCase;

#define ONE_HEADER \
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n" \
    "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
#define ONE_SIMD8   (1u | (1u << 19) | (49u << 25))
#define ONE_SIMD16  (2u | (1u << 19) | (49u << 25))
#define ONE_NO_PS   (1u | (49u << 25))
#define ONE_LESS    ((1u << 15) | (2u << 12) | (1u << 11))
#define ONE_ALWAYS  ((1u << 15) | (1u << 11))      /* a depth clear */
#define ONE_PITCH   512         /* an X or Y tile's width */

static const char one_simd16[] =
    ONE_HEADER
    "mov(16) m3<1>F g2<0,1,0>F { align1 compr4 };\n"
    "mov(16) m4<1>F g2.1<0,1,0>F { align1 compr4 };\n"
    "mov(16) m5<1>F g2.2<0,1,0>F { align1 compr4 };\n"
    "mov(16) m6<1>F 0x3f000000F { align1 compr4 };\n"
    "send(16) 1 null null write (0, 8, 4, 0) mlen 10 rlen 0 "
    "{ align1 EOT };\n";

static const OneCase one_cases[] = {
    { "simd8", NULL, ONE_SIMD8, 0, 0, 0, false, false },
    { "simd16", one_simd16, ONE_SIMD16, 0, 0, 0, false, false },
    { "replicated",
      ONE_HEADER "mov(8) m3<1>F g2<8,8,1>F { align1 };\n"
      "send(16) 1 null null write (0, 9, 4, 0) mlen 3 rlen 0 "
      "{ align1 EOT };\n", ONE_SIMD16, 0, 0, 0, false, false },
    { "x-tiled", one_simd16, ONE_SIMD16, 0, 2, 0, false, false },
    { "y-tiled-red-blue-disabled", NULL, ONE_SIMD8, 5u << 14, 3, 0, false,
      false },
    { "depth-less", one_simd16, ONE_SIMD16, 0, 0, ONE_LESS, false, false },
    /* depth clears (gen4_depth_fill_row), D24S8 keeping its stencil */
    { "depth-clear", NULL, ONE_NO_PS, 0, 0, ONE_ALWAYS, false, false },
    { "depth-clear-linear", NULL, ONE_NO_PS, 0, 0, ONE_ALWAYS, true, false },
    { "depth-and-colour-clear", one_simd16, ONE_SIMD16, 0, 0, ONE_ALWAYS,
      false, false },
    /* a colour per lane: CURBE row 0 as a vector */
    { "lanes-differ",
      ONE_HEADER "mov(8) m3<1>F g2<8,8,1>F { align1 };\n"
      "mov(8) m4<1>F g2<8,8,1>F { align1 };\n"
      "mov(8) m5<1>F g2<8,8,1>F { align1 };\n"
      "mov(8) m6<1>F 1.0F { align1 };\n"
      "send(8) 1 null null write (0, 12, 4, 0) mlen 6 rlen 0 "
      "{ align1 EOT };\n", ONE_SIMD8, 0, 0, 0, false, true },
    /* a colour per thread: R1.2, the first subspan's position */
    { "threads-differ",
      ONE_HEADER "mov(8) m3<1>F g1.2<0,1,0>F { align1 };\n"
      "mov(8) m4<1>F 0.5F { align1 };\n"
      "mov(8) m5<1>F 0.5F { align1 };\n"
      "mov(8) m6<1>F 1.0F { align1 };\n"
      "send(8) 1 null null write (0, 12, 4, 0) mlen 6 rlen 0 "
      "{ align1 EOT };\n", ONE_SIMD8, 0, 0, 0, false, true },
};

/* Case c drawn as a triangle strip (edges and inner spans) then as a
 * rectangle, or as the depth test's three rectangles; the render target
 * and depth buffer bytes into rt and db. */
static void one_draw(const OneCase *c, Gen4DrawStats *stats, uint8_t *rt,
                     uint8_t *db)
{
    static const float strip[4][2] = {
        { 3.25f, 5 }, { 61, 1.5f }, { 6, 60.75f }, { 59.5f, 62 },
    };
    static const float rect[3][2] = { { 50, 57 }, { 1, 57 }, { 1, 9 } };

    for (unsigned k = 0; k < 2; k++) {
        if (c->cc2) {
            setup_depth(0, 0, c->cc2, false);
            for (uint32_t o = 0; o < DB_PITCH * 64; o += 4) {
                gen4t_w32(DB + o, 0x5affffff);      /* stencil 0x5a */
            }
            if (c->zlinear) {
                FEED(0x79050004, (DB_PITCH - 1) | (2u << 18) | (1u << 29),
                     DB, (63u << 19) | (63u << 6), 0, 0);
            }
        } else {
            setup_draw(k ? rect : strip, k ? 3 : 4,
                       k ? G45_3DPRIM_RECTLIST : G45_3DPRIM_TRISTRIP);
        }
        if (c->kernel) {
            gen4t_kernel(G3D_PS_K, c->kernel);
        }
        gen4t_w32(G3D_WM_ST + 20, c->wm5);
        gen4t_w32(G3D_STATE_BO + 0x40,
                  (1u << 29) | (0x0c0u << 18) | c->ss0);
        gen4t_w32(G3D_STATE_BO + 0x4c, ((ONE_PITCH - 1) << 3) | c->ss3);
        if (c->cc2) {
            depth_rect(8, 8, 40, 40, 0.5f, 1, 0, 0, stats);
            depth_rect(24, 23, 57, 55, 0.25f, 0, 1, 0, stats);
            depth_rect(0, 30, 64, 34, 0.75f, 0, 0, 1, stats);
            break;
        }
        gen4_draw_snapshot(&st, (uint32_t[6]) {
            0x7b000004 | ((k ? G45_3DPRIM_RECTLIST : G45_3DPRIM_TRISTRIP)
                          << 10), k ? 3 : 4, 0, 1, 0, 0 }, &dr);
        gen4_draw(&st, &dr, stats);
    }
    memcpy(rt, &gen4t_ram[RT], ONE_PITCH * 64);
    memcpy(db, &gen4t_ram[DB], DB_PITCH * 64);
}

/*
 * Objects in one colour (gen4-wm.c, one_object: a clear, a flat-coloured
 * rectangle) have their threads counted and their pixels written without
 * running the kernel: the same render-target and depth bytes, pixel,
 * thread and PS_DEPTH_COUNT counts as the interpreter running every
 * thread (HWGPU_EU_INTERP=1, which turns the shortcut off), for each
 * width, the replicated message, tiled targets, channel write disables
 * and an early depth test.  Kernels whose colour differs between lanes
 * or threads still run.  Depth clears (ALWAYS, written, one depth) write
 * their rows as runs, with and without threads, and keep the stencil.
 */
static void test_one_colour(void)
{
    g_autofree char *was = g_strdup(g_getenv("HWGPU_EU_INTERP"));
    bool fast = !was || strcmp(was, "1");
    uint8_t *rt[2] = { g_malloc(ONE_PITCH * 64), g_malloc(ONE_PITCH * 64) };
    uint8_t *db[2] = { g_malloc(DB_PITCH * 64), g_malloc(DB_PITCH * 64) };

    for (unsigned i = 0; i < G_N_ELEMENTS(one_cases); i++) {
        const OneCase *c = &one_cases[i];
        Gen4DrawStats stats[2] = { { 0 }, { 0 } };
        uint64_t zcount[2];

        for (unsigned ref = 0; ref < 2; ref++) {
            if (ref) {
                g_setenv("HWGPU_EU_INTERP", "1", true);
            }
            one_draw(c, &stats[ref], rt[ref], db[ref]);
            zcount[ref] = st.ps_depth_count;
            if (was) {
                g_setenv("HWGPU_EU_INTERP", was, true);
            } else {
                g_unsetenv("HWGPU_EU_INTERP");
            }
        }
        g_test_message("%s: %" G_GUINT64_FORMAT " pixels, %" G_GUINT64_FORMAT
                       " PS threads, %" G_GUINT64_FORMAT " run", c->name,
                       stats[0].pixels, stats[0].ps_threads,
                       stats[0].ps_threads_run);
        g_assert_cmpuint(stats[0].errors, ==, 0);
        g_assert_cmpuint(stats[1].errors, ==, 0);
        g_assert_cmpuint(stats[0].pixels, >=,
                         c->wm5 & (1u << 19) ? 1000 : 0);
        if (c->cc2 == ONE_ALWAYS) {
            /* (30, 31): the last rectangle's depth 0.75, stencil kept */
            uint32_t d24;

            memcpy(&d24, db[0] + (c->zlinear ? 31 * DB_PITCH + 30 * 4 :
                                  g45_ytile_offset(30 * 4, 31, DB_PITCH)), 4);
            g_assert_cmphex(d24, ==,
                            0x5a000000u | (uint32_t)(0.75 * 0xffffff + 0.5));
        }
        g_assert_cmpuint(stats[0].pixels, ==, stats[1].pixels);
        g_assert_cmpuint(stats[0].ps_threads, ==, stats[1].ps_threads);
        g_assert_cmpuint(stats[1].ps_threads_run, ==, stats[1].ps_threads);
        g_assert_cmpuint(zcount[0], ==, zcount[1]);
        g_assert_true(memcmp(rt[0], rt[1], ONE_PITCH * 64) == 0);
        g_assert_true(memcmp(db[0], db[1], DB_PITCH * 64) == 0);
        if (fast) {
            g_assert_cmpuint(stats[0].ps_threads_run, ==,
                             c->runs ? stats[0].ps_threads : 0);
        }
    }
    for (unsigned k = 0; k < 2; k++) {
        g_free(rt[k]);
        g_free(db[k]);
    }
}

/* ---- the fixed-function GS ---- */

#define GS_ST   0x20100
#define GS_K    0x30800

/* Emit the 4 input vertices (g1..g4) as one POLYGON, as crocus's does. */
static const char *gs_kernel =
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x0000003aUD { align1 nomask };\n"
    "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 g10<1>UD null urb 0 allocate used complete mlen 2 rlen 1 "
    "{ align1 nomask };\n"
    "mov(8) m1<1>UD g10<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x00000038UD { align1 nomask };\n"
    "mov(8) m2<1>UD g2<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 g10<1>UD null urb 0 allocate used complete mlen 2 rlen 1 "
    "{ align1 nomask };\n"
    "mov(8) m1<1>UD g10<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x00000038UD { align1 nomask };\n"
    "mov(8) m2<1>UD g3<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 g10<1>UD null urb 0 allocate used complete mlen 2 rlen 1 "
    "{ align1 nomask };\n"
    "mov(8) m1<1>UD g10<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x00000039UD { align1 nomask };\n"
    "mov(8) m2<1>UD g4<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 null null urb 0 used complete mlen 2 rlen 0 "
    "{ align1 nomask EOT };\n";

/*
 * QUADLIST through the GS: one thread per quad, its 4 vertices in the
 * payload; the POLYGON it emits (allocate-chained URB entries) covers the
 * two quads' pixels exactly once each.
 */
static void test_gs_quads(void)
{
    static const float quads[8][2] = {
        { 4, 4 }, { 36, 4 }, { 36, 36 }, { 4, 36 },
        { 40, 40 }, { 60, 40 }, { 60, 50 }, { 40, 50 },
    };
    Gen4DrawStats stats = { 0 };
    uint32_t lit = 0;

    setup_draw(quads, 8, G45_3DPRIM_QUADLIST);
    gen4t_kernel(GS_K, gs_kernel);
    gen4t_w32(GS_ST + 0, GS_K);
    gen4t_w32(GS_ST + 12, 1 | (0 << 4) | (1 << 11));    /* GRF 1, 1 row */
    FEED(0x78000005, G3D_VS_ST, GS_ST | 1, 0, G3D_SF_ST, G3D_WM_ST,
         G3D_CC_ST);
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.gs_threads, ==, 2);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    for (uint32_t y = 0; y < 64; y++) {
        for (uint32_t x = 0; x < 64; x++) {
            bool in = (x >= 4 && x < 36 && y >= 4 && y < 36) ||
                      (x >= 40 && x < 60 && y >= 40 && y < 50);

            g_assert_cmphex(pixel(x, y), ==, in ? COLOUR : 0);
            lit += in;
        }
    }
    g_assert_cmpuint(lit, ==, 1024 + 200);
    g_assert_cmpuint(stats.pixels, ==, lit);
}

/* ---- the CLIP stage ---- */

#define CLIP_ST 0x20200
#define CLIP_K  0x30c00

/* Emit the object's 3 vertices (g1..g3) as one TRIFAN polygon. */
static const char *clip_kernel =
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x0000001aUD { align1 nomask };\n"
    "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 g10<1>UD null urb 0 allocate used complete mlen 2 rlen 1 "
    "{ align1 nomask };\n"
    "mov(8) m1<1>UD g10<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x00000018UD { align1 nomask };\n"
    "mov(8) m2<1>UD g2<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 g10<1>UD null urb 0 allocate used complete mlen 2 rlen 1 "
    "{ align1 nomask };\n"
    "mov(8) m1<1>UD g10<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x00000019UD { align1 nomask };\n"
    "mov(8) m2<1>UD g3<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 null null urb 0 used complete mlen 2 rlen 0 "
    "{ align1 nomask EOT };\n";

/*
 * Three triangles with the CLIP unit on (NORMAL mode, guard band of the
 * whole 8K screen; a triangle wholly outside the viewport would be
 * rejected even inside the guard band, §6.5.2): one inside passes straight through, one with a
 * vertex beyond the far plane goes to a thread (whose polygon is the same
 * triangle), one wholly beyond it is rejected.
 */
static void test_clip_stage(void)
{
    static const float tris[9][2] = {
        { 4, 4 }, { 30, 4 }, { 4, 30 },
        { 34, 34 }, { 60, 34 }, { 34, 60 },
        { 34, 4 }, { 60, 4 }, { 34, 30 },
    };
    static const float z[9] = { 0.5f, 0.5f, 0.5f, 0.5f, 2, 0.5f, 2, 2, 2 };
    Gen4DrawStats stats = { 0 };
    uint32_t lit = 0;

    setup_draw(tris, 9, G45_3DPRIM_TRILIST);
    for (int i = 0; i < 9; i++) {
        gen4t_wf(G3D_VB + i * 16 + 8, z[i]);
    }
    gen4t_kernel(CLIP_K, clip_kernel);
    gen4t_w32(CLIP_ST + 0, CLIP_K);
    gen4t_w32(CLIP_ST + 12, 1 | (0 << 4) | (1 << 11));  /* GRF 1, 1 row */
    /*
     * NORMAL; VP XY, Z and guard band tests; OGL; positions in screen
     * space, the viewport the 64x64 target.
     */
    gen4t_w32(CLIP_ST + 20, (1u << 26) | (1u << 27) | (1u << 28) |
              (1u << 29));
    gen4t_wf(CLIP_ST + 28, 0);
    gen4t_wf(CLIP_ST + 32, 64);
    gen4t_wf(CLIP_ST + 36, 0);
    gen4t_wf(CLIP_ST + 40, 64);
    gen4t_w32(CLIP_ST + 24, CLIP_ST + 0x80);
    gen4t_wf(CLIP_ST + 0x80, -8192);
    gen4t_wf(CLIP_ST + 0x84, 8192);
    gen4t_wf(CLIP_ST + 0x88, -8192);
    gen4t_wf(CLIP_ST + 0x8c, 8192);
    FEED(0x78000005, G3D_VS_ST, 0, CLIP_ST | 1, G3D_SF_ST, G3D_WM_ST,
         G3D_CC_ST);
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g_assert_cmpuint(stats.clip_threads, ==, 1);
    g_assert_cmpuint(stats.clip_discarded, ==, 1);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    for (uint32_t y = 0; y < 64; y++) {
        for (uint32_t x = 0; x < 64; x++) {
            lit += pixel(x, y) == COLOUR;
            if (x >= 34 && y < 32) {
                g_assert_cmphex(pixel(x, y), ==, 0);
            }
        }
    }
    g_assert_cmpuint(lit, ==, 2 * (25 * 26 / 2));     /* as 47 * 48 / 2 */
    g_assert_cmpuint(stats.pixels, ==, lit);
}

/*
 * Capture and replay (gen4-capture.c): the triangle recorded as the device
 * records a draw, replayed from the file alone into the same bytes; a
 * file cut short is refused.
 */
static void test_capture_replay(void)
{
    static const float tri[3][2] = { { 8, 8 }, { 56, 8 }, { 8, 56 } };
    g_autofree char *path = g_build_filename(g_get_tmp_dir(),
                                             "hwgpu-capture-test.bin", NULL);
    g_autofree uint8_t *live = g_malloc(RT_PITCH * 64);
    g_autofree uint8_t *replayed = g_malloc(RT_PITCH * 64);
    g_autofree char *data = NULL;
    Gen4DrawStats stats = { 0 };
    Gen4Capture cap;
    Gen4Replay r;
    const char *why = NULL;
    gsize len;

    g_assert_true(gen4_capture_open(&cap, path, 0));
    gen4t_cap = &cap;
    setup_draw(tri, 3, G45_3DPRIM_TRILIST);
    gen4_capture_command(&cap, dr.prim, 6, false);
    gen4_capture_draw_begin(&cap, &gtt);
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    gen4_capture_draw_end(&cap);
    gen4t_cap = NULL;
    gen4_capture_close(&cap);
    g_assert_null(gtt.touch);
    memcpy(live, &gen4t_ram[RT], RT_PITCH * 64);
    g_assert_cmpuint(stats.pixels, ==, 47 * 48 / 2);

    gen4_replay_init(&r);
    g_assert_true(gen4_replay_file(&r, path, NULL, NULL, &why));
    g_assert_cmpuint(r.draws, ==, 1);
    g_assert_cmpuint(r.errors, ==, 0);
    r.host.dma_read(r.host.opaque, RT, replayed, RT_PITCH * 64);
    g_assert_cmpmem(replayed, RT_PITCH * 64, live, RT_PITCH * 64);
    gen4_replay_free(&r);

    /* The same file cut short in its last record. */
    g_assert_true(g_file_get_contents(path, &data, &len, NULL));
    g_assert_true(g_file_set_contents(path, data, len - 5, NULL));
    gen4_replay_init(&r);
    g_assert_false(gen4_replay_file(&r, path, NULL, NULL, &why));
    g_assert_nonnull(strstr(why, "cut short"));
    gen4_replay_free(&r);
    unlink(path);
}

/*
 * The pipeline on a pool of threads draws the same pixels as without one:
 * many overlapping blended triangles over a 64x256 target (8 bands),
 * with the GTT's direct page mapping on, drawn with no pool, a pool of
 * 1, of 2 and of the host's cores, compared byte for byte.
 */
static void draw_overlaps(HwgpuPool *pool, uint8_t *out)
{
    enum { NT = 300, H = 256 };
    static float xy[NT * 3][2];
    uint32_t vb[5];
    GRand *rng = g_rand_new_with_seed(45);
    Gen4DrawStats stats = { 0 };

    for (uint32_t i = 0; i < NT * 3; i++) {
        xy[i][0] = (float)g_rand_double_range(rng, -8, 72);
        xy[i][1] = (float)g_rand_double_range(rng, -8, H + 8);
    }
    g_rand_free(rng);
    gen4t_pool = pool;
    setup_draw(xy, NT * 3, G45_3DPRIM_TRILIST);
    gen4t_pool = NULL;
    /* 64x256, a drawing rectangle to match, every vertex in the buffer */
    gen4t_w32(G3D_STATE_BO + 0x48, ((H - 1u) << 19) | (63u << 6));
    FEED(0x79000002, 0, ((H - 1u) << 16) | 63, 0);
    vb[0] = 0x78080003;
    vb[1] = 16;
    vb[2] = G3D_VB;
    vb[3] = NT * 3 - 1;
    vb[4] = 0;
    gen4t_feed(vb, false);
    /* alpha 0.25, SRC_ALPHA / INV_SRC_ALPHA: a pixel's value depends on
     * how many triangles covered it */
    gen4t_wf(G3D_CB + 12, 0.25f);
    gen4t_w32(G3D_CC_ST + 12, 1u << 12);
    gen4t_w32(G3D_CC_ST + 24, (G45_BLENDFUNCTION_ADD << 29) |
              (G45_BLENDFACTOR_SRC_ALPHA << 24) |
              (G45_BLENDFACTOR_INV_SRC_ALPHA << 19));
    g45_gtt_direct(&gtt, true);
    gen4_draw_snapshot(&st, dr.prim, &dr);
    gen4_draw(&st, &dr, &stats);
    g45_gtt_direct(&gtt, false);
    g_assert_cmpuint(stats.errors, ==, 0);
    g_assert_cmpuint(stats.objects, ==, NT);
    g_assert_cmpuint(stats.pixels, >, 64 * H);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    memcpy(out, &gen4t_ram[RT], RT_PITCH * H);
}

static void test_pool_same_pixels(void)
{
    unsigned sizes[] = { 1, 2, hwgpu_pool_host_cores() };
    g_autofree uint8_t *ref = g_malloc(RT_PITCH * 256);
    g_autofree uint8_t *got = g_malloc(RT_PITCH * 256);

    draw_overlaps(NULL, ref);
    for (unsigned i = 0; i < G_N_ELEMENTS(sizes); i++) {
        HwgpuPool pool;

        hwgpu_pool_init(&pool, sizes[i], NULL);
        for (int round = 0; round < 3; round++) {
            draw_overlaps(&pool, got);
            g_test_message("pool of %u: round %d", pool.size, round);
            g_assert_cmpmem(got, RT_PITCH * 256, ref, RT_PITCH * 256);
        }
        hwgpu_pool_destroy(&pool);
    }
}

typedef struct DrawTest {
    const char *name;
    void (*fn)(void);
} DrawTest;

static const DrawTest draw_tests[] = {
    { "capture-replay", test_capture_replay },
    { "depth-less", test_depth_less },
    { "stencil", test_stencil },
    { "computed-depth", test_computed_depth },
    { "depth-only", test_depth_only },
    { "one-colour", test_one_colour },
    { "aa-line", test_aa_line },
    { "depth-lod", test_depth_lod },
    { "gs-quads", test_gs_quads },
    { "clip-stage", test_clip_stage },
    { "triangle", test_triangle },
    { "large-draw", test_large_draw },
    { "shared-edge", test_shared_edge },
    { "clipped-to-drawing-rectangle", test_clipped_to_drawing_rectangle },
    { "odd-width-target", test_odd_width_target },
    { "blend", test_blend },
    { "alpha-test", test_alpha_test },
    { "ps-scratch", test_ps_scratch },
    { "sampler-ld-buffer", test_sampler_ld_buffer },
    { "sampler-ld-2d", test_sampler_ld_2d },
    { "sampler-sample", test_sampler_sample },
    { "logic-op", test_logic_op },
    { "poly-stipple", test_poly_stipple },
    { "line-stipple", test_line_stipple },
    { "hostile-kernel-bounded", test_hostile_kernel_bounded },
    { "pool-same-pixels", test_pool_same_pixels },
};

/* Each test again with the pipeline on a pool of three threads. */
static void on_pool(gconstpointer data)
{
    const DrawTest *t = data;
    HwgpuPool pool;

    hwgpu_pool_init(&pool, 3, NULL);
    gen4t_pool = &pool;
    t->fn();
    gen4t_pool = NULL;
    hwgpu_pool_destroy(&pool);
}

/* The same with the pipeline writing guest RAM in place, as the device
 * does (the render-target and depth fast paths). */
static void on_direct(gconstpointer data)
{
    const DrawTest *t = data;

    gen4t_direct = true;
    t->fn();
    g45_gtt_direct(&gtt, false);
    gen4t_direct = false;
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    for (unsigned i = 0; i < G_N_ELEMENTS(draw_tests); i++) {
        g_autofree char *direct = g_strdup_printf("/gen4-draw/direct/%s",
                                                  draw_tests[i].name);

        g_autofree char *path = g_strdup_printf("/gen4-draw/%s",
                                                draw_tests[i].name);
        g_autofree char *pooled = g_strdup_printf("/gen4-draw/pool/%s",
                                                  draw_tests[i].name);

        g_test_add_func(path, draw_tests[i].fn);
        if (draw_tests[i].fn != test_pool_same_pixels) {
            g_test_add_data_func(pooled, &draw_tests[i], on_pool);
            g_test_add_data_func(direct, &draw_tests[i], on_direct);
        }
    }
    return g_test_run();
}
