/*
 * Unit tests of the G45 EU instruction codec: decode/encode/disassemble/
 * assemble round trips and rejection of invalid words (the comparison
 * with intel-gen4disasm is test-g4-eu-oracle.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "fuzz/intel/eu/g4-eu-gen.h"
#include "hwgpu/intel/eu/g4-eu-inst.h"
#include "g4-eu-codec-test.h"

/*
 * (1) Hand-written instructions covering every operand form: each line is
 * assembled, and the words must survive decode -> disasm -> asm -> encode
 * bit-exactly, the disassembly reading like the line itself.
 */
static const char *const forms[] = {
    "#registers",
    "mov(8) g1<1>F g2<8,8,1>F { align1 };",
    "mov(8) m1<1>UD g2.3<8,8,1>UD { align1 };",
    "mov(16) g4<1>W g2.1<16,16,1>W { align1 compr };",
    "mov(16) g4<2>UW g2<8,8,1>UB { align1 sechalf };",
    "mov(8) g4.7<1>B g2.3<32,8,4>B { align1 };",
    "mov(1) a0<1>UW g2<0,1,0>UW { align1 nomask };",
    "mov(1) a0.3<1>UW g2.2<0,1,0>UW { align1 };",
    "mov(8) acc0<1>F g2<8,8,1>F { align1 };",
    "mov(8) g3<1>F acc1<8,8,1>F { align1 };",
    "mov(1) f0.1<1>UW g9<0,1,0>UW { align1 };",
    "mov(1) g1<1>UD sr0.1<0,1,0>UD { align1 switch };",
    "mov(1) cr0.2<1>UD g1<0,1,0>UD { align1 switch };",
    "mov(1) mask0.3<1>UW g1<0,1,0>UW { align1 switch };",
    "mov(1) ms0<1>UD g1<0,1,0>UD { align1 switch };",
    "mov(1) msd0<1>UD g1<0,1,0>UD { align1 switch };",
    "mov(1) g1<1>UD n1<0,1,0>UD { align1 };",
    "mov(8) null g2<8,8,1>F { align1 };",
    "mov(16) m2<1>F g4<8,8,1>F { align1 compr4 };",
    "#modifiers",
    G4T_MODIFIER_FORMS
    "add.o.f0(8) g5<1>D g2<8,8,1>D g3<8,8,1>D { align1 };",
    "add.u.f0(8) g5<1>F g2<8,8,1>F g3<8,8,1>F { align1 };",
    "and.ne.f0(8) g5<1>UD g2<8,8,1>UD 0x0000ff00UD { align1 };",
    "mov.sat.breakpoint(8) g5<1>F g2<8,8,1>F { align1 };",
    "#immediates",
    "mov(8) g1<1>UW 0x10101010V { align1 };",
    "mov(8) g1<1>F 0x3f3a2a1aVF { align1 };",
    "mov(8) g1<1>W -3W { align1 };",
    "mov(8) g1<1>UW 0xffffUW { align1 };",
    "mov(8) g1<1>D -5D { align1 };",
    "mov(8) g1<1>UD 0xdeadbeefUD { align1 };",
    "mov(8) g1<1>F -1.5F { align1 };",
    "mov(8) g1<1>F 16777218F { align1 };",
    "mov(8) g1<1>F -0F { align1 };",
    "mov(8) g1<1>F infF { align1 };",
    "mov(8) g1<1>F nanF { align1 };",
    "mov(8) g1<1>F 0x7fc00001F { align1 };",
    "#indirect",
    "add(8) g[a0.1 -16]<1>F g[a0.1 32]<8,8,1>F g[a0.2]<0,1,0>F { align1 };",
    "mov(8) g1<1>F g[a0.1 -512]<VxH,1,0>F { align1 };",
    "mov(8) m[a0.2 4]<1>F g[a0.3]<VxH,4,1>F { align1 };",
    "#align16",
    "mov(8) g1<1>.xyzF g2<4,4,1>F { align16 };",
    "mov(8) g1.4<1>F g2.4<0,4,1>.zyxwF { align16 };",
    "add(8) g1<1>.xF g2<4,4,1>.yF -g3<4,4,1>.wF { align16 };",
    "dp4(8) g1<1>.wF g2<4,4,1>F g3<4,4,1>.xxyzF { align16 sechalf };",
    "(+f0.x) mov(8) g1<1>.F g2<4,4,1>F { align16 };",
    "mov(8) g[a0.1 32]<1>.xyF g[a0.2 -16]<4,4,1>.wzyxF { align16 };",
    "#arithmetic",
    "mac(8) g1<1>F g2<8,8,1>F g3<8,8,1>F { align1 };",
    "mach(8) g1<1>D g2<8,8,1>D g3<8,8,1>D { align1 };",
    "line(8) g1<1>F g2<0,1,0>F g3<8,8,1>F { align1 };",
    "pln(16) g1<1>F g2<0,1,0>F g4<8,8,1>F { align1 compr };",
    "shl(8) g1<1>UD g2<8,8,1>UD 0x00000003UD { align1 };",
    "lzd(8) g1<1>UD g2<8,8,1>UD { align1 };",
    "sad2(16) g1<1>UW g2<16,16,1>UB g3<16,16,1>UB { align1 };",
    "movi(8) g1<1>UD g2<8,8,1>UD g3<8,8,1>UD { align1 };",
    "#send",
    "send(8) 1 g5<1>F g0<8,8,1>F math inv mlen 1 rlen 1 { align1 };",
    "send(16) 2 g5<1>UW g0<8,8,1>UW sampler (1, 0, F) mlen 3 rlen 8 "
    "{ align1 };",
    "send(8) 1 g5<1>UD null read (255, 2, 1) mlen 1 rlen 1 { align1 };",
    "send(8) 0 null g0<8,8,1>UD write (0, 12, 4, 0) mlen 6 rlen 0 "
    "{ align1 EOT };",
    "send(8) 0 null g0<8,8,1>F urb 0 interleave used complete mlen 3 "
    "rlen 0 { align1 EOT };",
    "send(8) 0 null g0<8,8,1>F thread_spawner mlen 1 rlen 0 { align1 "
    "EOT };",
    "send(8) 0 null g0<8,8,1>F nullunsupported target 0 mlen 1 rlen 0 "
    "{ align1 };",
    "send(8) 0 null g0<8,8,1>F urb fc 0x0a5a mlen 1 rlen 0 { align1 };",
    "send(8) 3 g4<1>F g0<8,8,1>F desc a0<0,1,0>UD { align1 EOT };",
    "#flow",
    "jmpi(1) 4 { align1 nomask };",
    "jmpi(1) g2<0,1,0>D { align1 nomask };",
    "(+f0) if(8) ip 5D { align1 };",
    "iff(8) ip ip 7D { align1 };",
    "else(8) ip 65539D { align1 };",
    "endif(8) ip 65536D { align1 };",
    "do(8) { align1 };",
    "(-f0) while(8) ip 65533D { align1 };",
    "break(8) ip 131078D { align1 };",
    "cont(8) ip 65532D { align1 };",
    "halt(8) ip 9D { align1 };",
    "msave(1) ip ip { align1 };",
    "mrest(1) ip ip { align1 };",
    "push(1) ip ip { align1 };",
    "pop(1) ip 1D { align1 };",
    "wait(1) n0<0,1,0>UD { align1 };",
    "nop ;",
    "nenop ;",
};

/* One group of forms[]: from the "#name" marker to the next one. */
static void test_forms(gconstpointer data)
{
    char text[512], err[256];

    for (size_t i = GPOINTER_TO_SIZE(data) + 1;
         i < G_N_ELEMENTS(forms) && forms[i][0] != '#'; i++) {
        G4EuInst in;
        uint32_t w[4];
        char *a, *b;

        if (!g4_eu_asm_line(forms[i], &in, err, sizeof(err))) {
            g_error("cannot assemble \"%s\": %s", forms[i], err);
        }
        g4_eu_encode(&in, w);
        roundtrip_words(w, text, sizeof(text));
        a = squash(forms[i]);
        b = squash(text);
        if (strcmp(a, b)) {
            g_error("disassembly differs:\n  in:  %s\n  out: %s", a, b);
        }
        g_free(a);
        g_free(b);
    }
}

/* Every opcode, many random valid operand combinations each. */
static void test_all_opcodes(void)
{
    GRand *r = g_rand_new_with_seed(1234);
    uint8_t buf[4096];
    char text[512];
    unsigned per_op[G4_EU_NUM_OPCODES] = { 0 };

    for (size_t i = 0; i < sizeof(buf); i++) {
        buf[i] = g_rand_int(r);
    }
    for (int n = 0; n < 20000; n++) {
        G4Gen g = { .p = buf, .n = sizeof(buf), .i = n * 37 };
        G4EuInst in;
        uint32_t w[4];

        buf[n % sizeof(buf)] = g_rand_int(r);
        if (!gen_inst(&g, &in)) {
            continue;
        }
        g4_eu_encode(&in, w);
        roundtrip_words(w, text, sizeof(text));
        per_op[in.opcode]++;
    }
    for (unsigned op = 1; op < G4_EU_NUM_OPCODES; op++) {
        if (g4_eu_opcode_info(op)) {
            g_assert_cmpuint(per_op[op], >, 20);
        }
    }
    g_rand_free(r);
}

/* Spellings intel-gen4asm accepts besides the disassembler's. */
static void test_asm_variants(void)
{
    static const struct {
        const char *a, *b;
    } same[] = {
        { "mov (8) g1<1>:F r2<8,8,1>:F { align1 };",
          "mov(8) g1<1>F g2<8,8,1>F { align1 };" },
        { "mov (8) g1.0<1>F g2.0<8,8,1>F;",
          "mov(8) g1<1>F g2<8,8,1>F { align1 };" },
        { "(f0) mov (8) g1<1>F g2<8,8,1>F {align1 mask_disable};",
          "(+f0) mov(8) g1<1>F g2<8,8,1>F { align1 nomask };" },
        { "mul.z.f0 (8) g1<1>F g2<8,8,1>F g3<8,8,1>F { align1 };",
          "mul.e.f0(8) g1<1>F g2<8,8,1>F g3<8,8,1>F { align1 };" },
        { "add (8) g1<1>F g2<8,8,1>F 1.0F { align1 }; // comment",
          "add(8) g1<1>F g2<8,8,1>F 1F { align1 };" },
        { "send (8) 1 g5<1>F g0<8,8,1>F math inv mlen 1 rlen 1 { align1 };",
          "send(8) 1 g5<1>F g0<8,8,1>F\n math inv mlen 1 rlen 1 "
          "{ align1 };" },
    };
    char err[256];

    for (size_t i = 0; i < G_N_ELEMENTS(same); i++) {
        G4EuInst x, y;
        uint32_t wx[4], wy[4];

        if (!g4_eu_asm_line(same[i].a, &x, err, sizeof(err)) ||
            !g4_eu_asm_line(same[i].b, &y, err, sizeof(err))) {
            g_error("variant %zu: %s", i, err);
        }
        g4_eu_encode(&x, wx);
        g4_eu_encode(&y, wy);
        g_assert_cmpmem(wx, 16, wy, 16);
    }
    /* errors say what is wrong */
    g_assert_false(g4_eu_asm_line("mov(8) g1<3>F g2<8,8,1>F;", &(G4EuInst){ 0 },
                                  err, sizeof(err)));
    g_assert_nonnull(strstr(err, "hstride"));
    g_assert_false(g4_eu_asm_line("frob(8) g1<1>F;", &(G4EuInst){ 0 }, err,
                                  sizeof(err)));
    g_assert_nonnull(strstr(err, "unknown opcode"));
    g_assert_false(g4_eu_asm_line("mov(8) m16<1>F g2<8,8,1>F;",
                                  &(G4EuInst){ 0 }, err, sizeof(err)));
    g_assert_nonnull(strstr(err, "above 15"));
    g_assert_false(g4_eu_asm_line("while(8) ip -3D;", &(G4EuInst){ 0 }, err,
                                  sizeof(err)));
    g_assert_nonnull(strstr(err, "31:20"));
}

/*
 * Words written by other tools, with other values in the fields the syntax
 * does not show: they decode, re-encode exactly, and round-trip through
 * text up to g4_eu_canonicalize().
 */
static void test_foreign_words(void)
{
    static const uint32_t words[][4] = {
        /* intel-gen4asm: non-present src1 typed UD */
        { 0x00600001, 0x202003be, 0x008d0000, 0x00000000 },
        { 0x00600001, 0x20200369, 0x00000000, 0x10101010 },
        { 0x00600101, 0x202703bd, 0x006e0044, 0x00000000 },
        /* Mesa style: src1 typed like the immediate src0 (L9184) */
        { 0x00600001, 0x20206369, 0x00000000, 0x10101010 },
        { 0x00600001, 0x202073fd, 0x00000000, 0x3f800000 },
        /* Mesa style wait: dst and src0 are n0 (L13562-L13600) */
        { 0x00000030, 0x32000000, 0x00001200, 0x00000000 },
        /* Mesa's Gen4 ENDIF: dst and src0 r0:UD, pop count 1 */
        { 0x00600025, 0x20001c21, 0x00690000, 0x00010000 },
        /* null destination with another type, Align16 dst hstride 0 */
        { 0x05600010, 0x20007fa0, 0x008d0040, 0x3f000000 },
        { 0x00600101, 0x002703bd, 0x006e0044, 0x00000000 },
    };
    char text[512];

    for (size_t i = 0; i < G_N_ELEMENTS(words); i++) {
        roundtrip_canon(words[i], text, sizeof(text), true);
    }
}

/* Jump distances of flow control and jmpi (L10619-L10626, L11925). */
static void test_jump_offsets(void)
{
    static const struct {
        const char *line;
        bool ok;
        int32_t bytes;
    } cases[] = {
        { "jmpi(1) 4 { align1 nomask };", true, 80 },
        { "jmpi(1) 65535 { align1 nomask };", true, 0 },
        { "jmpi(1) -7 { align1 nomask };", true, -96 },
        { "jmpi(1) g2<0,1,0>D { align1 nomask };", false, 0 },
        { "(+f0) if(8) ip 5D { align1 };", true, 80 },
        { "else(8) ip 65539D { align1 };", true, 48 },
        { "(-f0) while(8) ip 65533D { align1 };", true, -48 },
        { "break(8) ip 131078D { align1 };", true, 96 },
        { "do(8) { align1 };", false, 0 },
        { "mov(8) g1<1>F g2<8,8,1>F { align1 };", false, 0 },
    };
    char err[256];

    for (size_t i = 0; i < G_N_ELEMENTS(cases); i++) {
        G4EuInst in;
        int32_t b = 0;

        if (!g4_eu_asm_line(cases[i].line, &in, err, sizeof(err))) {
            g_error("%s: %s", cases[i].line, err);
        }
        g_assert_cmpint(g4_eu_jump_offset(&in, &b), ==, cases[i].ok);
        if (cases[i].ok) {
            g_assert_cmpint(b, ==, cases[i].bytes);
        }
    }
    /* break with pop count 2 from the same DW3 */
    {
        G4EuInst in;

        g_assert_true(g4_eu_asm_line("break(8) ip 131078D { align1 };", &in,
                                     err, sizeof(err)));
        g_assert_cmpint(in.jump_count, ==, 6);
        g_assert_cmpint(in.pop_count, ==, 2);
    }
}

/* Hand-built structs (the form EU-B builds) validate and round-trip. */
static void test_struct_api(void)
{
    G4EuInst in = { 0 }, d;
    uint32_t w[4];
    char text[256];
    const char *why = NULL;

    in.opcode = G4_OP_SEND;
    in.exec_size = 8;
    in.send_mrf = 1;
    in.dst = (G4EuOperand){ .file = G4_FILE_GRF, .type = G4_TYPE_F,
                            .nr = 5, .hstride = 1, .writemask = 0xf };
    in.src0 = (G4EuOperand){ .file = G4_FILE_GRF, .type = G4_TYPE_F,
                             .nr = 0, .vstride = 8, .width = 8,
                             .hstride = 1 };
    in.src1 = (G4EuOperand){ .file = G4_FILE_IMM, .type = G4_TYPE_D };
    in.send = (G4EuSendDesc){ .sfid = G4_SFID_MATH, .mlen = 1, .rlen = 1,
                              .function = 1 };
    g_assert_true(g4_eu_validate(&in, &why));
    g4_eu_encode(&in, w);
    /* seed L1030: send (16) r5 m3 r0 0x01110001 = math inv, mlen 1 */
    g_assert_cmphex(w[3], ==, 0x01110001);
    g_assert_cmphex(w[0], ==, 0x01600031);
    g_assert_true(g4_eu_decode(w, &d, &why));
    g_assert_cmpint(d.send.sfid, ==, G4_SFID_MATH);
    g_assert_cmpint(d.send.mlen, ==, 1);
    g4_eu_disasm(&d, text, sizeof(text));
    g_assert_nonnull(strstr(text, "math inv mlen 1 rlen 1"));
    /* an out-of-range field is caught, not silently truncated */
    in.dst.subnr = 40;
    g_assert_false(g4_eu_validate(&in, &why));
    in.dst.subnr = 0;
    in.exec_size = 3;
    g_assert_false(g4_eu_validate(&in, &why));
    /* assembler errors carry the line number */
    {
        uint32_t *out = NULL;
        char err[256];
        long n = g4_eu_asm_text("mov(8) g1<1>F g2<8,8,1>F { align1 };\n"
                                "\n// comment\n"
                                "mov(8) g1<1>F g2<8,8,1>Q { align1 };\n",
                                &out, err, sizeof(err));
        g_assert_cmpint(n, ==, -1);
        g_assert_true(g_str_has_prefix(err, "line 4:"));
        n = g4_eu_asm_text("mov(8) g1<1>F g2<8,8,1>F { align1 };\n"
                           "send(8) 1 g5<1>F g0<8,8,1>F\n"
                           "      math inv mlen 1 rlen 1 { align1 };\n",
                           &out, err, sizeof(err));
        g_assert_cmpint(n, ==, 2);
        g_assert_cmphex(out[7], ==, 0x01110001);
        g_free(out);
    }
}

/* ---- (2) comparison with intel-gen4disasm ---- */

static const struct {
    uint32_t w[4];
    const char *why;    /* substring of the reason */
} invalid[] = {
    { { 0x00600000, 0x202003be, 0x008d0000, 0 }, "L9340" },  /* illegal */
    { { 0x0060004b, 0x202003be, 0x008d0000, 0 }, "undefined opcode" },
    { { 0x0060007f, 0x202003be, 0x008d0000, 0 }, "undefined opcode" },
    { { 0x00600081, 0x202003be, 0x008d0000, 0 }, "bit 7" },
    { { 0x20600001, 0x202003be, 0x008d0000, 0 }, "CompactCtrl" },
    { { 0x10600001, 0x202003be, 0x008d0000, 0 }, "MaskCtrlEx" },
    { { 0x00603001, 0x202003be, 0x008d0000, 0 }, "ComprCtrl" },
    { { 0x00604001, 0x202003be, 0x008d0000, 0 }, "ThreadCtrl" },
    { { 0x00c00001, 0x202003be, 0x008d0000, 0 }, "ExecSize" },
    { { 0x006c0001, 0x202003be, 0x008d0000, 0 }, "PredCtrl" },
    { { 0x00680101, 0x202003be, 0x008d0000, 0 }, "PredCtrl" },
    { { 0x0a600001, 0x202003be, 0x008d0000, 0 }, "CondModifier" },
    { { 0x00600101, 0x202003be, 0x008d0000, 0 }, "0 or 4" },
    { { 0x00602101, 0x202003be, 0x008d0000, 0 }, "compressed" },
    { { 0x00600001, 0x202003bf, 0x008d0000, 0 }, "destination" },
    { { 0x00600001, 0x202003b9, 0x008d0000, 0 }, "reserved destination" },
    { { 0x00600001, 0x2020033d, 0x008d0000, 0 }, "reserved src0 type" },
    { { 0x00600001, 0x2020027d, 0, 0x0000003f }, "reserved src0 type" },
    { { 0x00600001, 0x20200169, 0, 0x12345678 }, "replicated" },
    { { 0x00600040, 0x21407f7d, 0, 0x3f800000 }, "one 32-bit" },
    { { 0x00600040, 0x202077fd, 0, 0x3f800000 }, "src1 as" },
    { { 0x00600001, 0x202003de, 0x008d0000, 0 }, "write-only" },
    { { 0x00600001, 0x222003be, 0x008d0000, 0 }, "above 15" },
    { { 0x00600001, 0x202103bd, 0x008d0000, 0 }, "not aligned" },
    { { 0x00600001, 0x002003bd, 0x008d0000, 0 }, "HorzStride 0" },
    { { 0x00600001, 0x202003bd, 0x00ed0000, 0 }, "VertStride" },
    { { 0x00600001, 0x202003bd, 0x009d0000, 0 }, "Width" },
    { { 0x00600001, 0x202003bd, 0x01ed0000, 0 }, "needs indirect" },
    { { 0x00600001, 0x202003bc, 0x008d1600, 0 }, "architecture register" },
    { { 0x00600001, 0x202003bd, 0x048d0000, 0 }, "95:90" },
    { { 0x00600001, 0x202083bd, 0x008d0000, 0 }, "47" },
    { { 0x00600040, 0x202077bd, 0x008d0000, 0x028d0000 }, "127:121" },
    { { 0x01600031, 0x20a01fbd, 0x008d0000, 0x41110001 }, "30:28" },
    { { 0x01600031, 0x20a01fbd, 0x008d0000, 0x08110001 }, "SFID" },
    { { 0x00600022, 0x34000c00, 0x00001400, 3 }, "D immediate" },
    { { 0x00600022, 0x34001c00, 0x00001400, 0x00100003 }, "31:20" },
    { { 0x00600022, 0x34001400, 0x00001400, 0 }, "D immediate" },
    { { 0x00000220, 0x34001c00, 0x00001400, 0xfff0fffd }, "jmpi index" },
    { { 0x0000007e, 0x00000001, 0, 0 }, "nop" },
    { { 0x0000017e, 0, 0, 0 }, "nop" },
};

static void test_invalid(void)
{
    /*
     * A compressed send is undefined by the PRM (L13380) but what Mesa's
     * SIMD16 pixel shaders send on G45: accepted.
     */
    static const uint32_t compr_send[4] = {
        0x01602031, 0x20a01fbd, 0x008d0000, 0x01110001,
    };
    G4EuInst cs;

    g_assert_true(g4_eu_decode(compr_send, &cs, NULL));
    g_assert_cmpint(cs.compression, ==, G4_COMPR_COMPR);

    for (size_t i = 0; i < G_N_ELEMENTS(invalid); i++) {
        G4EuInst in;
        const char *why = NULL;

        if (g4_eu_decode(invalid[i].w, &in, &why)) {
            g_error("invalid word %zu accepted: %08x %08x %08x %08x", i,
                    invalid[i].w[0], invalid[i].w[1], invalid[i].w[2],
                    invalid[i].w[3]);
        }
        g_assert_nonnull(why);
        if (!strstr(why, invalid[i].why)) {
            g_error("word %zu rejected for \"%s\", expected \"%s\"", i, why,
                    invalid[i].why);
        }
    }
}

/* Random words: the decoder never crashes and always gives a reason. */
static void test_random_words(void)
{
    GRand *r = g_rand_new_with_seed(99);
    char text[512];

    for (int i = 0; i < 200000; i++) {
        uint32_t w[4];
        G4EuInst in;
        const char *why = NULL;

        for (int j = 0; j < 4; j++) {
            w[j] = g_rand_int(r);
        }
        if (i & 1) {
            w[0] &= ~0x300000c0u;
            w[1] &= ~0x8000u;
            w[2] &= ~0xfc000000u;
            w[3] &= ~0xfe000000u;
        }
        if (g4_eu_decode(w, &in, &why)) {
            roundtrip_canon(w, text, sizeof(text), true);
        } else {
            g_assert_nonnull(why);
        }
    }
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    for (size_t i = 0; i < G_N_ELEMENTS(forms); i++) {
        if (forms[i][0] == '#') {
            char *path = g_strdup_printf("/g4-eu/roundtrip/%s",
                                         forms[i] + 1);

            g_test_add_data_func(path, GSIZE_TO_POINTER(i), test_forms);
            g_free(path);
        }
    }
    g_test_add_func("/g4-eu/all-opcodes-roundtrip", test_all_opcodes);
    g_test_add_func("/g4-eu/asm-variants", test_asm_variants);
    g_test_add_func("/g4-eu/struct-api", test_struct_api);
    g_test_add_func("/g4-eu/foreign-words", test_foreign_words);
    g_test_add_func("/g4-eu/jump-offsets", test_jump_offsets);
    g_test_add_func("/g4-eu/invalid", test_invalid);
    g_test_add_func("/g4-eu/random-words", test_random_words);
    return g_test_run();
}
