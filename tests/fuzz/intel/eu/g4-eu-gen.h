/*
 * Generator of valid G45 EU instructions from a byte stream, shared by
 * tests/fuzz/intel/eu/fuzz-g4-eu-decode.c and tests/unit/intel/eu/test-g4-eu-codec.c.
 * With oracle_safe set it avoids the forms where intel-gen4disasm and our
 * disassembler legitimately disagree (listed in the unit test).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_G4_EU_GEN_H
#define HWGPU_TESTS_G4_EU_GEN_H

#include <string.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"

typedef struct G4Gen {
    const uint8_t *p;
    size_t n, i;
    bool oracle_safe;
} G4Gen;

static inline unsigned gen_u(G4Gen *g, unsigned mod)
{
    uint32_t v = 0;

    for (int k = 0; k < 4; k++) {
        v = (v << 8) | (g->n ? g->p[g->i++ % g->n] : 0x5a);
    }
    return mod ? v % mod : v;
}

static inline bool gen_b(G4Gen *g)
{
    return gen_u(g, 2);
}

static const uint8_t gen_reg_types[] = {
    G4_TYPE_UD, G4_TYPE_D, G4_TYPE_UW, G4_TYPE_W, G4_TYPE_UB, G4_TYPE_B,
    G4_TYPE_F,
};

static const uint8_t gen_arfs[] = {
    G4_ARF_NULL, G4_ARF_ADDRESS, G4_ARF_ACC, G4_ARF_ACC + 1, G4_ARF_FLAG,
    G4_ARF_MASK, G4_ARF_STATE, G4_ARF_CONTROL, G4_ARF_NOTIFY,
    G4_ARF_NOTIFY + 1, G4_ARF_IP, G4_ARF_MSTACK, G4_ARF_MSDEPTH,
};

static inline void gen_reg(G4Gen *g, G4EuOperand *o, bool dst, bool a16)
{
    unsigned sz;

    memset(o, 0, sizeof(*o));
    o->type = (G4EuType)gen_reg_types[gen_u(g, 7)];
    sz = g4_eu_type_size(o->type);
    switch (gen_u(g, 6)) {
    case 0:
        o->file = G4_FILE_ARF;
        o->nr = gen_arfs[gen_u(g, g->oracle_safe ? 11 : 13)];
        break;
    case 1:
        if (dst) {
            o->file = G4_FILE_MRF;
            o->nr = gen_u(g, 16);
            break;
        }
        /* fall through */
    default:
        o->file = G4_FILE_GRF;
        o->nr = gen_u(g, 128);
        break;
    }
    if (o->file != G4_FILE_ARF && !gen_u(g, 5) &&
        !(g->oracle_safe && (a16 || o->file == G4_FILE_MRF))) {
        o->indirect = true;
        o->addr_subnr = dst && g->oracle_safe ? 0 : gen_u(g, 8);
        o->addr_imm = (int)gen_u(g, 1024) - 512;
        if (a16) {
            o->addr_imm &= ~15;
        }
    } else if (a16) {
        o->subnr = gen_b(g) ? 16 : 0;
        if (dst && g->oracle_safe) {
            o->subnr = 0;
        }
    } else {
        o->subnr = gen_u(g, 32) / sz * sz;
    }
    if (o->file == G4_FILE_ARF && o->nr == G4_ARF_NULL) {
        o->subnr = 0;
    }
    o->hstride = 1u << gen_u(g, 3);
    o->writemask = gen_u(g, 16);
    for (int i = 0; i < 4; i++) {
        o->swizzle[i] = a16 ? gen_u(g, 4) : i;
    }
    if (!dst) {
        if (a16) {
            o->vstride = gen_b(g) ? 4 : 0;
            o->width = 4;
            o->hstride = 1;
        } else {
            static const uint8_t vs[] = { 0, 1, 2, 4, 8, 16, 32 };

            o->vstride = vs[gen_u(g, 7)];
            o->width = 1u << gen_u(g, 5);
            o->hstride = (1u << gen_u(g, 4)) >> 1;
            if (o->indirect && !gen_u(g, 4)) {
                o->vstride = G4_EU_VSTRIDE_VXH;
            }
        }
        o->negate = gen_b(g);
        o->abs = gen_b(g);
    }
}

static inline uint32_t gen_float(G4Gen *g)
{
    float f;
    uint32_t v;

    if (g->oracle_safe || gen_b(g)) {
        f = ((int)gen_u(g, 4001) - 2000) / 8.0f;
        memcpy(&v, &f, 4);
        return v;
    }
    return gen_u(g, 0);
}

static inline void gen_imm(G4Gen *g, G4EuInst *in, G4EuOperand *o)
{
    static const uint8_t it[] = {
        G4_TYPE_UD, G4_TYPE_D, G4_TYPE_UW, G4_TYPE_W, G4_TYPE_F, G4_TYPE_F,
        G4_TYPE_V, G4_TYPE_VF,
    };

    memset(o, 0, sizeof(*o));
    o->file = G4_FILE_IMM;
    o->type = (G4EuType)it[gen_u(g, g->oracle_safe ? 7 : 8)];
    in->imm = gen_u(g, 0);
    if (o->type == G4_TYPE_UW || o->type == G4_TYPE_W) {
        in->imm = (in->imm & 0xffff) | (in->imm << 16);
    } else if (o->type == G4_TYPE_F) {
        in->imm = gen_float(g);
    }
}

/* Send function control that intel-gen4disasm shows completely. */
static inline uint16_t gen_send_fc(G4Gen *g, unsigned sfid)
{
    unsigned fc = gen_u(g, 0x10000);

    if (!g->oracle_safe && gen_b(g)) {
        return fc;
    }
    switch (sfid) {
    case G4_SFID_MATH:
        return (fc & 0xf0) | (1 + gen_u(g, 13));
    case G4_SFID_SAMPLER:
        return (fc & 0x0fff) | ((gen_b(g) ? 0 : 2 + gen_u(g, 2)) << 12);
    case G4_SFID_DP_READ:
        return fc & 0x3fff;
    case G4_SFID_DP_WRITE:
        return fc;
    case G4_SFID_URB:
        return (fc & 0xe3f0) | (gen_u(g, 3) << 10);
    default:
        return 0;
    }
}

/* Fill *in with a valid instruction; false when the draw was invalid. */
static inline bool gen_inst(G4Gen *g, G4EuInst *in)
{
    const G4EuOpInfo *oi;
    bool a16, send, flow;
    unsigned op;

    memset(in, 0, sizeof(*in));
    for (int tries = 0;; tries++) {
        op = tries < 16 ? gen_u(g, 128) : G4_OP_MOV;  /* bounded */
        oi = g4_eu_opcode_info(op);
        if (oi && op != 0 && !(g->oracle_safe &&
            (op == G4_OP_NENOP || op == G4_OP_CONT || op == G4_OP_HALT ||
             op == G4_OP_MOVI))) {
            break;
        }
    }
    in->opcode = (G4EuOpcode)op;
    if (op == G4_OP_NOP || op == G4_OP_NENOP) {
        in->exec_size = 1;
        return true;
    }
    send = op == G4_OP_SEND;
    flow = oi->flags & G4_EU_OPF_FLOW;
    a16 = !send && !gen_u(g, 3);
    in->access_mode = a16 ? G4_ALIGN16 : G4_ALIGN1;
    in->mask_control = gen_b(g);
    in->no_dd_clear = !gen_u(g, 4);
    in->no_dd_check = !gen_u(g, 4);
    in->compression = (G4EuCompression)gen_u(g, (a16 || send) ? 2 : 3);
    in->thread_control = gen_u(g, 4) ? G4_THREAD_NORMAL : G4_THREAD_SWITCH;
    in->pred_control = gen_b(g) ? G4_PRED_NONE
                                : (G4EuPredCtrl)(1 + gen_u(g, a16 ? 7 : 11));
    in->pred_inv = gen_b(g);
    in->exec_size = flow ? 1 : 1u << gen_u(g, 6);
    in->cond_modifier = send || gen_b(g) ? G4_COND_NONE
                                         : (G4EuCondMod)gen_u(g, 10);
    in->send_mrf = send ? gen_u(g, 16) : 0;
    in->debug = !gen_u(g, 8);
    in->saturate = !gen_u(g, 4);
    in->flag_subreg = gen_b(g);
    gen_reg(g, &in->dst, true, a16);
    gen_reg(g, &in->src0, false, a16);
    gen_reg(g, &in->src1, false, a16);
    if (in->dst.file == G4_FILE_MRF && in->compression == G4_COMPR_COMPR &&
        gen_b(g)) {
        in->dst.nr |= 0x80;     /* Compr4 */
    }
    if (send) {
        in->src1.file = G4_FILE_IMM;
        in->src1.type = G4_TYPE_D;
        if (!g->oracle_safe && !gen_u(g, 8)) {
            memset(&in->src1, 0, sizeof(in->src1));
            in->src1.file = G4_FILE_ARF;
            in->src1.nr = G4_ARF_ADDRESS;
            in->src1.type = G4_TYPE_UD;
            in->src1.width = 1;
        } else {
            in->send.sfid = gen_u(g, 8);
            in->send.function = gen_send_fc(g, in->send.sfid);
        }
        in->send.mlen = gen_u(g, 16);
        in->send.rlen = gen_u(g, 16);
        in->send.eot = gen_b(g);
        if (gen_b(g)) {
            memset(&in->src0, 0, sizeof(in->src0));
            in->src0.file = G4_FILE_ARF;
            in->src0.nr = G4_ARF_NULL;
        } else {
            in->src0.file = G4_FILE_GRF;
            in->src0.indirect = false;
            in->src0.nr = gen_u(g, 128);
            in->src0.vstride = 8;
            in->src0.width = 8;
            in->src0.hstride = 1;
        }
    } else if (oi->flags & G4_EU_OPF_BRANCH) {
        in->src1.file = G4_FILE_IMM;
        in->src1.type = G4_TYPE_D;
        in->jump_count = (int16_t)gen_u(g, 0x10000);
        in->pop_count = gen_u(g, 16);
        in->imm = (uint16_t)in->jump_count | (uint32_t)in->pop_count << 16;
    } else if (op == G4_OP_JMPI) {
        if (g->oracle_safe || gen_b(g)) {
            in->src1.file = G4_FILE_IMM;
            in->src1.type = G4_TYPE_D;
            in->imm = gen_b(g) ? gen_u(g, 0x10000)
                               : (uint32_t)(int32_t)(int16_t)gen_u(g, 0);
        }
    } else if (oi->nsrc == 2 && !gen_u(g, 3)) {
        gen_imm(g, in, &in->src1);
    } else if (oi->nsrc == 1 && !gen_u(g, 3)) {
        gen_imm(g, in, &in->src0);
    }
    g4_eu_canonicalize(in);
    return g4_eu_validate(in, NULL);
}

#endif
