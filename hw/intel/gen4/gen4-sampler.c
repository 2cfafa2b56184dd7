/*
 * The sampling engine for the Gen4 pipeline's threads; see
 * include/hwgpu/intel/gen4/gen4-sampler.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/intel/gen4/gen4-sampler.h"
#include "hwgpu/intel/gen4/gen4-dp.h"
#include "hwgpu/intel/gen4/gen4-format.h"
#include "hwgpu/render/format.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

enum { MSG_LD = 3 };            /* G4x descriptor [15:12] (L3951-L3958) */

/*
 * Texel (u, v, r) of level lod as the surface's format unpacks it; out of
 * range reads 0 with alpha 1 (L4064).  False for what is not modelled
 * yet (logged): mip levels past 0, cube surfaces.
 */
static bool texel(Gen4Sampler *smp, const uint32_t *ss, const HwgpuFormat *f,
                  int32_t u, int32_t v, int32_t r, int32_t lod,
                  uint32_t rgba[4])
{
    unsigned bpp = hwgpu_format_bytes(f);
    uint32_t type = g45_surface_state_surface_type(ss);
    int64_t w = (int64_t)g45_surface_state_width_minus_1(ss) + 1;
    int64_t h = (int64_t)g45_surface_state_height_minus_1(ss) + 1;
    int64_t d = (int64_t)g45_surface_state_depth_minus_1(ss) + 1;
    uint64_t addr = g45_surface_state_base_address(ss);
    uint8_t px[16];

    rgba[0] = rgba[1] = rgba[2] = 0;
    rgba[3] = hwgpu_format_is_integer(f) ? 1 : 0x3f800000u;
    if (type == G45_SURFTYPE_BUFFER) {
        uint32_t pitch = g45_surface_state_pitch_minus_1(ss) + 1;

        if (u < 0 || (uint64_t)u >= gen4_surface_bytes(ss) / pitch) {
            return true;
        }
        addr += (uint64_t)u * pitch;
    } else {
        if (lod != 0 || type == G45_SURFTYPE_CUBE) {
            HWGPU_UNIMP(smp->s->host, "gen4 sampler: ld of mip level %d / "
                        "surface type %u not modelled yet", lod, type);
            return false;
        }
        if (type == G45_SURFTYPE_1D) {
            v = r = 0;
            h = d = 1;
        } else if (type == G45_SURFTYPE_2D) {
            r = 0;
            d = 1;
        }
        if (u < 0 || v < 0 || r < 0 || u >= w || v >= h || r >= d) {
            return true;
        }
        u += g45_surface_state_x_offset(ss) * 4;
        v += g45_surface_state_y_offset(ss) * 2;
        /* 3D slices follow each other below the first (no mips) */
        addr += gen4_surface_offset(ss, u, v + (uint32_t)(r * h), bpp);
    }
    if (addr + bpp - 1 > UINT32_MAX ||
        !g45_gtt_read(smp->s->gtt, addr, px, bpp)) {
        return true;
    }
    hwgpu_format_unpack(f, px, rgba);
    return true;
}

/*
 * ld (type 3): SIMD16 with mlen 3/5/7/9 (u, v, r, lod as S32, two
 * registers each), SIMD8 with mlen 4 (u, v, r, one register each); the
 * response is R, G, B, A in that width, less the channels M0.2[15:12]
 * masks off (L3962-L3987).
 */
static bool ld(Gen4Sampler *smp, const uint32_t *ss, const G4EuMessage *msg,
               G4EuResponse *resp)
{
    const HwgpuFormat *f = gen4_format(g45_surface_state_surface_format(ss));
    bool simd16 = msg->mlen % 2 == 1;
    unsigned regs = simd16 ? 2 : 1, nch = simd16 ? 16 : 8;
    unsigned nparam = (msg->mlen - 1) / regs;
    uint32_t masked = (msg->payload[2] >> 12) & 15;
    unsigned out = 0;

    if (!f || f->kind != HWGPU_FMT_PLAIN || !hwgpu_format_bytes(f) ||
        hwgpu_format_bytes(f) > 16) {
        HWGPU_UNIMP(smp->s->host, "gen4 sampler: ld from format 0x%x",
                    g45_surface_state_surface_format(ss));
        return false;
    }
    for (unsigned c = 0; c < 4; c++) {
        out += !((masked >> c) & 1);
    }
    if (out * regs > msg->rlen) {
        HWGPU_GUEST_ERROR(smp->s->host, "gen4 sampler: ld response of %u "
                          "registers in rlen %u", out * regs, msg->rlen);
        return false;
    }
    for (unsigned ch = 0; ch < nch; ch++) {
        int32_t p[4] = { 0, 0, 0, 0 };
        uint32_t rgba[4];
        unsigned k = 0;

        if (!((msg->emask >> ch) & 1)) {
            continue;
        }
        for (unsigned i = 0; i < nparam && i < 4; i++) {
            p[i] = (int32_t)msg->payload[(1 + i * regs + ch / 8) * 8 + ch % 8];
        }
        if (!texel(smp, ss, f, p[0], p[1], p[2], simd16 ? p[3] : 0, rgba)) {
            return false;
        }
        for (unsigned c = 0; c < 4; c++) {
            unsigned reg;

            if ((masked >> c) & 1) {
                continue;
            }
            reg = k++ * regs + ch / 8;
            resp->data[reg][ch % 8] = rgba[c];
            resp->wmask[reg] |= 1u << (ch % 8);
        }
    }
    resp->nregs = out * regs;
    return true;
}

enum { MSG_SAMPLE = 0 };

/* A texel coordinate through an address mode; -1: the border colour. */
static int64_t wrap(uint32_t mode, int64_t i, int64_t size)
{
    int64_t m;

    switch (mode) {
    case G45_TEXCOORDMODE_WRAP:
        m = i % size;
        return m < 0 ? m + size : m;
    case G45_TEXCOORDMODE_MIRROR:
        m = i % (2 * size);
        m = m < 0 ? m + 2 * size : m;
        return m < size ? m : 2 * size - 1 - m;
    case G45_TEXCOORDMODE_CLAMP_BORDER:
        return i < 0 || i >= size ? -1 : i;
    case G45_TEXCOORDMODE_MIRROR_ONCE:
        m = i < 0 ? -1 - i : i;
        return m >= size ? size - 1 : m;
    default:                    /* CLAMP (to edge), CUBE */
        return i < 0 ? 0 : i >= size ? size - 1 : i;
    }
}

typedef struct SampleCtx {
    Gen4Sampler *smp;
    const uint32_t *ss, *st;
    const HwgpuFormat *f;
    int64_t w, h;
    float border[4];
    bool srgb;
} SampleCtx;

/* Texel (x, y) of level 0 as floats, the border colour outside. */
static void fetch(const SampleCtx *c, int64_t x, int64_t y, float out[4])
{
    uint32_t rgba[4];

    if (x < 0 || y < 0) {
        memcpy(out, c->border, sizeof(c->border));
        return;
    }
    texel(c->smp, c->ss, c->f, (int32_t)x, (int32_t)y, 0, 0, rgba);
    for (int k = 0; k < 4; k++) {
        out[k] = hwgpu_u2f(rgba[k]);
    }
    if (c->srgb) {
        for (int k = 0; k < 3; k++) {
            out[k] = hwgpu_srgb_to_linear(out[k]);
        }
    }
}

/* One sample at normalized (u, v) with filter `filter` (§4, L2829-L2972). */
static void sample_at(const SampleCtx *c, uint32_t filter, float u, float v,
                      float out[4])
{
    uint32_t mx = g45_sampler_state_tcx_address_control_mode(c->st);
    uint32_t my = g45_sampler_state_tcy_address_control_mode(c->st);
    float x = u * (float)c->w, y = v * (float)c->h;

    if (isnan(x) || isnan(y)) {
        x = y = 0;
    }
    x = fminf(fmaxf(x, -1e7f), 1e7f);
    y = fminf(fmaxf(y, -1e7f), 1e7f);
    if (filter == G45_MAPFILTER_NEAREST) {
        fetch(c, wrap(mx, (int64_t)floorf(x), c->w),
              wrap(my, (int64_t)floorf(y), c->h), out);
        return;
    }
    /* LINEAR (and ANISOTROPIC, degraded to it): 2x2 taps (1D: 2) */
    x -= 0.5f;
    y -= 0.5f;
    {
        int64_t x0 = (int64_t)floorf(x), y0 = (int64_t)floorf(y);
        float fx = x - (float)x0, fy = y - (float)y0, t[4][4];
        bool one_d = c->h == 1 && g45_surface_state_surface_type(c->ss) ==
                     G45_SURFTYPE_1D;

        fetch(c, wrap(mx, x0, c->w), one_d ? 0 : wrap(my, y0, c->h), t[0]);
        fetch(c, wrap(mx, x0 + 1, c->w), one_d ? 0 : wrap(my, y0, c->h),
              t[1]);
        if (one_d) {
            for (int k = 0; k < 4; k++) {
                out[k] = t[0][k] + (t[1][k] - t[0][k]) * fx;
            }
            return;
        }
        fetch(c, wrap(mx, x0, c->w), wrap(my, y0 + 1, c->h), t[2]);
        fetch(c, wrap(mx, x0 + 1, c->w), wrap(my, y0 + 1, c->h), t[3]);
        for (int k = 0; k < 4; k++) {
            float a = t[0][k] + (t[1][k] - t[0][k]) * fx;
            float b = t[2][k] + (t[3][k] - t[2][k]) * fx;

            out[k] = a + (b - a) * fy;
        }
    }
}

/*
 * sample (type 0): SIMD16 with mlen 3/5/7 (u / u,v / u,v,r, two registers
 * each) or SIMD8 with mlen 4 (u,v,r), on level 0 of 1D and 2D surfaces.
 * The LOD of each subspan (from its upper-left, upper-right and lower-left
 * pixels, L2717-L2828) chooses the min or the mag filter; mip levels past
 * 0 are not modelled yet (logged, level 0 is sampled).
 */
static bool sample(Gen4Sampler *smp, const uint32_t *ss,
                   const G4EuMessage *msg, G4EuResponse *resp)
{
    SampleCtx c = { .smp = smp, .ss = ss };
    bool simd16 = msg->mlen % 2 == 1;
    unsigned regs = simd16 ? 2 : 1, nch = simd16 ? 16 : 8;
    unsigned nparam = (msg->mlen - 1) / regs;
    uint32_t masked = (msg->payload[2] >> 12) & 15;
    uint32_t sidx = (msg->function >> 8) & 15, type;
    uint32_t st[4] = { 0, 0, 0, 0 }, bc[4] = { 0, 0, 0, 0 };
    float uv[16][2];
    unsigned out = 0;

    c.f = gen4_format(g45_surface_state_surface_format(ss));
    type = g45_surface_state_surface_type(ss);
    if (!c.f || c.f->kind != HWGPU_FMT_PLAIN || !hwgpu_format_bytes(c.f) ||
        hwgpu_format_bytes(c.f) > 16 || hwgpu_format_is_integer(c.f) ||
        (type != G45_SURFTYPE_1D && type != G45_SURFTYPE_2D)) {
        HWGPU_UNIMP(smp->s->host, "gen4 sampler: sample from format 0x%x, "
                    "surface type %u not modelled yet",
                    g45_surface_state_surface_format(ss), type);
        return false;
    }
    /* SAMPLER_STATE from the header's pointer (M0.3[31:5], GSBA) */
    g45_gtt_read(smp->s->gtt, smp->d->general_base +
                 (msg->payload[3] & ~31u) + sidx * 16, st, sizeof(st));
    c.st = st;
    if (g45_sampler_state_mip_mode_filter(st) !=
        G45_SAMPLER_STATE_MIP_MODE_FILTER_NONE &&
        g45_surface_state_mip_count_lod(ss) > 0) {
        HWGPU_UNIMP(smp->s->host, "gen4 sampler: mip levels not modelled "
                    "yet; level 0 sampled");
    }
    g45_gtt_read(smp->s->gtt, smp->d->general_base +
                 g45_sampler_state_border_color_pointer(st), bc, sizeof(bc));
    for (int k = 0; k < 4; k++) {
        c.border[k] = hwgpu_u2f(bc[k]);
    }
    c.w = (int64_t)g45_surface_state_width_minus_1(ss) + 1;
    c.h = type == G45_SURFTYPE_1D ? 1 :
          (int64_t)g45_surface_state_height_minus_1(ss) + 1;
    c.srgb = c.f->srgb;
    for (unsigned k = 0; k < 4; k++) {
        out += !((masked >> k) & 1);
    }
    if ((simd16 ? out * regs : 4) > msg->rlen) {
        HWGPU_GUEST_ERROR(smp->s->host, "gen4 sampler: sample response in "
                          "rlen %u", msg->rlen);
        return false;
    }
    for (unsigned ch = 0; ch < nch; ch++) {
        for (unsigned i = 0; i < 2; i++) {
            uv[ch][i] = i < nparam ? hwgpu_u2f(
                msg->payload[(1 + i * regs + ch / 8) * 8 + ch % 8]) : 0;
        }
    }
    for (unsigned ch = 0; ch < nch; ch++) {
        unsigned q = ch & ~3u, k = 0;
        float dudx = (uv[q + 1][0] - uv[q][0]) * (float)c.w;
        float dvdx = (uv[q + 1][1] - uv[q][1]) * (float)c.h;
        float dudy = (uv[q + 2][0] - uv[q][0]) * (float)c.w;
        float dvdy = (uv[q + 2][1] - uv[q][1]) * (float)c.h;
        float rho = fmaxf(sqrtf(dudx * dudx + dvdx * dvdx),
                          sqrtf(dudy * dudy + dvdy * dvdy));
        float lod = log2f(rho) +
                    (int16_t)(g45_sampler_state_texture_lod_bias(st) << 5) /
                    2048.0f;
        float rgba[4];

        if (!((msg->emask >> ch) & 1)) {
            continue;
        }
        if (g45_sampler_state_sampler_disable(st)) {
            memset(rgba, 0, sizeof(rgba));
        } else {
            sample_at(&c, lod > 0 ? g45_sampler_state_min_mode_filter(st)
                                  : g45_sampler_state_mag_mode_filter(st),
                      uv[ch][0], uv[ch][1], rgba);
        }
        for (unsigned comp = 0; comp < 4; comp++) {
            unsigned reg;

            if ((masked >> comp) & 1) {
                if (!simd16) {
                    k++;        /* SIMD8 keeps the slot (L3927-L3933) */
                }
                continue;
            }
            reg = k++ * regs + ch / 8;
            resp->data[reg][ch % 8] = hwgpu_f2u(rgba[comp]);
            resp->wmask[reg] |= 1u << (ch % 8);
        }
    }
    resp->nregs = simd16 ? out * regs : 4;
    return true;
}

static bool sampler_message(void *opaque, G4EuThread *t,
                            const G4EuMessage *msg, G4EuResponse *resp)
{
    Gen4Sampler *smp = opaque;
    unsigned type = (msg->function >> 12) & 15, bti = msg->function & 0xff;
    const uint32_t *ss;

    if ((type != MSG_LD && type != MSG_SAMPLE) ||
        (type == MSG_SAMPLE && msg->mlen > 7) ||
        (msg->mlen != 4 && (msg->mlen < 3 || msg->mlen > 9 ||
                            msg->mlen % 2 == 0))) {
        HWGPU_UNIMP(smp->s->host, "gen4 sampler: message type %u with "
                    "mlen %u not modelled yet (texture sampling)", type,
                    msg->mlen);
        return false;
    }
    ss = gen4_surface(smp->s, smp->d, smp->surfaces, bti);
    if (!ss) {
        return false;
    }
    return type == MSG_LD ? ld(smp, ss, msg, resp)
                          : sample(smp, ss, msg, resp);
}

void gen4_sampler_attach(Gen4Sampler *smp, G4EuEnv *env, Gen4State *s,
                         const Gen4Draw *d, Gen4Surfaces *surfaces)
{
    smp->s = s;
    smp->d = d;
    smp->surfaces = surfaces;
    g4_eu_env_set_shared(env, G4_SFID_SAMPLER, sampler_message, smp);
}
