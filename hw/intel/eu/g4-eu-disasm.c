/*
 * Gen4 / G45 EU disassembler.  Output follows `intel-gen4disasm -g 4`
 * (column layout, names, option block), except where that tool loses
 * information or contradicts seed 002; those cases are listed in
 * docs/g4-eu-codec.md and checked by tests/unit/intel/eu/test-g4-eu-codec.c.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"

typedef struct Out {
    char buf[512];
    size_t pos;
    size_t col;
} Out;

static void emit(Out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void emit(Out *o, const char *fmt, ...)
{
    va_list ap;
    int n;

    if (o->pos >= sizeof(o->buf) - 1) {
        return;
    }
    va_start(ap, fmt);
    n = vsnprintf(o->buf + o->pos, sizeof(o->buf) - o->pos, fmt, ap);
    va_end(ap);
    if (n < 0) {
        return;
    }
    for (int i = 0; i < n && o->pos + i < sizeof(o->buf) - 1; i++) {
        o->col = o->buf[o->pos + i] == '\n' ? 0 : o->col + 1;
    }
    o->pos += n;
    if (o->pos > sizeof(o->buf) - 1) {
        o->pos = sizeof(o->buf) - 1;
    }
}

/* Pad to a column, or one space when already past it. */
static void pad(Out *o, size_t col)
{
    if (o->col >= col) {
        emit(o, " ");
        return;
    }
    while (o->col < col) {
        emit(o, " ");
    }
}

static const char *const type_name[] = {
    [G4_TYPE_UD] = "UD", [G4_TYPE_D] = "D", [G4_TYPE_UW] = "UW",
    [G4_TYPE_W] = "W", [G4_TYPE_UB] = "UB", [G4_TYPE_B] = "B",
    [G4_TYPE_F] = "F", [G4_TYPE_VF] = "VF", [G4_TYPE_V] = "V",
};

static const char *const cmod_name[] = {
    "", "e", "ne", "g", "ge", "l", "le", "r", "o", "u",
};

static const char *const pred_a1[] = {
    "", "", ".anyv", ".allv", ".any2h", ".all2h", ".any4h", ".all4h",
    ".any8h", ".all8h", ".any16h", ".all16h",
};

static const char *const pred_a16[] = {
    "", "", ".x", ".y", ".z", ".w", ".any4h", ".all4h",
};

static const char chan[] = "xyzw";

/* Register name without region: g5, m2, a0, acc1, null, ip ... */
static void reg_name(Out *o, const G4EuOperand *op)
{
    unsigned n = op->nr & 0x0f;

    switch (op->file) {
    case G4_FILE_GRF:
        emit(o, "g%u", op->nr);
        return;
    case G4_FILE_MRF:
        emit(o, "m%u", op->nr & 0x7f);
        return;
    default:
        break;
    }
    switch (op->nr & 0xf0) {
    case G4_ARF_NULL:
        emit(o, "null");
        break;
    case G4_ARF_ADDRESS:
        emit(o, "a%u", n);
        break;
    case G4_ARF_ACC:
        emit(o, "acc%u", n);
        break;
    case G4_ARF_FLAG:
        emit(o, "f%u", n);
        break;
    case G4_ARF_MASK:
        emit(o, "mask%u", n);
        break;
    case G4_ARF_MSTACK:     /* ms0 (L7850); intel-gen4disasm says msd0 */
        emit(o, "ms%u", n);
        break;
    case G4_ARF_MSDEPTH:    /* msd0 (L7922); intel-gen4disasm: ARF96 */
        emit(o, "msd%u", n);
        break;
    case G4_ARF_STATE:
        emit(o, "sr%u", n);
        break;
    case G4_ARF_CONTROL:
        emit(o, "cr%u", n);
        break;
    case G4_ARF_NOTIFY:
        emit(o, "n%u", n);
        break;
    case G4_ARF_IP:
        emit(o, "ip");
        break;
    default:
        emit(o, "ARF%u", op->nr);
        break;
    }
}

static bool name_only(const G4EuOperand *op)
{
    return op->file == G4_FILE_ARF && !op->indirect &&
           (op->nr == G4_ARF_NULL || op->nr == G4_ARF_IP);
}

static void indirect_base(Out *o, const G4EuOperand *op)
{
    emit(o, "%s[a0", op->file == G4_FILE_MRF ? "m" : "g");
    if (op->addr_subnr) {
        emit(o, ".%u", op->addr_subnr);
    }
    if (op->addr_imm) {
        emit(o, " %d", op->addr_imm);
    }
    emit(o, "]");
}

static void direct_base(Out *o, const G4EuOperand *op)
{
    reg_name(o, op);
    if (op->subnr) {
        emit(o, ".%u", op->subnr / g4_eu_type_size(op->type));
    }
}

static void dst_operand(Out *o, const G4EuInst *in)
{
    const G4EuOperand *op = &in->dst;

    if (name_only(op)) {
        reg_name(o, op);
        return;
    }
    if (op->indirect) {
        indirect_base(o, op);
    } else {
        direct_base(o, op);
    }
    if (in->access_mode == G4_ALIGN16) {
        emit(o, "<1>");
        if (op->writemask != 0xf) {
            emit(o, ".");
            for (int i = 0; i < 4; i++) {
                if (op->writemask & (1u << i)) {
                    emit(o, "%c", chan[i]);
                }
            }
        }
    } else {
        emit(o, "<%u>", op->hstride);
    }
    emit(o, "%s", type_name[op->type]);
}

/* Float text that reads back to the same bits. */
static void float_imm(Out *o, uint32_t bits)
{
    char t[48];
    float f, back;

    memcpy(&f, &bits, 4);
    if (isnan(f)) {
        if (bits == 0x7fc00000u) {
            emit(o, "nanF");
        } else if (bits == 0xffc00000u) {
            emit(o, "-nanF");
        } else {
            emit(o, "0x%08xF", bits);
        }
        return;
    }
    snprintf(t, sizeof(t), "%g", f);
    back = strtof(t, NULL);
    if (memcmp(&back, &f, 4)) {
        snprintf(t, sizeof(t), "%.9g", f);
    }
    emit(o, "%sF", t);
}

static void imm_operand(Out *o, G4EuType t, uint32_t v)
{
    switch (t) {
    case G4_TYPE_UD:
        emit(o, "0x%08xUD", v);
        break;
    case G4_TYPE_D:
        emit(o, "%dD", (int32_t)v);
        break;
    case G4_TYPE_UW:
        emit(o, "0x%04xUW", v & 0xffff);
        break;
    case G4_TYPE_W:
        emit(o, "%dW", (int16_t)v);
        break;
    case G4_TYPE_V:
        emit(o, "0x%08xV", v);
        break;
    case G4_TYPE_VF:    /* intel-gen4disasm prints "Vector Float" */
        emit(o, "0x%08xVF", v);
        break;
    case G4_TYPE_F:
        float_imm(o, v);
        break;
    default:
        emit(o, "0x%08x%s", v, type_name[t]);
        break;
    }
}

static void src_operand(Out *o, const G4EuInst *in, const G4EuOperand *op)
{
    if (op->file == G4_FILE_IMM) {
        imm_operand(o, op->type, in->imm);
        return;
    }
    if (name_only(op)) {
        reg_name(o, op);
        return;
    }
    if (op->negate) {
        emit(o, "-");
    }
    if (op->abs) {
        emit(o, "(abs)");
    }
    if (op->indirect) {
        indirect_base(o, op);
    } else {
        direct_base(o, op);
    }
    if (op->vstride == G4_EU_VSTRIDE_VXH) {
        emit(o, "<VxH,%u,%u>", op->width, op->hstride);
    } else if (in->access_mode == G4_ALIGN16) {
        emit(o, "<%u,4,1>", op->vstride);
    } else {
        emit(o, "<%u,%u,%u>", op->vstride, op->width, op->hstride);
    }
    if (in->access_mode == G4_ALIGN16) {
        const uint8_t *s = op->swizzle;

        if (s[0] == s[1] && s[1] == s[2] && s[2] == s[3]) {
            emit(o, ".%c", chan[s[0] & 3]);
        } else if (!(s[0] == 0 && s[1] == 1 && s[2] == 2 && s[3] == 3)) {
            emit(o, ".%c%c%c%c", chan[s[0] & 3], chan[s[1] & 3],
                 chan[s[2] & 3], chan[s[3] & 3]);
        }
    }
    emit(o, "%s", type_name[op->type]);
}

static const char *const sfid_name[8] = {
    "null", "math", "sampler", "gateway", "read", "write", "urb",
    "thread_spawner",
};

static const char *const math_fn[16] = {
    NULL, "inv", "log", "exp", "sqrt", "rsq", "sin", "cos", "sincos", "tan",
    "pow", "intdivmod", "intdiv", "intmod", NULL, NULL,
};

/*
 * The message target line.  intel-gen4disasm's form is used whenever it
 * shows every descriptor bit; otherwise "fc 0x...." gives the function
 * control (Table 14-15 L13388-L13396).
 */
static void send_desc(Out *o, const G4EuInst *in)
{
    const G4EuSendDesc *d = &in->send;
    unsigned fc = d->function;
    bool shown;

    if (in->src1.file != G4_FILE_IMM) {
        emit(o, "desc ");
        src_operand(o, in, &in->src1);
        return;
    }
    switch (d->sfid) {
    case G4_SFID_MATH:
        shown = math_fn[fc & 15] && !(fc & 0xff00);
        break;
    case G4_SFID_SAMPLER:
        shown = ((fc >> 12) & 3) != 1 && !(fc & 0xc000);
        break;
    case G4_SFID_DP_READ:
        shown = !(fc & 0xc000);
        break;
    case G4_SFID_DP_WRITE:
        shown = true;
        break;
    case G4_SFID_URB:
        shown = !(fc & 0x100f) && ((fc >> 10) & 3) != 3;
        break;
    default:
        shown = fc == 0;
        break;
    }
    emit(o, "%s", sfid_name[d->sfid & 7]);
    if (!shown) {
        emit(o, " fc 0x%04x", fc);
    } else {
        switch (d->sfid) {
        case G4_SFID_NULL:
        case G4_SFID_GATEWAY:
            emit(o, "unsupported target %u", d->sfid);
            break;
        case G4_SFID_MATH:
            emit(o, " %s%s%s%s%s", math_fn[fc & 15],
                 fc & 0x40 ? " sat" : "", fc & 0x10 ? " signed" : "",
                 fc & 0x80 ? " scalar" : "",
                 fc & 0x20 ? " partial_precision" : "");
            break;
        case G4_SFID_SAMPLER:
            emit(o, " (%u, %u, %s)", fc & 0xff, (fc >> 8) & 15,
                 (const char *const[]){ "F", "", "UD", "D" }[(fc >> 12) & 3]);
            break;
        case G4_SFID_DP_READ:
            emit(o, " (%u, %u, %u)", fc & 0xff, (fc >> 8) & 15,
                 (fc >> 12) & 3);
            break;
        case G4_SFID_DP_WRITE:
            emit(o, " (%u, %u, %u, %u)", fc & 0xff,
                 (((fc >> 11) & 1) << 3) | ((fc >> 8) & 7), (fc >> 12) & 7,
                 (fc >> 15) & 1);
            break;
        case G4_SFID_URB:
            emit(o, " %u%s%s%s%s", (fc >> 4) & 63,
                 (const char *const[]){ "", " interleave", " transpose",
                                        "" }[(fc >> 10) & 3],
                 fc & 0x2000 ? " allocate" : "", fc & 0x4000 ? " used" : "",
                 fc & 0x8000 ? " complete" : "");
            break;
        default:
            break;
        }
    }
    emit(o, " mlen %u rlen %u", d->mlen, d->rlen);
}

size_t g4_eu_disasm(const G4EuInst *in, char *buf, size_t len)
{
    const G4EuOpInfo *oi = g4_eu_opcode_info(in->opcode);
    bool a16 = in->access_mode == G4_ALIGN16;
    bool send = in->opcode == G4_OP_SEND;
    bool nop = in->opcode == G4_OP_NOP || in->opcode == G4_OP_NENOP;
    Out o = { .pos = 0, .col = 0 };

    o.buf[0] = 0;
    if (!oi) {
        emit(&o, "illegal opcode 0x%02x", in->opcode & 0x7f);
        goto done;
    }
    if (in->pred_control && !nop) {
        unsigned p = in->pred_control;

        emit(&o, "(%cf0%s%s) ", in->pred_inv ? '-' : '+',
             in->flag_subreg ? ".1" : "",
             a16 ? (p < 8 ? pred_a16[p] : "") : (p < 12 ? pred_a1[p] : ""));
    }
    emit(&o, "%s", oi->name);
    if (nop) {
        pad(&o, 64);
        emit(&o, ";");
        goto done;
    }
    if (in->saturate) {
        emit(&o, ".sat");
    }
    if (in->debug) {
        emit(&o, ".breakpoint");
    }
    if (!send && in->cond_modifier && in->cond_modifier <= G4_COND_U) {
        emit(&o, ".%s.f0%s", cmod_name[in->cond_modifier],
             in->flag_subreg ? ".1" : "");
    }
    emit(&o, "(%u)", in->exec_size);
    if (send) {
        emit(&o, " %u", in->send_mrf);
    }
    if (in->opcode == G4_OP_JMPI) {
        if (in->src1.file == G4_FILE_IMM) {
            emit(&o, " %d", (int32_t)in->imm);
        } else {        /* intel-gen4disasm prints DW3 as a number */
            emit(&o, " ");
            src_operand(&o, in, &in->src1);
        }
    }
    if (oi->has_dst) {
        pad(&o, 16);
        dst_operand(&o, in);
    }
    if (oi->nsrc > 0) {
        pad(&o, 32);
        src_operand(&o, in, &in->src0);
    }
    if (oi->nsrc > 1) {
        pad(&o, 48);
        src_operand(&o, in, &in->src1);
    }
    if (send) {
        emit(&o, "\n");
        pad(&o, 16);
        send_desc(&o, in);
    }
    pad(&o, 64);
    emit(&o, "{ %s", a16 ? "align16" : "align1");
    if (in->mask_control) {
        emit(&o, " nomask");
    }
    if (in->no_dd_clear || in->no_dd_check) {
        emit(&o, " %s%s%s", in->no_dd_clear ? "NoDDClr" : "",
             in->no_dd_clear && in->no_dd_check ? "," : "",
             in->no_dd_check ? "NoDDChk" : "");
    }
    if (in->compression == G4_COMPR_COMPR && oi->has_dst &&
        in->dst.file == G4_FILE_MRF && (in->dst.nr & 0x80)) {
        emit(&o, " compr4");
    } else if (in->compression == G4_COMPR_SECHALF) {
        emit(&o, " sechalf");
    } else if (in->compression == G4_COMPR_COMPR) {
        emit(&o, " compr");
    }
    if (in->thread_control == G4_THREAD_SWITCH) {
        emit(&o, " switch");
    }
    if (send && in->send.eot) {
        emit(&o, " EOT");
    }
    emit(&o, " };");
done:
    if (len) {
        size_t n = o.pos < len - 1 ? o.pos : len - 1;

        memcpy(buf, o.buf, n);
        buf[n] = 0;
    }
    return o.pos;
}
