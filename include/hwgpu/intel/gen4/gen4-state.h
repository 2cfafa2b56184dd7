/*
 * Gen4 (G45) 3D pipeline state: what the GFXPIPE state commands leave
 * behind, and the per-draw snapshot the pipeline's units read.
 *
 * Every state command is decoded through the command description
 * (hw/intel/g45/g45-commands.xml and its generated getters); the tracker
 * keeps the latest packet of each command, plus what has per-field
 * "modify" semantics (STATE_BASE_ADDRESS) or per-index updates
 * (3DSTATE_VERTEX_BUFFERS).  A 3DPRIMITIVE takes a snapshot: those packets
 * and the indirect state structures they point at (VS/GS/CLIP/SF/WM and
 * COLOR_CALC_STATE, the viewports, the binding tables and their
 * SURFACE_STATEs), read from graphics memory once, bounds-checked.
 *
 * The state survives across batches and is saved and restored with the
 * hardware context image: the command streamer records the latest packet
 * of each state command in the image and replays it on MI_SET_CONTEXT
 * (docs/g45-cs.md), so two GL clients never see each other's state
 * (crocus emits PIPELINE_SELECT, STATE_SIP and the AA line parameters only
 * once per context; ../shared/reference/crocus-g45.md §2.1).
 *
 * Documents: Intel G45 PRM Vol 2 "3D/Media" (seed 000, mapped in
 * ../shared/reference/seed-000.md: §3.3 the unit states, §3.5 the 3D
 * state commands, §3.6 3DPRIMITIVE); the packet order crocus uses in
 * crocus-g45.md §2.2.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_STATE_H
#define HWGPU_INTEL_GEN4_STATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwgpu/common/host.h"
#include "hwgpu/intel/common/gtt.h"

/* The longest state packet we keep (3DSTATE_VERTEX_BUFFERS: 1 + 17 x 4). */
#define GEN4_PKT_MAX            72
/* Kinds of state packets kept (one slot each; gen4-state.c lists them). */
#define GEN4_PKT_KINDS          24
/* VERTEX_BUFFER_STATE index is 5 bits; G45 fetches from 17 buffers. */
#define GEN4_MAX_VB             32
/* Binding table entries a unit state can ask for (8-bit count). */
#define GEN4_MAX_BT             256
/* SURFACE_STATE is 6 dwords on G45 (crocus-g45.md §2.2.2). */
#define GEN4_SURFACE_DW         6

/* The units whose indirect state a draw reads. */
typedef enum Gen4Unit {
    GEN4_VS,
    GEN4_GS,
    GEN4_CLIP,
    GEN4_SF,
    GEN4_WM,
    GEN4_CC,
    GEN4_UNITS
} Gen4Unit;

/* Each unit's indirect state: a G45StateId of g45-cmd-gen.h. */
extern const int gen4_unit_state[GEN4_UNITS];

typedef struct Gen4State {
    const HwgpuHost *host;
    G45Gtt *gtt;
    /* The latest packet of each kind (length 0: never seen). */
    uint32_t pkt[GEN4_PKT_KINDS][GEN4_PKT_MAX];
    uint8_t pkt_len[GEN4_PKT_KINDS];
    /* STATE_BASE_ADDRESS, field by field (each has a modify bit). */
    uint32_t general_base, surface_base, indirect_base;
    uint32_t general_bound, indirect_bound;     /* 0: no bound */
    /* 3DSTATE_VERTEX_BUFFERS, buffer by buffer. */
    uint32_t vb[GEN4_MAX_VB][4];
    uint32_t vb_valid;          /* bit per index */
    uint64_t draws;             /* 3DPRIMITIVEs seen */
    /*
     * EU instructions the current draw may still run (gen4_draw sets it):
     * a draw holds the render engine while it runs, so a hostile one must
     * end in bounded time; past the budget its threads stop (logged).
     */
    uint64_t work_left;
    uint64_t draw_work;         /* each draw's budget: GEN4_DRAW_WORK */
    /*
     * A copy of the state that one of the windower's pool threads uses
     * (gen4-wm-bin.c) draws on the draw's budget here: its work_left is
     * refilled from *work_pool a chunk at a time (gen4_work).  NULL: the
     * budget is work_left alone.
     */
    uint64_t *work_pool;
    /* Threads the windower draws a draw's screen bands on; NULL: the
     * calling thread alone. */
    struct HwgpuPool *pool;
    /* The device's cache of decoded kernels (gen4-kernels.c); NULL: each
     * load makes its own program. */
    struct Gen4Kernels *kernels;
    /* The draws' arrays kept from draw to draw (gen4_buf_grow); NULL: each
     * draw allocates its own.  A pool thread's fork has none. */
    struct Gen4Bufs *bufs;
    /* Samples that passed depth and stencil with statistics on (§8). */
    uint64_t ps_depth_count;
} Gen4State;

typedef struct Gen4Kernels Gen4Kernels;

/*
 * A cache of the units' kernels, decoded once and shared by every draw
 * whose kernel window has the same bytes (gen4_kernel_load).  A device
 * keeps one for its lifetime (the state's reset keeps it: it holds no
 * guest state, only decoded copies of guest bytes it compares).
 */
Gen4Kernels *gen4_kernels_new(void);
void gen4_kernels_free(Gen4Kernels *k);
/* Loads that found their program, and loads that made one. */
void gen4_kernels_stats(const Gen4Kernels *k, uint64_t *hits,
                        uint64_t *misses);
/*
 * The instruction cache invalidated (MI_FLUSH, PIPE_CONTROL; the device
 * also at each batch from the ring, a context restore and a reset): the
 * next load of each kernel reads its bytes again.  Until then a load at
 * an address loaded before hands out that program (NULL k: nothing).
 */
void gen4_kernels_invalidate(Gen4Kernels *k);

/*
 * A draw's large arrays: the VF's vertices and their delimiters, the
 * vertex cache's map and distinct vertices, the VS's VUEs, the windower's
 * held objects.  Allocated and freed for each draw, their megabytes were
 * faulted in again each time (5-6% of a vertex-heavy replay in perf); a
 * device keeps them from draw to draw instead (Gen4State.bufs), grown to
 * the largest draw's, except that one past GEN4_BUF_KEEP goes back to the
 * host when its draw is done.  Only the thread that runs the draws uses
 * them, one user per kind at a time.
 */
typedef enum Gen4Buf {
    GEN4_BUF_VF_DATA,
    GEN4_BUF_VF_START,
    GEN4_BUF_VF_END,
    GEN4_BUF_VS_MAP,            /* vertex cache: each vertex's distinct one */
    GEN4_BUF_VS_SLOT,           /* its hash table */
    GEN4_BUF_VS_IN,             /* the distinct vertices */
    GEN4_BUF_VS_DVUE,           /* their VUEs */
    GEN4_BUF_VS_VUE,            /* the VS's VUEs (gen4_vs_shade) */
    GEN4_BUF_WM_OBJ,
    GEN4_BUF_WM_YLO,
    GEN4_BUF_WM_YHI,
    GEN4_BUF_WM_PUE,
    GEN4_BUFS
} Gen4Buf;

#define GEN4_BUF_KEEP           (64u << 20)

typedef struct Gen4Bufs {
    void *p[GEN4_BUFS];
    size_t size[GEN4_BUFS];
} Gen4Bufs;

/*
 * `p` (NULL, or what the last gen4_buf_grow of `which` returned since
 * gen4_buf_put) at least `bytes` long, its first bytes as they were up to
 * its old length (none when p is NULL); the rest is undefined.  s->bufs
 * NULL: g_realloc.
 */
void *gen4_buf_grow(Gen4State *s, Gen4Buf which, void *p, size_t bytes);
/* As gen4_buf_grow of NULL, zeroed. */
void *gen4_buf_zeroed(Gen4State *s, Gen4Buf which, size_t bytes);
/* The draw is done with p (NULL: nothing): freed unless it is kept. */
void gen4_buf_put(Gen4State *s, Gen4Buf which, void *p);
Gen4Bufs *gen4_bufs_new(void);
void gen4_bufs_free(Gen4Bufs *b);

/* Migration: NULL when a loaded state is one the pipeline could hold. */
const char *gen4_state_check(const Gen4State *s);

/* Instructions one draw may run in all its threads. */
#define GEN4_DRAW_WORK          (1ull << 26)
/* What a pool thread takes from the draw's budget at a time. */
#define GEN4_WORK_CHUNK         (1ull << 19)

void gen4_work_refill(Gen4State *s);

/*
 * Work of a draw on the pool: each pool thread runs on a fork of the state
 * (gen4_state_fork: its own GTT view `gtt`, nothing mapped, an empty
 * budget that refills from *work_pool), and the forks' results go back
 * with gen4_state_join (the budget they did not use, PS_DEPTH_COUNT, the
 * GTT's counts).  The caller moves s->work_left into *work_pool before
 * the pool runs and back after, the joins adding to it.
 */
void gen4_state_fork(Gen4State *fork, G45Gtt *gtt, const Gen4State *s,
                     uint64_t *work_pool);
void gen4_state_join(Gen4State *s, Gen4State *fork);

/* Whether the draw may still do work (refilling a pool thread's share). */
static inline bool gen4_work(Gen4State *s)
{
    if (s->work_pool && s->work_left < GEN4_WORK_CHUNK / 2) {
        gen4_work_refill(s);
    }
    return s->work_left != 0;
}

/*
 * Count n EU instructions against the draw's budget (logging once when it
 * runs out); false when none is left.
 */
bool gen4_charge_work(Gen4State *s, uint64_t n);

/*
 * Run an EU thread within its own budget and the draw's; false when it did
 * not end with EOT.  Counts the instructions against the draw.
 */
struct G4EuThread;
struct G4EuProgram;
struct G4EuEnv;
bool gen4_run_thread(Gen4State *s, struct G4EuThread *t,
                     const struct G4EuProgram *p, const struct G4EuEnv *env,
                     uint64_t budget);

/* What one draw reads: its state, resolved once. */
typedef struct Gen4Draw {
    uint32_t prim[6];                       /* the 3DPRIMITIVE */
    uint32_t pkt[GEN4_PKT_KINDS][GEN4_PKT_MAX];
    uint8_t pkt_len[GEN4_PKT_KINDS];
    uint32_t general_base, surface_base;
    uint32_t vb[GEN4_MAX_VB][4];
    uint32_t vb_valid;
    /* Indirect unit states (absolute graphics addresses, 0: unit off). */
    uint32_t unit_addr[GEN4_UNITS];
    uint32_t unit[GEN4_UNITS][12];          /* VS 7, GS 7, CLIP 11, SF 8, ... */
    uint32_t cc_viewport[2], sf_viewport[8], clip_viewport[4];
    /*
     * Binding tables of the VS and the PS (SSBA-relative, 0: none), with
     * the entries the unit states' counts name read ahead.  Those counts
     * only say what to prefetch (G45 PRM Vol 2 WM_STATE "Binding Table
     * Entry Count"; crocus sends 0): a kernel may use any of the 256
     * entries, which Gen4Surfaces reads on demand.
     */
    uint32_t vs_bt_addr, ps_bt_addr;
    uint32_t vs_bt_count, ps_bt_count;
    uint32_t vs_bt[GEN4_MAX_BT], ps_bt[GEN4_MAX_BT];
    uint32_t ps_surf[GEN4_MAX_BT][GEN4_SURFACE_DW];
    bool faults;                /* an indirect read hit unmapped memory */
} Gen4Draw;

/* A draw's surfaces as its kernels reach them, read once each. */
typedef struct Gen4Surfaces {
    uint32_t bt_addr;
    uint32_t loaded[GEN4_MAX_BT / 32];
    uint32_t surf[GEN4_MAX_BT][GEN4_SURFACE_DW];
} Gen4Surfaces;

/* The PS's surfaces of draw d, starting with those the snapshot read. */
void gen4_surfaces_init_ps(Gen4Surfaces *c, const Gen4Draw *d);
/* A binding table (SSBA-relative, 0: none) read entry by entry. */
void gen4_surfaces_init(Gen4Surfaces *c, uint32_t bt_addr);

/*
 * SURFACE_STATE of binding table entry bti, or NULL when the table is
 * absent or bti is past its 256 entries (logged).
 */
const uint32_t *gen4_surface(Gen4State *s, const Gen4Draw *d,
                             Gen4Surfaces *c, unsigned bti);

void gen4_state_init(Gen4State *s, const HwgpuHost *host, G45Gtt *gtt);
/* Power-on / GDRST: no state. */
void gen4_state_reset(Gen4State *s);

/*
 * A GFXPIPE command (n dwords, n = its full length) from a ring; `replay`
 * when it comes from a context image being restored (n = 0 starts a
 * restore: the state is emptied first).  Returns true for a 3DPRIMITIVE
 * that is to be drawn (the caller then takes a snapshot and draws).
 */
bool gen4_state_command(Gen4State *s, const uint32_t *dw, uint32_t n,
                        bool replay);

/* The snapshot of the draw `prim` (the 3DPRIMITIVE's dwords, 6 of them). */
void gen4_draw_snapshot(Gen4State *s, const uint32_t *prim, Gen4Draw *d);

/*
 * The packet of command `cmd` (a G45CmdId of g45-cmd-gen.h) kept in a
 * draw: its dwords and length, or NULL (length 0) when none was sent.
 */
const uint32_t *gen4_draw_packet(const Gen4Draw *d, int cmd, uint32_t *len);

/*
 * The draw as text, for debugging: every kept packet disassembled field by
 * field, the indirect states, the binding tables' surfaces, and each
 * unit's kernel disassembled (`kernels`).  Returns the length written
 * (NUL-terminated, truncated to size).
 */
size_t gen4_draw_dump(Gen4State *s, const Gen4Draw *d, bool kernels,
                      char *buf, size_t size);

#endif
