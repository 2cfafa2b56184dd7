/*
 * The data port for the Gen4 pipeline's threads; see
 * include/hwgpu/intel/gen4/gen4-dp.h.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-dp.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "g45-cmd-gen.h"

static bool gtt_read(void *opaque, uint64_t addr, void *buf, size_t len)
{
    Gen4Dp *g = opaque;

    return g45_gtt_read(g->s->gtt, addr, buf, len);
}

static bool gtt_write(void *opaque, uint64_t addr, const void *buf,
                      size_t len)
{
    Gen4Dp *g = opaque;

    return g45_gtt_write(g->s->gtt, addr, buf, len);
}

static void log_fwd(void *opaque, HwgpuLogKind kind, const char *msg)
{
    Gen4Dp *g = opaque;

    if (g->s->host && g->s->host->log) {
        g->s->host->log(g->s->host->opaque, kind, msg);
    }
}

uint64_t gen4_surface_bytes(const uint32_t *ss)
{
    uint64_t pitch = (uint64_t)g45_surface_state_pitch_minus_1(ss) + 1;

    switch (g45_surface_state_surface_type(ss)) {
    case G45_SURFTYPE_BUFFER: {
        /* entries - 1 in width [6:0], height [19:7], depth [26:20] */
        uint64_t n = (g45_surface_state_width_minus_1(ss) & 0x7f) |
                     (uint64_t)g45_surface_state_height_minus_1(ss) << 7 |
                     (uint64_t)(g45_surface_state_depth_minus_1(ss) & 0x7f)
                     << 20;

        return (n + 1) * pitch;
    }
    case G45_SURFTYPE_NULL:
        return 0;
    default:
        return pitch * ((uint64_t)g45_surface_state_height_minus_1(ss) + 1) *
               ((uint64_t)g45_surface_state_depth_minus_1(ss) + 1);
    }
}

static bool resolve(void *opaque, unsigned bti, G4EuSurface *out)
{
    Gen4Dp *g = opaque;
    const uint32_t *ss = gen4_surface(g->s, g->d, g->surfaces, bti);

    if (!ss) {
        return false;
    }
    out->base = g45_surface_state_base_address(ss);
    out->size = gen4_surface_bytes(ss);
    return true;
}

void gen4_dp_attach(Gen4Dp *g, G4EuEnv *env, Gen4State *s, const Gen4Draw *d,
                    Gen4Surfaces *surfaces)
{
    memset(g, 0, sizeof(*g));
    g->s = s;
    g->d = d;
    g->surfaces = surfaces;
    g->mem.opaque = g;
    g->mem.dma_read = gtt_read;
    g->mem.dma_write = gtt_write;
    g->mem.log = log_fwd;
    g->dp.mem = &g->mem;
    g->dp.resolve = resolve;
    g->dp.resolve_opaque = g;
    /* stateless (BTI 255): offsets from General State Base (scratch) */
    g->dp.stateless.base = d->general_base;
    g->dp.stateless.size = (1ull << 32) - d->general_base;
    g4_eu_dataport_attach(env, &g->dp);
}
