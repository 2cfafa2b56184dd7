/*
 * Gen4 / G45 EU assembler, operands: the lexer, immediates, register
 * operands with their regions, and send's target line (the
 * intel-gen4disasm syntax; see docs/g4-eu-codec.md).  Instructions and
 * programs are in g4-eu-asm.c.
 *
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

bool g4_asm_perr(Parser *ps, const char *fmt, ...)
{
    va_list ap;

    if (!ps->failed && ps->err && ps->errlen) {
        size_t n;

        va_start(ap, fmt);
        vsnprintf(ps->err, ps->errlen, fmt, ap);
        va_end(ap);
        n = strlen(ps->err);
        snprintf(ps->err + n, ps->errlen - n, " at \"%.*s\"",
                 (int)MIN(strcspn(ps->p, "\n"), 20), ps->p);
    }
    ps->failed = true;
    return false;
}

void g4_asm_skip_ws(Parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' ||
           *ps->p == '\r') {
        ps->p++;
    }
}

/* Accept a literal (after optional blanks). */
bool g4_asm_lit(Parser *ps, const char *s)
{
    size_t n = strlen(s);

    g4_asm_skip_ws(ps);
    if (!strncmp(ps->p, s, n)) {
        ps->p += n;
        return true;
    }
    return false;
}

/* Accept a word followed by a non-identifier character. */
bool g4_asm_word(Parser *ps, const char *s)
{
    const char *save = ps->p;
    size_t n = strlen(s);

    g4_asm_skip_ws(ps);
    if (!strncmp(ps->p, s, n) && !isalnum((unsigned char)ps->p[n]) &&
        ps->p[n] != '_') {
        ps->p += n;
        return true;
    }
    ps->p = save;
    return false;
}

bool g4_asm_number(Parser *ps, long long lo, long long hi, long long *v)
{
    char *end;

    g4_asm_skip_ws(ps);
    if (!isdigit((unsigned char)*ps->p) && *ps->p != '-') {
        return g4_asm_perr(ps, "number expected");
    }
    errno = 0;
    *v = strtoll(ps->p, &end, 0);
    if (end == ps->p || errno || *v < lo || *v > hi) {
        return g4_asm_perr(ps, "number out of range %lld..%lld", lo, hi);
    }
    ps->p = end;
    return true;
}

static const struct {
    const char *s;
    G4EuType t;
} type_suffix[] = {
    { "UD", G4_TYPE_UD }, { "UW", G4_TYPE_UW }, { "UB", G4_TYPE_UB },
    { "VF", G4_TYPE_VF }, { "V", G4_TYPE_V }, { "D", G4_TYPE_D },
    { "W", G4_TYPE_W }, { "B", G4_TYPE_B }, { "F", G4_TYPE_F },
};

static bool reg_type(Parser *ps, G4EuType *t)
{
    if (*ps->p == ':') {        /* intel-gen4asm also accepts "<1>:F" */
        ps->p++;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(type_suffix); i++) {
        size_t n = strlen(type_suffix[i].s);

        if (type_suffix[i].t == G4_TYPE_V || type_suffix[i].t == G4_TYPE_VF) {
            continue;
        }
        if (!strncmp(ps->p, type_suffix[i].s, n)) {
            ps->p += n;
            *t = type_suffix[i].t;
            return true;
        }
    }
    return g4_asm_perr(ps, "register type expected");
}

/* ---- immediates ---- */

bool g4_asm_imm_start(const char *p)
{
    if (*p == '-') {
        p++;
    }
    return isdigit((unsigned char)*p) || !strncmp(p, "nan", 3) ||
           !strncmp(p, "inf", 3);
}

static bool parse_imm(Parser *ps, G4EuOperand *op, uint32_t *imm)
{
    const char *s = ps->p, *e = s;
    char num[64];
    size_t tl = 0;
    G4EuType t = G4_TYPE_UD;
    bool found = false;

    while ((isalnum((unsigned char)*e) || *e == '.' || *e == '-' ||
            *e == '+' || *e == '_') && e - s < 60) {
        /* '+'/'-' only inside an exponent or at the start */
        if ((*e == '-' || *e == '+') && e != s && e[-1] != 'e') {
            break;
        }
        e++;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(type_suffix) && !found; i++) {
        size_t n = strlen(type_suffix[i].s);

        if ((size_t)(e - s) > n && !strncmp(e - n, type_suffix[i].s, n)) {
            t = type_suffix[i].t;
            tl = n;
            found = true;
        }
    }
    if (!found) {
        return g4_asm_perr(ps, "immediate without type suffix");
    }
    memcpy(num, s, e - s - tl);
    num[e - s - tl] = 0;
    op->file = G4_FILE_IMM;
    op->type = t;
    if (!strncmp(num, "0x", 2) || !strncmp(num, "0X", 2)) {
        char *end;
        unsigned long long v;

        errno = 0;
        v = strtoull(num + 2, &end, 16);
        if (!num[2] || *end || errno || v > 0xffffffffull) {
            return g4_asm_perr(ps, "bad hexadecimal immediate");
        }
        *imm = (uint32_t)v;
        if (t == G4_TYPE_UW || t == G4_TYPE_W) {
            if (v > 0xffff) {
                return g4_asm_perr(ps, "word immediate out of range");
            }
            *imm = (uint32_t)v | ((uint32_t)v << 16);
        }
    } else if (t == G4_TYPE_F) {
        char *end;
        float f = strtof(num, &end);

        if (end == num || *end) {
            return g4_asm_perr(ps, "bad float immediate");
        }
        memcpy(imm, &f, 4);
    } else {
        char *end;
        long long v;

        errno = 0;
        v = strtoll(num, &end, 10);
        if (end == num || *end || errno) {
            return g4_asm_perr(ps, "bad integer immediate");
        }
        switch (t) {
        case G4_TYPE_W:
        case G4_TYPE_UW:
            if (v < -32768 || v > 65535) {
                return g4_asm_perr(ps, "word immediate out of range");
            }
            *imm = ((uint32_t)v & 0xffff) | ((uint32_t)v << 16);
            break;
        default:
            if (v < -2147483648ll || v > 0xffffffffll) {
                return g4_asm_perr(ps, "immediate out of range");
            }
            *imm = (uint32_t)v;
            break;
        }
    }
    ps->p = e;
    return true;
}

/* ---- registers ---- */

static const struct {
    const char *name;
    uint8_t kind;
} arf_names[] = {
    { "acc", G4_ARF_ACC }, { "mask", G4_ARF_MASK },
    { "msd", G4_ARF_MSDEPTH }, { "ms", G4_ARF_MSTACK },
    { "sr", G4_ARF_STATE }, { "cr", G4_ARF_CONTROL },
    { "a", G4_ARF_ADDRESS }, { "f", G4_ARF_FLAG }, { "n", G4_ARF_NOTIFY },
};

static bool small_num(Parser *ps, unsigned max, unsigned *v)
{
    unsigned n = 0;
    int digits = 0;

    while (isdigit((unsigned char)*ps->p) && digits < 4) {
        n = n * 10 + (*ps->p - '0');
        ps->p++;
        digits++;
    }
    if (!digits || n > max) {
        return g4_asm_perr(ps, "register number expected (0..%u)", max);
    }
    *v = n;
    return true;
}

/*
 * Register name; returns true and sets file/nr, or *name_only for null
 * and ip (shown without region or type).
 */
static bool reg_base(Parser *ps, G4EuOperand *op, bool *name_only)
{
    unsigned n = 0;

    *name_only = false;
    if (g4_asm_word(ps, "null") || g4_asm_word(ps, "ip")) {
        op->file = G4_FILE_ARF;
        op->nr = ps->p[-1] == 'l' ? G4_ARF_NULL : G4_ARF_IP;
        *name_only = true;
        return true;
    }
    g4_asm_skip_ws(ps);
    if ((ps->p[0] == 'g' || ps->p[0] == 'm') && ps->p[1] == '[') {
        long long imm = 0;

        op->file = ps->p[0] == 'g' ? G4_FILE_GRF : G4_FILE_MRF;
        op->indirect = true;
        ps->p += 2;
        if (!g4_asm_lit(ps, "a0")) {
            return g4_asm_perr(ps, "indirect register a0.N expected");
        }
        n = 0;
        if (g4_asm_lit(ps, ".") && !small_num(ps, 7, &n)) {
            return false;
        }
        op->addr_subnr = n;
        g4_asm_skip_ws(ps);
        if (*ps->p != ']' && !g4_asm_number(ps, -512, 511, &imm)) {
            return false;
        }
        op->addr_imm = imm;
        if (!g4_asm_lit(ps, "]")) {
            return g4_asm_perr(ps, "']' expected");
        }
        return true;
    }
    if (!strncmp(ps->p, "ARF", 3)) {
        ps->p += 3;
        op->file = G4_FILE_ARF;
        if (!small_num(ps, 255, &n)) {
            return false;
        }
        op->nr = n;
        return true;
    }
    for (size_t i = 0; i < G_N_ELEMENTS(arf_names); i++) {
        size_t l = strlen(arf_names[i].name);

        if (!strncmp(ps->p, arf_names[i].name, l) &&
            isdigit((unsigned char)ps->p[l])) {
            ps->p += l;
            if (!small_num(ps, 15, &n)) {
                return false;
            }
            op->file = G4_FILE_ARF;
            op->nr = arf_names[i].kind | n;
            return true;
        }
    }
    if ((ps->p[0] == 'g' || ps->p[0] == 'm' || ps->p[0] == 'r') &&
        isdigit((unsigned char)ps->p[1])) {
        op->file = ps->p[0] == 'm' ? G4_FILE_MRF : G4_FILE_GRF;
        ps->p++;
        if (!small_num(ps, op->file == G4_FILE_GRF ? 255 : 127, &n)) {
            return false;
        }
        op->nr = n;
        return true;
    }
    return g4_asm_perr(ps, "register expected");
}

static bool chan_letter(char c, unsigned *v)
{
    const char *q = strchr("xyzw", c);

    if (!c || !q) {
        return false;
    }
    *v = q - "xyzw";
    return true;
}

static bool stride_val(unsigned v, bool vert)
{
    if (vert) {
        return v <= 32 && (v == 0 || !(v & (v - 1)));
    }
    return v == 0 || v == 1 || v == 2 || v == 4;
}

bool g4_asm_parse_dst(Parser *ps, G4EuInst *in)
{
    G4EuOperand *op = &in->dst;
    bool name_only;
    unsigned sub = 0, hs = 0;
    bool has_sub = false;

    if (!reg_base(ps, op, &name_only)) {
        return false;
    }
    op->writemask = 0xf;
    op->hstride = 1;
    if (name_only) {
        return true;
    }
    if (!op->indirect && *ps->p == '.') {
        ps->p++;
        if (!small_num(ps, 31, &sub)) {
            return false;
        }
        has_sub = true;
    }
    if (!g4_asm_lit(ps, "<") || !small_num(ps, 4, &hs) || !stride_val(hs, false) ||
        !g4_asm_lit(ps, ">")) {
        return g4_asm_perr(ps, "destination <hstride> expected");
    }
    op->hstride = hs;
    if (in->access_mode == G4_ALIGN16 && *ps->p == '.') {
        unsigned c;

        ps->p++;
        op->writemask = 0;
        for (int i = 0; i < 4 && chan_letter(*ps->p, &c); i++) {
            op->writemask |= 1u << c;
            ps->p++;
        }
    }
    if (!reg_type(ps, &op->type)) {
        return false;
    }
    if (has_sub) {
        op->subnr = sub * g4_eu_type_size(op->type);
    }
    return true;
}

bool g4_asm_parse_src(Parser *ps, G4EuInst *in, G4EuOperand *op)
{
    bool name_only;
    unsigned sub = 0, vs = 0, w = 0, hs = 0;
    bool has_sub = false;

    g4_asm_skip_ws(ps);
    for (int i = 0; i < 4; i++) {
        op->swizzle[i] = i;
    }
    if (g4_asm_imm_start(ps->p)) {
        return parse_imm(ps, op, &in->imm);
    }
    if (g4_asm_lit(ps, "-")) {
        op->negate = true;
    }
    if (g4_asm_lit(ps, "(abs)")) {
        op->abs = true;
    }
    if (!reg_base(ps, op, &name_only)) {
        return false;
    }
    if (name_only) {
        op->width = 1;
        return true;
    }
    if (!op->indirect && *ps->p == '.') {
        ps->p++;
        if (!small_num(ps, 31, &sub)) {
            return false;
        }
        has_sub = true;
    }
    if (!g4_asm_lit(ps, "<")) {
        return g4_asm_perr(ps, "source region expected");
    }
    if (g4_asm_lit(ps, "VxH")) {
        vs = G4_EU_VSTRIDE_VXH;
    } else if (!small_num(ps, 32, &vs) || !stride_val(vs, true)) {
        return g4_asm_perr(ps, "bad vertical stride");
    }
    if (!g4_asm_lit(ps, ",") || !small_num(ps, 16, &w) || !stride_val(w, true) ||
        w == 0 || !g4_asm_lit(ps, ",") || !small_num(ps, 4, &hs) ||
        !stride_val(hs, false) || !g4_asm_lit(ps, ">")) {
        return g4_asm_perr(ps, "bad source region <vstride,width,hstride>");
    }
    op->vstride = vs;
    op->width = w;
    op->hstride = hs;
    if (in->access_mode == G4_ALIGN16) {
        if (w != 4 || hs != 1) {
            return g4_asm_perr(ps, "Align16 regions are <vstride,4,1>");
        }
        if (*ps->p == '.') {
            unsigned c[4], n = 0;

            ps->p++;
            while (n < 4 && chan_letter(*ps->p, &c[n])) {
                n++;
                ps->p++;
            }
            if (n != 1 && n != 4) {
                return g4_asm_perr(ps, "swizzle needs 1 or 4 channels");
            }
            for (unsigned i = 0; i < 4; i++) {
                op->swizzle[i] = c[n == 1 ? 0 : i];
            }
        }
    }
    if (!reg_type(ps, &op->type)) {
        return false;
    }
    if (has_sub) {
        op->subnr = sub * g4_eu_type_size(op->type);
    }
    return true;
}

/* ---- send target line ---- */

static bool parse_tuple(Parser *ps, unsigned n, unsigned *v,
                        const unsigned *max)
{
    long long x;

    if (!g4_asm_lit(ps, "(")) {
        return g4_asm_perr(ps, "'(' expected");
    }
    for (unsigned i = 0; i < n; i++) {
        if (i && !g4_asm_lit(ps, ",")) {
            return g4_asm_perr(ps, "',' expected");
        }
        if (!g4_asm_number(ps, 0, max[i], &x)) {
            return false;
        }
        v[i] = x;
    }
    return true;
}

bool g4_asm_parse_send_desc(Parser *ps, G4EuInst *in)
{
    static const char *const names[8] = {
        "null", "math", "sampler", "gateway", "read", "write", "urb",
        "thread_spawner",
    };
    static const char *const mathfn[14] = {
        "", "inv", "log", "exp", "sqrt", "rsq", "sincos", "sin", "cos",
        "tan", "pow", "intdivmod", "intdiv", "intmod",
    };
    static const uint8_t mathcode[14] = {
        0, 1, 2, 3, 4, 5, 8, 6, 7, 9, 10, 11, 12, 13,
    };
    unsigned sfid = 8, fc = 0, v[4];
    long long x;

    if (g4_asm_word(ps, "desc")) {
        return g4_asm_parse_src(ps, in, &in->src1);
    }
    g4_asm_skip_ws(ps);
    for (unsigned i = 0; i < 8; i++) {
        size_t l = strlen(names[i]);

        if (!strncmp(ps->p, names[i], l) &&
            (i == 0 ? !strncmp(ps->p, "null", 4) : true)) {
            sfid = i;
            ps->p += l;
            break;
        }
    }
    if (sfid == 8) {
        return g4_asm_perr(ps, "message target expected");
    }
    in->src1.file = G4_FILE_IMM;
    in->src1.type = G4_TYPE_D;
    if (g4_asm_word(ps, "fc")) {
        if (!g4_asm_number(ps, 0, 0xffff, &x)) {
            return false;
        }
        fc = x;
    } else if (sfid == G4_SFID_NULL || sfid == G4_SFID_GATEWAY) {
        char t[32];

        snprintf(t, sizeof(t), "unsupported target %u", sfid);
        if (!g4_asm_lit(ps, t)) {
            return g4_asm_perr(ps, "\"%s\" expected", t);
        }
    } else if (sfid == G4_SFID_MATH) {
        unsigned i;

        for (i = 1; i < 14 && !g4_asm_word(ps, mathfn[i]); i++) {
            continue;
        }
        if (i == 14) {
            return g4_asm_perr(ps, "math function expected");
        }
        fc = mathcode[i];
        fc |= g4_asm_word(ps, "sat") ? 0x40 : 0;
        fc |= g4_asm_word(ps, "signed") ? 0x10 : 0;
        fc |= g4_asm_word(ps, "scalar") ? 0x80 : 0;
        fc |= g4_asm_word(ps, "partial_precision") ? 0x20 : 0;
    } else if (sfid == G4_SFID_SAMPLER) {
        static const unsigned mx[2] = { 255, 15 };

        if (!parse_tuple(ps, 2, v, mx) || !g4_asm_lit(ps, ",")) {
            return g4_asm_perr(ps, "sampler (bti, sampler, format) expected");
        }
        fc = v[0] | v[1] << 8;
        if (g4_asm_word(ps, "UD")) {
            fc |= 2 << 12;
        } else if (g4_asm_word(ps, "D")) {
            fc |= 3 << 12;
        } else if (!g4_asm_word(ps, "F")) {
            return g4_asm_perr(ps, "sampler return format expected");
        }
        if (!g4_asm_lit(ps, ")")) {
            return g4_asm_perr(ps, "')' expected");
        }
    } else if (sfid == G4_SFID_DP_READ) {
        static const unsigned mx[3] = { 255, 15, 3 };

        if (!parse_tuple(ps, 3, v, mx) || !g4_asm_lit(ps, ")")) {
            return g4_asm_perr(ps, "read (bti, control, type) expected");
        }
        fc = v[0] | v[1] << 8 | v[2] << 12;
    } else if (sfid == G4_SFID_DP_WRITE) {
        static const unsigned mx[4] = { 255, 15, 7, 1 };

        if (!parse_tuple(ps, 4, v, mx) || !g4_asm_lit(ps, ")")) {
            return g4_asm_perr(ps, "write (bti, control, type, commit) expected");
        }
        fc = v[0] | (v[1] & 7) << 8 | (v[1] >> 3) << 11 | v[2] << 12 |
             v[3] << 15;
    } else if (sfid == G4_SFID_URB) {
        if (!g4_asm_number(ps, 0, 63, &x)) {
            return false;
        }
        fc = x << 4;
        fc |= g4_asm_word(ps, "interleave") ? 1 << 10 : 0;
        fc |= g4_asm_word(ps, "transpose") ? 2 << 10 : 0;
        fc |= g4_asm_word(ps, "allocate") ? 0x2000 : 0;
        fc |= g4_asm_word(ps, "used") ? 0x4000 : 0;
        fc |= g4_asm_word(ps, "complete") ? 0x8000 : 0;
    }
    in->send.sfid = sfid;
    in->send.function = fc;
    if (!g4_asm_word(ps, "mlen") || !g4_asm_number(ps, 0, 15, &x)) {
        return g4_asm_perr(ps, "mlen N expected");
    }
    in->send.mlen = x;
    if (!g4_asm_word(ps, "rlen") || !g4_asm_number(ps, 0, 15, &x)) {
        return g4_asm_perr(ps, "rlen N expected");
    }
    in->send.rlen = x;
    return true;
}
