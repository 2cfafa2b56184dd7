/*
 * G45 EU interpreter: pre-decoding a kernel into the run loop's internal
 * form (operand regions resolved, ALU functions chosen, flow-control
 * targets checked; seed 002 chapters 11, 13 and 14, seed-002.md sections
 * 3.5-3.11).  The run loop is in g4-eu-exec.c.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "g4-eu-priv.h"

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
    op->xfn = g4_fast_pick(op);
    op->xsimple = op->xfn && !op->pred && !op->nomask;
    return true;
}

/* G4Op.send_copy for the implied move h of a send */
static uint8_t send_copy_bytes(const G4Op *op, const G4Half *h)
{
    const G4Opnd *s = &h->src[0], *d = &h->dst;
    unsigned bytes = h->n * d->esize;

    if (op->cls != G4C_RAW || op->align16 || s->kind != G4K_GRF ||
        d->kind != G4K_MRF || !s->contig || !d->contig || s->mods ||
        s->esize != d->esize || h->mbit0 != 0 ||
        s->base + bytes > G4_EU_GRF_BYTES ||
        d->base + bytes > G4_EU_MRF_BYTES) {
        return 0;
    }
    return bytes;
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
        op->send_compr = in->compression == G4_COMPR_COMPR &&
                         in->exec_size == 16;
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
        /*
         * The EMask is formed on the post-destination's region: its
         * subregister and horizontal stride in units of its type
         * (L13362-L13378), e.g. a scalar math result into g2.3.
         */
        op->send_ch0 = in->dst.subnr /
                       (g4_eu_type_size(in->dst.type) >= 4 ? 4 : 2);
        op->send_chstride = in->dst.hstride ? in->dst.hstride : 1;
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
            op->send_copy = send_copy_bytes(op, &op->h[1]);
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

/* Decoded entries, allocated a chunk at a time (addresses stay put). */
#define G4_CHUNK_OPS 32

struct G4OpChunk {
    G4OpChunk *next;
    unsigned used;
    G4Op op[G4_CHUNK_OPS];
};

/* What the second half of a native instruction decodes as. */
static const G4Op middle = {
    .exec = G4X_ILLEGAL,
    .why = "jump into the middle of an instruction",
};

static G4EuProgram *program_alloc(unsigned n)
{
    G4EuProgram *p = g_new0(G4EuProgram, 1);

    p->n = n;
    p->slot = g_new0(const G4Op *, n ? n : 1);
    hwgpu_mutex_init(&p->lock);
    p->refs = 1;
    return p;
}

/* A zeroed entry of p's (p->lock held, or p not shared yet). */
static G4Op *new_op(G4EuProgram *p)
{
    if (!p->chunks || p->chunks->used == G4_CHUNK_OPS) {
        G4OpChunk *c = g_new0(G4OpChunk, 1);

        c->next = p->chunks;
        p->chunks = c;
    }
    return &p->chunks->op[p->chunks->used++];
}

/*
 * Bytes from the GRF's start that running op may write: a direct GRF
 * destination's last register, a send's response registers, all of the
 * file for an indirect destination or a mask-stack operation.
 */
static uint32_t grf_extent(const G4Op *op)
{
    uint32_t hi = 0;

    switch (op->exec) {
    case G4X_ALU:
        for (unsigned k = 0; k < op->nhalves && k < 2; k++) {
            const G4Opnd *d = &op->h[k].dst;
            uint32_t end = d->base;

            if (d->kind == G4K_IND && !d->is_mrf) {
                return G4_EU_GRF_BYTES;
            }
            if (d->kind != G4K_GRF) {
                continue;
            }
            for (unsigned i = 0; i < 16; i++) {
                end = MAX(end, (uint32_t)d->base + d->off[i]);
            }
            end = (end / G4_EU_REG_BYTES + 1) * G4_EU_REG_BYTES;
            hi = MAX(hi, MIN(end, (uint32_t)G4_EU_GRF_BYTES));
        }
        return hi;
    case G4X_SEND:
        /* the response (do_send writes a direct GRF destination only) */
        if (op->h[0].dst.kind == G4K_GRF) {
            return MIN((op->h[0].dst.base / G4_EU_REG_BYTES + G4_EU_MAX_RLEN) *
                       G4_EU_REG_BYTES, (uint32_t)G4_EU_GRF_BYTES);
        }
        return 0;
    case G4X_NOP: case G4X_ILLEGAL: case G4X_UNIMP: case G4X_JMPI:
    case G4X_IF: case G4X_IFF: case G4X_ELSE: case G4X_ENDIF:
    case G4X_DO: case G4X_WHILE: case G4X_BREAK: case G4X_CONT:
    case G4X_HALT:
        return 0;
    default:
        return G4_EU_GRF_BYTES;
    }
}

/* Slot i's entry, for every thread from now on (g4_slot), with what it
 * may write counted first. */
static void publish(G4EuProgram *p, unsigned i, const G4Op *op)
{
    uint32_t hi = grf_extent(op);

    if (hi > p->grf_hi) {
        __atomic_store_n(&p->grf_hi, hi, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&p->slot[i], op, __ATOMIC_RELEASE);
}

G4EuProgram *g4_eu_program_from_insts(const G4EuInst *insts, unsigned ninst,
                                      const HwgpuHost *host)
{
    G4EuProgram *p = program_alloc(ninst * 2);

    for (unsigned i = 0; i < ninst; i++) {
        G4Op *op = new_op(p);

        prepare_op(op, &insts[i]);
        op->len = 16;
        publish(p, 2 * i, op);
        publish(p, 2 * i + 1, &middle);
    }
    return p;
}

const G4Op *g4_eu_program_decode_slot(G4EuProgram *p, unsigned i)
{
    size_t off = (size_t)i * 8, bytes = (size_t)p->n * 8;
    uint32_t dw[4] = { 0, 0, 0, 0 };
    G4EuInst in;
    const char *why = NULL;
    G4Op *op;
    bool ok;

    hwgpu_mutex_lock(&p->lock);
    if (p->slot[i]) {
        /* another thread got there first */
        const G4Op *done = p->slot[i];

        hwgpu_mutex_unlock(&p->lock);
        return done;
    }
    op = new_op(p);
    memcpy(dw, p->code + off, 8);
    if (dw[0] & (1u << 29)) {               /* CompactCtrl: 8 bytes */
        uint32_t cw[2] = { dw[0], dw[1] };

        ok = g4_eu_uncompact(cw, dw, &why) && g4_eu_decode(dw, &in, &why);
        op->len = 8;
    } else if (off + 16 > bytes) {
        set_illegal(op, G4X_ILLEGAL, "a native instruction cut short by "
                    "the end of the kernel");
        op->len = 8;
        ok = true;
        why = NULL;
        goto out;
    } else {
        memcpy(dw, p->code + off, 16);
        ok = g4_eu_decode(dw, &in, &why);
        op->len = 16;
        /* its second half is no instruction of its own */
        if (!p->slot[i + 1]) {
            publish(p, i + 1, &middle);
        }
    }
    if (ok) {
        uint8_t len = op->len;

        prepare_op(op, &in);
        op->len = len;
    } else {
        set_illegal(op, G4X_ILLEGAL, why ? why : "undecodable instruction");
    }
out:
    publish(p, i, op);
    hwgpu_mutex_unlock(&p->lock);
    return op;
}

/* A move a flat kernel may hold (see G4Flat). */
static bool flat_mov(const G4Op *op)
{
    if (op->exec != G4X_ALU || op->opcode != G4_OP_MOV ||
        op->cls != G4C_RAW || op->sat || op->cmod || op->pred ||
        op->align16 || op->ip_dst || op->dst_arf || op->acc_write) {
        return false;
    }
    for (unsigned k = 0; k < op->nhalves; k++) {
        const G4Half *h = &op->h[k];
        const G4Opnd *s = &h->src[0];
        bool same = true;

        if (h->n != 8 || h->dst.kind != G4K_MRF || !h->dst.contig ||
            h->dst.esize != 4 || s->esize != 4 || s->mods) {
            return false;
        }
        for (unsigned i = 1; i < 8; i++) {
            same &= s->kind == G4K_IMM ? s->imm[i] == s->imm[0] : !s->off[i];
        }
        if (!(s->kind == G4K_IMM && same) &&
            !(s->kind == G4K_GRF && (same || s->contig))) {
            return false;
        }
    }
    return true;
}

/* The op at byte ip, decoded if it was not. */
static const G4Op *op_at(G4EuProgram *p, uint32_t ip)
{
    const G4Op *op = g4_slot(p, ip / 8);

    return op ? op : g4_eu_program_decode_slot(p, ip / 8);
}

/* The longest path acc_unread() follows. */
#define G4_ACC_SCAN_OPS 1024

/*
 * Whether op reads the accumulator: an acc source, or the implied one
 * of mac (L12088), mach (L12156) and sada2 (L13141).
 */
static bool reads_acc(const G4Op *op)
{
    if (op->opcode == G4_OP_MAC || op->opcode == G4_OP_MACH ||
        op->opcode == G4_OP_SADA2) {
        return true;
    }
    for (unsigned k = 0; k < op->nhalves && k < 2; k++) {
        for (unsigned i = 0; i < 3; i++) {
            if (op->h[k].src[i].kind == G4K_ACC) {
                return true;
            }
        }
    }
    return false;
}

/*
 * True when a thread entering at ip cannot read the accumulator: the
 * instructions from ip are ALU instructions that do not read it (none
 * writing ip), nops and sends, up to an unpredicated send with EOT.
 * Anything else on the way (flow control, an illegal or unmodelled
 * instruction, the kernel's end) answers false.
 */
static bool acc_unread(G4EuProgram *p, uint32_t ip)
{
    uint32_t at = ip;

    for (unsigned k = 0; k < G4_ACC_SCAN_OPS && at % 8 == 0 && at / 8 < p->n;
         k++) {
        const G4Op *op = op_at(p, at);

        switch (op->exec) {
        case G4X_SEND:
            if (op->send_eot && !op->pred) {
                return true;
            }
            break;
        case G4X_ALU:
            if (reads_acc(op) || op->ip_dst) {
                return false;
            }
            break;
        case G4X_NOP:
            break;
        default:
            return false;
        }
        at += op->len ? op->len : 16;
    }
    return false;
}

const G4Flat *g4_eu_program_entry(G4EuProgram *p, uint32_t ip)
{
    HWGPU_NOINIT G4Flat f;
    G4Flat *slot = NULL;

    for (unsigned k = 0; k < 2; k++) {
        uint8_t st = __atomic_load_n(&p->flat[k].state, __ATOMIC_ACQUIRE);

        if (st != G4_FLAT_UNKNOWN && p->flat[k].ip == ip) {
            return &p->flat[k];
        }
    }
    memset(&f, 0, sizeof(f));
    f.ip = ip;
    f.state = G4_FLAT_NO;
    /* decoded outside the lock (decoding takes it) */
    for (uint32_t at = ip; at % 8 == 0 && at / 8 < p->n;) {
        const G4Op *op = op_at(p, at);

        if (op->exec == G4X_SEND) {
            if (op->send_eot && !op->send_desc_reg && !op->pred &&
                op->h[0].dst.kind == G4K_NULL &&
                op->send_mrf + ((op->send_desc >> 20) & 15) <=
                G4_EU_MRF_REGS) {
                f.send = op;
                f.send_ip = at;
                f.state = G4_FLAT_YES;
            }
            break;
        }
        if (f.nmov == G4_FLAT_MOVS || !flat_mov(op)) {
            break;
        }
        f.mov[f.nmov++] = op;
        at += op->len;
    }
    f.acc_unread = acc_unread(p, ip);
    hwgpu_mutex_lock(&p->lock);
    for (unsigned k = 0; k < 2; k++) {
        G4Flat *e = &p->flat[k];

        if (e->state != G4_FLAT_UNKNOWN && e->ip == ip) {
            slot = e;           /* another thread got there first */
            break;
        }
        if (e->state == G4_FLAT_UNKNOWN && !slot) {
            slot = e;
        }
    }
    if (slot && slot->state == G4_FLAT_UNKNOWN) {
        uint8_t st = f.state;

        f.state = G4_FLAT_UNKNOWN;
        *slot = f;
        __atomic_store_n(&slot->state, st, __ATOMIC_RELEASE);
    }
    hwgpu_mutex_unlock(&p->lock);
    /* a third entry is not remembered: it runs through the loop, its
     * accumulator writes kept */
    return slot && slot->ip == ip ? slot : NULL;
}

const G4Flat *g4_eu_program_flat(G4EuProgram *p, uint32_t ip)
{
    const G4Flat *e = g4_eu_program_entry(p, ip);

    return e && e->state == G4_FLAT_YES ? e : NULL;
}

bool g4_eu_program_flat_at(G4EuProgram *p, uint32_t ip, uint32_t *desc,
                           unsigned *ninst)
{
    const G4Flat *f = g4_eu_program_flat(p, ip);

    if (f && desc) {
        *desc = f->send->send_desc;
    }
    if (f && ninst) {
        *ninst = f->nmov + 1;
    }
    return f != NULL;
}

/* Where an MRF dword's bits came from (g4_eu_program_flat_message). */
enum {
    FLAT_UNKNOWN = -1,          /* before the kernel, or computed */
    FLAT_IMM = -2,              /* an immediate */
    /* >= 0: GRF dword n */
};

/* dwords [dst, dst + n) of the MRF from GRF dwords src (or, src < 0,
 * immediates imm / the unknown): tags and values */
static void flat_track(int16_t *tag, bool *all, uint32_t *val,
                       const uint8_t *grf, unsigned dst, int src,
                       const uint32_t *imm, bool every_lane, unsigned n)
{
    for (unsigned i = 0; i < n && dst + i < G4_EU_MRF_BYTES / 4; i++) {
        int s = src < 0 ? src : src + (int)i;

        if (s >= G4_EU_GRF_BYTES / 4) {
            s = FLAT_UNKNOWN;
        }
        tag[dst + i] = s;
        all[dst + i] = every_lane;
        if (s >= 0) {
            memcpy(&val[dst + i], grf + 4 * s, 4);
        } else {
            val[dst + i] = s == FLAT_IMM ? imm[i % 8] : 0;
        }
    }
}

bool g4_eu_program_flat_message(G4EuProgram *p, uint32_t ip,
                                const uint8_t *grf, unsigned first,
                                G4EuFlatMessage *m)
{
    const G4Flat *f = g4_eu_program_flat(p, ip);
    int16_t tag[G4_EU_MRF_BYTES / 4];
    bool all[G4_EU_MRF_BYTES / 4];
    uint32_t val[G4_EU_MRF_BYTES / 4];
    const G4Op *send;
    unsigned mrf;

    if (!f) {
        return false;
    }
    for (unsigned i = 0; i < G4_EU_MRF_BYTES / 4; i++) {
        tag[i] = FLAT_UNKNOWN;
        all[i] = false;
        val[i] = 0;
    }
    /* the moves as run_flat runs them, every lane enabled (flat_mov:
     * 8 dwords a half, dword-aligned) */
    for (unsigned k = 0; k < f->nmov; k++) {
        const G4Op *op = f->mov[k];

        for (unsigned h = 0; h < op->nhalves; h++) {
            const G4Opnd *s = &op->h[h].src[0], *d = &op->h[h].dst;
            unsigned dst = d->base / 4;

            if ((d->base | s->base) & 3) {
                flat_track(tag, all, val, grf, dst, FLAT_UNKNOWN, NULL,
                           false, 8);
            } else if (s->kind == G4K_IMM) {
                flat_track(tag, all, val, grf, dst, FLAT_IMM, s->imm,
                           op->nomask, 8);
            } else if (s->contig) {
                flat_track(tag, all, val, grf, dst, s->base / 4, NULL,
                           op->nomask, 8);
            } else {
                /* one GRF dword for every lane: not a copy, the value */
                for (unsigned i = 0; i < 8; i++) {
                    flat_track(tag, all, val, grf, dst + i, s->base / 4,
                               NULL, false, 1);
                }
            }
        }
    }
    send = f->send;
    if (send->nhalves == 2) {
        /* the implied move, which ignores the write enables */
        const G4Half *h = &send->h[1];
        unsigned dst = h->dst.base / 4;

        if (send->send_copy && !((h->dst.base | h->src[0].base |
                                  send->send_copy) & 3)) {
            flat_track(tag, all, val, grf, dst, h->src[0].base / 4, NULL,
                       true, send->send_copy / 4);
        } else {
            /* a converting move (the null destination's type): its
             * lanes' bytes, or to the MRF's end when strided */
            unsigned n = h->dst.contig ?
                         (h->n * h->dst.esize + h->dst.base % 4 + 3) / 4 :
                         G4_EU_MRF_BYTES / 4;

            flat_track(tag, all, val, grf, dst, FLAT_UNKNOWN, NULL, false,
                       n);
        }
    }
    memset(m, 0, sizeof(*m));
    m->desc = send->send_desc;
    m->mlen = (m->desc >> 20) & 15;
    m->ninst = f->nmov + 1;
    mrf = m->mrf = send->send_mrf;
    for (unsigned r = 0; r < G4_EU_MRF_REGS; r++) {
        unsigned d0 = (mrf + r) * 8;
        bool inv = true, copy = true;

        m->copy[r] = -1;
        if (mrf + r >= G4_EU_MRF_REGS) {
            continue;
        }
        for (unsigned i = 0; i < 8; i++) {
            int t = tag[d0 + i];

            inv &= t == FLAT_IMM || (t >= 0 && (unsigned)t >= first * 8);
            copy &= all[d0 + i] && t >= 0 &&
                    (unsigned)t == (unsigned)tag[d0] + i && tag[d0] % 8 == 0;
        }
        if (inv) {
            m->invariant |= 1u << r;
        }
        if (copy) {
            m->copy[r] = tag[d0] / 8;
        }
        memcpy(&m->payload[r * 8], &val[d0], 32);
    }
    return true;
}

G4EuProgram *g4_eu_program_from_bytes(const uint8_t *code, size_t bytes,
                                      const HwgpuHost *host)
{
    G4EuProgram *p = program_alloc(bytes / 8);

    /* every slot NULL: decoded on first execution */
    p->code = g_memdup2(code, (size_t)p->n * 8);
    return p;
}

G4EuProgram *g4_eu_program_new(const uint32_t *words, unsigned ninst,
                               const HwgpuHost *host)
{
    return g4_eu_program_from_bytes((const uint8_t *)words,
                                    (size_t)ninst * 16, host);
}

G4EuProgram *g4_eu_program_ref(G4EuProgram *p)
{
    g_atomic_int_inc(&p->refs);
    return p;
}

void g4_eu_program_free(G4EuProgram *p)
{
    if (!p || !g_atomic_int_dec_and_test(&p->refs)) {
        return;
    }
    g4_jit_free_blocks(p);
    while (p->chunks) {
        G4OpChunk *c = p->chunks;

        p->chunks = c->next;
        g_free(c);
    }
    hwgpu_mutex_destroy(&p->lock);
    g_free(p->slot);
    g_free(p->code);
    g_free(p);
}

const uint8_t *g4_eu_program_code(const G4EuProgram *p, size_t *bytes)
{
    *bytes = (size_t)p->n * 8;
    return p->code;
}

unsigned g4_eu_program_length(const G4EuProgram *p)
{
    return p->n / 2;
}
