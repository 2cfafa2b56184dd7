/*
 * The EU fast path against the reference interpreter (docs/g4-eu.md,
 * "Fast path"): random kernels run from the same random state through
 * both (run_both in g4-eu-test.h) must leave the same thread state
 * (GRF, MRF, accumulator, flags, a0, masks, stacks, ip, ...), memory
 * and logs.  Three sources of kernels:
 *   - ALU kernels drawn around the fast path's cases (and just outside
 *     them: other regions, types, modifiers, conditions, Align16,
 *     indirect and accumulator operands), with special floats and
 *     random accumulator, flags, masks and cr0 modes;
 *   - the EU execution fuzz target's inputs (g4-eu-fuzz-prog.h), from
 *     the seed the fuzz driver uses (tests/fuzz/fuzz-main.c);
 *   - the codec generator's valid instructions (g4-eu-gen.h).
 * HWGPU_EU_FAST_PROGRAMS scales the number of kernels of each kind.
 * Every other EU unit test also runs both paths through run_on().
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "g4-eu-test.h"
#include "fuzz/intel/eu/g4-eu-fuzz-prog.h"
#include "fuzz/intel/eu/g4-eu-gen.h"

#define MAX_INSTS 24

static unsigned nprograms(unsigned dflt)
{
    const char *e = g_getenv("HWGPU_EU_FAST_PROGRAMS");

    return e ? (unsigned)strtoul(e, NULL, 0) : dflt;
}

/* A dword biased towards the values where the float rules matter. */
static uint32_t rand_dword(GRand *r)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu,  /* denorms */
        0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,  /* inf, NaN */
        0x7f800001u, 0x7fa00000u,                           /* sNaN */
        0x7f7fffffu, 0xff7fffffu, 0x00800000u, 0x3f800000u,  /* max, 1 */
        0x3f000000u, 0xbf800000u, 0x4f000000u, 0xcf000000u,  /* 2^31 */
        0x4f800000u, 0xffffffffu, 0x7fffffffu, 0x0000ffffu,
    };
    float f;

    switch (g_rand_int_range(r, 0, 10)) {
    case 0:
    case 1:
    case 2:
        return g_rand_int(r);
    case 3:
    case 4:
        return special[g_rand_int_range(r, 0, G_N_ELEMENTS(special))];
    case 5:
    case 6:
        return (uint32_t)g_rand_int_range(r, -40, 40);
    default:
        f = (float)g_rand_double_range(r, -300, 300);
        return hwgpu_f2u(f);
    }
}

static void rand_state(GRand *r, G4EuThread *t)
{
    static const uint16_t dmasks[] = { 0xffff, 0xffff, 0x00ff, 0x0f0f };
    uint32_t cr0 = 0;

    if (!g_rand_int_range(r, 0, 6)) {
        cr0 |= G4_CR0_FP_ALT;
    }
    if (!g_rand_int_range(r, 0, 6)) {
        cr0 |= G4_CR0_ACC_DISABLE;
    }
    g4_eu_thread_init(t, g_rand_boolean(r) ? dmasks[g_rand_int_range(r, 0, 4)]
                                           : (uint16_t)g_rand_int(r), cr0);
    for (unsigned i = 0; i < G4_EU_GRF_BYTES / 4; i++) {
        uint32_t v = rand_dword(r);

        memcpy(t->grf + 4 * i, &v, 4);
    }
    for (unsigned i = 0; i < G4_EU_MAX_LANES; i++) {
        t->accf[i] = g_rand_double_range(r, -1e6, 1e6);
        t->acci[i] = (int64_t)g_rand_int(r) << 16 | g_rand_int(r);
    }
    t->acc_float = g_rand_int(r);
    t->f0[0] = g_rand_int(r);
    t->f0[1] = g_rand_int(r);
    for (unsigned i = 0; i < 8; i++) {
        t->a0[i] = g_rand_int_range(r, 0, G4_EU_GRF_BYTES);
    }
    if (!g_rand_int_range(r, 0, 4)) {
        t->cmask &= g_rand_int(r);
    }
}

static const uint8_t alu_ops[] = {
    G4_OP_MOV, G4_OP_MOV, G4_OP_MOV, G4_OP_SEL, G4_OP_ADD, G4_OP_ADD,
    G4_OP_MUL, G4_OP_MUL, G4_OP_MAC, G4_OP_FRC, G4_OP_RNDD, G4_OP_CMP,
    G4_OP_CMP, G4_OP_CMPN, G4_OP_AND, G4_OP_OR, G4_OP_XOR, G4_OP_NOT,
    G4_OP_SHL, G4_OP_SHR, G4_OP_ASR, G4_OP_AVG,
    /* interpreter only */
    G4_OP_RNDU, G4_OP_RNDE, G4_OP_RNDZ, G4_OP_MACH, G4_OP_LZD, G4_OP_DP4,
    G4_OP_DP3, G4_OP_DPH, G4_OP_LINE, G4_OP_PLN, G4_OP_SAD2,
};

static G4EuType rand_type(GRand *r)
{
    static const uint8_t common[] = { G4_TYPE_F, G4_TYPE_F, G4_TYPE_D,
                                      G4_TYPE_UD };
    static const uint8_t other[] = { G4_TYPE_W, G4_TYPE_UW, G4_TYPE_B,
                                     G4_TYPE_UB };

    if (g_rand_int_range(r, 0, 8)) {
        return common[g_rand_int_range(r, 0, 4)];
    }
    return other[g_rand_int_range(r, 0, 4)];
}

/* A GRF number; half of them in a few registers, so that operands meet. */
static unsigned rand_reg(GRand *r)
{
    return g_rand_boolean(r) ? g_rand_int_range(r, 1, 8)
                             : g_rand_int_range(r, 1, 100);
}

static void rand_src(GRand *r, G4EuInst *in, G4EuOperand *o, bool a16)
{
    unsigned sz;

    memset(o, 0, sizeof(*o));
    o->type = rand_type(r);
    sz = g4_eu_type_size(o->type);
    o->file = G4_FILE_GRF;
    o->nr = rand_reg(r);
    o->negate = !g_rand_int_range(r, 0, 5);
    o->abs = !g_rand_int_range(r, 0, 5);
    for (int i = 0; i < 4; i++) {
        o->swizzle[i] = a16 ? g_rand_int_range(r, 0, 4) : i;
    }
    if (a16) {
        o->vstride = 4;
        o->width = 4;
        o->hstride = 1;
        return;
    }
    switch (g_rand_int_range(r, 0, 12)) {
    case 0:
    case 1:                     /* scalar */
        o->vstride = 0;
        o->width = 1;
        o->hstride = 0;
        o->subnr = g_rand_int_range(r, 0, 32) / sz * sz;
        break;
    case 2:
        o->vstride = 4;
        o->width = 4;
        o->hstride = 0;
        break;
    case 3:
        o->vstride = 8;
        o->width = 4;
        o->hstride = 2;
        break;
    case 4:
        o->file = G4_FILE_ARF;
        o->nr = G4_ARF_ACC;
        o->vstride = 8;
        o->width = 8;
        o->hstride = 1;
        break;
    case 5:
        o->indirect = true;
        o->addr_subnr = g_rand_int_range(r, 0, 8);
        o->addr_imm = g_rand_int_range(r, -64, 64) * 4;
        o->vstride = 8;
        o->width = 8;
        o->hstride = 1;
        break;
    default:
        o->vstride = 8;
        o->width = 8;
        o->hstride = 1;
        if (!g_rand_int_range(r, 0, 6)) {
            o->subnr = g_rand_int_range(r, 0, 8) * 4;
        }
        break;
    }
}

static void rand_imm(GRand *r, G4EuInst *in, G4EuOperand *o)
{
    static const uint8_t types[] = { G4_TYPE_F, G4_TYPE_F, G4_TYPE_D,
                                     G4_TYPE_UD, G4_TYPE_W, G4_TYPE_VF,
                                     G4_TYPE_V };

    memset(o, 0, sizeof(*o));
    o->file = G4_FILE_IMM;
    o->type = types[g_rand_int_range(r, 0, G_N_ELEMENTS(types))];
    in->imm = rand_dword(r);
    if (o->type == G4_TYPE_W) {
        in->imm = (in->imm & 0xffff) * 0x10001u;
    }
}

/* One ALU instruction around the fast path's cases; false: invalid. */
static bool rand_alu(GRand *r, G4EuInst *in)
{
    const G4EuOpInfo *oi;
    bool a16 = !g_rand_int_range(r, 0, 10);
    unsigned k;

    memset(in, 0, sizeof(*in));
    k = g_rand_int_range(r, 0, G_N_ELEMENTS(alu_ops));
    if (k >= 22 && g_rand_int_range(r, 0, 3)) {
        k = g_rand_int_range(r, 0, 22);     /* mostly fast-path opcodes */
    }
    in->opcode = alu_ops[k];
    oi = g4_eu_opcode_info(in->opcode);
    in->access_mode = a16 ? G4_ALIGN16 : G4_ALIGN1;
    switch (g_rand_int_range(r, 0, 10)) {
    case 0:
        in->exec_size = 1u << g_rand_int_range(r, 0, 3);
        break;
    case 1:
    case 2:
    case 3:
    case 4:
        in->exec_size = 8;
        if (!a16 && !g_rand_int_range(r, 0, 6)) {
            in->compression = G4_COMPR_SECHALF;
        }
        break;
    default:
        in->exec_size = 16;
        if (!a16 && g_rand_int_range(r, 0, 4)) {
            in->compression = G4_COMPR_COMPR;
        }
        break;
    }
    in->mask_control = !g_rand_int_range(r, 0, 5);
    if (g_rand_boolean(r)) {
        in->pred_control = g_rand_int_range(r, 0, 3) ? G4_PRED_NORMAL :
            (G4EuPredCtrl)g_rand_int_range(r, 1, a16 ? 8 : 12);
        in->pred_inv = g_rand_boolean(r);
    }
    in->flag_subreg = g_rand_boolean(r);
    if (in->opcode == G4_OP_CMP || in->opcode == G4_OP_CMPN) {
        in->cond_modifier = (G4EuCondMod)g_rand_int_range(r, 1, 7);
    } else if (g_rand_boolean(r)) {
        in->cond_modifier = (G4EuCondMod)g_rand_int_range(r, 1, 10);
    }
    in->saturate = !g_rand_int_range(r, 0, 5);

    memset(&in->dst, 0, sizeof(in->dst));
    in->dst.type = rand_type(r);
    in->dst.hstride = g_rand_int_range(r, 0, 8) ? 1 : 2;
    in->dst.writemask = a16 ? g_rand_int_range(r, 1, 16) : 15;
    switch (g_rand_int_range(r, 0, 10)) {
    case 0:
        in->dst.file = G4_FILE_MRF;
        in->dst.nr = g_rand_int_range(r, 1, 12);
        break;
    case 1:
        in->dst.file = G4_FILE_ARF;
        in->dst.nr = G4_ARF_NULL;
        break;
    case 2:
        if (!g_rand_int_range(r, 0, 3)) {
            in->dst.file = G4_FILE_ARF;
            in->dst.nr = G4_ARF_ACC;
            break;
        }
        /* fall through */
    default:
        in->dst.file = G4_FILE_GRF;
        in->dst.nr = rand_reg(r);
        if (!a16 && !g_rand_int_range(r, 0, 8)) {
            in->dst.subnr = g_rand_int_range(r, 0, 8) * 4;
        }
        break;
    }
    rand_src(r, in, &in->src0, a16);
    rand_src(r, in, &in->src1, a16);
    if (oi->nsrc < 2) {
        memset(&in->src1, 0, sizeof(in->src1));
        in->src1.file = G4_FILE_ARF;
        in->src1.nr = G4_ARF_NULL;
        in->src1.type = in->src0.type;
        if (!g_rand_int_range(r, 0, 4)) {
            rand_imm(r, in, &in->src0);
        }
    } else if (!g_rand_int_range(r, 0, 3)) {
        rand_imm(r, in, &in->src1);
    }
    if (g_rand_int_range(r, 0, 3)) {
        /* same types more often, as compilers emit them */
        in->src0.type = in->dst.type;
        if (in->src1.file != G4_FILE_IMM ||
            in->src1.type == G4_TYPE_F || in->src1.type == G4_TYPE_D ||
            in->src1.type == G4_TYPE_UD) {
            in->src1.type = in->src1.file == G4_FILE_IMM &&
                            in->dst.type != G4_TYPE_F &&
                            in->dst.type != G4_TYPE_D &&
                            in->dst.type != G4_TYPE_UD ? G4_TYPE_UD
                                                       : in->dst.type;
        }
        if (g_rand_boolean(r)) {
            in->src0.negate = in->src0.abs = false;
            in->src1.negate = in->src1.abs = false;
            in->saturate = false;
        }
    }
    g4_eu_canonicalize(in);
    return g4_eu_validate(in, NULL);
}

static bool assemble_eot(G4EuInst *in)
{
    char err[128];

    return g4_eu_asm_line(EOT, in, err, sizeof(err));
}

static const char *run_words(const uint32_t *words, unsigned n,
                             uint64_t budget)
{
    G4EuProgram *pref = g4_eu_program_new(words, n, &host);
    G4EuProgram *p = g4_eu_program_new(words, n, &host);
    G4EuThread *start = g_memdup2(&thr, sizeof(thr));
    static EuWorld world;
    G4EuStop s;
    const char *diff;

    /*
     * The fast program run once first (to the end, whatever the budget
     * of the run compared) and the state put back: its slots are decoded
     * then, as a kernel's are after its first thread, and run_fast goes
     * on only into decoded ones.
     */
    world_save(&world);
    env_setup();
    g4_eu_run(&thr, p, &env, 1000);
    world_load(&world);
    memcpy(&thr, start, sizeof(thr));
    g_free(start);
    diff = run_both(pref, p, budget, &s);

    g4_eu_program_free(pref);
    g4_eu_program_free(p);
    return diff;
}

/*
 * Run words both ways from thr; a mismatch prints the kernel and the
 * first instruction after which the states differ (its prefix run to an
 * instruction budget).
 */
static bool check_words(const uint32_t *words, unsigned n, uint64_t budget,
                        const char *what, unsigned index)
{
    G4EuThread *start = g_memdup2(&thr, sizeof(thr));
    const char *diff = run_words(words, n, budget);

    if (diff) {
        g_test_message("%s %u: interpreter and fast path differ in %s",
                       what, index, diff);
        for (unsigned m = 1; m <= budget; m++) {
            memcpy(&thr, start, sizeof(thr));
            diff = run_words(words, n, m);
            if (diff) {
                g_test_message("  first after %u instructions (ip 0x%x)",
                               m, thr.ip);
                break;
            }
        }
        for (unsigned i = 0; i < n; i++) {
            G4EuInst in;
            char text[256];

            if (g4_eu_decode(words + 4 * i, &in, NULL)) {
                g4_eu_disasm(&in, text, sizeof(text));
            } else {
                snprintf(text, sizeof(text), "(undecodable)");
            }
            g_test_message("  %2u: %s", i, text);
        }
        diff = "";
    }
    g_free(start);
    return !diff;
}

/* ALU kernels around the fast path's cases. */
static void test_random_alu(void)
{
    GRand *r = g_rand_new_with_seed(14);
    unsigned count = nprograms(3000), bad = 0, insts = 0;
    uint32_t words[4 * (MAX_INSTS + 1)];
    G4EuInst in;

    for (unsigned k = 0; k < count; k++) {
        unsigned n = g_rand_int_range(r, 1, MAX_INSTS + 1), i = 0;

        while (i < n) {
            if (!g_rand_int_range(r, 0, 8)) {
                /* a nop among them (run_fast steps over it) */
                char err[128];

                g_assert_true(g4_eu_asm_line(
                    g_rand_boolean(r) ? "nop" : "nenop", &in, err,
                    sizeof(err)));
                g4_eu_encode(&in, words + 4 * i++);
            } else if (rand_alu(r, &in)) {
                g4_eu_encode(&in, words + 4 * i++);
            }
        }
        g_assert_true(assemble_eot(&in));
        g4_eu_encode(&in, words + 4 * n);
        rand_state(r, &thr);
        {
            /* the whole kernel, then (from the same state) cut short
             * by an instruction budget */
            G4EuThread *start = g_memdup2(&thr, sizeof(thr));

            bad += !check_words(words, n + 1, 1000, "alu kernel", k);
            memcpy(&thr, start, sizeof(thr));
            bad += !check_words(words, n + 1, g_rand_int_range(r, 1, n + 1),
                                "alu kernel (budget)", k);
            g_free(start);
        }
        insts += n;
    }
    g_test_message("%u ALU kernels (%u instructions), %u differ", count,
                   insts, bad);
    g_assert_cmpuint(bad, ==, 0);
    g_rand_free(r);
}

/* The EU execution fuzz target's inputs, as tests/fuzz/fuzz-main.c. */
static void test_fuzz_inputs(void)
{
    GRand *r = g_rand_new_with_seed(1);
    unsigned count = nprograms(2000), bad = 0, ran = 0;
    static uint32_t words[4 * FUZZ_EU_MAX_INSTS];
    uint8_t *buf = g_malloc(4096);

    for (unsigned k = 0; k < count; k++) {
        size_t len = g_rand_int_range(r, 0, 4096);
        unsigned n;

        for (size_t i = 0; i < len; i++) {
            buf[i] = g_rand_int(r);
        }
        n = fuzz_eu_input(buf, len, &thr, words);
        if (n) {
            bad += !check_words(words, n, 4000, "fuzz input", k);
            ran++;
        }
    }
    g_test_message("%u fuzz inputs, %u kernels, %u differ", count, ran, bad);
    g_assert_cmpuint(bad, ==, 0);
    g_free(buf);
    g_rand_free(r);
}

/* Kernels of the codec generator's valid instructions. */
static void test_gen_inputs(void)
{
    GRand *r = g_rand_new_with_seed(4);
    unsigned count = nprograms(1000), bad = 0;
    uint32_t words[4 * (MAX_INSTS + 1)];
    uint8_t bytes[256];
    G4EuInst in;

    for (unsigned k = 0; k < count; k++) {
        unsigned n = g_rand_int_range(r, 1, MAX_INSTS + 1), i = 0;
        G4Gen g = { bytes, sizeof(bytes), 0, false };

        for (size_t b = 0; b < sizeof(bytes); b++) {
            bytes[b] = g_rand_int(r);
        }
        while (i < n) {
            if (gen_inst(&g, &in)) {
                g4_eu_encode(&in, words + 4 * i++);
            }
        }
        g_assert_true(assemble_eot(&in));
        g4_eu_encode(&in, words + 4 * n);
        rand_state(r, &thr);
        bad += !check_words(words, n + 1, 1000, "generated kernel", k);
    }
    g_test_message("%u generated kernels, %u differ", count, bad);
    g_assert_cmpuint(bad, ==, 0);
    g_rand_free(r);
}

/*
 * One move for a flat-kernel test: mostly what a flat kernel holds (raw
 * 32-bit moves into the MRF of immediates, GRF scalars or registers),
 * sometimes a move or instruction that makes the kernel not flat.
 */
static char *rand_flat_mov(GRand *r)
{
    static const char *const types[] = { "UD", "F", "D" };
    const char *t = types[g_rand_int_range(r, 0, 3)];
    const char *size, *opts, *pred = "", *neg = "";
    char *src, *res;
    unsigned reg = g_rand_int_range(r, 1, 12);

    switch (g_rand_int_range(r, 0, 5)) {
    case 0:
        size = "8", opts = "";
        break;
    case 1:
        size = "8", opts = " sechalf";
        break;
    case 2:
        size = "16", opts = " compr4";
        reg = g_rand_int_range(r, 1, 8);
        break;
    default:
        size = "16", opts = " compr";
        reg = g_rand_int_range(r, 1, 14);
        break;
    }
    switch (g_rand_int_range(r, 0, 4)) {
    case 0:
        src = g_strdup_printf("0x%08x%s", g_rand_int(r), t);
        break;
    case 1:
        src = g_strdup_printf("g%u.%u<0,1,0>%s", g_rand_int_range(r, 1, 60),
                              g_rand_int_range(r, 0, 8), t);
        break;
    default:
        src = g_strdup_printf("g%u<8,8,1>%s", g_rand_int_range(r, 1, 60), t);
        break;
    }
    switch (g_rand_int_range(r, 0, 24)) {     /* what is not flat */
    case 0:
        pred = "(+f0) ";
        break;
    case 1:
        neg = src[0] == 'g' ? "-" : "";
        break;
    case 2:
        g_free(src);
        src = g_strdup_printf("g%u<8,4,2>%s", g_rand_int_range(r, 1, 60), t);
        break;
    case 3:
        res = g_strdup_printf("mov(%s) g%u<1>%s %s { align1%s };\n", size,
                              g_rand_int_range(r, 1, 60), t, src,
                              strcmp(opts, " compr4") ? opts : " compr");
        g_free(src);
        return res;
    case 4:
        g_free(src);
        return g_strdup("add(8) m2<1>F g3<8,8,1>F 1.0F { align1 };\n");
    case 5:
        g_free(src);
        src = g_strdup("0x12345678VF");
        t = "F";
        break;
    }
    res = g_strdup_printf("%smov(%s) m%u<1>%s %s%s { align1%s%s };\n", pred,
                          size, reg, t, neg, src,
                          g_rand_int_range(r, 0, 4) ? "" : " nomask", opts);
    g_free(src);
    return res;
}

/*
 * Flat kernels (g4_eu_run's straight-line path: moves into the MRF, then
 * an EOT send) against the interpreter, with the message written to
 * memory: a DWord scattered write (SIMD8) or an OWord block write
 * (SIMD16 post-destination enables).
 */
static void test_random_flat(void)
{
    static const char *const sends[] = {
        "send(8) 1 null g0<8,8,1>UD write (255, 2, 3, 0) mlen 3 rlen 0 "
        "{ align1 EOT };\n",
        "send(16) 1 null g0<8,8,1>UW write (1, 3, 0, 0) mlen 3 rlen 0 "
        "{ align1 EOT };\n",
        "send(8) 1 null g2<8,8,1>UD write (255, 2, 3, 0) mlen 3 rlen 0 "
        "{ align1 EOT };\n",
    };
    GRand *r = g_rand_new_with_seed(27);
    unsigned count = nprograms(3000), bad = 0, flat = 0;

    for (unsigned k = 0; k < count; k++) {
        GString *text = g_string_new(NULL);
        G4EuProgram *pref, *p;
        G4EuStop s;
        const char *diff;
        unsigned n = g_rand_int_range(r, 0, 7);

        for (unsigned i = 0; i < n; i++) {
            char *m = rand_flat_mov(r);

            g_string_append(text, m);
            g_free(m);
        }
        g_string_append(text, sends[g_rand_int_range(r, 0, 3)]);
        rand_state(r, &thr);
        pref = assemble(text->str);
        p = assemble(text->str);
        flat += g4_eu_program_flat_at(p, 0, NULL, NULL);
        diff = run_both(pref, p, g_rand_int_range(r, 0, 4) ? 1000 :
                        g_rand_int_range(r, 0, 8), &s);
        if (diff) {
            g_test_message("flat kernel %u: interpreter and fast path differ "
                           "in %s:\n%s", k, diff, text->str);
            bad++;
        }
        g4_eu_program_free(pref);
        g4_eu_program_free(p);
        g_string_free(text, true);
    }
    g_test_message("%u kernels, %u of them flat, %u differ", count, flat,
                   bad);
    g_assert_cmpuint(bad, ==, 0);
    g_assert_cmpuint(flat, >, count / 4);
    g_rand_free(r);
}

/*
 * g4_eu_program_flat_message's account of a flat kernel's message
 * against the interpreter's runs of it: with every lane enabled, the
 * message registers it calls invariant hold its payload whatever the
 * GRF registers below `first` and the MRF held before; those it calls
 * copies of a GRF register hold that register in every lane, whatever
 * the dispatch mask.
 */
static void test_flat_message(void)
{
    static const char *const sends[] = {
        "send(8) 1 null g0<8,8,1>UD write (255, 2, 3, 0) mlen 3 rlen 0 "
        "{ align1 EOT };\n",
        "send(16) 1 null g0<8,8,1>UW write (1, 3, 0, 0) mlen 5 rlen 0 "
        "{ align1 EOT };\n",
        "send(8) 2 null g2<8,8,1>UD write (255, 2, 3, 0) mlen 6 rlen 0 "
        "{ align1 EOT };\n",
    };
    static G4EuThread base;
    GRand *r = g_rand_new_with_seed(31);
    unsigned count = nprograms(3000), bad = 0, flat = 0, inv = 0, copies = 0;

    for (unsigned k = 0; k < count; k++) {
        GString *text = g_string_new(NULL);
        unsigned n = g_rand_int_range(r, 0, 7);
        unsigned first = g_rand_int_range(r, 0, 16);
        G4EuFlatMessage m;
        G4EuProgram *p;

        for (unsigned i = 0; i < n; i++) {
            char *mv = rand_flat_mov(r);

            g_string_append(text, mv);
            g_free(mv);
        }
        g_string_append(text, sends[g_rand_int_range(r, 0, 3)]);
        p = assemble(text->str);
        rand_state(r, &base);
        if (!g4_eu_program_flat_message(p, 0, base.grf, first, &m)) {
            g4_eu_program_free(p);
            g_string_free(text, true);
            continue;
        }
        flat++;
        for (unsigned trial = 0; trial < 3; trial++) {
            G4EuStop s;

            /* 0: the GRF given; 1: other registers below first and MRF;
             * 2: those and a random dispatch mask */
            g4_eu_thread_init(&thr, trial < 2 ? 0xffff : g_rand_int(r), 0);
            memcpy(thr.grf, base.grf, sizeof(thr.grf));
            for (unsigned i = 0; trial && i < G4_EU_MRF_BYTES; i++) {
                thr.mrf[i] = g_rand_int(r);
            }
            for (unsigned i = 0; trial && i < first * G4_EU_REG_BYTES; i++) {
                thr.grf[i] = g_rand_int(r);
            }
            env_setup();
            env.interp = true;
            s = g4_eu_run(&thr, p, &env, 1000);
            for (unsigned i = 0; i < m.mlen && m.mrf + i < G4_EU_MRF_REGS &&
                 s == G4_EU_STOP_EOT; i++) {
                const uint8_t *reg = thr.mrf + (m.mrf + i) * G4_EU_REG_BYTES;
                bool wrong = false;

                if (trial < 2 && ((m.invariant >> i) & 1)) {
                    inv += !trial;
                    wrong |= memcmp(reg, &m.payload[i * 8], 32) != 0;
                }
                if (m.copy[i] >= 0) {
                    copies += !trial;
                    wrong |= memcmp(reg, thr.grf + m.copy[i] *
                                    G4_EU_REG_BYTES, 32) != 0;
                }
                if (wrong && !bad++) {
                    g_test_message("kernel %u, trial %u, first %u: message "
                                   "register %u (invariant %d, copy of %d) "
                                   "wrong:\n%s", k, trial, first, i,
                                   (m.invariant >> i) & 1, m.copy[i],
                                   text->str);
                }
            }
        }
        g4_eu_program_free(p);
        g_string_free(text, true);
    }
    g_test_message("%u kernels, %u flat: %u invariant registers, %u copies, "
                   "%u wrong", count, flat, inv, copies, bad);
    g_assert_cmpuint(bad, ==, 0);
    g_assert_cmpuint(inv, >, flat / 2);
    g_assert_cmpuint(copies, >, flat / 16);
    g_rand_free(r);
}

/* A kernel whose every instruction has a fast-path handler. */
static void test_fast_path_basic(void)
{
    static const char text[] =
        "add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };\n"
        "cmp.l.f0(16) null g1<8,8,1>F 0F { align1 compr };\n"
        "(+f0) sel(8) g4<1>D g1<8,8,1>D g2<0,1,0>D { align1 };\n"
        "pln(16) g10<1>F g6<0,1,0>F g12<8,8,1>F { align1 compr };\n" EOT;

    reset();
    set_f(1, 0, -2.0f);
    set_f(2, 0, 0.5f);
    set_f(6, 0, 2.0f);                  /* p, q, r = 2, 3, 1 */
    set_f(6, 1, 3.0f);
    set_f(6, 3, 1.0f);
    for (unsigned i = 0; i < 8; i++) {
        set_f(12, i, i);                /* u, v of lanes 0-7 */
        set_f(13, i, 1.0f);
        set_f(14, i, 8 + i);            /* lanes 8-15 */
        set_f(15, i, 2.0f);
    }
    run_ok(text);
    g_assert_cmpfloat(get_f(3, 0), ==, -1.5f);
    g_assert_cmphex(thr.f0[0] & 1, ==, 1);
    g_assert_cmpfloat(get_f(10, 1), ==, 2 * 1 + 3 * 1 + 1);
    g_assert_cmpfloat(get_f(11, 7), ==, 2 * 15 + 3 * 2 + 1);
}

/*
 * Compressed float instructions with a contiguous word source (read as
 * one run of words, G4XS_VECW) whose second half's words may lie in the
 * register the first half writes: the pair call must see the overlap
 * (the interpreter writes the first half before the second reads).
 */
static void test_word_sources(void)
{
    static const char *const srcs[] = {
        "g10<8,8,1>UW", "g10.8<8,8,1>UW", "g9.8<8,8,1>W", "g11<8,8,1>UW",
        "g10.4<8,8,1>W", "g12<8,8,1>UW",
    };
    static const char *const ops[] = { "add", "mul" };
    GRand *r = g_rand_new_with_seed(21);
    unsigned bad = 0, k = 0;

    for (unsigned o = 0; o < G_N_ELEMENTS(ops); o++) {
        for (unsigned i = 0; i < G_N_ELEMENTS(srcs); i++) {
            g_autofree char *line = g_strdup_printf(
                "%s(16) g10<1>F %s g20<8,8,1>F { align1 compr };", ops[o],
                srcs[i]);
            uint32_t words[8];
            G4EuInst in;
            char err[128];

            g_assert_true(g4_eu_asm_line(line, &in, err, sizeof(err)));
            g4_eu_encode(&in, words);
            g_assert_true(assemble_eot(&in));
            g4_eu_encode(&in, words + 4);
            rand_state(r, &thr);
            bad += !check_words(words, 2, 1000, "word-source kernel", k++);
        }
    }
    g_assert_cmpuint(bad, ==, 0);
    g_rand_free(r);
}

/*
 * The entries whose threads drop the implied accumulator writes
 * (G4EuThread.acc_unread): none of their instructions up to an
 * unpredicated EOT reads the accumulator or changes ip.  Both paths run
 * (run_on compares all but the dropped accumulator), the fast one leaves
 * the accumulator untouched, and the interpreter never drops a write.
 */
static void test_acc_unread(void)
{
#define ADD "add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };\n"
    static const struct {
        const char *text;
        uint32_t entry;
        bool unread;
    } cases[] = {
        { ADD ADD EOT, 0, true },
        /* an acc source; mac's implied one */
        { ADD "mov(8) g4<1>F acc0<8,8,1>F { align1 };\n" EOT, 0, false },
        { "mac(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };\n" EOT, 0,
          false },
        /* flow control, a write to ip */
        { "jmpi(1) 0D { align1 nomask };\n" ADD EOT, 0, false },
        { "add(1) ip ip 16D { align1 nomask };\n" ADD EOT, 0, false },
        /* a predicated EOT, then the kernel's end */
        { ADD "(+f0) send(8) 0 null g0<8,8,1>UD null fc 0 mlen 1 rlen 0 "
          "{ align1 EOT };\n", 0, false },
        /* a reader before the entry is not on the way */
        { "mov(8) g4<1>F acc0<8,8,1>F { align1 };\n" ADD EOT, 16, true },
    };
#undef ADD

    for (unsigned i = 0; i < G_N_ELEMENTS(cases); i++) {
        G4EuProgram *p = assemble(cases[i].text);

        reset();
        set_f(1, 0, 1.5f);
        set_f(2, 0, -4.0f);
        thr.ip = cases[i].entry;
        thr.f0[0] = 0;
        run_on(cases[i].text, 1000);
        g_assert_cmpint(thr.acc_unread, ==, cases[i].unread);
        if (cases[i].unread) {
            g_assert_cmphex(thr.acc_float, ==, 0);
        }
        /* the interpreter on its own */
        reset();
        thr.ip = cases[i].entry;
        env_setup();
        env.interp = true;
        g4_eu_run(&thr, p, &env, 1000);
        g_assert_false(thr.acc_unread);
        g4_eu_program_free(p);
    }
}

/* ---- the JIT's blocks (g4-eu-jit.c) ---- */

/* A GRF register for a JIT kernel: a few, so that operands overlap. */
static unsigned jit_reg(GRand *r)
{
    return g_rand_int_range(r, 0, 3) ? g_rand_int_range(r, 2, 12)
                                     : g_rand_int_range(r, 12, 120);
}

/* A float-execution source the JIT reads (imm: an immediate may come). */
static char *jit_src(GRand *r, bool imm, bool sixteen)
{
    static const char *const mods[] = { "", "", "", "-", "(abs)",
                                        "-(abs)" };
    const char *m = mods[g_rand_int_range(r, 0, G_N_ELEMENTS(mods))];
    unsigned reg = jit_reg(r);

    switch (g_rand_int_range(r, 0, imm ? 8 : 7)) {
    case 0:
    case 1:
    case 2:
        return g_strdup_printf("%sg%u<8,8,1>F", m, reg);
    case 3:
        return g_strdup_printf("%sg%u.%u<0,1,0>F", m, reg,
                               g_rand_int_range(r, 0, 8));
    case 4:
        return g_strdup_printf("%sg%u<8,8,1>D", m, reg);
    case 5:
        return g_strdup_printf("%sg%u.%u<0,1,0>D", m, reg,
                               g_rand_int_range(r, 0, 8));
    case 6:
        /* a run of words (16 of them fit one register) */
        return g_strdup_printf("%sg%u%s<8,8,1>%s", m, reg,
                               !sixteen && g_rand_boolean(r) ? ".8" : "",
                               g_rand_boolean(r) ? "UW" : "W");
    default: {
        uint32_t v = rand_dword(r);

        return g_strdup_printf("0x%08xF", v);
    }
    }
}

static char *jit_float_line(GRand *r);

/* A word source of an integer add (a region, a run, an immediate). */
static char *jit_word_src(GRand *r, bool imm)
{
    static const char *const regions[] = { "<2,4,0>", "<8,8,1>",
                                           "<0,1,0>", "<4,4,1>",
                                           "<16,8,2>" };
    const char *m = g_rand_int_range(r, 0, 4) ? "" : "-";

    switch (g_rand_int_range(r, 0, imm ? 4 : 2)) {
    case 0:
    case 1:
        return g_strdup_printf("%sg%u.%u%s%s", m, jit_reg(r),
                               g_rand_int_range(r, 0, 8),
                               regions[g_rand_int_range(r, 0, 5)],
                               g_rand_boolean(r) ? "UW" : "W");
    case 2:
        return g_strdup_printf("0x%08xV", rand_dword(r));
    default:
        return g_strdup_printf("%dW", g_rand_int_range(r, -32768, 32768));
    }
}

/* One instruction of a JIT block (or near one), as assembler text. */
static char *jit_line(GRand *r)
{
    unsigned kind = g_rand_int_range(r, 0, 13);

    if (kind == 0) {
        /* crocus's pixel positions: an integer add to words */
        unsigned n = g_rand_boolean(r) ? 16 : 8;
        g_autofree char *s0 = jit_word_src(r, false);
        g_autofree char *s1 = jit_word_src(r, true);

        return g_strdup_printf("add(%u) g%u<1>%s %s %s { align1%s };", n,
                               jit_reg(r), g_rand_boolean(r) ? "UW" : "W",
                               s0, s1, n == 8 && g_rand_boolean(r) ?
                               " sechalf" : "");
    }
    if (kind == 2) {
        /* a raw sel (by a predicate: max/min after a cmp) or mov */
        bool sixteen = g_rand_boolean(r);
        unsigned a = jit_reg(r);
        g_autofree char *b = g_rand_boolean(r) ?
            g_strdup_printf("g%u<8,8,1>F", jit_reg(r)) : g_strdup("0F");

        return g_strdup_printf("sel(%u) g%u<1>F g%u<8,8,1>F %s { align1%s };",
                               sixteen ? 16 : 8, jit_reg(r), a, b,
                               sixteen ? " compr" : "");
    }
    if (kind == 5 || kind == 6) {
        /* a vertex shader's Align16 instruction: swizzles, write mask */
        static const char *const ops[] = { "add", "mul", "mac", "mov",
                                           "mul" };
        static const char *const swz[] = { "", ".xyzw", ".xxxx", ".wwww",
                                           ".xyzz", ".yzxw", ".zzzz", ".w",
                                           ".x" };
        static const char *const wm[] = { "", ".xyz", ".x", ".w", ".xw",
                                           ".yz" };
        const char *o = ops[g_rand_int_range(r, 0, G_N_ELEMENTS(ops))];
        const char *m = g_rand_int_range(r, 0, 5) ? "" : "-";
        g_autofree char *s1 = o[1] == 'o' ? g_strdup("") :
            g_strdup_printf(" %sg%u<4,4,1>%sF", m, jit_reg(r),
                            swz[g_rand_int_range(r, 0, G_N_ELEMENTS(swz))]);

        return g_strdup_printf("%s(8) %s%u<1>%sF g%u<4,4,1>%sF%s "
                               "{ align16 };", o,
                               g_rand_boolean(r) ? "g" : "m",
                               g_rand_int_range(r, 1, 12),
                               wm[g_rand_int_range(r, 0, G_N_ELEMENTS(wm))],
                               jit_reg(r),
                               swz[g_rand_int_range(r, 0, G_N_ELEMENTS(swz))],
                               s1);
    }
    if (kind == 4) {
        /* a compare into the flags (and 0/1 into a register) */
        static const char *const conds[] = { "e", "ne", "g", "ge", "l",
                                             "le" };
        bool sixteen = g_rand_boolean(r);
        g_autofree char *s0 = jit_src(r, false, sixteen);
        g_autofree char *s1 = jit_src(r, true, sixteen);
        g_autofree char *dst = g_rand_boolean(r) ? g_strdup("null") :
            g_strdup_printf("g%u<1>F", jit_reg(r));

        return g_strdup_printf("cmp.%s.f0%s(%u) %s %s %s { align1%s };",
                               conds[g_rand_int_range(r, 0, 6)],
                               g_rand_boolean(r) ? "" : ".1",
                               sixteen ? 16 : 8, dst, s0, s1,
                               sixteen ? " compr" : "");
    }
    if (kind == 3) {
        /* an SF kernel's accumulator chain: mul into null, then mac */
        unsigned a = jit_reg(r), b = jit_reg(r), c = jit_reg(r);

        return g_strdup_printf(
            "mul(8) null g%u<8,8,1>F g%u.%u<0,1,0>F { align1 };\n"
            "mac(8) g%u<1>F g%u<8,8,1>F -g%u.%u<0,1,0>F { align1 };",
            a, b, g_rand_int_range(r, 0, 8), jit_reg(r), c, b,
            g_rand_int_range(r, 0, 8));
    }
    if (kind == 1) {
        /* a raw move (the render-target write's header: NoMask) */
        static const char *const types[] = { "UD", "D", "F" };
        const char *t = types[g_rand_int_range(r, 0, 3)];
        g_autofree char *src =
            g_rand_int_range(r, 0, 4) ?
            g_strdup_printf("g%u%s<%s>%s", jit_reg(r),
                            g_rand_boolean(r) ? "" : ".3",
                            g_rand_boolean(r) ? "8,8,1" : "0,1,0", t) :
            g_strdup_printf("0x%08x%s", rand_dword(r), t);
        bool compr = g_rand_boolean(r);

        return g_strdup_printf("mov(%u) %s%u<1>%s %s { align1%s%s };",
                               compr ? 16 : 8,
                               g_rand_boolean(r) ? "g" : "m",
                               g_rand_int_range(r, 1, 12), t, src,
                               compr ? " compr" : "",
                               g_rand_boolean(r) ? " nomask" : "");
    }
    return jit_float_line(r);
}

/* A float instruction of a JIT block, as assembler text. */
static char *jit_float_line(GRand *r)
{
    static const char *const ops[] = { "add", "mul", "pln", "line", "mac",
                                       "add", "mul" };
    const char *op = ops[g_rand_int_range(r, 0, G_N_ELEMENTS(ops))];
    unsigned form = g_rand_int_range(r, 0, 3);   /* 8, 8 sechalf, 16 */
    bool sixteen = form == 2;
    unsigned d = g_rand_int_range(r, 0, 8);
    g_autofree char *dst = d == 0 ? g_strdup("null") :
        d < 6 ? g_strdup_printf("g%u<1>F", jit_reg(r)) :
        g_strdup_printf("m%u<1>F", g_rand_int_range(r, 1, 14));
    g_autofree char *s0 = NULL, *s1 = NULL;
    const char *opts = form == 0 ? "align1" : form == 1 ? "align1 sechalf"
                                                        : "align1 compr";

    if (op[0] == 'p' || op[0] == 'l') {
        /* p, q, r at a 16-byte group; u (and v) registers after */
        s0 = g_strdup_printf("g%u.%u<0,1,0>F", jit_reg(r),
                             g_rand_boolean(r) ? 4 * g_rand_boolean(r) :
                             g_rand_int_range(r, 0, 8));
        s1 = g_strdup_printf("g%u<8,8,1>F", jit_reg(r));
    } else {
        s0 = jit_src(r, false, sixteen);
        s1 = jit_src(r, true, sixteen);
    }
    return g_strdup_printf("%s(%u) %s %s %s { %s };", op, sixteen ? 16 : 8,
                           dst, s0, s1, opts);
}

/*
 * Kernels of the instructions the JIT compiles (and a few it stops at:
 * nops, a mov), from states that mostly let a block run (all lanes, IEEE
 * mode) and sometimes do not (partial masks, ALT, a short budget): both
 * paths must leave the same state, and blocks must have run.
 */
static void test_random_jit(void)
{
    GRand *r = g_rand_new_with_seed(77);
    unsigned count = nprograms(3000) / 2, bad = 0, ran = 0;
    uint32_t words[4 * (MAX_INSTS + 1)];
    G4EuInst in;
    bool jit;

    env_setup();
    jit = env.jit;
    for (unsigned k = 0; k < count; k++) {
        unsigned n = g_rand_int_range(r, 1, MAX_INSTS + 1), i = 0;
        bool full = g_rand_int_range(r, 0, 4);
        char err[128];

        while (i < n) {
            unsigned c = g_rand_int_range(r, 0, 24);
            g_autofree char *line =
                c == 0 ? g_strdup("nenop") :
                c == 1 ? g_strdup("mov(8) g5<1>F g6<8,8,1>F { align1 };") :
                /* a reader of the implied accumulator writes */
                c == 2 ? g_strdup("mov(8) g5<1>F acc0<8,8,1>F { align1 };") :
                jit_line(r);

            if (c >= 3 && c <= 6 && !strchr(line, '\n')) {
                /* predicated by f0.0 or f0.1, or their inverse */
                static const char *const preds[] = { "(+f0)", "(-f0)",
                                                     "(+f0.1)", "(-f0.1)" };
                char *p = g_strdup_printf("%s %s", preds[c - 3], line);

                g_free(line);
                line = p;
            }

            {
                g_auto(GStrv) lines = g_strsplit(line, "\n", 0);

                for (char **l = lines; *l && i < n; l++) {
                    if (!g4_eu_asm_line(*l, &in, err, sizeof(err))) {
                        g_error("%s: %s", *l, err);
                    }
                    g4_eu_encode(&in, words + 4 * i++);
                }
            }
        }
        g_assert_true(assemble_eot(&in));
        g4_eu_encode(&in, words + 4 * n);
        rand_state(r, &thr);
        if (full) {
            /* (ALT mode: blocks compiled for it) */
            g4_eu_thread_init(&thr, 0xffff, g_rand_int_range(r, 0, 4) ? 0 :
                              G4_CR0_FP_ALT);
            for (unsigned w = 0; w < G4_EU_GRF_BYTES / 4; w++) {
                uint32_t v = rand_dword(r);

                memcpy(thr.grf + 4 * w, &v, 4);
            }
        }
        {
            G4EuThread *start = g_memdup2(&thr, sizeof(thr));

            bad += !check_words(words, n + 1, 1000, "jit kernel", k);
            ran += thr.jit_runs > 0;
            memcpy(&thr, start, sizeof(thr));
            bad += !check_words(words, n + 1, g_rand_int_range(r, 1, n + 1),
                                "jit kernel (budget)", k);
            g_free(start);
        }
    }
    g_test_message("%u JIT kernels, blocks ran in %u, %u differ", count, ran,
                   bad);
    g_assert_cmpuint(bad, ==, 0);
    if (jit) {
        g_assert_cmpuint(ran, >=, count / 3);
    } else {
        g_test_message("(no JIT on this host or HWGPU_EU_JIT=0)");
    }
    g_rand_free(r);
}

/*
 * One program's block run by threads in both float modes: a block is
 * compiled for the mode of the thread that first reaches it and runs only
 * in that mode (ALT turns an infinite result into FLT_MAX, L7219).
 */
static void test_jit_modes(void)
{
    static const char text[] =
        "add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };\n"
        "mul(8) g4<1>F g3<8,8,1>F 2F { align1 };\n" EOT;
    G4EuProgram *p = assemble(text);
    static const uint32_t modes[] = { 0, G4_CR0_FP_ALT, 0, G4_CR0_FP_ALT };

    for (unsigned m = 0; m < G_N_ELEMENTS(modes); m++) {
        uint32_t want = modes[m] ? 0x7f7fffffu : 0x7f800000u, got;

        for (unsigned k = 0; k < 2; k++) {
            g4_eu_thread_init(&thr, 0xffff, modes[m]);
            for (unsigned i = 0; i < 8; i++) {
                set_f(1, i, INFINITY);  /* (RTZ: no sum overflows) */
                set_f(2, i, 1.0f);
            }
            env_setup();
            env.interp = k == 0;
            g_assert_cmpint(g4_eu_run(&thr, p, &env, 1000), ==,
                            G4_EU_STOP_EOT);
            memcpy(&got, thr.grf + 3 * 32 + 4 * 5, 4);
            g_assert_cmphex(got, ==, want);
            memcpy(&got, thr.grf + 4 * 32, 4);
            g_assert_cmphex(got, ==, want);
        }
    }
    g4_eu_program_free(p);

    /*
     * And a block that writes the accumulator (a reader follows it) run
     * with the implied writes on, off (cr0's accumulator disable), on:
     * one compiled program, each run against the interpreter.
     */
    {
        static const char acc_text[] =
            "add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };\n"
            "mul(8) g4<1>F g3<8,8,1>F g2<8,8,1>F { align1 };\n"
            "mov(8) g5<1>F acc0<8,8,1>F { align1 };\n" EOT;
        static const uint32_t cr0s[] = { 0, G4_CR0_ACC_DISABLE, 0,
                                         G4_CR0_ACC_DISABLE };
        G4EuProgram *pa = assemble(acc_text), *pr = assemble(acc_text);
        G4EuThread *ref = g_new(G4EuThread, 1);

        for (unsigned m = 0; m < G_N_ELEMENTS(cr0s); m++) {
            const char *diff;

            g4_eu_thread_init(&thr, 0xffff, cr0s[m]);
            for (unsigned i = 0; i < 8; i++) {
                set_f(1, i, 1.5f + i);
                set_f(2, i, -0.25f * i);
                thr.accf[i] = 100.0 + i;        /* what a disable keeps */
            }
            thr.acc_float = 0xff;
            memcpy(ref, &thr, sizeof(thr));
            env_setup();
            env.interp = true;
            g4_eu_run(ref, pr, &env, 1000);
            env_setup();
            env.interp = false;
            g4_eu_run(&thr, pa, &env, 1000);
            diff = thread_diff(ref, &thr);
            if (diff) {
                g_error("accumulator mode %u: paths differ in %s", m, diff);
            }
            /* (compiled for the first run's writes: runs 0 and 2) */
            if (env.jit) {
                g_assert_cmpuint(thr.jit_runs > 0, ==, m % 2 == 0);
            }
        }
        g_free(ref);
        g4_eu_program_free(pa);
        g4_eu_program_free(pr);
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g4-eu-fast/basic", test_fast_path_basic);
    g_test_add_func("/g4-eu-fast/random-alu", test_random_alu);
    g_test_add_func("/g4-eu-fast/fuzz-inputs", test_fuzz_inputs);
    g_test_add_func("/g4-eu-fast/gen-inputs", test_gen_inputs);
    g_test_add_func("/g4-eu-fast/word-sources", test_word_sources);
    g_test_add_func("/g4-eu-fast/acc-unread", test_acc_unread);
    g_test_add_func("/g4-eu-fast/random-flat", test_random_flat);
    g_test_add_func("/g4-eu-fast/flat-message", test_flat_message);
    g_test_add_func("/g4-eu-fast/random-jit", test_random_jit);
    g_test_add_func("/g4-eu-fast/jit-modes", test_jit_modes);
    return g_test_run();
}
