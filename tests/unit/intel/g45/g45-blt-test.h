/*
 * The harness of the G45 blitter tests (test-g45-blt.c): graphics memory
 * on the fake host, snapshots and comparison, and the reference model.
 * A test takes a snapshot, lets ref_blit() paint what it expects into
 * want[], runs the blitter and compares every byte of the region.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TEST_G45_BLT_H
#define HWGPU_TEST_G45_BLT_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/intel/g45/g45-blt.h"
#include "hwgpu/intel/g45/g45-cmd.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "common/fake-host.h"

#define RAM_SIZE    (8u << 20)
#define NPTES       2048u
#define REGION      0x100000u       /* graphics range the tests use */
#define REGION_SIZE 0x100000u
#define DST         0x100000u
#define SRC         0x160000u
#define PAT         0x1f0000u

extern uint8_t ram[RAM_SIZE];
extern uint32_t ptes[NPTES];
extern G45Gtt gtt;
extern G45Blt blt;
/* The region before a blit, as the model paints it, as read back. */
extern uint8_t snap[REGION_SIZE], want[REGION_SIZE], got[REGION_SIZE];
extern GRand *rnd;
extern FakeHost fh;

typedef struct RefSurf {
    uint32_t base, pitch;   /* pitch in bytes */
    bool tiled;
    unsigned cpp;
} RefSurf;

typedef enum { RP_SOLID, RP_COLOR, RP_MONO } RefPat;

typedef struct RefBlit {
    RefSurf dst, src;
    int x1, y1, x2, y2, sx, sy;
    uint8_t rop;
    bool has_src;
    RefPat pat;
    uint32_t color, wmask, fg, bg;
    uint32_t mono[2];
    const uint8_t *mono_src;     /* mono source bits, stride (w+7)/8 */
    bool mono_transp, pat_transp;
    bool bitpacked;             /* mono rows not padded to bytes */
    bool clip;                  /* draw only inside cx1..cx2, cy1..cy2 */
    int cx1, cy1, cx2, cy2;
} RefBlit;

/* Fresh GTT, blitter and host; RAM filled from rnd. */
void setup(void);
/* Take snap[] (and want[]) from the region; compare the region to want[]. */
void snapshot(void);
void compare(void);

/* The pixel mask of `cpp` bytes; BR13 and a packed x, y pair. */
uint32_t cpp_mask(unsigned cpp);
uint32_t br13(unsigned cpp, uint8_t rop, uint32_t pitch_field);
uint32_t xy(int x, int y);
/* What blit `r` does to snap[], painted into want[]. */
void ref_blit(const RefBlit *r);
/* A random non-empty rectangle inside w x h. */
void rand_rect(int w, int h, int *x1, int *y1, int *x2, int *y2);

#endif
