/*
 * Unit tests of the generated G45 command description
 * (hw/intel/g45/g45-commands.xml -> g45-cmd-gen.[ch]): every layout is
 * consistent, the table agrees with the builder macros of g45-cmd.h, and
 * 3D commands and state structures decode field by field.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/common/cmdfield.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

static float f32(uint32_t v)
{
    return hwgpu_u2f(v);
}

static uint32_t u32(float f)
{
    uint32_t v;

    memcpy(&v, &f, sizeof(v));
    return v;
}

/* Every row: fields inside the length, no overlaps, no header bits. */
static void test_layouts_consistent(void)
{
    const HwgpuLayout *l;
    unsigned n = 0;

    for (unsigned i = 0; (l = g45_cmd_layout(i)); i++, n++) {
        const char *why = hwgpu_layout_check(l);

        if (why) {
            g_test_message("%s", why);
        }
        g_assert_null(why);
    }
    g_assert_cmpuint(n, ==, G45_CMD__COUNT);
    for (unsigned i = 0; (l = g45_state_layout(i)); i++) {
        const char *why = hwgpu_layout_check(l);

        if (why) {
            g_test_message("%s", why);
        }
        g_assert_null(why);
        g_assert_cmpuint(l->hdr_mask, ==, 0);
    }
}

/* The check itself finds what it is meant to find. */
static void test_layout_check_rejects(void)
{
    static const HwgpuFieldDesc overlap[] = {
        { "a", 1, 0, 7, HWGPU_FIELD_UINT },
        { "b", 1, 4, 11, HWGPU_FIELD_UINT },
    };
    static const HwgpuFieldDesc beyond[] = {
        { "a", 2, 0, 7, HWGPU_FIELD_UINT },
    };
    static const HwgpuFieldDesc header[] = {
        { "a", 0, 0, 7, HWGPU_FIELD_UINT },
    };
    HwgpuLayout l = { "T", 2, 2, 0, overlap, 2 };

    g_assert_nonnull(strstr(hwgpu_layout_check(&l), "overlaps"));
    l.fields = beyond;
    l.nfields = 1;
    g_assert_nonnull(strstr(hwgpu_layout_check(&l), "beyond"));
    l.max_len = 3;
    g_assert_nonnull(strstr(hwgpu_layout_check(&l), "beyond"));
    l.fields = header;
    l.hdr_mask = 0xff;
    g_assert_nonnull(strstr(hwgpu_layout_check(&l), "header"));
    l.hdr_mask = 0xff00;
    g_assert_null(hwgpu_layout_check(&l));
}

/*
 * Every generated entry names its layout, its length rule fits the
 * layout, and the opcode macros tests and qtests build commands with
 * select the entry of that name.
 */
static void test_table_matches_macros(void)
{
    static const struct {
        uint32_t hdr;
        const char *name;
    } known[] = {
        { G45_MI(G45_MI_NOOP), "MI_NOOP" },
        { G45_MI(G45_MI_USER_INTERRUPT), "MI_USER_INTERRUPT" },
        { G45_MI(G45_MI_WAIT_FOR_EVENT), "MI_WAIT_FOR_EVENT" },
        { G45_MI(G45_MI_FLUSH), "MI_FLUSH" },
        { G45_MI(G45_MI_ARB_CHECK), "MI_ARB_CHECK" },
        { G45_MI(G45_MI_REPORT_HEAD), "MI_REPORT_HEAD" },
        { G45_MI(G45_MI_ARB_ON_OFF), "MI_ARB_ON_OFF" },
        { G45_MI(G45_MI_BATCH_BUFFER_END), "MI_BATCH_BUFFER_END" },
        { G45_MI(G45_MI_SUSPEND_FLUSH), "MI_SUSPEND_FLUSH" },
        { G45_MI(G45_MI_LOAD_SCAN_LINES_INCL), "MI_LOAD_SCAN_LINES_INCL" },
        { G45_MI(G45_MI_LOAD_SCAN_LINES_EXCL), "MI_LOAD_SCAN_LINES_EXCL" },
        { G45_MI(G45_MI_DISPLAY_FLIP), "MI_DISPLAY_FLIP" },
        { G45_MI(G45_MI_SET_CONTEXT), "MI_SET_CONTEXT" },
        { G45_MI(G45_MI_STORE_DATA_IMM), "MI_STORE_DATA_IMM" },
        { G45_MI(G45_MI_STORE_DATA_INDEX), "MI_STORE_DATA_INDEX" },
        { G45_MI(G45_MI_LOAD_REGISTER_IMM), "MI_LOAD_REGISTER_IMM" },
        { G45_MI(G45_MI_STORE_REGISTER_MEM), "MI_STORE_REGISTER_MEM" },
        { G45_MI(G45_MI_BATCH_BUFFER_START), "MI_BATCH_BUFFER_START" },
        { G45_2D(G45_BLT_XY_SETUP), "XY_SETUP_BLT" },
        { G45_2D(G45_BLT_XY_SETUP_CLIP), "XY_SETUP_CLIP_BLT" },
        { G45_2D(G45_BLT_XY_SETUP_MONO_PAT_SL),
          "XY_SETUP_MONO_PATTERN_SL_BLT" },
        { G45_2D(G45_BLT_XY_PIXEL), "XY_PIXEL_BLT" },
        { G45_2D(G45_BLT_XY_SCANLINES), "XY_SCANLINES_BLT" },
        { G45_2D(G45_BLT_XY_TEXT), "XY_TEXT_BLT" },
        { G45_2D(G45_BLT_XY_TEXT_IMM), "XY_TEXT_IMMEDIATE_BLT" },
        { G45_2D(G45_BLT_COLOR), "COLOR_BLT" },
        { G45_2D(G45_BLT_SRC_COPY), "SRC_COPY_BLT" },
        { G45_2D(G45_BLT_XY_COLOR), "XY_COLOR_BLT" },
        { G45_2D(G45_BLT_XY_PAT), "XY_PAT_BLT" },
        { G45_2D(G45_BLT_XY_MONO_PAT), "XY_MONO_PAT_BLT" },
        { G45_2D(G45_BLT_XY_SRC_COPY), "XY_SRC_COPY_BLT" },
        { G45_2D(G45_BLT_XY_MONO_SRC_COPY), "XY_MONO_SRC_COPY_BLT" },
        { G45_2D(G45_BLT_XY_FULL), "XY_FULL_BLT" },
        { G45_2D(G45_BLT_XY_FULL_MONO_SRC), "XY_FULL_MONO_SRC_BLT" },
        { G45_2D(G45_BLT_XY_FULL_MONO_PAT), "XY_FULL_MONO_PATTERN_BLT" },
        { G45_2D(G45_BLT_XY_FULL_MONO_PAT_MONO_SRC),
          "XY_FULL_MONO_PATTERN_MONO_SRC_BLT" },
        { G45_2D(G45_BLT_XY_MONO_PAT_FIXED), "XY_MONO_PAT_FIXED_BLT" },
        { G45_2D(G45_BLT_XY_MONO_SRC_COPY_IMM),
          "XY_MONO_SRC_COPY_IMMEDIATE_BLT" },
        { G45_2D(G45_BLT_XY_PAT_IMM), "XY_PAT_BLT_IMMEDIATE" },
        { G45_2D(G45_BLT_XY_SRC_COPY_CHROMA), "XY_SRC_COPY_CHROMA_BLT" },
        { G45_2D(G45_BLT_XY_FULL_IMM_PAT), "XY_FULL_IMMEDIATE_PATTERN_BLT" },
        { G45_2D(G45_BLT_XY_FULL_MONO_SRC_IMM_PAT),
          "XY_FULL_MONO_SRC_IMMEDIATE_PATTERN_BLT" },
        { G45_2D(G45_BLT_XY_PAT_CHROMA), "XY_PAT_CHROMA_BLT" },
        { G45_2D(G45_BLT_XY_PAT_CHROMA_IMM), "XY_PAT_CHROMA_BLT_IMMEDIATE" },
        { (uint32_t)G45_GFX_PIPE_CONTROL << 16, "PIPE_CONTROL" },
        { (uint32_t)G45_GFX_3DPRIMITIVE << 16, "3DPRIMITIVE" },
    };

    for (size_t i = 0; i < G_N_ELEMENTS(g45_cmd_descs); i++) {
        const G45CmdDesc *d = &g45_cmd_descs[i];

        g_assert_nonnull(d->layout);
        g_assert_cmpstr(d->name, ==, d->layout->name);
        g_assert_false(d->unnamed);
        g_assert_true(d->gens);
        g_assert_cmpuint(d->min_len, >=, d->layout->min_len);
        if (d->fixed) {
            g_assert_cmpuint(d->fixed, <=, d->layout->max_len);
        } else {
            g_assert_cmpuint(d->min_len, <=, d->len_mask + d->bias);
        }
    }
    for (size_t i = 0; i < G_N_ELEMENTS(known); i++) {
        g_assert_cmpstr(g45_cmd_lookup(known[i].hdr)->name, ==,
                        known[i].name);
    }
    /* Header templates of the generator select their own entry. */
    g_assert_cmpstr(g45_cmd_lookup(G45_3DPRIMITIVE_HEADER)->name, ==,
                    "3DPRIMITIVE");
    g_assert_cmpuint(g45_cmd_length(g45_cmd_lookup(G45_3DPRIMITIVE_HEADER),
                                    G45_3DPRIMITIVE_HEADER), ==, 6);
    g_assert_cmpuint(G45_STATE_BASE_ADDRESS_HEADER, ==, 0x61010004u);
    g_assert_cmpuint(G45_3DSTATE_DEPTH_BUFFER_HEADER, ==, 0x79050003u);
    /* Both encodings of VF_STATISTICS share one layout. */
    g_assert_true(g45_cmd_lookup(0x680b0001)->layout ==
                  g45_cmd_lookup(0x780b0001)->layout);
    g_assert_cmpuint(g45_cmd_lookup(0x680b0001)->gens, ==, G45_GEN_G45);
    g_assert_cmpuint(g45_cmd_lookup(0x780b0001)->gens, ==, G45_GEN_965);
    /* Privilege data comes from the description too. */
    g_assert_true(g45_cmd_lookup(G45_MI(G45_MI_LOAD_REGISTER_IMM))->priv);
    g_assert_cmpuint(g45_cmd_lookup(G45_MI(G45_MI_STORE_DATA_IMM))->gtt_bit,
                     ==, G45_MI_USE_GGTT);
    g_assert_cmpuint(
        g45_cmd_lookup(G45_MI(G45_MI_BATCH_BUFFER_START))->gtt_bit, ==,
        G45_MI_BB_GTT);
    g_assert_true(g45_cmd_lookup(G45_2D(G45_BLT_XY_COLOR))->rcs_only);
}

static void test_3dprimitive(void)
{
    /* RANDOM TRISTRIP, 4 vertices from 7, 2 instances, base vertex -3 */
    const uint32_t dw[] = {
        G45_3DPRIMITIVE_HEADER | (1u << 15) | (G45_3DPRIM_TRISTRIP << 10),
        4, 7, 2, 0, (uint32_t)-3,
    };
    char line[512];

    g_assert_cmpuint(g45_3dprimitive_topology(dw), ==, G45_3DPRIM_TRISTRIP);
    g_assert_cmpuint(g45_3dprimitive_access(dw), ==,
                     G45_3DPRIMITIVE_ACCESS_RANDOM);
    g_assert_cmpuint(g45_3dprimitive_vertex_count(dw), ==, 4);
    g_assert_cmpuint(g45_3dprimitive_start_vertex(dw), ==, 7);
    g_assert_cmpuint(g45_3dprimitive_instance_count(dw), ==, 2);
    g_assert_cmpint(g45_3dprimitive_base_vertex(dw), ==, -3);
    g_assert_cmpuint(g45_cmd_disasm(dw, 6, line, sizeof(line)), ==, 6);
    g_assert_nonnull(strstr(line, "3DPRIMITIVE len=6"));
    g_assert_nonnull(strstr(line, "topology=TRISTRIP access=RANDOM "
                            "vertex_count=4 start_vertex=7 "
                            "instance_count=2"));
    g_assert_nonnull(strstr(line, "base_vertex=-3"));
}

static void test_state_base_address(void)
{
    const uint32_t dw[] = {
        G45_STATE_BASE_ADDRESS_HEADER, 0x00000001, 0x12345001, 0x00000001,
        0xfffff001, 0x00000001,
    };
    const HwgpuLayout *l = g45_cmd_lookup(dw[0])->layout;
    char line[512];

    g_assert_cmpuint(g45_state_base_address_general_state_base(dw), ==, 0);
    g_assert_cmpuint(g45_state_base_address_surface_state_base(dw), ==,
                     0x12345000u);
    g_assert_true(g45_state_base_address_surface_state_modify(dw));
    g_assert_cmpuint(g45_state_base_address_general_state_upper_bound(dw),
                     ==, 0xfffff000u);
    /* Dwords 1-5 hold graphics addresses */
    g_assert_cmpuint(l->addr_mask, ==, 0x3e);
    g45_cmd_disasm(dw, 6, line, sizeof(line));
    g_assert_nonnull(strstr(line, "surface_state_modify=1 "
                            "surface_state_base=0x12345000"));
    g_assert_nonnull(strstr(line, "general_state_upper_bound=0xfffff000"));
}

static void test_vertex_buffers_and_elements(void)
{
    /* Two elements: position R32G32B32_FLOAT at offset 0 of VB 0 into
     * dword 8, colour B8G8R8A8_UNORM at offset 12 with a 1.0 w. */
    const uint32_t ve[] = {
        0x78090000 | (5 - 2),
        (0u << 27) | (1u << 26) | (G45_SURFACE_FORMAT_R32G32B32_FLOAT << 16),
        (G45_VFCOMP_STORE_SRC << 28) | (G45_VFCOMP_STORE_SRC << 24) |
        (G45_VFCOMP_STORE_SRC << 20) | (G45_VFCOMP_STORE_1_FP << 16) | 8,
        (0u << 27) | (1u << 26) | (G45_SURFACE_FORMAT_B8G8R8A8_UNORM << 16) |
        12,
        (G45_VFCOMP_STORE_SRC << 28) | (G45_VFCOMP_STORE_SRC << 24) |
        (G45_VFCOMP_STORE_SRC << 20) | (G45_VFCOMP_STORE_SRC << 16) | 12,
    };
    /* One buffer: index 1, pitch 16, per-instance, step rate 1 */
    const uint32_t vb[] = {
        0x78080000 | (5 - 2),
        (1u << 27) | (1u << 26) | 16, 0x00100000, 0, 1,
    };
    const uint32_t *el;
    char line[1024];

    g_assert_cmpuint(g45_3dstate_vertex_elements_element_count(5), ==, 2);
    el = g45_3dstate_vertex_elements_element(ve, 1);
    g_assert_cmpuint(g45_vertex_element_state_format(el), ==,
                     G45_SURFACE_FORMAT_B8G8R8A8_UNORM);
    g_assert_cmpuint(g45_vertex_element_state_source_offset(el), ==, 12);
    g_assert_true(g45_vertex_element_state_valid(el));
    el = g45_3dstate_vertex_elements_element(ve, 0);
    g_assert_cmpuint(g45_vertex_element_state_component3(el), ==,
                     G45_VFCOMP_STORE_1_FP);
    g_assert_cmpuint(g45_vertex_element_state_destination_offset(el), ==, 8);
    g45_cmd_disasm(ve, 5, line, sizeof(line));
    g_assert_nonnull(strstr(line, "element[0]: source_offset=0 "
                            "format=R32G32B32_FLOAT valid=1"));
    g_assert_nonnull(strstr(line, "component3=STORE_1_FP"));
    g_assert_nonnull(strstr(line, "element[1]: source_offset=12 "
                            "format=B8G8R8A8_UNORM"));

    g_assert_cmpuint(g45_3dstate_vertex_buffers_buffer_count(5), ==, 1);
    el = g45_3dstate_vertex_buffers_buffer(vb, 0);
    g_assert_cmpuint(g45_vertex_buffer_state_index(el), ==, 1);
    g_assert_cmpuint(g45_vertex_buffer_state_pitch(el), ==, 16);
    g_assert_cmpuint(g45_vertex_buffer_state_start(el), ==, 0x00100000);
    g45_cmd_disasm(vb, 5, line, sizeof(line));
    g_assert_nonnull(strstr(line, "buffer[0]: pitch=16"));
    g_assert_nonnull(strstr(line, "access=INSTANCEDATA index=1 "
                            "start=0x00100000"));
}

static void test_3d_state_fields(void)
{
    const uint32_t cc[] = {
        0x79010003, u32(0.25f), u32(0.5f), u32(1.0f), u32(0.0f),
    };
    const uint32_t pc[] = {
        (uint32_t)G45_GFX_PIPE_CONTROL << 16 | (2u << 14) | (1u << 13) | 2,
        0x2000 | 4, 0, 0,
    };
    const uint32_t db[] = {
        0x79050004, (1u << 29) | (1u << 27) | (1u << 26) | (2u << 18) | 4095,
        0x00400000, (767u << 19) | (1023u << 6), 0, 0,
    };
    const uint32_t uf[] = {
        0x60003f01, (40u << 20) | (24u << 10) | 16, (384u << 20) | 48,
    };
    const uint32_t ps[] = { 0x7907001f, 0xaaaaaaaa, 0x55555555 };
    char line[1024];

    g_assert_true(f32(cc[2]) == g45_3dstate_constant_color_green(cc));
    g45_cmd_disasm(cc, 5, line, sizeof(line));
    g_assert_nonnull(strstr(line, "red=0.25 green=0.5 blue=1 alpha=0"));

    g_assert_cmpuint(g45_pipe_control_post_sync_op(pc), ==,
                     G45_PIPE_CONTROL_POST_SYNC_OP_WRITE_PS_DEPTH_COUNT);
    g45_cmd_disasm(pc, 4, line, sizeof(line));
    g_assert_nonnull(strstr(line, "depth_stall=1 "
                            "post_sync_op=WRITE_PS_DEPTH_COUNT ggtt=1 "
                            "address=0x00002000"));

    g_assert_cmpuint(g45_3dstate_depth_buffer_format(db), ==,
                     G45_3DSTATE_DEPTH_BUFFER_FORMAT_D24_UNORM_S8_UINT);
    g45_cmd_disasm(db, 6, line, sizeof(line));
    g_assert_nonnull(strstr(line, "pitch_minus_1=4095 "
                            "format=D24_UNORM_S8_UINT"));
    g_assert_nonnull(strstr(line, "tile_walk=YMAJOR tiled=1 "
                            "surface_type=2D base_address=0x00400000"));
    g_assert_nonnull(strstr(line, "width_minus_1=1023 height_minus_1=767"));
    g_assert_nonnull(strstr(line, "depth_coordinate_offset_y=0"));
    /* The 965 form (5 dwords) has no depth coordinate offset. */
    g45_cmd_disasm(db, 5, line, sizeof(line));
    g_assert_null(strstr(line, "depth_coordinate_offset_x"));

    g45_cmd_disasm(uf, 3, line, sizeof(line));
    g_assert_nonnull(strstr(line, "vs_realloc=1 gs_realloc=1"));
    g_assert_nonnull(strstr(line, "vs_fence=16 gs_fence=24 clip_fence=40 "
                            "sf_fence=48 vfe_fence=0 cs_fence=384"));

    /* A truncated poly stipple pattern shows the rows it has. */
    g45_cmd_disasm(ps, 3, line, sizeof(line));
    g_assert_nonnull(strstr(line, "row[0]: pattern=0xaaaaaaaa "
                            "row[1]: pattern=0x55555555 (truncated at 3)"));
}

static void test_state_structures(void)
{
    const uint32_t sf[] = {
        0x00401000 | (1u << 1), 0, 0, (1u << 4) | 3,
        (23u << 25) | (1u << 19) | (8u << 11), 0x2000 | 2,
        (1u << 29) | (3u << 24) | (1u << 17) | (8u << 13) | (8u << 9),
        (1u << 29) | (8u << 0),
    };
    const uint32_t vp[] = {
        u32(320.0f), u32(-240.0f), u32(0.5f), u32(320.0f), u32(240.0f),
        u32(0.5f), 0, (479u << 16) | 639,
    };
    char line[2048];

    g_assert_cmpuint(g45_sf_state_kernel_start_pointer(sf), ==, 0x00401000);
    g_assert_cmpuint(g45_sf_state_dispatch_grf_start(sf), ==, 3);
    g_assert_cmpuint(g45_sf_state_cull_mode(sf), ==,
                     G45_SF_STATE_CULL_MODE_NONE);
    g45_state_disasm(G45_STATE_SF_STATE, sf, 8, line, sizeof(line));
    g_assert_nonnull(strstr(line, "SF_STATE grf_register_count=1 "
                            "kernel_start_pointer=0x00401000"));
    g_assert_nonnull(strstr(line, "max_threads_minus_1=23"));
    g_assert_nonnull(strstr(line, "viewport_transform_enable=1 "
                            "sf_viewport_pointer=0x00002000"));
    g_assert_nonnull(strstr(line, "vertical_origin_bias=0.5 "
                            "horizontal_origin_bias=0.5 scissor_enable=1"));
    g_assert_nonnull(strstr(line, "line_width=1.5"));
    g_assert_nonnull(strstr(line, "cull_mode=NONE"));
    g_assert_nonnull(strstr(line, "point_width=1 "));
    g45_state_disasm(G45_STATE_SF_VIEWPORT, vp, 8, line, sizeof(line));
    g_assert_nonnull(strstr(line, "m00=320 m11=-240 m22=0.5"));
    g_assert_nonnull(strstr(line, "scissor_xmax=639 scissor_ymax=479"));
    g_assert_cmpuint(g45_state_layout(G45_STATE_SURFACE_STATE)->addr_mask,
                     ==, 1u << 1);
}

/* Every header, whatever follows, disassembles within the buffer. */
static void test_disasm_any_header(void)
{
    uint32_t dw[40];
    char line[96];

    for (uint32_t i = 0; i < G_N_ELEMENTS(dw); i++) {
        dw[i] = 0x9e3779b9u * (i + 1);
    }
    for (uint64_t h = 0; h < (1ull << 32); h += 0x10000 + 0x3ff) {
        dw[0] = (uint32_t)h;
        for (uint32_t avail = 1; avail <= G_N_ELEMENTS(dw); avail += 13) {
            g45_cmd_disasm(dw, avail, line, sizeof(line));
            g_assert_cmpuint(strlen(line), <, sizeof(line));
        }
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g45-cmd/layouts-consistent", test_layouts_consistent);
    g_test_add_func("/g45-cmd/layout-check-rejects",
                    test_layout_check_rejects);
    g_test_add_func("/g45-cmd/table-matches-macros",
                    test_table_matches_macros);
    g_test_add_func("/g45-cmd/3dprimitive", test_3dprimitive);
    g_test_add_func("/g45-cmd/state-base-address", test_state_base_address);
    g_test_add_func("/g45-cmd/vertex-buffers-elements",
                    test_vertex_buffers_and_elements);
    g_test_add_func("/g45-cmd/3d-state-fields", test_3d_state_fields);
    g_test_add_func("/g45-cmd/state-structures", test_state_structures);
    g_test_add_func("/g45-cmd/disasm-any-header", test_disasm_any_header);
    return g_test_run();
}
