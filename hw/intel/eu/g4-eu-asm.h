/*
 * The EU assembler's private interface between its two files:
 * g4-eu-asm-operand.c (lexer, immediates, registers, send targets) and
 * g4-eu-asm.c (instructions, options, programs).  Tools and tests only;
 * QEMU does not link the assembler.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_INTEL_EU_G4_EU_ASM_H
#define HW_INTEL_EU_G4_EU_ASM_H

#include <stdbool.h>
#include <stddef.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"

typedef struct Parser {
    const char *p;
    char *err;
    size_t errlen;
    bool failed;
} Parser;

/* Record the first error (with where it happened); returns false. */
bool g4_asm_perr(Parser *ps, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void g4_asm_skip_ws(Parser *ps);
/* The literal s (after spaces); advances past it. */
bool g4_asm_lit(Parser *ps, const char *s);
/* The word s, not followed by an identifier character. */
bool g4_asm_word(Parser *ps, const char *s);
bool g4_asm_number(Parser *ps, long long lo, long long hi, long long *v);
bool g4_asm_imm_start(const char *p);
bool g4_asm_parse_dst(Parser *ps, G4EuInst *in);
bool g4_asm_parse_src(Parser *ps, G4EuInst *in, G4EuOperand *op);
bool g4_asm_parse_send_desc(Parser *ps, G4EuInst *in);

#endif
