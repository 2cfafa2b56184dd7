/*
 * Gen4 / G45 EU assembler for the text that g4_eu_disasm() prints (the
 * intel-gen4disasm syntax; see docs/g4-eu-codec.md): instructions, their
 * options and whole programs.  Spaces between tokens are optional.  The
 * line is parsed by hand with bounded loops; the result goes through
 * g4_eu_validate() so the assembler never emits an encoding the decoder
 * would reject.  Operands are parsed by g4-eu-asm-operand.c.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "g4-eu-asm.h"
#include "hwgpu/intel/eu/g4-eu.h"

/* ---- instruction ---- */

static const char *const pred_names_a1[12] = {
    NULL, "", "anyv", "allv", "any2h", "all2h", "any4h", "all4h", "any8h",
    "all8h", "any16h", "all16h",
};

static const char *const pred_names_a16[8] = {
    NULL, "", "x", "y", "z", "w", "any4h", "all4h",
};

static const char *const cmod_names[10] = {
    "", "e", "ne", "g", "ge", "l", "le", "r", "o", "u",
};

static bool parse_options(Parser *ps, G4EuInst *in, bool *compr4)
{
    *compr4 = false;
    if (!g4_asm_lit(ps, "{")) {
        return true;    /* no option block: Align1 defaults */
    }
    for (int guard = 0; guard < 16; guard++) {
        if (g4_asm_lit(ps, "}")) {
            return true;
        }
        if (g4_asm_lit(ps, ",")) {
            continue;
        }
        if (g4_asm_word(ps, "align1")) {
            in->access_mode = G4_ALIGN1;
        } else if (g4_asm_word(ps, "align16")) {
            in->access_mode = G4_ALIGN16;
        } else if (g4_asm_word(ps, "nomask") || g4_asm_word(ps, "mask_disable")) {
            in->mask_control = true;
        } else if (g4_asm_word(ps, "NoDDClr")) {
            in->no_dd_clear = true;
        } else if (g4_asm_word(ps, "NoDDChk")) {
            in->no_dd_check = true;
        } else if (g4_asm_word(ps, "sechalf")) {
            in->compression = G4_COMPR_SECHALF;
        } else if (g4_asm_word(ps, "compr4")) {
            in->compression = G4_COMPR_COMPR;
            *compr4 = true;
        } else if (g4_asm_word(ps, "compr")) {
            in->compression = G4_COMPR_COMPR;
        } else if (g4_asm_word(ps, "switch")) {
            in->thread_control = G4_THREAD_SWITCH;
        } else if (g4_asm_word(ps, "EOT")) {
            in->send.eot = true;
        } else {
            return g4_asm_perr(ps, "unknown instruction option");
        }
    }
    return g4_asm_perr(ps, "too many options");
}

/*
 * The access mode decides how operands parse, and it comes last in the
 * line: look for "align16" in the option block first.
 */
static bool line_is_align16(const char *line)
{
    const char *b = strrchr(line, '{');

    return b && strstr(b, "align16");
}

static bool parse_line(Parser *ps, G4EuInst *in)
{
    const G4EuOpInfo *oi = NULL;
    unsigned op;
    long long x;
    bool compr4;
    char name[16];
    size_t n = 0;

    memset(in, 0, sizeof(*in));
    in->exec_size = 1;
    in->access_mode = line_is_align16(ps->p) ? G4_ALIGN16 : G4_ALIGN1;
    if (g4_asm_lit(ps, "(")) {
        unsigned p;
        const char *const *tab = in->access_mode == G4_ALIGN16 ?
                                 pred_names_a16 : pred_names_a1;
        unsigned ntab = in->access_mode == G4_ALIGN16 ? 8 : 12;

        if (g4_asm_lit(ps, "-")) {
            in->pred_inv = true;
        } else {
            (void)g4_asm_lit(ps, "+");
        }
        if (!g4_asm_lit(ps, "f0")) {
            return g4_asm_perr(ps, "f0 expected");
        }
        if (g4_asm_lit(ps, ".1")) {
            in->flag_subreg = 1;
        } else {
            (void)g4_asm_lit(ps, ".0");
        }
        in->pred_control = G4_PRED_NORMAL;
        if (g4_asm_lit(ps, ".")) {
            for (p = 2; p < ntab && !g4_asm_word(ps, tab[p]); p++) {
                continue;
            }
            if (p == ntab) {
                return g4_asm_perr(ps, "unknown predicate control");
            }
            in->pred_control = p;
        }
        if (!g4_asm_lit(ps, ")")) {
            return g4_asm_perr(ps, "')' expected");
        }
    }
    g4_asm_skip_ws(ps);
    while (isalnum((unsigned char)*ps->p) && n < sizeof(name) - 1) {
        name[n++] = *ps->p++;
    }
    name[n] = 0;
    for (op = 0; op < G4_EU_NUM_OPCODES; op++) {
        oi = g4_eu_opcode_info(op);
        if (oi && !strcmp(oi->name, name)) {
            break;
        }
    }
    if (op == G4_EU_NUM_OPCODES) {
        return g4_asm_perr(ps, "unknown opcode \"%s\"", name);
    }
    in->opcode = op;
    if (op == G4_OP_NOP || op == G4_OP_NENOP) {
        (void)g4_asm_lit(ps, ";");
        return true;
    }
    while (*ps->p == '.') {
        unsigned c;

        ps->p++;
        if (g4_asm_word(ps, "sat")) {
            in->saturate = true;
            continue;
        }
        if (g4_asm_word(ps, "breakpoint")) {
            in->debug = true;
            continue;
        }
        for (c = 1; c < 10 && !g4_asm_word(ps, cmod_names[c]); c++) {
            continue;
        }
        if (c == 10) {
            /* gen4asm spells .e/.ne as .z/.nz too */
            if (g4_asm_word(ps, "z")) {
                c = G4_COND_Z;
            } else if (g4_asm_word(ps, "nz")) {
                c = G4_COND_NZ;
            } else {
                return g4_asm_perr(ps, "unknown instruction modifier");
            }
        }
        in->cond_modifier = c;
        if (g4_asm_lit(ps, ".f0")) {
            if (g4_asm_lit(ps, ".1")) {
                in->flag_subreg = 1;
            } else {
                (void)g4_asm_lit(ps, ".0");
            }
        }
    }
    if (!g4_asm_lit(ps, "(") || !g4_asm_number(ps, 1, 32, &x) || !g4_asm_lit(ps, ")")) {
        return g4_asm_perr(ps, "execution size (N) expected");
    }
    in->exec_size = x;
    if (op == G4_OP_SEND) {
        if (!g4_asm_number(ps, 0, 15, &x)) {
            return false;
        }
        in->send_mrf = x;
    }
    if (op == G4_OP_JMPI) {
        g4_asm_skip_ws(ps);
        if (g4_asm_imm_start(ps->p) && !strchr("DW", ps->p[strspn(ps->p,
                                                       "-0123456789")])) {
            if (!g4_asm_number(ps, INT32_MIN, INT32_MAX, &x)) {
                return false;
            }
            in->src1.file = G4_FILE_IMM;
            in->src1.type = G4_TYPE_D;
            in->imm = (uint32_t)x;
        } else if (!g4_asm_parse_src(ps, in, &in->src1)) {
            return false;
        }
    }
    if (oi->has_dst && !g4_asm_parse_dst(ps, in)) {
        return false;
    }
    if (oi->nsrc > 0 && !g4_asm_parse_src(ps, in, &in->src0)) {
        return false;
    }
    if (oi->nsrc > 1 && !g4_asm_parse_src(ps, in, &in->src1)) {
        return false;
    }
    if (op == G4_OP_SEND && !g4_asm_parse_send_desc(ps, in)) {
        return false;
    }
    if (!parse_options(ps, in, &compr4)) {
        return false;
    }
    if (compr4) {
        if (in->dst.file != G4_FILE_MRF) {
            return g4_asm_perr(ps, "compr4 needs an MRF destination");
        }
        in->dst.nr |= 0x80;
    }
    (void)g4_asm_lit(ps, ";");
    return true;
}

static bool line_blank(const char *p)
{
    for (; *p; p++) {
        if (p[0] == '/' && p[1] == '/') {
            return true;
        }
        if (!isspace((unsigned char)*p)) {
            return false;
        }
    }
    return true;
}

bool g4_eu_asm_line(const char *line, G4EuInst *out, char *err,
                    size_t errlen)
{
    Parser ps = { .p = line, .err = err, .errlen = errlen };
    const char *why = NULL;

    if (err && errlen) {
        err[0] = 0;
    }
    if (!parse_line(&ps, out)) {
        return false;
    }
    g4_asm_skip_ws(&ps);
    if (*ps.p && !(ps.p[0] == '/' && ps.p[1] == '/')) {
        return g4_asm_perr(&ps, "unexpected text after the instruction");
    }
    if (out->opcode == G4_OP_SEND && out->src1.file == G4_FILE_IMM) {
        /* the views are authoritative for send; keep imm in step */
        uint32_t w[4];

        g4_eu_encode(out, w);
        out->imm = w[3];
    } else {
        const G4EuOpInfo *oi = g4_eu_opcode_info(out->opcode);

        if ((oi->flags & G4_EU_OPF_BRANCH) && (out->imm >> 20)) {
            ps.p = line;
            return g4_asm_perr(&ps, "flow-control exitcode bits 31:20 must be 0 "
                        "(jump count 15:0, pop count 19:16)");
        }
        g4_eu_set_imm(out, out->imm);
    }
    g4_eu_canonicalize(out);
    if (!g4_eu_validate(out, &why)) {
        ps.p = line;
        return g4_asm_perr(&ps, "invalid instruction: %s", why);
    }
    return true;
}

long g4_eu_asm_text(const char *text, uint32_t **out, char *err,
                    size_t errlen)
{
    gchar **lines = g_strsplit(text, "\n", -1);
    GArray *words = g_array_new(FALSE, FALSE, sizeof(uint32_t));
    GString *pending = g_string_new(NULL);
    long n = 0, first = 0;
    char msg[256];

    *out = NULL;
    for (long i = 0; lines[i]; i++) {
        G4EuInst in;
        uint32_t w[4];

        if (!pending->len && line_blank(lines[i])) {
            continue;
        }
        if (!pending->len) {
            first = i + 1;
        }
        g_string_append(pending, lines[i]);
        g_string_append_c(pending, '\n');
        /* send spans two lines: the instruction ends with ';' */
        if (!strchr(lines[i], ';') && pending->len < 4096 &&
            lines[i + 1]) {
            continue;
        }
        if (!g4_eu_asm_line(pending->str, &in, msg, sizeof(msg))) {
            if (err && errlen) {
                snprintf(err, errlen, "line %ld: %s", first, msg);
            }
            g_array_free(words, TRUE);
            g_string_free(pending, TRUE);
            g_strfreev(lines);
            return -1;
        }
        g4_eu_encode(&in, w);
        g_array_append_vals(words, w, 4);
        g_string_truncate(pending, 0);
        n++;
    }
    g_string_free(pending, TRUE);
    g_strfreev(lines);
    *out = (uint32_t *)g_array_free(words, FALSE);
    return n;
}

G4EuProgram *g4_eu_program_from_text(const char *text, const HwgpuHost *host,
                                     char *err, size_t errlen)
{
    uint32_t *w = NULL;
    long n = g4_eu_asm_text(text, &w, err, errlen);
    G4EuProgram *p;

    if (n < 0) {
        return NULL;
    }
    p = g4_eu_program_new(w, n, host);
    g_free(w);
    return p;
}
