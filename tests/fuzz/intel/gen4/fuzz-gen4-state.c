/*
 * Fuzz target: the Gen4 3D state tracker (hw/intel/gen4/).  The input is a
 * stream of GFXPIPE packets (each header's own length rule, biased towards
 * the 3D state commands crocus sends) followed by guest memory contents;
 * every 3DPRIMITIVE takes a snapshot (reading unit states, viewports,
 * binding tables and surfaces from wherever the packets point), dumps it
 * with its kernels and draws it through the whole pipeline (VF, VS
 * threads, setup, rasterisation, pixel shader threads, render-target
 * writes) with a smaller work budget per draw.  Nothing may read or write
 * outside guest RAM, loop without bound or overflow a buffer.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"
#include "hwgpu/intel/g45/g45-cmd.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#include "common/fake-host.h"

#define RAM_SIZE 65536
static uint8_t ram[RAM_SIZE];
static uint32_t ptes[64];
static FakeHost fh;

/* GFXPIPE keys worth hitting more often than chance would. */
static const uint32_t keys[] = {
    0x6904, 0x6101, 0x6102, 0x680b, 0x6000, 0x6001, 0x6002, 0x7800, 0x7801,
    0x7808, 0x7809, 0x780a, 0x7900, 0x7901, 0x7905, 0x7906, 0x7907, 0x7908,
    0x7909, 0x790a, 0x7b00,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Gen4State s;
    static Gen4Draw d;
    static char text[64 * 1024];
    static G45Gtt gtt;
    static Gen4DrawStats stats;
    uint32_t pkt[300];
    size_t pos = 0;

    static bool ready;
    /* the device's kernel cache, kept across inputs as a device keeps it
     * across draws: hits, misses and eviction on hostile kernels */
    static Gen4Kernels *kernels;

    if (!ready) {
        fake_host_init(&fh, ram, RAM_SIZE);
        kernels = gen4_kernels_new();
        ready = true;
    }
    memset(ram, 0, sizeof(ram));
    for (uint32_t i = 0; i < 64; i++) {
        /* Half the pages map RAM, some map outside it, some are invalid. */
        ptes[i] = i < 16 ? (i * 4096) | 1 : i < 24 ? 0x7ff00001 : 0;
    }
    g45_gtt_init(&gtt, ptes, 64, &fh.host);
    /* Both GTT paths, as the input's length says: a DMA per access, or
     * pages mapped for the command (the device's render engine). */
    g45_gtt_direct(&gtt, size & 1);
    gen4_state_init(&s, &fh.host, &gtt);
    /* half the inputs (bit 1 of the length) through the cache */
    s.kernels = size & 2 ? kernels : NULL;
    s.draw_work = 1u << 11;     /* bounded like the device's, only smaller */
    /* The second half of the input is guest memory. */
    memcpy(ram, data + size / 2, size - size / 2 < RAM_SIZE ?
           size - size / 2 : RAM_SIZE);
    size /= 2;
    while (pos + 4 <= size) {
        uint32_t h, n;
        const G45CmdDesc *cd;

        memcpy(&h, data + pos, 4);
        if ((h & 0xe0000000u) != 0x60000000u || (h & 3) == 3) {
            /* Mostly GFXPIPE headers with a known key. */
            h = keys[h % (sizeof(keys) / sizeof(keys[0]))] << 16 |
                (h >> 8 & 7);
        }
        cd = g45_cmd_lookup(h);
        n = g45_cmd_length(cd, h);
        if (n > 300) {
            n = 300;
        }
        memset(pkt, 0, sizeof(pkt));
        pkt[0] = h;
        for (uint32_t i = 1; i < n && pos + 4 + i * 4 <= size; i++) {
            memcpy(&pkt[i], data + pos + i * 4, 4);
        }
        pos += 4 * n;
        if (gen4_state_command(&s, pkt, n, (h >> 20) & 1)) {
            gen4_draw_snapshot(&s, pkt, &d);
            gen4_draw_dump(&s, &d, true, text, sizeof(text));
            gen4_draw(&s, &d, &stats);
        }
        g45_gtt_unmap_all(&gtt);    /* at the end of each command */
    }
    g45_gtt_direct(&gtt, false);
    return 0;
}
