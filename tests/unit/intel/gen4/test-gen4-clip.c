/*
 * The CLIP stage (hw/intel/gen4/gen4-clip.c): VertexClipTest outcodes
 * for chosen vertices (G45 PRM Vol 2 §6.4, with G45's negative-W rules),
 * ClipDetermination and every ClipMode (§6.5), and a CLIP thread: its
 * payload (R0.2 outcodes and object type, constants, the object's
 * vertices in §6.7.1 order) and the allocate-chained vertices it emits.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-clip.h"
#include "gen4-test.h"
#include "qtest/intel-g45-3d-fixture.h"

#define CLIP_ST     0x20200
#define CLIP_K      0x30c00

#define VP_ALL      (GEN4_OC_VP_XY | GEN4_OC_VP_Z)

/* CLIP_STATE DW5: mode, the tests, NDC, OGL. */
static uint32_t cs_dw5(uint32_t mode, bool gb, uint32_t ucf, bool ucmc)
{
    return mode << 13 | ucf << 16 | (ucmc ? 1u << 24 : 0) | 1u << 25 |
           (gb ? 1u << 26 : 0) | 1u << 27 | 1u << 28;
}

static void vue_at(uint32_t *v, float x, float y, float z, float rhw,
                   uint32_t ucf)
{
    memset(v, 0, 32);
    v[3] = ucf;
    v[4] = hwgpu_f2u(x);
    v[5] = hwgpu_f2u(y);
    v[6] = hwgpu_f2u(z);
    v[7] = hwgpu_f2u(rhw);
}

static uint32_t oc_of(const uint32_t *cs, float x, float y, float z,
                      float rhw, uint32_t ucf)
{
    static const uint32_t gb[4] = {
        0xc0000000u, 0x40000000u, 0xc0000000u, 0x40000000u, /* -2, 2 */
    };
    uint32_t v[8];

    vue_at(v, x, y, z, rhw, ucf);
    return gen4_clip_vertex_test(cs, gb, v);
}

static void test_vertex_test(void)
{
    uint32_t cs[11] = { 0 };

    cs[5] = cs_dw5(0, true, 0x04, false);
    g_assert_cmphex(oc_of(cs, 0, 0, 0, 1, 0), ==, 0);
    g_assert_cmphex(oc_of(cs, 1.5f, 0, 0, 1, 0), ==, GEN4_OC_VP_XMAX);
    g_assert_cmphex(oc_of(cs, 3, 0, 0, 1, 0), ==,
                    GEN4_OC_VP_XMAX | GEN4_OC_GB_XMAX);
    g_assert_cmphex(oc_of(cs, -3, -1.5f, 0, 1, 0), ==,
                    GEN4_OC_VP_XMIN | GEN4_OC_GB_XMIN | GEN4_OC_VP_YMIN);
    g_assert_cmphex(oc_of(cs, 0, 0, 1.5f, 1, 0), ==, GEN4_OC_VP_ZMAX);
    g_assert_cmphex(oc_of(cs, 0, 0, -1.5f, 1, 0), ==, GEN4_OC_VP_ZMIN);
    /* On the boundary is inside. */
    g_assert_cmphex(oc_of(cs, 1, -1, 1, 1, 0), ==, 0);
    /* 1/w < 0 (and -0): NEGW, the comparisons inverted (DevCTG). */
    g_assert_cmphex(oc_of(cs, 0.5f, 0, 0, -1, 0), ==,
                    GEN4_OC_NEGW | VP_ALL | GEN4_OC_GB);
    g_assert_cmphex(oc_of(cs, 5, 5, 5, -0.0f, 0), ==,
                    GEN4_OC_NEGW | GEN4_OC_VP_XMIN | GEN4_OC_VP_YMIN |
                    GEN4_OC_VP_ZMIN | GEN4_OC_GB_XMIN | GEN4_OC_GB_YMIN);
    /* NaN 1/w is BAD; a NaN coordinate sets its enabled outcodes. */
    g_assert_cmphex(oc_of(cs, 0, 0, 0, NAN, 0) & GEN4_OC_BAD, ==,
                    GEN4_OC_BAD);
    g_assert_cmphex(oc_of(cs, NAN, 0, 0, 1, 0), ==,
                    GEN4_OC_VP_XMIN | GEN4_OC_VP_XMAX | GEN4_OC_GB_XMIN |
                    GEN4_OC_GB_XMAX);
    /* User clip flags through the ClipTest enables (UC2 only). */
    g_assert_cmphex(oc_of(cs, 0, 0, 0, 1, 0x05), ==,
                    1u << (GEN4_OC_UC_SHIFT + 2));
    /* Guard band off: its outcodes are the viewport's. */
    cs[5] = cs_dw5(0, false, 0, false);
    g_assert_cmphex(oc_of(cs, 1.5f, 0, 0, 1, 0), ==,
                    GEN4_OC_VP_XMAX | GEN4_OC_GB_XMAX);
    /* D3D depth range [0, 1]; tests off: no outcodes. */
    cs[5] |= 1u << 30;
    g_assert_cmphex(oc_of(cs, 0, 0, -0.5f, 1, 0), ==, GEN4_OC_VP_ZMIN);
    cs[5] = 0;
    g_assert_cmphex(oc_of(cs, 9, 9, 9, 1, 0), ==, 0);
}

static Gen4ClipAction determine(const uint32_t *cs, uint32_t a, uint32_t b,
                                uint32_t c, uint32_t *or_codes)
{
    uint32_t oc[3] = { a, b, c };

    return gen4_clip_determine(cs, oc, 3, or_codes);
}

static void test_determine(void)
{
    uint32_t cs[11] = { 0 }, o;
    const uint32_t uc0 = 1u << GEN4_OC_UC_SHIFT;

    cs[5] = cs_dw5(0, true, 0xff, false);
    g_assert_cmpint(determine(cs, 0, 0, 0, &o), ==, GEN4_CLIP_PASS);
    /* Across the viewport's edge, inside the guard band: accepted. */
    g_assert_cmpint(determine(cs, GEN4_OC_VP_XMAX, 0, 0, &o), ==,
                    GEN4_CLIP_PASS);
    /* Across the guard band or the near/far planes: clipped. */
    g_assert_cmpint(determine(cs, GEN4_OC_VP_XMAX | GEN4_OC_GB_XMAX, 0, 0,
                              &o), ==, GEN4_CLIP_SPAWN);
    g_assert_cmpint(determine(cs, GEN4_OC_VP_ZMAX, GEN4_OC_VP_ZMIN, 0, &o),
                    ==, GEN4_CLIP_SPAWN);
    g_assert_cmphex(o, ==, GEN4_OC_VP_Z);
    g_assert_cmpint(determine(cs, GEN4_OC_NEGW, 0, 0, &o), ==,
                    GEN4_CLIP_SPAWN);
    /* All outside one boundary: rejected (also one only the VP's). */
    g_assert_cmpint(determine(cs, GEN4_OC_VP_ZMAX, GEN4_OC_VP_ZMAX,
                              GEN4_OC_VP_ZMAX | GEN4_OC_VP_XMIN, &o), ==,
                    GEN4_CLIP_DISCARD);
    g_assert_cmpint(determine(cs, GEN4_OC_VP_YMIN, GEN4_OC_VP_YMIN,
                              GEN4_OC_VP_YMIN, &o), ==, GEN4_CLIP_DISCARD);
    g_assert_cmpint(determine(cs, GEN4_OC_NEGW, GEN4_OC_NEGW, GEN4_OC_NEGW,
                              &o), ==, GEN4_CLIP_DISCARD);
    g_assert_cmpint(determine(cs, GEN4_OC_BAD, 0, 0, &o), ==,
                    GEN4_CLIP_DISCARD);
    /* User clip flags: culled only, unless MustClip is on. */
    g_assert_cmpint(determine(cs, uc0, 0, 0, &o), ==, GEN4_CLIP_PASS);
    g_assert_cmpint(determine(cs, uc0, uc0, uc0, &o), ==,
                    GEN4_CLIP_DISCARD);
    cs[5] = cs_dw5(0, true, 0xff, true);
    g_assert_cmpint(determine(cs, uc0, 0, 0, &o), ==, GEN4_CLIP_SPAWN);
    /* The other modes (§6.5.3). */
    cs[5] = cs_dw5(1, true, 0, false);              /* ALL */
    g_assert_cmpint(determine(cs, GEN4_OC_BAD, 0, 0, &o), ==,
                    GEN4_CLIP_SPAWN);
    cs[5] = cs_dw5(2, true, 0, false);              /* CLIP_NON_REJECTED */
    g_assert_cmpint(determine(cs, 0, 0, 0, &o), ==, GEN4_CLIP_SPAWN);
    g_assert_cmpint(determine(cs, GEN4_OC_GB_XMIN, GEN4_OC_GB_XMIN,
                              GEN4_OC_GB_XMIN, &o), ==, GEN4_CLIP_DISCARD);
    cs[5] = cs_dw5(3, true, 0, false);              /* REJECT_ALL */
    g_assert_cmpint(determine(cs, 0, 0, 0, &o), ==, GEN4_CLIP_DISCARD);
    cs[5] = cs_dw5(4, true, 0, false);              /* ACCEPT_ALL */
    g_assert_cmpint(determine(cs, GEN4_OC_VP_ZMAX, 0, 0, &o), ==,
                    GEN4_CLIP_PASS);
    g_assert_cmpint(determine(cs, GEN4_OC_BAD, 0, 0, &o), ==,
                    GEN4_CLIP_DISCARD);
}

/*
 * A CLIP kernel that emits its three vertices (g2, g3, g4) as a TRIFAN,
 * the first with its payload's R0.2 in D1 and the CURBE row's first
 * dword (g1) in D0.
 */
static const char *echo_kernel =
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x0000001aUD { align1 nomask };\n"
    "mov(8) m2<1>UD g2<8,8,1>UD { align1 nomask };\n"
    "mov(1) m2.1<1>UD g0.2<0,1,0>UD { align1 nomask };\n"
    "mov(1) m2<1>UD g1<0,1,0>UD { align1 nomask };\n"
    "send(8) 1 g10<1>UD null urb 0 allocate used complete mlen 2 rlen 1 "
    "{ align1 nomask };\n"
    "mov(8) m1<1>UD g10<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x00000018UD { align1 nomask };\n"
    "mov(8) m2<1>UD g3<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 g10<1>UD null urb 0 allocate used complete mlen 2 rlen 1 "
    "{ align1 nomask };\n"
    "mov(8) m1<1>UD g10<8,8,1>UD { align1 nomask };\n"
    "mov(1) m1.2<1>UD 0x00000019UD { align1 nomask };\n"
    "mov(8) m2<1>UD g4<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 null null urb 0 used complete mlen 2 rlen 0 "
    "{ align1 nomask EOT };\n";

/* Frees its initial handle and emits nothing (brw_clip_kill_thread). */
static const char *kill_kernel =
    "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };\n"
    "send(8) 1 null null urb 0 complete mlen 1 rlen 0 { align1 EOT };\n";

static void clip_draw(Gen4Draw *d, const char *kernel)
{
    static const uint32_t prim[6] = { 0x7b000004 | (4u << 10), 3, 0, 1 };

    gen4t_setup();
    gen4t_kernel(CLIP_K, kernel);
    /* GRF start 1, vertex rows 0/1, constant rows 1/1; guard band +-2. */
    gen4t_w32(CLIP_ST + 0, CLIP_K);
    gen4t_w32(CLIP_ST + 12, 1 | (0 << 4) | (1 << 11) | (1 << 18) |
              (1 << 25));
    gen4t_w32(CLIP_ST + 20, cs_dw5(0, true, 0, false));
    gen4t_w32(CLIP_ST + 24, CLIP_ST + 0x80);
    gen4t_wf(CLIP_ST + 0x80, -2);
    gen4t_wf(CLIP_ST + 0x84, 2);
    gen4t_wf(CLIP_ST + 0x88, -2);
    gen4t_wf(CLIP_ST + 0x8c, 2);
    /* The CURBE (2 rows): row 1's first dword is 0xc0ffee. */
    gen4t_w32(G3D_CB + 32, 0xc0ffee);
    FEED(0x78000005, G3D_VS_ST, 0, CLIP_ST | 1, G3D_SF_ST, G3D_WM_ST,
         G3D_CC_ST);
    FEED(0x60020100, G3D_CB | 0);
    gen4_draw_snapshot(&st, prim, d);
    st.work_left = st.draw_work;
}

static void test_thread(void)
{
    Gen4Draw d;
    Gen4Clip c;
    uint32_t vues[4 * 8];
    Gen4Object o = {
        .type = GEN4_OBJ_TRIANGLE, .nv = 3, .v = { 1, 2, 3 },
        .invert_orientation = true,
    };

    clip_draw(&d, echo_kernel);
    vue_at(vues + 0, 9, 9, 9, 1, 0);
    vue_at(vues + 8, 0, 0, 0, 1, 0);
    vue_at(vues + 16, 0.5f, 0, 1.5f, 1, 0);
    vue_at(vues + 24, 0, 0.5f, 0, 1, 0);
    gen4_clip_begin(&c, &st, &d, 8);
    /* Inside: no thread.  Across the far plane: the kernel's polygon. */
    o.v[1] = 3;
    g_assert_cmpint(gen4_clip_object(&c, &o, vues, 8, G45_3DPRIM_TRISTRIP),
                    ==, GEN4_CLIP_PASS);
    o.v[1] = 2;
    g_assert_cmpuint(c.threads, ==, 0);
    g_assert_cmpint(gen4_clip_object(&c, &o, vues, 8, G45_3DPRIM_TRISTRIP),
                    ==, GEN4_CLIP_SPAWN);
    g_assert_cmpuint(c.threads, ==, 1);
    g_assert_cmpuint(c.errors, ==, 0);
    g_assert_cmpuint(c.out.n, ==, 3);
    g_assert_cmpuint(c.out.vue_dw, ==, 16);     /* one 512-bit unit */
    /* R0.2: the ORed outcodes and the odd strip triangle's type. */
    g_assert_cmphex(c.out.vue[1], ==,
                    GEN4_OC_VP_ZMAX | G45_3DPRIM_TRISTRIP_REVERSE);
    g_assert_cmphex(c.out.vue[0], ==, 0xc0ffee);
    g_assert_cmpmem(c.out.vue + 2, 6 * 4, vues + 8 + 2, 6 * 4);
    g_assert_cmpmem(c.out.vue + 16, 32, vues + 16, 32);
    g_assert_cmpmem(c.out.vue + 32, 32, vues + 24, 32);
    for (int i = 0; i < 3; i++) {
        g_assert_cmpuint(c.out.topology[i], ==, G45_3DPRIM_TRIFAN);
        g_assert_cmpuint(c.out.start[i], ==, i == 0);
        g_assert_cmpuint(c.out.end[i], ==, i == 2);
    }
    /* Wholly beyond the guard band: rejected, no thread. */
    o.v[0] = o.v[1] = o.v[2] = 0;
    g_assert_cmpint(gen4_clip_object(&c, &o, vues, 8, G45_3DPRIM_TRILIST),
                    ==, GEN4_CLIP_DISCARD);
    g_assert_cmpuint(c.threads, ==, 1);
    g_assert_cmpuint(c.discarded, ==, 1);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    gen4_clip_end(&c);

    /* A thread that emits nothing. */
    clip_draw(&d, kill_kernel);
    gen4_clip_begin(&c, &st, &d, 8);
    o = (Gen4Object) { .type = GEN4_OBJ_TRIANGLE, .nv = 3, .v = { 1, 2, 3 } };
    g_assert_cmpint(gen4_clip_object(&c, &o, vues, 8, G45_3DPRIM_TRILIST),
                    ==, GEN4_CLIP_SPAWN);
    g_assert_cmpuint(c.out.n, ==, 0);
    g_assert_cmpuint(c.errors, ==, 0);
    gen4_clip_end(&c);

    /* A kernel that never ends is stopped and logged. */
    clip_draw(&d, "jmpi(1) -1D { align1 };\n");
    gen4_clip_begin(&c, &st, &d, 8);
    g_assert_cmpint(gen4_clip_object(&c, &o, vues, 8, G45_3DPRIM_TRILIST),
                    ==, GEN4_CLIP_SPAWN);
    g_assert_cmpuint(c.errors, ==, 1);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), >, 0);
    gen4_clip_end(&c);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gen4-clip/vertex-test", test_vertex_test);
    g_test_add_func("/gen4-clip/determine", test_determine);
    g_test_add_func("/gen4-clip/thread", test_thread);
    return g_test_run();
}
