/*
 * Unit tests of the Gen4 SF stage (hw/intel/gen4/gen4-sf.c): viewport
 * transform and drawing-rectangle origin, vertex reordering (V0 top-most,
 * V1 clockwise), face culling by winding and cull mode, degenerate and
 * NaN culling, point expansion, rectangle completion, scissor, and the
 * setup thread's payload as the kernel sees it (seed 000 §7.3, §7.5).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-sf.h"
#include "gen4-test.h"

static Gen4Draw dr;
static Gen4Sf sf;

#define SF_ST   0x30000
#define SF_VP   0x30100
#define KERNEL  0x40000

/*
 * The setup kernel copies its payload R1, R2 and the first VUE row of
 * each of three vertices (g3, g4, g5) into the PUE, rows 0-4 (R0 is the
 * message header: its handle says where).
 */
static const char *kernel =
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
    "mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };\n"
    "mov(8) m3<1>UD g2<8,8,1>UD { align1 nomask };\n"
    "mov(8) m4<1>UD g3<8,8,1>UD { align1 nomask };\n"
    "mov(8) m5<1>UD g4<8,8,1>UD { align1 nomask };\n"
    "mov(8) m6<1>UD g5<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 null null urb 0 complete mlen 6 rlen 0 { align1 EOT };\n";

/* SF_STATE: kernel, GRF start 3, URB 1/1 (past the header), 6 PUE rows. */
static void setup(uint32_t dw5_extra, uint32_t dw6, bool viewport)
{
    uint32_t prim[6] = { 0x7b000004 | (G45_3DPRIM_TRILIST << 10), 3, 0, 1,
                         0, 0 };

    gen4t_setup();
    gen4t_kernel(KERNEL, kernel);
    gen4t_w32(SF_ST + 0, KERNEL);
    gen4t_w32(SF_ST + 12, 3 | (1 << 4) | (1 << 11));    /* VUE row 1 on */
    gen4t_w32(SF_ST + 16, (2 << 19));                     /* 3 x 512-bit PUE */
    gen4t_w32(SF_ST + 20, SF_VP | (viewport ? 2 : 0) | dw5_extra);
    gen4t_w32(SF_ST + 24, dw6);
    /* Viewport: x * 100 + 200, y * -100 + 300, z * 0.5 + 0.5. */
    gen4t_wf(SF_VP + 0, 100), gen4t_wf(SF_VP + 4, -100), gen4t_wf(SF_VP + 8, 0.5f);
    gen4t_wf(SF_VP + 12, 200), gen4t_wf(SF_VP + 16, 300), gen4t_wf(SF_VP + 20, 0.5f);
    gen4t_w32(SF_VP + 24, (10u << 16) | 10);              /* scissor 10..100 */
    gen4t_w32(SF_VP + 28, (100u << 16) | 100);
    FEED(0x61010004, 1, 1, 1, 1, 1);
    FEED(0x78000005, 0, 0, 0, SF_ST, 0, 0);
    FEED(0x79000002, 0, (479u << 16) | 639, (5u << 16) | 7);   /* origin */
    gen4_draw_snapshot(&st, prim, &dr);
    gen4_sf_begin(&sf, &st, &dr);
}

/* Three VUEs of 16 dwords: header, then X, Y, Z, 1/W. */
static uint32_t vues[3 * 16];

static void vertex(int i, float x, float y, float z, float invw)
{
    memset(&vues[i * 16], 0, 64);
    vues[i * 16 + 4] = hwgpu_f2u(x);
    vues[i * 16 + 5] = hwgpu_f2u(y);
    vues[i * 16 + 6] = hwgpu_f2u(z);
    vues[i * 16 + 7] = hwgpu_f2u(invw);
    vues[i * 16 + 8] = 0x100 + i;           /* a tag in the next row */
}

static bool setup_tri(Gen4SetupObj *out, bool invert)
{
    Gen4Object o = {
        .type = GEN4_OBJ_TRIANGLE, .nv = 3, .v = { 0, 1, 2 },
        .invert_orientation = invert, .poly_stipple = true,
    };

    return gen4_sf_object(&sf, &o, vues, 16, G45_3DPRIM_TRILIST, out);
}

#define PUE(row, dw) (((uint32_t *)sf.pue)[(row) * 8 + (dw)])

static void test_screen_space_and_payload(void)
{
    Gen4SetupObj o;

    setup(0, 1u << 29 /* cull none */, false);
    /* Given in counter-clockwise order; V0 must become the top one. */
    vertex(0, 10, 50, 0.25f, 1.0f);
    vertex(1, 60, 50, 0.5f, 0.5f);
    vertex(2, 30, 20, 0.75f, 0.25f);
    g_assert_true(setup_tri(&o, false));
    /* Origin (7, 5) added; V0 = (37, 25) top-most, then clockwise. */
    g_assert_cmpfloat(o.x[0], ==, 37);
    g_assert_cmpfloat(o.y[0], ==, 25);
    g_assert_cmpfloat(o.x[1], ==, 67);
    g_assert_cmpfloat(o.y[1], ==, 55);
    g_assert_cmpfloat(o.x[2], ==, 17);
    g_assert_cmpfloat(o.z[0], ==, 0.75f);
    g_assert_cmpfloat(o.invw[1], ==, 0.5f);
    g_assert_cmpint(o.clip[2], ==, 639);
    /*
     * The kernel saw R1 (deltas, determinant) and R2 (Z, 1/W) from the
     * start vertex on in the object's own (counter-clockwise) winding, so
     * that the determinant's sign tells it the face (crocus's two-sided
     * colour selection tests it): V0 = (37, 25), V1 = (17, 55), V2 =
     * (67, 55).
     */
    g_assert_cmphex(PUE(0, 0) & 0xffff, ==, G45_3DPRIM_TRILIST);
    g_assert_cmpfloat(hwgpu_u2f(PUE(0, 3)), ==, -20);         /* X1 - X0 */
    g_assert_cmpfloat(hwgpu_u2f(PUE(0, 5)), ==, 30);          /* Y1 - Y0 */
    g_assert_cmpfloat(hwgpu_u2f(PUE(0, 4)), ==, 30);          /* X2 - X0 */
    g_assert_cmpfloat(hwgpu_u2f(PUE(0, 6)), ==, 30);          /* Y2 - Y0 */
    g_assert_cmpfloat(hwgpu_u2f(PUE(0, 2)), ==, (-20) * 30 - 30 * 30);
    g_assert_cmpfloat(hwgpu_u2f(PUE(1, 0)), ==, 0.75f);       /* Z0 */
    g_assert_cmpfloat(hwgpu_u2f(PUE(1, 3)), ==, 1.0f);        /* 1/W1 */
    /* ...and the VUE rows in that order. */
    g_assert_cmphex(PUE(2, 0), ==, 0x102);
    g_assert_cmphex(PUE(3, 0), ==, 0x100);
    g_assert_cmphex(PUE(4, 0), ==, 0x101);
    g_assert_cmpuint(sf.threads, ==, 1);
    g_assert_cmpuint(sf.errors, ==, 0);
    gen4_sf_end(&sf);
}

/*
 * Without the viewport transform and the scissor the SF_VIEWPORT pointer
 * is not followed: crocus's clears leave it 0, at no mapped page, and
 * reading it there logged a guest error for every object.
 */
static void test_viewport_unused(void)
{
    uint32_t prim[6] = { 0x7b000004 | (G45_3DPRIM_TRILIST << 10), 3, 0, 1,
                         0, 0 };
    Gen4SetupObj o;

    setup(0, 1u << 29 /* cull none */, false);
    gen4_sf_end(&sf);
    gen4t_w32(SF_ST + 20, GEN4T_RAM_SIZE + 0x1000);    /* beyond the GTT */
    gen4_draw_snapshot(&st, prim, &dr);
    gen4_sf_begin(&sf, &st, &dr);
    vertex(0, 10, 50, 0.25f, 1.0f);
    vertex(1, 60, 50, 0.5f, 0.5f);
    vertex(2, 30, 20, 0.75f, 0.25f);
    g_assert_true(setup_tri(&o, false));
    g_assert_cmpfloat(o.x[0], ==, 37);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    gen4_sf_end(&sf);
}

static void test_viewport_and_scissor(void)
{
    Gen4SetupObj o;

    setup(0, (1u << 29) | (1u << 17) /* scissor */, true);
    vertex(0, 0, 0, 0, 1);
    vertex(1, 0.5f, 0, 1, 1);
    vertex(2, 0, 0.5f, -1, 1);
    g_assert_true(setup_tri(&o, false));
    /* (0,0) -> (200 + 7, 300 + 5); z 0 -> 0.5. */
    g_assert_cmpfloat(o.x[2], ==, 207);
    g_assert_cmpfloat(o.y[2], ==, 305);
    g_assert_cmpfloat(o.x[0], ==, 207);     /* (0, 0.5) is the top one */
    g_assert_cmpfloat(o.y[0], ==, 255);
    g_assert_cmpfloat(o.z[0], ==, 0.0f);
    /* Scissor relative to the drawing-rectangle origin. */
    g_assert_cmpint(o.clip[0], ==, 17);
    g_assert_cmpint(o.clip[1], ==, 15);
    g_assert_cmpint(o.clip[2], ==, 107);
    g_assert_cmpint(o.clip[3], ==, 105);
    gen4_sf_end(&sf);
}

static void test_culling(void)
{
    Gen4SetupObj o;

    /* Front = CW (winding 0), cull back faces. */
    setup(0, 3u << 29, false);
    vertex(0, 0, 0, 0, 1);
    vertex(1, 10, 0, 0, 1);                 /* clockwise on screen */
    vertex(2, 0, 10, 0, 1);
    g_assert_true(setup_tri(&o, false));
    g_assert_false(o.back_facing);
    g_assert_false(setup_tri(&o, true));    /* odd strip triangle */
    vertex(1, 0, 10, 0, 1);                 /* now counter-clockwise */
    vertex(2, 10, 0, 0, 1);
    g_assert_false(setup_tri(&o, false));
    gen4_sf_end(&sf);
    /* Cull front faces: the CCW one survives, marked back-facing. */
    setup(0, 2u << 29, false);
    g_assert_true(setup_tri(&o, false));
    g_assert_true(o.back_facing);
    /* Cull both; degenerate and NaN are always culled. */
    gen4_sf_end(&sf);
    setup(0, 0u << 29, false);
    g_assert_false(setup_tri(&o, false));
    gen4_sf_end(&sf);
    setup(0, 1u << 29, false);
    vertex(2, 0, 20, 0, 1);                 /* collinear */
    g_assert_false(setup_tri(&o, false));
    vertex(2, NAN, 20, 0, 1);
    g_assert_false(setup_tri(&o, false));
    g_assert_cmpuint(sf.culled, ==, 2);
    g_assert_cmpuint(sf.threads, ==, 0);
    gen4_sf_end(&sf);
}

static void test_points_and_rects(void)
{
    Gen4Object pt = { .type = GEN4_OBJ_POINT, .nv = 1, .v = { 0 } };
    Gen4Object rect = { .type = GEN4_OBJ_RECTANGLE, .nv = 3,
                        .v = { 0, 1, 2 } };
    Gen4SetupObj o;

    /* Point width 4 from state (U8.3 in SF_STATE DW7). */
    setup(0, 1u << 29, false);
    gen4t_w32(SF_ST + 28, (1u << 11) | (4 * 8));
    gen4_draw_snapshot(&st, dr.prim, &dr);
    vertex(0, 20, 30, 0, 1);
    g_assert_true(gen4_sf_object(&sf, &pt, vues, 16, G45_3DPRIM_POINTLIST,
                                 &o));
    g_assert_cmpint(o.type, ==, GEN4_OBJ_RECTANGLE);
    g_assert_cmpfloat(o.x[0], ==, 25);      /* UL: 27 - 2, 35 - 2 */
    g_assert_cmpfloat(o.y[0], ==, 33);
    g_assert_cmpfloat(o.x[1], ==, 29);      /* LR */
    g_assert_cmpfloat(o.y[1], ==, 37);
    g_assert_cmphex(PUE(2, 0), ==, 0x100);  /* the one VUE */
    /* RECTLIST: lower right, lower left, upper left; UR is implied. */
    vertex(0, 50, 40, 0, 1);
    vertex(1, 10, 40, 0, 1);
    vertex(2, 10, 20, 0, 1);
    g_assert_true(gen4_sf_object(&sf, &rect, vues, 16, G45_3DPRIM_RECTLIST,
                                 &o));
    g_assert_cmpfloat(o.x[3], ==, 57);
    g_assert_cmpfloat(o.y[3], ==, 25);
    g_assert_cmpfloat(o.x[0], ==, 17);      /* UL is the top-left one */
    g_assert_cmpfloat(o.y[0], ==, 25);
    gen4_sf_end(&sf);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gen4-sf/screen-space-and-payload",
                    test_screen_space_and_payload);
    g_test_add_func("/gen4-sf/viewport-unused", test_viewport_unused);
    g_test_add_func("/gen4-sf/viewport-and-scissor",
                    test_viewport_and_scissor);
    g_test_add_func("/gen4-sf/culling", test_culling);
    g_test_add_func("/gen4-sf/points-and-rects", test_points_and_rects);
    return g_test_run();
}
