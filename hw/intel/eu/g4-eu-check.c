/*
 * G45 EU codec: the rules an instruction's decoded form must follow -
 * operand files, types, regions and immediates per opcode (seed 002
 * chapters 11, 13 and 14; the "Lnnnn" are the seed's lines).  Shared by
 * the decoder and by validation (g4-eu-decode.c, g4-eu-encode.c).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "g4-eu-codec.h"

/* Checks shared by every register operand that the syntax shows. */
static bool check_reg(const G4EuOperand *o, bool is_dst, bool a16,
                      const char **why)
{
    unsigned sz = g4_eu_type_size(o->type);

    if (o->type == G4_TYPE_V || o->type == G4_TYPE_VF) {
        FAIL("V/VF types exist only for immediates (L9857)");
    }
    if (o->indirect) {
        /* Indirect addressing reaches the GRF, and the MRF as a
         * destination on CTG (L8353-L8411, Table 11-4 L7542). */
        if (o->file != G4_FILE_GRF &&
            !(is_dst && o->file == G4_FILE_MRF)) {
            FAIL("indirect addressing of a register file other than "
                 "GRF (L8353)");
        }
        if (o->vstride == G4_EU_VSTRIDE_VXH && a16) {
            FAIL("VxH/Vx1 regions are Align1 only (L9768)");
        }
        return true;
    }
    if (o->vstride == G4_EU_VSTRIDE_VXH) {
        FAIL("vertical stride 0xF needs indirect addressing (L9768)");
    }
    if (o->subnr % sz) {
        FAIL("sub-register not aligned to the operand type (L8418)");
    }
    if (o->file == G4_FILE_ARF && !arf_exists(o->nr)) {
        FAIL("reserved architecture register number (L7558-L7571)");
    }
    if (o->file == G4_FILE_MRF) {
        if (!is_dst) {
            FAIL("the MRF is write-only, not a source (L7511)");
        }
    }
    return true;
}


/*
 * A non-present operand: ARF null or ip, direct (L9183); wait's hidden
 * destination is its notification register (L13562-L13600).
 */
static bool hidden_ok(const G4EuOperand *o)
{
    return op_hidden_name(o) || is_reg_named(o, G4_ARF_NOTIFY) ||
           is_reg_named(o, G4_ARF_NOTIFY + 1);
}

/* Rules on the decoded form. */
bool g4_eu_check_inst(const G4EuInst *in, const char **why)
{
    const G4EuOpInfo *oi = g4_eu_opcode_info(in->opcode);
    bool a16 = in->access_mode == G4_ALIGN16;
    bool send = in->opcode == G4_OP_SEND;
    bool imm0 = in->src0.file == G4_FILE_IMM;
    bool imm1 = in->src1.file == G4_FILE_IMM;
    bool dst_shown, src0_shown, src1_shown;

    if (!oi || in->opcode == G4_OP_ILLEGAL) {
        FAIL("undefined opcode (Table 13-21 L10097-L10264)");
    }
    if (in->opcode == G4_OP_NOP || in->opcode == G4_OP_NENOP) {
        return true;
    }
    if (log2_exact(in->exec_size) < 0 || in->exec_size > 32) {
        FAIL("ExecSize must be 1, 2, 4, 8, 16 or 32 (L9822)");
    }
    dst_shown = oi->has_dst;
    src0_shown = oi->nsrc >= 1;
    src1_shown = oi->nsrc >= 2 || in->opcode == G4_OP_JMPI || send;
    if (in->dst.file == G4_FILE_IMM) {
        FAIL("an immediate cannot be a destination (L9862)");
    }
    if (imm0 && imm1) {
        FAIL("only one 32-bit immediate per instruction (L9775)");
    }
    if (imm0 && oi->nsrc > 1) {
        FAIL("binary operations only support src1 as immediate (L9775)");
    }
    if (imm0 && in->src1.file != G4_FILE_ARF) {
        FAIL("src1 must be ARF when src0 is an immediate (L9184)");
    }
    if (!src0_shown && imm0) {
        FAIL("immediate in an instruction without sources (L9183)");
    }
    if (imm1 && oi->nsrc < 2 && !send && in->opcode != G4_OP_JMPI) {
        FAIL("immediate src1 in a one-source instruction (L9184)");
    }
    /* Register operands. */
    if (dst_shown && !check_reg(&in->dst, true, a16, why)) {
        return false;
    }
    if (!imm0 && src0_shown && !check_reg(&in->src0, false, a16, why)) {
        return false;
    }
    if (!imm1 && !imm0 && src1_shown &&
        !check_reg(&in->src1, false, a16, why)) {
        return false;
    }
    if (!dst_shown && in->dst.file == G4_FILE_MRF) {
        FAIL("MRF destination for an instruction without one (L9183)");
    }
    if (in->dst.file == G4_FILE_MRF && !in->dst.indirect) {
        /* m0-m15 (L7511); RegNum bit 7 with Compr means Compr4
         * (L8750, L10534: CTG only). */
        bool compr4 = in->compression == G4_COMPR_COMPR &&
                      (in->dst.nr & 0x80);
        if ((in->dst.nr & (compr4 ? 0x70 : 0xf0))) {
            FAIL("MRF register number above 15 (L7511)");
        }
    }
    if (dst_shown && !op_hidden_name(&in->dst) && !a16 &&
        in->dst.hstride == 0) {
        FAIL("destination HorzStride 0 is not allowed (L8455-L8456)");
    }
    if (in->dst.hstride != 0 && hstride_enc(in->dst.hstride) > 3) {
        FAIL("bad destination HorzStride (L9774)");
    }
    if (in->dst.indirect && in->dst.file != G4_FILE_GRF &&
        in->dst.file != G4_FILE_MRF) {
        FAIL("indirect destination outside GRF/MRF (L8353)");
    }
    /* Immediates. */
    if (imm0 || imm1) {
        G4EuType t = imm0 ? in->src0.type : in->src1.type;

        if (t == G4_TYPE_UB || t == G4_TYPE_B) {
            FAIL("byte immediates are not allowed (L9857)");
        }
        if ((t == G4_TYPE_UW || t == G4_TYPE_W) &&
            (in->imm >> 16) != (in->imm & 0xffff) && !send &&
            !(oi->flags & G4_EU_OPF_BRANCH)) {
            FAIL("word immediate not replicated in both halves (L9775)");
        }
    }
    if (send) {
        /*
         * L13380 calls a compressed send undefined, yet Mesa's SIMD16 pixel
         * shaders on G45 mark their render-target writes compressed (the
         * whole SIMD16 program is).  The hardware takes the EMask of all
         * 16 channels then, as for an uncompressed SIMD16 send, and so do
         * we (the execution mask ignores compression for sends).
         */
        if (imm1) {
            uint32_t desc[4] = { 0, 0, 0, in->imm };

            if (in->src1.type != G4_TYPE_UD && in->src1.type != G4_TYPE_D) {
                FAIL("send descriptor immediate must be UD/D (L13388)");
            }
            if (GET(desc, SEND_RSVD)) {
                FAIL("send descriptor bits 30:28 are reserved "
                     "(Table 14-15 L13388)");
            }
            if (GET(desc, SEND_SFID) > 7) {
                FAIL("reserved SFID 8-15 (L13396)");
            }
        } else if (!is_reg_named(&in->src1, G4_ARF_ADDRESS) ||
                   in->src1.subnr != 0) {
            FAIL("send descriptor register must be a0.0 (L13388)");
        }
        if (in->src0.file != G4_FILE_GRF &&
            !is_reg_named(&in->src0, G4_ARF_NULL)) {
            FAIL("send src0 must be a GRF or null (L13338)");
        }
    }
    if (in->opcode == G4_OP_JMPI && imm1) {
        /*
         * exitcode: a D whose valid range is [-32768, 32767]; hardware
         * uses bits 15:0 (L11925-L11960).  Bits 31:16 are accepted as
         * zero (the table's MBZ) or as the sign extension.
         */
        int32_t v = (int32_t)in->imm;

        if (in->src1.type != G4_TYPE_D ||
            ((in->imm >> 16) && (v < -32768 || v > 32767))) {
            FAIL("jmpi index must be a D immediate in [-32768, 32767] "
                 "or 16 bits (L11925-L11960)");
        }
    }
    if (oi->flags & G4_EU_OPF_BRANCH) {
        if (!imm1 || in->src1.type != G4_TYPE_D) {
            FAIL("flow-control exitcode must be a D immediate in src1 "
                 "(L11086, L11604)");
        }
        if (in->imm >> 20) {
            FAIL("flow-control exitcode bits 31:20 are not defined "
                 "(jump 15:0, pop 19:16; L11086-L11089)");
        }
    }
    if (!dst_shown && !hidden_ok(&in->dst)) {
        /* Flow control ignores its dst; Mesa's Gen4 ENDIF names r0
         * there (seed-002.md 3.9). */
        if (!(oi->flags & G4_EU_OPF_FLOW) || in->dst.indirect ||
            in->dst.file == G4_FILE_MRF ||
            !check_reg(&in->dst, true, a16, why)) {
            FAIL("non-present destination must be null (or ip) (L9183)");
        }
    }
    if (!src0_shown && !imm0 && !hidden_ok(&in->src0)) {
        FAIL("non-present src0 must be null (or ip) (L9183)");
    }
    if (!src1_shown && !imm1 && !hidden_ok(&in->src1)) {
        FAIL("non-present src1 must be null (L9183-L9184)");
    }
    return true;
}
