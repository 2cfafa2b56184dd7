/*
 * Gen4 / G45 EU native instruction decoder, validator and encoder.
 * Bit positions: seed 002 Tables 13-4..13-17 (L9795-L10048), summarised in
 * include/hwgpu/intel/eu/g4-eu-inst.h.  Every rule that rejects an encoding
 * names the seed line it comes from.
 */
#include <string.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"
#include "hwgpu/intel/eu/g4-eu-fields.h"

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

#define FAIL(msg) do { if (why) { *why = (msg); } return false; } while (0)

/* ---- fields (include/hwgpu/intel/eu/g4-eu-fields.def) ---- */

#define GET(dw, f) g4_eu_get((dw), G4F_##f)
#define SET(dw, f, v) g4_eu_set((dw), G4F_##f, (v))

/* A source operand's fields: src0 lives in DW2, src1 in DW3. */
typedef struct SrcFields {
    G4EuField da1_subreg, da16_subreg, da_reg, ia1_imm, ia16_imm, ia_subreg;
    G4EuField abs, negate, addr_mode, a1_hstride, a1_width;
    G4EuField swz[4], a16_rsvd, vstride;
} SrcFields;

#define SRC_FIELDS(S) {                                                     \
        G4F_##S##_DA1_SUBREG_NR, G4F_##S##_DA16_SUBREG_NR,                  \
        G4F_##S##_DA_REG_NR, G4F_##S##_IA1_ADDR_IMM,                        \
        G4F_##S##_IA16_ADDR_IMM, G4F_##S##_IA_SUBREG_NR, G4F_##S##_ABS,     \
        G4F_##S##_NEGATE, G4F_##S##_ADDR_MODE, G4F_##S##_A1_HSTRIDE,        \
        G4F_##S##_A1_WIDTH,                                                 \
        { G4F_##S##_A16_SWZ_X, G4F_##S##_A16_SWZ_Y, G4F_##S##_A16_SWZ_Z,    \
          G4F_##S##_A16_SWZ_W },                                            \
        G4F_##S##_A16_RSVD, G4F_##S##_VSTRIDE,                              \
    }
static const SrcFields src_fields[2] = { SRC_FIELDS(SRC0), SRC_FIELDS(SRC1) };

static int sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);

    v &= (2u * m) - 1;
    return (int)(v ^ m) - (int)m;
}

/* Region encodings (Table 13-3, L9768-L9774). */
static const uint8_t vstride_val[16] = {
    0, 1, 2, 4, 8, 16, 32, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe, 0xfe,
    G4_EU_VSTRIDE_VXH,
};

static int log2_exact(unsigned v)
{
    int n = 0;

    if (v == 0 || (v & (v - 1))) {
        return -1;
    }
    while (v > 1) {
        v >>= 1;
        n++;
    }
    return n;
}

static unsigned vstride_enc(uint8_t v)
{
    if (v == G4_EU_VSTRIDE_VXH) {
        return 0xf;
    }
    return v == 0 ? 0 : log2_exact(v) + 1;
}

static unsigned hstride_enc(uint8_t v)
{
    return v == 0 ? 0 : log2_exact(v) + 1;
}

/* Hardware type code <-> logical type (L9857). */
static bool type_from_hw(unsigned code, bool imm, G4EuType *t)
{
    static const int8_t reg[8] = { 0, 1, 2, 3, 4, 5, -1, 7 };
    static const int8_t immt[8] = {
        0, 1, 2, 3, -1, G4_TYPE_VF, G4_TYPE_V, 7,
    };
    int v = imm ? immt[code & 7] : reg[code & 7];

    if (v < 0) {
        return false;
    }
    *t = (G4EuType)v;
    return true;
}

static unsigned type_to_hw(G4EuType t)
{
    switch (t) {
    case G4_TYPE_VF:
        return 5;
    case G4_TYPE_V:
        return 6;
    default:
        return (unsigned)t & 7;
    }
}

/* ---- operand decode ---- */

static bool is_reg_named(const G4EuOperand *o, unsigned arf)
{
    return o->file == G4_FILE_ARF && !o->indirect && o->nr == arf;
}

/* ARF numbers that exist (Table 11-5 L7558-L7571, flag L7778). */
static bool arf_exists(uint8_t nr)
{
    switch (nr) {
    case G4_ARF_NULL:
    case G4_ARF_ADDRESS:
    case G4_ARF_ACC:
    case G4_ARF_ACC + 1:
    case G4_ARF_FLAG:
    case G4_ARF_MASK:
    case G4_ARF_MSTACK:
    case G4_ARF_MSDEPTH:
    case G4_ARF_STATE:
    case G4_ARF_CONTROL:
    case G4_ARF_NOTIFY:
    case G4_ARF_NOTIFY + 1:
    case G4_ARF_IP:
        return true;
    default:
        return false;
    }
}

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

/* Source n's region (DW2 for src0, DW3 for src1; Tables 13-10..13-17). */
static bool decode_src(const uint32_t *dw, int n, bool a16, G4EuOperand *o,
                       const char **why)
{
    const SrcFields *f = &src_fields[n];
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

static void encode_src(const G4EuOperand *o, int n, bool a16, uint32_t *dw)
{
    const SrcFields *f = &src_fields[n];

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

/* The operands hidden by the syntax: "null", "ip", or not present. */
static bool op_hidden_name(const G4EuOperand *o)
{
    return is_reg_named(o, G4_ARF_NULL) || is_reg_named(o, G4_ARF_IP);
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

static bool check_inst(const G4EuInst *in, const char **why);

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
    if (!check_inst(in, why)) {
        return false;
    }
    fill_views(in);
    return true;
}

/* Rules on the decoded form. */
static bool check_inst(const G4EuInst *in, const char **why)
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
        if (in->compression == G4_COMPR_COMPR) {
            FAIL("send cannot be compressed (L13380)");
        }
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
