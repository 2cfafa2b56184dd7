/*
 * G45 EU interpreter: the pre-decoded instruction form shared by
 * g4-eu-exec.c (run loop, flow control, send) and g4-eu-alu.c (operand
 * access, type conversion, operations).  docs/g4-eu.md explains it.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_G4_EU_PRIV_H
#define HWGPU_G4_EU_PRIV_H

#include <math.h>
#include <string.h>

#include "hwgpu/common/bits.h"
#include "hwgpu/common/compiler.h"
#include "hwgpu/common/thread.h"
#include "hwgpu/intel/eu/g4-eu.h"

/* Where an operand lives. */
typedef enum G4OpndKind {
    G4K_NULL,           /* ARF null: reads 0, writes dropped (L7587) */
    G4K_GRF,            /* direct GRF */
    G4K_MRF,            /* direct MRF (destination only) */
    G4K_IND,            /* register-indirect GRF/MRF through a0 */
    G4K_IMM,            /* immediate, expanded per lane */
    G4K_ACC,            /* acc0/acc1, per lane */
    G4K_ARF,            /* other ARF: through a 32-byte image */
} G4OpndKind;

/* Execution class of an ALU instruction. */
typedef enum G4Class {
    G4C_RAW,            /* raw move of bits (mov/sel of equal types) */
    G4C_FLOAT,          /* float execution type (L8427) */
    G4C_INT,            /* integer execution type, computed in int64 */
} G4Class;

#define G4_MOD_ABS 1
#define G4_MOD_NEG 2

typedef struct G4Opnd {
    uint8_t kind;           /* G4OpndKind */
    uint8_t type;           /* G4EuType (V/VF become W/F) */
    uint8_t esize;          /* bytes per element */
    uint8_t mods;           /* G4_MOD_* */
    bool contig;            /* off[n] == n * esize */
    bool is_mrf;            /* IND: the file is the MRF */
    uint8_t arf;            /* ARF: RegNum (kind | number) */
    uint8_t acc_lane;       /* ACC: 8 for acc1 */
    uint8_t ind_mode;       /* IND: 0 = 1x1, 1 = Vx1, 2 = VxH, 3 = movi */
    uint8_t ind_width;      /* IND Vx1: elements per row */
    uint8_t addr_sub;       /* IND: a0 sub-register */
    int16_t addr_imm;       /* IND: byte offset */
    uint16_t base;          /* direct: byte offset in the file */
    union {
        uint16_t off[16];   /* per lane byte offset from the origin */
        uint32_t imm[8];    /* IMM: raw bits, lane i uses imm[i % 8] */
    };
} G4Opnd;

/* One half of an instruction (two when compressed, L8746-L8800). */
typedef struct G4Half {
    G4Opnd dst;
    G4Opnd src[3];          /* src[2]: pln's v (src1 + one register) */
    uint8_t n;              /* lanes */
    uint8_t lane0;          /* first accumulator lane */
    uint8_t mbit0;          /* first mask / flag bit */
    bool fast_dst;          /* float result to a contiguous GRF/MRF F
                             * destination without sat/cmod */
    uint8_t xs[3];          /* fast path: G4XSrc of each source */
} G4Half;

/* How the fast path reads a source (g4-eu-fast.c). */
typedef enum G4XSrc {
    G4XS_VEC,               /* contiguous dwords in the GRF */
    G4XS_SCALAR,            /* one GRF dword for every lane */
    G4XS_IMM,               /* imm[0] for every lane */
    G4XS_GATHER,            /* lane i at off[i] (any region, any size) */
    G4XS_IMMV,              /* imm[i % 8]: a V or VF vector */
    G4XS_VECW,              /* contiguous words in the GRF */
} G4XSrc;

typedef struct G4Op G4Op;
typedef struct G4Lanes G4Lanes;

typedef void (*G4AluFn)(G4Lanes *l, const G4Op *op, unsigned n);
/* Fused float add/mul/mac for plain operands (see g4_alu_fast_pick). */
typedef void (*G4FastFn)(G4EuThread *t, const G4Half *h);
/*
 * The fast path's specialised handler for one half (g4-eu-fast.c): en =
 * lane enables, pm = predicate lanes (sel).
 */
typedef void (*G4XFn)(G4EuThread *t, const G4Op *op, const G4Half *h,
                      uint16_t en, uint16_t pm);

/* Scratch for one half: sources and results per lane. */
struct G4Lanes {
    float fa[16], fb[16], fc[16];
    int64_t ia[16], ib[16];
    double dr[16];          /* float results at accumulator precision */
    int64_t ir[16];         /* integer results */
    uint32_t ra[16], rb[16];/* raw bits (RAW class) */
    uint32_t out[16];       /* raw destination bits */
    double *accf;           /* lanes of the implied accumulator */
    int64_t *acci;
    uint16_t inc;           /* rnd*: increment signal per lane (L9121) */
    uint16_t cmp;           /* cmp/cmpn: flag per lane */
    uint16_t pmask;         /* sel: predicate per lane */
    uint16_t of;            /* overflow per lane */
    uint16_t nan;           /* result is NaN per lane */
    bool alt;               /* ALT float mode */
};

/* Handler kinds. */
typedef enum G4Exec {
    G4X_UNDECODED = 0,      /* a program slot not reached yet (lazy decode) */
    G4X_ALU,
    G4X_NOP,
    G4X_ILLEGAL,            /* undecodable / illegal: ends the thread */
    G4X_UNIMP,              /* valid but not modelled: logged, ends */
    G4X_SEND,
    G4X_JMPI,
    G4X_IF, G4X_IFF, G4X_ELSE, G4X_ENDIF,
    G4X_DO, G4X_WHILE, G4X_BREAK, G4X_CONT, G4X_HALT,
    G4X_MSTACK,             /* msave, mrest, push, pop */
} G4Exec;

struct G4Op {
    uint8_t exec;           /* G4Exec */
    uint8_t len;            /* bytes: 16 native, 8 compacted */
    uint8_t opcode;
    uint8_t cls;            /* G4Class */
    uint8_t cmod;           /* G4EuCondMod */
    bool sat;
    bool align16;
    bool nomask;
    bool acc_write;         /* implied accumulator write (L7699) */
    bool ftz;               /* arithmetic: flush denorms (L7014) */
    bool ip_dst;            /* destination is the ip register */
    bool dst_arf;           /* destination is an ARF image (write back) */
    uint8_t pred;           /* G4EuPredCtrl */
    bool pred_inv;
    uint8_t flag_sub;       /* 0/1 */
    uint8_t exec_size;
    uint8_t wmask;          /* Align16 destination write mask */
    uint8_t nhalves;
    bool sechalf;
    G4AluFn alu;
    G4FastFn fast;          /* NULL unless every half qualifies */
    G4XFn xfn;              /* fast path; NULL: interpreter only */
    uint8_t xhalves;        /* fast path: handler calls (halves merged) */
    uint16_t xmask;         /* fast path: lanes of one call */
    bool xsimple;           /* fast path: EMask is its base (no predicate,
                             * no NoMask) */
    int32_t jump;           /* flow: jump count (instructions) */
    uint8_t pop;            /* flow: IStack pop count */
    /* send */
    uint8_t send_mrf;
    bool send_desc_reg;     /* descriptor in a0.0 */
    bool send_eot;
    bool send_compr;        /* a compressed SIMD16 send (see do_send) */
    /* the post-destination's first channel and channel stride (EMask) */
    uint8_t send_ch0, send_chstride;
    /*
     * The implied move as a byte copy from GRF to MRF (bytes; 0: not a
     * plain copy, through g4_alu_exec_half): a raw mov without source
     * modifiers between contiguous regions of one element size.
     */
    uint8_t send_copy;
    uint32_t send_desc;
    const char *why;        /* ILLEGAL / UNIMP reason */
    /*
     * JIT (g4-eu-jit.c): the compiled block that starts here, known once
     * jit_state (G4JitState, stored with release under the program's
     * lock, after jit) leaves G4_JIT_UNKNOWN.
     */
    const struct G4JitBlock *jit;
    uint8_t jit_state;
    G4Half h[2];
};

typedef struct G4JitBlock G4JitBlock;

typedef enum G4JitState {
    G4_JIT_UNKNOWN,         /* not looked at yet */
    G4_JIT_NONE,            /* no block starts here */
    G4_JIT_BLOCK,           /* G4Op.jit */
} G4JitState;

/*
 * A kernel, one slot per 8 bytes of code (G45 instructions are 16 bytes,
 * or 8 when compacted): slot[ip / 8] is the instruction at byte ip; the
 * second half of a native instruction is an illegal entry, so a jump into
 * it ends the thread.
 */
typedef struct G4OpChunk G4OpChunk;

/*
 * What is known of one entry (g4_eu_program_entry).  Whether it starts a
 * flat kernel (state G4_FLAT_YES, g4_eu_program_flat): raw 32-bit moves
 * into the MRF (of immediates, GRF scalars or whole GRF registers,
 * unpredicated, without conditions), then one send with EOT, an
 * immediate descriptor and a null destination: a clear's pixel shader.
 * g4_eu_run executes it without the run loop's per-instruction work.
 * And whether a thread from it can read the accumulator (acc_unread:
 * it cannot; see G4EuThread.acc_unread).
 */
#define G4_FLAT_MOVS 16

typedef enum G4FlatState {
    G4_FLAT_UNKNOWN,        /* the entry not looked at */
    G4_FLAT_NO,
    G4_FLAT_YES,
} G4FlatState;

typedef struct G4Flat {
    uint32_t ip;            /* the entry */
    uint8_t state;          /* G4FlatState: stored with release, last */
    uint8_t nmov;
    bool acc_unread;        /* no accumulator reader on the way to EOT */
    uint32_t send_ip;
    const G4Op *mov[G4_FLAT_MOVS];
    const G4Op *send;
} G4Flat;

struct G4EuProgram {
    unsigned n;             /* 8-byte slots */
    /*
     * The code bytes, decoded slot by slot when an IP first reaches them
     * (g4_eu_program_decode_slot): a kernel is fetched as a bounded window
     * of guest memory (64 KiB for the 3D units) of which a thread runs a
     * few hundred bytes.  slot[i] is NULL until then.  Several host
     * threads run one program (a draw's pixel threads on the pool, and a
     * kernel cached across draws): a slot is filled under lock and
     * published with a release store, read with an acquire load
     * (g4_slot), and never changes after.
     */
    uint8_t *code;
    const G4Op **slot;
    G4OpChunk *chunks;      /* the decoded entries */
    HwgpuMutex lock;        /* of decoding (slot, chunks, grf_hi) */
    /* Bytes at the GRF's start that the decoded slots may write (the
     * threads' grf_dirty after a run; g4_eu_thread_reuse). */
    uint32_t grf_hi;
    /* the entries looked at as flat kernels (a PS has two: SIMD8 and
     * SIMD16); filled under lock, published through their state */
    G4Flat flat[2];
    G4JitBlock *jit_blocks; /* the compiled blocks (g4-eu-jit.c) */
    int refs;               /* g4_eu_program_ref / g4_eu_program_free */
};

/* The decoded entry at slot i, NULL while undecoded. */
static inline const G4Op *g4_slot(const G4EuProgram *p, unsigned i)
{
    return __atomic_load_n(&p->slot[i], __ATOMIC_ACQUIRE);
}

/* Decode the instruction at 8-byte slot i of p (its first execution);
 * returns its entry. */
const G4Op *g4_eu_program_decode_slot(G4EuProgram *p, unsigned i);

/* What is known of entry ip (see G4Flat): NULL for a third entry. */
const G4Flat *g4_eu_program_entry(G4EuProgram *p, uint32_t ip);
/* The flat kernel at entry ip (see G4Flat), or NULL. */
const G4Flat *g4_eu_program_flat(G4EuProgram *p, uint32_t ip);

/* g4-eu-jit.c */
/* Whether this host runs compiled blocks (x86-64 with AVX2, Linux). */
bool g4_jit_available(void);
/*
 * The block starting at op (at ip), compiling it on the first call for
 * the thread's float mode (alt) and accumulator (accw: implied writes
 * made).
 */
const G4JitBlock *g4_jit_block_slow(G4EuProgram *p, const G4Op *op,
                                    uint32_t ip, bool alt, bool accw);
static inline const G4JitBlock *g4_jit_block(const G4EuProgram *p,
                                             const G4Op *op, uint32_t ip,
                                             bool alt, bool accw)
{
    uint8_t st = __atomic_load_n(&op->jit_state, __ATOMIC_ACQUIRE);

    if (st == G4_JIT_BLOCK) {
        return op->jit;
    }
    return st == G4_JIT_NONE ? NULL :
           g4_jit_block_slow((G4EuProgram *)p, op, ip, alt, accw);
}
/*
 * Run block b from op when the thread's state allows it (room for its
 * instructions in the budget, the float mode and accumulator writes it
 * was compiled for, float values in the accumulator lanes its macs
 * read), base being EMask's: then *ip and *op are its last
 * instruction's and true.
 */
bool g4_jit_run(G4EuThread *t, const G4JitBlock *b, uint16_t base,
                uint64_t room, uint32_t *ip, const G4Op **op);
uint32_t g4_jit_block_ops(const G4JitBlock *b);
uint32_t g4_jit_block_last(const G4JitBlock *b);   /* its last ip */
void g4_jit_free_blocks(G4EuProgram *p);

/* g4-eu-alu.c */
bool g4_alu_prepare(G4Op *op, const G4EuInst *in, const char **why);
/* After the halves are prepared: the fused path, or NULL. */
G4FastFn g4_alu_fast_pick(const G4Op *op);
/* One half: en = lane enables, pm = predicate lanes (sel); returns true
 * when the instruction wrote ip. */
bool g4_alu_exec_half(G4EuThread *t, const G4Op *op, const G4Half *h,
                      uint16_t en, uint16_t pm, const HwgpuHost *host);
uint16_t g4_pred_mask(const G4EuThread *t, const G4Op *op);

/* g4-eu-fast.c: the fast path's handler for a prepared ALU op, or NULL
 * (sets the halves' xs[]). */
G4XFn g4_fast_pick(G4Op *op);

/* g4-eu-operand.c */
bool g4_opnd_prepare(G4Opnd *o, const G4EuOperand *eo, uint32_t imm,
                     bool is_dst, bool align16, unsigned n, const char **why);
uint32_t g4_arf_read32(const G4EuThread *t, uint8_t nr, unsigned byte);
/* Reads src (lanes 0..n-1 of one half) as raw 32-bit values. */
void g4_read_raw(G4EuThread *t, const G4Opnd *o, unsigned n, uint32_t *out,
                 const HwgpuHost *host);
/* Sources as float (with abs/negate; flush = denorm inputs to 0) ... */
void g4_read_float(G4EuThread *t, const G4Opnd *o, unsigned n, float *f,
                   bool flush, const HwgpuHost *host);
/* ... or as int64 (bits: a float source gives its bit pattern). */
void g4_read_int(G4EuThread *t, const G4Opnd *o, unsigned n, int64_t *v,
                 bool bits, const HwgpuHost *host);
/* Write l->out (acc: full precision) to lanes set in en; true = ip. */
bool g4_write_dst(G4EuThread *t, const G4Op *op, const G4Half *h,
                  const G4Lanes *l, uint16_t en, const HwgpuHost *host);

/* ---- small helpers shared by the interpreter files ---- */

/* A denorm's bits flushed to a signed zero (L7014): ftz() on raw bits. */
static inline __attribute__((always_inline)) uint32_t g4_ftz32(uint32_t u)
{
    return (u & 0x7f800000u) ? u : (u & 0x80000000u);
}

/* Denorms flush to sign-preserved zero on arithmetic input (L7014). */
static inline float ftz(float f)
{
    uint32_t u = hwgpu_f2u(f);

    return (u & 0x7f800000u) ? f : hwgpu_u2f(u & 0x80000000u);
}

/*
 * The EU leaves the bits of a NaN result open (L6997, L7016); the host's
 * NaN for two NaN operands depends on the operand order the compiler
 * picks.  Float arithmetic of several sources (add, mul, mac, line, pln)
 * therefore gives
 * one NaN, the default quiet NaN, so that every path of the emulator
 * gives the same bits.
 */
static inline double canon_nan(double d)
{
    return d == d ? d : (double)NAN;
}

/* Wrapping 64-bit integer arithmetic (no undefined overflow). */
static inline int64_t wadd(int64_t a, int64_t b)
{
    return (int64_t)((uint64_t)a + (uint64_t)b);
}

static inline int64_t wmul(int64_t a, int64_t b)
{
    return (int64_t)((uint64_t)a * (uint64_t)b);
}

/* Integer source modifiers: abs first, then negate (L9763), wrapping. */
static inline void g4_int_mods(int64_t *v, unsigned n, unsigned mods)
{
    if (mods & G4_MOD_ABS) {
        for (unsigned i = 0; i < n; i++) {
            v[i] = v[i] < 0 ? wmul(v[i], -1) : v[i];
        }
    }
    if (mods & G4_MOD_NEG) {
        for (unsigned i = 0; i < n; i++) {
            v[i] = wmul(v[i], -1);
        }
    }
}

/*
 * a <cm> b for the comparisons .z .nz .g .ge .l .le (cmp, L9121-L9147;
 * float NaN operands: only .nz is true), any arithmetic type; 0 for
 * other conditions.
 */
#define G4_COMPARE(cm, a, b)                                            \
    ((cm) == G4_COND_Z ? (a) == (b) : (cm) == G4_COND_NZ ? (a) != (b) :  \
     (cm) == G4_COND_G ? (a) > (b) : (cm) == G4_COND_GE ? (a) >= (b) :   \
     (cm) == G4_COND_L ? (a) < (b) : (cm) == G4_COND_LE ? (a) <= (b) : 0)

/*
 * The conditions .z .nz .g .ge .l .le of a result from its sign, zero
 * and unordered (NaN) signals (L9139-L9147), as bit masks of lanes (or
 * single bits); 0 for other conditions.
 */
static inline uint32_t g4_cond_result(unsigned cm, uint32_t sign,
                                      uint32_t zero, uint32_t nc)
{
    switch (cm) {
    case G4_COND_Z:
        return zero & ~nc;
    case G4_COND_NZ:
        return ~(zero & ~nc);
    case G4_COND_G:
        return ~sign & ~zero & ~nc;
    case G4_COND_GE:
        return (~sign | zero) & ~nc;
    case G4_COND_L:
        return sign & ~zero & ~nc;
    case G4_COND_LE:
        return (sign | zero) & ~nc;
    default:
        return 0;
    }
}

/* double to int64, saturating, NaN -> 0 */
static inline int64_t d2i(double d)
{
    if (!(d == d)) {
        return 0;
    }
    if (d >= 9.2e18) {
        return INT64_MAX;
    }
    if (d <= -9.2e18) {
        return INT64_MIN;
    }
    return (int64_t)d;
}

/* An element's raw bits (zero-extended) as the integer its type holds;
 * a float converts (integer execution of a float source, L7252). */
static inline int64_t g4_raw_to_int(uint32_t r, unsigned type)
{
    switch (type) {
    case G4_TYPE_D:
        return (int32_t)r;
    case G4_TYPE_W:
        return (int16_t)r;
    case G4_TYPE_B:
        return (int8_t)r;
    case G4_TYPE_F:
        return d2i(hwgpu_u2f(r));
    default:
        return r;
    }
}

/*
 * Copy n lanes of 4 or 8 bytes.  Fixed-size copies for the usual 8 and
 * 16 lanes: a variable-length memcpy costs more than the work itself.
 */
static inline void copy_lanes(void *dst, const void *src, unsigned n,
                              unsigned es)
{
    if (n == 8) {
        memcpy(dst, src, 8 * es == 32 ? 32 : 64);
    } else if (n == 16) {
        memcpy(dst, src, 16 * es == 64 ? 64 : 128);
    } else {
        memcpy(dst, src, n * es);
    }
}

/* The ALU opcode table (g4-eu-alu.c; Table 13-21 L10097-L10264). */
typedef struct AluEntry {
    G4AluFn f;              /* float execution */
    G4AluFn i;              /* integer execution */
    uint8_t nsrc;
    bool arith;             /* 0x40-0x5a: implied acc write, FTZ */
    bool int_only;
    bool bits;              /* logic: operate on raw bits */
} AluEntry;

extern const AluEntry g4_alu_table[G4_EU_NUM_OPCODES];

#endif
