/*
 * The intel-g45 glue fuzz target (intel-g45-fuzz-test.c): the state of a
 * case and the generators shared by its two files.  The seeded PRNG
 * helpers and the command generator (rings and batches of valid and broken
 * MI, 2D and GFXPIPE commands) are in intel-g45-fuzz-gen.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_INTEL_G45_FUZZ_H
#define HWGPU_TESTS_INTEL_G45_FUZZ_H

#include "tests/qtest/libqtest.h"
#include "tests/qtest/libqos/pci-pc.h"

#define RAM_MB          512
#define PHYS_BASE       0x1000000ull    /* guest RAM behind gfx address 0 */
#define GFX_PAGES       4096u           /* 16 MiB mapped linearly */
#define GFX_SIZE        (GFX_PAGES * 4096u)
#define GTT_ENTRIES     (512u * 1024)   /* 2 MiB of PTEs */
#define PCI_GDRST       0xc0
#define CHECK_EVERY     24              /* operations between liveness checks */
#define HANG_S          5               /* liveness check bound */
#define CASE_S          6               /* default time share of a case */

typedef struct Fuzz {
    QTestState *qts;
    QPCIBus *bus;
    QPCIDevice *dev;
    QPCIBar mmio, ap, io;
    uint64_t bar0, bar2;
    uint32_t bar4;
    GRand *rnd;
    uint32_t seed;
    bool verbose;
    /* per engine: where our ring lives and where we write next */
    uint32_t ring_gfx[2], ring_size[2], ring_tail[2];
    uint32_t last_head[2], stuck[2];
    int64_t worst_us;
    uint64_t ops, checks, resets, dumps, kicks, moves, recoveries;
} Fuzz;

typedef struct Buf {
    uint32_t dw[1024];
    int n;
} Buf;

/* Seeded PRNG helpers. */
uint32_t rnd(Fuzz *f);
uint32_t below(Fuzz *f, uint32_t n);
bool chance(Fuzz *f, uint32_t percent);
/* An "interesting" 32-bit value: edges, masks, small, random. */
uint32_t ivalue(Fuzz *f);
/* A dword into graphics memory (the linear window over guest RAM). */
void gfx_wr(Fuzz *f, uint32_t gfx, uint32_t v);
void put(Buf *b, uint32_t v);
/* A register a guest might aim LRI/SRM (or a plain write) at. */
uint32_t ireg(Fuzz *f);
/* A batch somewhere in the window; returns its graphics address. */
uint32_t gen_batch(Fuzz *f, int depth);
/* count commands into b (self_gfx: where b will live; batch: in a batch). */
void gen_cmds(Fuzz *f, Buf *b, int count, uint32_t self_gfx, bool batch);

#endif
