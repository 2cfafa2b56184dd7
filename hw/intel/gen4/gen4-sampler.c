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

/* SIMD16 ld on a buffer: element U of each enabled channel, R G B A. */
static bool ld_buffer(Gen4Sampler *smp, const uint32_t *ss,
                      const G4EuMessage *msg, G4EuResponse *resp)
{
    const HwgpuFormat *f = gen4_format(g45_surface_state_surface_format(ss));
    uint32_t pitch = g45_surface_state_pitch_minus_1(ss) + 1;
    uint64_t n = gen4_surface_bytes(ss) / pitch;
    unsigned bpp = f ? hwgpu_format_bytes(f) : 0;

    if (!f || f->kind != HWGPU_FMT_PLAIN || !bpp || bpp > 16) {
        HWGPU_UNIMP(smp->s->host, "gen4 sampler: ld from format 0x%x",
                    g45_surface_state_surface_format(ss));
        return false;
    }
    for (unsigned ch = 0; ch < 16; ch++) {
        int32_t u = (int32_t)msg->payload[(1 + ch / 8) * 8 + ch % 8];
        uint32_t rgba[4] = { 0, 0, 0, 0x3f800000u };
        uint8_t px[16];

        if (!((msg->emask >> ch) & 1)) {
            continue;
        }
        /* out of range reads 0 (alpha 1), L4064 */
        if (u >= 0 && (uint64_t)u < n &&
            g45_gtt_read(smp->s->gtt, g45_surface_state_base_address(ss) +
                         (uint64_t)u * pitch, px, bpp)) {
            hwgpu_format_unpack(f, px, rgba);
        }
        for (unsigned c = 0; c < 4; c++) {
            resp->data[2 * c + ch / 8][ch % 8] = rgba[c];
            resp->wmask[2 * c + ch / 8] |= 1u << (ch % 8);
        }
    }
    return true;
}

static bool sampler_message(void *opaque, G4EuThread *t,
                            const G4EuMessage *msg, G4EuResponse *resp)
{
    Gen4Sampler *smp = opaque;
    unsigned type = (msg->function >> 12) & 15, bti = msg->function & 0xff;
    const uint32_t *ss;

    if (type != MSG_LD || msg->mlen != 3 || msg->rlen != 8) {
        HWGPU_UNIMP(smp->s->host, "gen4 sampler: message type %u with "
                    "mlen %u not modelled yet (texture sampling)", type,
                    msg->mlen);
        return false;
    }
    ss = gen4_surface(smp->s, smp->d, smp->surfaces, bti);
    if (!ss) {
        return false;
    }
    if (g45_surface_state_surface_type(ss) != G45_SURFTYPE_BUFFER) {
        HWGPU_UNIMP(smp->s->host, "gen4 sampler: ld from surface type %u "
                    "not modelled yet", g45_surface_state_surface_type(ss));
        return false;
    }
    return ld_buffer(smp, ss, msg, resp);
}

void gen4_sampler_attach(Gen4Sampler *smp, G4EuEnv *env, Gen4State *s,
                         const Gen4Draw *d, Gen4Surfaces *surfaces)
{
    smp->s = s;
    smp->d = d;
    smp->surfaces = surfaces;
    g4_eu_env_set_shared(env, G4_SFID_SAMPLER, sampler_message, smp);
}
