/*
 * The QEMU-independent core of the G45 device: the register file and the
 * blocks behind it.  The register table's hooks receive a G45 * as `dev`.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_H
#define HWGPU_INTEL_G45_H

#include "hwgpu/common/pool.h"
#include "hwgpu/common/regfile.h"
#include "hwgpu/intel/g45/g45-regs.h"
#include "hwgpu/intel/common/gtt.h"
#include "hwgpu/intel/g45/g45-display.h"
#include "hwgpu/intel/g45/g45-cs.h"
#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-pipe.h"
#include "hwgpu/intel/gen4/gen4-capture.h"

#define G45_REG_QUEUE   256     /* queued ring register writes */

typedef struct G45 {
    HwgpuRegFile regs;
    G45Gtt gtt;
    G45Display disp;
    G45Engine rcs, bsd;
    /*
     * The 3D pipeline's state (the render ring's thread owns it), its own
     * view of the GTT (a capture observes only the pipeline's accesses)
     * and the optional capture of its work (g45_capture_start).
     */
    Gen4State gen4;
    G45Gtt gtt3d;
    Gen4Capture capture;
    /*
     * Raised by the glue after each PTE write (intel-g45.c): the 3D
     * pipeline's mapped pages follow the PTEs within a draw
     * (G45Gtt.pte_epoch).
     */
    uint32_t pte_epoch;
    /* The threads the pipeline draws its screen bands on (with the
     * render ring's thread), from g45_set_render_threads. */
    HwgpuPool *pool;
    Gen4Draw *draw;             /* the snapshot of the current draw */
    Gen4DrawStats draw_stats;   /* what the pipeline did, all draws */
    const HwgpuHost *host;
    /* Raised by the engines' worker threads, applied by g45_service(). */
    uint32_t pending_iir, pending_eir;
    uint32_t pending_flip[2];       /* plane surface + 1, 0 = none */
    /*
     * Register writes from the rings (MI_LOAD_REGISTER_IMM) to registers
     * with side effects, in order, for g45_service() to apply through the
     * register file as an MMIO write would.
     */
    HwgpuMutex reg_q_lock;
    uint32_t reg_q[G45_REG_QUEUE][2];   /* offset, value */
    uint32_t reg_q_len;
    uint64_t hangs;
} G45;

/*
 * Set up the core.  `ptes` is the GTT backing (nentries 32-bit PTEs), owned
 * by the caller.  Returns false when the register table is malformed.
 */
bool g45_init(G45 *g, const HwgpuHost *host, const uint32_t *ptes,
              uint32_t nentries);
/*
 * Record the render ring's 3D work into path from now on (at most
 * max_draws draws, 0: no limit); false when the file cannot be created.
 * Call before the guest runs.
 */
bool g45_capture_start(G45 *g, const char *path, uint64_t max_draws);
/*
 * Draw on n threads (the render ring's thread included; 0: one per host
 * core, 1: that thread alone).  Call before the engines start.
 */
void g45_set_render_threads(G45 *g, unsigned n);

void g45_destroy(G45 *g);
void g45_reset(G45 *g);

/*
 * Apply what the engines reported from their threads (interrupts, errors,
 * display flips) to the register file.  Runs where register accesses run;
 * requested through HwgpuHost.kick.
 */
void g45_service(G45 *g);

/*
 * Migration (docs/migration.md): the QEMU device pauses the engines while
 * the VM is stopped (each finishes the command it is in), so the state it
 * saves is still.  After a load, g45_check says whether the state is one
 * the device could have reached (NULL) or why not; g45_loaded then
 * recomputes what derives from it (the interrupt line, the events the
 * display wakes for).
 */
void g45_pause_engines(G45 *g);
void g45_resume_engines(G45 *g);
const char *g45_check(const G45 *g);
void g45_loaded(G45 *g);

/* GDRST (PCI config 0xc0) written: reset the selected domains. */
void g45_gdrst(G45 *g, uint8_t val);

/* Start/stop the engines' worker threads (the QEMU device runs them). */
void g45_start_engines(G45 *g);
void g45_stop_engines(G45 *g);

/* Register hooks for the engines' registers. */
uint32_t g45_ring_read(void *dev, HwgpuRegFile *rf, uint32_t off,
                       uint32_t stored);
void g45_ring_write(void *dev, HwgpuRegFile *rf, uint32_t off, uint32_t old,
                    uint32_t val);

static inline G45 *g45_of(void *dev)
{
    return dev;
}

#endif
