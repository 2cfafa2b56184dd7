/*
 * The Gen4 windower and pixel shader; see include/hwgpu/intel/gen4/
 * gen4-wm.h.
 *
 * Documents: Intel G45 PRM Vol 2 (seed 000) chapter 8 (WM: rasterization
 * 24537-25018, PS thread generation 27452-27917, the PS payload
 * 28135-29500); Vol 4 (seed 002) chapter 5, render target write
 * (L4911-L5249).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/compiler.h"
#include "hwgpu/intel/gen4/gen4-wm.h"
#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/gen4/gen4-format.h"
#include "hwgpu/render/raster.h"
#include "hwgpu/intel/common/tiling.h"
#include "hwgpu/intel/eu/g4-eu.h"
#include "hwgpu/common/bits.h"
#include "hwgpu/render/blend.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

/* Data port write message types (L4473-L4482) and RT write control. */
#define DPW_TYPE(f)         (((f) >> 12) & 7)
#define DPW_RT_WRITE        4
#define RT_TYPE(f)          (((f) >> 8) & 7)
#define RT_SIMD16           0
#define RT_SIMD16_REPLICATED 1
#define RT_SIMD8            4
#define RT_BTI(f)           ((f) & 0xff)
#define RT_LAST(f)          (((f) >> 11) & 1)   /* last render target */

/* ---- render target write (SFID 5) ---- */

/* COLOR_CALC_STATE's BLENDFACTOR codes as blend factors (-1: none). */
static int blend_factor(uint32_t code)
{
    static const int8_t map[32] = {
        [G45_BLENDFACTOR_ONE] = 1 + HWGPU_BF_ONE,
        [G45_BLENDFACTOR_SRC_COLOR] = 1 + HWGPU_BF_SRC_COLOR,
        [G45_BLENDFACTOR_SRC_ALPHA] = 1 + HWGPU_BF_SRC_ALPHA,
        [G45_BLENDFACTOR_DST_ALPHA] = 1 + HWGPU_BF_DST_ALPHA,
        [G45_BLENDFACTOR_DST_COLOR] = 1 + HWGPU_BF_DST_COLOR,
        [G45_BLENDFACTOR_SRC_ALPHA_SATURATE] = 1 + HWGPU_BF_SRC_ALPHA_SATURATE,
        [G45_BLENDFACTOR_CONST_COLOR] = 1 + HWGPU_BF_CONST_COLOR,
        [G45_BLENDFACTOR_CONST_ALPHA] = 1 + HWGPU_BF_CONST_ALPHA,
        [G45_BLENDFACTOR_ZERO] = 1 + HWGPU_BF_ZERO,
        [G45_BLENDFACTOR_INV_SRC_COLOR] = 1 + HWGPU_BF_INV_SRC_COLOR,
        [G45_BLENDFACTOR_INV_SRC_ALPHA] = 1 + HWGPU_BF_INV_SRC_ALPHA,
        [G45_BLENDFACTOR_INV_DST_ALPHA] = 1 + HWGPU_BF_INV_DST_ALPHA,
        [G45_BLENDFACTOR_INV_DST_COLOR] = 1 + HWGPU_BF_INV_DST_COLOR,
        [G45_BLENDFACTOR_INV_CONST_COLOR] = 1 + HWGPU_BF_INV_CONST_COLOR,
        [G45_BLENDFACTOR_INV_CONST_ALPHA] = 1 + HWGPU_BF_INV_CONST_ALPHA,
    };

    return map[code & 31] - 1;     /* stored + 1: 0 means none */
}

/*
 * The blend COLOR_CALC_STATE describes (§9 "Blending"), or false when it
 * is off or uses what is not modelled (dual-source factors; logged).
 */
static bool cc_blend(Gen4Wm *wm, HwgpuBlend *b)
{
    const uint32_t *cc = wm->d->unit[GEN4_CC];
    bool indep;
    int f[4];
    uint32_t len;
    const uint32_t *k;

    if (!wm->d->unit_addr[GEN4_CC] ||
        !g45_color_calc_state_color_buffer_blend_enable(cc)) {
        return false;
    }
    indep = g45_color_calc_state_independent_alpha_blend_enable(cc);
    f[0] = blend_factor(g45_color_calc_state_source_blend_factor(cc));
    f[1] = blend_factor(g45_color_calc_state_destination_blend_factor(cc));
    f[2] = indep ? blend_factor(
        g45_color_calc_state_source_alpha_blend_factor(cc)) : f[0];
    f[3] = indep ? blend_factor(
        g45_color_calc_state_destination_alpha_blend_factor(cc)) : f[1];
    if (f[0] < 0 || f[1] < 0 || f[2] < 0 || f[3] < 0 ||
        g45_color_calc_state_color_blend_function(cc) > G45_BLENDFUNCTION_MAX) {
        HWGPU_UNIMP(wm->s->host, "gen4 PS: blend factor or function not "
                    "modelled (dual source?); writing the source colour");
        return false;
    }
    *b = (HwgpuBlend) {
        .src_rgb = f[0], .dst_rgb = f[1], .src_a = f[2], .dst_a = f[3],
        .func_rgb = g45_color_calc_state_color_blend_function(cc),
        .func_a = indep ? g45_color_calc_state_alpha_blend_function(cc) :
                  g45_color_calc_state_color_blend_function(cc),
    };
    k = gen4_draw_packet(wm->d, G45_CMD_3DSTATE_CONSTANT_COLOR, &len);
    if (k) {
        b->constant[0] = g45_3dstate_constant_color_red(k);
        b->constant[1] = g45_3dstate_constant_color_green(k);
        b->constant[2] = g45_3dstate_constant_color_blue(k);
        b->constant[3] = g45_3dstate_constant_color_alpha(k);
    }
    return true;
}

/* Whether every colour channel of f is UNORM (logic ops apply, §9). */
static bool all_unorm(const HwgpuFormat *f)
{
    for (unsigned i = 0; i < f->nchan; i++) {
        if (f->chan[i].name != 'X' && f->chan[i].type != HWGPU_CT_UNORM) {
            return false;
        }
    }
    return true;
}

/*
 * Render target bti as the draw's RT writes use it: surface, format,
 * write enables, blending and the UNORM8 packing plan, decoded at its
 * first write in the draw (they are the draw's state).
 */
static Gen4WmRt *rt_get(Gen4Wm *wm, unsigned bti)
{
    Gen4WmRt *rt = &wm->rt[MIN(bti, (unsigned)GEN4_WM_RTS)];
    const uint32_t *ss;
    uint32_t wd;

    if (bti < GEN4_WM_RTS && rt->valid) {
        return rt;
    }
    memset(rt, 0, sizeof(*rt));
    rt->valid = true;
    /*
     * Colour goes nowhere without a surface or to a NULL one, but the
     * pixels still take the alpha, depth and stencil tests and their
     * writes (crocus's depth-only passes and blorp's depth copies write
     * through a NULL render target).
     */
    ss = gen4_surface(wm->s, wm->d, &wm->surfaces, bti);
    if (!ss || g45_surface_state_surface_type(ss) == G45_SURFTYPE_NULL) {
        return rt;
    }
    rt->f = gen4_format(g45_surface_state_surface_format(ss));
    if (!rt->f || rt->f->kind != HWGPU_FMT_PLAIN) {
        HWGPU_UNIMP(wm->s->host, "gen4 PS: render target format 0x%x",
                    g45_surface_state_surface_format(ss));
        return rt;
    }
    rt->bpp = hwgpu_format_bytes(rt->f);
    if (!rt->bpp || rt->bpp > 16) {
        return rt;
    }
    rt->ss = ss;
    wd = g45_surface_state_write_disables(ss);
    rt->mask = (wd & 4 ? 0 : 1) | (wd & 2 ? 0 : 2) | (wd & 1 ? 0 : 4) |
               (wd & 8 ? 0 : 8);
    rt->blending = !hwgpu_format_is_integer(rt->f) && wm->logic_op < 0 &&
                   cc_blend(wm, &rt->blend);
    rt->have8 = hwgpu_pack8_plan(rt->f, &rt->p8);
    rt->level = g45_surface_state_mip_count_lod(ss) ||
                g45_surface_state_minimum_array_element(ss);
    rt->tiling = !g45_surface_state_tiled(ss) ? 0 :
                 g45_surface_state_tile_walk(ss) ? 2 : 1;
    rt->wmax = g45_surface_state_width_minus_1(ss);
    rt->hmax = g45_surface_state_height_minus_1(ss);
    rt->xoff = g45_surface_state_x_offset(ss) * 4;
    rt->yoff = g45_surface_state_y_offset(ss) * 2;
    rt->base = g45_surface_state_base_address(ss);
    rt->pitch = g45_surface_state_pitch_minus_1(ss) + 1;
    rt->rows = !rt->level && rt->have8 && rt->p8.bytes == 4 && rt->bpp == 4 &&
               !rt->blending && wm->logic_op < 0 && !rt->f->srgb;
    if (rt->rows) {
        static const uint32_t zero[4];

        hwgpu_pack8_dword(&rt->p8, zero, rt->mask, &rt->keep8);
    }
    return rt;
}

/* A colour packed for a 4-byte UNORM8 target, through its one-colour memo. */
static inline uint32_t rt_packed(Gen4WmRt *rt, const uint32_t rgba[4])
{
    uint64_t a[2], b[2];

    memcpy(a, rgba, 16);                /* (inline, not a memcmp call) */
    memcpy(b, rt->memo_rgba, 16);
    if (!rt->memo_valid || ((a[0] ^ b[0]) | (a[1] ^ b[1]))) {
        memcpy(rt->memo_rgba, rgba, 16);
        rt->memo_out = hwgpu_pack8_dword(&rt->p8, rgba, rt->mask,
                                         &rt->memo_keep);
        rt->memo_valid = true;
    }
    return rt->memo_out;
}

/* One pixel's colour into render target rt (dropped outside it). */
static void rt_pixel(Gen4Wm *wm, Gen4WmRt *rt, uint32_t x, uint32_t y,
                     uint32_t rgba[4])
{
    const uint32_t *ss = rt->ss;
    const HwgpuFormat *f = rt->f;
    uint32_t bpp = rt->bpp;
    unsigned mask = rt->mask;
    uint8_t px[16] = { 0 }, *ptr;
    uint64_t addr, xb;

    if (!rt->level) {
        if (x > rt->wmax || y > rt->hmax) {
            return;
        }
        x += rt->xoff;
        y += rt->yoff;
        xb = (uint64_t)x * bpp;
        addr = rt->base + (rt->tiling == 0 ? (uint64_t)y * rt->pitch + xb :
                           rt->tiling == 2 ? g45_ytile_offset(xb, y, rt->pitch) :
                           g45_xtile_offset(xb, y, rt->pitch));
    } else {
        /* a level or slice of a mipmapped surface (gen4-format.h) */
        uint32_t lod = g45_surface_state_mip_count_lod(ss);
        uint32_t slice = g45_surface_state_minimum_array_element(ss);
        Gen4Mip m[GEN4_MAX_LEVELS];
        uint64_t ex, ey;

        if (gen4_surface_mips(ss, f, lod + 1, m) <= lod || x >= m[lod].w ||
            y >= m[lod].h || slice >= m[lod].d) {
            return;
        }
        gen4_mip_texel(&m[lod], 1, 1, x, y, slice, &ex, &ey);
        x = (uint32_t)ex + rt->xoff;
        y = (uint32_t)ey + rt->yoff;
        addr = rt->base + gen4_surface_offset(ss, x, y, bpp);
    }
    if (addr + bpp - 1 > UINT32_MAX) {
        return;
    }
    /* the pixel in guest RAM when one page holds it: read and written in
     * place, else through the GTT's copies */
    ptr = g45_gtt_direct_ptr(wm->s->gtt, addr, bpp, true);
    if (mask != 0xf || f->nchan < 4 || rt->blending || wm->logic_op >= 0) {
        if (ptr) {
            memcpy(px, ptr, bpp);
        } else {
            g45_gtt_read(wm->s->gtt, addr, px, bpp);
        }
    }
    if (wm->logic_op >= 0 && all_unorm(f)) {
        /* COLOR_CALC_STATE logic op instead of blending, on the packed
         * colour, under the channel write enables */
        static const uint32_t ones[4] = {
            0x3f800000u, 0x3f800000u, 0x3f800000u, 0x3f800000u,
        };
        uint8_t sp[16] = { 0 }, cm[16] = { 0 };

        if (f->srgb) {
            for (int c = 0; c < 3; c++) {
                rgba[c] = hwgpu_f2u(hwgpu_linear_to_srgb(hwgpu_u2f(rgba[c])));
            }
        }
        hwgpu_format_pack(f, rgba, 0xf, sp);
        hwgpu_format_pack(f, ones, mask, cm);
        for (unsigned b = 0; b < bpp; b++) {
            uint8_t l = (uint8_t)hwgpu_logic_op(wm->logic_op, sp[b], px[b]);

            px[b] = (l & cm[b]) | (px[b] & ~cm[b]);
        }
    } else {
        if (rt->blending) {
            uint32_t d[4];
            float sf[4], df[4], out[4];

            if (rt->have8 && rt->p8.rgba) {
                hwgpu_unpack8(&rt->p8, px, d);
            } else {
                hwgpu_format_unpack(f, px, d);
            }
            for (int c = 0; c < 4; c++) {
                /* Pre-blend clamp to the UNORM range (§9, 30040-30175). */
                sf[c] = fminf(fmaxf(hwgpu_u2f(rgba[c]), 0.0f), 1.0f);
                df[c] = hwgpu_u2f(d[c]);
                if (f->srgb && c < 3) {
                    df[c] = hwgpu_srgb_to_linear(df[c]);
                }
            }
            hwgpu_blend(&rt->blend, sf, df, out);
            for (int c = 0; c < 4; c++) {
                rgba[c] = hwgpu_f2u(out[c]);
            }
        }
        if (f->srgb) {
            for (int c = 0; c < 3; c++) {
                rgba[c] = hwgpu_f2u(hwgpu_linear_to_srgb(hwgpu_u2f(rgba[c])));
            }
        }
        if (rt->have8 && rt->p8.bytes == 4) {
            uint32_t v, out = rt_packed(rt, rgba);

            memcpy(&v, px, 4);
            v = (v & rt->memo_keep) | out;
            memcpy(px, &v, 4);
        } else if (rt->have8) {
            hwgpu_pack8(&rt->p8, rgba, mask, px);
        } else if (!hwgpu_format_pack(f, rgba, mask, px)) {
            return;
        }
    }
    if (ptr) {
        memcpy(ptr, px, bpp);
    } else {
        g45_gtt_write(wm->s->gtt, addr, px, bpp);
    }
    wm->pixels++;
}

/* The current object's source depth at pixel (x, y). */
static float src_depth(const Gen4Wm *wm, int32_t x, int32_t y)
{
    return wm->z0 + wm->dzdx * (x - wm->zx0) + wm->dzdy * (y - wm->zy0);
}

/*
 * The depth/stencil test of a pixel the shader kept, at its render-target
 * write (late), updating the buffers at the last render target's write;
 * counts it for the statistics.  z is the source depth: the shader's
 * when it computes depth, else the interpolated one.
 */
static bool late_depth_test(Gen4Wm *wm, const G4EuMessage *msg, int32_t x,
                            int32_t y, float z)
{
    bool last = RT_LAST(msg->function);
    bool pass = gen4_depth_pixel(&wm->depth, wm->s, x, y, z, wm->back, last);

    if (pass && last && wm->stats) {
        wm->s->ps_depth_count++;
    }
    return pass;
}

/*
 * The colour of lane p (pixel p % 4, row-major, of subspan p / 4) as an
 * RT write message carries it from register col: R G B A registers of
 * subspans 0/1, then of 2/3 (seed 002 §4.2, the table at L5212), so red
 * at dword (p & 8) * 4 + (p & 7), the others a register apart; or one
 * colour for all lanes.
 */
static inline void rt_colour(const uint32_t *payload, unsigned col,
                             bool replicated, unsigned p, uint32_t rgba[4])
{
    const uint32_t *c0 = &payload[col * 8];

    if (replicated) {
        memcpy(rgba, c0, 16);
        return;
    }
    c0 += (p & 8) * 4 + (p & 7);
    rgba[0] = c0[0];
    rgba[1] = c0[8];
    rgba[2] = c0[16];
    rgba[3] = c0[24];
}

/*
 * Whether the enabled pixels of a SIMD16/SIMD8 message all carry one
 * colour (a clear, a flat-shaded primitive): the colour into rgba.
 */
static bool rt_uniform(const uint32_t *payload, unsigned col, uint32_t enables,
                       uint32_t rgba[4])
{
    const uint32_t *c0 = &payload[col * 8];
    unsigned p0 = __builtin_ctz(enables);
    uint32_t diff = 0;

    rt_colour(payload, col, false, p0, rgba);
    if (enables == 0xffff) {
        /* a shaded primitive's red differs in the first 8 lanes: out early */
        for (unsigned i = 1; i < 8; i++) {
            diff |= c0[i] ^ rgba[0];
        }
        if (diff) {
            return false;
        }
        for (unsigned ch = 0; ch < 4; ch++) {
            for (unsigned i = 0; i < 8; i++) {
                diff |= (c0[ch * 8 + i] ^ rgba[ch]) |
                        (c0[32 + ch * 8 + i] ^ rgba[ch]);
            }
        }
        return !diff;
    }
    for (uint32_t e = enables & (enables - 1); e && !diff; e &= e - 1) {
        const uint32_t *c = c0 + (((e & -e) & 0xff00) ? 32 : 0) +
                            (__builtin_ctz(e) & 7);

        diff = (c[0] ^ rgba[0]) | (c[8] ^ rgba[1]) | (c[16] ^ rgba[2]) |
               (c[24] ^ rgba[3]);
    }
    return !diff;
}

/*
 * The colours of a message's n lanes (8 or 16; the colour registers from
 * c0, a register per channel and 8 lanes) packed for a rows target:
 * hwgpu_pack8_dword for each lane, a channel at a time over the lanes
 * with hwgpu_unorm8x8, or its AVX2 form in rt_pack_lanes_avx2.
 */
static inline __attribute__((always_inline))
void rt_pack_body(const Gen4WmRt *rt, const uint32_t *c0, unsigned n,
                  uint32_t *packed, bool avx2)
{
    hwgpu_zero32s(packed, 4 * n);       /* (n: 8 or 16) */
    for (unsigned i = 0; i < 4; i++) {
        int src = rt->p8.src[i];
        unsigned sh = 8 * (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? 3 - i : i);

        if (src < 0 || !(rt->mask & (1u << src))) {
            continue;
        }
        for (unsigned half = 0; half < n / 8; half++) {
            const uint32_t *c = c0 + half * 32 + src * 8;
            uint32_t *out = packed + half * 8;

#if HWGPU_X86_TARGETS
            if (avx2) {
                hwgpu_unorm8x8_avx2(c, sh, out);
                continue;
            }
#endif
            hwgpu_unorm8x8(c, sh, out);
        }
    }
}

#if HWGPU_X86_TARGETS
__attribute__((target("avx2")))
static void rt_pack_lanes_avx2(const Gen4WmRt *rt, const uint32_t *c0,
                               unsigned n, uint32_t *packed)
{
    rt_pack_body(rt, c0, n, packed, true);
}
#endif

static void rt_pack_lanes(const Gen4WmRt *rt, const uint32_t *c0, unsigned n,
                          uint32_t *packed)
{
#if HWGPU_X86_TARGETS
    if (hwgpu_cpu_avx2()) {
        rt_pack_lanes_avx2(rt, c0, n, packed);
        return;
    }
#endif
    rt_pack_body(rt, c0, n, packed, false);
}

/*
 * The pages the rows of a message's subspans were last written in (a
 * linear target's two rows are in two pages, an X or Y tile's in one).
 */
typedef struct RowPages {
    uint64_t page[2];
    uint8_t *ptr[2];            /* the page's host bytes */
} RowPages;

/*
 * The host bytes of the 8-aligned 8 bytes at addr, in row r of a
 * subspan; NULL when they are not directly mapped (rt_pixel's lookups
 * then take the pages' slots: both rows are forgotten).
 */
static inline uint8_t *row_ptr(Gen4Wm *wm, RowPages *rp, unsigned r,
                               uint64_t addr)
{
    uint64_t page = addr & ~(uint64_t)(G45_GTT_PAGE_SIZE - 1);
    uint8_t *ptr;

    if (page == rp->page[r]) {
        /* 8-aligned: the 8 bytes are inside the page */
        return rp->ptr[r] + addr % G45_GTT_PAGE_SIZE;
    }
    ptr = addr + 7 <= UINT32_MAX ?
          g45_gtt_direct_ptr(wm->s->gtt, addr, 8, true) : NULL;
    if (!ptr) {
        rp->page[0] = rp->page[1] = UINT64_MAX;
        return NULL;
    }
    rp->page[r] = page;
    rp->ptr[r] = ptr - addr % G45_GTT_PAGE_SIZE;
    /* a page in the same map set may have replaced the other's */
    if (g45_gtt_map_set(rp->page[!r]) == g45_gtt_map_set(page) &&
        rp->page[!r] != page) {
        rp->page[!r] = UINT64_MAX;
    }
    return ptr;
}

/* The byte address of pixel x (its byte xb) in row y of a rows target. */
static inline uint64_t row_addr(const Gen4WmRt *rt, uint64_t xb, uint32_t y)
{
    uint64_t yy = (uint64_t)y + rt->yoff;

    return rt->base +
           (rt->tiling == 0 ? yy * rt->pitch + xb :
            rt->tiling == 2 ? g45_ytile_offset(xb, yy, rt->pitch) :
            g45_xtile_offset(xb, yy, rt->pitch));
}

/*
 * An RT write into a rows target: the same bytes as rt_pixel for each
 * enabled pixel.  The message's colours are packed first (once when they
 * are all one), then written a subspan row at a time: with x even the
 * row's two pixels are the same aligned 8 bytes of a linear row, of an X
 * tile's 512-byte row or of a Y tile's 16-byte column, so a row takes one
 * address, and one page lookup unless it is in the page the same row of
 * the subspan before used (a linear target's rows are one page each, an
 * X or Y tile holds the message's 8 rows in one).  A subspan whose four
 * pixels are lit and inside the target, in a target whose channels are
 * all written, takes its two rows as two 8-byte stores of packed colours.
 * An odd x (from the kernel's header) or a row across a page goes pixel
 * by pixel.
 */
static void rt_write_rows(Gen4Wm *wm, Gen4WmRt *rt, const uint32_t *payload,
                          unsigned col, bool replicated, uint32_t enables,
                          unsigned nss)
{
    const uint32_t *m1 = payload + 8;
    HWGPU_NOINIT uint32_t packed[16], keep, rgba[4];
    RowPages rp = { { UINT64_MAX, UINT64_MAX }, { NULL, NULL } };
    bool merge = rt->mask != 0xf || rt->f->nchan < 4;

    if (!enables) {
        return;
    }
    if (replicated || rt_uniform(payload, col, enables, rgba)) {
        if (replicated) {
            rt_colour(payload, col, true, 0, rgba);
        }
        packed[0] = rt_packed(rt, rgba);
        for (unsigned p = 1; p < 16; p++) {
            packed[p] = packed[0];
        }
    } else {
        rt_pack_lanes(rt, payload + col * 8, nss > 2 ? 16 : 8, packed);
    }
    keep = rt->keep8;                   /* the write enables' bytes */
    for (unsigned s = 0; s < nss; s++) {
        uint32_t x = m1[2 + s] & 0xffff, y0 = m1[2 + s] >> 16;
        uint64_t xb = (uint64_t)(x + rt->xoff) * 4;

        if (!merge && ((enables >> (4 * s)) & 0xf) == 0xf && !(xb & 7) &&
            y0 < rt->hmax && x < rt->wmax) {
            uint8_t *p0 = row_ptr(wm, &rp, 0, row_addr(rt, xb, y0));
            uint8_t *p1 = p0 ? row_ptr(wm, &rp, 1, row_addr(rt, xb, y0 + 1))
                             : NULL;

            if (p0 && p1) {
                memcpy(p0, &packed[4 * s], 8);
                memcpy(p1, &packed[4 * s + 2], 8);
                wm->pixels += 4;
                continue;
            }
        }
        for (unsigned r = 0; r < 2; r++) {
            unsigned p = 4 * s + 2 * r, m2 = (enables >> p) & 3;
            uint32_t y = y0 + r, v[2] = { 0, 0 };
            uint8_t *ptr = NULL;

            if (!m2 || y > rt->hmax || x > rt->wmax) {
                continue;
            }
            if (x + 1 > rt->wmax && !(m2 &= 1)) {
                continue;               /* only the right one, outside */
            }
            if (!(xb & 7)) {
                ptr = row_ptr(wm, &rp, r, row_addr(rt, xb, y));
            }
            if (!ptr) {
                rp.page[0] = rp.page[1] = UINT64_MAX;
                for (unsigned i = 0; i < 2; i++) {
                    if (m2 & (1u << i)) {
                        rt_colour(payload, col, replicated, p + i, rgba);
                        rt_pixel(wm, rt, x + i, y, rgba);
                    }
                }
                continue;
            }
            /*
             * Each pixel its own 4-byte access: an 8-byte copy of v
             * would read the two 4-byte stores just made (a store
             * forwarding stall on every row)
             */
            if (m2 & 1) {
                if (merge) {
                    memcpy(&v[0], ptr, 4);
                }
                v[0] = (v[0] & keep) | packed[p];
                memcpy(ptr, &v[0], 4);
                wm->pixels++;
            }
            if (m2 & 2) {
                if (merge) {
                    memcpy(&v[1], ptr + 4, 4);
                }
                v[1] = (v[1] & keep) | packed[p + 1];
                memcpy(ptr + 4, &v[1], 4);
                wm->pixels++;
            }
        }
    }
}

/*
 * Pixels x0..x1 of row y all lit in one colour: the same bytes as
 * rt_pixel for each, written a run at a time (a linear row up to its
 * page's end, an X tile's 512-byte row, a Y tile's 16-byte column).
 */
static void rt_fill_row(Gen4Wm *wm, Gen4WmRt *rt, const uint32_t rgba[4],
                        uint32_t x0, uint32_t x1, uint32_t y)
{
    uint32_t packed = rt_packed(rt, rgba);
    uint64_t yy = (uint64_t)y + rt->yoff;

    if (y > rt->hmax || x0 > rt->wmax) {
        return;
    }
    x1 = MIN(x1, rt->wmax);
    for (uint32_t x = x0; x <= x1;) {
        uint64_t xb = (uint64_t)(x + rt->xoff) * 4, addr, run;
        uint32_t n;
        uint8_t *ptr = NULL;

        if (rt->tiling == 0) {
            addr = rt->base + yy * rt->pitch + xb;
            run = G45_GTT_PAGE_SIZE - addr % G45_GTT_PAGE_SIZE;
        } else if (rt->tiling == 2) {
            addr = rt->base + g45_ytile_offset(xb, yy, rt->pitch);
            run = 16 - xb % 16;
        } else {
            addr = rt->base + g45_xtile_offset(xb, yy, rt->pitch);
            run = G45_XTILE_W - xb % G45_XTILE_W;
        }
        /* (a tile's run never crosses its page; a linear one stops at it) */
        run = MIN(run, G45_GTT_PAGE_SIZE - addr % G45_GTT_PAGE_SIZE);
        n = (uint32_t)MIN((uint64_t)(x1 - x) + 1, run / 4);
        if (n && addr + (uint64_t)n * 4 - 1 <= UINT32_MAX) {
            ptr = g45_gtt_direct_ptr(wm->s->gtt, addr, n * 4, true);
        }
        if (!ptr) {
            uint32_t c[4];

            memcpy(c, rgba, sizeof(c));
            rt_pixel(wm, rt, x, y, c);
            x++;
            continue;
        }
        hwgpu_fill32(ptr, n, rt->keep8, packed);     /* (0: no merge) */
        wm->pixels += n;
        x += n;
    }
}

/*
 * Message layout (seed 002 §4.2 RT write, the table at L5212): the
 * 2-register header, destination stencil when the IZ entry has it,
 * colour (SIMD16: 8 registers, SIMD8: 4, replicated: 1), then source
 * depth (one register per 8 pixels) when the entry sends it to the RT,
 * then destination depth.  The colour's first register and the source
 * depth's into *col and *zreg; returns the registers the message needs
 * (0: a type not supported).
 */
static unsigned rt_layout(const Gen4Wm *wm, unsigned type, unsigned *col,
                          unsigned *zreg)
{
    unsigned need;

    *col = 2 + ((wm->iz & GEN4_IZ_DS) || wm->aa_object ? 1 : 0);
    *zreg = *col + (type == RT_SIMD16 ? 8 : type == RT_SIMD8 ? 4 : 1);
    need = type == RT_SIMD16 || type == RT_SIMD8 ||
           type == RT_SIMD16_REPLICATED ? *zreg : 0;
    if (need && wm->computed_depth && (wm->iz & GEN4_IZ_SD_RT)) {
        need += type == RT_SIMD8 ? 1 : 2;
    }
    return need;
}

static bool rt_write(Gen4Wm *wm, const G4EuMessage *msg)
{
    const Gen4Draw *d = wm->d;
    unsigned type = RT_TYPE(msg->function), bti = RT_BTI(msg->function);
    unsigned nss = type == RT_SIMD8 ? 2 : 4, need, col, zreg;
    const uint32_t *m0 = msg->payload, *m1 = msg->payload + 8;
    Gen4WmRt *rt;
    uint32_t enables = m0[0] & 0xffff;

    need = rt_layout(wm, type, &col, &zreg);
    if (!need || msg->mlen < need) {
        HWGPU_UNIMP(wm->s->host, "gen4 PS: render target write type %u "
                    "with %u registers not supported", type, msg->mlen);
        return false;
    }
    rt = rt_get(wm, bti);
    if (!rt->ss && !wm->late_depth) {
        return true;
    }
    wm->rt_writes++;
    enables &= (1u << (nss * 4)) - 1;
    if (rt->rows && !wm->aa_object && !wm->alpha_test && !wm->late_depth) {
        /* no per-pixel test left: subspan rows straight to memory */
        rt_write_rows(wm, rt, msg->payload, col, type == RT_SIMD16_REPLICATED,
                      enables, nss);
        return true;
    }
    /* the enabled pixels of the message's subspans, lowest first */
    for (; enables; enables &= enables - 1) {
        unsigned p = __builtin_ctz(enables), s = p / 4, i = p % 4;
        uint32_t rgba[4], x, y;

        rt_colour(msg->payload, col, type == RT_SIMD16_REPLICATED, p, rgba);
        if (wm->aa_object) {
            /* the render cache attenuates alpha by the AA coverage the
             * kernel passed on (seed 000 §7.3.12.5) */
            uint8_t cov = ((const uint8_t *)&msg->payload[2 * 8])[p];

            rgba[3] = hwgpu_f2u(hwgpu_u2f(rgba[3]) * (cov / 255.0f));
        }
        x = (m1[2 + s] & 0xffff) + (i & 1);
        y = (m1[2 + s] >> 16) + (i >> 1);
        if (wm->alpha_test &&
            !gen4_alpha_test(d->unit[GEN4_CC], rgba[3])) {
            continue;
        }
        if (wm->late_depth &&
            !late_depth_test(wm, msg, x, y,
                             wm->computed_depth && (wm->iz & GEN4_IZ_SD_RT) ?
                             hwgpu_u2f(msg->payload[(zreg + s / 2) * 8 +
                                                    (s % 2) * 4 + i]) :
                             src_depth(wm, x, y))) {
            continue;
        }
        if (rt->ss) {
            rt_pixel(wm, rt, x, y, rgba);
        }
    }
    return true;
}

/* SFID 5 in PS threads: render-target writes (other messages: unsupported). */
static bool dp_write(void *opaque, G4EuThread *t, const G4EuMessage *msg,
                     G4EuResponse *resp)
{
    Gen4Wm *wm = opaque;

    if (DPW_TYPE(msg->function) == DPW_RT_WRITE) {
        return rt_write(wm, msg);
    }
    return wm->dp_generic.fn(wm->dp_generic.opaque, t, msg, resp);
}

/* ---- setup ---- */

/*
 * The IZ table (PRM Vol 2 §8 "IZ" early depth/stencil table, missing from
 * seed 000's extraction; crocus compiles its kernels against the same
 * table, crocus-g45.md §3.5): for each combination of the draw's
 * depth/stencil/kill state, which optional phases the PS payload carries
 * after R1 (source depth, destination stencil, destination depth) and
 * whether the render-target write sends source depth back.  Index bits:
 * 1 kill or alpha test, 2 computed depth, 4 depth write, 8 depth test
 * (both with a depth buffer), 16 stencil write, 32 stencil test.  The
 * P/N/C modes themselves only decide early against late testing, which
 * late_depth already does.
 */
#define S_  GEN4_IZ_SD
#define R_  GEN4_IZ_SD_RT
#define D_  GEN4_IZ_DD
#define T_  GEN4_IZ_DS
static const uint8_t iz_table[64] = {
    /* no stencil test (with or without stencil write, 0x00 and 0x10) */
    0, 0, 0, 0, 0, S_ | R_, R_, R_, 0, 0, R_ | D_, R_ | D_,
    0, S_ | R_, R_ | D_, R_ | D_,
    0, 0, 0, 0, 0, S_ | R_, R_, R_, 0, 0, R_ | D_, R_ | D_,
    0, S_ | R_, R_ | D_, R_ | D_,
    /* stencil test only (0x20) */
    0, 0, 0, 0, 0, S_ | R_ | T_, R_ | T_, R_ | T_, 0, 0,
    R_ | D_ | T_, R_ | D_ | T_, 0, S_ | R_ | T_, R_ | D_ | T_, R_ | D_ | T_,
    /* stencil test and write (0x30) */
    0, T_, 0, R_ | T_, 0, S_ | R_ | T_, R_ | T_, R_ | T_, 0,
    S_ | R_ | D_ | T_, R_ | D_ | T_, R_ | D_ | T_, 0, S_ | R_ | D_ | T_,
    R_ | D_ | T_, R_ | D_ | T_,
};
#undef S_
#undef R_
#undef D_
#undef T_

static uint8_t iz_entry(const Gen4Wm *wm)
{
    const Gen4Depth *z = &wm->depth;
    bool kill = g45_wm_state_ps_kill_pixel(wm->wm) || wm->alpha_test;
    unsigned idx = kill |
                   wm->computed_depth << 1 |
                   (z->active && z->depth_write) << 2 |
                   (z->active && z->depth_test) << 3 |
                   (z->active && z->stencil_write) << 4 |
                   (z->active && z->stencil_test) << 5;
    uint8_t e = iz_table[idx];

    /* statistics with kill in a promoted entry (P: the ones without
     * flags): the hardware goes non-promoted and passes source depth to
     * the RT (seed 000 §4.3, PRM line 25432) */
    if (wm->stats && kill && !e) {
        e = GEN4_IZ_SD | GEN4_IZ_SD_RT;
    }
    if (g45_wm_state_ps_uses_source_depth(wm->wm)) {
        e |= GEN4_IZ_SD;
    }
    return e;
}

/*
 * The instructions of the draw's PS kernel at the dispatch width's entry
 * when its threads can have no effect, else 0 (see Gen4Wm.noop_insts):
 * the kernel only fills MRFs and ends with a well-formed render-target
 * write to a NULL target, and no test is left for the write to do.
 */
static unsigned noop_kernel(Gen4Wm *wm, bool simd16)
{
    uint32_t ip = simd16 && g45_wm_state_dispatch_8(wm->wm) ? 32 : 0;
    uint32_t desc, fn;
    unsigned n, col, zreg;

    if (!wm->prog || wm->env.interp || wm->late_depth ||
        !g4_eu_program_flat_at(wm->prog, ip, &desc, &n)) {
        return 0;
    }
    fn = desc & 0xffff;
    if (((desc >> 24) & 15) != G4_SFID_DP_WRITE ||
        DPW_TYPE(fn) != DPW_RT_WRITE ||
        ((desc >> 20) & 15) < rt_layout(wm, RT_TYPE(fn), &col, &zreg) ||
        !rt_layout(wm, RT_TYPE(fn), &col, &zreg) ||
        rt_get(wm, RT_BTI(fn))->ss) {
        return 0;
    }
    return n;
}

/*
 * Whether the draw's PS kernel at the dispatch width's entry is flat and
 * ends with a render-target write that goes straight to a rows target
 * (rt_write's rows path, no test left): then an object whose message
 * colour is one colour needs no threads run (one_object, ps_thread).
 * The interpreter (G4EuEnv.interp) runs every thread: the reference.
 */
static bool one_kernel(Gen4Wm *wm, bool simd16)
{
    uint32_t ip = simd16 && g45_wm_state_dispatch_8(wm->wm) ? 32 : 0;
    uint32_t desc, fn;
    unsigned n, col, zreg, need;
    Gen4WmRt *rt;

    if (!wm->prog || wm->env.interp || wm->late_depth || wm->alpha_test ||
        wm->noop_insts[simd16] ||
        !g4_eu_program_flat_at(wm->prog, ip, &desc, &n)) {
        return false;
    }
    fn = desc & 0xffff;
    if (((desc >> 24) & 15) != G4_SFID_DP_WRITE ||
        DPW_TYPE(fn) != DPW_RT_WRITE || RT_BTI(fn) >= GEN4_WM_RTS) {
        return false;
    }
    need = rt_layout(wm, RT_TYPE(fn), &col, &zreg);
    if (!need || ((desc >> 20) & 15) < need) {
        return false;
    }
    rt = rt_get(wm, RT_BTI(fn));
    if (!rt->ss || !rt->rows) {
        return false;
    }
    wm->one_insts[simd16] = n;
    wm->one_nss[simd16] = RT_TYPE(fn) == RT_SIMD8 ? 2 : 4;
    wm->one_rt[simd16] = rt;
    return true;
}

void gen4_wm_begin(Gen4Wm *wm, Gen4State *s, const Gen4Draw *d)
{
    const uint32_t *sfs = d->unit[GEN4_SF];
    uint32_t len;

    memset(wm, 0, sizeof(*wm));
    wm->s = s;
    wm->d = d;
    wm->band_y0 = INT32_MIN;
    wm->band_y1 = INT32_MAX;
    wm->wm = d->unit[GEN4_WM];
    gen4_surfaces_init_ps(&wm->surfaces, d);
    gen4_depth_begin(&wm->depth, s, d);
    wm->alpha_test = d->unit_addr[GEN4_CC] &&
                     g45_color_calc_state_alpha_test_enable(d->unit[GEN4_CC]);
    wm->late_depth = g45_wm_state_ps_kill_pixel(wm->wm) ||
                     g45_wm_state_ps_computed_depth(wm->wm) ||
                     (d->unit_addr[GEN4_CC] &&
                      g45_color_calc_state_alpha_test_enable(d->unit[GEN4_CC]));
    wm->stats = g45_wm_state_statistics_enable(wm->wm);
    wm->computed_depth = g45_wm_state_ps_computed_depth(wm->wm);
    wm->line_aa = d->unit_addr[GEN4_SF] && g45_sf_state_aa_enable(sfs);
    wm->iz = iz_entry(wm);
    if (g45_wm_state_line_stipple_enable(wm->wm)) {
        const uint32_t *ls = gen4_draw_packet(d, G45_CMD_3DSTATE_LINE_STIPPLE,
                                              &len);

        wm->line_stipple = true;
        wm->line_pattern = ls ? g45_3dstate_line_stipple_pattern(ls) : 0;
        wm->line_repeat = ls ? g45_3dstate_line_stipple_repeat_count(ls) : 1;
        wm->line_repeat = MAX(wm->line_repeat, 1u);
    }
    /* Polygon stipple (§8.3.3): the pattern's rows top to bottom, bit 31
     * leftmost, its upper-left corner at the offset. */
    if (g45_wm_state_polygon_stipple_enable(wm->wm)) {
        const uint32_t *pat = gen4_draw_packet(
            d, G45_CMD_3DSTATE_POLY_STIPPLE_PATTERN, &len);
        const uint32_t *off = gen4_draw_packet(
            d, G45_CMD_3DSTATE_POLY_STIPPLE_OFFSET, &len);

        wm->stipple = true;
        for (uint32_t r = 0; r < 32; r++) {
            wm->stipple_rows[r] = pat ?
                g45_3dstate_poly_stipple_pattern_row_pattern(
                    g45_3dstate_poly_stipple_pattern_row(pat, r)) : 0;
        }
        wm->stipple_x = off ? g45_3dstate_poly_stipple_offset_x_offset(off) : 0;
        wm->stipple_y = off ? g45_3dstate_poly_stipple_offset_y_offset(off) : 0;
    }
    wm->logic_op = d->unit_addr[GEN4_CC] &&
                   g45_color_calc_state_logic_op_enable(d->unit[GEN4_CC]) ?
                   (int)g45_color_calc_state_logic_op_function(
                       d->unit[GEN4_CC]) : -1;
    /* Origin bias, U0.4 pixels (SF_STATE DW6, §7.3.3). */
    wm->bias_x = g45_sf_state_horizontal_origin_bias(sfs) / 16.0f;
    wm->bias_y = g45_sf_state_vertical_origin_bias(sfs) / 16.0f;
    if (d->unit_addr[GEN4_WM]) {
        wm->prog = gen4_kernel_load(
            s, d->general_base + g45_wm_state_kernel_start_pointer(wm->wm));
    }
    wm->curbe = g_new0(uint32_t, GEN4_CURBE_ROWS * 8);
    wm->curbe_rows = gen4_curbe_load(s, d, wm->curbe);
    /* Threads run one after the other: one register file, reset per
     * dispatch (g4_eu_thread_reuse), not one allocation per thread, and
     * one set of shared functions: math; scratch and pull constants
     * through the data port; render-target writes (and the rest,
     * forwarded) through dp_write; the sampler. */
    wm->thread = g_new0(G4EuThread, 1);
    g4_eu_env_init(&wm->env, s->host);
    g4_eu_math_attach(&wm->env);
    gen4_dp_attach(&wm->dp, &wm->env, s, d, &wm->surfaces);
    wm->dp_generic = wm->env.sf[G4_SFID_DP_WRITE];
    gen4_sampler_attach(&wm->sampler, &wm->env, s, d, &wm->surfaces);
    g4_eu_env_set_shared(&wm->env, G4_SFID_DP_WRITE, dp_write, wm);
    wm->noop_insts[0] = noop_kernel(wm, false);
    wm->noop_insts[1] = noop_kernel(wm, true);
    wm->one_kernel[0] = one_kernel(wm, false);
    wm->one_kernel[1] = one_kernel(wm, true);
    if (wm->one_kernel[0] || wm->one_kernel[1]) {
        wm->one_grf = g_malloc0(G4_EU_GRF_BYTES);
    }
}

void gen4_wm_end(Gen4Wm *wm)
{
    gen4_sampler_release(&wm->sampler);
    if (wm->prog) {
        g4_eu_program_free(wm->prog);
    }
    g_free(wm->curbe);
    g_free(wm->thread);
    g_free(wm->one_grf);
    wm->one_grf = NULL;
    wm->prog = NULL;
    wm->curbe = NULL;
    wm->thread = NULL;
}

/* A row's quads from which gen4_wm_object looks for its inner and outer
 * ranges (hwgpu_cover_row, hwgpu_cover_span) */
#define COVER_RANGE_QUADS 6

/* ---- pixel shader dispatch ---- */

typedef struct Subspan {
    uint16_t x, y;              /* upper-left pixel */
    uint8_t mask;               /* bit i: pixel (x + (i & 1), y + (i >> 1)) */
    uint8_t cov[4];             /* AA lines: each pixel's coverage, U0.8 */
} Subspan;

/*
 * The registers of a PS payload an object's threads share: from Dispatch
 * GRF Start, but after the first registers per thread (R0, R1 and the
 * IZ entry's phases), the CURBE then the setup data into the GRF image
 * grf.  Returns the register after them.
 */
static unsigned object_regs(const Gen4Wm *wm, uint8_t *grf, unsigned first,
                            const uint8_t *pue, uint32_t pue_rows)
{
    const uint32_t *w = wm->wm;
    uint32_t coff = g45_wm_state_constant_urb_read_offset(w);
    uint32_t clen = g45_wm_state_constant_urb_read_length(w);
    uint32_t soff = g45_wm_state_setup_urb_read_offset(w);
    uint32_t slen = g45_wm_state_setup_urb_read_length(w);
    uint32_t r = MAX(g45_wm_state_dispatch_grf_start(w), first);

    for (uint32_t c = 0; c < clen && r < G4_EU_GRF_REGS; c++, r++) {
        if (coff + c < wm->curbe_rows) {
            memcpy(grf + r * G4_EU_REG_BYTES, wm->curbe + (coff + c) * 8, 32);
        }
    }
    for (uint32_t row = 0; row < slen && r < G4_EU_GRF_REGS; row++, r++) {
        if (soff + row < pue_rows) {
            memcpy(grf + r * G4_EU_REG_BYTES, pue + (soff + row) * 32, 32);
        }
    }
    return r;
}

/*
 * Per dispatch width with a one_kernel: whether this object's message
 * carries one colour for all its pixels.  The kernel's message is
 * evaluated on the object's shared registers: the header must be R0 and
 * R1 as dispatched (the enables and the subspans' positions), and every
 * colour register made of immediates and shared registers only, one
 * value in all lanes (or the replicated message's one colour).
 */
static void one_object(Gen4Wm *wm, const uint8_t *pue, uint32_t pue_rows)
{
    /* the payload's registers per thread: R0, R1, the IZ phases */
    unsigned first = 2 + (wm->iz & GEN4_IZ_SD ? 2 : 0) +
                     (wm->iz & GEN4_IZ_DS ? 1 : 0) +
                     (wm->iz & GEN4_IZ_DD ? 2 : 0);
    G4EuFlatMessage m;

    wm->one_valid[0] = wm->one_valid[1] = false;
    if (!wm->one_grf || wm->aa_object) {
        return;
    }
    memset(wm->one_grf, 0, G4_EU_GRF_BYTES);
    object_regs(wm, wm->one_grf, first, pue, pue_rows);
    for (unsigned k = 0; k < 2; k++) {
        uint32_t ip = k && g45_wm_state_dispatch_8(wm->wm) ? 32 : 0;
        unsigned type, col, zreg, ncol;
        uint32_t colmask;

        if (!wm->one_kernel[k] ||
            !g4_eu_program_flat_message(wm->prog, ip, wm->one_grf, first,
                                        &m)) {
            continue;
        }
        type = RT_TYPE(m.desc & 0xffff);
        rt_layout(wm, type, &col, &zreg);
        ncol = type == RT_SIMD16 ? 8 : type == RT_SIMD8 ? 4 : 1;
        colmask = ((1u << ncol) - 1) << col;
        if (m.copy[0] != 0 || m.copy[1] != 1 ||
            (m.invariant & colmask) != colmask) {
            continue;
        }
        if (type == RT_SIMD16_REPLICATED) {
            memcpy(wm->one_rgba[k], &m.payload[col * 8], 16);
        } else if (!rt_uniform(m.payload, col,
                               type == RT_SIMD16 ? 0xffff : 0xff,
                               wm->one_rgba[k])) {
            continue;
        }
        wm->one_valid[k] = true;
    }
}

/*
 * Whether every thread the object's subspans get writes the one colour
 * (one_object) of one width, or both widths' the same: then
 * gen4_wm_object writes the subspans itself (one_subspan, rt_fill_row),
 * counting the threads dispatch would send (one_threads).  The width's
 * index into *k.
 */
static bool one_mode(const Gen4Wm *wm, unsigned *k)
{
    bool en8 = g45_wm_state_dispatch_8(wm->wm);
    bool en16 = g45_wm_state_dispatch_16(wm->wm);

    if (wm->aa_object || (en8 && !wm->one_valid[0]) ||
        (en16 && !wm->one_valid[1])) {
        return false;
    }
    if (en8 && en16 &&
        (wm->one_rt[0] != wm->one_rt[1] || wm->one_nss[0] != wm->one_nss[1] ||
         memcmp(wm->one_rgba[0], wm->one_rgba[1], 16))) {
        return false;
    }
    *k = en16;
    return true;
}

/*
 * The next thread of a one-colour run with left subspans: SIMD16 (four
 * subspans) unless SIMD8 is enabled and two or fewer remain.  Returns
 * the subspans it takes; *insts is its instruction count.
 */
static unsigned one_thread(const Gen4Wm *wm, unsigned left, unsigned *insts)
{
    bool en8 = g45_wm_state_dispatch_8(wm->wm);
    bool simd16 = g45_wm_state_dispatch_16(wm->wm) && (left > 2 || !en8);

    *insts = wm->one_insts[simd16];
    return MIN(left, simd16 ? 4u : 2u);
}

/* The threads dispatch sends for a batch of n such subspans. */
static void one_threads(Gen4Wm *wm, unsigned n)
{
    uint64_t cost = 0, count = 0;
    unsigned insts;

    /*
     * When the budget this thread holds covers them all and stays above
     * gen4_work's refill mark, the threads are charged at once: the loop
     * below would neither refill nor run out.
     */
    for (unsigned left = n; left; count++) {
        left -= one_thread(wm, left, &insts);
        cost += insts;
    }
    if (wm->s->work_left >= cost + GEN4_WORK_CHUNK / 2) {
        wm->s->work_left -= cost;
        wm->threads += count;
        wm->band_threads += count;
        wm->rt_writes += count;
        return;
    }
    while (n && gen4_work(wm->s)) {
        n -= one_thread(wm, n, &insts);
        wm->threads++;
        wm->band_threads++;
        wm->rt_writes++;
        gen4_charge_work(wm->s, insts);
    }
}

/* The lit pixels m of subspan (x, y) in width k's one colour. */
static void one_subspan(Gen4Wm *wm, unsigned k, int32_t x, int32_t y,
                        unsigned m)
{
    /* a replicated message (rt_write_rows) */
    uint32_t msg[3 * 8] = { 0 };

    msg[8 + 2] = (uint32_t)x | (uint32_t)y << 16;
    memcpy(&msg[2 * 8], wm->one_rgba[k], 16);
    rt_write_rows(wm, wm->one_rt[k], msg, 2, true, m, 1);
}

/* One PS thread for n (1..4) subspans. */
static void ps_thread(Gen4Wm *wm, const Gen4SetupObj *o, const uint8_t *pue,
                      uint32_t pue_rows, const Subspan *ss, unsigned n,
                      bool simd16)
{
    const uint32_t *w = wm->wm;
    const Gen4Draw *d = wm->d;
    uint32_t cr0 = g45_wm_state_floating_point_mode(w) == G45_FP_MODE_ALT ?
                   G4_CR0_FP_ALT : 0;
    uint32_t mask = 0, dmask = 0, len, cc = d->unit_addr[GEN4_CC], p;
    const uint32_t *btp = gen4_draw_packet(
        d, G45_CMD_3DSTATE_BINDING_TABLE_POINTERS, &len);
    G4EuThread *t = wm->thread;
    uint32_t *r;

    if (wm->noop_insts[simd16] && !wm->aa_object) {
        /* a thread without effect (gen4_wm_begin): counted, not run (an
         * AA line's message is a register longer) */
        wm->threads++;
        wm->band_threads++;
        gen4_charge_work(wm->s, wm->noop_insts[simd16]);
        return;
    }
    for (unsigned s = 0; s < n; s++) {
        mask |= (uint32_t)ss[s].mask << (4 * s);
        dmask |= 0xfu << (4 * s);       /* whole subspans execute */
    }
    if (wm->one_valid[simd16] && !wm->aa_object) {
        /* the object's one colour (one_object): the thread's render
         * target write as a replicated message of its subspans */
        unsigned nss = wm->one_nss[simd16];
        uint32_t msg[3 * 8] = { 0 };

        for (unsigned s = 0; s < n; s++) {
            msg[8 + 2 + s] = ss[s].x | (uint32_t)ss[s].y << 16;
        }
        memcpy(&msg[2 * 8], wm->one_rgba[simd16], 16);
        wm->threads++;
        wm->band_threads++;
        wm->rt_writes++;
        gen4_charge_work(wm->s, wm->one_insts[simd16]);
        rt_write_rows(wm, wm->one_rt[simd16], msg, 2, true,
                      mask & ((1u << (nss * 4)) - 1), nss);
        return;
    }
    /* zeroed where the previous thread or payload wrote (t->grf_dirty) */
    g4_eu_thread_reuse(t, simd16 ? dmask : dmask & 0xff, cr0);
    /* When both sizes are enabled, SIMD16 starts 2 instructions in
     * (Table 8-1). */
    t->ip = simd16 && g45_wm_state_dispatch_8(w) ? 32 : 0;
    r = g4_eu_grf_ud(t, 0);
    r[0] = mask << 16 | mask;
    r[1] = cc & ~63u;
    r[3] = g45_wm_state_sampler_state_pointer(w) |
           g45_wm_state_per_thread_scratch_space(w);
    r[4] = btp ? g45_3dstate_binding_table_pointers_ps_binding_table(btp) : 0;
    r[5] = g45_wm_state_scratch_space_base(w) +
           wm->scratch_slot *
           (1024u << MIN(g45_wm_state_per_thread_scratch_space(w), 11u));
    r[6] = wm->band_threads++ & 0xffffff;
    r = g4_eu_grf_ud(t, 1);
    /*
     * Xstart/Ystart, the start vertex (§8.5 PS payload R1.0/R1.1) in the
     * sampling grid's coordinates: kernels interpolate at the integer
     * pixel positions of R1.2-R1.5 relative to it, so the origin bias
     * (§7.3.3; 0.5 for GL's pixel centres) comes off here.
     */
    r[0] = hwgpu_f2u(o->x[0] - wm->bias_x);
    r[1] = hwgpu_f2u(o->y[0] - wm->bias_y);
    for (unsigned s = 0; s < 4; s++) {
        r[2 + s] = s < n ? ss[s].x | (uint32_t)ss[s].y << 16 : 0;
    }
    r[6] = (o->back_facing ? 1u << 31 : 0) |
           (wm->iz & GEN4_IZ_SD ? 1u << 30 : 0) |
           (wm->iz & GEN4_IZ_SD_RT ? 1u << 29 : 0) |
           (wm->iz & GEN4_IZ_DD ? 1u << 28 : 0) |
           (wm->iz & GEN4_IZ_DS ? 1u << 27 : 0) |
           (wm->aa_object ? 3u << 25 : 0) | (o->prim_type & 0x1f);
    /*
     * The optional phases in the IZ entry's order: source depth (R2 for
     * subspans 0-1, R3 for 2-3, a float per pixel), destination stencil
     * (one register), destination depth (two).  The destination phases
     * only travel back in the RT write, where the depth test reads the
     * buffer itself; they are left zero.
     */
    p = 2;
    if (wm->iz & GEN4_IZ_SD) {
        for (unsigned k = 0; k < n; k++) {
            uint32_t *reg = g4_eu_grf_ud(t, p + k / 2);

            for (unsigned i = 0; i < 4; i++) {
                reg[(k % 2) * 4 + i] = hwgpu_f2u(
                    src_depth(wm, ss[k].x + (i & 1), ss[k].y + (i >> 1)));
            }
        }
        p += 2;
    }
    if ((wm->iz & GEN4_IZ_DS) || wm->aa_object) {
        /* AA alpha: a U0.8 coverage per pixel, byte 4 k + i for pixel i
         * of subspan k (the destination stencil would follow) */
        uint8_t *aa = (uint8_t *)g4_eu_grf_ud(t, p);

        for (unsigned k = 0; k < n && wm->aa_object; k++) {
            memcpy(aa + 4 * k, ss[k].cov, 4);
        }
        p++;
    }
    p += wm->iz & GEN4_IZ_DD ? 2 : 0;
    /* the payload: r0 up to the object's registers' end */
    g4_eu_thread_wrote(t, object_regs(wm, t->grf, p, pue, pue_rows));
    wm->threads++;
    wm->threads_run++;
    if (!gen4_run_thread(wm->s, t, wm->prog, &wm->env, GEN4_PS_BUDGET)) {
        wm->errors++;
        HWGPU_GUEST_ERROR(wm->s->host, "gen4 PS: thread ended without EOT "
                          "(ip 0x%x)", t->ip);
    }
}

/* Send the collected subspans in threads as Table 8-2 sizes them. */
static void dispatch(Gen4Wm *wm, const Gen4SetupObj *o, const uint8_t *pue,
                     uint32_t pue_rows, const Subspan *ss, unsigned n)
{
    bool en8 = g45_wm_state_dispatch_8(wm->wm);
    bool en16 = g45_wm_state_dispatch_16(wm->wm);

    while (n && gen4_work(wm->s)) {
        bool simd16 = en16 && (n > 2 || !en8);
        unsigned k = MIN(n, simd16 ? 4u : 2u);

        ps_thread(wm, o, pue, pue_rows, ss, k, simd16);
        ss += k;
        n -= k;
    }
}

/* ---- rasterization ---- */

/*
 * The object's depth plane from its PUE (WM_STATE Depth Coefficient URB
 * Read Offset: the Z tuple Cx, Cy, -, C0 relative to vertex 0) and the
 * global depth offset of triangles (PRM Vol 2 §8.4.2).
 */
static void depth_plane(Gen4Wm *wm, const Gen4SetupObj *o, const uint8_t *pue,
                        uint32_t pue_rows)
{
    const uint32_t *w = wm->wm;
    uint32_t row = g45_wm_state_depth_coefficient_urb_read_offset(w);
    uint32_t len;
    float z[4] = { 0, 0, 0, 0 };

    if (row < pue_rows) {
        memcpy(z, pue + row * 32, sizeof(z));
    }
    wm->dzdx = z[0];
    wm->dzdy = z[1];
    wm->z0 = z[3];
    wm->zx0 = o->x[0];
    wm->zy0 = o->y[0];
    wm->back = o->back_facing;
    if (g45_wm_state_global_depth_offset_enable(w) &&
        o->type == GEN4_OBJ_TRIANGLE) {
        const uint32_t *cl = gen4_draw_packet(
            wm->d, G45_CMD_3DSTATE_GLOBAL_DEPTH_OFFSET_CLAMP, &len);
        float slope = MAX(fabsf(z[0]), fabsf(z[1]));
        float k = g45_wm_state_global_depth_offset_constant(w);
        float r, bias, clamp = cl ? g45_3dstate_global_depth_offset_clamp_clamp(cl)
                                  : 0.0f;

        if (g45_wm_state_legacy_global_depth_bias(w)) {
            r = 1.0f;
        } else {
            r = hwgpu_depth_resolution(wm->depth.format, MAX(fabsf(z[3]), 0.5f));
        }
        bias = k * r + g45_wm_state_global_depth_offset_scale(w) * slope;
        bias = clamp > 0 ? MIN(bias, clamp) : clamp < 0 ? MAX(bias, clamp)
                                                        : bias;
        wm->z0 += bias;
    }
}

/* Early depth/stencil: the pixels of subspan (x, y) in m that pass. */
static uint8_t early_depth(Gen4Wm *wm, int32_t x, int32_t y, uint8_t m)
{
    HWGPU_NOINIT float src[4];

    if (!wm->depth.active) {
        /* every pixel passes (gen4_depth_quad) */
        if (wm->stats) {
            wm->s->ps_depth_count += __builtin_popcount(m);
        }
        return m;
    }
    for (int i = 0; i < 4; i++) {
        src[i] = src_depth(wm, x + (i & 1), y + (i >> 1));
    }
    m = gen4_depth_quad(&wm->depth, wm->s, x, y, src, wm->back, true, m);
    if (wm->stats) {
        wm->s->ps_depth_count += __builtin_popcount(m);
    }
    return m;
}

/* ---- lines ---- */

typedef struct LinePixels {
    GHashTable *index;          /* subspan (y << 16 | x) -> 1 + its slot */
    GArray *subspans;           /* Subspan, in the order first reached */
    Gen4Wm *wm;
    uint8_t cov;                /* the next pixel's AA coverage */
} LinePixels;

static void line_pixel(void *opaque, int32_t x, int32_t y)
{
    LinePixels *lp = opaque;
    Gen4Wm *wm = lp->wm;
    uint32_t key;
    guint slot;

    /* Line stipple: pixel s of the line is kept when bit (s / r) % 16 of
     * the pattern is set (§8.3.2.3); pixels come in line order. */
    if (wm->line_stipple) {
        bool keep = (wm->line_pattern >>
                     ((wm->line_count / wm->line_repeat) & 15)) & 1;

        wm->line_count++;
        if (!keep) {
            return;
        }
    }
    if (x < 0 || y < 0 || x > 0xffff || y > 0xffff) {
        return;
    }
    key = (uint32_t)(y & ~1) << 16 | (uint32_t)(x & ~1);
    slot = GPOINTER_TO_UINT(g_hash_table_lookup(lp->index,
                                                GUINT_TO_POINTER(key)));
    if (!slot) {
        Subspan ss = { .x = x & ~1, .y = y & ~1 };

        g_array_append_val(lp->subspans, ss);
        slot = lp->subspans->len;
        g_hash_table_insert(lp->index, GUINT_TO_POINTER(key),
                            GUINT_TO_POINTER(slot));
    }
    g_array_index(lp->subspans, Subspan, slot - 1).mask |=
        1u << ((x & 1) | (y & 1) << 1);
    g_array_index(lp->subspans, Subspan, slot - 1).cov[(x & 1) | (y & 1) << 1] =
        lp->cov;
}

/* WM_STATE AA region widths: 0.5, 1, 2 or 4 pixels. */
static float aa_region(uint32_t code)
{
    return 0.5f * (float)(1u << (code & 3));
}

/*
 * An anti-aliased line (seed 000 §7.3.12.5, legacy coverage: what
 * 3DSTATE_AA_LINE_PARAMETERS' zero slopes select): the rectangle centred
 * on the line, Line Width wide, extended by the end-cap region past both
 * ends; a pixel's coverage ramps from 0 at a long edge to 1 at half the
 * AA region inside it and from 1 at an end point to 0 at the cap edge,
 * the two multiplied.  Distances are true perpendicular ones (CTG's AA
 * Line Distance Mode; the legacy Manhattan approximation is not used).
 */
static void aa_line(Gen4Wm *wm, const Gen4SetupObj *o, int a, int b,
                    const int32_t clip[4], uint64_t *budget, LinePixels *lp)
{
    float x0 = o->x[a], y0 = o->y[a], dx = o->x[b] - x0, dy = o->y[b] - y0;
    float len = sqrtf(dx * dx + dy * dy), ux, uy;
    float hw = MAX(o->line_width, 1.0f) / 2;
    float aa = aa_region(g45_wm_state_line_aa_region_width(wm->wm)) / 2;
    float cap = aa_region(g45_wm_state_line_endcap_aa_region_width(wm->wm));
    float ext = hw + cap;
    int32_t bx0, by0, bx1, by1;

    if (!(len > 0) || !isfinite(len)) {
        return;                 /* degenerate: no direction, no pixels */
    }
    ux = dx / len;
    uy = dy / len;
    bx0 = MAX((int32_t)floorf(MIN(x0, x0 + dx) - ext), clip[0]);
    by0 = MAX((int32_t)floorf(MIN(y0, y0 + dy) - ext), clip[1]);
    bx1 = MIN((int32_t)ceilf(MAX(x0, x0 + dx) + ext), clip[2]);
    by1 = MIN((int32_t)ceilf(MAX(y0, y0 + dy) + ext), clip[3]);
    for (int32_t y = by0; y <= by1 && *budget; y++) {
        for (int32_t x = bx0; x <= bx1 && *budget; x++) {
            float px = x + wm->bias_x - x0, py = y + wm->bias_y - y0;
            float t = px * ux + py * uy;            /* along the line */
            float d = fabsf(px * uy - py * ux);     /* across it */
            float side = MIN((hw - d) / aa, 1.0f);
            float end = t < 0 ? 1.0f + t / cap :
                        t > len ? 1.0f - (t - len) / cap : 1.0f;
            float c = side * MIN(end, 1.0f);

            (*budget)--;
            if (side <= 0 || end <= 0 || c <= 0) {
                continue;
            }
            lp->cov = (uint8_t)MIN(255.0f, c * 255.0f + 0.5f);
            if (lp->cov) {
                line_pixel(lp, x, y);
            }
        }
    }
}

/*
 * A line: zero width by the diamond-exit rule, wider ones as the
 * parallelogram of §7.3.12 (hw/render/raster.c); its pixels grouped
 * into subspans for the pixel shader.
 */
static void wm_line(Gen4Wm *wm, const Gen4SetupObj *o, const uint8_t *pue,
                    uint32_t pue_rows, bool shade)
{
    LinePixels lp = {
        .index = g_hash_table_new(g_direct_hash, g_direct_equal),
        .subspans = g_array_new(false, false, sizeof(Subspan)),
        .wm = wm,
    };
    Subspan batch[64];
    unsigned n = 0;
    int32_t clip[4] = { MAX(o->clip[0], 0), MAX(o->clip[1], 0), o->clip[2],
                        o->clip[3] };
    int a = o->reversed ? 1 : 0, b = 1 - a;   /* the line's own direction */
    uint64_t budget;

    if (!o->continue_stipple) {
        wm->line_count = 0;     /* a new primitive, or a list's segment */
    }
    wm->aa_object = wm->line_aa;
    gen4_work(wm->s);
    budget = wm->s->work_left;
    if (wm->line_aa) {
        aa_line(wm, o, a, b, clip, &budget, &lp);
    } else if (o->line_width == 0) {
        hwgpu_line_diamond(o->x[a], o->y[a], o->x[b], o->y[b], wm->bias_x,
                           wm->bias_y, o->last_pixel, clip, &budget,
                           line_pixel, &lp);
    } else {
        hwgpu_line_wide(o->x[a], o->y[a], o->x[b], o->y[b], o->line_width,
                        wm->bias_x, wm->bias_y, clip, &budget, line_pixel,
                        &lp);
    }
    wm->s->work_left = budget;
    for (guint k = 0; k < lp.subspans->len && gen4_work(wm->s); k++) {
        Subspan ss = g_array_index(lp.subspans, Subspan, k);

        if (!wm->late_depth || !shade) {
            ss.mask = early_depth(wm, ss.x, ss.y, ss.mask);
        }
        if (!ss.mask || !shade) {
            continue;
        }
        batch[n++] = ss;
        if (n == G_N_ELEMENTS(batch)) {
            dispatch(wm, o, pue, pue_rows, batch, n);
            n = 0;
        }
    }
    if (n) {
        dispatch(wm, o, pue, pue_rows, batch, n);
    }
    g_hash_table_destroy(lp.index);
    g_array_free(lp.subspans, true);
}

void gen4_wm_object(Gen4Wm *wm, const Gen4SetupObj *o, const uint8_t *pue,
                    uint32_t pue_rows)
{
    HwgpuCoverage cov;
    int32_t cx0, cy0;
    Subspan batch[64];
    unsigned n = 0;
    int32_t x0, y0, x1, y1;
    Gen4SetupObj banded;
    bool shade = wm->prog && g45_wm_state_thread_dispatch_enable(wm->wm);
    bool stipple = wm->stipple && o->poly_stipple &&
                   o->type == GEN4_OBJ_TRIANGLE;
    bool one, zfill;
    unsigned one_k = 0, one_n = 0;  /* one_mode's width, its batch */

    /* Without pixel shader threads only depth, stencil and statistics. */
    if (!shade && !wm->depth.active && !wm->stats) {
        return;
    }
    if (shade && !g45_wm_state_dispatch_8(wm->wm) &&
        !g45_wm_state_dispatch_16(wm->wm)) {
        HWGPU_GUEST_ERROR(wm->s->host, "gen4 WM: no dispatch size enabled");
        return;
    }
    /* Only the rows of the band (subspans never straddle one: bands
     * start on even rows). */
    if (o->clip[1] < wm->band_y0 || o->clip[3] > wm->band_y1) {
        banded = *o;
        banded.clip[1] = MAX(o->clip[1], wm->band_y0);
        banded.clip[3] = MIN(o->clip[3], wm->band_y1);
        if (banded.clip[1] > banded.clip[3]) {
            return;
        }
        o = &banded;
    }
    depth_plane(wm, o, pue, pue_rows);
    wm->aa_object = false;
    one_object(wm, pue, pue_rows);
    if (o->type == GEN4_OBJ_LINE) {
        wm_line(wm, o, pue, pue_rows, shade);
        return;
    }
    /* The bounding box, inside the clip rectangle, on even pixels. */
    x0 = (int32_t)floorf(MIN(MIN(o->x[0], o->x[1]), o->x[2]));
    x1 = (int32_t)ceilf(MAX(MAX(o->x[0], o->x[1]), o->x[2]));
    y0 = (int32_t)floorf(MIN(MIN(o->y[0], o->y[1]), o->y[2]));
    y1 = (int32_t)ceilf(MAX(MAX(o->y[0], o->y[1]), o->y[2]));
    x0 = MAX(x0, o->clip[0]) & ~1;
    y0 = MAX(y0, o->clip[1]) & ~1;
    x1 = MIN(x1, o->clip[2]);
    y1 = MIN(y1, o->clip[3]);
    hwgpu_cover_init(&cov, o->type == GEN4_OBJ_RECTANGLE, o->x, o->y);
    cx0 = MAX(o->clip[0], 0);
    cy0 = MAX(o->clip[1], 0);
    one = shade && !stipple && one_mode(wm, &one_k);
    /* a constant depth the only depth effect (a depth clear): rows of
     * lit quads written as runs (gen4_depth_fill_row); not for the
     * interpreter, which tests every pixel (the reference) */
    zfill = wm->depth.active && !wm->env.interp && !stipple &&
            (!wm->late_depth || !shade) && gen4_depth_fill_ok(&wm->depth) &&
            wm->dzdx == 0 && wm->dzdy == 0 && isfinite(wm->zx0) &&
            isfinite(wm->zy0);
    for (int32_t y = y0; y <= y1 && gen4_work(wm->s); y += 2) {
        /* the row's quads known all inside (hwgpu_cover_row), and of
         * them those written as one span (one colour, nothing to test) */
        int32_t in0 = 1, in1 = 0, sa = 1, sb = 0, o0 = x0, o1 = x1;

        /* (the ranges pay on rows of some quads: a small object's few
         * quads are cheaper to test one by one) */
        if (!stipple && x0 + 2 * COVER_RANGE_QUADS <= x1) {
            hwgpu_cover_row(&cov, x0, x1, wm->bias_x, y + wm->bias_y,
                            &in0, &in1);
        }
        if (!wm->env.interp && x0 + 2 * COVER_RANGE_QUADS <= x1) {
            /* the quads outside [o0, o1] are empty: not tested one by
             * one (the interpreter, the reference, tests them all) */
            hwgpu_cover_span(&cov, x0, x1, wm->bias_x, y + wm->bias_y,
                             &o0, &o1);
        }
        if ((one || !shade) && (zfill || !wm->depth.active) && in0 <= in1 &&
            y >= cy0 && y + 1 <= o->clip[3]) {
            sa = MAX(MAX(in0, x0), cx0);
            sa += sa & 1;
            sb = MIN(in1, o->clip[2] - 1);
            sb -= sb & 1;
        }
        for (int32_t x = x0; x <= x1 && gen4_work(wm->s); x += 2) {
            unsigned m = HWGPU_COVER_SOME;

            if (x < o0 || x > o1) {
                /* empty quads to o0 or to the row's end, charged as
                 * tested */
                int32_t to = x < o0 ? o0 : x1 + 1;
                uint64_t k = (uint64_t)(to - x + 1) / 2;

                wm->s->work_left -= MIN(k, wm->s->work_left);
                x = to - 2;
                continue;
            }
            if (x == sa && sa <= sb) {
                /* subspans sa..sb: each all lit, passing early */
                unsigned k = (unsigned)(sb - sa) / 2 + 1;

                wm->s->work_left -= MIN((uint64_t)k, wm->s->work_left);
                for (int32_t r = 0; r < 2 && zfill; r++) {
                    gen4_depth_fill_row(&wm->depth, wm->s, sa, sb + 1, y + r,
                                        src_depth(wm, sa, y + r));
                }
                if (wm->stats) {
                    wm->s->ps_depth_count += 4 * k;
                }
                x = sb;
                if (!one) {
                    continue;
                }
                rt_fill_row(wm, wm->one_rt[one_k], wm->one_rgba[one_k], sa,
                            sb + 1, y);
                rt_fill_row(wm, wm->one_rt[one_k], wm->one_rgba[one_k], sa,
                            sb + 1, y + 1);
                for (one_n += k; one_n >= G_N_ELEMENTS(batch);
                     one_n -= G_N_ELEMENTS(batch)) {
                    one_threads(wm, G_N_ELEMENTS(batch));
                }
                continue;
            }
            wm->s->work_left--;         /* testing a subspan is work too */

            if (!stipple && x >= cx0 && x + 1 <= o->clip[2] && y >= cy0 &&
                y + 1 <= o->clip[3]) {
                m = x >= in0 && x <= in1 ? 0xf :
                    hwgpu_cover_quad(&cov, x + wm->bias_x, y + wm->bias_y);
            }
            if (m == HWGPU_COVER_SOME) {
                m = 0;
                for (int i = 0; i < 4; i++) {
                    int32_t px = x + (i & 1), py = y + (i >> 1);

                    if (px >= o->clip[0] && px <= o->clip[2] &&
                        py >= o->clip[1] && py <= o->clip[3] && px >= 0 &&
                        py >= 0 &&
                        hwgpu_cover_sample(&cov, px + wm->bias_x,
                                           py + wm->bias_y) &&
                        (!stipple || ((wm->stipple_rows[(py - wm->stipple_y) & 31]
                                       >> (31 - ((px - wm->stipple_x) & 31))) & 1))) {
                        m |= 1u << i;
                    }
                }
            }
            if (m && (!wm->late_depth || !shade)) {
                m = early_depth(wm, x, y, m);
            }
            if (!m || !shade) {
                continue;
            }
            if (one) {
                one_subspan(wm, one_k, x, y, m);
                if (++one_n == G_N_ELEMENTS(batch)) {
                    one_threads(wm, one_n);
                    one_n = 0;
                }
                continue;
            }
            batch[n++] = (Subspan) { .x = x, .y = y, .mask = m };
            if (n == G_N_ELEMENTS(batch)) {
                dispatch(wm, o, pue, pue_rows, batch, n);
                n = 0;
            }
        }
    }
    if (n) {
        dispatch(wm, o, pue, pue_rows, batch, n);
    }
    if (one_n) {
        one_threads(wm, one_n);
    }
}
