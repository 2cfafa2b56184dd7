/*
 * Gen4 depth and stencil; see include/hwgpu/intel/gen4/gen4-depth.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-depth.h"
#include "hwgpu/intel/gen4/gen4-format.h"
#include "hwgpu/intel/common/tiling.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/common/bits.h"
#include "g45-cmd-gen.h"

/* COMPAREFUNCTION and STENCILOP codes (g45-commands.xml) to the shared ones. */
static const HwgpuCompare compare_of[8] = {
    [G45_COMPAREFUNCTION_ALWAYS] = HWGPU_CMP_ALWAYS,
    [G45_COMPAREFUNCTION_NEVER] = HWGPU_CMP_NEVER,
    [G45_COMPAREFUNCTION_LESS] = HWGPU_CMP_LESS,
    [G45_COMPAREFUNCTION_EQUAL] = HWGPU_CMP_EQUAL,
    [G45_COMPAREFUNCTION_LEQUAL] = HWGPU_CMP_LEQUAL,
    [G45_COMPAREFUNCTION_GREATER] = HWGPU_CMP_GREATER,
    [G45_COMPAREFUNCTION_NOTEQUAL] = HWGPU_CMP_NOTEQUAL,
    [G45_COMPAREFUNCTION_GEQUAL] = HWGPU_CMP_GEQUAL,
};

static const HwgpuStencilOp sop_of[8] = {
    [G45_STENCILOP_KEEP] = HWGPU_SOP_KEEP,
    [G45_STENCILOP_ZERO] = HWGPU_SOP_ZERO,
    [G45_STENCILOP_REPLACE] = HWGPU_SOP_REPLACE,
    [G45_STENCILOP_INCRSAT] = HWGPU_SOP_INCR_SAT,
    [G45_STENCILOP_DECRSAT] = HWGPU_SOP_DECR_SAT,
    [G45_STENCILOP_INCR] = HWGPU_SOP_INCR_WRAP,
    [G45_STENCILOP_DECR] = HWGPU_SOP_DECR_WRAP,
    [G45_STENCILOP_INVERT] = HWGPU_SOP_INVERT,
};

/* 3DSTATE_DEPTH_BUFFER formats (the D24 X8 and S8 forms share a layout). */
static bool depth_format(uint32_t code, HwgpuDepthFormat *f)
{
    switch (code) {
    case G45_3DSTATE_DEPTH_BUFFER_FORMAT_D32_FLOAT_S8X24_UINT:
        *f = HWGPU_DEPTH_D32_FLOAT_S8X24_UINT;
        return true;
    case G45_3DSTATE_DEPTH_BUFFER_FORMAT_D32_FLOAT:
        *f = HWGPU_DEPTH_D32_FLOAT;
        return true;
    case G45_3DSTATE_DEPTH_BUFFER_FORMAT_D24_UNORM_S8_UINT:
        *f = HWGPU_DEPTH_D24_UNORM_S8_UINT;
        return true;
    case G45_3DSTATE_DEPTH_BUFFER_FORMAT_D24_UNORM_X8_UINT:
        *f = HWGPU_DEPTH_D24_UNORM_X8_UINT;
        return true;
    case G45_3DSTATE_DEPTH_BUFFER_FORMAT_D16_UNORM:
        *f = HWGPU_DEPTH_D16_UNORM;
        return true;
    default:
        return false;
    }
}

void gen4_depth_begin(Gen4Depth *z, Gen4State *s, const Gen4Draw *d)
{
    uint32_t len;
    const uint32_t *db = gen4_draw_packet(d, G45_CMD_3DSTATE_DEPTH_BUFFER,
                                          &len);
    const uint32_t *cc = d->unit[GEN4_CC];
    Gen4Mip m[GEN4_MAX_LEVELS];
    uint32_t type, lod, slice;
    int64_t ox, oy;
    uint64_t ux, uy;

    memset(z, 0, sizeof(*z));
    if (!db || !d->unit_addr[GEN4_CC] ||
        g45_3dstate_depth_buffer_surface_type(db) == G45_SURFTYPE_NULL) {
        return;                 /* no depth buffer: tests and writes off */
    }
    type = g45_3dstate_depth_buffer_surface_type(db);
    if ((type != G45_SURFTYPE_1D && type != G45_SURFTYPE_2D &&
         type != G45_SURFTYPE_CUBE) ||
        !depth_format(g45_3dstate_depth_buffer_format(db), &z->format)) {
        HWGPU_UNIMP(s->host, "gen4 depth: surface type %u format %u",
                    type, g45_3dstate_depth_buffer_format(db));
        return;
    }
    /*
     * The level and slice rendered to: the buffer is laid out as a
     * texture of its type (gen4-format.h), LOD and Minimum Array Element
     * pick the part the draw addresses; G45's DW5 moves every pixel by
     * the Depth Coordinate Offset (crocus: 0).
     */
    lod = g45_3dstate_depth_buffer_lod(db);
    slice = g45_3dstate_depth_buffer_minimum_array_element(db);
    if (gen4_mips(type, g45_3dstate_depth_buffer_width_minus_1(db) + 1,
                  type == G45_SURFTYPE_1D ? 1 :
                  g45_3dstate_depth_buffer_height_minus_1(db) + 1,
                  g45_3dstate_depth_buffer_depth_minus_1(db) + 1, 1, 1,
                  lod + 1, m) <= lod || slice >= m[lod].d) {
        HWGPU_GUEST_ERROR(s->host, "gen4 depth: LOD %u slice %u outside the "
                          "buffer", lod, slice);
        return;
    }
    gen4_mip_texel(&m[lod], 1, 1, 0, 0, slice, &ux, &uy);
    ox = (int64_t)ux;
    oy = (int64_t)uy;
    if (len >= 6 && !g45_3dstate_depth_buffer_depth_coordinate_offset_disable(db)) {
        ox += g45_3dstate_depth_buffer_depth_coordinate_offset_x(db);
        oy += g45_3dstate_depth_buffer_depth_coordinate_offset_y(db);
    }
    z->ox = ox;
    z->oy = oy;
    z->base = g45_3dstate_depth_buffer_base_address(db);
    z->pitch = g45_3dstate_depth_buffer_pitch_minus_1(db) + 1;
    z->width = m[lod].w;
    z->height = m[lod].h;
    z->tiled = g45_3dstate_depth_buffer_tiled(db);
    z->ywalk = g45_3dstate_depth_buffer_tile_walk(db);
    z->depth_test = g45_color_calc_state_depth_test_enable(cc);
    z->depth_write = g45_color_calc_state_depth_write_enable(cc);
    z->depth_func = compare_of[g45_color_calc_state_depth_test_function(cc)];
    if (hwgpu_depth_has_stencil(z->format)) {
        z->stencil_test = g45_color_calc_state_stencil_test_enable(cc);
        z->stencil_write = g45_color_calc_state_stencil_buffer_write_enable(cc);
    }
    z->face[0] = (Gen4StencilFace) {
        .func = compare_of[g45_color_calc_state_stencil_test_function(cc)],
        .fail = sop_of[g45_color_calc_state_stencil_fail_op(cc)],
        .zfail = sop_of[g45_color_calc_state_stencil_pass_depth_fail_op(cc)],
        .zpass = sop_of[g45_color_calc_state_stencil_pass_depth_pass_op(cc)],
        .ref = g45_color_calc_state_stencil_reference(cc),
        .test_mask = g45_color_calc_state_stencil_test_mask(cc),
        .write_mask = g45_color_calc_state_stencil_write_mask(cc),
    };
    z->face[1] = z->face[0];
    if (g45_color_calc_state_double_sided_stencil_enable(cc)) {
        z->face[1] = (Gen4StencilFace) {
            .func = compare_of[
                g45_color_calc_state_backface_stencil_test_function(cc)],
            .fail = sop_of[g45_color_calc_state_backface_stencil_fail_op(cc)],
            .zfail = sop_of[
                g45_color_calc_state_backface_stencil_pass_depth_fail_op(cc)],
            .zpass = sop_of[
                g45_color_calc_state_backface_stencil_pass_depth_pass_op(cc)],
            .ref = g45_color_calc_state_backface_stencil_reference(cc),
            .test_mask = g45_color_calc_state_backface_stencil_test_mask(cc),
            .write_mask = g45_color_calc_state_backface_stencil_write_mask(cc),
        };
    }
    z->min_depth = hwgpu_u2f(d->cc_viewport[0]);
    z->max_depth = hwgpu_u2f(d->cc_viewport[1]);
    z->active = z->depth_test || z->depth_write || z->stencil_test ||
                z->stencil_write;
    z->bpp = hwgpu_depth_bytes(z->format);
}

/* An element's bytes, by constant sizes (not memcpy calls). */
static inline void depth_copy(uint8_t *d, const uint8_t *s, unsigned bpp)
{
    if (bpp == 4) {
        memcpy(d, s, 4);
    } else if (bpp == 2) {
        memcpy(d, s, 2);
    } else {
        memcpy(d, s, 8);
    }
}

/*
 * The tests of one element of the buffer at ptr (a host pointer into
 * guest RAM; NULL: through the GTT at graphics address addr) and, with
 * `update`, its stencil operation and depth write.
 */
static inline __attribute__((always_inline)) bool
depth_element(Gen4Depth *z, Gen4State *s, const Gen4StencilFace *f,
              HwgpuDepthFormat fmt, unsigned bpp, uint8_t *ptr,
              uint64_t addr, float src, bool update)
{
    uint8_t px[8] = { 0 }, st, nst;
    uint32_t dst, q;
    bool spass = true, zpass = true;

    if (ptr) {
        depth_copy(px, ptr, bpp);
    } else {
        g45_gtt_read(s->gtt, addr, px, bpp);
    }
    hwgpu_depth_load(fmt, px, &dst, &st);
    /* the CC viewport clamps the source depth (§8 Depth Clamp) */
    src = src < z->min_depth ? z->min_depth : src;
    src = src > z->max_depth ? z->max_depth : src;
    q = hwgpu_depth_quantize(fmt, src);
    if (z->stencil_test) {
        spass = hwgpu_stencil_compare(f->func, f->ref, st, f->test_mask);
    }
    if (spass && z->depth_test) {
        zpass = hwgpu_depth_compare(fmt, z->depth_func, q, dst);
    }
    if (update && (z->stencil_write || (z->depth_write && spass && zpass))) {
        nst = st;
        if (z->stencil_test && z->stencil_write) {
            nst = hwgpu_stencil_apply(!spass ? f->fail :
                                      !zpass ? f->zfail : f->zpass,
                                      st, f->ref);
        }
        hwgpu_depth_store(fmt, px, q, z->depth_write && spass && zpass,
                          nst, z->stencil_write ? f->write_mask : 0);
        if (ptr) {
            depth_copy(ptr, px, bpp);
        } else {
            g45_gtt_write(s->gtt, addr, px, bpp);
        }
    }
    return spass && zpass;
}

/* Element (ex, ey) of the buffer's graphics address, false outside 4 GiB. */
static inline bool depth_addr(const Gen4Depth *z, unsigned bpp, int64_t ex,
                              int64_t ey, uint64_t *addr)
{
    uint64_t xb = (uint64_t)ex * bpp;

    *addr = z->base + (!z->tiled ? (uint64_t)ey * z->pitch + xb :
                       z->ywalk ? g45_ytile_offset(xb, ey, z->pitch) :
                       g45_xtile_offset(xb, ey, z->pitch));
    return *addr + bpp <= UINT32_MAX + 1ull;
}

bool gen4_depth_pixel(Gen4Depth *z, Gen4State *s, int32_t x, int32_t y,
                      float src, bool back, bool update)
{
    unsigned bpp = z->bpp;
    uint64_t addr;
    int64_t ex, ey;

    if (!z->active) {
        return true;
    }
    if (x < 0 || y < 0 || (uint32_t)x >= z->width ||
        (uint32_t)y >= z->height) {
        return true;            /* outside the buffer: nothing to test */
    }
    ex = z->ox + x;
    ey = z->oy + y;
    if (ex < 0 || ey < 0 || ey > UINT32_MAX) {
        return true;            /* moved off the buffer by DW5 */
    }
    if (!depth_addr(z, bpp, ex, ey, &addr)) {
        return true;
    }
    /* in place when one mapped page holds the element (the common case),
     * else through the GTT's copies */
    return depth_element(z, s, &z->face[back], z->format, bpp,
                         g45_gtt_direct_ptr(s->gtt, addr, bpp, update), addr,
                         src, update);
}

/*
 * gen4_depth_quad for buffer format fmt (a constant in each caller, so
 * that the element's format cases fold away).
 */
static inline __attribute__((always_inline)) uint8_t
depth_quad(Gen4Depth *z, Gen4State *s, int32_t x, int32_t y,
           const float src[4], bool back, bool update, uint8_t m,
           HwgpuDepthFormat fmt)
{
    unsigned bpp = fmt == HWGPU_DEPTH_D16_UNORM ? 2 :
                   fmt == HWGPU_DEPTH_D24_UNORM_S8_UINT ||
                   fmt == HWGPU_DEPTH_D24_UNORM_X8_UINT ? 4 : z->bpp;

    for (unsigned r = 0; r < 2; r++) {
        unsigned m2 = (m >> (2 * r)) & 3;
        int64_t ex = z->ox + x, ey = z->oy + y + r;
        uint8_t *ptr = NULL;
        uint64_t addr;

        if (!m2) {
            continue;
        }
        /*
         * Both elements inside, x even in the buffer and at most 4 bytes
         * each: the pair is one aligned run of a linear row, of an X
         * tile's 512-byte row or of a Y tile's 16-byte column, in one
         * page when direct access reaches it.  Else pixel by pixel.
         */
        if (x >= 0 && y + (int32_t)r >= 0 && (uint32_t)x + 1 < z->width &&
            (uint32_t)(y + r) < z->height && bpp <= 4 && ex >= 0 &&
            !(ex & 1) && ey >= 0 && ey <= UINT32_MAX &&
            depth_addr(z, bpp, ex, ey, &addr) &&
            addr + 2 * bpp <= UINT32_MAX + 1ull) {
            ptr = g45_gtt_direct_ptr(s->gtt, addr, 2 * bpp, update);
        }
        for (unsigned i = 0; i < 2; i++) {
            unsigned bit = 1u << (2 * r + i);

            if (!(m2 & (1u << i))) {
                continue;
            }
            if (ptr ? !depth_element(z, s, &z->face[back], fmt, bpp,
                                     ptr + i * bpp, addr + i * bpp,
                                     src[2 * r + i], update) :
                !gen4_depth_pixel(z, s, x + i, y + r, src[2 * r + i], back,
                                  update)) {
                m &= ~bit;
            }
        }
    }
    return m;
}

uint8_t gen4_depth_quad(Gen4Depth *z, Gen4State *s, int32_t x, int32_t y,
                        const float src[4], bool back, bool update,
                        uint8_t m)
{
    if (!z->active) {
        return m;
    }
    switch (z->format) {
    case HWGPU_DEPTH_D24_UNORM_S8_UINT:
        return depth_quad(z, s, x, y, src, back, update, m,
                          HWGPU_DEPTH_D24_UNORM_S8_UINT);
    case HWGPU_DEPTH_D24_UNORM_X8_UINT:
        return depth_quad(z, s, x, y, src, back, update, m,
                          HWGPU_DEPTH_D24_UNORM_X8_UINT);
    case HWGPU_DEPTH_D16_UNORM:
        return depth_quad(z, s, x, y, src, back, update, m,
                          HWGPU_DEPTH_D16_UNORM);
    default:
        return depth_quad(z, s, x, y, src, back, update, m, z->format);
    }
}

/* n elements of bpp (4 or 2) bytes made (element & keep) | w0 */
static inline void depth_fill(uint8_t *p, uint32_t n, unsigned bpp,
                              uint32_t keep, uint32_t w0)
{
    if (bpp == 4) {
        hwgpu_fill32(p, n, keep, w0);
    } else {
        hwgpu_fill16(p, n, (uint16_t)keep, (uint16_t)w0);
    }
}

bool gen4_depth_fill_ok(const Gen4Depth *z)
{
    return z->active && z->depth_write && !z->stencil_test &&
           !z->stencil_write &&
           (!z->depth_test || z->depth_func == HWGPU_CMP_ALWAYS) &&
           (z->bpp == 2 || z->bpp == 4);
}

void gen4_depth_fill_row(Gen4Depth *z, Gen4State *s, int32_t x0, int32_t x1,
                         int32_t y, float src)
{
    unsigned bpp = z->bpp;
    uint8_t lo[8] = { 0 }, hi[8];
    uint32_t q, w0 = 0, w1 = 0, keep;
    bool runs;
    int64_t ey = z->oy + y;

    /* depth_element's clamp and quantization, once */
    src = src < z->min_depth ? z->min_depth : src;
    src = src > z->max_depth ? z->max_depth : src;
    q = hwgpu_depth_quantize(z->format, src);
    memset(hi, 0xff, sizeof(hi));
    /* the element written over all-zero and all-one bytes: the bits it
     * keeps (the stencil byte of D24S8) and those it sets */
    hwgpu_depth_store(z->format, lo, q, true, 0, 0);
    hwgpu_depth_store(z->format, hi, q, true, 0, 0);
    memcpy(&w0, lo, bpp);
    memcpy(&w1, hi, bpp);
    keep = w1 & ~w0;
    /* (a bit the store inverts would not be a fill: each element tested) */
    runs = (w0 & ~w1) == 0;
    if (y < 0 || (uint32_t)y >= z->height || ey < 0 || ey > UINT32_MAX) {
        return;                 /* outside the buffer: nothing written */
    }
    x0 = x0 > 0 ? x0 : 0;
    x1 = (int64_t)x1 < (int64_t)z->width - 1 ? x1 : (int32_t)z->width - 1;
    for (int32_t x = x0; x <= x1;) {
        int64_t ex = z->ox + x;
        uint64_t addr = 0, xb = (uint64_t)ex * bpp, run, left;
        uint8_t *ptr = NULL;
        uint32_t n = 0;

        if (ex >= 0 && runs && z->tiled && z->ywalk &&
            !(z->base % G45_TILE_BYTES) && depth_addr(z, bpp, ex, ey, &addr)) {
            /*
             * A Y tile (one page, the buffer page-aligned): the row's
             * elements to the tile's edge are 16-byte runs 512 bytes
             * apart (a column of 32 rows each).
             */
            uint64_t page = addr - addr % G45_TILE_BYTES;
            uint32_t m = (G45_YTILE_W - xb % G45_YTILE_W) / bpp;

            left = (uint64_t)(x1 - x) + 1;
            m = left < m ? (uint32_t)left : m;
            ptr = page + G45_TILE_BYTES - 1 <= UINT32_MAX ?
                  g45_gtt_direct_ptr(s->gtt, page, G45_TILE_BYTES, true) : NULL;
            if (ptr) {
                uint8_t *e = ptr + addr % G45_TILE_BYTES;
                unsigned off = xb % 16;

                x += m;
                if (bpp == 4 && off == 0) {
                    /* whole columns, four elements each, in one go */
                    for (; m >= 4; m -= 4, e += 16 * G45_YTILE_H) {
                        uint32_t v[4];

                        memcpy(v, e, 16);
                        for (int i = 0; i < 4; i++) {
                            v[i] = (v[i] & keep) | w0;
                        }
                        memcpy(e, v, 16);
                    }
                }
                while (m) {
                    uint32_t k = (16 - off) / bpp;

                    k = m < k ? m : k;
                    depth_fill(e, k, bpp, keep, w0);
                    m -= k;
                    e += 16 * G45_YTILE_H - off;   /* the next column */
                    off = 0;
                }
                continue;
            }
        }
        if (ex >= 0 && runs && depth_addr(z, bpp, ex, ey, &addr)) {
            run = !z->tiled ? G45_GTT_PAGE_SIZE - addr % G45_GTT_PAGE_SIZE :
                  z->ywalk ? 16 - xb % 16 : G45_XTILE_W - xb % G45_XTILE_W;
            left = G45_GTT_PAGE_SIZE - addr % G45_GTT_PAGE_SIZE;
            run = run < left ? run : left;
            left = (uint64_t)(x1 - x) + 1;
            n = (uint32_t)(left < run / bpp ? left : run / bpp);
        }
        if (n && addr + (uint64_t)n * bpp <= UINT32_MAX + 1ull) {
            ptr = g45_gtt_direct_ptr(s->gtt, addr, n * bpp, true);
        }
        if (!ptr) {
            gen4_depth_pixel(z, s, x, y, src, false, true);
            x++;
            continue;
        }
        depth_fill(ptr, n, bpp, keep, w0);
        x += n;
    }
}

bool gen4_alpha_test(const uint32_t *cc, uint32_t alpha)
{
    HwgpuCompare f = compare_of[g45_color_calc_state_alpha_test_function(cc)
                                & 7];
    float a = hwgpu_u2f(alpha);

    if (g45_color_calc_state_alpha_test_format(cc) ==
        G45_COLOR_CALC_STATE_ALPHA_TEST_FORMAT_FLOAT32) {
        return hwgpu_alpha_compare(
            f, a, hwgpu_u2f(g45_color_calc_state_alpha_reference(cc)));
    }
    /* (the EU may leave the host rounding toward zero: round by hand) */
    a = isnan(a) || a < 0 ? 0 : a > 1 ? 1 : a;
    return hwgpu_alpha_compare(
        f, floorf(a * 255.0f + 0.5f),
        (float)(g45_color_calc_state_alpha_reference(cc) & 0xff));
}
