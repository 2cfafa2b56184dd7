/*
 * The URB entries that fixed-function threads (GS, CLIP) emit: each
 * URB_WRITE with Complete and Used finishes a vertex, whose header M0.2
 * carries its primitive type [6:2] and the primitive's start [1] and
 * end [0] (G45 PRM Vol 4 §4.3, seed 002; crocus-g45.md §3.2-3.3).  A
 * thread gets a private array of URB entries, its initial handle is entry
 * 0 and allocate requests hand out the following entries; the emitted
 * vertices are copied out in completion order.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_URB_H
#define HWGPU_INTEL_GEN4_URB_H

#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/eu/g4-eu.h"

/* URB entries one fixed-function thread may fill. */
#define GEN4_FF_URB_ENTRIES 64

/* Emitted vertices with their primitive flags. */
typedef struct Gen4UrbOut {
    uint32_t *vue;
    uint32_t vue_dw, n, cap;
    uint8_t *start, *end, *topology;
    uint64_t threads, errors;
} Gen4UrbOut;

/* The URB one unit's threads write, and where their vertices go. */
typedef struct Gen4FfUrb {
    Gen4State *s;
    const char *unit;           /* for the log: "GS", "CLIP" */
    Gen4UrbOut *out;
    G4EuUrb urb;
    uint32_t entry_rows;
} Gen4FfUrb;

/*
 * Entries of entry_rows 256-bit rows (at least vue_dw dwords); out
 * receives the vertices (vue_dw = entry_rows * 8).
 */
void gen4_ff_urb_init(Gen4FfUrb *f, Gen4State *s, const char *unit,
                      uint32_t entry_rows, uint32_t vue_dw, Gen4UrbOut *out);
/* Before each thread: entries cleared, the next allocation is entry 1. */
void gen4_ff_urb_reset(Gen4FfUrb *f);
void gen4_ff_urb_fini(Gen4FfUrb *f);
void gen4_urb_out_free(Gen4UrbOut *out);

#endif
