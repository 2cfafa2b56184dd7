/*
 * Unit tests of line rasterisation (hw/render/raster.c): the pixels the
 * diamond-exit rule lights for horizontal, vertical, diagonal and
 * between-rows lines, derived by hand from the G45 PRM's rules (§7.3.12.3:
 * the start pixel is drawn, the end pixel not, the bottom corner counts,
 * the top one not); wide lines as parallelograms; the work bound.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/render/raster.h"

static char grid[16][16];
static const int32_t clip[4] = { 0, 0, 15, 15 };

static void put(void *opaque, int32_t x, int32_t y)
{
    g_assert_cmpint(grid[y][x], ==, 0);         /* each pixel once */
    grid[y][x] = 1;
}

/* The grid lit exactly at the listed (x, y) pairs. */
static void expect(const int (*xy)[2], int n)
{
    char want[16][16];

    memset(want, 0, sizeof(want));
    for (int i = 0; i < n; i++) {
        want[xy[i][1]][xy[i][0]] = 1;
    }
    for (int y = 0; y < 16; y++) {
        for (int x = 0; x < 16; x++) {
            if (grid[y][x] != want[y][x]) {
                g_error("pixel (%d, %d): %d, expected %d", x, y, grid[y][x],
                        want[y][x]);
            }
        }
    }
    memset(grid, 0, sizeof(grid));
}

static void line(double x0, double y0, double x1, double y1)
{
    uint64_t budget = 1u << 20;

    g_assert_true(hwgpu_line_diamond(x0, y0, x1, y1, 0.5, 0.5, false, clip,
                                     &budget, put, NULL));
}

static void test_diamond(void)
{
    static const int h[][2] = { { 0, 0 }, { 1, 0 }, { 2, 0 }, { 3, 0 } };
    static const int v[][2] = { { 2, 1 }, { 2, 2 }, { 2, 3 }, { 2, 4 } };
    static const int d[][2] = { { 0, 0 }, { 1, 1 }, { 2, 2 } };
    static const int back[][2] = { { 4, 0 }, { 3, 0 }, { 2, 0 }, { 1, 0 } };

    /* through the pixel centres: from the first, the last not drawn */
    line(0.5, 0.5, 4.5, 0.5);
    expect(h, 4);
    line(2.5, 1.5, 2.5, 5.5);
    expect(v, 4);
    line(0.5, 0.5, 3.5, 3.5);
    expect(d, 3);
    /* the other way round: the other end is left out */
    line(4.5, 0.5, 0.5, 0.5);
    expect(back, 4);
    /* exactly between rows 0 and 1: the bottom corners of row 0 */
    line(0.0, 1.0, 4.0, 1.0);
    expect(h, 4);
}

static void test_wide_and_bounded(void)
{
    static const int w2[][2] = {
        { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 },
        { 0, 2 }, { 1, 2 }, { 2, 2 }, { 3, 2 },
    };
    uint64_t budget = 1u << 20;

    g_assert_true(hwgpu_line_wide(0, 2, 4, 2, 2, 0.5, 0.5, clip, &budget,
                                  put, NULL));
    expect(w2, 8);
    /* a huge line stops at the budget instead of running for ever */
    budget = 1000;
    g_assert_false(hwgpu_line_diamond(0, 0, 60000, 1, 0.5, 0.5, false, clip,
                                      &budget, put, NULL));
    g_assert_cmpuint(budget, ==, 0);
    memset(grid, 0, sizeof(grid));
    /* non-finite coordinates light nothing and cost nothing */
    budget = 1000;
    g_assert_true(hwgpu_line_diamond(NAN, 0, 4, INFINITY, 0.5, 0.5, false,
                                     clip, &budget, put, NULL));
    g_assert_true(hwgpu_line_wide(0, NAN, 4, 2, INFINITY, 0.5, 0.5, clip,
                                  &budget, put, NULL));
    g_assert_cmpuint(budget, ==, 1000);
    expect(NULL, 0);
}

/* A coordinate as guests produce them: anywhere, on the sub-pixel grid,
 * on a pixel centre or edge, now and then huge or not a number. */
static float coord(GRand *r)
{
    switch (g_rand_int_range(r, 0, 16)) {
    case 0:
        return g_rand_int_range(r, -8, 72) + 0.5f;
    case 1:
        return (float)g_rand_int_range(r, -8, 72);
    case 2:
        return g_rand_int_range(r, -128, 1152) / 16.0f;
    case 3:
        return g_rand_boolean(r) ? NAN : g_rand_boolean(r) ? INFINITY
                                                           : 1e30f;
    case 4:
        return (float)g_rand_double_range(r, -1e6, 1e6);
    default:
        return (float)g_rand_double_range(r, -20, 84);
    }
}

/* Triangle t of the random set (every 7th degenerate: a line, a point);
 * returns its sample bias. */
static float rand_triangle(GRand *r, int t, float x[3], float y[3])
{
    for (int k = 0; k < 3; k++) {
        x[k] = coord(r);
        y[k] = coord(r);
    }
    if (t % 7 == 0) {
        x[2] = x[1];
        y[2] = t % 14 ? y[1] : y[0];
    }
    return t & 1 ? 0.5f : 0.0f;
}

/*
 * hwgpu_cover_quad's shortcut against the per-sample reference: wherever
 * it decides a quad, all four samples agree with it; and it does decide
 * most quads of ordinary triangles (else the shortcut is dead code).
 */
static void test_cover_quad(void)
{
    GRand *r = g_rand_new_with_seed(0x9e4a);
    uint64_t decided = 0, asked = 0, wrong = 0;

    for (int t = 0; t < 4000; t++) {
        HwgpuCoverage c;
        float x[3], y[3], bias = rand_triangle(r, t, x, y);

        hwgpu_cover_init(&c, t % 5 == 0, x, y);
        for (int qy = -8; qy < 72; qy += 2) {
            for (int qx = -8; qx < 72; qx += 2) {
                float fx = qx + bias, fy = qy + bias;
                unsigned q = hwgpu_cover_quad(&c, fx, fy);

                if (q == HWGPU_COVER_SOME) {
                    asked++;
                    continue;
                }
                decided++;
                for (int i = 0; i < 4; i++) {
                    bool in = hwgpu_cover_sample(&c, fx + (i & 1),
                                                 fy + (i >> 1));

                    if (in != (q == 0xf)) {
                        if (!wrong++) {
                            g_test_message("triangle (%g,%g) (%g,%g) (%g,%g) "
                                           "quad (%g,%g) sample %d: %u",
                                           x[0], y[0], x[1], y[1], x[2],
                                           y[2], fx, fy, i, q);
                        }
                    }
                }
            }
        }
    }
    g_test_message("quads decided %" G_GUINT64_FORMAT ", asked %"
                   G_GUINT64_FORMAT, decided, asked);
    g_assert_cmpuint(wrong, ==, 0);
    g_assert_cmpuint(decided, >, 4 * asked);
    g_rand_free(r);
}

/*
 * hwgpu_cover_row against hwgpu_cover_quad: every quad of a row's range is
 * one the quad test finds all inside, over the same random, degenerate
 * and non-finite triangles and rectangles; and the ranges hold most of
 * the inside quads of each kind (else the row test is dead code).
 */
static void test_cover_row(void)
{
    GRand *r = g_rand_new_with_seed(0x9e4a);
    uint64_t inside[2] = { 0, 0 }, spanned[2] = { 0, 0 }, wrong = 0;

    for (int t = 0; t < 4000; t++) {
        HwgpuCoverage c;
        float x[3], y[3], bias = rand_triangle(r, t, x, y);
        bool rect = t % 5 == 0;

        hwgpu_cover_init(&c, rect, x, y);
        for (int qy = -8; qy < 72; qy += 2) {
            int32_t in0 = 1, in1 = 0;

            hwgpu_cover_row(&c, -8, 71, bias, qy + bias, &in0, &in1);
            for (int qx = -8; qx < 72; qx += 2) {
                unsigned q = hwgpu_cover_quad(&c, qx + bias, qy + bias);

                inside[rect] += q == 0xf;
                if (qx >= in0 && qx <= in1) {
                    spanned[rect]++;
                    if (q != 0xf && !wrong++) {
                        g_test_message("triangle (%g,%g) (%g,%g) (%g,%g) "
                                       "row %d: range %d..%d holds quad %d "
                                       "(%u)", x[0], y[0], x[1], y[1], x[2],
                                       y[2], qy, in0, in1, qx, q);
                    }
                }
            }
        }
    }
    for (int k = 0; k < 2; k++) {
        g_test_message("%s: quads all inside %" G_GUINT64_FORMAT
                       ", in the ranges %" G_GUINT64_FORMAT,
                       k ? "rectangles" : "triangles", inside[k], spanned[k]);
        g_assert_cmpuint(spanned[k], >, inside[k] * 3 / 4);
    }
    g_assert_cmpuint(wrong, ==, 0);
    g_rand_free(r);
}

/*
 * hwgpu_cover_span against hwgpu_cover_quad: every quad it leaves out of
 * a row is one the quad test finds empty, over the same random,
 * degenerate and non-finite triangles and rectangles, on rows starting at
 * even and odd x; and it leaves out most of the empty quads of each kind
 * (else the span is dead code).
 */
static void test_cover_span(void)
{
    GRand *r = g_rand_new_with_seed(0x5a17);
    uint64_t empty[2] = { 0, 0 }, skipped[2] = { 0, 0 }, wrong = 0;

    for (int t = 0; t < 4000; t++) {
        HwgpuCoverage c;
        float x[3], y[3], bias = rand_triangle(r, t, x, y);
        bool rect = t % 5 == 0;
        int32_t x0 = -8 - (t & 2) + (t & 4 ? 1 : 0), x1 = 71 - (t & 8);

        hwgpu_cover_init(&c, rect, x, y);
        for (int qy = -8; qy < 72; qy += 2) {
            int32_t o0, o1;

            hwgpu_cover_span(&c, x0, x1, bias, qy + bias, &o0, &o1);
            g_assert_cmpint((o0 - x0) & 1, ==, 0);
            g_assert_cmpint((o1 - x0) & 1, ==, 0);
            for (int qx = x0; qx <= x1; qx += 2) {
                unsigned q = hwgpu_cover_quad(&c, qx + bias, qy + bias);

                empty[rect] += q == 0;
                if (qx < o0 || qx > o1) {
                    skipped[rect]++;
                    if (q != 0 && !wrong++) {
                        g_test_message("%s (%g,%g) (%g,%g) (%g,%g) row %d: "
                                       "span %d..%d leaves out quad %d (%u)",
                                       rect ? "rectangle" : "triangle",
                                       x[0], y[0], x[1], y[1], x[2], y[2],
                                       qy, o0, o1, qx, q);
                    }
                }
            }
        }
    }
    for (int k = 0; k < 2; k++) {
        g_test_message("%s: empty quads %" G_GUINT64_FORMAT
                       ", left out %" G_GUINT64_FORMAT,
                       k ? "rectangles" : "triangles", empty[k], skipped[k]);
        g_assert_cmpuint(skipped[k], >, empty[k] / 2);
    }
    g_assert_cmpuint(wrong, ==, 0);
    g_rand_free(r);
}

/*
 * Ties, quads cut by the edges included: (2.5,2.5) -> (10.5,10.5) ->
 * (2.5,10.5), clockwise with y down, its vertices on sample points.  The
 * left edge (x = 2.5) keeps its samples; the bottom (y = 10.5) and the
 * diagonal do not: sample (j, i) is lit for j >= 2, i <= 9 and i > j,
 * 1 + 2 + ... + 7 of them.
 */
static void test_cover_ties(void)
{
    static const float x[3] = { 2.5f, 10.5f, 2.5f };
    static const float y[3] = { 2.5f, 10.5f, 10.5f };
    HwgpuCoverage c;
    int lit = 0;

    hwgpu_cover_init(&c, false, x, y);
    for (int py = 0; py < 16; py += 2) {
        for (int px = 0; px < 16; px += 2) {
            unsigned q = hwgpu_cover_quad(&c, px + 0.5f, py + 0.5f);

            for (int i = 0; i < 4; i++) {
                int sx = px + (i & 1), sy = py + (i >> 1);
                bool in = hwgpu_cover_sample(&c, sx + 0.5f, sy + 0.5f);

                g_assert_cmpint(in, ==, sx >= 2 && sy <= 9 && sy > sx);
                lit += in;
                if (q != HWGPU_COVER_SOME) {
                    g_assert_cmpint(in, ==, q == 0xf);
                }
            }
        }
    }
    g_assert_cmpint(lit, ==, 28);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/render/raster/diamond", test_diamond);
    g_test_add_func("/render/raster/wide-and-bounded", test_wide_and_bounded);
    g_test_add_func("/render/raster/cover-quad", test_cover_quad);
    g_test_add_func("/render/raster/cover-ties", test_cover_ties);
    g_test_add_func("/render/raster/cover-row", test_cover_row);
    g_test_add_func("/render/raster/cover-span", test_cover_span);
    return g_test_run();
}
