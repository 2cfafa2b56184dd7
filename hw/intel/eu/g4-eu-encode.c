/*
 * G45 EU codec: encoding a decoded instruction, validating a decoded form
 * built by hand (the assembler, tests) and its canonical form (seed 002
 * chapter 13, seed-002.md section 3.13).  Decoding is in g4-eu-decode.c.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "g4-eu-codec.h"

static void encode_dst(const G4EuOperand *o, bool a16, uint32_t *dw)
{
    SET(dw, DST_ADDR_MODE, o->indirect);
    SET(dw, DST_HSTRIDE, hstride_enc(o->hstride));
    if (!o->indirect) {
        SET(dw, DST_DA_REG_NR, o->nr);
        if (a16) {
            SET(dw, DST_DA16_SUBREG_NR, o->subnr >> 4);
            SET(dw, DST_A16_WRITEMASK, o->writemask);
        } else {
            SET(dw, DST_DA1_SUBREG_NR, o->subnr);
        }
    } else {
        SET(dw, DST_IA_SUBREG_NR, o->addr_subnr);
        if (a16) {
            SET(dw, DST_IA16_ADDR_IMM, (uint32_t)o->addr_imm >> 4);
            SET(dw, DST_A16_WRITEMASK, o->writemask);
        } else {
            SET(dw, DST_IA1_ADDR_IMM, (uint32_t)o->addr_imm);
        }
    }
}

static void encode_src(const G4EuOperand *o, int n, bool a16, uint32_t *dw)
{
    const SrcFields *f = &g4_eu_src_fields[n];

    g4_eu_set(dw, f->addr_mode, o->indirect);
    g4_eu_set(dw, f->abs, o->abs);
    g4_eu_set(dw, f->negate, o->negate);
    g4_eu_set(dw, f->vstride, vstride_enc(o->vstride));
    if (a16) {
        for (int i = 0; i < 4; i++) {
            g4_eu_set(dw, f->swz[i], o->swizzle[i]);
        }
    } else {
        g4_eu_set(dw, f->a1_width, log2_exact(o->width));
        g4_eu_set(dw, f->a1_hstride, hstride_enc(o->hstride));
    }
    if (!o->indirect) {
        g4_eu_set(dw, f->da_reg, o->nr);
        if (a16) {
            g4_eu_set(dw, f->da16_subreg, o->subnr >> 4);
        } else {
            g4_eu_set(dw, f->da1_subreg, o->subnr);
        }
    } else {
        g4_eu_set(dw, f->ia_subreg, o->addr_subnr);
        g4_eu_set(dw, a16 ? f->ia16_imm : f->ia1_imm,
                  (uint32_t)o->addr_imm >> (a16 ? 4 : 0));
    }
}

/* DW3 value of an immediate, built from the views where they apply. */
static uint32_t imm_value(const G4EuInst *in)
{
    const G4EuOpInfo *oi = g4_eu_opcode_info(in->opcode);
    uint32_t dw[4] = { 0, 0, 0, 0 };

    if (in->opcode == G4_OP_SEND && in->src1.file == G4_FILE_IMM) {
        SET(dw, SEND_EOT, in->send.eot);
        SET(dw, SEND_SFID, in->send.sfid);
        SET(dw, SEND_MLEN, in->send.mlen);
        SET(dw, SEND_RLEN, in->send.rlen);
        SET(dw, SEND_FUNCTION, in->send.function);
        return dw[3];
    }
    if (oi && (oi->flags & G4_EU_OPF_BRANCH) &&
        in->src1.file == G4_FILE_IMM) {
        SET(dw, JUMP_COUNT, (uint16_t)in->jump_count);
        SET(dw, POP_COUNT, in->pop_count);
        return dw[3];
    }
    return in->imm;
}

void g4_eu_encode(const G4EuInst *in, uint32_t dw[4])
{
    bool a16 = in->access_mode == G4_ALIGN16;
    bool imm0 = in->src0.file == G4_FILE_IMM;
    bool imm1 = in->src1.file == G4_FILE_IMM;

    dw[0] = dw[1] = dw[2] = dw[3] = 0;
    SET(dw, OPCODE, in->opcode);
    if (in->opcode == G4_OP_NOP || in->opcode == G4_OP_NENOP) {
        return;
    }
    SET(dw, ACCESS_MODE, a16);
    SET(dw, MASK_CONTROL, in->mask_control);
    SET(dw, NO_DD_CLEAR, in->no_dd_clear);
    SET(dw, NO_DD_CHECK, in->no_dd_check);
    SET(dw, COMPRESSION, in->compression);
    SET(dw, THREAD_CONTROL, in->thread_control);
    SET(dw, PRED_CONTROL, in->pred_control);
    SET(dw, PRED_INV, in->pred_inv);
    SET(dw, EXEC_SIZE, log2_exact(in->exec_size));
    if (in->opcode == G4_OP_SEND) {
        SET(dw, SEND_MRF, in->send_mrf);
    } else {
        SET(dw, COND_MODIFIER, in->cond_modifier);
    }
    SET(dw, DEBUG, in->debug);
    SET(dw, SATURATE, in->saturate);
    SET(dw, DST_FILE, in->dst.file);
    SET(dw, DST_TYPE, type_to_hw(in->dst.type));
    SET(dw, SRC0_FILE, in->src0.file);
    SET(dw, SRC0_TYPE, type_to_hw(in->src0.type));
    SET(dw, SRC1_FILE, in->src1.file);
    SET(dw, SRC1_TYPE, type_to_hw(in->src1.type));
    encode_dst(&in->dst, a16, dw);
    if (!imm0) {
        encode_src(&in->src0, 0, a16, dw);
    }
    SET(dw, FLAG_SUBREG_NR, in->flag_subreg);
    if (imm0 || imm1) {
        SET(dw, IMM32, imm_value(in));
    } else {
        encode_src(&in->src1, 1, a16, dw);
        if (in->opcode == G4_OP_SEND) {
            SET(dw, SEND_EOT, in->send.eot);
        }
    }
}

static bool op_same(const G4EuOperand *a, const G4EuOperand *b, bool src,
                    bool a16)
{
    if (a->file != b->file || a->type != b->type) {
        return false;
    }
    if (a->file == G4_FILE_IMM) {
        return true;
    }
    if (a->indirect != b->indirect || a->negate != b->negate ||
        a->abs != b->abs) {
        return false;
    }
    if (a->indirect ? (a->addr_subnr != b->addr_subnr ||
                       a->addr_imm != b->addr_imm)
                    : (a->nr != b->nr || a->subnr != b->subnr)) {
        return false;
    }
    if (!src) {
        return a->hstride == b->hstride &&
               (!a16 || a->writemask == b->writemask);
    }
    if (a->vstride != b->vstride) {
        return false;
    }
    if (a16) {
        return !memcmp(a->swizzle, b->swizzle, 4);
    }
    return a->width == b->width && a->hstride == b->hstride;
}

bool g4_eu_validate(const G4EuInst *in, const char **why)
{
    uint32_t w[4];
    G4EuInst d, c;
    bool a16 = in->access_mode == G4_ALIGN16;

    if (log2_exact(in->exec_size) < 0 || in->exec_size > 32) {
        FAIL("ExecSize must be 1, 2, 4, 8, 16 or 32 (L9822)");
    }
    g4_eu_encode(in, w);
    if (!g4_eu_decode(w, &d, why)) {
        return false;
    }
    if (in->opcode == G4_OP_NOP || in->opcode == G4_OP_NENOP) {
        return true;
    }
    /* Every shown field must survive encoding (no truncation). */
    c = *in;
    g4_eu_canonicalize(&c);
    g4_eu_canonicalize(&d);
    if (d.access_mode != c.access_mode ||
        d.compression != c.compression ||
        d.thread_control != c.thread_control ||
        d.pred_control != c.pred_control ||
        d.cond_modifier != c.cond_modifier ||
        d.send_mrf != c.send_mrf || d.flag_subreg != c.flag_subreg ||
        !op_same(&d.dst, &c.dst, false, a16) ||
        !op_same(&d.src0, &c.src0, true, a16) ||
        !op_same(&d.src1, &c.src1, true, a16) ||
        d.imm != imm_value(&c)) {
        FAIL("a field value does not fit its encoding (Table 13-3)");
    }
    return true;
}

static void canon_hidden(G4EuOperand *o, unsigned nr, G4EuType type,
                         bool a16)
{
    memset(o, 0, sizeof(*o));
    o->file = G4_FILE_ARF;
    o->nr = nr;
    o->type = type;
    o->hstride = 1;
    o->writemask = 0xf;
    o->width = 1;
    if (a16) {
        o->width = 4;
    }
    for (int i = 0; i < 4; i++) {
        o->swizzle[i] = i;
    }
}

static void canon_src_hidden(G4EuOperand *o, unsigned nr, G4EuType type,
                             bool a16)
{
    canon_hidden(o, nr, type, a16);
    o->hstride = a16 ? 1 : 0;
    o->vstride = 0;
    if (a16) {
        /* all region bits 0, as intel-gen4asm and Mesa leave them */
        memset(o->swizzle, 0, sizeof(o->swizzle));
    }
}

void g4_eu_canonicalize(G4EuInst *in)
{
    const G4EuOpInfo *oi = g4_eu_opcode_info(in->opcode);
    bool a16 = in->access_mode == G4_ALIGN16;
    bool send = in->opcode == G4_OP_SEND;
    bool jmpi = in->opcode == G4_OP_JMPI;
    bool flow;
    unsigned hid;

    if (!oi || in->opcode == G4_OP_NOP || in->opcode == G4_OP_NENOP) {
        G4EuOpcode op = in->opcode;

        memset(in, 0, sizeof(*in));
        in->opcode = op;
        in->exec_size = 1;
        return;
    }
    flow = oi->flags & G4_EU_OPF_FLOW;
    hid = flow ? G4_ARF_IP : G4_ARF_NULL;
    if (!in->pred_control) {
        in->pred_inv = false;
    }
    if (!in->pred_control && (send || !in->cond_modifier)) {
        in->flag_subreg = 0;
    }
    if (send) {
        in->cond_modifier = 0;
    } else {
        in->send_mrf = 0;
        memset(&in->send, 0, sizeof(in->send));
    }
    if (!(oi->flags & G4_EU_OPF_BRANCH)) {
        if (!jmpi || in->src1.file != G4_FILE_IMM) {
            in->jump_count = 0;
        }
        in->pop_count = 0;
    }
    if (in->opcode == G4_OP_WAIT && in->src0.file == G4_FILE_ARF &&
        (in->src0.nr & 0xf0) == G4_ARF_NOTIFY) {
        /* "<src0> and <dst> must be n0 or n1" (L13562-L13600) */
        canon_hidden(&in->dst, in->src0.nr, in->src0.type, a16);
    } else if (!oi->has_dst || jmpi) {
        canon_hidden(&in->dst, hid, hid == G4_ARF_NULL ? G4_TYPE_F
                                                      : G4_TYPE_UD, a16);
    } else if (op_hidden_name(&in->dst)) {
        /* null dst: F like Mesa's null register and intel-gen4asm */
        canon_hidden(&in->dst, in->dst.nr,
                     in->dst.nr == G4_ARF_NULL ? G4_TYPE_F : G4_TYPE_UD, a16);
    }
    if (a16) {
        in->dst.hstride = 1;
    }
    if ((oi->nsrc == 0 || jmpi) && in->src0.file != G4_FILE_IMM) {
        canon_src_hidden(&in->src0, hid, G4_TYPE_UD, a16);
    } else if (in->src0.file != G4_FILE_IMM && op_hidden_name(&in->src0)) {
        canon_src_hidden(&in->src0, in->src0.nr, G4_TYPE_UD, a16);
    }
    if (in->src0.file == G4_FILE_IMM) {
        G4EuType t = in->src0.type;

        canon_src_hidden(&in->src0, 0, t, a16);
        in->src0.file = G4_FILE_IMM;
        canon_src_hidden(&in->src1, G4_ARF_NULL, t, a16);
    } else if (in->src1.file == G4_FILE_IMM) {
        G4EuType t = in->src1.type;

        if (send || jmpi) {
            t = G4_TYPE_D;
        }
        canon_src_hidden(&in->src1, 0, t, a16);
        in->src1.file = G4_FILE_IMM;
    } else if (oi->nsrc < 2 && !send && !jmpi) {
        canon_src_hidden(&in->src1, G4_ARF_NULL, in->src0.type, a16);
    } else if (op_hidden_name(&in->src1)) {
        canon_src_hidden(&in->src1, in->src1.nr, G4_TYPE_UD, a16);
    }
    if (in->src0.file != G4_FILE_IMM && in->src1.file != G4_FILE_IMM) {
        in->imm = 0;
    }
}
