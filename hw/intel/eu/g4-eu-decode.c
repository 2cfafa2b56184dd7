/*
 * Gen4 / G45 EU native instruction decoder and the opcode table.  Bit
 * positions come from the field table (include/hwgpu/intel/eu/
 * g4-eu-fields.def: seed 002 Tables 13-4..13-17, L9795-L10048); encoding
 * and validation are in g4-eu-encode.c, the rules on the decoded form in
 * g4-eu-check.c.  Every rule that rejects an encoding names the seed line
 * it comes from.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "g4-eu-codec.h"

#define F_FLOW   G4_EU_OPF_FLOW
#define F_SEND   G4_EU_OPF_SEND
#define F_BR     G4_EU_OPF_BRANCH
#define F_AR     G4_EU_OPF_ARITH
#define F_G4X    G4_EU_OPF_G4X

/*
 * Opcode table (seed-002.md 3.8, Table 13-21 L10097-L10264).  nsrc and
 * has_dst say which operands the assembly syntax shows; they follow
 * intel-gen4disasm except for cont and halt, whose jump count is shown
 * (their exitcode: L11225, L11752).
 */
static const G4EuOpInfo op_table[G4_EU_NUM_OPCODES] = {
    [G4_OP_MOV] = { "mov", 1, true, 0 },
    [G4_OP_SEL] = { "sel", 2, true, 0 },
    [G4_OP_MOVI] = { "movi", 2, true, F_G4X },
    [G4_OP_NOT] = { "not", 1, true, 0 },
    [G4_OP_AND] = { "and", 2, true, 0 },
    [G4_OP_OR] = { "or", 2, true, 0 },
    [G4_OP_XOR] = { "xor", 2, true, 0 },
    [G4_OP_SHR] = { "shr", 2, true, 0 },
    [G4_OP_SHL] = { "shl", 2, true, 0 },
    [G4_OP_ASR] = { "asr", 2, true, 0 },
    [G4_OP_CMP] = { "cmp", 2, true, 0 },
    [G4_OP_CMPN] = { "cmpn", 2, true, 0 },
    [G4_OP_JMPI] = { "jmpi", 0, false, F_FLOW },
    [G4_OP_IF] = { "if", 2, false, F_FLOW | F_BR },
    [G4_OP_IFF] = { "iff", 2, true, F_FLOW | F_BR },
    [G4_OP_ELSE] = { "else", 2, false, F_FLOW | F_BR },
    [G4_OP_ENDIF] = { "endif", 2, false, F_FLOW | F_BR },
    [G4_OP_DO] = { "do", 0, false, F_FLOW },
    [G4_OP_WHILE] = { "while", 2, false, F_FLOW | F_BR },
    [G4_OP_BREAK] = { "break", 2, false, F_FLOW | F_BR },
    [G4_OP_CONT] = { "cont", 2, false, F_FLOW | F_BR },
    [G4_OP_HALT] = { "halt", 2, false, F_FLOW | F_BR },
    [G4_OP_MSAVE] = { "msave", 1, true, F_FLOW },
    [G4_OP_MREST] = { "mrest", 1, true, F_FLOW },
    [G4_OP_PUSH] = { "push", 1, true, F_FLOW },
    [G4_OP_POP] = { "pop", 2, false, F_FLOW },
    [G4_OP_WAIT] = { "wait", 1, false, 0 },
    [G4_OP_SEND] = { "send", 1, true, F_SEND },
    [G4_OP_ADD] = { "add", 2, true, F_AR },
    [G4_OP_MUL] = { "mul", 2, true, F_AR },
    [G4_OP_AVG] = { "avg", 2, true, F_AR },
    [G4_OP_FRC] = { "frc", 1, true, F_AR },
    [G4_OP_RNDU] = { "rndu", 1, true, F_AR },
    [G4_OP_RNDD] = { "rndd", 1, true, F_AR },
    [G4_OP_RNDE] = { "rnde", 1, true, F_AR },
    [G4_OP_RNDZ] = { "rndz", 1, true, F_AR },
    [G4_OP_MAC] = { "mac", 2, true, F_AR },
    [G4_OP_MACH] = { "mach", 2, true, F_AR },
    [G4_OP_LZD] = { "lzd", 1, true, F_AR },
    [G4_OP_SAD2] = { "sad2", 2, true, F_AR },
    [G4_OP_SADA2] = { "sada2", 2, true, F_AR },
    [G4_OP_DP4] = { "dp4", 2, true, F_AR },
    [G4_OP_DPH] = { "dph", 2, true, F_AR },
    [G4_OP_DP3] = { "dp3", 2, true, F_AR },
    [G4_OP_DP2] = { "dp2", 2, true, F_AR },
    [G4_OP_LINE] = { "line", 2, true, F_AR },
    [G4_OP_PLN] = { "pln", 2, true, F_AR | F_G4X },
    [G4_OP_NENOP] = { "nenop", 0, false, F_G4X },
    [G4_OP_NOP] = { "nop", 0, false, 0 },
};

const G4EuOpInfo *g4_eu_opcode_info(unsigned opcode)
{
    const G4EuOpInfo *oi = &op_table[opcode & 0x7f];

    return oi->name ? oi : NULL;
}

unsigned g4_eu_type_size(G4EuType t)
{
    switch (t) {
    case G4_TYPE_UD:
    case G4_TYPE_D:
    case G4_TYPE_F:
    case G4_TYPE_VF:
        return 4;
    case G4_TYPE_UW:
    case G4_TYPE_W:
    case G4_TYPE_V:
        return 2;
    default:
        return 1;
    }
}

const SrcFields g4_eu_src_fields[2] = {
    SRC_FIELDS(SRC0), SRC_FIELDS(SRC1),
};

/* Region encodings (Table 13-3, L9768-L9774). */
static const uint8_t vstride_val[16] = {
    0, 1, 2, 4, 8, 16, 32, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe,
    G4_EU_VSTRIDE_VXH,
};

/* ---- operand decode ---- */

static void decode_dst(const uint32_t *dw, bool a16, G4EuOperand *o)
{
    o->indirect = GET(dw, DST_ADDR_MODE);
    o->hstride = (1u << GET(dw, DST_HSTRIDE)) >> 1;
    o->writemask = 0xf;
    if (!o->indirect) {
        o->nr = GET(dw, DST_DA_REG_NR);
        if (a16) {
            o->subnr = GET(dw, DST_DA16_SUBREG_NR) * 16;
            o->writemask = GET(dw, DST_A16_WRITEMASK);
        } else {
            o->subnr = GET(dw, DST_DA1_SUBREG_NR);
        }
    } else {
        o->addr_subnr = GET(dw, DST_IA_SUBREG_NR);
        if (a16) {
            o->addr_imm = sext(GET(dw, DST_IA16_ADDR_IMM) << 4, 10);
            o->writemask = GET(dw, DST_A16_WRITEMASK);
        } else {
            o->addr_imm = sext(GET(dw, DST_IA1_ADDR_IMM), 10);
        }
    }
}

/* Source n's region (DW2 for src0, DW3 for src1; Tables 13-10..13-17). */
static bool decode_src(const uint32_t *dw, int n, bool a16, G4EuOperand *o,
                       const char **why)
{
    const SrcFields *f = &g4_eu_src_fields[n];
    unsigned vs = g4_eu_get(dw, f->vstride);

    if (vs >= 7 && vs <= 14) {
        FAIL("reserved VertStride encoding (L9768)");
    }
    if (a16 && vs != 0 && vs != 3 && vs != 0xf) {
        FAIL("Align16 VertStride must be 0 or 4 (L9768)");
    }
    if (!a16 && g4_eu_get(dw, f->a1_width) > 4) {
        FAIL("reserved Width encoding (L9772)");
    }
    o->indirect = g4_eu_get(dw, f->addr_mode);
    o->abs = g4_eu_get(dw, f->abs);
    o->negate = g4_eu_get(dw, f->negate);
    o->vstride = vstride_val[vs];
    if (a16) {
        o->width = 4;
        o->hstride = 1;
        for (int i = 0; i < 4; i++) {
            o->swizzle[i] = g4_eu_get(dw, f->swz[i]);
        }
    } else {
        o->width = 1u << g4_eu_get(dw, f->a1_width);
        o->hstride = (1u << g4_eu_get(dw, f->a1_hstride)) >> 1;
        for (int i = 0; i < 4; i++) {
            o->swizzle[i] = i;
        }
    }
    if (!o->indirect) {
        o->nr = g4_eu_get(dw, f->da_reg);
        o->subnr = a16 ? g4_eu_get(dw, f->da16_subreg) * 16
                       : g4_eu_get(dw, f->da1_subreg);
    } else {
        o->addr_subnr = g4_eu_get(dw, f->ia_subreg);
        o->addr_imm = a16 ? sext(g4_eu_get(dw, f->ia16_imm) << 4, 10)
                          : sext(g4_eu_get(dw, f->ia1_imm), 10);
    }
    return true;
}

static void fill_views(G4EuInst *in)
{
    const G4EuOpInfo *oi = g4_eu_opcode_info(in->opcode);
    uint32_t dw[4] = { 0, 0, 0, in->imm };     /* the immediate is DW3 */

    if (in->opcode == G4_OP_SEND && in->src1.file == G4_FILE_IMM) {
        in->send.eot = GET(dw, SEND_EOT);
        in->send.sfid = GET(dw, SEND_SFID);
        in->send.mlen = GET(dw, SEND_MLEN);
        in->send.rlen = GET(dw, SEND_RLEN);
        in->send.function = GET(dw, SEND_FUNCTION);
    }
    if (oi && (oi->flags & G4_EU_OPF_BRANCH) &&
        in->src1.file == G4_FILE_IMM) {
        in->jump_count = (int16_t)GET(dw, JUMP_COUNT);
        in->pop_count = GET(dw, POP_COUNT);
    }
    if (in->opcode == G4_OP_JMPI && in->src1.file == G4_FILE_IMM) {
        in->jump_count = (int16_t)GET(dw, JUMP_COUNT);
    }
}

bool g4_eu_jump_offset(const G4EuInst *in, int32_t *bytes)
{
    const G4EuOpInfo *oi = g4_eu_opcode_info(in->opcode);

    if (!oi || in->src1.file != G4_FILE_IMM) {
        return false;
    }
    if (in->opcode == G4_OP_JMPI) {
        /* post-incremented IP (L11925) */
        *bytes = ((int32_t)(int16_t)in->imm + 1) * 16;
        return true;
    }
    if (oi->flags & G4_EU_OPF_BRANCH) {
        /* Jump(n): IP += n * 16 from this instruction (L10619-L10626) */
        *bytes = (int32_t)in->jump_count * 16;
        return true;
    }
    return false;
}

void g4_eu_set_imm(G4EuInst *in, uint32_t imm)
{
    in->imm = imm;
    fill_views(in);
}

/* ---- whole instruction ---- */

bool g4_eu_decode(const uint32_t dw[4], G4EuInst *out, const char **why)
{
    G4EuInst *in = out;
    const G4EuOpInfo *oi;
    bool a16, send, imm0, imm1;
    unsigned es;

    memset(in, 0, sizeof(*in));
    in->opcode = (G4EuOpcode)GET(dw, OPCODE);
    oi = g4_eu_opcode_info(in->opcode);
    if (in->opcode == G4_OP_ILLEGAL) {
        FAIL("opcode 0x00 is 'illegal' and raises an exception (L9340)");
    }
    if (!oi) {
        FAIL("undefined opcode (Table 13-21 L10097-L10264)");
    }
    if (GET(dw, DW0_RSVD)) {
        FAIL("DW0 bit 7 is reserved MBZ (L9811)");
    }
    if (GET(dw, COMPACT_CONTROL)) {
        FAIL("compacted instruction (CompactCtrl, L10085): not native");
    }
    if (GET(dw, MASK_CONTROL_EX)) {
        FAIL("MaskCtrlEx set: [MaskCtrlEx,MaskCtrl] 1x is reserved (L9841)");
    }
    a16 = GET(dw, ACCESS_MODE);
    in->access_mode = a16 ? G4_ALIGN16 : G4_ALIGN1;
    in->mask_control = GET(dw, MASK_CONTROL);
    in->no_dd_clear = GET(dw, NO_DD_CLEAR);
    in->no_dd_check = GET(dw, NO_DD_CHECK);
    in->compression = (G4EuCompression)GET(dw, COMPRESSION);
    if (in->compression == 3) {
        FAIL("ComprCtrl 11 is reserved (L9835)");
    }
    in->thread_control = (G4EuThreadCtrl)GET(dw, THREAD_CONTROL);
    if (in->thread_control == 1 || in->thread_control == 3) {
        FAIL("ThreadCtrl 01/11 is reserved (L9834)");
    }
    in->pred_control = (G4EuPredCtrl)GET(dw, PRED_CONTROL);
    if (in->pred_control > (a16 ? G4_PRED_ALL4H : G4_PRED_ALL16H)) {
        FAIL("reserved PredCtrl encoding for this access mode (L9829)");
    }
    in->pred_inv = GET(dw, PRED_INV);
    es = GET(dw, EXEC_SIZE);
    if (es > 5) {
        FAIL("ExecSize 110/111 is reserved (L9822)");
    }
    in->exec_size = 1u << es;
    send = in->opcode == G4_OP_SEND;
    if (send) {
        in->send_mrf = GET(dw, SEND_MRF);
    } else {
        in->cond_modifier = (G4EuCondMod)GET(dw, COND_MODIFIER);
        if (in->cond_modifier > G4_COND_U) {
            FAIL("CondModifier 1010-1111 is reserved (L9749)");
        }
    }
    in->debug = GET(dw, DEBUG);
    in->saturate = GET(dw, SATURATE);
    if (a16 && in->compression == G4_COMPR_COMPR) {
        FAIL("Align16 instructions cannot be compressed (L8807)");
    }
    if (in->opcode == G4_OP_NOP || in->opcode == G4_OP_NENOP) {
        if ((dw[0] & ~g4_eu_dword_mask(G4F_OPCODE)) || dw[1] || dw[2] ||
            dw[3]) {
            FAIL("nop/nenop with control or operand fields: non-present "
                 "operands must be null (L9183)");
        }
        return true;
    }

    /* DW1: files and types (L9857-L9866). */
    if (GET(dw, DW1_RSVD)) {
        FAIL("DW1 bit 47 is reserved MBZ (Table 13-5)");
    }
    in->dst.file = (G4EuRegFile)GET(dw, DST_FILE);
    in->src0.file = (G4EuRegFile)GET(dw, SRC0_FILE);
    in->src1.file = (G4EuRegFile)GET(dw, SRC1_FILE);
    imm0 = in->src0.file == G4_FILE_IMM;
    imm1 = in->src1.file == G4_FILE_IMM;
    if (in->dst.file == G4_FILE_IMM) {
        FAIL("an immediate cannot be a destination (L9862)");
    }
    if (imm0 && imm1) {
        FAIL("only one 32-bit immediate per instruction (L9775)");
    }
    if (!type_from_hw(GET(dw, DST_TYPE), false, &in->dst.type)) {
        FAIL("reserved destination type encoding 110 (L9857)");
    }
    if (!type_from_hw(GET(dw, SRC0_TYPE), imm0, &in->src0.type)) {
        FAIL("reserved src0 type encoding (L9857)");
    }
    /* A non-present src1 after an immediate src0 carries src0's type,
     * from the immediate encoding (L9184). */
    if (!type_from_hw(GET(dw, SRC1_TYPE), imm1 || imm0,
                      &in->src1.type)) {
        FAIL("reserved src1 type encoding (L9857)");
    }

    decode_dst(dw, a16, &in->dst);
    in->flag_subreg = GET(dw, FLAG_SUBREG_NR);
    if (GET(dw, DW2_RSVD)) {
        FAIL("DW2 bits 95:90 are reserved MBZ (Table 13-10)");
    }
    if (imm0) {
        if (dw[2] & ~g4_eu_dword_mask(G4F_FLAG_SUBREG_NR)) {
            FAIL("src0 is an immediate but DW2 holds src0 region bits "
                 "(L9775)");
        }
        in->imm = GET(dw, IMM32);
    } else {
        if (!decode_src(dw, 0, a16, &in->src0, why)) {
            return false;
        }
        if (a16 && GET(dw, SRC0_A16_RSVD)) {
            FAIL("Align16 src0 bit 84 is reserved (Table 13-11)");
        }
    }
    if (imm1) {
        in->imm = GET(dw, IMM32);
    } else if (!imm0) {
        uint32_t w[4] = { dw[0], dw[1], dw[2], dw[3] };

        if (send && in->src1.file == G4_FILE_ARF) {
            in->send.eot = GET(w, SEND_EOT);
            SET(w, SEND_EOT, 0);
        }
        if (GET(w, DW3_RSVD)) {
            FAIL("DW3 bits 127:121 are reserved MBZ (Table 13-14)");
        }
        if (a16 && GET(w, SRC1_A16_RSVD)) {
            FAIL("Align16 src1 bit 116 is reserved (Table 13-15)");
        }
        if (!decode_src(w, 1, a16, &in->src1, why)) {
            return false;
        }
    }
    if (!g4_eu_check_inst(in, why)) {
        return false;
    }
    fill_views(in);
    return true;
}

