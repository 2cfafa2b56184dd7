/*
 * G45 2D blitter; see include/hwgpu/intel/g45/g45-blt.h.
 * Command layouts: Mesa genxml gen40.xml (XY_SETUP_BLT, XY_COLOR_BLT,
 * XY_SRC_COPY_BLT) and i915/IGT usage (facts only).  Coordinates are
 * signed 16-bit, x1/y1 inclusive, x2/y2 exclusive.  Pixels left of x = 0
 * or above y = 0 are clipped (defined outcome for a hostile guest).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/g45/g45-blt.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

#define MAX_COORD   32767

typedef struct BltSurf {
    uint32_t base;
    int32_t pitch;      /* bytes */
    bool tiled;
} BltSurf;

typedef enum { PAT_SOLID, PAT_COLOR, PAT_MONO } PatKind;
typedef enum { SRC_NONE, SRC_SURF, SRC_MONO_MEM, SRC_MONO_IMM } SrcKind;

typedef struct BltOp {
    BltSurf dst;
    int x1, y1, x2, y2;         /* destination rectangle, exclusive end */
    unsigned cpp;
    uint8_t rop;
    uint32_t wmask;             /* bits of a pixel that are written */
    bool clip;
    /* pattern */
    PatKind pat;
    uint32_t color;             /* solid colour */
    uint32_t pat_base;          /* 8x8 colour pattern */
    uint32_t mono[2];           /* 8x8 mono pattern, byte i = row i */
    unsigned hseed, vseed;
    bool pat_transp;
    /* source */
    SrcKind src;
    BltSurf srcs;
    int sx, sy;                 /* source of the (x1, y1) pixel */
    const uint32_t *imm;        /* immediate mono data */
    uint32_t imm_dw;
    uint32_t bg, fg;
    bool src_transp;
    bool bitpacked;             /* mono rows not byte aligned (text) */
} BltOp;

void g45_blt_init(G45Blt *b, G45Gtt *gtt, const HwgpuHost *host)
{
    memset(b, 0, sizeof(*b));
    b->gtt = gtt;
    b->host = host;
    b->max_pixels = 8192ull * 8192ull;
}

void g45_blt_reset(G45Blt *b)
{
    G45Gtt *gtt = b->gtt;
    const HwgpuHost *host = b->host;
    uint64_t max = b->max_pixels;

    g45_blt_init(b, gtt, host);
    b->max_pixels = max;
}

/* A guest error of the blitter, rate-limited per call site. */
#define blt_error(b, what) \
    HWGPU_GUEST_ERROR((b)->host, "intel-g45: blitter: %s", (what))

static unsigned depth_cpp(uint32_t br13)
{
    static const unsigned cpp[4] = { 1, 2, 2, 4 };
    return cpp[g45_br13_color_depth(&br13)];
}

/* A pitch field in bytes: Gen4 gives tiled pitches in dwords. */
static int32_t pitch_of(int32_t p, bool tiled)
{
    return tiled ? p * 4 : p;
}

/* Byte address of byte column `xb` of row `y`; tiled: within one tile row */
static uint32_t surf_addr(const BltSurf *s, int y, uint32_t xb)
{
    if (!s->tiled) {
        return s->base + (uint32_t)((int64_t)y * s->pitch) + xb;
    }
    return s->base + (uint32_t)g45_xtile_offset(xb, (uint32_t)y,
                                                (uint32_t)s->pitch);
}

/* Read or write `len` bytes of row y from byte column xb. */
static bool surf_io(G45Blt *b, const BltSurf *s, int y, uint32_t xb,
                    uint8_t *buf, uint32_t len, bool write)
{
    bool ok = true;

    while (len) {
        uint32_t n = len;
        uint32_t a = surf_addr(s, y, xb);

        if (s->tiled) {
            n = G45_XTILE_W - xb % G45_XTILE_W;
            n = n < len ? n : len;
        }
        ok &= write ? g45_gtt_write(b->gtt, a, buf, n) :
                      g45_gtt_read(b->gtt, a, buf, n);
        buf += n;
        xb += n;
        len -= n;
    }
    return ok;
}

static bool surf_valid(G45Blt *b, const BltSurf *s)
{
    if (s->tiled && (s->pitch <= 0 || s->pitch % G45_XTILE_W)) {
        blt_error(b, "tiled surface pitch is not a positive multiple of 512");
        return false;
    }
    return true;
}

static inline uint32_t load_px(const uint8_t *p, unsigned cpp)
{
    switch (cpp) {
    case 1:
        return p[0];
    case 2:
        return p[0] | (uint32_t)p[1] << 8;
    default:
        return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
               (uint32_t)p[3] << 24;
    }
}

static inline void store_px(uint8_t *p, unsigned cpp, uint32_t v)
{
    p[0] = v;
    if (cpp >= 2) {
        p[1] = v >> 8;
    }
    if (cpp == 4) {
        p[2] = v >> 16;
        p[3] = v >> 24;
    }
}

static bool rop_uses_dst(uint8_t rop)
{
    return ((rop >> 1) ^ rop) & 0x55;
}

static bool rop_uses_src(uint8_t rop)
{
    return ((rop >> 2) ^ rop) & 0x33;
}

static bool rop_uses_pat(uint8_t rop)
{
    return ((rop >> 4) ^ rop) & 0x0f;
}

/* Bits per row of a mono source `w` pixels wide. */
static uint64_t mono_stride_bits(const BltOp *o, int w)
{
    return o->bitpacked ? (uint64_t)w : ((uint64_t)w + 7) / 8 * 8;
}

/* Bit `i` of a mono bitmap, MSB first. */
static bool mono_bit(const uint8_t *bits, uint64_t i)
{
    return bits[i / 8] >> (7 - i % 8) & 1;
}

/*
 * The visible bits of one row of a mono source: bits [bit0, bit0 + w) of
 * the bitmap (MSB first) into `out` (w / 8 + 2 bytes), returned with the
 * bit offset of the first pixel in out[0].  Only what is visible is read,
 * whatever the unclipped rectangle says.
 */
static unsigned mono_row(G45Blt *b, const BltOp *o, uint64_t bit0, int w,
                         uint8_t *out, bool *ok)
{
    uint64_t first = bit0 / 8;
    uint32_t nbytes = (uint32_t)((bit0 % 8 + (uint64_t)w + 7) / 8);

    memset(out, 0, nbytes);
    if (o->src == SRC_MONO_MEM) {
        *ok &= g45_gtt_read(b->gtt, o->srcs.base + (uint32_t)first, out,
                            nbytes);
    } else {
        uint64_t have = (uint64_t)o->imm_dw * 4;

        if (first < have) {
            memcpy(out, (const uint8_t *)o->imm + first,
                   MIN(nbytes, have - first));
        }
    }
    return bit0 % 8;
}

/*
 * Clip the operation to what is drawn.  Returns false when nothing is
 * (empty, or a surface the hardware cannot address).
 */
static bool clip_blit(G45Blt *b, BltOp *o)
{
    bool need_src = rop_uses_src(o->rop);

    if (o->clip) {
        int cx1 = g45_blt_top_left_x1(&b->clip_tl);
        int cy1 = g45_blt_top_left_y1(&b->clip_tl);
        int cx2 = g45_blt_bottom_right_x2(&b->clip_br);
        int cy2 = g45_blt_bottom_right_y2(&b->clip_br);
        int dx1 = o->x1, dy1 = o->y1;

        o->x1 = MAX(o->x1, cx1);
        o->y1 = MAX(o->y1, cy1);
        o->x2 = MIN(o->x2, cx2);
        o->y2 = MIN(o->y2, cy2);
        o->sx += o->x1 - dx1;
        o->sy += o->y1 - dy1;
    }
    if (o->x1 < 0 || o->y1 < 0) {
        int dx = o->x1 < 0 ? -o->x1 : 0, dy = o->y1 < 0 ? -o->y1 : 0;

        o->x1 += dx;
        o->y1 += dy;
        o->sx += dx;
        o->sy += dy;
    }
    if (o->x2 <= o->x1 || o->y2 <= o->y1) {
        return false;           /* empty after clipping: nothing drawn */
    }
    if (!surf_valid(b, &o->dst) ||
        (o->src == SRC_SURF && need_src && !surf_valid(b, &o->srcs))) {
        return false;
    }
    if ((uint64_t)(o->x2 - o->x1) * (o->y2 - o->y1) > b->max_pixels) {
        blt_error(b, "blit larger than the per-blit bound, truncated");
        o->y2 = o->y1 + (int)(b->max_pixels / (uint64_t)(o->x2 - o->x1));
        if (o->y2 <= o->y1) {
            return false;
        }
    }
    if (o->src == SRC_SURF && need_src && (o->sx < 0 || o->sy < 0)) {
        blt_error(b, "source rectangle at negative coordinates");
        return false;
    }
    return true;
}

/*
 * Draw rows [*row, ...) of the clipped operation, in the order the overlap
 * rule gives, until `budget` pixels are done (at least one row).  *row
 * comes back as the next row to draw; true when the blit is complete.
 * The result does not depend on how the rows are sliced.
 */
static bool run_blit(G45Blt *b, BltOp *o, int ow, int oh, uint32_t *row,
                     uint64_t budget)
{
    int w = o->x2 - o->x1, h = o->y2 - o->y1, ystep, y0;
    uint32_t rowbytes, dxb, sxb;
    uint8_t *drow, *srow = NULL, *mono = NULL, patc[64 * 4];
    uint64_t mono_bits = 0, done_px = 0;
    bool need_dst = rop_uses_dst(o->rop) || o->wmask != 0xffffffffu ||
                    o->pat_transp || o->src_transp;
    bool need_src = rop_uses_src(o->rop);
    bool ok = true;
    int i;

    rowbytes = (uint32_t)w * o->cpp;
    dxb = (uint32_t)o->x1 * o->cpp;
    sxb = (uint32_t)o->sx * o->cpp;
    drow = g_malloc(rowbytes);
    if (need_src && o->src == SRC_SURF) {
        srow = g_malloc(rowbytes);
    }
    if ((need_src || o->src_transp) &&
        (o->src == SRC_MONO_MEM || o->src == SRC_MONO_IMM)) {
        /* Rows start on a byte boundary unless bit-packed (text). */
        mono_bits = mono_stride_bits(o, ow);
        mono = g_malloc((size_t)w / 8 + 2);
        if (o->src == SRC_MONO_IMM && *row == 0 &&
            (o->sy * mono_bits % 8 + (uint64_t)oh * mono_bits + 7) / 8 >
            (uint64_t)o->imm_dw * 4) {
            blt_error(b, "immediate mono source shorter than the rectangle");
        }
    }
    if (o->pat == PAT_COLOR && rop_uses_pat(o->rop)) {
        ok &= g45_gtt_read(b->gtt, o->pat_base, patc, 64 * o->cpp);
    }

    /* Overlap: copy bottom-up when the destination starts after the
     * source; each source row is read whole before its row is written. */
    ystep = 1;
    y0 = 0;
    if (o->src == SRC_SURF && need_src &&
        (int64_t)o->dst.base + (int64_t)o->y1 * o->dst.pitch + dxb >
        (int64_t)o->srcs.base + (int64_t)o->sy * o->srcs.pitch + sxb) {
        ystep = -1;
        y0 = h - 1;
    }
    for (i = *row; i < h && (i == (int)*row || done_px < budget); i++) {
        int r = y0 + i * ystep;
        int y = o->y1 + r;
        unsigned mbit = 0;

        if (need_dst) {
            ok &= surf_io(b, &o->dst, y, dxb, drow, rowbytes, false);
        }
        if (srow) {
            ok &= surf_io(b, &o->srcs, o->sy + r, sxb, srow, rowbytes, false);
        }
        if (mono) {
            mbit = mono_row(b, o, (uint64_t)(o->sy + r) * mono_bits + o->sx,
                            w, mono, &ok);
        }
        /* Fast paths: solid fill and plain copy of whole pixels. */
        if (o->rop == 0xf0 && o->pat == PAT_SOLID && !need_dst) {
            for (int x = 0; x < w; x++) {
                store_px(drow + x * o->cpp, o->cpp, o->color);
            }
        } else if (o->rop == 0xcc && srow && !need_dst) {
            memcpy(drow, srow, rowbytes);
        } else {
            for (int x = 0; x < w; x++) {
                int dx = o->x1 + x;
                uint32_t d = need_dst ? load_px(drow + x * o->cpp, o->cpp) : 0;
                uint32_t s = 0, p = o->color, v;
                bool keep = false;

                if (srow) {
                    s = load_px(srow + x * o->cpp, o->cpp);
                } else if (mono) {
                    bool bit = mono_bit(mono, mbit + x);
                    s = bit ? o->fg : o->bg;
                    keep = !bit && o->src_transp;
                }
                if (o->pat == PAT_COLOR) {
                    unsigned px = (dx + o->hseed) & 7, py = (y + o->vseed) & 7;
                    p = load_px(patc + (py * 8 + px) * o->cpp, o->cpp);
                } else if (o->pat == PAT_MONO) {
                    unsigned px = (dx + o->hseed) & 7, py = (y + o->vseed) & 7;
                    bool bit = o->mono[py / 4] >> (py % 4 * 8 + 7 - px) & 1;
                    p = bit ? o->fg : o->bg;
                    keep |= !bit && o->pat_transp;
                }
                v = keep ? d : g45_rop3(o->rop, p, s, d);
                v = (v & o->wmask) | (d & ~o->wmask);
                store_px(drow + x * o->cpp, o->cpp, v);
            }
        }
        ok &= surf_io(b, &o->dst, y, dxb, drow, rowbytes, true);
        done_px += (uint64_t)w;
    }
    if (!ok) {
        blt_error(b, "blit touched unmapped graphics memory");
    }
    b->pixels += done_px;
    g_free(drow);
    g_free(srow);
    g_free(mono);
    *row = i;
    if (i < h) {
        return false;
    }
    b->blits++;
    return true;
}

/* Common set-up from dword 0 and BR13. */
static void op_init(BltOp *o, uint32_t dw0, uint32_t br13, uint32_t dst,
                    bool xy)
{
    memset(o, 0, sizeof(*o));
    o->cpp = depth_cpp(br13);
    o->rop = g45_br13_rop(&br13);
    o->dst.base = dst;
    o->dst.tiled = xy && g45_blt_xy_flags_dst_tiled(&dw0);
    o->dst.pitch = pitch_of(g45_br13_pitch(&br13), o->dst.tiled);
    o->clip = xy && g45_br13_clip_enable(&br13);
    o->wmask = 0xffffffffu;
    if (o->cpp == 4) {
        o->wmask = (g45_blt_write_mask_write_rgb(&dw0) ? 0x00ffffffu : 0) |
                   (g45_blt_write_mask_write_alpha(&dw0) ? 0xff000000u : 0);
    }
    o->pat = PAT_SOLID;
    o->pat_transp = g45_br13_mono_pattern_transparent(&br13);
    o->src_transp = g45_br13_mono_source_transparent(&br13);
}

static void op_rect(BltOp *o, uint32_t tl, uint32_t br)
{
    o->x1 = g45_blt_top_left_x1(&tl);
    o->y1 = g45_blt_top_left_y1(&tl);
    o->x2 = g45_blt_bottom_right_x2(&br);
    o->y2 = g45_blt_bottom_right_y2(&br);
}

/* Commands that draw with the XY_SETUP_BLT state. */
static void op_from_setup(G45Blt *b, BltOp *o)
{
    op_init(o, b->setup_dw0, b->setup_br13, b->setup_dst, true);
    o->fg = b->fg;
    o->bg = b->bg;
    if (b->setup_mono_pat) {
        o->pat = PAT_MONO;
        o->mono[0] = b->mono_pat[0];
        o->mono[1] = b->mono_pat[1];
    } else {
        o->pat = PAT_COLOR;
        o->pat_base = b->pat_base;
    }
}

bool g45_blt_exec(G45Blt *b, const uint32_t *dw, uint32_t n)
{
    uint32_t row = 0;

    return g45_blt_exec_slice(b, dw, n, &row, UINT64_MAX);
}

bool g45_blt_exec_slice(G45Blt *b, const uint32_t *dw, uint32_t n,
                        uint32_t *row, uint64_t budget)
{
    uint32_t opc = G45_2D_OPCODE(dw[0]);
    const G45CmdDesc *d = g45_cmd_lookup(dw[0]);
    BltOp o;
    int ow, oh;

    if (d->op != G45_OP_BLT || n < d->min_len) {
        blt_error(b, "not a complete 2D command");
        *row = 0;
        return false;
    }

    switch (opc) {
    case G45_BLT_XY_SETUP:
    case G45_BLT_XY_SETUP_MONO_PAT_SL:
        b->setup_dw0 = dw[0];
        b->setup_br13 = dw[1];
        b->clip_tl = dw[2];
        b->clip_br = dw[3];
        b->setup_dst = dw[4];
        b->bg = dw[5];
        b->fg = dw[6];
        b->setup_mono_pat = opc == G45_BLT_XY_SETUP_MONO_PAT_SL;
        if (b->setup_mono_pat) {
            b->mono_pat[0] = dw[7];
            b->mono_pat[1] = dw[8];
        } else {
            b->pat_base = dw[7];
        }
        *row = 0;
        return true;
    case G45_BLT_XY_SETUP_CLIP:
        b->clip_tl = dw[1];
        b->clip_br = dw[2];
        *row = 0;
        return true;
    case G45_BLT_XY_PIXEL:
        op_from_setup(b, &o);
        o.pat = PAT_SOLID;
        o.color = b->fg;
        op_rect(&o, dw[1], dw[1]);
        o.x2 = o.x1 + 1;
        o.y2 = o.y1 + 1;
        break;
    case G45_BLT_XY_SCANLINES:
        op_from_setup(b, &o);
        op_rect(&o, dw[1], dw[2]);
        break;
    case G45_BLT_COLOR:
    case G45_BLT_SRC_COPY:
        op_init(&o, dw[0], dw[1], dw[3], false);
        o.x2 = g45_blt_size_width_bytes(&dw[2]) / o.cpp;
        o.y2 = g45_blt_size_height(&dw[2]);
        o.color = dw[4];
        if (opc == G45_BLT_SRC_COPY) {
            o.src = SRC_SURF;
            o.srcs.pitch = g45_src_copy_blt_src_pitch(dw);
            o.srcs.base = dw[5];
        }
        break;
    case G45_BLT_XY_COLOR:
    case G45_BLT_XY_PAT:
    case G45_BLT_XY_MONO_PAT:
        op_init(&o, dw[0], dw[1], dw[4], true);
        op_rect(&o, dw[2], dw[3]);
        o.hseed = g45_blt_pattern_seeds_horizontal_seed(dw);
        o.vseed = g45_blt_pattern_seeds_vertical_seed(dw);
        if (opc == G45_BLT_XY_COLOR) {
            o.color = dw[5];
            o.hseed = o.vseed = 0;
        } else if (opc == G45_BLT_XY_PAT) {
            o.pat = PAT_COLOR;
            o.pat_base = dw[5];
        } else {
            o.pat = PAT_MONO;
            o.bg = dw[5];
            o.fg = dw[6];
            o.mono[0] = dw[7];
            o.mono[1] = dw[8];
        }
        break;
    case G45_BLT_XY_SRC_COPY:
    case G45_BLT_XY_FULL:
        op_init(&o, dw[0], dw[1], dw[4], true);
        op_rect(&o, dw[2], dw[3]);
        o.src = SRC_SURF;
        /* XY_FULL_BLT has XY_SRC_COPY_BLT's layout up to dword 7 */
        o.sx = g45_xy_src_copy_blt_src_x1(dw);
        o.sy = g45_xy_src_copy_blt_src_y1(dw);
        o.srcs.tiled = g45_xy_src_copy_blt_src_tiled(dw);
        o.srcs.pitch = pitch_of(g45_xy_src_copy_blt_src_pitch(dw),
                                o.srcs.tiled);
        o.srcs.base = dw[7];
        if (opc == G45_BLT_XY_FULL) {
            o.pat = PAT_COLOR;
            o.pat_base = dw[8];
        }
        break;
    case G45_BLT_XY_MONO_SRC_COPY:
        op_init(&o, dw[0], dw[1], dw[4], true);
        op_rect(&o, dw[2], dw[3]);
        o.src = SRC_MONO_MEM;
        o.srcs.base = dw[5];
        o.bg = dw[6];
        o.fg = dw[7];
        break;
    case G45_BLT_XY_TEXT:
    case G45_BLT_XY_TEXT_IMM:
        /* Text uses the XY_SETUP_BLT state; 1 bits draw the foreground
         * colour (as source and pattern), 0 bits leave the destination. */
        op_from_setup(b, &o);
        o.dst.tiled = g45_blt_xy_flags_dst_tiled(dw);
        o.dst.pitch = pitch_of(g45_br13_pitch(&b->setup_br13), o.dst.tiled);
        o.wmask = o.cpp == 4 ?
                  (g45_blt_write_mask_write_rgb(dw) ? 0x00ffffffu : 0) |
                  (g45_blt_write_mask_write_alpha(dw) ? 0xff000000u : 0) :
                  0xffffffffu;
        op_rect(&o, dw[1], dw[2]);
        o.pat = PAT_SOLID;
        o.color = o.bg = o.fg = b->fg;
        o.src_transp = true;
        o.bitpacked = !g45_xy_text_blt_byte_packed(dw);
        if (opc == G45_BLT_XY_TEXT) {
            o.src = SRC_MONO_MEM;
            o.srcs.base = dw[3];
        } else {
            o.src = SRC_MONO_IMM;
            o.imm = dw + 3;
            o.imm_dw = n - 3;
        }
        break;
    case G45_BLT_XY_MONO_SRC_COPY_IMM:
        op_init(&o, dw[0], dw[1], dw[4], true);
        op_rect(&o, dw[2], dw[3]);
        o.src = SRC_MONO_IMM;
        o.bg = dw[5];
        o.fg = dw[6];
        o.imm = dw + 7;
        o.imm_dw = n - 7;
        break;
    default:
        HWGPU_UNIMP(b->host, "intel-g45: 2D command %s not implemented, "
                    "skipped", g45_cmd_lookup(dw[0])->name);
        *row = 0;
        return false;
    }
    o.x2 = MIN(o.x2, MAX_COORD);
    o.y2 = MIN(o.y2, MAX_COORD);
    ow = o.x2 - o.x1;
    oh = o.y2 - o.y1;
    if (!clip_blit(b, &o)) {
        *row = 0;
        return true;
    }
    if (run_blit(b, &o, ow, oh, row, budget)) {
        *row = 0;
        return true;
    }
    return false;
}
