/*
 * G45 EU interpreter: pre-decoding of a kernel, the run loop, execution
 * masks and flow control, and SEND (seed 002 chapters 11 and 14;
 * seed-002.md sections 3.5, 3.9-3.11 and 3.17).
 */
#include <fenv.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "g4-eu-priv.h"

/* ---- threads and the environment ---- */

void g4_eu_thread_init(G4EuThread *t, uint16_t dmask, uint32_t cr0)
{
    memset(t, 0, sizeof(*t));
    /* all four masks start as DMask (L7815); DMask is sr0.1[15:0] */
    t->amask = t->imask = t->lmask = t->cmask = dmask;
    t->sr0[1] = dmask;
    t->cr0[0] = cr0;
}

static bool null_fn(void *opaque, G4EuThread *t, const G4EuMessage *msg,
                    G4EuResponse *resp)
{
    return true;            /* the null function only carries EOT (L987) */
}

void g4_eu_env_init(G4EuEnv *env, const HwgpuHost *host)
{
    memset(env, 0, sizeof(*env));
    env->host = host;
    env->sf[G4_SFID_NULL].fn = null_fn;
}

void g4_eu_env_set_shared(G4EuEnv *env, unsigned sfid, G4EuSharedFn fn,
                          void *opaque)
{
    env->sf[sfid & 15].fn = fn;
    env->sf[sfid & 15].opaque = opaque;
}

/* ---- pre-decoding ---- */

/* Second half of a compressed instruction (L8746-L8800, L8843). */
static void second_half(G4EuOperand *o, bool is_dst, bool sub16)
{
    if (o->file == G4_FILE_IMM) {
        return;
    }
    if (o->indirect) {
        o->addr_subnr |= 1;
        return;
    }
    if (o->file == G4_FILE_ARF) {
        if ((o->nr & 0xf0) == G4_ARF_ACC) {
            o->nr |= 1;                 /* acc0 -> acc1 */
        }
        return;
    }
    if (o->file == G4_FILE_MRF && is_dst) {
        /* Compr4: RegNum[7] set -> +4 (L8750, L8781), else +1 */
        o->nr = (o->nr & 0x80) ? (o->nr & 0x7f) + 4 : o->nr + 1;
        return;
    }
    if (!is_dst && o->vstride == 0 && o->width == 1 && o->hstride == 0) {
        return;                         /* scalar region unchanged */
    }
    if (sub16) {
        o->subnr |= 16;                 /* packed word to dword (L8775) */
    } else {
        o->nr |= 1;
    }
}

static void set_illegal(G4Op *op, unsigned exec, const char *why)
{
    op->exec = exec;
    op->why = why;
}

static bool prepare_alu(G4Op *op, const G4EuInst *in, const char **why)
{
    unsigned es = in->exec_size ? in->exec_size : 1;
    const G4EuOpInfo *info = g4_eu_opcode_info(in->opcode);
    unsigned nsrc = info ? info->nsrc : 2;

    if (!g4_alu_prepare(op, in, why)) {
        return false;
    }
    if (es > 16 && in->compression != G4_COMPR_COMPR) {
        *why = "SIMD32 needs compression";
        return false;
    }
    op->nhalves = in->compression == G4_COMPR_COMPR ? 2 : 1;
    op->ip_dst = in->dst.file == G4_FILE_ARF && !in->dst.indirect &&
                 (in->dst.nr & 0xf0) == G4_ARF_IP;
    for (unsigned k = 0; k < op->nhalves; k++) {
        G4Half *h = &op->h[k];
        G4EuInst hi = *in;
        unsigned n = es / op->nhalves;

        if (n == 0) {
            n = 1;
        }
        h->n = n > 16 ? 16 : n;
        if (op->sechalf) {
            h->mbit0 = 8;
            h->lane0 = 8;
            if (hi.dst.file == G4_FILE_ARF && !hi.dst.indirect &&
                (hi.dst.nr & 0xf0) == G4_ARF_ACC) {
                hi.dst.nr |= 1;
            }
            if (hi.src0.file == G4_FILE_ARF && !hi.src0.indirect &&
                (hi.src0.nr & 0xf0) == G4_ARF_ACC) {
                hi.src0.nr |= 1;
            }
        }
        if (hi.dst.file == G4_FILE_MRF && !hi.dst.indirect) {
            hi.dst.nr &= 0x7f;
        }
        if (k == 1) {
            bool dw = g4_eu_type_size(in->dst.type) == 4 &&
                      in->dst.hstride == 1 && es == 16;

            h->mbit0 = es == 32 ? 0 : 8;
            h->lane0 = es == 32 ? 16 : 8;
            hi.dst = in->dst;
            second_half(&hi.dst, true, false);
            second_half(&hi.src0, false, dw &&
                        g4_eu_type_size(in->src0.type) == 2 &&
                        in->src0.hstride == 1 && in->src0.width > 1);
            if (in->opcode == G4_OP_PLN) {
                hi.src1.nr += 2;        /* pln: src1 + 2 (L8829) */
            } else {
                second_half(&hi.src1, false, dw &&
                            g4_eu_type_size(in->src1.type) == 2 &&
                            in->src1.hstride == 1 && in->src1.width > 1);
            }
        }
        if (!g4_opnd_prepare(&h->dst, &hi.dst, 0, true, op->align16, h->n,
                             why) ||
            !g4_opnd_prepare(&h->src[0], &hi.src0, in->imm, false,
                             op->align16, h->n, why)) {
            return false;
        }
        if (nsrc > 1 && !g4_opnd_prepare(&h->src[1], &hi.src1, in->imm,
                                         false, op->align16, h->n, why)) {
            return false;
        }
        if (in->opcode == G4_OP_PLN) {
            G4EuOperand v = hi.src1;

            if (v.file != G4_FILE_GRF || v.indirect) {
                *why = "pln src1 must be a direct GRF";
                return false;
            }
            v.nr += 1;                  /* v = the register after u */
            if (!g4_opnd_prepare(&h->src[2], &v, 0, false, op->align16,
                                 h->n, why)) {
                return false;
            }
        }
        if (h->dst.kind == G4K_IMM) {
            *why = "immediate destination";
            return false;
        }
        h->fast_dst = op->cls == G4C_FLOAT && !op->cmod && !op->sat &&
                      (h->dst.kind == G4K_GRF || h->dst.kind == G4K_MRF) &&
                      h->dst.type == G4_TYPE_F && h->dst.contig &&
                      in->opcode != G4_OP_CMP && in->opcode != G4_OP_CMPN;
    }
    op->fast = g4_alu_fast_pick(op);
    return true;
}

static void prepare_op(G4Op *op, const G4EuInst *in)
{
    const char *why = NULL;

    memset(op, 0, sizeof(*op));
    op->opcode = in->opcode;
    op->cmod = in->opcode == G4_OP_SEND ? 0 : in->cond_modifier;
    op->sat = in->saturate;
    op->align16 = in->access_mode == G4_ALIGN16;
    op->nomask = in->mask_control;
    op->pred = in->pred_control;
    op->pred_inv = in->pred_inv;
    op->flag_sub = in->flag_subreg & 1;
    op->exec_size = in->exec_size ? in->exec_size : 1;
    op->wmask = op->align16 ? (in->dst.writemask & 15) : 15;
    op->sechalf = in->compression == G4_COMPR_SECHALF;
    op->jump = in->jump_count;
    op->pop = in->pop_count;
    op->nhalves = 1;

    switch (in->opcode) {
    case G4_OP_NOP:
    case G4_OP_NENOP:
        op->exec = G4X_NOP;
        return;
    case G4_OP_WAIT:        /* one thread, synchronous: nothing to wait for */
        op->exec = G4X_NOP;
        return;
    case G4_OP_ILLEGAL:     /* illegal-opcode exception, no SIP (L9340) */
        set_illegal(op, G4X_ILLEGAL, "illegal opcode 0 (L9340)");
        return;
    case G4_OP_MOVI: {
        /*
         * Indexed move (L12242-L12324): a mov whose source register comes
         * from a0.0 and whose channel n takes subregister a0.n[4:0].
         */
        G4EuInst m = *in;

        if (!in->src0.indirect || in->src0.file != G4_FILE_GRF ||
            op->align16 || in->compression == G4_COMPR_COMPR ||
            op->exec_size > 8) {
            set_illegal(op, G4X_ILLEGAL, "movi needs an indirect GRF source, "
                        "Align1, ExecSize <= 8 (L12290-L12300)");
            return;
        }
        m.opcode = G4_OP_MOV;
        op->opcode = G4_OP_MOV;
        op->exec = G4X_ALU;
        if (!prepare_alu(op, &m, &why)) {
            set_illegal(op, G4X_ILLEGAL, why);
            return;
        }
        op->h[0].src[0].ind_mode = 3;
        return;
    }
    case G4_OP_MSAVE:
    case G4_OP_MREST:
    case G4_OP_PUSH:
    case G4_OP_POP: {
        /* the stack operand is ms0.0 (istack) or ms0.16 (lstack) */
        const G4EuOperand *st = in->opcode == G4_OP_MREST ||
                                in->opcode == G4_OP_POP ? &in->src0
                                                        : &in->dst;

        if (st->file != G4_FILE_ARF || st->indirect ||
            (st->nr & 0xf0) != G4_ARF_MSTACK) {
            set_illegal(op, G4X_ILLEGAL, "mask-stack operand expected "
                        "(L12326-L12800)");
            return;
        }
        op->exec = G4X_MSTACK;
        op->pop = st->subnr >= 16;      /* 1 = lstack */
        if (!g4_opnd_prepare(&op->h[0].dst, &in->dst, 0, true, false, 1,
                             &why) ||
            !g4_opnd_prepare(&op->h[0].src[0], &in->src0, in->imm, false,
                             false, 1, &why) ||
            (in->opcode == G4_OP_POP &&
             !g4_opnd_prepare(&op->h[0].src[1], &in->src1, in->imm, false,
                              false, 1, &why))) {
            set_illegal(op, G4X_ILLEGAL, why);
        }
        op->h[0].n = 1;
        return;
    }
    case G4_OP_JMPI:
        op->exec = G4X_JMPI;
        if (in->src1.file == G4_FILE_IMM) {
            op->jump = (int16_t)in->imm;
        } else {
            G4EuOperand s = in->src1;

            s.type = G4_TYPE_D;
            if (!g4_opnd_prepare(&op->h[0].src[1], &s, 0, false, false, 1,
                                 &why)) {
                set_illegal(op, G4X_ILLEGAL, why);
                return;
            }
            op->h[0].n = 1;
            op->send_desc_reg = true;   /* index comes from a register */
        }
        return;
    case G4_OP_IF:
        op->exec = G4X_IF;
        return;
    case G4_OP_IFF:
        op->exec = G4X_IFF;
        return;
    case G4_OP_ELSE:
        op->exec = G4X_ELSE;
        return;
    case G4_OP_ENDIF:
        op->exec = G4X_ENDIF;
        return;
    case G4_OP_DO:
        op->exec = G4X_DO;
        return;
    case G4_OP_WHILE:
        op->exec = G4X_WHILE;
        return;
    case G4_OP_BREAK:
        op->exec = G4X_BREAK;
        return;
    case G4_OP_CONT:
        op->exec = G4X_CONT;
        return;
    case G4_OP_HALT:
        op->exec = G4X_HALT;
        return;
    case G4_OP_SEND: {
        G4EuInst mov = *in;

        op->exec = G4X_SEND;
        op->send_mrf = in->send_mrf & 15;
        op->send_eot = in->send.eot;
        op->send_desc_reg = in->src1.file != G4_FILE_IMM;
        op->send_desc = op->send_desc_reg ? 0 :
                        ((uint32_t)in->send.sfid << 24 |
                         (uint32_t)in->send.mlen << 20 |
                         (uint32_t)in->send.rlen << 16 | in->send.function);
        op->h[0].dst.kind = G4K_NULL;
        op->h[0].dst.base = 0;
        if (in->dst.file == G4_FILE_GRF && !in->dst.indirect) {
            op->h[0].dst.kind = G4K_GRF;
            op->h[0].dst.base = in->dst.nr * G4_EU_REG_BYTES;
        }
        op->h[0].dst.type = in->dst.type;
        op->h[0].n = op->exec_size > 16 ? 16 : op->exec_size;
        op->h[0].mbit0 = op->sechalf ? 8 : 0;
        op->h[0].lane0 = op->h[0].mbit0;
        /* implied move of a GRF src0 into the first MRF (L13338) */
        if (in->src0.file == G4_FILE_GRF) {
            mov.opcode = G4_OP_MOV;
            mov.cond_modifier = G4_COND_NONE;
            mov.saturate = false;
            mov.dst.file = G4_FILE_MRF;
            mov.dst.indirect = false;
            mov.dst.nr = op->send_mrf;
            mov.dst.hstride = in->dst.hstride ? in->dst.hstride : 1;
            if (!g4_alu_prepare(op, &mov, &why) ||
                !g4_opnd_prepare(&op->h[1].dst, &mov.dst, 0, true,
                                 op->align16, op->h[0].n, &why) ||
                !g4_opnd_prepare(&op->h[1].src[0], &mov.src0, in->imm, false,
                                 op->align16, op->h[0].n, &why)) {
                set_illegal(op, G4X_ILLEGAL, why);
                return;
            }
            op->h[1].n = op->h[0].n;
            op->h[1].mbit0 = op->h[0].mbit0;
            op->h[1].lane0 = op->h[0].lane0;
            op->nhalves = 2;            /* marks "implied move present" */
        }
        op->cmod = 0;
        op->acc_write = false;
        return;
    }
    default:
        break;
    }
    op->exec = G4X_ALU;
    if (!prepare_alu(op, in, &why)) {
        set_illegal(op, G4X_ILLEGAL, why);
    }
}

G4EuProgram *g4_eu_program_from_insts(const G4EuInst *insts, unsigned ninst,
                                      const HwgpuHost *host)
{
    G4EuProgram *p = g_new0(G4EuProgram, 1);

    p->n = ninst;
    p->ops = g_new0(G4Op, ninst ? ninst : 1);
    for (unsigned i = 0; i < ninst; i++) {
        prepare_op(&p->ops[i], &insts[i]);
    }
    return p;
}

G4EuProgram *g4_eu_program_new(const uint32_t *words, unsigned ninst,
                               const HwgpuHost *host)
{
    G4EuProgram *p = g_new0(G4EuProgram, 1);

    p->n = ninst;
    p->ops = g_new0(G4Op, ninst ? ninst : 1);
    for (unsigned i = 0; i < ninst; i++) {
        G4EuInst in;
        const char *why = NULL;

        if (!g4_eu_decode(words + 4 * i, &in, &why)) {
            memset(&p->ops[i], 0, sizeof(G4Op));
            set_illegal(&p->ops[i], G4X_ILLEGAL,
                        why ? why : "undecodable instruction");
            continue;
        }
        prepare_op(&p->ops[i], &in);
    }
    return p;
}

void g4_eu_program_free(G4EuProgram *p)
{
    if (p) {
        g_free(p->ops);
        g_free(p);
    }
}

unsigned g4_eu_program_length(const G4EuProgram *p)
{
    return p->n;
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
                hwgpu_log(host, HWGPU_LOG_GUEST_ERROR,
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
            hwgpu_log(host, HWGPU_LOG_GUEST_ERROR,
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
    uint32_t desc = op->send_desc, payload[15 * 8];
    G4EuMessage msg;
    G4EuResponse resp;
    const G4EuSharedSlot *slot;
    unsigned dreg = h->dst.base / G4_EU_REG_BYTES;
    bool ok;

    if (op->nhalves == 2) {
        /* the implied move ignores the write enables (L13338-L13352) */
        g4_alu_exec_half(t, op, &op->h[1], (uint16_t)((1u << h->n) - 1),
                         0xffff, host);
    }
    if (op->send_desc_reg) {
        desc = (t->a0[0] | (uint32_t)t->a0[1] << 16) & 0x7fffffffu;
    }
    memset(&msg, 0, sizeof(msg));
    msg.desc = desc;
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
    if (op->align16) {
        e &= op->wmask * 0x1111u;
    }
    msg.emask = g4_eu_type_size(h->dst.type) == 4 ? (uint16_t)(e & 0xff) : e;
    if (op->send_mrf + msg.mlen > G4_EU_MRF_REGS) {
        hwgpu_log(host, HWGPU_LOG_GUEST_ERROR,
                  "g4-eu: ip 0x%x: send payload m%u+%u beyond the MRF",
                  t->ip, op->send_mrf, msg.mlen);
        return false;
    }
    /* registers past mlen read as 0 for a careless shared function */
    memset(payload, 0, sizeof(payload));
    memcpy(payload, t->mrf + op->send_mrf * G4_EU_REG_BYTES,
           msg.mlen * G4_EU_REG_BYTES);
    msg.payload = payload;

    slot = &env->sf[msg.sfid];
    if (!slot->fn) {
        hwgpu_log(host, HWGPU_LOG_UNIMP,
                  "g4-eu: ip 0x%x: send to shared function %u not modelled;"
                  " thread ends", t->ip, msg.sfid);
        return false;
    }
    memset(&resp, 0, sizeof(resp));
    ok = slot->fn(slot->opaque, t, &msg, &resp);
    if (ok && h->dst.kind == G4K_GRF) {
        for (unsigned r = 0; r < msg.rlen; r++) {
            uint32_t *d;

            if (dreg + r >= G4_EU_GRF_REGS) {
                hwgpu_log(host, HWGPU_LOG_GUEST_ERROR,
                          "g4-eu: ip 0x%x: response beyond r127 dropped",
                          t->ip);
                break;
            }
            d = g4_eu_grf_ud(t, dreg + r);
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

G4EuStop g4_eu_run(G4EuThread *t, const G4EuProgram *p, const G4EuEnv *env,
                   uint64_t budget)
{
    const HwgpuHost *host = env->host;
    int old_round = fegetround();
    uint64_t left = budget;

    fesetround(FE_TOWARDZERO);      /* EU float arithmetic is RTZ, L7007 */
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
        if (t->ip / 16 >= p->n) {
            hwgpu_log(host, HWGPU_LOG_GUEST_ERROR,
                      "g4-eu: ip 0x%x outside the %u-instruction kernel; "
                      "thread ends", t->ip, p->n);
            t->stop = G4_EU_STOP_ERROR;
            break;
        }
        left--;
        t->executed++;
        op = &p->ops[t->ip / 16];
        next = (int64_t)t->ip + 16;

        switch (op->exec) {
        case G4X_NOP:
            break;
        case G4X_ALU: {
            uint16_t pm = op->pred ? g4_pred_mask(t, op) : 0xffff;
            bool jumped = false;

            /* sel: the predicate selects, it does not gate (L13244) */
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
                if (op->pop) {
                    fail |= !ms_pop(t, &t->istack, op->pop - 1, false);
                    t->imask = ms_tos(&t->istack);
                    fail |= !ms_pop(t, &t->istack, 1, false);
                }
                next = (int64_t)t->ip + op->jump * 16;
            }
            break;
        case G4X_CONT:      /* L11247-L11258 */
            e = eval_emask(t, op, false, false);
            t->cmask &= ~e;
            if ((t->cmask & t->amask) == 0) {
                if (op->pop) {
                    fail |= !ms_pop(t, &t->istack, op->pop - 1, false);
                    t->imask = ms_tos(&t->istack);
                    fail |= !ms_pop(t, &t->istack, 1, false);
                }
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
            hwgpu_log(host, HWGPU_LOG_UNIMP,
                      "g4-eu: ip 0x%x: %s (opcode 0x%02x); thread ends",
                      t->ip, op->why, op->opcode);
            t->stop = G4_EU_STOP_ERROR;
            continue;
        default:
            t->cr0[1] |= G4_CR1_ILLEGAL;
            hwgpu_log(host, HWGPU_LOG_GUEST_ERROR,
                      "g4-eu: ip 0x%x: %s; thread ends", t->ip,
                      op->why ? op->why : "illegal instruction");
            t->stop = G4_EU_STOP_ERROR;
            continue;
        }
        if (fail) {
            hwgpu_log(host, HWGPU_LOG_GUEST_ERROR,
                      "g4-eu: ip 0x%x: mask stack over/underflow "
                      "(cr0.1 = 0x%08x); thread ends", t->ip, t->cr0[1]);
            t->stop = G4_EU_STOP_ERROR;
            break;
        }
        if (next < 0 || next >= (int64_t)p->n * 16) {
            hwgpu_log(host, HWGPU_LOG_GUEST_ERROR,
                      "g4-eu: ip 0x%x: jump to 0x%llx outside the kernel; "
                      "thread ends", t->ip, (long long)next);
            t->stop = G4_EU_STOP_ERROR;
            break;
        }
        t->ip = (uint32_t)next;
    }
    fesetround(old_round);
    return t->stop;
}
