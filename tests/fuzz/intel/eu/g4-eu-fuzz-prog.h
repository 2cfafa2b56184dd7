/*
 * The kernels and thread set-up of the EU execution fuzz target
 * (fuzz-g4-eu-exec.c), shared with the fast-path differential test
 * (tests/unit/intel/eu/test-g4-eu-fast.c), which runs the same inputs
 * through both paths.  Input: 64 bytes of thread set-up (masks, cr0, a0,
 * flags, GRF seed) then 16-byte instruction records.  A record that
 * decodes is used as it is; otherwise its bytes build a G4EuInst field
 * by field, which is used (encoded) if it validates.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_G4_EU_FUZZ_PROG_H
#define HWGPU_TESTS_G4_EU_FUZZ_PROG_H

#include <stdint.h>
#include <string.h>

#include "hwgpu/intel/eu/g4-eu.h"

#define FUZZ_EU_MAX_INSTS 256

static const uint8_t opcodes[] = {
    G4_OP_MOV, G4_OP_SEL, G4_OP_NOT, G4_OP_AND, G4_OP_OR, G4_OP_XOR,
    G4_OP_SHR, G4_OP_SHL, G4_OP_ASR, G4_OP_CMP, G4_OP_CMPN, G4_OP_JMPI,
    G4_OP_IF, G4_OP_IFF, G4_OP_ELSE, G4_OP_ENDIF, G4_OP_DO, G4_OP_WHILE,
    G4_OP_BREAK, G4_OP_CONT, G4_OP_HALT, G4_OP_SEND, G4_OP_ADD, G4_OP_MUL,
    G4_OP_AVG, G4_OP_FRC, G4_OP_RNDU, G4_OP_RNDD, G4_OP_RNDE, G4_OP_RNDZ,
    G4_OP_MAC, G4_OP_MACH, G4_OP_LZD, G4_OP_SAD2, G4_OP_SADA2, G4_OP_DP4,
    G4_OP_DPH, G4_OP_DP3, G4_OP_DP2, G4_OP_LINE, G4_OP_PLN, G4_OP_NOP,
    G4_OP_MOVI, G4_OP_WAIT, G4_OP_PUSH,
};
static const uint8_t types[] = {
    G4_TYPE_UD, G4_TYPE_D, G4_TYPE_UW, G4_TYPE_W, G4_TYPE_UB, G4_TYPE_B,
    G4_TYPE_F, G4_TYPE_F, G4_TYPE_F,
};
static const uint8_t strides[] = { 0, 1, 2, 4, 8, 16 };
static const uint8_t widths[] = { 1, 2, 4, 8, 16 };
static const uint8_t execs[] = { 1, 2, 4, 8, 8, 16, 16 };
static const uint8_t arfs[] = {
    G4_ARF_NULL, G4_ARF_ADDRESS, G4_ARF_ACC, G4_ARF_ACC | 1, G4_ARF_FLAG,
    G4_ARF_MASK, G4_ARF_MSTACK, G4_ARF_CONTROL, G4_ARF_IP,
};

static void fuzz_operand(G4EuOperand *o, const uint8_t *b, bool dst)
{
    memset(o, 0, sizeof(*o));
    o->file = b[0] & 3;
    if (dst && o->file == G4_FILE_IMM) {
        o->file = G4_FILE_GRF;
    }
    o->type = types[b[1] % sizeof(types)];
    o->indirect = (b[0] >> 2) == 7;
    o->nr = o->file == G4_FILE_ARF ? arfs[b[2] % sizeof(arfs)]
            : o->file == G4_FILE_MRF ? b[2] & 15 : b[2] & 127;
    o->subnr = (b[3] & 31) & ~(g4_eu_type_size(o->type) - 1);
    o->addr_subnr = b[3] & 7;
    o->addr_imm = (int16_t)(((int)b[3] - 128) * 4);
    o->vstride = strides[(b[0] >> 4) % sizeof(strides)];
    o->width = widths[(b[1] >> 4) % sizeof(widths)];
    o->hstride = (b[1] >> 3) & 1 ? 1 : (b[0] >> 3) & 1 ? 0 : 2;
    if (dst && o->hstride == 0) {
        o->hstride = 1;
    }
    for (int i = 0; i < 4; i++) {
        o->swizzle[i] = (b[2] >> (2 * i)) & 3;
    }
    o->writemask = (b[3] & 15) | 1;
    o->negate = !dst && ((b[2] >> 7) & 1);
    o->abs = !dst && ((b[3] >> 7) & 1);
}

/* Steer a random instruction towards the valid encodings. */
static void fuzz_fixup(G4EuInst *in)
{
    const G4EuOpInfo *oi = g4_eu_opcode_info(in->opcode);
    bool flow = oi && (oi->flags & G4_EU_OPF_BRANCH);
    G4EuOperand *ops[3] = { &in->dst, &in->src0, &in->src1 };

    for (int k = 0; k < 3; k++) {
        if (ops[k]->file == G4_FILE_MRF && (k > 0 || ops[k]->indirect)) {
            ops[k]->file = G4_FILE_GRF;
            ops[k]->nr &= 127;
        }
        if (in->access_mode == G4_ALIGN16) {
            ops[k]->vstride = ops[k]->vstride ? 4 : 0;
            ops[k]->subnr &= 16;
            ops[k]->addr_imm &= ~15;
        }
    }
    if (in->src0.file == G4_FILE_IMM) {
        G4EuOperand tmp = in->src0;

        in->src0 = in->src1;
        in->src1 = tmp;
        if (in->src0.file == G4_FILE_IMM) {
            in->src0.file = G4_FILE_GRF;
        }
    }
    if (in->src1.file == G4_FILE_IMM && g4_eu_type_size(in->src1.type) == 2) {
        in->imm = (in->imm & 0xffff) * 0x10001u;
    }
    if (in->src1.file == G4_FILE_IMM && g4_eu_type_size(in->src1.type) == 1) {
        in->src1.type = G4_TYPE_UD;
    }
    if (in->access_mode == G4_ALIGN16 || in->opcode == G4_OP_SEND || flow) {
        in->compression = G4_COMPR_NONE;
    }
    if (oi && oi->nsrc < 2 && !flow && in->opcode != G4_OP_SEND) {
        in->src1.file = G4_FILE_ARF;
        in->src1.nr = G4_ARF_NULL;
        in->src1.type = in->src0.type;
        in->src1.indirect = false;
    }
    if (flow || in->opcode == G4_OP_SEND) {
        uint32_t imm = in->opcode == G4_OP_SEND ?
            ((uint32_t)in->send.sfid << 24 | (uint32_t)in->send.mlen << 20 |
             (uint32_t)in->send.rlen << 16 | in->send.function |
             (uint32_t)in->send.eot << 31) :
            ((uint32_t)in->pop_count << 16 | (uint16_t)in->jump_count);

        in->src1.file = G4_FILE_IMM;
        in->src1.type = G4_TYPE_D;
        in->src1.indirect = false;
        g4_eu_set_imm(in, imm);
    }
    g4_eu_canonicalize(in);
}

static void fuzz_build(const uint8_t *b, uint32_t dw[4])
{
    G4EuInst in;
    const char *why;

    memset(&in, 0, sizeof(in));
    in.opcode = opcodes[b[0] % sizeof(opcodes)];
    in.access_mode = (b[1] & 7) == 0 ? G4_ALIGN16 : G4_ALIGN1;
    in.mask_control = (b[1] >> 3) & 1;
    in.compression = (b[1] >> 4) % 5 == 0 ? G4_COMPR_COMPR
                     : (b[1] >> 4) % 7 == 1 ? G4_COMPR_SECHALF
                     : G4_COMPR_NONE;
    in.pred_control = (b[2] & 3) ? 0 : (b[2] >> 2) % 12;
    in.pred_inv = (b[2] >> 6) & 1;
    in.exec_size = execs[b[3] % sizeof(execs)];
    in.cond_modifier = (b[3] >> 3) % 16 < 10 ? (b[3] >> 3) % 10 : 0;
    in.saturate = (b[3] >> 7) & 1;
    in.flag_subreg = (b[2] >> 7) & 1;
    in.send_mrf = b[4] & 15;
    fuzz_operand(&in.dst, b + 4, true);
    fuzz_operand(&in.src0, b + 8, false);
    fuzz_operand(&in.src1, b + 12, false);
    in.imm = (uint32_t)b[12] | (uint32_t)b[13] << 8 |
             (uint32_t)b[14] << 16 | (uint32_t)b[15] << 24;
    in.send.sfid = b[13] & 7;
    in.send.mlen = 1 + (b[14] & 7);
    in.send.rlen = b[14] >> 5;
    in.send.function = b[15] | (uint16_t)b[12] << 8;
    in.send.eot = (b[13] & 0x38) == 0x38;
    in.jump_count = (int8_t)b[15] % 8;
    in.pop_count = b[14] & 3;
    fuzz_fixup(&in);
    if (!g4_eu_validate(&in, &why)) {
        /* fall back to a plain move between the named registers */
        G4EuOperand d = in.dst, s0 = in.src0;

        memset(&in, 0, sizeof(in));
        in.opcode = G4_OP_MOV;
        in.exec_size = 8;
        in.dst = d;
        in.dst.file = G4_FILE_GRF;
        in.dst.indirect = false;
        in.dst.hstride = 1;
        in.dst.subnr = 0;
        in.dst.nr &= 127;
        in.src0 = s0;
        in.src0.nr &= 127;
        in.src0.file = G4_FILE_GRF;
        in.src0.indirect = false;
        in.src0.subnr = 0;
        in.src0.vstride = 8;
        in.src0.width = 8;
        in.src0.hstride = 1;
        in.src1.file = G4_FILE_ARF;
        in.src1.nr = G4_ARF_NULL;
        in.src1.type = in.src0.type;
        g4_eu_canonicalize(&in);
        if (!g4_eu_validate(&in, &why)) {
            return;
        }
    }
    g4_eu_encode(&in, dw);
}

/*
 * Set t up from the first 64 bytes of data and build the kernel from the
 * rest into words (FUZZ_EU_MAX_INSTS x 4 dwords); returns the number of
 * instructions, 0 when the input is too short.
 */
static inline unsigned fuzz_eu_input(const uint8_t *data, size_t size,
                                     G4EuThread *t, uint32_t *words)
{
    unsigned n;

    if (size < 64 + 16) {
        return 0;
    }
    g4_eu_thread_init(t, data[0] | data[1] << 8, data[2] & 7);
    for (unsigned i = 0; i < G4_EU_GRF_BYTES; i++) {
        t->grf[i] = data[4 + i % 60] ^ (uint8_t)(i * 37);
    }
    memcpy(t->a0, data + 4, sizeof(t->a0));
    memcpy(t->f0, data + 20, sizeof(t->f0));
    data += 64;
    size -= 64;
    n = size / 16 > FUZZ_EU_MAX_INSTS ? FUZZ_EU_MAX_INSTS : size / 16;
    for (unsigned i = 0; i < n; i++) {
        G4EuInst in;

        memcpy(&words[4 * i], data + 16 * i, 16);
        if (!g4_eu_decode(&words[4 * i], &in, NULL)) {
            fuzz_build(data + 16 * i, &words[4 * i]);
        }
    }
    return n;
}

#endif
