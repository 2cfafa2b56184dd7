/*
 * Gen4 / G45 EU interpreter: one hardware thread's register state, a
 * pre-decoded program, and the shared functions reached through SEND.
 *
 * Source: seed 002 (G45 PRM Vol. 4); "Lnnnn" are line numbers in
 * /work/shared/seeds/002_*.txt, analysis in /work/shared/reference/
 * seed-002.md sections 3 and 4.  docs/g4-eu.md describes the internal
 * form and the shared-function plug-in interface.
 *
 * Everything an instruction word, register or message names comes from
 * the guest: every access is bounds-checked, every run has an instruction
 * budget, and guest errors are reported through the rate-limited HWGPU_GUEST_ERROR().
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G4_EU_H
#define HWGPU_INTEL_G4_EU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwgpu/common/host.h"
#include "hwgpu/intel/eu/g4-eu-inst.h"

#define G4_EU_REG_BYTES 32              /* 256-bit registers (L7474) */
#define G4_EU_GRF_REGS 128              /* r0..r127 (L7474) */
#define G4_EU_MRF_REGS 16               /* m0..m15 (L7511) */
#define G4_EU_GRF_BYTES (G4_EU_GRF_REGS * G4_EU_REG_BYTES)
#define G4_EU_MRF_BYTES (G4_EU_MRF_REGS * G4_EU_REG_BYTES)
#define G4_EU_MAX_LANES 32              /* ExecSize 32 = 2 x 16 */
#define G4_EU_MAX_RLEN 16               /* response length field, 4 bits */

/* cr0.0 bits (L8037-L8138). */
#define G4_CR0_FP_ALT      (1u << 0)    /* 0 = IEEE, 1 = ALT float mode */
#define G4_CR0_ACC_DISABLE (1u << 1)    /* no implied accumulator writes */
#define G4_CR0_SPF         (1u << 2)    /* single program flow */
/* cr0.1 status bits (L8037-L8138). */
#define G4_CR1_ILLEGAL     (1u << 28)
#define G4_CR1_LS_OVER     (1u << 27)
#define G4_CR1_LS_UNDER    (1u << 26)
#define G4_CR1_IS_OVER     (1u << 25)
#define G4_CR1_IS_UNDER    (1u << 24)

/* Why a run stopped. */
typedef enum G4EuStop {
    G4_EU_RUNNING = 0,
    G4_EU_STOP_EOT,         /* send with EOT: the normal end */
    G4_EU_STOP_BUDGET,      /* instruction budget exhausted */
    G4_EU_STOP_ERROR,       /* guest error: IP out of range, bad message */
} G4EuStop;

/*
 * Mask stack as the hardware keeps it: one 4-bit counter per channel and
 * a depth count (L7850-L7885, Push/Pop/TopOfStack L10628-L10700).
 */
typedef struct G4EuMaskStack {
    uint8_t cnt[16];
    uint8_t depth;
} G4EuMaskStack;

typedef struct G4EuThread {
    uint8_t grf[G4_EU_GRF_BYTES];
    uint8_t mrf[G4_EU_MRF_BYTES];
    /*
     * acc0/acc1 with extended precision (Table 11-9, L7736-L7746): one
     * slot per execution lane; lanes 0-7 are acc0 and 8-15 acc1 for
     * dword types.  Both views are kept: accf for float results, acci
     * (64-bit) for integer ones; a write sets both.
     */
    double accf[G4_EU_MAX_LANES];
    int64_t acci[G4_EU_MAX_LANES];
    uint32_t acc_float;     /* bit per lane: accf (1) or acci (0) valid */
    uint16_t a0[8];         /* a0.2-a0.7 keep 12 bits (L7670) */
    uint16_t f0[2];         /* f0.0, f0.1 (L7776-L7809) */
    uint16_t amask, imask, lmask, cmask;   /* mask0.0-.3 (L7811) */
    G4EuMaskStack istack, lstack;          /* ms0 / msd0 */
    uint32_t sr0[2];        /* sr0.1[15:0] = DMask (L7993-L8035) */
    uint32_t cr0[3];
    uint32_t n0, n1;        /* notification counts (L8142-L8192) */
    uint32_t tdr;           /* thread dependency register (storage) */
    uint64_t timestamp;     /* tm0 (storage; clock from the host) */
    uint32_t ip;            /* byte offset of the current instruction */
    /* Run state. */
    G4EuStop stop;
    uint64_t executed;      /* instructions executed, all runs */
    /*
     * No instruction on the thread's path from its entry reads the
     * accumulator (set by g4_eu_run at a dispatch's first run, off for
     * the interpreter): the fast path drops the implied accumulator
     * writes, which nothing could see.  Not architectural state.
     */
    bool acc_unread;
    /*
     * Bytes at the GRF's start that may be non-zero; the rest is zero
     * (g4_eu_thread_reuse).  Runs raise it to their program's write
     * extent, dispatchers with g4_eu_thread_wrote.
     */
    uint32_t grf_dirty;
    /* JIT blocks run (g4-eu-jit.c; a statistic for the tests) */
    uint32_t jit_runs;
    /*
     * A send's payload as the shared function sees it (the MRF registers
     * it names, zero after them): kept across dispatches, zero past
     * send_plen bytes, so a send clears only what a longer one before it
     * left.  Not part of the thread's state: g4_eu_thread_reuse keeps it.
     */
    uint32_t send_plen;
    uint32_t send_payload[15 * 8];
} G4EuThread;

/*
 * Reset the thread for a dispatch: registers zeroed, masks and DMask set
 * to dmask (L7815), ip = 0, cr0.0 = cr0 (FP mode, SPF, acc disable).
 */
void g4_eu_thread_init(G4EuThread *t, uint16_t dmask, uint32_t cr0);
/*
 * The same for a thread that only ran programs and had its payload
 * written through the accessors below followed by g4_eu_thread_wrote:
 * the GRF is zeroed up to t->grf_dirty only (a pixel shader dispatch
 * touches a few registers of the 128).
 */
void g4_eu_thread_reuse(G4EuThread *t, uint16_t dmask, uint32_t cr0);
/* A dispatcher wrote GRF registers below `regs`. */
static inline void g4_eu_thread_wrote(G4EuThread *t, unsigned regs)
{
    uint32_t b = (regs < G4_EU_GRF_REGS ? regs : G4_EU_GRF_REGS) *
                 G4_EU_REG_BYTES;

    t->grf_dirty = b > t->grf_dirty ? b : t->grf_dirty;
}

/* Typed accessors for tests and for the dispatching units (no checks
 * needed beyond the index: reg is masked to the file). */
static inline uint32_t *g4_eu_grf_ud(G4EuThread *t, unsigned reg)
{
    return (uint32_t *)&t->grf[(reg % G4_EU_GRF_REGS) * G4_EU_REG_BYTES];
}

static inline float *g4_eu_grf_f(G4EuThread *t, unsigned reg)
{
    return (float *)&t->grf[(reg % G4_EU_GRF_REGS) * G4_EU_REG_BYTES];
}

static inline uint32_t *g4_eu_mrf_ud(G4EuThread *t, unsigned reg)
{
    return (uint32_t *)&t->mrf[(reg % G4_EU_MRF_REGS) * G4_EU_REG_BYTES];
}

/* ---- shared functions (SEND) ---- */

/* What a shared function receives (L13295-L13416). */
typedef struct G4EuMessage {
    uint32_t desc;          /* descriptor bits 30:0 (imm DW3 or a0.0) */
    uint8_t sfid;           /* desc 27:24 */
    uint8_t mlen;           /* desc 23:20, payload registers */
    uint8_t rlen;           /* desc 19:16, response registers */
    uint16_t function;      /* desc 15:0, function control */
    bool eot;               /* instruction bit 127 */
    uint16_t emask;         /* channel enables sent with the message */
    bool alt_fp;            /* cr0.0 bit 0, the FP mode side band */
    uint8_t post_dst;       /* first response GRF (informational) */
    /*
     * A compressed SIMD16 send: 16 channel enables whatever the
     * post-destination's type, and payload registers up to 2 even when
     * the descriptor says 1 (G45 SIMD16 unary math, crocus-g45.md §3.6).
     */
    bool simd16;
    /* Payload copied from m[first]..m[first + mlen - 1] (mlen <= 15). */
    const uint32_t *payload;    /* mlen * 8 dwords */
} G4EuMessage;

/*
 * The response a shared function returns: rlen registers of 8 dwords
 * and, per register, a bit per dword saying which dwords are written
 * back into the GRF.  The interpreter does the (bounds-checked) GRF
 * write; a shared function never sees the register file.  Only wmask and
 * nregs start cleared: a function sets a wmask bit only for a dword it
 * wrote.
 */
typedef struct G4EuResponse {
    uint32_t data[G4_EU_MAX_RLEN][8];
    uint8_t wmask[G4_EU_MAX_RLEN];
    uint8_t nregs;          /* registers written back; 0: the rlen */
} G4EuResponse;

/*
 * A shared-function callback.  Returns false when the message is
 * malformed or unsupported (the callback has logged why); the thread
 * then ends cleanly with G4_EU_STOP_ERROR.
 */
typedef bool (*G4EuSharedFn)(void *opaque, G4EuThread *t,
                             const G4EuMessage *msg, G4EuResponse *resp);

typedef struct G4EuSharedSlot {
    G4EuSharedFn fn;
    void *opaque;
} G4EuSharedSlot;

/* The environment threads run in: host (log, clock) and the SFID table. */
typedef struct G4EuEnv {
    const HwgpuHost *host;
    G4EuSharedSlot sf[16];  /* indexed by SFID (only 0..7 defined, L13396) */
    /*
     * Run every instruction through the reference interpreter, never the
     * fast path's specialised handlers (docs/g4-eu.md, "Fast path").
     * g4_eu_env_init() sets it when HWGPU_EU_INTERP is set to 1.
     */
    bool interp;
    /*
     * Run compiled blocks where they apply (docs/g4-eu.md, "JIT"): set by
     * g4_eu_env_init() on a host that has them, unless HWGPU_EU_JIT is 0.
     */
    bool jit;
} G4EuEnv;

void g4_eu_env_init(G4EuEnv *env, const HwgpuHost *host);
void g4_eu_env_set_shared(G4EuEnv *env, unsigned sfid, G4EuSharedFn fn,
                          void *opaque);

/* Extended math, SFID 1 (seed chapter 6, L5845-L6319). */
void g4_eu_math_attach(G4EuEnv *env);
/* The math function on one 8/16-channel message, also usable directly. */
bool g4_eu_math_message(void *opaque, G4EuThread *t, const G4EuMessage *msg,
                        G4EuResponse *resp);

/*
 * Data port (SFID 4 read, 5 write; seed chapter 5): OWord block and
 * DWord scattered messages on linear buffers.  Binding-table index n
 * selects surfaces[n]; index 255 is stateless: stateless.base +
 * M0.5[31:10], bounded by stateless.size (L4315-L4342, L4499-L4520).
 * Memory is reached through mem->dma_read / dma_write.
 */
typedef struct G4EuSurface {
    uint64_t base;
    uint64_t size;          /* bytes; 0 = no surface (reads 0) */
} G4EuSurface;

typedef struct G4EuDataPort {
    const HwgpuHost *mem;
    const G4EuSurface *surfaces;
    unsigned nsurfaces;
    G4EuSurface stateless;
    /*
     * When set, binding-table surfaces come from here instead of
     * surfaces[] (read on demand by the 3D pipeline); false: no surface.
     */
    bool (*resolve)(void *opaque, unsigned bti, G4EuSurface *out);
    void *resolve_opaque;
} G4EuDataPort;

void g4_eu_dataport_attach(G4EuEnv *env, G4EuDataPort *dp);

/*
 * URB (SFID 6, seed chapter 8, L6530-L6785): URB_WRITE into a byte
 * array.  A handle (M0.0[15:0], M0.1[15:0]) is taken as a 256-bit row
 * number inside the array; rows outside it are dropped and logged.
 * Allocate requests return next_handle (then advanced by
 * alloc_rows) in W0.0[15:0].
 */
typedef struct G4EuUrb {
    const HwgpuHost *host;
    uint8_t *data;
    uint32_t size;          /* bytes */
    uint32_t next_handle;
    uint32_t alloc_rows;
    uint32_t writes;        /* statistics: URB_WRITE messages accepted */
    /*
     * Told of every write with Complete (descriptor bit 15): its handle,
     * header (M0) and Used bit.  The GS and CLIP units collect the
     * vertices their threads emit this way.  NULL: nobody listens.
     */
    void (*complete)(void *opaque, uint32_t handle, const uint32_t *header,
                     bool used);
    void *complete_opaque;
} G4EuUrb;

void g4_eu_urb_attach(G4EuEnv *env, G4EuUrb *urb);

/* ---- programs ---- */

typedef struct G4EuProgram G4EuProgram;

/*
 * Pre-decode a kernel of ninst native (128-bit) instructions, words[4*i]
 * = DW0 of instruction i.  Words that do not decode become "illegal"
 * entries that end the thread with a logged guest error when reached.
 * Never fails for guest input; the program must be freed.
 */
G4EuProgram *g4_eu_program_new(const uint32_t *words, unsigned ninst,
                               const HwgpuHost *host);
/*
 * The same from a byte stream that may mix native (16-byte) and G45
 * compacted (8-byte) instructions, as crocus emits them.
 */
G4EuProgram *g4_eu_program_from_bytes(const uint8_t *code, size_t bytes,
                                      const HwgpuHost *host);
/* The same from already decoded instructions (tests, the assembler). */
G4EuProgram *g4_eu_program_from_insts(const G4EuInst *insts, unsigned ninst,
                                      const HwgpuHost *host);
/*
 * Assemble text (g4_eu_asm_text) and pre-decode it; NULL with the
 * assembler's message in err.  Tools and tests only: QEMU does not link
 * the assembler.
 */
G4EuProgram *g4_eu_program_from_text(const char *text, const HwgpuHost *host,
                                     char *err, size_t errlen);
/*
 * Programs are shared (a cache of kernels across draws, a draw's threads
 * on several host threads): g4_eu_program_ref takes a reference, and
 * g4_eu_program_free drops one, freeing the program with the last.
 */
/*
 * Whether the kernel from byte ip is flat: raw 32-bit moves into the MRF,
 * then one send with EOT and no response (a clear's pixel shader); then
 * also its send's message descriptor and its length in instructions
 * (either pointer may be NULL).  g4_eu_run runs such a kernel without
 * its per-instruction loop, to the same end.
 */
bool g4_eu_program_flat_at(G4EuProgram *p, uint32_t ip, uint32_t *desc,
                           unsigned *ninst);
/*
 * A flat kernel's message as far as the dispatch payload decides it
 * (g4_eu_program_flat_message): what the moves and the send's implied
 * move leave in the registers the send names, per register where it
 * comes from.  A dispatcher whose payload registers from `first` on are
 * the same for many threads (constants and setup data of one object) and
 * whose message then does not vary can send it once for all of them.
 */
typedef struct G4EuFlatMessage {
    uint32_t desc;              /* the send's descriptor */
    unsigned mlen;              /* its message length (registers) */
    unsigned mrf;               /* its first MRF register */
    unsigned ninst;             /* instructions a thread executes */
    /*
     * Bit i: message register i holds, in every lane that executes,
     * immediates and GRF bytes of registers from `first` on only.
     */
    uint16_t invariant;
    /* Message register i is GRF register copy[i], whole and in every
     * lane (moves without a mask, the implied move); else -1. */
    int8_t copy[G4_EU_MRF_REGS];
    /* The message as the moves leave it with every lane enabled, the
     * sources read from the GRF given. */
    uint32_t payload[G4_EU_MRF_REGS * 8];
} G4EuFlatMessage;
/*
 * For the flat kernel at ip (false when it is not one): its message
 * evaluated on the GRF image grf (G4_EU_GRF_BYTES) into *m, where
 * registers below `first` are taken as different in every thread.
 */
bool g4_eu_program_flat_message(G4EuProgram *p, uint32_t ip,
                                const uint8_t *grf, unsigned first,
                                G4EuFlatMessage *m);
G4EuProgram *g4_eu_program_ref(G4EuProgram *p);
void g4_eu_program_free(G4EuProgram *p);
/* The code bytes of a program made from bytes (NULL from instructions). */
const uint8_t *g4_eu_program_code(const G4EuProgram *p, size_t *bytes);
unsigned g4_eu_program_length(const G4EuProgram *p);

/*
 * Run thread t from t->ip until EOT, an error, or budget instructions.
 * Returns t->stop.  The host FPU is switched to round-toward-zero for
 * the run (L7007) and restored before returning.
 */
G4EuStop g4_eu_run(G4EuThread *t, const G4EuProgram *p, const G4EuEnv *env,
                   uint64_t budget);

#endif
