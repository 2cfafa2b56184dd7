/*
 * The EU codec's private interface, shared by g4-eu-decode.c (decoding),
 * g4-eu-encode.c (encoding, validation, canonical form) and g4-eu-check.c
 * (the rules on the decoded form): field access through the field table
 * (include/hwgpu/intel/eu/g4-eu-fields.def) and the encodings of Table
 * 13-3 and of the type field (seed 002 §13.2, L9757-L9866).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_INTEL_EU_G4_EU_CODEC_H
#define HW_INTEL_EU_G4_EU_CODEC_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"
#include "hwgpu/intel/eu/g4-eu-fields.h"

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
extern const SrcFields g4_eu_src_fields[2];

static inline int sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);

    v &= (2u * m) - 1;
    return (int)(v ^ m) - (int)m;
}

static inline int log2_exact(unsigned v)
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

static inline unsigned vstride_enc(uint8_t v)
{
    if (v == G4_EU_VSTRIDE_VXH) {
        return 0xf;
    }
    return v == 0 ? 0 : log2_exact(v) + 1;
}

static inline unsigned hstride_enc(uint8_t v)
{
    return v == 0 ? 0 : log2_exact(v) + 1;
}

/* Hardware type code <-> logical type (L9857). */
static inline bool type_from_hw(unsigned code, bool imm, G4EuType *t)
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

static inline unsigned type_to_hw(G4EuType t)
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

static inline bool is_reg_named(const G4EuOperand *o, unsigned arf)
{
    return o->file == G4_FILE_ARF && !o->indirect && o->nr == arf;
}

/* ARF numbers that exist (Table 11-5 L7558-L7571, flag L7778). */
static inline bool arf_exists(uint8_t nr)
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

/* The operands hidden by the syntax: "null", "ip", or not present. */
static inline bool op_hidden_name(const G4EuOperand *o)
{
    return is_reg_named(o, G4_ARF_NULL) || is_reg_named(o, G4_ARF_IP);
}

/* The rules on the decoded form (g4-eu-check.c). */
bool g4_eu_check_inst(const G4EuInst *in, const char **why);

#endif
