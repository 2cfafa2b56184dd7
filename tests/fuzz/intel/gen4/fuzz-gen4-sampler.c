/*
 * Fuzz target: the Gen4 sampling engine (hw/intel/gen4/gen4-sampler.c).
 * The input is one message - its (type, mlen) biased to the G4x table,
 * the channel mask, header and payload - followed by guest memory that
 * holds the binding table, SURFACE_STATE, SAMPLER_STATE, border colour
 * and texels at fixed places.  Sizes, pitches, tiling, mip counts, LOD
 * ranges, formats and base addresses are whatever the bytes say; some
 * GTT pages map RAM, some past it, some are invalid.  Nothing may read
 * outside guest RAM, write past the response or loop without bound.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-sampler.h"
#include "hwgpu/intel/eu/g4-eu-inst.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#include "common/fake-host.h"

#define RAM_SIZE 65536
static uint8_t ram[RAM_SIZE];
static uint32_t ptes[64];
static FakeHost fh;

/* (type, mlen) of the G4x sampler messages (seed 002 L3997). */
static const uint8_t kinds[][2] = {
    { 0, 3 }, { 0, 5 }, { 0, 7 }, { 0, 4 }, { 1, 4 }, { 0, 9 }, { 1, 9 },
    { 1, 2 }, { 2, 9 }, { 0, 2 }, { 0, 6 }, { 1, 6 }, { 1, 3 }, { 3, 3 },
    { 3, 5 }, { 3, 7 }, { 3, 4 }, { 3, 9 }, { 3, 2 }, { 2, 7 }, { 2, 10 },
    { 2, 4 }, { 2, 3 }, { 2, 2 },
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Gen4State s;
    static Gen4Draw d;
    static G45Gtt gtt;
    static Gen4Surfaces surfs;
    static Gen4Sampler smp;
    static G4EuEnv env;
    static G4EuResponse resp;
    static uint32_t payload[15 * 8];
    static bool ready;
    G4EuMessage msg = { .sfid = G4_SFID_SAMPLER, .payload = payload };
    uint8_t sel[4] = { 0, 0, 0, 0 };

    if (!ready) {
        fake_host_init(&fh, ram, RAM_SIZE);
        ready = true;
    }
    memset(ram, 0, sizeof(ram));
    for (uint32_t i = 0; i < 64; i++) {
        ptes[i] = i < 16 ? (i * 4096) | 1 : i < 24 ? 0x7ff00001 : 0;
    }
    g45_gtt_init(&gtt, ptes, 64, &fh.host);
    gen4_state_init(&s, &fh.host, &gtt);
    memset(&d, 0, sizeof(d));
    memset(&env, 0, sizeof(env));
    memset(payload, 0, sizeof(payload));
    memset(&resp, 0, sizeof(resp));
    /* 4 selector bytes, the payload, then guest memory */
    memcpy(sel, data, size < 4 ? size : 4);
    if (size > 4) {
        size_t n = size - 4 < sizeof(payload) ? size - 4 : sizeof(payload);

        memcpy(payload, data + 4, n);
        if (size > 4 + sizeof(payload)) {
            size_t m = size - 4 - sizeof(payload);

            memcpy(ram, data + 4 + sizeof(payload),
                   m < RAM_SIZE ? m : RAM_SIZE);
        }
    }
    if (sel[0] & 0x80) {
        /* keep the binding table, surface and sampler where they point */
        uint32_t v = 0x100;

        memcpy(ram + 0x40, &v, 4);
        v = 0x200;
        memcpy(&payload[3], &v, 4);
    }
    if (sel[3] & 1) {
        msg.mlen = kinds[sel[1] % (sizeof(kinds) / sizeof(kinds[0]))][1];
        msg.function = kinds[sel[1] % (sizeof(kinds) / sizeof(kinds[0]))][0]
                       << 12;
    } else {
        msg.mlen = 1 + sel[1] % 15;
        msg.function = (sel[1] & 0xf0) << 8;
    }
    msg.function |= (sel[2] & 15) << 8 | (sel[2] >> 4);     /* sampler, BTI */
    msg.rlen = 1 + (sel[3] >> 1) % 15;
    msg.emask = (uint16_t)(sel[0] * 0x0101u) | 1;
    gen4_surfaces_init(&surfs, 0x40);
    memset(&smp, 0, sizeof(smp));
    gen4_sampler_attach(&smp, &env, &s, &d, &surfs);
    env.sf[G4_SFID_SAMPLER].fn(env.sf[G4_SFID_SAMPLER].opaque, NULL, &msg,
                               &resp);
    gen4_sampler_release(&smp);
    return 0;
}
