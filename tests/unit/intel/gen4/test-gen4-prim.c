/*
 * Unit tests of Gen4 primitive assembly (hw/intel/gen4/gen4-prim.c)
 * against the G45 PRM's decomposition pseudocode (seed 000 §7.2): object
 * vertex order per topology, provoking vertices, strip orientation,
 * back-facing and stipple flags, dangling vertices dropped.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-prim.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

static Gen4Object objs[32];
static int nobjs;

static void collect(void *opaque, const Gen4Object *o)
{
    g_assert_cmpint(nobjs, <, G_N_ELEMENTS(objs));
    objs[nobjs++] = *o;
}

static int run(uint32_t topology, uint32_t first, uint32_t count,
               uint8_t tristrip_pv, uint8_t trifan_pv, uint8_t line_pv)
{
    Gen4Provoking pv = { tristrip_pv, trifan_pv, line_pv };

    nobjs = 0;
    return gen4_prim_decompose(topology, first, count, &pv, collect, NULL);
}

static void check(int i, uint32_t a, uint32_t b, uint32_t c)
{
    g_assert_cmpuint(objs[i].v[0], ==, a);
    if (objs[i].nv > 1) {
        g_assert_cmpuint(objs[i].v[1], ==, b);
    }
    if (objs[i].nv > 2) {
        g_assert_cmpuint(objs[i].v[2], ==, c);
    }
}

static void test_lists(void)
{
    g_assert_cmpint(run(G45_3DPRIM_POINTLIST_BF, 10, 3, 0, 0, 0), ==, 3);
    g_assert_cmpint(objs[2].type, ==, GEN4_OBJ_POINT);
    g_assert_true(objs[0].back_facing);
    check(2, 12, 0, 0);
    /* A 5-vertex line list makes 2 lines; the 5th vertex dangles. */
    g_assert_cmpint(run(G45_3DPRIM_LINELIST, 0, 5, 0, 0, 1), ==, 2);
    check(1, 2, 3, 0);
    g_assert_cmpuint(objs[1].provoking, ==, 1);
    g_assert_false(objs[1].continue_stipple);
    /* A 7-vertex triangle list makes 2 triangles. */
    g_assert_cmpint(run(G45_3DPRIM_TRILIST, 0, 7, 2, 0, 0), ==, 2);
    check(0, 0, 1, 2);
    check(1, 3, 4, 5);
    g_assert_cmpuint(objs[0].provoking, ==, 2);
    g_assert_true(objs[0].poly_stipple);
    g_assert_false(objs[1].invert_orientation);
    g_assert_cmpint(run(G45_3DPRIM_RECTLIST, 3, 3, 2, 0, 0), ==, 1);
    g_assert_cmpint(objs[0].type, ==, GEN4_OBJ_RECTANGLE);
    g_assert_cmpuint(objs[0].provoking, ==, 0);
    check(0, 3, 4, 5);
}

static void test_strips_and_fans(void)
{
    /* Strip triangles alternate orientation: v0v1v2, v1v2v3, ... */
    g_assert_cmpint(run(G45_3DPRIM_TRISTRIP, 0, 5, 0, 0, 0), ==, 3);
    check(1, 1, 2, 3);
    check(2, 2, 3, 4);
    g_assert_false(objs[0].invert_orientation);
    g_assert_true(objs[1].invert_orientation);
    g_assert_false(objs[2].invert_orientation);
    g_assert_cmpint(run(G45_3DPRIM_TRISTRIP_REVERSE, 0, 4, 0, 0, 0), ==, 2);
    g_assert_true(objs[0].invert_orientation);
    g_assert_false(objs[1].invert_orientation);
    /* Fans share v0; the polygon forces provoking vertex 0. */
    g_assert_cmpint(run(G45_3DPRIM_TRIFAN, 0, 5, 0, 2, 0), ==, 3);
    check(0, 0, 1, 2);
    check(2, 0, 3, 4);
    g_assert_cmpuint(objs[0].provoking, ==, 2);
    g_assert_cmpint(run(G45_3DPRIM_POLYGON, 0, 4, 0, 2, 0), ==, 2);
    g_assert_cmpuint(objs[0].provoking, ==, 0);
    g_assert_cmpint(run(G45_3DPRIM_TRIFAN_NOSTIPPLE, 0, 3, 0, 1, 0), ==, 1);
    g_assert_false(objs[0].poly_stipple);
    /* Line strips: v0v1, v1v2, ...; stipple continues after the first. */
    g_assert_cmpint(run(G45_3DPRIM_LINESTRIP, 0, 4, 0, 0, 0), ==, 3);
    check(2, 2, 3, 0);
    g_assert_false(objs[0].continue_stipple);
    g_assert_true(objs[1].continue_stipple);
    g_assert_cmpint(run(G45_3DPRIM_LINESTRIP_CONT_BF, 0, 2, 0, 0, 0), ==, 1);
    g_assert_true(objs[0].continue_stipple);
    g_assert_true(objs[0].back_facing);
}

static void test_degenerate_and_unsupported(void)
{
    g_assert_cmpint(run(G45_3DPRIM_TRISTRIP, 0, 2, 0, 0, 0), ==, 0);
    g_assert_cmpint(run(G45_3DPRIM_TRIFAN, 0, 0, 0, 0, 0), ==, 0);
    g_assert_cmpint(run(G45_3DPRIM_LINESTRIP, 0, 1, 0, 0, 0), ==, 0);
    g_assert_cmpint(nobjs, ==, 0);
    /* Provoking selections beyond the object are clamped. */
    g_assert_cmpint(run(G45_3DPRIM_LINELIST, 0, 2, 0, 0, 3), ==, 1);
    g_assert_cmpuint(objs[0].provoking, ==, 1);
    g_assert_cmpint(run(G45_3DPRIM_QUADLIST, 0, 4, 0, 0, 0), ==, -1);
    g_assert_cmpint(run(G45_3DPRIM_LINELOOP, 0, 4, 0, 0, 0), ==, -1);
    g_assert_cmpint(run(0x1f, 0, 4, 0, 0, 0), ==, -1);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gen4-prim/lists", test_lists);
    g_test_add_func("/gen4-prim/strips-and-fans", test_strips_and_fans);
    g_test_add_func("/gen4-prim/degenerate-and-unsupported",
                    test_degenerate_and_unsupported);
    return g_test_run();
}
