/*
 * intel-g45 3D through the real device: a batch on the render ring sets
 * up the Gen4 pipeline (state packets, unit states, a setup kernel and a
 * SIMD8 pixel shader) and draws a triangle into the surface display
 * plane A scans out; the screendump shows exactly the pixels the
 * rasterisation rules say (pixel centres, top-left rule), in the colour
 * the shader wrote.  The same draw once more with a migration between
 * the state batch and the 3DPRIMITIVE.  The kernels are the words
 * tools/g4-asm makes of the text beside them.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "intel-g45-qtest.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "intel-g45-3d-fixture.h"

#define W           64
#define H           64
#define RT          0x00000     /* the plane's surface (16 KiB) */

/*
 * mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };
 * send(8) 1 null null urb 0 complete mlen 1 rlen 0 { align1 EOT };
 */
static const uint32_t sf_kernel[][4] = {
    { 0x00600201, 0x20200022, 0x008d0000, 0x00000000 },
    { 0x01600031, 0x20001c1c, 0x00000000, 0x86108000 },
};

/*
 * mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };
 * mov(8) m2<1>UD g1<8,8,1>UD { align1 nomask };
 * mov(8) m3<1>F g2<0,1,0>F { align1 };        (and g2.1, g2.2, g2.3)
 * send(8) 1 null null write (0, 12, 4, 0) mlen 6 rlen 0 { align1 EOT };
 */
static const uint32_t ps_kernel[][4] = {
    { 0x00600201, 0x20200022, 0x008d0000, 0x00000000 },
    { 0x00600201, 0x20400022, 0x008d0020, 0x00000000 },
    { 0x00600001, 0x206073be, 0x00000040, 0x00000000 },
    { 0x00600001, 0x208073be, 0x00000044, 0x00000000 },
    { 0x00600001, 0x20a073be, 0x00000048, 0x00000000 },
    { 0x00600001, 0x20c073be, 0x0000004c, 0x00000000 },
    { 0x01600031, 0x20001c1c, 0x00000000, 0x85604c00 },
};

static void put_words(G45Q *c, uint32_t gfx, const uint32_t *w, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        g45q_gfx_writel(c, gfx + 4 * i, w[i]);
    }
}

static void put_float(G45Q *c, uint32_t gfx, float f)
{
    uint32_t u;

    memcpy(&u, &f, 4);
    g45q_gfx_writel(c, gfx, u);
}

/*
 * The state packets go in a first batch and the 3DPRIMITIVE in a second;
 * with `migrate` the machine moves to a fresh QEMU in between, so the
 * draw runs on state that came through the migration stream.
 */
static void draw_triangle(bool migrate)
{
    static const float tri[3][2] = { { 8, 8 }, { 56, 8 }, { 8, 56 } };
    const uint32_t batch[] = {
        0x69040000,                                 /* PIPELINE_SELECT 3D */
        0x61010004, 1, G3D_STATE_BO | 1, 1, 1, 1,       /* STATE_BASE_ADDRESS */
        0x78000005, G3D_VS_ST, 0, 0, G3D_SF_ST, G3D_WM_ST, G3D_CC_ST,
        0x78010004, 0, 0, 0, 0, 0x800,              /* PS binding table */
        0x79000002, 0, ((H - 1) << 16) | (W - 1), 0,
        0x60020100, G3D_CB,                             /* CONSTANT_BUFFER */
        0x78080003, 16, G3D_VB, 2, 0,                   /* one vertex buffer */
        0x78090003,                                 /* header, position */
        (0x000u << 16) | (1u << 26),
        (2u << 28) | (2u << 24) | (2u << 20) | (2u << 16) | 0,
        (0x000u << 16) | (1u << 26),
        (1u << 28) | (1u << 24) | (1u << 20) | (1u << 16) | 4,
        G45_MI(G45_MI_BATCH_BUFFER_END), 0,
    };
    const uint32_t draw[] = {
        0x7b000004 | (4u << 10), 3, 0, 1, 0, 0,     /* 3DPRIMITIVE */
        G45_MI(G45_MI_BATCH_BUFFER_END), 0,
    };
    g_autofree uint8_t *rgb = NULL;
    G45QRing r;
    G45Q c;
    int w, h, lit = 0;

    g45q_start(&c, "");
    g45q_map_linear(&c, 0x1000000, 128);
    put_words(&c, G3D_SF_K, &sf_kernel[0][0], sizeof(sf_kernel) / 4);
    put_words(&c, G3D_PS_K, &ps_kernel[0][0], sizeof(ps_kernel) / 4);
    for (int i = 0; i < 3; i++) {
        put_float(&c, G3D_VB + i * 16, tri[i][0]);
        put_float(&c, G3D_VB + i * 16 + 4, tri[i][1]);
        put_float(&c, G3D_VB + i * 16 + 8, 0.5f);
        put_float(&c, G3D_VB + i * 16 + 12, 1.0f);
    }
    put_float(&c, G3D_CB, 1.0f);                        /* R G B A */
    put_float(&c, G3D_CB + 4, 0.5f);
    put_float(&c, G3D_CB + 8, 0.25f);
    put_float(&c, G3D_CB + 12, 1.0f);
    /* Render target: 2D B8G8R8A8_UNORM W x H at RT, pitch W * 4. */
    g45q_gfx_writel(&c, G3D_STATE_BO + 0x800, 0x40);
    g45q_gfx_writel(&c, G3D_STATE_BO + 0x40, (1u << 29) | (0x0c0u << 18));
    g45q_gfx_writel(&c, G3D_STATE_BO + 0x44, RT);
    g45q_gfx_writel(&c, G3D_STATE_BO + 0x48, ((H - 1) << 19) | ((W - 1) << 6));
    g45q_gfx_writel(&c, G3D_STATE_BO + 0x4c, (W * 4 - 1) << 3);
    /* SF: kernel, GRF start 3, URB 1/1, cull none, origin bias 0.5. */
    g45q_gfx_writel(&c, G3D_SF_ST, G3D_SF_K);
    g45q_gfx_writel(&c, G3D_SF_ST + 12, 3 | (1 << 4) | (1 << 11));
    g45q_gfx_writel(&c, G3D_SF_ST + 24, (1u << 29) | (8u << 13) | (8u << 9));
    /* WM: kernel, 1 BT entry, GRF start 2, CURBE 0/1, SIMD8. */
    g45q_gfx_writel(&c, G3D_WM_ST, G3D_PS_K);
    g45q_gfx_writel(&c, G3D_WM_ST + 4, 1u << 18);
    g45q_gfx_writel(&c, G3D_WM_ST + 12, 2 | (1u << 25));
    g45q_gfx_writel(&c, G3D_WM_ST + 20, 1 | (1u << 19) | (49u << 25));
    put_words(&c, G3D_BATCH, batch, G_N_ELEMENTS(batch));
    put_words(&c, G3D_BATCH + 0x800, draw, G_N_ELEMENTS(draw));

    g45q_ring_init(&r, &c, G45_RCS_BASE, G3D_RING, 4096, 0);
    g45q_emit(&r, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    g45q_emit(&r, G3D_BATCH);
    g45q_submit_wait(&r);
    if (migrate) {
        g45q_migrate(&c, "");
        g_assert_cmphex(qtest_readl(c.qts, 0x1000000 + RT + 20 * W * 4 +
                                    20 * 4), ==, 0);
    }
    g45q_emit(&r, G45_MI(G45_MI_BATCH_BUFFER_START) | G45_MI_BB_GTT);
    g45q_emit(&r, G3D_BATCH + 0x800);
    g45q_submit_wait(&r);

    /* The plane shows the render target. */
    g45q_pipe_a(&c, W, H);
    g45q_wr(&c, G45_DSPASTRIDE, W * 4);
    g45q_wr(&c, G45_DSPACNTR, G45_DSPCNTR_ENABLE |
            (G45_FMT_XRGB8888 << 26));
    g45q_wr(&c, G45_DSPASURF, RT);
    g45q_wr(&c, G45_VGACNTRL, G45_VGACNTRL_DISABLE);
    qtest_clock_step(c.qts, G45Q_FRAME_NS);
    rgb = hwgpuq_screendump(c.qts, &w, &h);
    g_assert_cmpint(w, ==, W);
    g_assert_cmpint(h, ==, H);
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            const uint8_t *p = &rgb[(y * W + x) * 3];
            bool in = x >= 8 && y >= 8 && x + y <= 62;

            g_assert_cmpint(p[0], ==, in ? 0xff : 0);
            g_assert_cmpint(p[1], ==, in ? 0x80 : 0);
            g_assert_cmpint(p[2], ==, in ? 0x40 : 0);
            lit += in;
        }
    }
    g_assert_cmpint(lit, ==, 47 * 48 / 2);
    g45q_stop(&c);
}

static void test_triangle_on_screen(void)
{
    draw_triangle(false);
}

static void test_migrate_before_draw(void)
{
    draw_triangle(true);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/intel-g45/3d/triangle-on-screen",
                   test_triangle_on_screen);
    qtest_add_func("/intel-g45/3d/migrate-between-state-and-draw",
                   test_migrate_before_draw);
    return g_test_run();
}
