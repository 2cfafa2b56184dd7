/*
 * Gen4 / G45 EU instruction codec: the decoded form of one native 128-bit
 * instruction, its decoder/validator and encoder, a disassembler printing
 * the syntax of intel-gen4disasm, and an assembler for that syntax.
 *
 * Source: seed 002 (G45 PRM Vol. 4), chapter 13 "Instruction Set Summary";
 * line numbers "Lnnnn" below refer to /work/shared/seeds/002_*.txt, the
 * analysis is /work/shared/reference/seed-002.md section 3.13.
 *
 * Native format, absolute bit numbers (Tables 13-4..13-17, L9795-L10048):
 *   DW0  6:0 opcode, 7 reserved MBZ, 8 AccessMode, 9 MaskCtrl, 10 NoDDClr,
 *        11 NoDDChk, 13:12 ComprCtrl, 15:14 ThreadCtrl, 19:16 PredCtrl,
 *        20 PredInv, 23:21 ExecSize, 27:24 CondModifier (send: MRF number),
 *        28 MaskCtrlEx, 29 CompactCtrl, 30 DebugCtrl, 31 Saturate.
 *   DW1  33:32 dst file, 36:34 dst type, 38:37 src0 file, 41:39 src0 type,
 *        43:42 src1 file, 46:44 src1 type, 47 reserved,
 *        63:48 destination region (direct/indirect, Align1/Align16).
 *   DW2  95:64 src0 region (89 = flag sub-register number).
 *   DW3  127:96 src1 region, or imm32, or the send descriptor, or the
 *        flow-control jump/pop counts.
 * The decoded struct holds every field as a named member; g4_eu_encode()
 * rebuilds exactly the words g4_eu_decode() accepted.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G4_EU_INST_H
#define HWGPU_INTEL_G4_EU_INST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Opcodes (DW0 6:0), Table 13-21 L10097-L10264; reserved ones rejected. */
typedef enum G4EuOpcode {
    G4_OP_ILLEGAL = 0x00,
    G4_OP_MOV = 0x01,
    G4_OP_SEL = 0x02,
    G4_OP_MOVI = 0x03,
    G4_OP_NOT = 0x04,
    G4_OP_AND = 0x05,
    G4_OP_OR = 0x06,
    G4_OP_XOR = 0x07,
    G4_OP_SHR = 0x08,
    G4_OP_SHL = 0x09,
    G4_OP_ASR = 0x0c,
    G4_OP_CMP = 0x10,
    G4_OP_CMPN = 0x11,
    G4_OP_JMPI = 0x20,
    G4_OP_IF = 0x22,
    G4_OP_IFF = 0x23,
    G4_OP_ELSE = 0x24,
    G4_OP_ENDIF = 0x25,
    G4_OP_DO = 0x26,
    G4_OP_WHILE = 0x27,
    G4_OP_BREAK = 0x28,
    G4_OP_CONT = 0x29,
    G4_OP_HALT = 0x2a,
    G4_OP_MSAVE = 0x2c,
    G4_OP_MREST = 0x2d,
    G4_OP_PUSH = 0x2e,
    G4_OP_POP = 0x2f,
    G4_OP_WAIT = 0x30,
    G4_OP_SEND = 0x31,
    G4_OP_ADD = 0x40,
    G4_OP_MUL = 0x41,
    G4_OP_AVG = 0x42,
    G4_OP_FRC = 0x43,
    G4_OP_RNDU = 0x44,
    G4_OP_RNDD = 0x45,
    G4_OP_RNDE = 0x46,
    G4_OP_RNDZ = 0x47,
    G4_OP_MAC = 0x48,
    G4_OP_MACH = 0x49,
    G4_OP_LZD = 0x4a,
    G4_OP_SAD2 = 0x50,
    G4_OP_SADA2 = 0x51,
    G4_OP_DP4 = 0x54,
    G4_OP_DPH = 0x55,
    G4_OP_DP3 = 0x56,
    G4_OP_DP2 = 0x57,
    G4_OP_LINE = 0x59,
    G4_OP_PLN = 0x5a,
    G4_OP_NENOP = 0x7d,
    G4_OP_NOP = 0x7e,
} G4EuOpcode;

#define G4_EU_NUM_OPCODES 128

/* Opcode table entry flags. */
#define G4_EU_OPF_FLOW     (1u << 0)   /* flow control (jmpi, if..pop) */
#define G4_EU_OPF_SEND     (1u << 1)   /* send: message to a shared fn */
#define G4_EU_OPF_BRANCH   (1u << 2)   /* src1 imm holds jump/pop counts */
#define G4_EU_OPF_ARITH    (1u << 3)   /* 0x40-0x5a: implied acc write */
#define G4_EU_OPF_G4X      (1u << 4)   /* exists on G4x only (movi, pln..) */

typedef struct G4EuOpInfo {
    const char *name;   /* mnemonic as intel-gen4disasm prints it */
    uint8_t nsrc;       /* source operands shown in assembly (0..2) */
    bool has_dst;       /* a destination operand is shown */
    uint32_t flags;     /* G4_EU_OPF_* */
} G4EuOpInfo;

/* NULL for reserved opcodes; opcode is masked to 7 bits. */
const G4EuOpInfo *g4_eu_opcode_info(unsigned opcode);

/* AccessMode, DW0 bit 8 (L9843). */
typedef enum G4EuAccessMode {
    G4_ALIGN1 = 0,
    G4_ALIGN16 = 1,
} G4EuAccessMode;

/* ComprCtrl, DW0 13:12 (L9835); 3 is reserved. */
typedef enum G4EuCompression {
    G4_COMPR_NONE = 0,
    G4_COMPR_SECHALF = 1,
    G4_COMPR_COMPR = 2,
} G4EuCompression;

/*
 * ThreadCtrl, DW0 15:14 (L9834).  The BNF (L10526) names "Atomic", but
 * Table 13-4 defines only 00 and 10: the decoder rejects 01 and 11.
 */
typedef enum G4EuThreadCtrl {
    G4_THREAD_NORMAL = 0,
    G4_THREAD_ATOMIC = 1,       /* never produced by g4_eu_decode() */
    G4_THREAD_SWITCH = 2,
} G4EuThreadCtrl;

/* PredCtrl, DW0 19:16 (L9829; seed-002.md 3.5).  Align16 only 0-7. */
typedef enum G4EuPredCtrl {
    G4_PRED_NONE = 0,
    G4_PRED_NORMAL = 1,     /* sequential flag bit n -> channel n */
    G4_PRED_ANYV = 2,       /* Align16: .x */
    G4_PRED_ALLV = 3,       /* Align16: .y */
    G4_PRED_ANY2H = 4,      /* Align16: .z */
    G4_PRED_ALL2H = 5,      /* Align16: .w */
    G4_PRED_ANY4H = 6,
    G4_PRED_ALL4H = 7,
    G4_PRED_ANY8H = 8,      /* Align1 only from here on */
    G4_PRED_ALL8H = 9,
    G4_PRED_ANY16H = 10,
    G4_PRED_ALL16H = 11,
} G4EuPredCtrl;

/* CondModifier, DW0 27:24 (L9749); 10-15 reserved. */
typedef enum G4EuCondMod {
    G4_COND_NONE = 0,
    G4_COND_Z = 1,          /* .z / .e */
    G4_COND_NZ = 2,         /* .nz / .ne */
    G4_COND_G = 3,
    G4_COND_GE = 4,
    G4_COND_L = 5,
    G4_COND_LE = 6,
    G4_COND_R = 7,          /* round increment (rndu/rnde/rndz) */
    G4_COND_O = 8,          /* overflow */
    G4_COND_U = 9,          /* unordered (NaN) */
} G4EuCondMod;

/* RegFile, DW1 (L9862-L9866). */
typedef enum G4EuRegFile {
    G4_FILE_ARF = 0,
    G4_FILE_GRF = 1,
    G4_FILE_MRF = 2,
    G4_FILE_IMM = 3,
} G4EuRegFile;

/*
 * Data types.  Register type encoding (L9857): 0 UD, 1 D, 2 UW, 3 W, 4 UB,
 * 5 B, 6 reserved, 7 F.  Immediate encoding: 0 UD, 1 D, 2 UW, 3 W,
 * 4 reserved, 5 VF, 6 V, 7 F.  The decoded type is this logical enum; the
 * values of the register types equal their hardware codes.
 */
typedef enum G4EuType {
    G4_TYPE_UD = 0,
    G4_TYPE_D = 1,
    G4_TYPE_UW = 2,
    G4_TYPE_W = 3,
    G4_TYPE_UB = 4,
    G4_TYPE_B = 5,
    G4_TYPE_F = 7,
    G4_TYPE_VF = 8,         /* immediate only: 4 x 8-bit restricted float */
    G4_TYPE_V = 9,          /* immediate only: 8 x signed 4-bit */
} G4EuType;

/* Size in bytes of one element (V/VF: 2 and 4, the execution sizes). */
unsigned g4_eu_type_size(G4EuType t);

/* ARF register kinds, RegNum[7:4] (Table 11-5 L7558-L7571, flag L7778). */
#define G4_ARF_NULL     0x00
#define G4_ARF_ADDRESS  0x10
#define G4_ARF_ACC      0x20
#define G4_ARF_FLAG     0x30
#define G4_ARF_MASK     0x40
#define G4_ARF_MSTACK   0x50
#define G4_ARF_MSDEPTH  0x60
#define G4_ARF_STATE    0x70
#define G4_ARF_CONTROL  0x80
#define G4_ARF_NOTIFY   0x90
#define G4_ARF_IP       0xa0

/* VertStride value that selects Vx1/VxH indirect regions (L9768). */
#define G4_EU_VSTRIDE_VXH 0xff

/*
 * One operand.  Region values are element counts (not the encodings):
 * vstride 0,1,2,4,8,16,32 or G4_EU_VSTRIDE_VXH; width 1,2,4,8,16;
 * hstride 0,1,2,4 (encodings in Table 13-3, L9768-L9774).
 */
typedef struct G4EuOperand {
    G4EuRegFile file;
    G4EuType type;
    bool indirect;          /* AddrMode (1 = register-indirect) */
    uint8_t nr;             /* RegNum (direct); ARF: kind | number */
    uint8_t subnr;          /* SubRegNum in bytes (direct) */
    uint8_t addr_subnr;     /* a0.N for indirect addressing (0..7) */
    int16_t addr_imm;       /* signed byte offset, -512..511 (indirect) */
    uint8_t vstride;        /* sources */
    uint8_t width;          /* sources, Align1 */
    uint8_t hstride;        /* Align1 sources and destination */
    uint8_t swizzle[4];     /* Align16 sources: channel x..w selects 0..3 */
    uint8_t writemask;      /* Align16 destination: bit 0 = x .. 3 = w */
    bool negate;            /* sources: SrcMod bit 14 of the src dword */
    bool abs;               /* sources: SrcMod bit 13 */
} G4EuOperand;

/*
 * SEND message descriptor (Table 14-15 L13388-L13396): DW3 when src1 is
 * an immediate.  EOT is instruction bit 127 in every case.
 */
typedef struct G4EuSendDesc {
    uint8_t sfid;           /* 27:24 shared function id (0..7, L13396) */
    uint8_t mlen;           /* 23:20 message length in MRF registers */
    uint8_t rlen;           /* 19:16 response length in GRF registers */
    uint16_t function;      /* 15:0 function control */
    bool eot;               /* 31 end of thread */
} G4EuSendDesc;

/* SFID values (L13396). */
enum {
    G4_SFID_NULL = 0,
    G4_SFID_MATH = 1,
    G4_SFID_SAMPLER = 2,
    G4_SFID_GATEWAY = 3,
    G4_SFID_DP_READ = 4,
    G4_SFID_DP_WRITE = 5,
    G4_SFID_URB = 6,
    G4_SFID_THREAD_SPAWNER = 7,
};

typedef struct G4EuInst {
    G4EuOpcode opcode;
    G4EuAccessMode access_mode;
    bool mask_control;          /* DW0 9: true = NoMask */
    bool no_dd_clear;           /* DW0 10 */
    bool no_dd_check;           /* DW0 11 */
    G4EuCompression compression;
    G4EuThreadCtrl thread_control;
    G4EuPredCtrl pred_control;
    bool pred_inv;              /* DW0 20 */
    uint8_t exec_size;          /* channels: 1, 2, 4, 8, 16 or 32 */
    G4EuCondMod cond_modifier;  /* not send */
    uint8_t send_mrf;           /* send: DW0 27:24, first payload MRF */
    bool debug;                 /* DW0 30: breakpoint */
    bool saturate;              /* DW0 31 */
    uint8_t flag_subreg;        /* DW2 bit 89: f0.0 / f0.1 */
    /*
     * Gen4 has no AccWrCtrl bit: arithmetic always writes acc unless
     * cr0.0 bit 1 disables it (L7699).  MaskCtrlEx (bit 28) is decoded
     * but both its non-zero combinations are reserved (L9841).
     */
    G4EuOperand dst;
    G4EuOperand src0;
    G4EuOperand src1;           /* ARF null of src0's type when absent */
    /*
     * DW3 when src0 or src1 is an immediate (that operand has file IMM).
     * For send with an immediate descriptor and for flow control the
     * views below are derived from it by g4_eu_decode(); g4_eu_encode()
     * builds DW3 from the views for those instructions.
     */
    uint32_t imm;
    G4EuSendDesc send;          /* send: descriptor (imm src1) */
    int16_t jump_count;         /* flow control, jmpi: DW3 15:0 (16 B) */
    uint8_t pop_count;          /* flow control: DW3 19:16 (IStack pops) */
} G4EuInst;

/*
 * Decode one native instruction (dw[0] = bits 31:0).  Returns false, and
 * a static reason in *why (when why is non-NULL), for encodings the seed
 * marks reserved or illegal; *out is then partially filled.
 */
bool g4_eu_decode(const uint32_t dw[4], G4EuInst *out, const char **why);

/*
 * G45 compacted instructions (64 bits, CompactCtrl = DW0 bit 29):
 * expand one into the native form g4_eu_decode() takes (false with a
 * reason when cw is not compacted), or compact a native one when the G45
 * tables can express it (never with an immediate).  hw/intel/eu/
 * g4-eu-compact.c.
 */
bool g4_eu_uncompact(const uint32_t cw[2], uint32_t dw[4], const char **why);
bool g4_eu_compact(const uint32_t dw[4], uint32_t cw[2]);

/* Encode a decoded instruction; inverse of g4_eu_decode() for valid words. */
void g4_eu_encode(const G4EuInst *in, uint32_t dw[4]);

/*
 * Set the 32-bit immediate and the send/flow-control views derived from
 * it (for send with an immediate descriptor and flow control).
 */
void g4_eu_set_imm(G4EuInst *in, uint32_t imm);

/*
 * Give the fields that the assembly syntax does not show (the type and
 * region of null/ip operands, non-present operands, the flag sub-register
 * when neither predicate nor cond modifier uses it, ...) the values the
 * assembler produces.  The hardware ignores them; encode(canonicalized
 * decode(w)) equals encode(asm(disasm(decode(w)))) for every valid w.
 */
void g4_eu_canonicalize(G4EuInst *in);

/*
 * Where a taken jump goes, in bytes from this instruction's own address:
 * jump_count * 16 for if/iff/else/endif/while/break/cont/halt (L10619),
 * (index + 1) * 16 for jmpi with an immediate (post-incremented IP,
 * L11925).  False for other instructions and register-indexed jmpi.
 */
bool g4_eu_jump_offset(const G4EuInst *in, int32_t *bytes);

/* Validate a G4EuInst built by hand (same rules as the decoder). */
bool g4_eu_validate(const G4EuInst *in, const char **why);

/*
 * Disassemble in intel-gen4disasm -g 4 syntax, without a trailing
 * newline (send has one inside: its target goes on a second line, as in
 * that tool).  Returns the length the full text needs (snprintf-style).
 */
size_t g4_eu_disasm(const G4EuInst *in, char *buf, size_t len);

/*
 * Assemble one line of text (a single instruction; a trailing ';' and
 * comments after '//' are allowed).  Returns false with a message in
 * err (err may be NULL).  Blank or comment-only lines are an error here;
 * g4_eu_asm_text() skips them.
 */
bool g4_eu_asm_line(const char *line, G4EuInst *out, char *err,
                    size_t errlen);

/*
 * Assemble a whole text, one instruction per line, into newly allocated
 * dword quads (*out, g_free() it; 4 dwords per instruction).  Returns the
 * number of instructions, or -1 with "line N: message" in err.
 */
long g4_eu_asm_text(const char *text, uint32_t **out, char *err,
                    size_t errlen);

#endif
