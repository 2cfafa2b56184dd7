/*
 * Fuzz target: PM4 streams through the RV770's CP (hw/amd/rv770/rv770-cp.c)
 * set up as radeon sets it up (the ring and two IB areas in VRAM, a GART
 * onto guest RAM, the IH ring in guest RAM).  The input is read as packet
 * recipes, so that most packets are ones the CP knows with bodies of
 * plausible lengths, their address fields steered into VRAM, the GART or
 * anywhere: [kind][opcode index][count][body dwords...].  Half the packets
 * go into the ring, the rest into the IB areas (which ring packets and
 * each other may call, themselves included).  The CP runs a bounded
 * number of packets with waits retried; nothing may crash, read or write
 * outside VRAM and guest RAM, or leave its bounds (read pointer inside
 * the ring, whatever size the stream gave it, at most two IB levels).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rv770-fuzz.h"
#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "hwgpu/amd/rv770/rv770-ih.h"
#include "hwgpu/amd/rv770/rv770-mc.h"
#include "common/fake-host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define VRAM_SIZE   RV770_FUZZ_VRAM
#define RING        0x10000u
#define RING_DW     1024u
#define IB_A        0x20000u
#define IB_B        0x24000u
#define IB_DW       4096u
#define GTT         RV770_FUZZ_GTT

static FakeHost fh;
static Rv770 r;
static uint64_t total[5];

/* HWGPU_FUZZ_STATS=1: what the inputs made the CP do, at exit. */
static void print_stats(void)
{
    fprintf(stderr, "# packets %llu, dwords %llu, IBs %llu, EOPs %llu, "
            "IH vectors %llu\n", (unsigned long long)total[0],
            (unsigned long long)total[1], (unsigned long long)total[2],
            (unsigned long long)total[3], (unsigned long long)total[4]);
}

/* Opcodes the recipes pick from (the CP's, and two it does not know),
 * with the body length each takes (0: any), used three times in four. */
static const struct {
    uint8_t op, len;
} opcodes[] = {
    { 0x10, 0 }, { 0x20, 2 }, { 0x28, 2 }, { 0x2a, 1 }, { 0x2b, 4 },
    { 0x2d, 2 }, { 0x2e, 0 }, { 0x2f, 1 }, { 0x32, 3 }, { 0x34, 4 },
    { 0x39, 2 }, { 0x3c, 6 }, { 0x3d, 4 }, { 0x40, 1 }, { 0x41, 5 },
    { 0x42, 1 }, { 0x43, 4 }, { 0x44, 6 }, { 0x45, 8 }, { 0x46, 1 },
    { 0x47, 5 }, { 0x68, 0 }, { 0x69, 0 }, { 0x6a, 0 }, { 0x6b, 0 },
    { 0x6c, 0 }, { 0x6d, 0 }, { 0x6e, 0 }, { 0x6f, 0 }, { 0x7e, 0 },
    { 0xff, 0 },
};


/* One packet from the input into buf; returns its dwords. */
static uint32_t recipe(FuzzInput *in, uint32_t *buf, uint32_t room)
{
    uint8_t kind = fuzz_byte(in) % 8;
    uint32_t n;

    if (room < 2) {
        return 0;
    }
    if (kind == 6) {
        buf[0] = 0x80000000u;                       /* type 2 */
        return 1;
    }
    if (kind == 7) {
        buf[0] = fuzz_dword(in);                         /* any dword */
        return 1;
    }
    n = 1 + fuzz_byte(in) % 10;
    if (kind == 5) {                                /* type 0 */
        n = MIN(n, room - 1);
        buf[0] = ((n - 1) << 16) | (fuzz_dword(in) & 0xffff);
    } else {
        unsigned pick = fuzz_byte(in) % G_N_ELEMENTS(opcodes);
        uint8_t op = opcodes[pick].op, how = fuzz_byte(in);

        if (how == 0xff) {
            n = 1 + fuzz_dword(in) % 20000;     /* now and then: huge */
        } else if (opcodes[pick].len && (how & 3)) {
            n = opcodes[pick].len;
        }
        n = MIN(n, room - 1);
        buf[0] = 0xc0000000u | ((n - 1) << 16) | ((uint32_t)op << 8);
        for (uint32_t i = 0; i < n; i++) {
            bool addr = i < 3 && (op == 0x32 || op == 0x3d || op == 0x47 ||
                                  op == 0x41 || op == 0x3c || op == 0x45 ||
                                  op == 0x39);

            buf[1 + i] = addr ? fuzz_steer(in, IB_A, 2 * IB_DW)
                              : fuzz_dword(in);
        }
        if (op == 0x32 && n >= 3) {
            buf[2] = 0;
            buf[3] %= IB_DW;                        /* IB sizes in reach */
        }
        if (op == 0x41 && n >= 5) {
            buf[5] &= 0x3fff;                       /* CP_DMA: 16 KiB */
        }
        return n + 1;
    }
    for (uint32_t i = 0; i < n; i++) {
        buf[1 + i] = fuzz_dword(in);
    }
    return n + 1;
}

static void put(Rv770 *r, uint32_t off, uint32_t v)
{
    memcpy(r->vram + off, &v, 4);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    static uint32_t pkt[RV770_PM4_MAX_BODY + 1];
    FuzzInput in = { data, size };
    uint32_t ring_n = 0, ib_n = 0;

    if (!ready) {
        fake_host_init(&fh, NULL, 64 * 1024);
        if (!rv770_init(&r, &fh.host, VRAM_SIZE)) {
            __builtin_trap();
        }
        r.vram = g_malloc0(VRAM_SIZE);
        if (g_getenv("HWGPU_FUZZ_STATS")) {
            atexit(print_stats);
        }
        ready = 1;
    }
    rv770_reset(&r);
    memset(r.vram + RING, 0, RING_DW * 4);
    memset(r.vram + IB_A, 0, 2 * IB_DW * 4);
    rv770_fuzz_memory(&r);
    rv770_mmio_write(&r, RV770_CP_INT_CNTL, RV770_RB_INT_ENABLE);
    rv770_mmio_write(&r, RV770_SCRATCH_ADDR, GTT >> 8);
    rv770_mmio_write(&r, RV770_SCRATCH_UMSK, 0xff);
    rv770_mmio_write(&r, RV770_CP_RB_CNTL, 9 | (9 << 8));
    rv770_mmio_write(&r, RV770_CP_RB_RPTR_ADDR, GTT + 1024);
    rv770_mmio_write(&r, RV770_CP_RB_BASE, RING >> 8);
    /* the packets: alternately into the ring and the IB areas */
    for (unsigned k = 0; in.left; k++) {
        bool to_ring = k & 1;
        uint32_t room = to_ring ? RING_DW - 1 - ring_n : 2 * IB_DW - ib_n;
        uint32_t n = recipe(&in, pkt, MIN(room, RV770_PM4_MAX_BODY + 1));

        if (!n) {
            break;
        }
        for (uint32_t i = 0; i < n; i++) {
            if (to_ring) {
                put(&r, RING + (ring_n++) * 4, pkt[i]);
            } else {
                put(&r, IB_A + (ib_n++) * 4, pkt[i]);
            }
        }
    }
    rv770_mmio_write(&r, RV770_CP_RB_WPTR, ring_n);
    rv770_mmio_write(&r, RV770_CP_ME_CNTL, 0xff);
    for (int turn = 0; turn < 8; turn++) {
        rv770_run(&r, 512);
        hwgpu_worker_lock(&r.worker);
        rv770_cp_retry(&r);
        /* the stream may resize the ring (type-0 writes of CP_RB_CNTL) */
        if (r.cp.rptr >= 2u << MIN(RV770_RB_BUFSZ(hwgpu_reg_get(&r.regs,
                                       RV770_CP_RB_CNTL)),
                                   RV770_CP_RB_BUFSZ_MAX) ||
            r.cp.ib_depth > RV770_CP_IB_DEPTH) {
            __builtin_trap();
        }
        hwgpu_worker_unlock(&r.worker);
    }
    total[0] += r.cp.stats.packets;
    total[1] += r.cp.stats.dwords;
    total[2] += r.cp.stats.ibs;
    total[3] += r.cp.stats.eops;
    total[4] += r.ih_posted;
    return 0;
}
