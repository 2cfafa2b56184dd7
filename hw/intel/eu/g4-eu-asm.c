/*
 * Gen4 / G45 EU assembler for the text that g4_eu_disasm() prints (the
 * intel-gen4disasm syntax; see docs/g4-eu-codec.md).  Spaces between
 * tokens are optional.  The line is parsed by hand with bounded loops;
 * the result goes through g4_eu_validate() so the assembler never emits
 * an encoding the decoder would reject.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"

typedef struct Parser {
    const char *p;
    char *err;
    size_t errlen;
    bool failed;
} Parser;

static bool perr(Parser *ps, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static bool perr(Parser *ps, const char *fmt, ...)
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

static void skip_ws(Parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' ||
           *ps->p == '\r') {
        ps->p++;
    }
}

/* Accept a literal (after optional blanks). */
static bool lit(Parser *ps, const char *s)
{
    size_t n = strlen(s);

    skip_ws(ps);
    if (!strncmp(ps->p, s, n)) {
        ps->p += n;
        return true;
    }
    return false;
}

/* Accept a word followed by a non-identifier character. */
static bool word(Parser *ps, const char *s)
{
    const char *save = ps->p;
    size_t n = strlen(s);

    skip_ws(ps);
    if (!strncmp(ps->p, s, n) && !isalnum((unsigned char)ps->p[n]) &&
        ps->p[n] != '_') {
        ps->p += n;
        return true;
    }
    ps->p = save;
    return false;
}

static bool number(Parser *ps, long long lo, long long hi, long long *v)
{
    char *end;

    skip_ws(ps);
    if (!isdigit((unsigned char)*ps->p) && *ps->p != '-') {
        return perr(ps, "number expected");
    }
    errno = 0;
    *v = strtoll(ps->p, &end, 0);
    if (end == ps->p || errno || *v < lo || *v > hi) {
        return perr(ps, "number out of range %lld..%lld", lo, hi);
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
    return perr(ps, "register type expected");
}

/* ---- immediates ---- */

static bool imm_start(const char *p)
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
        return perr(ps, "immediate without type suffix");
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
            return perr(ps, "bad hexadecimal immediate");
        }
        *imm = (uint32_t)v;
        if (t == G4_TYPE_UW || t == G4_TYPE_W) {
            if (v > 0xffff) {
                return perr(ps, "word immediate out of range");
            }
            *imm = (uint32_t)v | ((uint32_t)v << 16);
        }
    } else if (t == G4_TYPE_F) {
        char *end;
        float f = strtof(num, &end);

        if (end == num || *end) {
            return perr(ps, "bad float immediate");
        }
        memcpy(imm, &f, 4);
    } else {
        char *end;
        long long v;

        errno = 0;
        v = strtoll(num, &end, 10);
        if (end == num || *end || errno) {
            return perr(ps, "bad integer immediate");
        }
        switch (t) {
        case G4_TYPE_W:
        case G4_TYPE_UW:
            if (v < -32768 || v > 65535) {
                return perr(ps, "word immediate out of range");
            }
            *imm = ((uint32_t)v & 0xffff) | ((uint32_t)v << 16);
            break;
        default:
            if (v < -2147483648ll || v > 0xffffffffll) {
                return perr(ps, "immediate out of range");
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
        return perr(ps, "register number expected (0..%u)", max);
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
    if (word(ps, "null") || word(ps, "ip")) {
        op->file = G4_FILE_ARF;
        op->nr = ps->p[-1] == 'l' ? G4_ARF_NULL : G4_ARF_IP;
        *name_only = true;
        return true;
    }
    skip_ws(ps);
    if ((ps->p[0] == 'g' || ps->p[0] == 'm') && ps->p[1] == '[') {
        long long imm = 0;

        op->file = ps->p[0] == 'g' ? G4_FILE_GRF : G4_FILE_MRF;
        op->indirect = true;
        ps->p += 2;
        if (!lit(ps, "a0")) {
            return perr(ps, "indirect register a0.N expected");
        }
        n = 0;
        if (lit(ps, ".") && !small_num(ps, 7, &n)) {
            return false;
        }
        op->addr_subnr = n;
        skip_ws(ps);
        if (*ps->p != ']' && !number(ps, -512, 511, &imm)) {
            return false;
        }
        op->addr_imm = imm;
        if (!lit(ps, "]")) {
            return perr(ps, "']' expected");
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
    return perr(ps, "register expected");
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

static bool parse_dst(Parser *ps, G4EuInst *in)
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
    if (!lit(ps, "<") || !small_num(ps, 4, &hs) || !stride_val(hs, false) ||
        !lit(ps, ">")) {
        return perr(ps, "destination <hstride> expected");
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

static bool parse_src(Parser *ps, G4EuInst *in, G4EuOperand *op)
{
    bool name_only;
    unsigned sub = 0, vs = 0, w = 0, hs = 0;
    bool has_sub = false;

    skip_ws(ps);
    for (int i = 0; i < 4; i++) {
        op->swizzle[i] = i;
    }
    if (imm_start(ps->p)) {
        return parse_imm(ps, op, &in->imm);
    }
    if (lit(ps, "-")) {
        op->negate = true;
    }
    if (lit(ps, "(abs)")) {
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
    if (!lit(ps, "<")) {
        return perr(ps, "source region expected");
    }
    if (lit(ps, "VxH")) {
        vs = G4_EU_VSTRIDE_VXH;
    } else if (!small_num(ps, 32, &vs) || !stride_val(vs, true)) {
        return perr(ps, "bad vertical stride");
    }
    if (!lit(ps, ",") || !small_num(ps, 16, &w) || !stride_val(w, true) ||
        w == 0 || !lit(ps, ",") || !small_num(ps, 4, &hs) ||
        !stride_val(hs, false) || !lit(ps, ">")) {
        return perr(ps, "bad source region <vstride,width,hstride>");
    }
    op->vstride = vs;
    op->width = w;
    op->hstride = hs;
    if (in->access_mode == G4_ALIGN16) {
        if (w != 4 || hs != 1) {
            return perr(ps, "Align16 regions are <vstride,4,1>");
        }
        if (*ps->p == '.') {
            unsigned c[4], n = 0;

            ps->p++;
            while (n < 4 && chan_letter(*ps->p, &c[n])) {
                n++;
                ps->p++;
            }
            if (n != 1 && n != 4) {
                return perr(ps, "swizzle needs 1 or 4 channels");
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

    if (!lit(ps, "(")) {
        return perr(ps, "'(' expected");
    }
    for (unsigned i = 0; i < n; i++) {
        if (i && !lit(ps, ",")) {
            return perr(ps, "',' expected");
        }
        if (!number(ps, 0, max[i], &x)) {
            return false;
        }
        v[i] = x;
    }
    return true;
}

static bool parse_send_desc(Parser *ps, G4EuInst *in)
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

    if (word(ps, "desc")) {
        return parse_src(ps, in, &in->src1);
    }
    skip_ws(ps);
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
        return perr(ps, "message target expected");
    }
    in->src1.file = G4_FILE_IMM;
    in->src1.type = G4_TYPE_D;
    if (word(ps, "fc")) {
        if (!number(ps, 0, 0xffff, &x)) {
            return false;
        }
        fc = x;
    } else if (sfid == G4_SFID_NULL || sfid == G4_SFID_GATEWAY) {
        char t[32];

        snprintf(t, sizeof(t), "unsupported target %u", sfid);
        if (!lit(ps, t)) {
            return perr(ps, "\"%s\" expected", t);
        }
    } else if (sfid == G4_SFID_MATH) {
        unsigned i;

        for (i = 1; i < 14 && !word(ps, mathfn[i]); i++) {
            continue;
        }
        if (i == 14) {
            return perr(ps, "math function expected");
        }
        fc = mathcode[i];
        fc |= word(ps, "sat") ? 0x40 : 0;
        fc |= word(ps, "signed") ? 0x10 : 0;
        fc |= word(ps, "scalar") ? 0x80 : 0;
        fc |= word(ps, "partial_precision") ? 0x20 : 0;
    } else if (sfid == G4_SFID_SAMPLER) {
        static const unsigned mx[2] = { 255, 15 };

        if (!parse_tuple(ps, 2, v, mx) || !lit(ps, ",")) {
            return perr(ps, "sampler (bti, sampler, format) expected");
        }
        fc = v[0] | v[1] << 8;
        if (word(ps, "UD")) {
            fc |= 2 << 12;
        } else if (word(ps, "D")) {
            fc |= 3 << 12;
        } else if (!word(ps, "F")) {
            return perr(ps, "sampler return format expected");
        }
        if (!lit(ps, ")")) {
            return perr(ps, "')' expected");
        }
    } else if (sfid == G4_SFID_DP_READ) {
        static const unsigned mx[3] = { 255, 15, 3 };

        if (!parse_tuple(ps, 3, v, mx) || !lit(ps, ")")) {
            return perr(ps, "read (bti, control, type) expected");
        }
        fc = v[0] | v[1] << 8 | v[2] << 12;
    } else if (sfid == G4_SFID_DP_WRITE) {
        static const unsigned mx[4] = { 255, 15, 7, 1 };

        if (!parse_tuple(ps, 4, v, mx) || !lit(ps, ")")) {
            return perr(ps, "write (bti, control, type, commit) expected");
        }
        fc = v[0] | (v[1] & 7) << 8 | (v[1] >> 3) << 11 | v[2] << 12 |
             v[3] << 15;
    } else if (sfid == G4_SFID_URB) {
        if (!number(ps, 0, 63, &x)) {
            return false;
        }
        fc = x << 4;
        fc |= word(ps, "interleave") ? 1 << 10 : 0;
        fc |= word(ps, "transpose") ? 2 << 10 : 0;
        fc |= word(ps, "allocate") ? 0x2000 : 0;
        fc |= word(ps, "used") ? 0x4000 : 0;
        fc |= word(ps, "complete") ? 0x8000 : 0;
    }
    in->send.sfid = sfid;
    in->send.function = fc;
    if (!word(ps, "mlen") || !number(ps, 0, 15, &x)) {
        return perr(ps, "mlen N expected");
    }
    in->send.mlen = x;
    if (!word(ps, "rlen") || !number(ps, 0, 15, &x)) {
        return perr(ps, "rlen N expected");
    }
    in->send.rlen = x;
    return true;
}

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
    if (!lit(ps, "{")) {
        return true;    /* no option block: Align1 defaults */
    }
    for (int guard = 0; guard < 16; guard++) {
        if (lit(ps, "}")) {
            return true;
        }
        if (lit(ps, ",")) {
            continue;
        }
        if (word(ps, "align1")) {
            in->access_mode = G4_ALIGN1;
        } else if (word(ps, "align16")) {
            in->access_mode = G4_ALIGN16;
        } else if (word(ps, "nomask") || word(ps, "mask_disable")) {
            in->mask_control = true;
        } else if (word(ps, "NoDDClr")) {
            in->no_dd_clear = true;
        } else if (word(ps, "NoDDChk")) {
            in->no_dd_check = true;
        } else if (word(ps, "sechalf")) {
            in->compression = G4_COMPR_SECHALF;
        } else if (word(ps, "compr4")) {
            in->compression = G4_COMPR_COMPR;
            *compr4 = true;
        } else if (word(ps, "compr")) {
            in->compression = G4_COMPR_COMPR;
        } else if (word(ps, "switch")) {
            in->thread_control = G4_THREAD_SWITCH;
        } else if (word(ps, "EOT")) {
            in->send.eot = true;
        } else {
            return perr(ps, "unknown instruction option");
        }
    }
    return perr(ps, "too many options");
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
    if (lit(ps, "(")) {
        unsigned p;
        const char *const *tab = in->access_mode == G4_ALIGN16 ?
                                 pred_names_a16 : pred_names_a1;
        unsigned ntab = in->access_mode == G4_ALIGN16 ? 8 : 12;

        if (lit(ps, "-")) {
            in->pred_inv = true;
        } else {
            (void)lit(ps, "+");
        }
        if (!lit(ps, "f0")) {
            return perr(ps, "f0 expected");
        }
        if (lit(ps, ".1")) {
            in->flag_subreg = 1;
        } else {
            (void)lit(ps, ".0");
        }
        in->pred_control = G4_PRED_NORMAL;
        if (lit(ps, ".")) {
            for (p = 2; p < ntab && !word(ps, tab[p]); p++) {
                continue;
            }
            if (p == ntab) {
                return perr(ps, "unknown predicate control");
            }
            in->pred_control = p;
        }
        if (!lit(ps, ")")) {
            return perr(ps, "')' expected");
        }
    }
    skip_ws(ps);
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
        return perr(ps, "unknown opcode \"%s\"", name);
    }
    in->opcode = op;
    if (op == G4_OP_NOP || op == G4_OP_NENOP) {
        (void)lit(ps, ";");
        return true;
    }
    while (*ps->p == '.') {
        unsigned c;

        ps->p++;
        if (word(ps, "sat")) {
            in->saturate = true;
            continue;
        }
        if (word(ps, "breakpoint")) {
            in->debug = true;
            continue;
        }
        for (c = 1; c < 10 && !word(ps, cmod_names[c]); c++) {
            continue;
        }
        if (c == 10) {
            /* gen4asm spells .e/.ne as .z/.nz too */
            if (word(ps, "z")) {
                c = G4_COND_Z;
            } else if (word(ps, "nz")) {
                c = G4_COND_NZ;
            } else {
                return perr(ps, "unknown instruction modifier");
            }
        }
        in->cond_modifier = c;
        if (lit(ps, ".f0")) {
            if (lit(ps, ".1")) {
                in->flag_subreg = 1;
            } else {
                (void)lit(ps, ".0");
            }
        }
    }
    if (!lit(ps, "(") || !number(ps, 1, 32, &x) || !lit(ps, ")")) {
        return perr(ps, "execution size (N) expected");
    }
    in->exec_size = x;
    if (op == G4_OP_SEND) {
        if (!number(ps, 0, 15, &x)) {
            return false;
        }
        in->send_mrf = x;
    }
    if (op == G4_OP_JMPI) {
        skip_ws(ps);
        if (imm_start(ps->p) && !strchr("DW", ps->p[strspn(ps->p,
                                                       "-0123456789")])) {
            if (!number(ps, INT32_MIN, INT32_MAX, &x)) {
                return false;
            }
            in->src1.file = G4_FILE_IMM;
            in->src1.type = G4_TYPE_D;
            in->imm = (uint32_t)x;
        } else if (!parse_src(ps, in, &in->src1)) {
            return false;
        }
    }
    if (oi->has_dst && !parse_dst(ps, in)) {
        return false;
    }
    if (oi->nsrc > 0 && !parse_src(ps, in, &in->src0)) {
        return false;
    }
    if (oi->nsrc > 1 && !parse_src(ps, in, &in->src1)) {
        return false;
    }
    if (op == G4_OP_SEND && !parse_send_desc(ps, in)) {
        return false;
    }
    if (!parse_options(ps, in, &compr4)) {
        return false;
    }
    if (compr4) {
        if (in->dst.file != G4_FILE_MRF) {
            return perr(ps, "compr4 needs an MRF destination");
        }
        in->dst.nr |= 0x80;
    }
    (void)lit(ps, ";");
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
    skip_ws(&ps);
    if (*ps.p && !(ps.p[0] == '/' && ps.p[1] == '/')) {
        return perr(&ps, "unexpected text after the instruction");
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
            return perr(&ps, "flow-control exitcode bits 31:20 must be 0 "
                        "(jump count 15:0, pop count 19:16)");
        }
        g4_eu_set_imm(out, out->imm);
    }
    g4_eu_canonicalize(out);
    if (!g4_eu_validate(out, &why)) {
        ps.p = line;
        return perr(&ps, "invalid instruction: %s", why);
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
