/*
 * G45 command streamers: the render ring (RCS, MMIO base 0x2000) and the
 * video ring (BSD/VCS, base 0x4000; intel-i915-probe.md 2.1).  An engine
 * owns its ring registers, parses commands from HEAD to TAIL and through
 * batch buffers (GTT or physical), and reports interrupts through a
 * callback; the glue owns IIR/IMR/IER/ISR and EIR/EMR/ESR.
 *
 * Threading: every public function takes the engine's lock.  Callbacks in
 * G45EngineOps run with that lock held (from the worker thread when one is
 * started) and must not call back into the engine.
 *
 * See docs/g45-cs.md for the API contract, the context image and the hang
 * rule.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_CS_H
#define HWGPU_INTEL_G45_CS_H

#include <glib.h>
#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/host.h"
#include "hwgpu/common/thread.h"
#include "hwgpu/intel/g45/g45-blt.h"
#include "hwgpu/intel/common/gtt.h"
#include "hwgpu/common/worker.h"

/* Engine MMIO bases (i915 RENDER_RING_BASE, BSD_RING_BASE on G4X) */
#define G45_RCS_BASE            0x2000
#define G45_BSD_BASE            0x4000
#define G45_RING_SPAN           0x200       /* registers base .. base+0x1ff */

/* Per-engine register offsets relative to the base */
#define G45_RING_TAIL           0x030
#define G45_RING_HEAD           0x034
#define G45_RING_START          0x038
#define G45_RING_CTL            0x03c
#define G45_RING_IPEIR          0x064
#define G45_RING_IPEHR          0x068
#define G45_RING_INSTDONE       0x06c
#define G45_RING_INSTPS         0x070
#define G45_RING_ACTHD          0x074
#define G45_RING_DMA_FADD       0x078
#define G45_RING_HWS_PGA        0x080
#define G45_RING_NOPID          0x094
#define G45_RING_HWSTAM         0x098
#define G45_RING_MI_MODE        0x09c
#define G45_RING_INSTPM         0x0c0
#define G45_RING_BBSTATE        0x110
#define G45_RING_BBADDR         0x140
#define G45_RING_CCID           0x180       /* RCS only */
#define G45_RING_CXT_SIZE       0x1a0       /* RCS only */

/*
 * The engine register bank, one row per register, declared once: the
 * engines' storage, reads and writes (g45-cs.c), the register-file rows of
 * both rings (g45-regs.c) and the list commands may not reach are all
 * derived from these two lists.
 *   X(ID, offset, "NAME", flags, writable mask, power-on value)
 * Offsets are relative to the engine base (i915 intel_engine_regs.h names;
 * G45 PRM Vol 1 "Ring Buffer" registers).  Flags: G45_ER_FILE registers
 * are plain read-only storage of the register file (the engine does not
 * model them); G45_ER_RO ignores writes; G45_ER_MASKED takes bits 31:16
 * as the write enables of bits 15:0; G45_ER_W1C clears the bits written
 * as 1; G45_ER_KEEP survives a GDRST engine reset.  Side effects of
 * writes (kicking the parser) and computed read bits (CTL's wait bit,
 * MI_MODE's idle bit) are code in g45-cs.c.
 */
#define G45_ER_FILE     (1u << 0)
#define G45_ER_RO       (1u << 1)
#define G45_ER_MASKED   (1u << 2)
#define G45_ER_W1C      (1u << 3)
#define G45_ER_KEEP     (1u << 4)
#define G45_ER_RCS      (1u << 5)   /* the render engine only */

#define G45_ENGINE_REGS(X) \
    X(TAIL, G45_RING_TAIL, "TAIL", 0, G45_TAIL_ADDR, 0) \
    X(HEAD, G45_RING_HEAD, "HEAD", 0, \
      G45_HEAD_ADDR | ~0u << G45_HEAD_WRAP_SHIFT, 0) \
    X(START, G45_RING_START, "START", 0, 0xfffff000u, 0) \
    X(CTL, G45_RING_CTL, "CTL", 0, \
      G45_CTL_SIZE_MASK | G45_CTL_REPORT_MASK | G45_CTL_VALID, 0) \
    X(IPEIR, G45_RING_IPEIR, "IPEIR", G45_ER_W1C, 0xffffffffu, 0) \
    X(IPEHR, G45_RING_IPEHR, "IPEHR", G45_ER_RO, 0, 0) \
    X(INSTDONE, G45_RING_INSTDONE, "INSTDONE", G45_ER_FILE, 0, 0) \
    X(INSTPS, G45_RING_INSTPS, "INSTPS", G45_ER_FILE, 0, 0) \
    X(ACTHD, G45_RING_ACTHD, "ACTHD", G45_ER_RO, 0, 0) \
    X(DMA_FADD, G45_RING_DMA_FADD, "DMA_FADD", G45_ER_FILE, 0, 0) \
    X(HWS_PGA, G45_RING_HWS_PGA, "HWS_PGA", G45_ER_KEEP, 0xfffff000u, 0) \
    X(NOPID, G45_RING_NOPID, "NOPID", G45_ER_RO | G45_ER_KEEP, 0, 0) \
    X(HWSTAM, G45_RING_HWSTAM, "HWSTAM", G45_ER_KEEP, 0xffffffffu, \
      0xffffffffu) \
    X(MI_MODE, G45_RING_MI_MODE, "MI_MODE", G45_ER_MASKED, \
      0xffffu & ~G45_MI_MODE_IDLE, 0) \
    X(INSTPM, G45_RING_INSTPM, "INSTPM", G45_ER_MASKED, \
      0xffffu & ~G45_INSTPM_SYNC_FLUSH, 0) \
    X(BBSTATE, G45_RING_BBSTATE, "BB_STATE", G45_ER_RO, 0, 0) \
    X(BBADDR, G45_RING_BBADDR, "BB_ADDR", G45_ER_RO, 0, 0)

/* The render engine's own (register-file names carry no ring prefix). */
#define G45_RCS_REGS(X) \
    X(CCID, G45_RING_CCID, "CCID", G45_ER_RO | G45_ER_RCS, 0, 0) \
    X(CXT_SIZE, G45_RING_CXT_SIZE, "CXT_SIZE", \
      G45_ER_RO | G45_ER_KEEP | G45_ER_RCS, 0, G45_CXT_SIZE_RESET)

typedef enum G45EngineRegId {
#define G45_ER_ENUM(id, off, nm, fl, wm, pon) G45_ER_##id,
    G45_ENGINE_REGS(G45_ER_ENUM)
    G45_RCS_REGS(G45_ER_ENUM)
#undef G45_ER_ENUM
    G45_ER__COUNT
} G45EngineRegId;

typedef struct G45EngineReg {
    uint32_t off;               /* relative to the engine base */
    const char *name;
    uint32_t flags;             /* G45_ER_* */
    uint32_t wmask;
    uint32_t power_on;
    bool rcs_only;
} G45EngineReg;

/* Indexed by G45EngineRegId. */
extern const G45EngineReg g45_engine_regs[G45_ER__COUNT];
extern const unsigned g45_engine_nregs;

/* Field layouts (i915 intel_engine_regs.h) */
#define G45_TAIL_ADDR           0x001ffff8u
#define G45_HEAD_ADDR           0x001ffffcu
#define G45_HEAD_WRAP_SHIFT     21
#define G45_CTL_VALID           (1u << 0)
#define G45_CTL_REPORT_MASK     (3u << 1)   /* 1: 64 KiB, 2: 128 KiB */
#define G45_CTL_WAIT            (1u << 11)  /* read-only: MI_WAIT_FOR_EVENT */
#define G45_CTL_SIZE_MASK       0x001ff000u /* pages - 1, bits 20:12 */
#define G45_MI_MODE_STOP_RING   (1u << 8)
#define G45_MI_MODE_IDLE        (1u << 9)   /* read-only */
#define G45_INSTPM_SYNC_FLUSH   (1u << 5)   /* self-clearing */
#define G45_IPEIR_BATCH         (1u << 2)   /* error came from a batch */
#define G45_BBSTATE_PHYS        (1u << 0)   /* our encoding, see docs */
#define G45_BBSTATE_NON_SECURE  (1u << 1)
#define G45_BBSTATE_ACTIVE      (1u << 2)
#define G45_CCID_VALID          (1u << 0)
#define G45_CCID_ADDR           0xfffff000u

/* Interrupt bits in IIR (i915_reg.h, Gen4) and EIR */
#define G45_IIR_USER            (1u << 1)
#define G45_IIR_CS_ERROR        (1u << 15)  /* command parser error */
#define G45_IIR_BSD_USER        (1u << 25)
#define G45_EIR_INSTRUCTION     (1u << 0)
/* G4X: a privileged command, or guest-physical memory, in a non-secure
 * batch (i915_reg.h GM45_ERROR_CP_PRIV / GM45_ERROR_MEM_PRIV). */
#define G45_EIR_CP_PRIV         (1u << 3)
#define G45_EIR_MEM_PRIV        (1u << 4)

/* Hardware status page dwords (i915 comments on the HWSP layout) */
#define G45_HWS_ISR_COPY        0x00
#define G45_HWS_HEAD_REPORT     0x04

/* Context image (our format; docs/g45-cs.md) */
#define G45_CTX_MAGIC           0x43353447u /* "G45C" */
#define G45_CTX_STATE_DWORDS    2046u
#define G45_CTX_IMAGE_BYTES     ((G45_CTX_STATE_DWORDS + 2) * 4)
#define G45_CXT_SIZE_RESET      (G45_CTX_IMAGE_BYTES / 64 - 1)

#define G45_BB_MAX_CHAIN        1024        /* chained batches per call */
#define G45_FETCH_DWORDS        64          /* fetched per GTT access */
#define G45_CMD_MAX_DWORDS      (0xff + 2)  /* longest command buffered */
#define G45_BLT_SLICE_PIXELS    (64u * 1024) /* per step: the lock is free
                                              * between slices */

typedef enum G45EngineId { G45_ENGINE_RCS, G45_ENGINE_BSD } G45EngineId;

typedef struct G45EngineOps {
    /* User/flip/error interrupts: bits for IIR. */
    void (*raise)(void *opaque, uint32_t iir_bits);
    /* Error bits for the (global) EIR; followed by raise(CS_ERROR). */
    void (*error)(void *opaque, uint32_t eir_bits);
    /* The hang check fired (docs/g45-cs.md); optional. */
    void (*hang)(void *opaque);
    /* MI_DISPLAY_FLIP: dw[0..n-1]; the display raises flip-done itself. */
    void (*display_flip)(void *opaque, const uint32_t *dw, uint32_t n);
    /*
     * GFXPIPE commands (3D state, primitives, media); restore = replayed
     * from a context image, which starts with a call with n = 0 (and dw
     * NULL): the 3D state is to be emptied before the image's records.
     */
    void (*on_3d)(void *opaque, const uint32_t *dw, uint32_t n,
                  bool restore);
    /* Registers outside this engine, for LRI / SRM. */
    uint32_t (*reg_read)(void *opaque, uint32_t offset);
    void (*reg_write)(void *opaque, uint32_t offset, uint32_t val);
    /* One line per command for trace logging; optional. */
    void (*trace)(void *opaque, const char *line);
    /* MI_WAIT_FOR_EVENT started waiting for `events`; optional. */
    void (*wait)(void *opaque, uint32_t events);
    /*
     * The instruction cache is invalidated: MI_FLUSH with its State/
     * Instruction Cache Invalidate bit, and each batch started from the
     * ring; optional.  (PIPE_CONTROL's bit reaches on_3d.)
     */
    void (*icache_invalidate)(void *opaque);
} G45EngineOps;

typedef struct G45EngineStats {
    uint64_t cmds;              /* commands executed */
    uint64_t cmds_3d;           /* GFXPIPE commands handed to on_3d */
    uint64_t cmds_3d_unknown;   /* of which not in the command table */
    uint64_t blts;              /* 2D commands */
    uint64_t batches;           /* batch buffers started */
    uint64_t user_irqs;
    uint64_t errors;            /* parser errors */
    uint64_t priv_violations;   /* commands refused in non-secure batches */
    uint64_t hangs;
    uint64_t ctx_switches;
} G45EngineStats;

typedef struct G45Engine {
    HwgpuWorker worker;         /* the thread and the engine's lock */
    G45EngineId id;
    uint32_t base;
    G45Gtt *gtt;
    const HwgpuHost *host;
    const G45EngineOps *ops;
    void *opaque;
    G45Blt blt;

    /* Registers: the bank of G45_ENGINE_REGS / G45_RCS_REGS */
    uint32_t reg[G45_ER__COUNT];

    /* Parser state */
    bool in_batch;
    bool halted;                /* parser error or hang: until reset */
    bool hung;
    bool starved;               /* ring holds part of a command only */
    uint32_t wait_mask;         /* MI_WAIT_FOR_EVENT pending events */
    uint32_t chain;             /* chained batches since the ring */
    /* For the parser error's log line only (not migrated): where the
     * current batch began, and the last command executed. */
    uint32_t diag_batch, diag_hdr, diag_addr;
    /* A blit in progress (g45_blt_exec_slice): next row, and the command
     * it belongs to (address, header, ring or batch). */
    uint32_t blt_row, blt_at, blt_hdr;
    bool blt_in_batch;
    uint32_t fetch[G45_FETCH_DWORDS];
    uint64_t fetch_addr;        /* graphics/phys address of fetch[0] */
    uint32_t fetch_n;           /* valid dwords, 0 = empty */
    bool fetch_phys;

    /* Hang check */
    uint64_t hang_cmds;         /* commands without ring progress */
    uint64_t hang_ns;           /* or this long without progress */
    uint64_t since_progress;
    uint64_t progress_ns;

    bool ctx_phys;              /* the current context's image is physical */

    /* Context state record (image body, docs/g45-cs.md) */
    uint32_t ctx_state[G45_CTX_STATE_DWORDS];
    uint32_t ctx_len;

    uint64_t timestamp_hz;      /* PIPE_CONTROL timestamps */
    uint64_t ps_depth_count;    /* set by the 3D pipeline */
    G45EngineStats stats;

    uint32_t chunk;             /* commands per worker iteration */
} G45Engine;

void g45_engine_init(G45Engine *e, G45EngineId id, G45Gtt *gtt,
                     const HwgpuHost *host, const G45EngineOps *ops,
                     void *opaque);
/* Stops the worker if running. */
void g45_engine_destroy(G45Engine *e);

/* Power-on values of every register. */
void g45_engine_power_on(G45Engine *e);
/*
 * GDRST render/media domain reset: the parser stops, batch and wait state
 * and errors are dropped; TAIL, HEAD, START, CTL, ACTHD, BBADDR,
 * BBSTATE, IPEIR, IPEHR and CCID read 0.
 * HWS_PGA, HWSTAM and CXT_SIZE keep their values.
 */
void g45_engine_reset(G45Engine *e);
/*
 * The same, and then fn(opaque) while the engine still runs nothing: the
 * state a command in progress uses (the 3D pipeline's, for a render
 * reset) is reset after that command has ended and before the next.
 */
void g45_engine_reset_with(G45Engine *e, void (*fn)(void *), void *opaque);

/*
 * Migration (docs/migration.md).  Pause: the worker finishes the command
 * it is in (a blit slice, a draw) and runs nothing more until resumed;
 * the engine's state is then still.  check: NULL when a loaded state is
 * one the engine could have reached, else why not.  loaded: after a
 * load, drop what is fetched ahead and restart the progress clock.
 */
void g45_engine_pause(G45Engine *e);
void g45_engine_resume(G45Engine *e);
const char *g45_engine_check(const G45Engine *e);
void g45_engine_loaded(G45Engine *e);

/* MMIO, `off` relative to the engine base.  false: not an engine reg. */
bool g45_engine_mmio_read(G45Engine *e, uint32_t off, uint32_t *val);
bool g45_engine_mmio_write(G45Engine *e, uint32_t off, uint32_t val);

/* Display events for MI_WAIT_FOR_EVENT (G45_WAIT_* bits). */
void g45_engine_event(G45Engine *e, uint32_t events);
/* The events MI_WAIT_FOR_EVENT waits for now (0: not waiting). */
uint32_t g45_engine_waiting(G45Engine *e);

/*
 * Run synchronously: execute at most `budget` commands.  Returns the
 * number executed.  Stops early when the ring is empty, stopped, waiting
 * or halted.
 */
uint32_t g45_engine_run(G45Engine *e, uint32_t budget);
/* True when the engine has work it could execute now. */
bool g45_engine_busy(G45Engine *e);

/* Worker thread: woken by TAIL writes and events. */
bool g45_engine_start_worker(G45Engine *e);
void g45_engine_stop_worker(G45Engine *e);
/* Block until the worker has nothing runnable (tests, reset paths). */
void g45_engine_wait_idle(G45Engine *e);

#endif
