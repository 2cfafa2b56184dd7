/*
 * G45 command table and disassembler; see include/hwgpu/intel/g45-cmd.h.
 * MI lengths: opcodes 0x00-0x0f are one dword, the others carry a length
 * field in bits 5:0 with bias 2; 2D commands use bits 7:0, GFXPIPE bits 7:0
 * (media: 15:0), bias 2 (seed-000 line 171 for GFXPIPE; i915 command
 * parser length masks for MI/2D).
 */
#include <stdio.h>

#include "hwgpu/intel/g45-cmd.h"

#define FIX(n, o)           { .name = (n), .op = (o), .fixed = 1 }
#define VAR(n, o, m, min)   { .name = (n), .op = (o), .bias = 2, \
                              .len_mask = (m), .min_len = (min) }
/* The same, refused in non-secure batches (g45-cmd.h, "Privilege"). */
#define PFIX(n, o)          { .name = (n), .op = (o), .fixed = 1, \
                              .priv = true }
#define PVAR(n, o, min, ...) { .name = (n), .op = (o), .bias = 2, \
                               .len_mask = 0x3f, .min_len = (min), \
                               .priv = true, __VA_ARGS__ }

/*
 * MI commands.  Privileged: everything that reaches the display, the
 * status page, registers, contexts, arbitration or guest-physical memory;
 * userspace batches need only NOOP, FLUSH, ARB_CHECK, USER_INTERRUPT and
 * batch start/end through the GTT (IGT runs MI_STORE_DATA_IMM as a secure
 * batch on Gen4/5 for this reason).
 */
static const G45CmdDesc mi_table[64] = {
    [G45_MI_NOOP] = FIX("MI_NOOP", G45_OP_NOOP),
    [G45_MI_USER_INTERRUPT] = FIX("MI_USER_INTERRUPT", G45_OP_USER_INTERRUPT),
    [G45_MI_WAIT_FOR_EVENT] = PFIX("MI_WAIT_FOR_EVENT", G45_OP_WAIT_FOR_EVENT),
    [G45_MI_FLUSH] = FIX("MI_FLUSH", G45_OP_FLUSH),
    [G45_MI_ARB_CHECK] = FIX("MI_ARB_CHECK", G45_OP_NOP),
    [G45_MI_REPORT_HEAD] = PFIX("MI_REPORT_HEAD", G45_OP_REPORT_HEAD),
    [G45_MI_ARB_ON_OFF] = PFIX("MI_ARB_ON_OFF", G45_OP_NOP),
    [G45_MI_BATCH_BUFFER_END] = FIX("MI_BATCH_BUFFER_END", G45_OP_BB_END),
    [G45_MI_SUSPEND_FLUSH] = PFIX("MI_SUSPEND_FLUSH", G45_OP_NOP),
    [G45_MI_LOAD_SCAN_LINES_INCL] =
        PVAR("MI_LOAD_SCAN_LINES_INCL", G45_OP_NOP, 2),
    [G45_MI_LOAD_SCAN_LINES_EXCL] =
        PVAR("MI_LOAD_SCAN_LINES_EXCL", G45_OP_NOP, 2),
    [G45_MI_DISPLAY_FLIP] =
        PVAR("MI_DISPLAY_FLIP", G45_OP_DISPLAY_FLIP, 3),
    [G45_MI_SET_CONTEXT] =
        PVAR("MI_SET_CONTEXT", G45_OP_SET_CONTEXT, 2, .rcs_only = true),
    [G45_MI_STORE_DATA_IMM] =
        PVAR("MI_STORE_DATA_IMM", G45_OP_STORE_DATA_IMM, 4,
             .gtt_bit = G45_MI_USE_GGTT),
    [G45_MI_STORE_DATA_INDEX] =
        PVAR("MI_STORE_DATA_INDEX", G45_OP_STORE_DATA_INDEX, 3),
    [G45_MI_LOAD_REGISTER_IMM] =
        PVAR("MI_LOAD_REGISTER_IMM", G45_OP_LRI, 3),
    [G45_MI_STORE_REGISTER_MEM] =
        PVAR("MI_STORE_REGISTER_MEM", G45_OP_SRM, 3,
             .gtt_bit = G45_MI_USE_GGTT),
    [G45_MI_BATCH_BUFFER_START] = {
        .name = "MI_BATCH_BUFFER_START", .op = G45_OP_BB_START, .bias = 2,
        .len_mask = 0x3f, .min_len = 2, .gtt_bit = G45_MI_BB_GTT },
};

/* Gen4 runs 2D commands on the render ring only. */
#define BLT(n, min)     { .name = (n), .op = G45_OP_BLT, .bias = 2, \
                          .len_mask = 0xff, .min_len = (min), \
                          .rcs_only = true }

static const G45CmdDesc blt_table[128] = {
    [G45_BLT_XY_SETUP] = BLT("XY_SETUP_BLT", 8),
    [G45_BLT_XY_SETUP_CLIP] = BLT("XY_SETUP_CLIP_BLT", 3),
    [G45_BLT_XY_SETUP_MONO_PAT_SL] = BLT("XY_SETUP_MONO_PATTERN_SL_BLT", 9),
    [G45_BLT_XY_PIXEL] = BLT("XY_PIXEL_BLT", 2),
    [G45_BLT_XY_SCANLINES] = BLT("XY_SCANLINES_BLT", 3),
    [G45_BLT_XY_TEXT] = BLT("XY_TEXT_BLT", 4),
    [G45_BLT_XY_TEXT_IMM] = BLT("XY_TEXT_IMMEDIATE_BLT", 3),
    [G45_BLT_COLOR] = BLT("COLOR_BLT", 5),
    [G45_BLT_SRC_COPY] = BLT("SRC_COPY_BLT", 6),
    [G45_BLT_XY_COLOR] = BLT("XY_COLOR_BLT", 6),
    [G45_BLT_XY_PAT] = BLT("XY_PAT_BLT", 6),
    [G45_BLT_XY_MONO_PAT] = BLT("XY_MONO_PAT_BLT", 9),
    [G45_BLT_XY_SRC_COPY] = BLT("XY_SRC_COPY_BLT", 8),
    [G45_BLT_XY_MONO_SRC_COPY] = BLT("XY_MONO_SRC_COPY_BLT", 8),
    [G45_BLT_XY_FULL] = BLT("XY_FULL_BLT", 9),
    [G45_BLT_XY_FULL_MONO_SRC] = BLT("XY_FULL_MONO_SRC_BLT", 10),
    [G45_BLT_XY_FULL_MONO_PAT] = BLT("XY_FULL_MONO_PATTERN_BLT", 12),
    [G45_BLT_XY_FULL_MONO_PAT_MONO_SRC] =
        BLT("XY_FULL_MONO_PATTERN_MONO_SRC_BLT", 12),
    [G45_BLT_XY_MONO_PAT_FIXED] = BLT("XY_MONO_PAT_FIXED_BLT", 9),
    [G45_BLT_XY_MONO_SRC_COPY_IMM] =
        BLT("XY_MONO_SRC_COPY_IMMEDIATE_BLT", 7),
    [G45_BLT_XY_PAT_IMM] = BLT("XY_PAT_BLT_IMMEDIATE", 6),
    [G45_BLT_XY_SRC_COPY_CHROMA] = BLT("XY_SRC_COPY_CHROMA_BLT", 10),
    [G45_BLT_XY_FULL_IMM_PAT] = BLT("XY_FULL_IMMEDIATE_PATTERN_BLT", 9),
    [G45_BLT_XY_FULL_MONO_SRC_IMM_PAT] =
        BLT("XY_FULL_MONO_SRC_IMMEDIATE_PATTERN_BLT", 10),
    [G45_BLT_XY_PAT_CHROMA] = BLT("XY_PAT_CHROMA_BLT", 8),
    [G45_BLT_XY_PAT_CHROMA_IMM] = BLT("XY_PAT_CHROMA_BLT_IMMEDIATE", 8),
};

typedef struct G45GfxEntry {
    uint16_t key;           /* header bits 31:16 */
    G45CmdDesc d;
} G45GfxEntry;

#define ST(k, n, min)   { k, VAR(n, G45_OP_3D_STATE, 0xff, min) }
#define ST1(k, n)       { k, FIX(n, G45_OP_3D_STATE) }

/* Gen4/4.5 GFXPIPE commands (seed-000 3.2 / 3.2.2; Mesa gen40/gen45.xml). */
static const G45GfxEntry gfx_table[] = {
    ST(0x6000, "URB_FENCE", 3),
    ST(0x6001, "CS_URB_STATE", 2),
    ST(0x6002, "CONSTANT_BUFFER", 2),
    { 0x6003, VAR("STATE_PREFETCH", G45_OP_3D, 0xff, 2) },
    ST(0x6101, "STATE_BASE_ADDRESS", 6),
    ST(0x6102, "STATE_SIP", 2),
    ST1(0x680b, "3DSTATE_VF_STATISTICS"),
    ST1(0x6904, "PIPELINE_SELECT"),
    { 0x7000, VAR("MEDIA_STATE_POINTERS", G45_OP_3D_STATE, 0xffff, 3) },
    { 0x7100, VAR("MEDIA_OBJECT", G45_OP_3D, 0xffff, 6) },
    ST(0x7800, "3DSTATE_PIPELINED_POINTERS", 7),
    ST(0x7801, "3DSTATE_BINDING_TABLE_POINTERS", 6),
    ST(0x7808, "3DSTATE_VERTEX_BUFFERS", 5),
    ST(0x7809, "3DSTATE_VERTEX_ELEMENTS", 3),
    ST(0x780a, "3DSTATE_INDEX_BUFFER", 3),
    ST1(0x780b, "3DSTATE_VF_STATISTICS"),
    ST(0x7900, "3DSTATE_DRAWING_RECTANGLE", 4),
    ST(0x7901, "3DSTATE_CONSTANT_COLOR", 5),
    ST(0x7902, "3DSTATE_SAMPLER_PALETTE_LOAD0", 2),
    ST(0x7904, "3DSTATE_CHROMA_KEY", 4),
    ST(0x7905, "3DSTATE_DEPTH_BUFFER", 5),
    ST(0x7906, "3DSTATE_POLY_STIPPLE_OFFSET", 2),
    ST(0x7907, "3DSTATE_POLY_STIPPLE_PATTERN", 33),
    ST(0x7908, "3DSTATE_LINE_STIPPLE", 3),
    ST(0x7909, "3DSTATE_GLOBAL_DEPTH_OFFSET_CLAMP", 2),
    ST(0x790a, "3DSTATE_AA_LINE_PARAMETERS", 3),
    ST(0x790b, "3DSTATE_GS_SVB_INDEX", 3),
    ST(0x790c, "3DSTATE_SAMPLER_PALETTE_LOAD1", 2),
    { G45_GFX_PIPE_CONTROL,
      { .name = "PIPE_CONTROL", .op = G45_OP_PIPE_CONTROL, .bias = 2,
        .len_mask = 0xff, .min_len = 4, .rcs_only = true } },
    { G45_GFX_3DPRIMITIVE, VAR("3DPRIMITIVE", G45_OP_3D, 0xff, 6) },
};

static const G45CmdDesc invalid_desc = FIX("INVALID", G45_OP_INVALID);
static const G45CmdDesc gfx_single = {
    .name = "GFXPIPE?", .op = G45_OP_3D, .fixed = 1, .unnamed = true,
};
static const G45CmdDesc gfx_media = {
    .name = "MEDIA?", .op = G45_OP_3D, .bias = 2, .len_mask = 0xffff,
    .min_len = 2, .unnamed = true,
};
static const G45CmdDesc gfx_generic = {
    .name = "GFXPIPE?", .op = G45_OP_3D, .bias = 2, .len_mask = 0xff,
    .min_len = 2, .unnamed = true,
};

const G45CmdDesc *g45_cmd_lookup(uint32_t header)
{
    const G45CmdDesc *d = NULL;

    switch (G45_CMD_CLIENT(header)) {
    case G45_CLIENT_MI:
        d = &mi_table[G45_MI_OPCODE(header)];
        break;
    case G45_CLIENT_2D:
        d = &blt_table[G45_2D_OPCODE(header)];
        break;
    case G45_CLIENT_GFX:
        for (size_t i = 0; i < sizeof(gfx_table) / sizeof(gfx_table[0]);
             i++) {
            if (gfx_table[i].key == G45_GFX_KEY(header)) {
                return &gfx_table[i].d;
            }
        }
        switch ((header >> 27) & 3) {
        case 1:
            return &gfx_single;     /* subtype 1: single-dword commands */
        case 2:
            return &gfx_media;
        default:
            return &gfx_generic;
        }
    default:
        break;
    }
    return d && d->name ? d : &invalid_desc;
}

uint32_t g45_cmd_length(const G45CmdDesc *d, uint32_t header)
{
    if (d->fixed) {
        return d->fixed;
    }
    return (header & d->len_mask) + d->bias;
}

/* Decoded fields of the commands worth reading in a trace. */
static int decode(const G45CmdDesc *d, const uint32_t *dw, uint32_t n,
                  char *buf, size_t size)
{
    static const unsigned bpp[4] = { 8, 16, 16, 32 };

    if (n < d->min_len) {
        return 0;
    }
    switch (d->op) {
    case G45_OP_BB_START:
        return snprintf(buf, size, " -> %s 0x%08x%s",
                        dw[0] & G45_MI_BB_GTT ? "gtt" : "phys", dw[1] & ~3u,
                        dw[0] & G45_MI_BB_NON_SECURE ? " non-secure" : "");
    case G45_OP_STORE_DATA_IMM:
        return snprintf(buf, size, " [%s 0x%08x] = 0x%08x",
                        dw[0] & G45_MI_USE_GGTT ? "gtt" : "phys",
                        dw[2] & ~3u, dw[3]);
    case G45_OP_STORE_DATA_INDEX:
        return snprintf(buf, size, " hws[0x%03x] = 0x%08x", dw[1] & 0xffc,
                        dw[2]);
    case G45_OP_LRI:
        return snprintf(buf, size, " reg 0x%05x = 0x%08x%s",
                        dw[1] & 0x7fffc, dw[2], n > 3 ? " ..." : "");
    case G45_OP_SRM:
        return snprintf(buf, size, " reg 0x%05x -> 0x%08x", dw[1] & 0x7fffc,
                        dw[2] & ~3u);
    case G45_OP_SET_CONTEXT:
        return snprintf(buf, size, " ctx 0x%08x%s", dw[1] & 0xfffff000u,
                        dw[1] & G45_MI_CTX_RESTORE_INHIBIT ?
                        " restore-inhibit" : "");
    case G45_OP_WAIT_FOR_EVENT:
        return snprintf(buf, size, " events 0x%x", dw[0] & 0x3fffff);
    case G45_OP_PIPE_CONTROL:
        return snprintf(buf, size, " post-sync %u -> 0x%08x%s",
                        dw[0] >> 14 & 3, dw[1] & ~7u,
                        dw[0] & (1u << 8) ? " notify" : "");
    case G45_OP_BLT:
        if (G45_2D_OPCODE(dw[0]) >= G45_BLT_XY_COLOR && n >= 5) {
            return snprintf(buf, size,
                            " (%d,%d)-(%d,%d) rop 0x%02x %ubpp dst 0x%08x",
                            (int16_t)dw[2], (int16_t)(dw[2] >> 16),
                            (int16_t)dw[3], (int16_t)(dw[3] >> 16),
                            dw[1] >> 16 & 0xff, bpp[dw[1] >> 24 & 3],
                            dw[4]);
        }
        return 0;
    default:
        return 0;
    }
}

uint32_t g45_cmd_disasm(const uint32_t *dw, uint32_t avail, char *buf,
                        size_t size)
{
    const G45CmdDesc *d;
    uint32_t len, shown;
    size_t pos;
    int n;

    if (!size) {
        return 1;
    }
    buf[0] = 0;
    if (!avail) {
        snprintf(buf, size, "(no data)");
        return 1;
    }
    d = g45_cmd_lookup(dw[0]);
    len = g45_cmd_length(d, dw[0]);
    n = snprintf(buf, size, "%s len=%u", d->name, len);
    pos = n < 0 ? 0 : (size_t)n;
    if (d->op != G45_OP_INVALID && len < d->min_len && pos < size) {
        n = snprintf(buf + pos, size - pos, " (bad length, min %u)",
                     d->min_len);
        pos += n < 0 ? 0 : (size_t)n;
    }
    shown = len < avail ? len : avail;
    if (shown == len && pos < size) {
        n = decode(d, dw, len, buf + pos, size - pos);
        pos += n < 0 ? 0 : (size_t)n;
    }
    for (uint32_t i = 0; i < shown && i < 8 && pos < size; i++) {
        n = snprintf(buf + pos, size - pos, " %08x", dw[i]);
        pos += n < 0 ? 0 : (size_t)n;
    }
    if (pos < size && shown < len) {
        snprintf(buf + pos, size - pos, " (truncated at %u)", avail);
    } else if (pos < size && shown > 8) {
        snprintf(buf + pos, size - pos, " ...");
    }
    return len;
}
