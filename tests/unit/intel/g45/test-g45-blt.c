/*
 * Unit tests of the G45 blitter: every blit is checked pixel by pixel (and
 * every byte around it) against a small independent software model that
 * works on a snapshot of graphics memory (g45-blt-test.[ch]).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "g45-blt-test.h"

/* ---- tests --------------------------------------------------------------- */

static void test_xy_color(void)
{
    static const uint8_t rops[] = { 0xf0, 0x5a, 0x00, 0xff, 0x55, 0xa0 };

    setup();
    for (unsigned cpp = 1; cpp <= 4; cpp *= 2) {
        if (cpp == 1 || cpp == 2 || cpp == 4) {
            for (unsigned k = 0; k < sizeof(rops); k++) {
                RefBlit r = { .dst = { DST, 640, false, cpp }, .rop = rops[k],
                              .pat = RP_SOLID, .wmask = 0xffffffffu };
                uint32_t cmd[6];

                rand_rect(640 / cpp, 60, &r.x1, &r.y1, &r.x2, &r.y2);
                r.color = g_rand_int(rnd) & cpp_mask(cpp);
                cmd[0] = G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_WRITE_RGB |
                         G45_BLT_WRITE_ALPHA;
                cmd[1] = br13(cpp, r.rop, 640);
                cmd[2] = xy(r.x1, r.y1);
                cmd[3] = xy(r.x2, r.y2);
                cmd[4] = DST;
                cmd[5] = r.color;
                snapshot();
                ref_blit(&r);
                g_assert_true(g45_blt_exec(&blt, cmd, 6));
                compare();
            }
        }
    }
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 0);
}

static void do_src_copy(unsigned cpp, uint8_t rop, bool stile, bool dtile,
                        uint32_t dpitch, uint32_t spitch, int w, int h)
{
    RefBlit r = { .dst = { DST, dpitch, dtile, cpp },
                  .src = { SRC, spitch, stile, cpp }, .rop = rop,
                  .has_src = true, .pat = RP_SOLID, .wmask = 0xffffffffu };
    uint32_t cmd[8];

    rand_rect(w, h, &r.x1, &r.y1, &r.x2, &r.y2);
    r.sx = g_rand_int_range(rnd, 0, w - (r.x2 - r.x1) + 1);
    r.sy = g_rand_int_range(rnd, 0, h - (r.y2 - r.y1) + 1);
    cmd[0] = G45_2D(G45_BLT_XY_SRC_COPY) | 6 | G45_BLT_WRITE_RGB |
             G45_BLT_WRITE_ALPHA | (dtile ? G45_BLT_DST_TILED : 0) |
             (stile ? G45_BLT_SRC_TILED : 0);
    cmd[1] = br13(cpp, rop, dtile ? dpitch / 4 : dpitch);
    cmd[2] = xy(r.x1, r.y1);
    cmd[3] = xy(r.x2, r.y2);
    cmd[4] = DST;
    cmd[5] = xy(r.sx, r.sy);
    cmd[6] = stile ? spitch / 4 : spitch;
    cmd[7] = SRC;
    snapshot();
    ref_blit(&r);
    g_assert_true(g45_blt_exec(&blt, cmd, 8));
    compare();
}

static void test_src_copy_rops(void)
{
    setup();
    for (unsigned cpp = 1; cpp <= 4; cpp *= 2) {
        if (cpp == 1 || cpp == 2 || cpp == 4) {
            do_src_copy(cpp, 0xcc, false, false, 768, 1024, 150, 50);
            do_src_copy(cpp, 0x66, false, false, 768, 1024, 150, 50);
            for (int i = 0; i < 6; i++) {
                do_src_copy(cpp, g_rand_int(rnd), false, false, 768, 1024,
                            150, 50);
            }
        }
    }
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 0);
}

static void test_tiled(void)
{
    setup();
    /* 2048-byte pitch: four X tiles per row; 40 rows: five tile rows. */
    do_src_copy(4, 0xcc, false, true, 2048, 2048, 512, 40);
    do_src_copy(4, 0xcc, true, false, 2048, 2048, 512, 40);
    do_src_copy(4, 0x66, true, true, 2048, 2048, 512, 40);
    do_src_copy(2, 0x99, true, true, 2048, 1024, 512, 40);
    do_src_copy(1, 0xcc, true, true, 1024, 2048, 1024, 40);
    /* Tiled fill */
    {
        RefBlit r = { .dst = { DST, 2048, true, 4 }, .rop = 0xf0,
                      .pat = RP_SOLID, .wmask = 0xffffffffu,
                      .x1 = 100, .y1 = 3, .x2 = 400, .y2 = 37,
                      .color = 0x11223344 };
        uint32_t cmd[6] = {
            G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_DST_TILED |
            G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA,
            br13(4, 0xf0, 512), xy(100, 3), xy(400, 37), DST, 0x11223344,
        };

        snapshot();
        ref_blit(&r);
        g45_blt_exec(&blt, cmd, 6);
        compare();
    }
    /* A tiled pitch that is not a multiple of 512 draws nothing. */
    {
        uint32_t cmd[6] = {
            G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_DST_TILED |
            G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA,
            br13(4, 0xf0, 100), xy(0, 0), xy(10, 10), DST, 1,
        };

        snapshot();
        g45_blt_exec(&blt, cmd, 6);
        compare();
        g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 1);
    }
}

static void test_clip(void)
{
    uint32_t clip[3] = { G45_2D(G45_BLT_XY_SETUP_CLIP) | 1, xy(10, 5),
                         xy(50, 30) };
    RefBlit r = { .dst = { DST, 1024, false, 4 }, .src = { SRC, 1024, false,
                  4 }, .rop = 0xcc, .has_src = true, .pat = RP_SOLID,
                  .wmask = 0xffffffffu };
    uint32_t cmd[8];

    setup();
    g_assert_true(g45_blt_exec(&blt, clip, 3));
    /* Copy of (0,0)-(40,20) to (20,20): clipped to (20,20)-(50,30). */
    cmd[0] = G45_2D(G45_BLT_XY_SRC_COPY) | 6 | G45_BLT_WRITE_RGB |
             G45_BLT_WRITE_ALPHA;
    cmd[1] = br13(4, 0xcc, 1024) | G45_BR13_CLIP_ENABLE;
    cmd[2] = xy(20, 20);
    cmd[3] = xy(60, 40);
    cmd[4] = DST;
    cmd[5] = xy(3, 4);
    cmd[6] = 1024;
    cmd[7] = SRC;
    r.x1 = 20, r.y1 = 20, r.x2 = 50, r.y2 = 30, r.sx = 3, r.sy = 4;
    snapshot();
    ref_blit(&r);
    g45_blt_exec(&blt, cmd, 8);
    compare();
    /* The clip trims the top-left corner: the source origin moves too. */
    cmd[2] = xy(0, 0);
    cmd[3] = xy(40, 20);
    r.x1 = 10, r.y1 = 5, r.x2 = 40, r.y2 = 20, r.sx = 13, r.sy = 9;
    snapshot();
    ref_blit(&r);
    g45_blt_exec(&blt, cmd, 8);
    compare();
    /* Clip rectangle entirely above: nothing is drawn. */
    cmd[2] = xy(0, 40);
    cmd[3] = xy(60, 50);
    snapshot();
    g45_blt_exec(&blt, cmd, 8);
    compare();
    /* Without the clip bit the same clip state is ignored. */
    cmd[1] &= ~G45_BR13_CLIP_ENABLE;
    r.x1 = 0, r.y1 = 40, r.x2 = 60, r.y2 = 50, r.sx = 3, r.sy = 4;
    snapshot();
    ref_blit(&r);
    g45_blt_exec(&blt, cmd, 8);
    compare();
    /* Negative destination coordinates are clipped at 0, the source
     * origin moves with them. */
    cmd[2] = xy(-5, -3);
    cmd[3] = xy(10, 8);
    cmd[5] = xy(20, 20);
    r.x1 = 0, r.y1 = 0, r.x2 = 10, r.y2 = 8, r.sx = 25, r.sy = 23;
    snapshot();
    ref_blit(&r);
    g45_blt_exec(&blt, cmd, 8);
    compare();
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 0);
}

static void test_overlap(void)
{
    static const int d[][2] = { { 3, 2 }, { -3, -2 }, { 5, 0 }, { -5, 0 },
                                { 0, 4 }, { 0, -4 }, { 7, -3 } };

    setup();
    for (unsigned cpp = 1; cpp <= 4; cpp *= 4) {
        for (unsigned i = 0; i < G_N_ELEMENTS(d); i++) {
            RefBlit r = { .dst = { DST, 512, false, cpp },
                          .src = { DST, 512, false, cpp }, .rop = 0xcc,
                          .has_src = true, .pat = RP_SOLID,
                          .wmask = 0xffffffffu };
            uint32_t cmd[8];

            r.sx = 20;
            r.sy = 20;
            r.x1 = 20 + d[i][0];
            r.y1 = 20 + d[i][1];
            r.x2 = r.x1 + 60;
            r.y2 = r.y1 + 30;
            cmd[0] = G45_2D(G45_BLT_XY_SRC_COPY) | 6 | G45_BLT_WRITE_RGB |
                     G45_BLT_WRITE_ALPHA;
            cmd[1] = br13(cpp, 0xcc, 512);
            cmd[2] = xy(r.x1, r.y1);
            cmd[3] = xy(r.x2, r.y2);
            cmd[4] = DST;
            cmd[5] = xy(r.sx, r.sy);
            cmd[6] = 512;
            cmd[7] = DST;
            snapshot();
            ref_blit(&r);       /* reads the snapshot: "as if all read" */
            g45_blt_exec(&blt, cmd, 8);
            compare();
        }
    }
}

static void test_all_rops(void)
{
    setup();
    for (int rop = 0; rop < 256; rop++) {
        RefBlit r = { .dst = { DST, 256, false, 4 },
                      .src = { SRC, 256, false, 4 }, .rop = rop,
                      .has_src = true, .pat = RP_COLOR,
                      .wmask = 0xffffffffu };
        uint32_t cmd[9];

        rand_rect(40, 10, &r.x1, &r.y1, &r.x2, &r.y2);
        r.sx = g_rand_int_range(rnd, 0, 10);
        r.sy = g_rand_int_range(rnd, 0, 10);
        cmd[0] = G45_2D(G45_BLT_XY_FULL) | 7 | G45_BLT_WRITE_RGB |
                 G45_BLT_WRITE_ALPHA;
        cmd[1] = br13(4, rop, 256);
        cmd[2] = xy(r.x1, r.y1);
        cmd[3] = xy(r.x2, r.y2);
        cmd[4] = DST;
        cmd[5] = xy(r.sx, r.sy);
        cmd[6] = 256;
        cmd[7] = SRC;
        cmd[8] = PAT;
        snapshot();
        ref_blit(&r);
        g_assert_true(g45_blt_exec(&blt, cmd, 9));
        compare();
    }
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 0);
}

static void test_mono(void)
{
    uint8_t bits[16 * 3];
    uint32_t cmd[7 + 12];

    setup();
    for (unsigned i = 0; i < sizeof(bits); i++) {
        bits[i] = g_rand_int(rnd);
    }
    /* Immediate mono source, 20x16 pixels: 3 bytes per row. */
    for (int transp = 0; transp < 2; transp++) {
        RefBlit r = { .dst = { DST, 512, false, 4 }, .rop = 0xcc,
                      .pat = RP_SOLID, .wmask = 0xffffffffu, .x1 = 7,
                      .y1 = 3, .x2 = 27, .y2 = 19, .fg = 0xff00ff00,
                      .bg = 0x000000ff, .mono_src = bits,
                      .mono_transp = transp };

        cmd[0] = G45_2D(G45_BLT_XY_MONO_SRC_COPY_IMM) | (7 + 12 - 2) |
                 G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA;
        cmd[1] = br13(4, 0xcc, 512) | (transp ? G45_BR13_MONO_SRC_TRANSP : 0);
        cmd[2] = xy(7, 3);
        cmd[3] = xy(27, 19);
        cmd[4] = DST;
        cmd[5] = r.bg;
        cmd[6] = r.fg;
        memcpy(&cmd[7], bits, sizeof(bits));
        snapshot();
        ref_blit(&r);
        g_assert_true(g45_blt_exec(&blt, cmd, 7 + 12));
        compare();
    }
    /* The same bits from memory. */
    {
        RefBlit r = { .dst = { DST, 512, false, 2 }, .rop = 0xcc,
                      .pat = RP_SOLID, .wmask = 0xffffffffu, .x1 = 1,
                      .y1 = 1, .x2 = 21, .y2 = 17, .fg = 0xf800,
                      .bg = 0x001f, .mono_src = bits };
        uint32_t m[8] = {
            G45_2D(G45_BLT_XY_MONO_SRC_COPY) | 6, br13(2, 0xcc, 512),
            xy(1, 1), xy(21, 17), DST, SRC, 0x001f, 0xf800,
        };

        g45_gtt_write(&gtt, SRC, bits, sizeof(bits));
        snapshot();
        ref_blit(&r);
        g45_blt_exec(&blt, m, 8);
        compare();
    }
    /* Mono pattern, opaque and transparent, with an XOR rop. */
    for (int transp = 0; transp < 2; transp++) {
        RefBlit r = { .dst = { DST, 512, false, 4 }, .rop = 0x5a,
                      .pat = RP_MONO, .wmask = 0xffffffffu, .fg = 0x12345678,
                      .bg = 0x9abcdef0, .mono = { 0x8142a518, 0x55aa00ff },
                      .pat_transp = transp };
        uint32_t p[9];

        rand_rect(100, 40, &r.x1, &r.y1, &r.x2, &r.y2);
        p[0] = G45_2D(G45_BLT_XY_MONO_PAT) | 7 | G45_BLT_WRITE_RGB |
               G45_BLT_WRITE_ALPHA;
        p[1] = br13(4, 0x5a, 512) | (transp ? G45_BR13_MONO_PAT_TRANSP : 0);
        p[2] = xy(r.x1, r.y1);
        p[3] = xy(r.x2, r.y2);
        p[4] = DST;
        p[5] = r.bg;
        p[6] = r.fg;
        p[7] = r.mono[0];
        p[8] = r.mono[1];
        snapshot();
        ref_blit(&r);
        g45_blt_exec(&blt, p, 9);
        compare();
    }
}

static void test_text(void)
{
    uint8_t bits[64];
    uint32_t setup_blt[8] = {
        G45_2D(G45_BLT_XY_SETUP) | 6, br13(4, 0xcc, 512) |
        G45_BR13_CLIP_ENABLE, xy(12, 6), xy(200, 100), DST, 0, 0x00c0ffee,
        0,
    };
    uint32_t cmd[3 + 16];

    setup();
    for (unsigned i = 0; i < sizeof(bits); i++) {
        bits[i] = g_rand_int(rnd);
    }
    g45_blt_exec(&blt, setup_blt, 8);
    /* 13x9 glyph at (10,4), clipped at (12,6): the bitmap is entered in
     * the middle of a byte; bit-packed and byte-packed forms. */
    for (int packed = 0; packed < 2; packed++) {
        RefBlit r = { .dst = { DST, 512, false, 4 }, .rop = 0xcc,
                      .pat = RP_SOLID, .wmask = 0xffffffffu, .x1 = 10,
                      .y1 = 4, .x2 = 23, .y2 = 13, .fg = 0x00c0ffee,
                      .color = 0x00c0ffee, .mono_src = bits,
                      .mono_transp = true, .bitpacked = !packed,
                      .clip = true, .cx1 = 12, .cy1 = 6, .cx2 = 200,
                      .cy2 = 100 };

        cmd[0] = G45_2D(G45_BLT_XY_TEXT_IMM) | (3 + 16 - 2) |
                 G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA |
                 (packed ? G45_BLT_TEXT_BYTE_PACKED : 0);
        cmd[1] = xy(10, 4);
        cmd[2] = xy(23, 13);
        memcpy(&cmd[3], bits, sizeof(bits));
        snapshot();
        ref_blit(&r);
        g_assert_true(g45_blt_exec(&blt, cmd, 3 + 16));
        compare();
    }
    /* XY_TEXT_BLT: the same glyph from memory, bit-packed. */
    {
        RefBlit r = { .dst = { DST, 512, false, 4 }, .rop = 0xcc,
                      .pat = RP_SOLID, .wmask = 0xffffffffu, .x1 = 30,
                      .y1 = 4, .x2 = 43, .y2 = 13, .fg = 0x00c0ffee,
                      .color = 0x00c0ffee, .mono_src = bits,
                      .mono_transp = true, .bitpacked = true,
                      .clip = true, .cx1 = 12, .cy1 = 6, .cx2 = 200,
                      .cy2 = 100 };
        uint32_t t[4] = { G45_2D(G45_BLT_XY_TEXT) | 2 | G45_BLT_WRITE_RGB |
                          G45_BLT_WRITE_ALPHA, xy(30, 4), xy(43, 13), SRC };

        g45_gtt_write(&gtt, SRC, bits, sizeof(bits));
        snapshot();
        ref_blit(&r);
        g_assert_true(g45_blt_exec(&blt, t, 4));
        compare();
    }
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 0);
}

static void test_setup_scanlines_pixel(void)
{
    uint32_t setup_sl[9] = {
        G45_2D(G45_BLT_XY_SETUP_MONO_PAT_SL) | 7 | G45_BLT_WRITE_RGB |
        G45_BLT_WRITE_ALPHA, br13(4, 0xf0, 512), 0, 0, DST, 0, 0xdeadbeef,
        0xffffffff, 0xffffffff,
    };
    uint32_t sl[3] = { G45_2D(G45_BLT_XY_SCANLINES) | 1, xy(5, 7),
                       xy(90, 8) };
    uint32_t px[2] = { G45_2D(G45_BLT_XY_PIXEL), xy(3, 2) };
    RefBlit r = { .dst = { DST, 512, false, 4 }, .rop = 0xf0,
                  .pat = RP_SOLID, .wmask = 0xffffffffu,
                  .color = 0xdeadbeef };

    setup();
    g45_blt_exec(&blt, setup_sl, 9);
    r.x1 = 5, r.y1 = 7, r.x2 = 90, r.y2 = 8;
    snapshot();
    ref_blit(&r);
    g45_blt_exec(&blt, sl, 3);
    compare();
    r.x1 = 3, r.y1 = 2, r.x2 = 4, r.y2 = 3;
    snapshot();
    ref_blit(&r);
    g45_blt_exec(&blt, px, 2);
    compare();
}

static void test_legacy_and_bytemask(void)
{
    RefBlit r = { .dst = { DST, 400, false, 2 }, .rop = 0xf0,
                  .pat = RP_SOLID, .wmask = 0xffffffffu, .x1 = 0, .y1 = 0,
                  .x2 = 50, .y2 = 7, .color = 0x1234 };
    uint32_t cb[5] = { G45_2D(G45_BLT_COLOR) | 3, br13(2, 0xf0, 400),
                       7 << 16 | 100, DST, 0x1234 };
    uint32_t sc[6] = { G45_2D(G45_BLT_SRC_COPY) | 4, br13(4, 0xcc, 400),
                       9 << 16 | 120, DST + 8, 800, SRC };

    setup();
    snapshot();
    ref_blit(&r);
    g45_blt_exec(&blt, cb, 5);          /* width 100 bytes = 50 pixels */
    compare();
    {
        RefBlit s = { .dst = { DST + 8, 400, false, 4 },
                      .src = { SRC, 800, false, 4 }, .rop = 0xcc,
                      .has_src = true, .pat = RP_SOLID,
                      .wmask = 0xffffffffu, .x2 = 30, .y2 = 9 };

        sc[0] |= G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA;
        snapshot();
        ref_blit(&s);
        g45_blt_exec(&blt, sc, 6);
        compare();
    }
    /* 32 bpp with only the RGB bytes enabled keeps alpha. */
    {
        RefBlit m = { .dst = { DST, 400, false, 4 }, .rop = 0xf0,
                      .pat = RP_SOLID, .wmask = 0x00ffffff, .x1 = 2,
                      .y1 = 2, .x2 = 40, .y2 = 9, .color = 0xaabbccdd };
        uint32_t c[6] = { G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_WRITE_RGB,
                          br13(4, 0xf0, 400), xy(2, 2), xy(40, 9), DST,
                          0xaabbccdd };

        snapshot();
        ref_blit(&m);
        g45_blt_exec(&blt, c, 6);
        compare();
    }
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 0);
}

static void test_bounds(void)
{
    uint32_t c[6] = { G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_WRITE_RGB |
                      G45_BLT_WRITE_ALPHA, br13(4, 0xf0, 0x7ffc),
                      xy(0, 0), xy(32767, 32767), 0xfff00000u, 7 };
    uint32_t unimp[8] = { G45_2D(G45_BLT_XY_PAT_CHROMA) | 6 };
    uint32_t *ram_copy = g_memdup2(ram, RAM_SIZE);

    setup();
    g_free(ram_copy);
    ram_copy = g_memdup2(ram, RAM_SIZE);
    blt.max_pixels = 1u << 20;
    /* Beyond the GTT, absurdly large: bounded, nothing in RAM changes. */
    g45_blt_exec(&blt, c, 6);
    g_assert_true(memcmp(ram, ram_copy, RAM_SIZE) == 0);
    g_assert_cmpuint(blt.pixels, <=, 1u << 20);
    g_assert_cmpint(fake_host_nlogs_total(&fh), >, 0);
    g_assert_cmpint(fake_host_nlogs_total(&fh), <, 64);
    /* Copy from outside the GTT into our surface reads zeros. */
    {
        uint32_t s[8] = { G45_2D(G45_BLT_XY_SRC_COPY) | 6 |
                          G45_BLT_WRITE_RGB | G45_BLT_WRITE_ALPHA,
                          br13(4, 0xcc, 256), xy(0, 0), xy(8, 8), DST,
                          xy(0, 0), 256, 0xfff00000u };
        RefBlit r = { .dst = { DST, 256, false, 4 }, .rop = 0x00,
                      .pat = RP_SOLID, .wmask = 0xffffffffu, .x2 = 8,
                      .y2 = 8 };

        snapshot();
        ref_blit(&r);           /* BLACKNESS == copying zeros */
        g45_blt_exec(&blt, s, 8);
        compare();
    }
    /* A 2D command we do not implement: no effect, a bounded log. */
    fake_host_clear_log(&fh);
    hwgpu_log_new_epoch();
    for (int i = 0; i < 100; i++) {
        g_assert_false(g45_blt_exec(&blt, unimp, 8));
    }
    g_assert_cmpint(fake_host_nlogs_total(&fh), >=, 1);
    g_assert_cmpint(fake_host_nlogs_total(&fh), <=, HWGPU_LOG_BURST);
    g_free(ram_copy);
}


/*
 * A mono source blit 32767 pixels square clipped to one pixel: the work and
 * the memory follow the visible pixel (a few bytes of source read), not the
 * 128 MiB the unclipped bitmap would take; the pixel is still right.
 */
static void test_mono_clipped_bounded(void)
{
    uint8_t bits[64];
    uint32_t clip[3] = { G45_2D(G45_BLT_XY_SETUP_CLIP) | 1, xy(9, 5),
                         xy(10, 6) };
    uint32_t m[8] = {
        G45_2D(G45_BLT_XY_MONO_SRC_COPY) | 6 | G45_BLT_WRITE_RGB |
        G45_BLT_WRITE_ALPHA, br13(4, 0xcc, 512) | G45_BR13_CLIP_ENABLE,
        xy(0, 0), xy(32767, 32767), DST, SRC, 0x11111111, 0x22222222,
    };
    uint64_t row_bits = 32767 + 1;      /* byte-aligned rows */
    uint64_t bit = 5 * row_bits + 9;
    uint8_t byte;
    uint32_t px;

    setup();
    for (unsigned i = 0; i < sizeof(bits); i++) {
        bits[i] = g_rand_int(rnd);
    }
    g45_gtt_write(&gtt, SRC + (uint32_t)(bit / 8), bits, 1);
    g_assert_true(g45_blt_exec(&blt, clip, 3));
    fh.dma_read_bytes = 0;
    g_assert_true(g45_blt_exec(&blt, m, 8));
    g_assert_cmpuint(fh.dma_read_bytes, <, 64);
    g45_gtt_read(&gtt, SRC + (uint32_t)(bit / 8), &byte, 1);
    g45_gtt_read(&gtt, DST + 5 * 512 + 9 * 4, &px, 4);
    g_assert_cmphex(px, ==, byte >> (7 - bit % 8) & 1 ? 0x22222222 :
                    0x11111111);
    g_assert_cmpuint(blt.pixels, ==, 1);
}

/*
 * Sliced execution gives the same bytes as one call, for every slice size,
 * including an overlapping copy that runs bottom-up and a mono pattern.
 */
static void test_slices_identical(void)
{
    static const uint64_t budgets[] = { 1, 37, 100, 4096, UINT64_MAX };
    uint32_t cmds[3][9] = {
        { G45_2D(G45_BLT_XY_SRC_COPY) | 6 | G45_BLT_WRITE_RGB |
          G45_BLT_WRITE_ALPHA, br13(4, 0x66, 512), xy(3, 9), xy(90, 70),
          DST, xy(1, 2), 512, DST },
        { G45_2D(G45_BLT_XY_MONO_PAT) | 7 | G45_BLT_WRITE_RGB |
          G45_BLT_WRITE_ALPHA, br13(4, 0x5a, 512), xy(1, 1), xy(100, 50),
          DST, 0x00ff00ff, 0xff000000, 0x81422418, 0x18244281 },
        { G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_WRITE_RGB |
          G45_BLT_WRITE_ALPHA, br13(4, 0xf0, 512), xy(0, 0), xy(128, 100),
          DST, 0x12345678 },
    };
    uint8_t *ref = g_malloc(REGION_SIZE);

    for (size_t c = 0; c < G_N_ELEMENTS(cmds); c++) {
        uint32_t n = (cmds[c][0] & 0xff) + 2;

        for (size_t k = 0; k < G_N_ELEMENTS(budgets); k++) {
            uint32_t row = 0;
            int calls = 0;

            g_rand_set_seed(rnd, 42);
            setup();
            while (!g45_blt_exec_slice(&blt, cmds[c], n, &row, budgets[k])) {
                g_assert_cmpuint(row, >, 0);
                calls++;
            }
            g_assert_cmpuint(row, ==, 0);
            g_assert_true(g45_gtt_read(&gtt, REGION, got, REGION_SIZE));
            if (k == 0) {
                memcpy(ref, got, REGION_SIZE);
                g_assert_cmpint(calls, >, 10);      /* really sliced */
            } else {
                g_assert_true(memcmp(ref, got, REGION_SIZE) == 0);
            }
        }
    }
    g_free(ref);
}


/* A render engine whose ring (at PAT) holds `ring`; TAIL still at 0. */
static void engine_with_ring(G45Engine *e, const uint32_t *ring,
                             uint32_t bytes)
{
    static const G45EngineOps ops = { 0 };

    g45_gtt_write(&gtt, PAT, ring, bytes);
    g45_engine_init(e, G45_ENGINE_RCS, &gtt, &fh.host, &ops, NULL);
    g45_engine_mmio_write(e, G45_RING_START, PAT);
    g45_engine_mmio_write(e, G45_RING_CTL, G45_CTL_VALID);
}

/*
 * A large blit runs in slices on the engine: one step does one slice and
 * leaves the command at HEAD (not retired), so a caller waiting for the
 * engine's lock gets it within a slice; the last slice retires it.  The
 * pixels are those of the reference model.
 */
static void test_engine_slices(void)
{
    G45Engine e;
    RefBlit r = { .dst = { DST, 2048, false, 4 }, .rop = 0xf0,
                  .pat = RP_SOLID, .wmask = 0xffffffffu, .x1 = 0, .y1 = 0,
                  .x2 = 512, .y2 = 500, .color = 0x0badcafe };
    uint32_t ring[8] = {
        G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_WRITE_RGB |
        G45_BLT_WRITE_ALPHA, br13(4, 0xf0, 2048), xy(0, 0), xy(512, 500),
        DST, 0x0badcafe, 0, 0,
    };
    uint32_t steps = 0, head;

    setup();
    engine_with_ring(&e, ring, sizeof(ring));
    snapshot();
    ref_blit(&r);
    g45_engine_mmio_write(&e, G45_RING_TAIL, sizeof(ring));
    do {
        g_assert_cmpuint(g45_engine_run(&e, 1), ==, 1);
        g45_engine_mmio_read(&e, G45_RING_HEAD, &head);
        steps++;
    } while (head == 0);
    /* 512 x 500 pixels in slices of 64 Ki pixels (whole rows). */
    g_assert_cmpuint(steps, ==, (500 + 127) / 128);
    g_assert_cmpuint(head, ==, 24);
    compare();
    g_assert_cmpuint(e.stats.blts, ==, 1);
    g45_engine_destroy(&e);
}

/* The render ring hands 2D commands to the blitter. */
static void test_through_engine(void)
{
    G45Engine e;
    RefBlit r = { .dst = { DST, 512, false, 4 }, .rop = 0xf0,
                  .pat = RP_SOLID, .wmask = 0xffffffffu, .x1 = 1, .y1 = 1,
                  .x2 = 77, .y2 = 33, .color = 0x55667788 };
    uint32_t ring[8] = {
        G45_2D(G45_BLT_XY_COLOR) | 4 | G45_BLT_WRITE_RGB |
        G45_BLT_WRITE_ALPHA, br13(4, 0xf0, 512), xy(1, 1), xy(77, 33), DST,
        0x55667788, 0, 0,
    };

    setup();
    engine_with_ring(&e, ring, sizeof(ring));
    snapshot();
    ref_blit(&r);
    g45_engine_mmio_write(&e, G45_RING_TAIL, sizeof(ring));
    g_assert_cmpuint(g45_engine_run(&e, 10), ==, 3);
    compare();
    g_assert_cmpuint(e.stats.blts, ==, 1);
    g45_engine_destroy(&e);
}

int main(int argc, char **argv)
{
    int ret;

    g_test_init(&argc, &argv, NULL);
    rnd = g_rand_new_with_seed(45);
    g_test_add_func("/g45-blt/xy-color", test_xy_color);
    g_test_add_func("/g45-blt/src-copy-rops", test_src_copy_rops);
    g_test_add_func("/g45-blt/tiled", test_tiled);
    g_test_add_func("/g45-blt/clip", test_clip);
    g_test_add_func("/g45-blt/overlap", test_overlap);
    g_test_add_func("/g45-blt/all-rops", test_all_rops);
    g_test_add_func("/g45-blt/mono", test_mono);
    g_test_add_func("/g45-blt/text", test_text);
    g_test_add_func("/g45-blt/setup-scanlines-pixel",
                    test_setup_scanlines_pixel);
    g_test_add_func("/g45-blt/legacy-and-bytemask", test_legacy_and_bytemask);
    g_test_add_func("/g45-blt/bounds", test_bounds);
    g_test_add_func("/g45-blt/through-engine", test_through_engine);
    g_test_add_func("/g45-blt/mono-clipped-bounded",
                    test_mono_clipped_bounded);
    g_test_add_func("/g45-blt/slices-identical", test_slices_identical);
    g_test_add_func("/g45-blt/engine-slices", test_engine_slices);
    ret = g_test_run();
    g_rand_free(rnd);
    return ret;
}
