/*
 * Unit tests of the Gen4 vertex fetch unit (hw/intel/gen4/gen4-vf.c)
 * against the G45 PRM's VF pseudocode (seed 000 §3.6): sequential and
 * indexed fetch, the cut index, base vertex, instance data with a step
 * rate, zeros past Max Index, component selection, PrimitiveID per
 * topology and the PrimStart/PrimEnd delimiters.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-vf.h"
#include "gen4-test.h"

static Gen4Draw dr;

#define VB0     0x10000
#define VB1     0x20000
#define IB      0x30000

/* What the VF emitted. */
#define MAXV 64
static Gen4Vertex out[MAXV];
static int nout;

static void collect(void *opaque, const Gen4Vertex *v)
{
    g_assert_cmpint(nout, <, MAXV);
    out[nout++] = *v;
}

static void setup(void)
{
    gen4t_setup();
    nout = 0;
}

#define FMT(name) (G45_SURFACE_FORMAT_##name << 16)
#define VE_VALID (1u << 26)
/* Component controls, component 0 in bits 30:28 ... 3 in 18:16. */
#define COMP(c0, c1, c2, c3) ((G45_VFCOMP_##c0 << 28) | \
                              (G45_VFCOMP_##c1 << 24) | \
                              (G45_VFCOMP_##c2 << 20) | \
                              (G45_VFCOMP_##c3 << 16))

static void run(uint32_t topology, bool random, uint32_t count,
                uint32_t start, uint32_t instances, int32_t base)
{
    uint32_t prim[6] = {
        0x7b000004 | (topology << 10) | (random ? 1u << 15 : 0),
        count, start, instances, 0, (uint32_t)base,
    };

    gen4_draw_snapshot(&st, prim, &dr);
    gen4_vf_run(&st, &dr, collect, NULL);
}

/* Position (R32G32B32_FLOAT + 1.0) and colour (R8G8B8A8_UNORM). */
static void test_sequential(void)
{
    static const uint8_t rgba[4] = { 255, 0, 51, 255 };

    setup();
    for (int i = 0; i < 4; i++) {
        gen4t_wf(VB0 + i * 16 + 0, i);
        gen4t_wf(VB0 + i * 16 + 4, 10 + i);
        gen4t_wf(VB0 + i * 16 + 8, 20 + i);
        memcpy(&gen4t_ram[VB0 + i * 16 + 12], rgba, 4);
    }
    FEED(0x78080003, (0u << 27) | 16, VB0, 3, 0);       /* VB0, pitch 16 */
    FEED(0x78090003,
         FMT(R32G32B32_FLOAT) | VE_VALID | 0,
         COMP(STORE_SRC, STORE_SRC, STORE_SRC, STORE_1_FP) | 0,
         FMT(R8G8B8A8_UNORM) | VE_VALID | 12,
         COMP(STORE_SRC, STORE_SRC, STORE_SRC, STORE_SRC) | 4);
    run(G45_3DPRIM_TRILIST, false, 3, 1, 1, 0);
    g_assert_cmpint(nout, ==, 3);
    for (int i = 0; i < 3; i++) {
        g_assert_cmpuint(out[i].index, ==, 1 + i);
        g_assert_cmpuint(out[i].vertex_id, ==, i);
        g_assert_cmpfloat(hwgpu_u2f(out[i].data[0]), ==, 1 + i);
        g_assert_cmpfloat(hwgpu_u2f(out[i].data[1]), ==, 11 + i);
        g_assert_cmpfloat(hwgpu_u2f(out[i].data[2]), ==, 21 + i);
        g_assert_cmpfloat(hwgpu_u2f(out[i].data[3]), ==, 1.0f);
        g_assert_cmpfloat(hwgpu_u2f(out[i].data[4]), ==, 1.0f);
        g_assert_cmpfloat(hwgpu_u2f(out[i].data[5]), ==, 0.0f);
        g_assert_cmpfloat_with_epsilon(hwgpu_u2f(out[i].data[6]), 0.2f, 1e-7);
        g_assert_cmpuint(out[i].ndw, ==, 8);
        g_assert_cmpuint(out[i].prim_id, ==, 0);
    }
    g_assert_true(out[0].prim_start);
    g_assert_false(out[1].prim_start || out[1].prim_end);
    g_assert_true(out[2].prim_end);
    /* Index 4 is past Max Index 3: the fetch returns zeros. */
    nout = 0;
    run(G45_3DPRIM_POINTLIST, false, 2, 3, 1, 0);
    g_assert_cmpint(nout, ==, 2);
    g_assert_cmpfloat(hwgpu_u2f(out[0].data[0]), ==, 3.0f);
    g_assert_cmpfloat(hwgpu_u2f(out[1].data[0]), ==, 0.0f);
    g_assert_cmpfloat(hwgpu_u2f(out[1].data[3]), ==, 1.0f);   /* a constant */
    /* Max Index 0 turns the check off (crocus's vertex buffers). */
    gen4t_wf(VB0 + 4 * 16, 4);
    FEED(0x78080003, (0u << 27) | 16, VB0, 0, 0);
    nout = 0;
    run(G45_3DPRIM_POINTLIST, false, 2, 3, 1, 0);
    g_assert_cmpint(nout, ==, 2);
    g_assert_cmpfloat(hwgpu_u2f(out[0].data[0]), ==, 3.0f);
    g_assert_cmpfloat(hwgpu_u2f(out[1].data[0]), ==, 4.0f);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
}

/* 16-bit indices with the cut index, base vertex, generated IDs. */
static void test_indexed_cut(void)
{
    static const uint16_t idx[] = { 0, 1, 2, 0xffff, 2, 1, 0 };

    setup();
    memcpy(&gen4t_ram[IB], idx, sizeof(idx));
    for (int i = 0; i < 8; i++) {
        uint32_t v = 100 + i;

        memcpy(&gen4t_ram[VB0 + i * 4], &v, 4);
    }
    FEED(0x78080003, (0u << 27) | 4, VB0, 7, 0);
    FEED(0x78090001, FMT(R32_UINT) | VE_VALID,
         COMP(STORE_SRC, STORE_VID, STORE_IID, STORE_PID));
    FEED(0x780a0001 | (1u << 8) | (1u << 10), IB, IB + sizeof(idx) - 1);
    run(G45_3DPRIM_TRISTRIP, true, 7, 0, 1, 5);
    g_assert_cmpint(nout, ==, 6);
    g_assert_cmpuint(out[0].data[0], ==, 105);          /* 0 + base 5 */
    g_assert_cmpuint(out[0].data[1], ==, 0);            /* VertexID: IB */
    g_assert_cmpuint(out[4].data[0], ==, 106);
    g_assert_cmpuint(out[4].data[1], ==, 1);
    g_assert_true(out[0].prim_start && !out[0].prim_end);
    g_assert_true(out[2].prim_end);                     /* the cut */
    g_assert_true(out[3].prim_start);
    g_assert_true(out[5].prim_end);
    g_assert_cmpuint(out[5].index, ==, 5);
    /* Without Cut Index Enable 0xffff is an index (past Max Index). */
    nout = 0;
    FEED(0x780a0001 | (1u << 8), IB, IB + sizeof(idx) - 1);
    run(G45_3DPRIM_TRISTRIP, true, 7, 0, 1, 0);
    g_assert_cmpint(nout, ==, 7);
    g_assert_cmpuint(out[3].data[0], ==, 0);
    g_assert_cmpuint(out[3].data[1], ==, 0xffff);
}

/* Instance data with a step rate; InstanceID in the vertex. */
static void test_instancing(void)
{
    setup();
    for (int i = 0; i < 4; i++) {
        gen4t_wf(VB0 + i * 4, i);                 /* per vertex */
        gen4t_wf(VB1 + i * 4, 50 + i);            /* per instance */
    }
    FEED(0x78080007, (0u << 27) | 4, VB0, 3, 0,
         (1u << 27) | (1u << 26) | 4, VB1, 3, 2);       /* step rate 2 */
    FEED(0x78090003,
         FMT(R32_FLOAT) | VE_VALID | (0u << 27),
         COMP(STORE_SRC, STORE_0, STORE_0, STORE_1_FP) | 0,
         FMT(R32_FLOAT) | VE_VALID | (1u << 27),
         COMP(STORE_SRC, STORE_IID, NOSTORE, NOSTORE) | 4);
    run(G45_3DPRIM_POINTLIST, false, 2, 0, 4, 0);
    g_assert_cmpint(nout, ==, 8);
    for (int i = 0; i < 8; i++) {
        uint32_t inst = i / 2;

        g_assert_cmpfloat(hwgpu_u2f(out[i].data[0]), ==, i % 2);
        g_assert_cmpfloat(hwgpu_u2f(out[i].data[4]), ==, 50 + inst / 2);
        g_assert_cmpuint(out[i].data[5], ==, inst);
        g_assert_cmpuint(out[i].data[6], ==, 0);        /* no store */
        g_assert_cmpuint(out[i].instance_id, ==, inst);
        g_assert_true(out[i].prim_end == (i % 2 == 1)); /* per instance */
    }
}

/* PrimitiveID follows the S/R rule of each topology (§3.6.13). */
static void test_primitive_id(void)
{
    static const struct {
        uint32_t topology;
        uint32_t ids[9];
    } cases[] = {
        { G45_3DPRIM_POINTLIST, { 0, 1, 2, 3, 4, 5, 6, 7, 8 } },
        { G45_3DPRIM_LINELIST, { 0, 0, 1, 1, 2, 2, 3, 3, 4 } },
        { G45_3DPRIM_TRILIST, { 0, 0, 0, 1, 1, 1, 2, 2, 2 } },
        { G45_3DPRIM_TRISTRIP, { 0, 0, 0, 1, 2, 3, 4, 5, 6 } },
        { G45_3DPRIM_QUADSTRIP, { 0, 0, 0, 0, 1, 1, 2, 2, 3 } },
        { G45_3DPRIM_LINESTRIP, { 0, 0, 1, 2, 3, 4, 5, 6, 7 } },
    };

    setup();
    FEED(0x78090001, FMT(R32_UINT) | VE_VALID,
         COMP(STORE_PID, NOSTORE, NOSTORE, NOSTORE));
    for (unsigned c = 0; c < G_N_ELEMENTS(cases); c++) {
        nout = 0;
        run(cases[c].topology, false, 9, 0, 1, 0);
        g_assert_cmpint(nout, ==, 9);
        for (int i = 0; i < 9; i++) {
            g_assert_cmpuint(out[i].prim_id, ==, cases[c].ids[i]);
            g_assert_cmpuint(out[i].data[0], ==, cases[c].ids[i]);
        }
    }
}

/* Hostile input: no index buffer, bad formats, buffers off the GTT. */
static void test_bad_input(void)
{
    setup();
    FEED(0x78090001, (0x1ffu << 16) | VE_VALID,         /* no such format */
         COMP(STORE_SRC, STORE_SRC, STORE_SRC, STORE_SRC));
    FEED(0x78080003, (0u << 27) | 2047, 0xfffff000, 0xffffffff, 0);
    run(G45_3DPRIM_POINTLIST, false, 4, 0xfffffff0, 1, 0);
    g_assert_cmpint(nout, ==, 4);
    g_assert_cmpuint(out[0].data[0], ==, 0);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), >=, 1);
    nout = 0;
    run(G45_3DPRIM_POINTLIST, true, 4, 0, 1, 0);        /* no IB */
    g_assert_cmpint(nout, ==, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gen4-vf/sequential", test_sequential);
    g_test_add_func("/gen4-vf/indexed-cut", test_indexed_cut);
    g_test_add_func("/gen4-vf/instancing", test_instancing);
    g_test_add_func("/gen4-vf/primitive-id", test_primitive_id);
    g_test_add_func("/gen4-vf/bad-input", test_bad_input);
    return g_test_run();
}
