/*
 * G45 EU interpreter: threads, the run loop, execution masks and flow
 * control, and SEND (seed 002 chapters 11 and 14; seed-002.md sections
 * 3.5, 3.9-3.11 and 3.17).  Kernels are pre-decoded by g4-eu-program.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <fenv.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#endif

#include "g4-eu-priv.h"

/* ---- threads and the environment ---- */

static void thread_start(G4EuThread *t, uint16_t dmask, uint32_t cr0)
{
    /* all four masks start as DMask (L7815); DMask is sr0.1[15:0] */
    t->amask = t->imask = t->lmask = t->cmask = dmask;
    t->sr0[1] = dmask;
    t->cr0[0] = cr0;
}

void g4_eu_thread_init(G4EuThread *t, uint16_t dmask, uint32_t cr0)
{
    memset(t, 0, sizeof(*t));
    thread_start(t, dmask, cr0);
}

void g4_eu_thread_reuse(G4EuThread *t, uint16_t dmask, uint32_t cr0)
{
    size_t rest = offsetof(G4EuThread, mrf);
    size_t len = offsetof(G4EuThread, send_plen) - rest;

    G_STATIC_ASSERT(offsetof(G4EuThread, grf) == 0 &&
                    offsetof(G4EuThread, mrf) == G4_EU_GRF_BYTES);

    /* (past grf_dirty up to its register's end: zero already) */
    hwgpu_zero32s(t->grf, MIN(t->grf_dirty, (uint32_t)G4_EU_GRF_BYTES));
    /* grf_dirty too; the send payload keeps its own invariant */
    hwgpu_zero32s((uint8_t *)t + rest, len & ~(size_t)31);
    memset((uint8_t *)t + rest + (len & ~(size_t)31), 0, len & 31);
    thread_start(t, dmask, cr0);
}

static bool null_fn(void *opaque, G4EuThread *t, const G4EuMessage *msg,
                    G4EuResponse *resp)
{
    return true;            /* the null function only carries EOT (L987) */
}

void g4_eu_env_init(G4EuEnv *env, const HwgpuHost *host)
{
    const char *interp = g_getenv("HWGPU_EU_INTERP");
    const char *jit = g_getenv("HWGPU_EU_JIT");

    memset(env, 0, sizeof(*env));
    env->host = host;
    env->sf[G4_SFID_NULL].fn = null_fn;
    env->interp = interp && !strcmp(interp, "1");
    env->jit = g4_jit_available() && !(jit && !strcmp(jit, "0"));
}

void g4_eu_env_set_shared(G4EuEnv *env, unsigned sfid, G4EuSharedFn fn,
                          void *opaque)
{
    env->sf[sfid & 15].fn = fn;
    env->sf[sfid & 15].opaque = opaque;
}

/* ---- execution masks (Evaluate, L10702-L10741) ---- */

static inline uint16_t exec_mask(const G4Op *op)
{
    return op->exec_size >= 16 ? 0xffff
                               : (uint16_t)((1u << op->exec_size) - 1);
}

/* AMask & IMask & LMask [& CMask], or all for NoMask */
static inline uint16_t emask_base(const G4EuThread *t, const G4Op *op,
                                  bool nocmask)
{
    uint16_t e = t->amask & t->imask & t->lmask;

    if (!nocmask) {
        e &= t->cmask;
    }
    return op->nomask ? 0xffff : e;
}

static uint16_t eval_emask(const G4EuThread *t, const G4Op *op,
                           bool nocmask, bool nopmask)
{
    uint16_t e = emask_base(t, op, nocmask);

    if (!nopmask && op->pred) {
        e &= g4_pred_mask(t, op);
    }
    if (op->sechalf) {
        e >>= 8;            /* EMask[7:0] = EMask[15:8] */
    }
    return e & exec_mask(op);
}

/* ---- mask stacks (L10628-L10700) ---- */

static bool ms_push(G4EuThread *t, G4EuMaskStack *s, uint16_t mask, bool ls)
{
    if (t->cr0[0] & G4_CR0_SPF) {
        return true;
    }
    s->depth = (s->depth + 1) & 15;
    for (unsigned c = 0; c < 16; c++) {
        if (!((mask >> c) & 1)) {
            s->cnt[c] = (s->cnt[c] + 1) & 15;
        }
    }
    if (s->depth == 0) {
        t->cr0[1] |= ls ? G4_CR1_LS_OVER : G4_CR1_IS_OVER;
        return false;
    }
    return true;
}

static bool ms_pop(G4EuThread *t, G4EuMaskStack *s, unsigned m, bool ls)
{
    bool under;

    if (t->cr0[0] & G4_CR0_SPF) {
        return true;
    }
    under = m > s->depth;
    s->depth = (s->depth - m) & 15;
    for (unsigned c = 0; c < 16; c++) {
        s->cnt[c] = s->cnt[c] > m ? s->cnt[c] - m : 0;
    }
    if (under) {
        t->cr0[1] |= ls ? G4_CR1_LS_UNDER : G4_CR1_IS_UNDER;
        return false;
    }
    return true;
}

static uint16_t ms_tos(const G4EuMaskStack *s)
{
    uint16_t m = 0;

    for (unsigned c = 0; c < 16; c++) {
        if (s->cnt[c] == 0) {
            m |= 1u << c;
        }
    }
    return m;
}

/*
 * Leaving `pop` nested ifs at once (break, cont: the exit code's pop
 * count, L11084-L11089): pop the if stack that far, the mask from the
 * last level popped.  false on a stack underflow.
 */
static bool pop_if_stack(G4EuThread *t, const G4Op *op)
{
    bool ok = true;

    if (op->pop) {
        ok &= ms_pop(t, &t->istack, op->pop - 1, false);
        t->imask = ms_tos(&t->istack);
        ok &= ms_pop(t, &t->istack, 1, false);
    }
    return ok;
}

/* ---- msave / mrest / push / pop (L12326-L12800) ---- */

/* mask0 sub-register k (amask, imask, lmask, cmask) named by o */
static uint16_t *mask_reg(G4EuThread *t, const G4Opnd *o)
{
    static const size_t at[4] = {
        offsetof(G4EuThread, amask), offsetof(G4EuThread, imask),
        offsetof(G4EuThread, lmask), offsetof(G4EuThread, cmask),
    };

    if (o->kind != G4K_ARF || (o->arf & 0xf0) != G4_ARF_MASK) {
        return NULL;
    }
    return (uint16_t *)((uint8_t *)t + at[(o->base / 2) & 3]);
}

static bool do_mstack(G4EuThread *t, const G4Op *op, const HwgpuHost *host)
{
    G4EuMaskStack *s = op->pop ? &t->lstack : &t->istack;
    bool ls = op->pop;
    uint16_t *m;
    uint32_t v;

    switch (op->opcode) {
    case G4_OP_MSAVE:       /* push(mask); mask = EMask */
    case G4_OP_PUSH:        /* push(mask) */
        g4_read_raw(t, &op->h[0].src[0], 1, &v, host);
        if (!ms_push(t, s, (uint16_t)v, ls)) {
            return false;
        }
        if (op->opcode == G4_OP_MSAVE) {
            m = mask_reg(t, &op->h[0].src[0]);
            if (!m) {
                HWGPU_GUEST_ERROR(host,
                                  "g4-eu: ip 0x%x: msave of a non-mask register",
                                  t->ip);
                return true;
            }
            /* the channel mask, not limited by ExecSize 1 */
            *m = emask_base(t, op, false);
        }
        return true;
    case G4_OP_MREST:       /* mask = TOS; pop(1); SPF: no pop */
        m = mask_reg(t, &op->h[0].dst);
        if (m) {
            *m = ms_tos(s);
        } else {
            HWGPU_GUEST_ERROR(host,
                              "g4-eu: ip 0x%x: mrest into a non-mask register",
                              t->ip);
        }
        return ms_pop(t, s, 1, ls);
    default:                /* pop: depth is a 4-bit unsigned value */
        g4_read_raw(t, &op->h[0].src[1], 1, &v, host);
        return ms_pop(t, s, v & 15, ls);
    }
}

/* ---- send ---- */

static bool do_send(G4EuThread *t, const G4Op *op, const G4EuEnv *env)
{
    const HwgpuHost *host = env->host;
    const G4Half *h = &op->h[0];
    uint16_t e = eval_emask(t, op, false, false);
    uint32_t desc = op->send_desc;
    G4EuMessage msg;
    HWGPU_NOINIT G4EuResponse resp;
    const G4EuSharedSlot *slot;
    unsigned dreg = h->dst.base / G4_EU_REG_BYTES, plen;
    bool ok;

    if (op->send_copy && !env->interp) {
        /* the implied move as the bytes it copies (G4Op.send_copy) */
        uint8_t *d = t->mrf + op->h[1].dst.base;
        const uint8_t *s = t->grf + op->h[1].src[0].base;

        if (op->send_copy == G4_EU_REG_BYTES) {     /* (no rep movsq) */
            memcpy(d, s, G4_EU_REG_BYTES);
        } else {
            memcpy(d, s, op->send_copy);
        }
    } else if (op->nhalves == 2) {
        /* the implied move ignores the write enables (L13338-L13352) */
        g4_alu_exec_half(t, op, &op->h[1], (uint16_t)((1u << h->n) - 1),
                         0xffff, host);
    }
    if (op->send_desc_reg) {
        desc = (t->a0[0] | (uint32_t)t->a0[1] << 16) & 0x7fffffffu;
    }
    msg = (G4EuMessage){ .desc = desc };
    msg.sfid = (desc >> 24) & 15;
    msg.mlen = (desc >> 20) & 15;
    msg.rlen = (desc >> 16) & 15;
    msg.function = desc & 0xffff;
    msg.eot = op->send_eot;
    msg.alt_fp = t->cr0[0] & G4_CR0_FP_ALT;
    msg.post_dst = dreg;
    /*
     * The channel enables follow the post-destination (L13362-L13378):
     * its Align16 mask applies, and for a dword type only the low 8 bits
     * are generated (SecHalf already moved 15:8 there), the high 8 are 0.
     */
    if (op->send_ch0 || op->send_chstride != 1) {
        uint16_t m = 0;

        for (unsigned i = 0; i < 16; i++) {
            unsigned c = op->send_ch0 + i * op->send_chstride;

            if (((e >> i) & 1) && c < 16) {
                m |= 1u << c;
            }
        }
        e = m;
    }
    if (op->align16) {
        e &= op->wmask * 0x1111u;
    }
    msg.emask = g4_eu_type_size(h->dst.type) == 4 && !op->send_compr ?
                (uint16_t)(e & 0xff) : e;
    msg.simd16 = op->send_compr;
    if (op->send_mrf + msg.mlen > G4_EU_MRF_REGS) {
        HWGPU_GUEST_ERROR(host,
                          "g4-eu: ip 0x%x: send payload m%u+%u beyond the MRF",
                          t->ip, op->send_mrf, msg.mlen);
        return false;
    }
    /* registers past mlen read as 0 for a careless shared function */
    plen = MIN(MAX(msg.mlen, msg.simd16 ? 2u : 0u),
               G4_EU_MRF_REGS - op->send_mrf) * G4_EU_REG_BYTES;
    G_STATIC_ASSERT(sizeof(t->send_payload) >=
                    G4_EU_MRF_BYTES - G4_EU_REG_BYTES);
    hwgpu_copy32s(t->send_payload, t->mrf + op->send_mrf * G4_EU_REG_BYTES,
                  plen);
    if (t->send_plen > plen) {
        memset((uint8_t *)t->send_payload + plen, 0, t->send_plen - plen);
    }
    t->send_plen = plen;
    msg.payload = t->send_payload;

    slot = &env->sf[msg.sfid];
    if (!slot->fn) {
        HWGPU_UNIMP(host,
                    "g4-eu: ip 0x%x: send to shared function %u not modelled;"
                    " thread ends", t->ip, msg.sfid);
        return false;
    }
    /* only dwords a function marks in wmask are read back (it writes
     * them): the data need not be cleared */
    memset(resp.wmask, 0, sizeof(resp.wmask));
    resp.nregs = 0;
    ok = slot->fn(slot->opaque, t, &msg, &resp);
    if (ok && h->dst.kind == G4K_GRF) {
        unsigned nregs = MIN(resp.nregs ? resp.nregs : msg.rlen,
                             G4_EU_MAX_RLEN);

        for (unsigned r = 0; r < nregs; r++) {
            uint32_t *d;

            if (dreg + r >= G4_EU_GRF_REGS) {
                HWGPU_GUEST_ERROR(host,
                                  "g4-eu: ip 0x%x: response beyond r127 dropped",
                                  t->ip);
                break;
            }
            d = g4_eu_grf_ud(t, dreg + r);
            if (resp.wmask[r] == 0xff) {
                memcpy(d, resp.data[r], sizeof(resp.data[r]));
                continue;
            }
            for (unsigned c = 0; c < 8; c++) {
                if ((resp.wmask[r] >> c) & 1) {
                    d[c] = resp.data[r][c];
                }
            }
        }
    }
    return ok;
}

/* ---- the run loop ---- */

/*
 * The fast path (g4-eu-fast.c): op, then the ALU instructions after it
 * that have handlers and the nops among them (a compacted instruction's
 * 8-byte nenop padding: five a crocus pixel shader), without going round
 * the run loop - they change no mask, cr0 or ip, so EMask's base and the
 * float mode hold.  Stops
 * before an instruction without a handler (or not decoded yet), at the
 * end of the kernel or of the budget; returns the last one run, whose
 * address t->ip is.  The handlers read neither ip nor the counts, so
 * these live in locals and are written back once.
 */
/* The fast path's calls for op: EMask e, predicate lanes pm (sel) */
static inline void run_halves(G4EuThread *t, const G4Op *op, uint16_t e,
                              uint16_t pm)
{
    const G4Half *h = &op->h[0];

    op->xfn(t, op, h, (uint16_t)(e >> h->mbit0) & op->xmask,
            (uint16_t)(pm >> h->mbit0));
    if (op->xhalves > 1) {
        h = &op->h[1];
        op->xfn(t, op, h, (uint16_t)(e >> h->mbit0) & op->xmask,
                (uint16_t)(pm >> h->mbit0));
    }
}

static const G4Op *run_fast(G4EuThread *t, const G4EuProgram *p,
                            const G4Op *op, uint64_t *left, bool jit)
{
    uint16_t base = t->amask & t->imask & t->lmask & t->cmask;
    uint32_t end = p->n * 8, ip = t->ip;
    uint64_t room = *left, ran = 0;     /* the budget, checked per op */
    /* no block looked up before this ip: the one that could not run
     * covers the instructions up to there (none compiled within it) */
    uint32_t jit_from = 0;

    for (;;) {
        const G4Op *nop;
        uint32_t next;
        const G4JitBlock *b = NULL;
        bool ran_block = false;

        if (jit && ip >= jit_from) {
            b = g4_jit_block(p, op, ip, t->cr0[0] & G4_CR0_FP_ALT,
                             !t->acc_unread &&
                             !(t->cr0[0] & G4_CR0_ACC_DISABLE));
            if (b && g4_jit_run(t, b, base, room - ran, &ip, &op)) {
                /* the block's instructions, up to op */
                ran += g4_jit_block_ops(b) - 1;
                ran_block = true;
            } else if (b) {
                jit_from = g4_jit_block_last(b) + 1;
            }
        }
        if (ran_block) {
            /* done */
        } else if (op->exec == G4X_NOP) {
            /* nothing (a compacted instruction's nenop padding) */
        } else if (op->xsimple) {
            run_halves(t, op, base, 0xffff);
        } else {
            uint16_t pm = op->pred ? g4_pred_mask(t, op) : 0xffff;
            uint16_t e = op->nomask ? 0xffff : base;

            if (op->opcode != G4_OP_SEL) {      /* sel: L13244 */
                e &= pm;
            }
            run_halves(t, op, e, pm);
        }
        next = ip + (op->len ? op->len : 16);
        if (ran == room || next >= end) {
            break;
        }
        nop = g4_slot(p, next / 8);
        if (!nop || (!nop->xfn && nop->exec != G4X_NOP)) {
            break;
        }
        ran++;
        ip = next;
        op = nop;
    }
    *left -= ran;
    t->executed += ran;
    t->ip = ip;
    return op;
}

/*
 * EU float arithmetic rounds toward zero (L7007): the host's rounding mode
 * for the length of a run (a caller may keep it set).  On x86 hosts the
 * arithmetic is SSE's, so only MXCSR's rounding control (bits 14:13, 3 =
 * toward zero) is switched: fesetround() also reloads the x87 control
 * word, and twice per thread it was 7% of a kmscube frame.
 */
#if defined(__x86_64__) || (defined(__i386__) && defined(__SSE_MATH__))
#define RTZ_BITS 0x6000u

static inline unsigned rtz_enter(void)
{
    unsigned csr = _mm_getcsr();

    if ((csr & RTZ_BITS) != RTZ_BITS) {
        _mm_setcsr(csr | RTZ_BITS);
    }
    return csr;
}

static inline void rtz_leave(unsigned csr)
{
    if ((csr & RTZ_BITS) != RTZ_BITS) {
        _mm_setcsr(csr);
    }
}
#else
static inline unsigned rtz_enter(void)
{
    int old = fegetround();

    if (old != FE_TOWARDZERO) {
        fesetround(FE_TOWARDZERO);
    }
    return (unsigned)old;
}

static inline void rtz_leave(unsigned old)
{
    if ((int)old != FE_TOWARDZERO) {
        fesetround((int)old);
    }
}
#endif

/*
 * A flat kernel (G4Flat) as the loop runs it: each move's enabled lanes
 * (as the raw move handlers store them), then the send, which ends the
 * thread.
 */
static void run_flat(G4EuThread *t, const G4Flat *f, const G4EuEnv *env)
{
    uint16_t base = t->amask & t->imask & t->lmask & t->cmask;

    for (unsigned m = 0; m < f->nmov; m++) {
        const G4Op *op = f->mov[m];
        uint16_t e = op->nomask ? 0xffff : base;

        for (unsigned k = 0; k < op->nhalves; k++) {
            const G4Half *h = &op->h[k];
            const G4Opnd *s = &h->src[0];
            uint16_t en = (uint16_t)(e >> h->mbit0) & 0xff;
            uint32_t v[8], d[8];

            if (s->kind == G4K_IMM) {
                for (unsigned i = 0; i < 8; i++) {
                    v[i] = s->imm[0];
                }
            } else if (s->contig) {
                memcpy(v, t->grf + s->base, 32);
            } else {
                memcpy(&v[0], t->grf + s->base, 4);
                for (unsigned i = 1; i < 8; i++) {
                    v[i] = v[0];
                }
            }
            if (en != 0xff) {
                memcpy(d, t->mrf + h->dst.base, 32);
                for (unsigned i = 0; i < 8; i++) {
                    v[i] = (en >> i) & 1 ? v[i] : d[i];
                }
            }
            memcpy(t->mrf + h->dst.base, v, 32);
        }
    }
    t->executed += f->nmov + 1;
    t->ip = f->send_ip;
    t->stop = do_send(t, f->send, env) ? G4_EU_STOP_EOT : G4_EU_STOP_ERROR;
}

G4EuStop g4_eu_run(G4EuThread *t, const G4EuProgram *p, const G4EuEnv *env,
                   uint64_t budget)
{
    const HwgpuHost *host = env->host;
    unsigned old_round;
    uint64_t left = budget;
    const G4Flat *entry;

    old_round = rtz_enter();    /* the shared functions' too */
    /* a dispatch's first run (not one resumed after its budget) */
    if (t->executed == 0) {
        entry = env->interp ? NULL :
                g4_eu_program_entry((G4EuProgram *)p, t->ip);
        t->acc_unread = entry && entry->acc_unread;
        if (entry && entry->state == G4_FLAT_YES && budget > entry->nmov) {
            run_flat(t, entry, env);
            rtz_leave(old_round);
            return t->stop;
        }
    }
    t->stop = G4_EU_RUNNING;
    while (t->stop == G4_EU_RUNNING) {
        const G4Op *op;
        int64_t next;
        uint16_t e;
        bool fail = false;

        if (left == 0) {
            t->stop = G4_EU_STOP_BUDGET;
            break;
        }
        if (t->ip / 8 >= p->n || (t->ip & 7)) {
            HWGPU_GUEST_ERROR(host,
                              "g4-eu: ip 0x%x outside the %u-byte kernel; "
                              "thread ends", t->ip, p->n * 8);
            t->stop = G4_EU_STOP_ERROR;
            break;
        }
        left--;
        t->executed++;
        op = g4_slot(p, t->ip / 8);
        if (!op) {
            op = g4_eu_program_decode_slot((G4EuProgram *)p, t->ip / 8);
        }
        next = (int64_t)t->ip + (op->len ? op->len : 16);

        switch (op->exec) {
        case G4X_NOP:
            break;
        case G4X_ALU: {
            uint16_t pm;
            bool jumped = false;

            if (op->xfn && !env->interp) {
                op = run_fast(t, p, op, &left, env->jit);
                next = (int64_t)t->ip + (op->len ? op->len : 16);
                break;
            }
            /* sel: the predicate selects, it does not gate (L13244) */
            pm = op->pred ? g4_pred_mask(t, op) : 0xffff;
            e = emask_base(t, op, false);
            if (op->opcode != G4_OP_SEL) {
                e &= pm;
            }
            if (op->fast && (e & (op->nhalves == 2 ? 0xffff : 0xff)) ==
                            (op->nhalves == 2 ? 0xffff : 0xff) &&
                op->exec_size == 8 * op->nhalves && !op->sechalf &&
                !(t->cr0[0] & (G4_CR0_FP_ALT | G4_CR0_ACC_DISABLE))) {
                /* every lane enabled: the fused float path */
                for (unsigned k = 0; k < op->nhalves; k++) {
                    op->fast(t, &op->h[k]);
                }
                break;
            }
            for (unsigned k = 0; k < op->nhalves; k++) {
                const G4Half *h = &op->h[k];
                uint16_t en = (uint16_t)(e >> h->mbit0) &
                              (uint16_t)((1u << h->n) - 1);

                if (op->align16) {
                    en &= op->wmask * 0x1111u;  /* DestMask (L9788) */
                }
                jumped |= g4_alu_exec_half(t, op, h, en,
                                           (uint16_t)(pm >> h->mbit0), host);
            }
            if (jumped) {
                next = t->ip;
            }
            break;
        }
        case G4X_SEND:
            if (!do_send(t, op, env)) {
                t->stop = G4_EU_STOP_ERROR;
                continue;
            }
            if (op->send_eot) {
                t->stop = G4_EU_STOP_EOT;
                continue;
            }
            break;
        case G4X_JMPI: {
            int32_t idx = op->jump;

            e = eval_emask(t, op, false, false);
            if (op->send_desc_reg) {
                uint32_t raw;

                g4_read_raw(t, &op->h[0].src[1], 1, &raw, host);
                idx = (int16_t)raw;     /* low 16 bits (L11925) */
            }
            if (e & 1) {
                next = (int64_t)t->ip + 16 + (int64_t)idx * 16;
            }
            break;
        }
        case G4X_IF:        /* L11824-L11831 */
            e = eval_emask(t, op, false, false);
            fail = !ms_push(t, &t->istack, t->imask, false);
            t->imask = e;
            if (e == 0) {
                next = (int64_t)t->ip + op->jump * 16;
            }
            break;
        case G4X_IFF:       /* L11881-L11889 */
            e = eval_emask(t, op, false, false);
            if (e) {
                fail = !ms_push(t, &t->istack, t->imask, false);
                t->imask = e;
            } else {
                next = (int64_t)t->ip + op->jump * 16;
            }
            break;
        case G4X_ELSE:      /* L11583-L11592 */
            t->imask = ~t->imask & ms_tos(&t->istack);
            e = eval_emask(t, op, false, false);
            if (e == 0) {
                t->imask = ms_tos(&t->istack);
                fail = !ms_pop(t, &t->istack, op->pop, false);
                next = (int64_t)t->ip + op->jump * 16;
            }
            break;
        case G4X_ENDIF:     /* L11652-L11655 */
            t->imask = ms_tos(&t->istack);
            fail = !ms_pop(t, &t->istack, op->pop, false);
            break;
        case G4X_DO:        /* L11311-L11317 */
            e = eval_emask(t, op, false, false);
            fail = !ms_push(t, &t->lstack, t->lmask, true) ||
                   !ms_push(t, &t->lstack, t->cmask, true);
            t->lmask = t->cmask = e;
            break;
        case G4X_WHILE:     /* L13633-L13645 */
            e = eval_emask(t, op, true, false);
            if (e) {
                t->cmask = t->lmask = e;
                next = (int64_t)t->ip + op->jump * 16;
            } else {
                t->cmask = ms_tos(&t->lstack);
                fail = !ms_pop(t, &t->lstack, 1, true);
                t->lmask = ms_tos(&t->lstack);
                fail |= !ms_pop(t, &t->lstack, 1, true);
            }
            break;
        case G4X_BREAK:     /* L11057-L11073 */
            e = eval_emask(t, op, false, false);
            t->lmask &= ~e;
            t->cmask &= ~e;
            if ((t->lmask & t->amask) == 0) {
                t->cmask = ms_tos(&t->lstack);
                fail = !ms_pop(t, &t->lstack, 1, true);
                t->lmask = ms_tos(&t->lstack);
                fail |= !ms_pop(t, &t->lstack, 1, true);
                fail |= !pop_if_stack(t, op);
                next = (int64_t)t->ip + op->jump * 16;
            }
            break;
        case G4X_CONT:      /* L11247-L11258 */
            e = eval_emask(t, op, false, false);
            t->cmask &= ~e;
            if ((t->cmask & t->amask) == 0) {
                fail |= !pop_if_stack(t, op);
                next = (int64_t)t->ip + op->jump * 16;
            }
            break;
        case G4X_HALT:      /* L11752 */
            e = eval_emask(t, op, false, false);
            t->amask &= ~e;
            if (t->amask == 0) {
                next = (int64_t)t->ip + op->jump * 16;
            }
            break;
        case G4X_MSTACK:
            fail = !do_mstack(t, op, host);
            break;
        case G4X_UNIMP:
            HWGPU_UNIMP(host,
                        "g4-eu: ip 0x%x: %s (opcode 0x%02x); thread ends",
                        t->ip, op->why, op->opcode);
            t->stop = G4_EU_STOP_ERROR;
            continue;
        default:
            t->cr0[1] |= G4_CR1_ILLEGAL;
            HWGPU_GUEST_ERROR(host,
                              "g4-eu: ip 0x%x: %s; thread ends", t->ip,
                              op->why ? op->why : "illegal instruction");
            t->stop = G4_EU_STOP_ERROR;
            continue;
        }
        if (fail) {
            HWGPU_GUEST_ERROR(host,
                              "g4-eu: ip 0x%x: mask stack over/underflow "
                              "(cr0.1 = 0x%08x); thread ends", t->ip, t->cr0[1]);
            t->stop = G4_EU_STOP_ERROR;
            break;
        }
        if (next < 0 || next >= (int64_t)p->n * 8) {
            HWGPU_GUEST_ERROR(host,
                              "g4-eu: ip 0x%x: jump to 0x%llx outside the kernel; "
                              "thread ends", t->ip, (long long)next);
            t->stop = G4_EU_STOP_ERROR;
            break;
        }
        t->ip = (uint32_t)next;
    }
    rtz_leave(old_round);
    /* every instruction run was decoded first: within the extent */
    t->grf_dirty = MAX(t->grf_dirty,
                       __atomic_load_n(&p->grf_hi, __ATOMIC_ACQUIRE));
    return t->stop;
}
