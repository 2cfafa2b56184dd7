/*
 * Capture and replay of the Gen4 3D pipeline's work: the render ring's
 * 3D commands, and for every draw the graphics memory pages it touches as
 * they were when it started (state, kernels, constants, vertices, indices,
 * surfaces).  A recording replays without QEMU (tools/gen4-replay) into
 * the same pixels.  The file format is in docs/gen4-capture.md.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_CAPTURE_H
#define HWGPU_INTEL_GEN4_CAPTURE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <glib.h>

#include "hwgpu/common/thread.h"
#include "hwgpu/intel/common/gtt.h"
#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"

#define GEN4_CAPTURE_MAGIC      "HWGPUC3D"
#define GEN4_CAPTURE_VERSION    1u

typedef enum Gen4CaptureRecord {
    GEN4_REC_COMMAND = 1,   /* u32 flags (bit 0: context restore), dwords */
    GEN4_REC_PAGE = 2,      /* u64 graphics address, 4096 bytes */
    GEN4_REC_DRAW = 3,      /* u64 draw number: run the last 3DPRIMITIVE */
} Gen4CaptureRecord;

typedef struct Gen4Capture {
    FILE *f;
    uint64_t draws, max_draws;
    GHashTable *seen;       /* pages recorded for the current draw */
    G45Gtt *gtt;            /* the hooked GTT during a draw */
    bool failed;
} Gen4Capture;

/* Start recording into path (at most max_draws draws, 0: no limit). */
bool gen4_capture_open(Gen4Capture *c, const char *path, uint64_t max_draws);
void gen4_capture_close(Gen4Capture *c);
/* Whether the capture still records (open, under its draw limit). */
bool gen4_capture_active(const Gen4Capture *c);

/* A 3D command the state tracker is given (before it is). */
void gen4_capture_command(Gen4Capture *c, const uint32_t *dw, uint32_t n,
                          bool restore);
/*
 * Around a draw's snapshot and pipeline run: pages the GTT touches in
 * between are recorded once each, as they are before the draw writes.
 */
void gen4_capture_draw_begin(Gen4Capture *c, G45Gtt *gtt);
void gen4_capture_draw_end(Gen4Capture *c);

/*
 * Replay: the memory a recording left (pages by graphics address; absent
 * pages read as zeros) as a host and GTT for the pipeline, and the state.
 */
typedef struct Gen4Replay {
    HwgpuHost host;
    GHashTable *pages;      /* page number -> 4 KiB */
    HwgpuMutex lock;        /* of pages (the pipeline's pool threads) */
    uint32_t *ptes;         /* identity: graphics address = "physical" */
    uint32_t pte_epoch;     /* (never raised: the PTEs do not change) */
    G45Gtt gtt;
    Gen4State state;
    Gen4Draw *draw;
    Gen4DrawStats stats;    /* all draws replayed */
    uint64_t draws, commands, errors;
    uint64_t draw_ns;       /* wall time inside gen4_draw, all draws */
    uint64_t last_draw_ns;  /* the last draw's */
    bool stop;              /* set by the caller's `after`: end here */
} Gen4Replay;

void gen4_replay_init(Gen4Replay *r);
void gen4_replay_free(Gen4Replay *r);
/*
 * Replay a recording; after each draw, `after` (may be NULL) sees it.
 * False (with *why) when the file is not a recording or is cut short.
 */
bool gen4_replay_file(Gen4Replay *r, const char *path,
                      void (*after)(void *opaque, Gen4Replay *r),
                      void *opaque, const char **why);

#endif
