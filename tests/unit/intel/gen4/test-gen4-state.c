/*
 * Unit tests of the Gen4 3D state tracker and per-draw snapshots
 * (hw/intel/gen4/gen4-state.c, gen4-dump.c): crocus's first-draw packet
 * sequence (../shared/reference/crocus-g45.md §2.2) decoded, the indirect
 * states read once per draw, STATE_BASE_ADDRESS's modify bits, vertex
 * buffers by index, replayed context records, and the per-draw dump.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "gen4-test.h"

/* Graphics addresses (= RAM offsets through an identity GTT). */
#define STATE_BO    0x100000    /* SSBA: binding tables, surfaces */
#define VS_ST       0x200000
#define GS_ST       0x200040
#define CLIP_ST     0x200080
#define SF_ST       0x2000c0
#define WM_ST       0x200100
#define CC_ST       0x200140
#define CC_VP       0x200180
#define SF_VP       0x2001c0
#define CLIP_VP     0x200200
#define VS_KERNEL   0x300000
#define PS_KERNEL   0x300400

/* Feed one packet; true if it was a 3DPRIMITIVE. */
/* A kernel assembled into memory at addr. */
/* The unit states and their viewports as crocus lays them out. */
static void put_unit_states(void)
{
    /* VS_STATE: kernel, 1 BT entry, dispatch GRF 1, 32 entries, on. */
    gen4t_w32(VS_ST + 0, VS_KERNEL | (1 << 1));
    gen4t_w32(VS_ST + 4, 1 << 18);
    gen4t_w32(VS_ST + 12, 1 | (1 << 11));
    gen4t_w32(VS_ST + 16, (32 << 11) | (1 << 19) | (15 << 25));
    gen4t_w32(VS_ST + 24, 1);
    /* SF_STATE: viewport transform on, SF_VIEWPORT pointer. */
    gen4t_w32(SF_ST + 20, SF_VP | (1 << 1));
    /* CLIP_STATE: CLIP_VIEWPORT pointer, guard band -1/+1. */
    gen4t_w32(CLIP_ST + 24, CLIP_VP);
    /* WM_STATE: kernel, 2 BT entries, SIMD16, 50 threads. */
    gen4t_w32(WM_ST + 0, PS_KERNEL | (2 << 1));
    gen4t_w32(WM_ST + 4, 2 << 18);
    gen4t_w32(WM_ST + 20, (1 << 1) | (1 << 19) | (49u << 25));
    /* COLOR_CALC_STATE: CC_VIEWPORT pointer. */
    gen4t_w32(CC_ST + 16, CC_VP);
    gen4t_w32(CC_VP + 4, 0x3f800000);             /* max depth 1.0 */
    gen4t_w32(SF_VP + 0, 0x44000000);             /* m00 512.0 */
    gen4t_w32(CLIP_VP + 4, 0x3f800000);
    /* Binding tables (SSBA-relative) and the PS's render target. */
    gen4t_w32(STATE_BO + 0x800, 0x40);            /* VS BT */
    gen4t_w32(STATE_BO + 0x820, 0x80);            /* PS BT: two surfaces */
    gen4t_w32(STATE_BO + 0x824, 0xa0);
    gen4t_w32(STATE_BO + 0x80, (1u << 29) | (0x0c0u << 18));  /* 2D, B8G8R8A8 */
    gen4t_w32(STATE_BO + 0x84, 0x00400000);       /* base */
    gen4t_w32(STATE_BO + 0x88, (767u << 19) | (1023u << 6));
    gen4t_w32(STATE_BO + 0x8c, (4095u << 3) | 2); /* pitch 4096, X-tiled */
}

static void crocus_first_draw(void)
{
    FEED(0x69040000);                    /* PIPELINE_SELECT 3D */
    FEED(0x61020000, 0);                 /* STATE_SIP */
    FEED(0x790a0001, 0, 0);              /* AA_LINE_PARAMETERS */
    FEED(0x79060000, 0);                 /* POLY_STIPPLE_OFFSET */
    FEED(0x61010004, 0x00000001, STATE_BO | 1, 0x00000001,
         0xfffff001, 0x00000001);           /* STATE_BASE_ADDRESS */
    FEED(0x680b0001);                    /* VF_STATISTICS */
    FEED(0x79010003, 0, 0, 0, 0x3f800000);   /* CONSTANT_COLOR */
    FEED(0x78010004, 0x800, 0, 0, 0, 0x820); /* BT pointers */
    FEED(0x79050004, 0xe0000000, 0, 0, 0, 0);    /* null depth */
    FEED(0x78000005, VS_ST, GS_ST, CLIP_ST | 1, SF_ST, WM_ST,
         CC_ST);                            /* PIPELINED_POINTERS */
    FEED(0x60003f01, 0x00000020, 0x18000000);    /* URB_FENCE */
    FEED(0x60010000, 0x34);              /* CS_URB_STATE */
    FEED(0x79000002, 0, (767u << 16) | 1023, 0); /* DRAWING_RECTANGLE */
    FEED(0x78080003, (0u << 27) | 16, 0x500000, 2, 0);  /* one VB */
    FEED(0x78090001, (0u << 27) | (1u << 26) | (0x0c0u << 16),
         0x11110000);                       /* one VE */
    FEED(0x60020100, 0x600000 | 3);      /* CONSTANT_BUFFER */
}

static const uint32_t prim[6] = {
    0x7b000004 | (4 << 10),                 /* 3DPRIMITIVE TRILIST */
    3, 0, 1, 0, 0,
};

static void test_first_draw(void)
{
    static Gen4Draw d;
    uint32_t len;
    const uint32_t *p;

    gen4t_setup();
    put_unit_states();
    crocus_first_draw();
    g_assert_true(gen4t_feed(prim, false));
    g_assert_cmpuint(st.draws, ==, 1);
    g_assert_cmpuint(fake_host_nlogs_total(&fh), ==, 0);
    gen4_draw_snapshot(&st, prim, &d);
    g_assert_false(d.faults);

    /* Bases and the kept packets, as the getters read them. */
    g_assert_cmphex(d.general_base, ==, 0);
    g_assert_cmphex(d.surface_base, ==, STATE_BO);
    p = gen4_draw_packet(&d, G45_CMD_3DSTATE_DRAWING_RECTANGLE, &len);
    g_assert_nonnull(p);
    g_assert_cmpuint(len, ==, 4);
    g_assert_cmphex(p[2], ==, (767u << 16) | 1023);
    g_assert_null(gen4_draw_packet(&d, G45_CMD_3DSTATE_INDEX_BUFFER, &len));
    g_assert_cmpuint(len, ==, 0);
    g_assert_cmphex(d.vb_valid, ==, 1);
    g_assert_cmpuint(g45_vertex_buffer_state_pitch(d.vb[0]), ==, 16);
    g_assert_cmphex(g45_vertex_buffer_state_start(d.vb[0]), ==, 0x500000);

    /* Indirect states, read from memory once. */
    g_assert_cmphex(d.unit_addr[GEN4_VS], ==, VS_ST);
    g_assert_cmphex(d.unit_addr[GEN4_GS], ==, 0);       /* GS off */
    g_assert_cmphex(d.unit_addr[GEN4_CLIP], ==, CLIP_ST);
    g_assert_cmphex(g45_thread_common_kernel_start_pointer(d.unit[GEN4_VS]),
                    ==, VS_KERNEL);
    g_assert_cmpuint(g45_vs_state_number_of_urb_entries(d.unit[GEN4_VS]),
                     ==, 32);
    g_assert_true(g45_wm_state_dispatch_16(d.unit[GEN4_WM]));
    g_assert_cmphex(d.cc_viewport[1], ==, 0x3f800000);
    g_assert_cmphex(d.sf_viewport[0], ==, 0x44000000);
    g_assert_cmphex(d.clip_viewport[1], ==, 0x3f800000);
    g_assert_cmpuint(d.vs_bt_count, ==, 1);
    g_assert_cmpuint(d.ps_bt_count, ==, 2);
    g_assert_cmphex(d.ps_bt[0], ==, 0x80);
    g_assert_cmphex(g45_surface_state_base_address(d.ps_surf[0]), ==,
                    0x00400000);
    g_assert_cmpuint(g45_surface_state_width_minus_1(d.ps_surf[0]), ==,
                     1023);
    g_assert_true(g45_surface_state_tiled(d.ps_surf[0]));
}

/* The dump names every packet and state field by field, and the kernels. */
static void test_dump(void)
{
    static Gen4Draw d;
    char *text = g_malloc(256 * 1024);

    gen4t_setup();
    put_unit_states();
    gen4t_kernel(VS_KERNEL,
               "mov(8) g4<1>F g1<8,8,1>F { align1 };\n"
               "send(8) 0 null g0<8,8,1>UD null fc 0 mlen 1 rlen 0 "
               "{ align1 EOT };\n"
               "mov(8) g5<1>F g1<8,8,1>F { align1 };\n");
    gen4t_kernel(PS_KERNEL,
               "add(16) g6<1>F g2<8,8,1>F 1F { align1 };\n"
               "send(8) 0 null g0<8,8,1>UD null fc 0 mlen 1 rlen 0 "
               "{ align1 EOT };\n");
    crocus_first_draw();
    gen4_draw_snapshot(&st, prim, &d);
    gen4_draw_dump(&st, &d, true, text, 256 * 1024);
    g_test_message("%s", text);
    g_assert_nonnull(strstr(text, "draw: 3DPRIMITIVE len=6"));
    g_assert_nonnull(strstr(text, "topology=TRILIST"));
    g_assert_nonnull(strstr(text, "STATE_BASE_ADDRESS len=6"));
    g_assert_nonnull(strstr(text, "3DSTATE_PIPELINED_POINTERS len=7"));
    g_assert_nonnull(strstr(text, "clip_enable=1"));
    g_assert_nonnull(strstr(text, "VS_STATE @0x00200000:"));
    g_assert_nonnull(strstr(text, "number_of_urb_entries=32"));
    g_assert_nonnull(strstr(text, "WM_STATE @0x00200100:"));
    g_assert_nonnull(strstr(text, "dispatch_16=1"));
    g_assert_nonnull(strstr(text, "PS surface [0] @0x00100080:"));
    g_assert_nonnull(strstr(text, "VS kernel @0x00300000:"));
    g_assert_nonnull(strstr(text, "0000: mov(8)"));
    /* The kernel ends at EOT: the mov after it is not shown. */
    g_assert_null(strstr(text, "0020: mov"));
    g_assert_nonnull(strstr(text, "WM kernel @0x00300400:"));
    g_assert_nonnull(strstr(text, "0000: add(16)"));
    g_free(text);
}

/* STATE_BASE_ADDRESS changes only the addresses whose modify bit is set. */
static void test_base_address_modify(void)
{

    gen4t_setup();
    FEED(0x61010004, 0x00010001, 0x00020001, 0x00030001, 0, 0);
    g_assert_cmphex(st.general_base, ==, 0x10000);
    g_assert_cmphex(st.surface_base, ==, 0x20000);
    g_assert_cmphex(st.indirect_base, ==, 0x30000);
    FEED(0x61010004, 0x00050000, 0x00060001, 0x00070000, 0, 0);
    g_assert_cmphex(st.general_base, ==, 0x10000);
    g_assert_cmphex(st.surface_base, ==, 0x60000);
    g_assert_cmphex(st.indirect_base, ==, 0x30000);
}

/* 3DSTATE_VERTEX_BUFFERS updates the buffers it names, by index. */
static void test_vertex_buffers_by_index(void)
{

    gen4t_setup();
    FEED(0x78080007, (0u << 27) | 12, 0x1000, 9, 0,
         (3u << 27) | 20, 0x3000, 9, 0);
    FEED(0x78080003, (3u << 27) | 32, 0x4000, 9, 0);
    g_assert_cmphex(st.vb_valid, ==, (1u << 0) | (1u << 3));
    g_assert_cmphex(st.vb[0][1], ==, 0x1000);
    g_assert_cmphex(st.vb[3][1], ==, 0x4000);
    g_assert_cmpuint(g45_vertex_buffer_state_pitch(st.vb[3]), ==, 32);
}

/*
 * Records replayed from a context image restore state but draw nothing; a
 * restore starts from nothing (no state of another context survives); a
 * reset forgets everything.
 */
static void test_replay_and_reset(void)
{
    static const uint32_t rect[4] = { 0x79000002, 0, 0x00ff00ff, 0 };
    static Gen4Draw d;
    uint32_t len;

    gen4t_setup();
    g_assert_false(gen4t_feed(rect, true));
    g_assert_false(gen4t_feed(prim, true));
    g_assert_cmpuint(st.draws, ==, 1);
    gen4_draw_snapshot(&st, prim, &d);
    g_assert_nonnull(gen4_draw_packet(&d, G45_CMD_3DSTATE_DRAWING_RECTANGLE,
                                      &len));
    /* A context restore begins: the previous context's state goes. */
    g_assert_false(gen4_state_command(&st, NULL, 0, true));
    gen4_draw_snapshot(&st, prim, &d);
    g_assert_null(gen4_draw_packet(&d, G45_CMD_3DSTATE_DRAWING_RECTANGLE,
                                   &len));
    g_assert_cmpuint(st.draws, ==, 1);
    g_assert_false(gen4t_feed(rect, true));
    gen4_state_reset(&st);
    gen4_draw_snapshot(&st, prim, &d);
    g_assert_null(gen4_draw_packet(&d, G45_CMD_3DSTATE_DRAWING_RECTANGLE,
                                   &len));
    g_assert_cmpuint(st.draws, ==, 0);
}

/* State pointers into unmapped memory read zeros and are flagged. */
static void test_unmapped_state(void)
{
    static Gen4Draw d;

    gen4t_setup();
    FEED(0x78000005, 0x7ffff000, 0, 0, 0, 0, 0);
    gen4_draw_snapshot(&st, prim, &d);
    g_assert_true(d.faults);
    g_assert_cmphex(d.unit[GEN4_VS][0], ==, 0);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/gen4-state/first-draw", test_first_draw);
    g_test_add_func("/gen4-state/dump", test_dump);
    g_test_add_func("/gen4-state/base-address-modify",
                    test_base_address_modify);
    g_test_add_func("/gen4-state/vertex-buffers-by-index",
                    test_vertex_buffers_by_index);
    g_test_add_func("/gen4-state/replay-and-reset", test_replay_and_reset);
    g_test_add_func("/gen4-state/unmapped-state", test_unmapped_state);
    return g_test_run();
}
