/*
 * G45 (Gen4.5) command table: every command the command streamers know, as
 * data.  A command is identified by its header dword: client (bits 31:29),
 * then per client an opcode (MI: 28:23; 2D: 28:22; GFXPIPE: subtype 28:27,
 * 3D opcode 26:24, sub-opcode 23:16).  Each entry gives the name, the length
 * rule (fixed total length, or a length field plus bias), the operation id
 * that the executor (g45-cs.c) maps to its handler, and the layout of the
 * command's fields that the disassembler prints.
 *
 * The entries, layouts and per-field getters are generated at build time
 * from hw/intel/g45/g45-commands.xml (docs/g45-cs.md "Command description"):
 * include "g45-cmd-gen.h" (hw/intel's build directory) for the getters,
 * e.g. g45_3dprimitive_topology(dw).  The opcode macros below are the
 * builder API of tests that cannot see generated headers (qtests); the
 * unit tests check them against the generated table.
 *
 * Encodings: Mesa genxml gen40.xml/gen45.xml and Linux i915
 * intel_gpu_commands.h (facts only); GFXPIPE header layout from seed-000
 * (reference/seed-000.md 3.1).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_CMD_H
#define HWGPU_INTEL_G45_CMD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hwgpu/common/cmdfield.h"

/* Header dword fields */
#define G45_CMD_CLIENT(h)       ((h) >> 29)
#define G45_CLIENT_MI           0
#define G45_CLIENT_2D           2
#define G45_CLIENT_GFX          3
#define G45_MI_OPCODE(h)        (((h) >> 23) & 0x3f)
#define G45_2D_OPCODE(h)        (((h) >> 22) & 0x7f)
#define G45_GFX_KEY(h)          ((h) >> 16)     /* type/subtype/op/subop */

#define G45_MI(op)              ((uint32_t)(op) << 23)
#define G45_2D(op)              ((2u << 29) | ((uint32_t)(op) << 22))

/* MI opcodes (Gen4) */
#define G45_MI_NOOP             0x00
#define G45_MI_USER_INTERRUPT   0x02
#define G45_MI_WAIT_FOR_EVENT   0x03
#define G45_MI_FLUSH            0x04
#define G45_MI_ARB_CHECK        0x05
#define G45_MI_REPORT_HEAD      0x07
#define G45_MI_ARB_ON_OFF       0x08
#define G45_MI_BATCH_BUFFER_END 0x0a
#define G45_MI_SUSPEND_FLUSH    0x0b
#define G45_MI_LOAD_SCAN_LINES_INCL 0x12
#define G45_MI_LOAD_SCAN_LINES_EXCL 0x13
#define G45_MI_DISPLAY_FLIP     0x14
#define G45_MI_SET_CONTEXT      0x18
#define G45_MI_STORE_DATA_IMM   0x20
#define G45_MI_STORE_DATA_INDEX 0x21
#define G45_MI_LOAD_REGISTER_IMM 0x22
#define G45_MI_STORE_REGISTER_MEM 0x24
#define G45_MI_BATCH_BUFFER_START 0x31

/* MI flag bits */
#define G45_MI_NOOP_ID_WRITE    (1u << 22)  /* NOOP bits 21:0 -> NOPID */
#define G45_MI_USE_GGTT         (1u << 22)  /* STORE_DATA_IMM, SRM */
#define G45_MI_BB_NON_SECURE    (1u << 8)
#define G45_MI_BB_GTT           (1u << 7)   /* 0: physical address */
#define G45_MI_CTX_MM_GTT       (1u << 8)
#define G45_MI_CTX_SAVE_EXT     (1u << 3)
#define G45_MI_CTX_RESTORE_EXT  (1u << 2)
#define G45_MI_CTX_FORCE_RESTORE (1u << 1)
#define G45_MI_CTX_RESTORE_INHIBIT (1u << 0)
/* MI_WAIT_FOR_EVENT event bits (i915 intel_gpu_commands.h) */
#define G45_WAIT_PLANE_A_SCANLINES (1u << 1)
#define G45_WAIT_PLANE_A_FLIP   (1u << 2)
#define G45_WAIT_PIPE_A_VBLANK  (1u << 3)
#define G45_WAIT_PLANE_B_FLIP   (1u << 6)
#define G45_WAIT_PIPE_B_VBLANK  (1u << 7)

/* 2D opcodes (bits 28:22) */
#define G45_BLT_XY_SETUP        0x01
#define G45_BLT_XY_SETUP_CLIP   0x03
#define G45_BLT_XY_SETUP_MONO_PAT_SL 0x11
#define G45_BLT_XY_PIXEL        0x24
#define G45_BLT_XY_SCANLINES    0x25
#define G45_BLT_XY_TEXT         0x26
#define G45_BLT_XY_TEXT_IMM     0x31
#define G45_BLT_COLOR           0x40
#define G45_BLT_SRC_COPY        0x43
#define G45_BLT_XY_COLOR        0x50
#define G45_BLT_XY_PAT          0x51
#define G45_BLT_XY_MONO_PAT     0x52
#define G45_BLT_XY_SRC_COPY     0x53
#define G45_BLT_XY_MONO_SRC_COPY 0x54
#define G45_BLT_XY_FULL         0x55
#define G45_BLT_XY_FULL_MONO_SRC 0x56
#define G45_BLT_XY_FULL_MONO_PAT 0x57
#define G45_BLT_XY_FULL_MONO_PAT_MONO_SRC 0x58
#define G45_BLT_XY_MONO_PAT_FIXED 0x59
#define G45_BLT_XY_MONO_SRC_COPY_IMM 0x71
#define G45_BLT_XY_PAT_IMM      0x72
#define G45_BLT_XY_SRC_COPY_CHROMA 0x73
#define G45_BLT_XY_FULL_IMM_PAT 0x74
#define G45_BLT_XY_FULL_MONO_SRC_IMM_PAT 0x75
#define G45_BLT_XY_PAT_CHROMA   0x76
#define G45_BLT_XY_PAT_CHROMA_IMM 0x77

/* GFXPIPE keys (header bits 31:16) */
#define G45_GFX_PIPE_CONTROL    0x7a00
#define G45_GFX_3DPRIMITIVE     0x7b00

/* What the executor does with a command. */
typedef enum G45CmdOp {
    G45_OP_INVALID = 0,     /* not a Gen4 command: parser error */
    G45_OP_NOP,             /* accepted, no effect in our model */
    G45_OP_NOOP,
    G45_OP_USER_INTERRUPT,
    G45_OP_WAIT_FOR_EVENT,
    G45_OP_FLUSH,
    G45_OP_REPORT_HEAD,
    G45_OP_BB_END,
    G45_OP_BB_START,
    G45_OP_DISPLAY_FLIP,
    G45_OP_SET_CONTEXT,
    G45_OP_STORE_DATA_IMM,
    G45_OP_STORE_DATA_INDEX,
    G45_OP_LRI,
    G45_OP_SRM,
    G45_OP_PIPE_CONTROL,
    G45_OP_3D_STATE,        /* GFXPIPE state: hook + context record */
    G45_OP_3D,              /* other GFXPIPE/media commands: hook */
    G45_OP_BLT,             /* 2D: g45-blt.c */
    G45_OP__COUNT
} G45CmdOp;

/*
 * Privilege (our model of the hardware rule; docs/g45-cs.md "Non-secure
 * batches").  In a batch started non-secure (MI_BATCH_BUFFER_START bit 8,
 * as i915 starts every userspace batch on Gen4), a command marked `priv` is
 * not executed: it is skipped as a no-op and reported with EIR bit 3
 * (command privilege violation).  A command whose dword-0 bit `gtt_bit` is
 * clear addresses guest-physical memory; in a non-secure batch that is
 * skipped too and reported with EIR bit 4 (memory privilege violation).
 * The ring and batches started without bit 8 are the kernel's: secure.
 */
typedef struct G45CmdDesc {
    const char *name;
    G45CmdOp op;
    uint8_t fixed;          /* total dwords when there is no length field */
    uint8_t bias;           /* total = (header & len_mask) + bias */
    uint32_t len_mask;
    uint8_t min_len;        /* a length field below this is a parser error */
    bool unnamed;           /* generic GFXPIPE entry: not in the table */
    bool rcs_only;          /* a parser error on the video ring */
    bool priv;              /* refused in non-secure batches */
    uint32_t gtt_bit;       /* dword 0 bit: set = GTT, clear = physical */
    uint8_t gens;           /* G45_GEN_* with this encoding */
    const HwgpuLayout *layout;  /* fields; NULL for unnamed entries */
} G45CmdDesc;

#define G45_GEN_965             (1u << 0)   /* Gen4 */
#define G45_GEN_G45             (1u << 1)   /* Gen4.5 */

/*
 * Look up a header.  Never returns NULL: unknown headers get a descriptor
 * with op G45_OP_INVALID (length 1).  GFXPIPE commands not in the table get
 * a generic descriptor (length field bits 7:0, or 15:0 for media, bias 2)
 * with op G45_OP_3D and name "GFXPIPE?" (they are valid hardware commands
 * we do not name; the executor logs them as unimplemented).
 */
const G45CmdDesc *g45_cmd_lookup(uint32_t header);

/* Total length in dwords of the command starting with `header` (>= 1). */
uint32_t g45_cmd_length(const G45CmdDesc *d, uint32_t header);

/*
 * Disassemble the command at dw[0] (`avail` dwords available) into one
 * line of text: "NAME len=N" and every field of the command's layout,
 * field by field ("XY_COLOR_BLT len=6 ... dst_x1=10 dst_y1=20 ...
 * color=0x00ff0000"), then the elements of repeating groups; raw dwords
 * for commands without a layout.  Returns the command length in dwords
 * (which may exceed `avail`: the line then says "truncated").
 */
uint32_t g45_cmd_disasm(const uint32_t *dw, uint32_t avail, char *buf,
                        size_t size);

/* The layout of every command and every indirect state structure. */
const HwgpuLayout *g45_cmd_layout(unsigned i);    /* NULL past the end */
const HwgpuLayout *g45_state_layout(unsigned i);  /* NULL past the end */

/*
 * Print an indirect state structure (`id` is a G45StateId of
 * g45-cmd-gen.h, e.g. G45_STATE_VERTEX_ELEMENT_STATE) field by field.
 * Returns the characters written.
 */
size_t g45_state_disasm(unsigned id, const uint32_t *dw, uint32_t n,
                        char *buf, size_t size);

#endif
