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

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/render/raster/diamond", test_diamond);
    g_test_add_func("/render/raster/wide-and-bounded", test_wide_and_bounded);
    return g_test_run();
}
