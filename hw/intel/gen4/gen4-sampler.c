/*
 * The sampling engine for the Gen4 pipeline's threads; see
 * include/hwgpu/intel/gen4/gen4-sampler.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
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

static bool sampler_message(void *opaque, G4EuThread *t,
                            const G4EuMessage *msg, G4EuResponse *resp)
{
    Gen4Sampler *smp = opaque;
    unsigned type = (msg->function >> 12) & 15, bti = msg->function & 0xff;
    const uint32_t *ss;

    if (type != MSG_LD || (msg->mlen != 4 && (msg->mlen < 3 ||
                                              msg->mlen > 9 ||
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
    return ld(smp, ss, msg, resp);
}

void gen4_sampler_attach(Gen4Sampler *smp, G4EuEnv *env, Gen4State *s,
                         const Gen4Draw *d, Gen4Surfaces *surfaces)
{
    smp->s = s;
    smp->d = d;
    smp->surfaces = surfaces;
    g4_eu_env_set_shared(env, G4_SFID_SAMPLER, sampler_message, smp);
}
