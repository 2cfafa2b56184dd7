/*
 * Unit tests of G45 compacted instructions (hw/intel/eu/g4-eu-compact.c):
 * native instructions the G45 tables can express compact and expand back
 * bit for bit; immediates never compact; a kernel mixing compacted and
 * native instructions runs like its native form (byte-addressed IPs,
 * 16-byte jump units), and a jump into the middle of a native
 * instruction ends the thread.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "g4-eu-test.h"
#include "g4-eu-codec-test.h"

/* Assemble one line into native words. */
static void asm1(const char *line, uint32_t dw[4])
{
    G4EuInst in;
    char err[128];

    if (!g4_eu_asm_line(line, &in, err, sizeof(err))) {
        g_error("%s: %s", line, err);
    }
    g4_eu_encode(&in, dw);
}

static void test_round_trip(void)
{
    static const char *const lines[] = {
        "mov(8) g4<1>F g1<8,8,1>F { align1 };",
        "add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };",
        "mul(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };",
        "mov(16) g4<1>F g6<8,8,1>F { align1 compr };",
        "add(8) g3<1>D g1<8,8,1>D g2<8,8,1>D { align1 };",
        "mov(8) m1<1>UD g0<8,8,1>UD { align1 nomask };",
        "mov(8) g1<1>F 1F { align1 };",             /* immediate */
        "add(8) g3<1>F g1<8,8,1>F 2F { align1 };",  /* immediate */
    };
    int compacted = 0;

    for (unsigned i = 0; i < G_N_ELEMENTS(lines); i++) {
        uint32_t dw[4], cw[2], back[4];
        G4EuInst a, b;
        char ta[256], tb[256];
        bool imm = strstr(lines[i], "F {") && strchr(lines[i], '1') &&
                   (strstr(lines[i], " 1F") || strstr(lines[i], " 2F"));

        asm1(lines[i], dw);
        if (!g4_eu_compact(dw, cw)) {
            g_test_message("not compactable: %s", lines[i]);
            continue;
        }
        g_assert_false(imm);
        g_assert_cmphex(cw[0] & (1u << 29), !=, 0);    /* CompactCtrl */
        g_assert_true(g4_eu_uncompact(cw, back, NULL));
        g_assert_cmpmem(back, 16, dw, 16);
        g_assert_true(g4_eu_decode(dw, &a, NULL));
        g_assert_true(g4_eu_decode(back, &b, NULL));
        g4_eu_disasm(&a, ta, sizeof(ta));
        g4_eu_disasm(&b, tb, sizeof(tb));
        g_assert_cmpstr(ta, ==, tb);
        compacted++;
    }
    g_test_message("%d of %u compact", compacted, (unsigned)G_N_ELEMENTS(lines));
    g_assert_cmpint(compacted, >=, 2);
    /* Immediates never compact on G45. */
    {
        uint32_t dw[4], cw[2];

        asm1("mov(8) g1<1>F 1F { align1 };", dw);
        g_assert_false(g4_eu_compact(dw, cw));
    }
    /* A native word is not a compacted one. */
    {
        uint32_t cw[2] = { 0x00600001, 0 }, dw[4];
        const char *why = NULL;

        g_assert_false(g4_eu_uncompact(cw, dw, &why));
        g_assert_nonnull(why);
    }
}

/* Every table entry expands into the field ranges it belongs to. */
static void test_tables_stay_in_their_fields(void)
{
    for (uint32_t idx = 0; idx < 32; idx++) {
        uint32_t cw[2], dw[4];

        /* Only the control index set: native bits 31 and 23:8. */
        cw[0] = (1u << 29) | idx << 8;
        cw[1] = 0;
        g_assert_true(g4_eu_uncompact(cw, dw, NULL));
        g_assert_cmphex(dw[0] & ~(0x80ffff00u | 0x7fu), ==, 0);
        /* Only the data type index: native 63:61 and 46:32. */
        cw[0] = (1u << 29) | idx << 13;
        g_assert_true(g4_eu_uncompact(cw, dw, NULL));
        g_assert_cmphex(dw[1] & ~0xe0007fffu, ==, 0);
        g_assert_cmphex(dw[0] & ~0x7fu, ==, 0);
    }
}

/*
 * A kernel of two compacted instructions and a native EOT send (16-byte
 * aligned, as G45 wants) computes what its all-native form computes.
 */
static void test_mixed_kernel_runs(void)
{
    static const char *const body[] = {
        "add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };",
        "mul(8) g4<1>F g3<8,8,1>F g2<8,8,1>F { align1 };",
    };
    uint8_t code[32 + 16];
    uint32_t dw[4], cw[2];
    G4EuProgram *p;
    uint32_t *eot;
    char err[128];
    long n;

    for (int i = 0; i < 2; i++) {
        asm1(body[i], dw);
        g_assert_true(g4_eu_compact(dw, cw));
        memcpy(code + 8 * i, cw, 8);
    }
    n = g4_eu_asm_text(EOT, &eot, err, sizeof(err));
    g_assert_cmpint(n, ==, 1);
    memcpy(code + 16, eot, 16);
    g_free(eot);
    p = g4_eu_program_from_bytes(code, 32, &host);
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, i);
        set_f(2, i, 2.0f);
    }
    g_assert_cmpint(g4_eu_run(&thr, p, &env, 100), ==, G4_EU_STOP_EOT);
    g_assert_cmpuint(thr.executed, ==, 3);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(get_f(4, i), ==, (i + 2.0f) * 2.0f);
    }
    /* The all-native form gives the same. */
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, i);
        set_f(2, i, 2.0f);
    }
    run_ok("add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };\n"
           "mul(8) g4<1>F g3<8,8,1>F g2<8,8,1>F { align1 };\n" EOT);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(get_f(4, i), ==, (i + 2.0f) * 2.0f);
    }
    /* A jump into the second half of the native send ends the thread. */
    reset();
    thr.ip = 24;
    g_assert_cmpint(g4_eu_run(&thr, p, &env, 100), ==, G4_EU_STOP_ERROR);
    g4_eu_program_free(p);
}

/*
 * Mesa's padding: a compacted NENOP (all index fields 0, which the tables
 * would expand into operand fields) before a native instruction at an odd
 * 8-byte slot, a compacted NOP at the end; both are no-ops.
 */
static void test_padding_nops(void)
{
    static const uint32_t nenop[2] = { 0x2000007d, 0 };
    static const uint32_t nop[2] = { 0x2000007e, 0 };
    uint8_t code[8 + 8 + 16 + 16 + 8 + 8];
    uint32_t dw[4], cw[2];
    G4EuInst in;
    G4EuProgram *p;
    uint32_t *eot;
    char err[128];

    g_assert_true(g4_eu_uncompact(nenop, dw, NULL));
    g_assert_true(g4_eu_decode(dw, &in, NULL));
    g_assert_cmpint(in.opcode, ==, G4_OP_NENOP);
    g_assert_true(g4_eu_uncompact(nop, dw, NULL));
    g_assert_true(g4_eu_decode(dw, &in, NULL));
    g_assert_cmpint(in.opcode, ==, G4_OP_NOP);

    /* add (compacted), NENOP, mul (native), EOT send, ... */
    asm1("add(8) g3<1>F g1<8,8,1>F g2<8,8,1>F { align1 };", dw);
    g_assert_true(g4_eu_compact(dw, cw));
    memcpy(code, cw, 8);
    memcpy(code + 8, nenop, 8);
    asm1("mul(8) g4<1>F g3<8,8,1>F g2<8,8,1>F { align1 };", dw);
    memcpy(code + 16, dw, 16);
    g_assert_cmpint(g4_eu_asm_text(EOT, &eot, err, sizeof(err)), ==, 1);
    memcpy(code + 32, eot, 16);
    g_free(eot);
    memcpy(code + 48, nop, 8);
    memcpy(code + 56, nop, 8);
    p = g4_eu_program_from_bytes(code, sizeof(code), &host);
    g_assert_nonnull(p);
    reset();
    for (int i = 0; i < 8; i++) {
        set_f(1, i, i);
        set_f(2, i, 2.0f);
    }
    g_assert_cmpint(g4_eu_run(&thr, p, &env, 100), ==, G4_EU_STOP_EOT);
    g_assert_cmpuint(thr.executed, ==, 4);
    for (int i = 0; i < 8; i++) {
        g_assert_cmpfloat(get_f(4, i), ==, (i + 2.0f) * 2.0f);
    }
    g4_eu_program_free(p);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    env_setup();
    g_test_add_func("/g4-eu/compact/round-trip", test_round_trip);
    g_test_add_func("/g4-eu/compact/tables-stay-in-their-fields",
                    test_tables_stay_in_their_fields);
    g_test_add_func("/g4-eu/compact/padding-nops", test_padding_nops);
    g_test_add_func("/g4-eu/compact/mixed-kernel-runs",
                    test_mixed_kernel_runs);
    return g_test_run();
}
