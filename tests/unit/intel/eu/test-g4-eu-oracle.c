/*
 * The G45 EU codec against intel-gen4disasm (intel-gpu-tools, an
 * independent implementation): bulk disassembly of generated words,
 * the known disagreements (each with the seed line that settles it),
 * and agreement with the words intel-gen4asm assembles.
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

#define ORACLE "intel-gen4disasm"

static char *run_oracle(const uint32_t *w, size_t n)
{
    GString *s = g_string_new(NULL);
    gchar *path = NULL, *out = NULL, *errout = NULL;
    gint status = 0;
    GError *err = NULL;
    int fd = g_file_open_tmp("g4eu-XXXXXX.txt", &path, &err);
    const gchar *argv[] = { ORACLE, "-g", "4", NULL, NULL };

    g_assert_no_error(err);
    for (size_t i = 0; i < n; i++) {
        g_string_append_printf(s, "{ 0x%08x, 0x%08x, 0x%08x, 0x%08x },\n",
                               w[4 * i], w[4 * i + 1], w[4 * i + 2],
                               w[4 * i + 3]);
    }
    g_assert_true(g_file_set_contents(path, s->str, s->len, NULL));
    close(fd);
    argv[3] = path;
    if (!g_spawn_sync(NULL, (gchar **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL,
                      NULL, &out, &errout, &status, &err)) {
        g_test_message("%s is not installed or cannot run (%s); set-up "
                       "installs it from Debian's intel-gpu-tools",
                       ORACLE, err->message);
        g_test_fail();
        g_error_free(err);
        out = NULL;
    }
    g_unlink(path);
    g_free(path);
    g_free(errout);
    g_string_free(s, TRUE);
    return out;
}

static void test_oracle_bulk(void)
{
    enum { N = 4000 };
    uint32_t *w = g_new0(uint32_t, 4 * N);
    GString *ours = g_string_new(NULL);
    GRand *r = g_rand_new_with_seed(42);
    uint8_t buf[8192];
    char text[512];
    char *theirs;
    gchar **a, **b;
    size_t n = 0;

    for (size_t i = 0; i < sizeof(buf); i++) {
        buf[i] = g_rand_int(r);
    }
    for (unsigned attempt = 0; n < N; attempt++) {
        G4Gen g = { .p = buf, .n = sizeof(buf), .i = attempt * 29,
                    .oracle_safe = true };
        G4EuInst in;

        g_assert_cmpuint(attempt, <, 10 * N);
        buf[attempt % sizeof(buf)] = g_rand_int(r);
        if (!gen_inst(&g, &in)) {
            continue;
        }
        g4_eu_encode(&in, w + 4 * n);
        g4_eu_disasm(&in, text, sizeof(text));
        g_string_append_printf(ours, "%s\n", text);
        n++;
    }
    theirs = run_oracle(w, n);
    if (theirs) {
        a = g_strsplit(ours->str, "\n", -1);
        b = g_strsplit(theirs, "\n", -1);
        g_assert_cmpuint(g_strv_length(a), ==, g_strv_length(b));
        for (size_t i = 0; a[i]; i++) {
            if (strcmp(a[i], b[i])) {
                g_error("line %zu differs from %s:\n  ours:   \"%s\"\n"
                        "  theirs: \"%s\"", i, ORACLE, a[i], b[i]);
            }
        }
        g_strfreev(a);
        g_strfreev(b);
    }
    g_free(theirs);
    g_string_free(ours, TRUE);
    g_rand_free(r);
    g_free(w);
}

/*
 * Where we print something else than intel-gen4disasm, on purpose.  Each
 * entry is checked: the tool really prints `theirs`, we print `ours`.
 */
static const struct {
    const char *ours;       /* our line, squashed */
    const char *theirs;     /* intel-gen4disasm, squashed */
    const char *reason;
} disagree[] = {
    { "mov(8) g1<1>F 0x3f3a2a1aVF { align1 };",
      "mov(8) g1<1>F Vector Float { align1 };",
      "VF holds 4 packed restricted floats (L6932-L6976); the tool "
      "prints no value" },
    { "mov(8) g1<1>F 16777218F { align1 };",
      "mov(8) g1<1>F 1.67772e+07F { align1 };",
      "imm32 may hold any float bit pattern (L9775); %g loses bits" },
    { "mov(8) g1<1>F 0x7fc00001F { align1 };",
      "mov(8) g1<1>F nanF { align1 };",
      "NaN payloads are legal immediates (L9775)" },
    { "mov(8) g1.4<1>F g2.4<0,4,1>.zyxwF { align16 };",
      "mov(8) g1.0<1>F g2.4<0,4,1>.zyxwF { align16 };",
      "Align16 dst bit 52 is SubRegNum[4], a 16-byte offset "
      "(Table 13-7, L9755)" },
    { "mov(8) g[a0.2 4]<1>F g2<8,8,1>F { align1 };",
      "mov(8) g[a0.0 4]<1>F g2<8,8,1>F { align1 };",
      "dst AddrSubRegNum is bits 60:58 (Table 13-8); the tool divides "
      "it by the type size" },
    { "mov(8) m[a0 4]<1>F g2<8,8,1>F { align1 };",
      "mov(8) g[a0 4]<1>F g2<8,8,1>F { align1 };",
      "indirect MRF destination exists on CTG (Table 11-4 L7542)" },
    { "mov(8) g[a0.1 32]<1>.xyF g2<4,4,1>F { align16 };",
      "mov(8) Indirect align16 address mode not supported g2<4,4,1>F "
      "{ align16 };",
      "Align16 indirect operands are defined (Tables 13-8, 13-12)" },
    { "mov(1) ms0<1>UD g1<0,1,0>UD { align1 switch };",
      "mov(1) msd0<1>UD g1<0,1,0>UD { align1 switch };",
      "ARF 0101 is the mask stack ms0 (L7850)" },
    { "mov(1) msd0<1>UD g1<0,1,0>UD { align1 switch };",
      "mov(1) ARF96<1>UD g1<0,1,0>UD { align1 switch };",
      "ARF 0110 is the mask stack depth msd0 (L7922)" },
    { "cont(8) ip 65532D { align1 };",
      "cont(8) ip { align1 };",
      "cont carries a jump count in its exitcode (L11225-L11258)" },
    { "halt(8) ip 9D { align1 };",
      "halt(8) ip { align1 };",
      "halt jumps when all channels halted (L11752)" },
    { "jmpi(1) g2<0,1,0>D { align1 nomask };",
      "jmpi(1) 64 { align1 nomask };",
      "jmpi's src1 may be a register (L11925); the tool prints DW3 "
      "as a number" },
    { "movi(8) g1<1>UD g2<8,8,1>UD g3<8,8,1>UD { align1 };",
      "*** invalid opcode value 3 (8) { align1 };",
      "movi 0x03 exists on CTG (L12242-L12324)" },
    { "nenop ;",
      "*** invalid opcode value 125 (1) { align1 };",
      "nenop 0x7D exists on G4x (L12511-L12534)" },
    { "send(8) 0 null g0<8,8,1>F urb fc 0x0a5a mlen 1 rlen 0 { align1 };",
      "send(8) 0 null g0<8,8,1>F urb 37 transpose mlen 1 rlen 0 "
      "{ align1 };",
      "descriptor function control is 16 bits (Table 14-15 L13388); "
      "the tool drops URB opcode bits 3:0" },
    { "send(8) 3 g4<1>F g0<8,8,1>F desc a0<0,1,0>UD { align1 EOT };",
      "send(8) 3 g4<1>F g0<8,8,1>F nullunsupported target 0 mlen 0 rlen 0 "
      "{ align1 EOT };",
      "a register descriptor is a0.0 (L13388-L13396); the tool decodes "
      "the register fields as a descriptor" },
};

static void test_oracle_disagreements(void)
{
    char text[512], err[256];

    for (size_t i = 0; i < G_N_ELEMENTS(disagree); i++) {
        G4EuInst in;
        uint32_t w[4];
        char *theirs, *a, *b;

        if (!g4_eu_asm_line(disagree[i].ours, &in, err, sizeof(err))) {
            g_error("cannot assemble \"%s\": %s", disagree[i].ours, err);
        }
        g4_eu_encode(&in, w);
        roundtrip_words(w, text, sizeof(text));
        a = squash(text);
        g_assert_cmpstr(a, ==, disagree[i].ours);
        theirs = run_oracle(w, 1);
        if (!theirs) {
            g_free(a);
            return;
        }
        b = squash(theirs);
        if (strcmp(b, disagree[i].theirs)) {
            g_error("listed disagreement no longer holds (%s):\n  "
                    "expected: \"%s\"\n  tool:     \"%s\"",
                    disagree[i].reason, disagree[i].theirs, b);
        }
        g_free(a);
        g_free(b);
        g_free(theirs);
    }
}

/*
 * Our assembler against intel-gen4asm, on lines both accept.  Two known
 * differences: the type of a non-present src1 (we write src0's type as
 * L9184 asks, the tool writes UD), and sub-register numbers, which that
 * tool reads as bytes while both disassemblers print elements (so the
 * lines here use none).
 */
static void test_gen4asm_agreement(void)
{
    static const char *const lines[] = {
        "mov (8) m1<1>F g0<8,8,1>F { align1 };",
        "add (16) g10<1>F g2<8,8,1>F 1.0F { align1 compr };",
        "mov (8) g1<1>UW 0x10101010V { align1 };",
        G4T_MODIFIER_FORMS
        "and.ne.f0(8) g5<1>UD g2<8,8,1>UD 0x0000ff00UD { align1 };",
        "mov(8) g1<1>.xyzF g2<4,4,1>F { align16 };",
        "add(8) g1<1>.xF g2<4,4,1>.yF -g3<4,4,1>.wF { align16 };",
        "dp4(8) g1<1>.wF g2<4,4,1>F g3<4,4,1>.xxyzF { align16 sechalf };",
        "mach(8) g1<1>D g2<8,8,1>D g3<8,8,1>D { align1 };",
        "line(8) g1<1>F g2<0,1,0>F g3<8,8,1>F { align1 };",
        "pln(16) g1<1>F g2<0,1,0>F g4<8,8,1>F { align1 compr };",
        "sad2(16) g1<1>UW g2<16,16,1>UB g3<16,16,1>UB { align1 };",
        "send(8) 1 g5<1>F g0<8,8,1>F math inv mlen 1 rlen 1 { align1 };",
        "send(16) 2 g5<1>UW g0<8,8,1>UW sampler (1, 0, F) mlen 3 rlen 8 "
        "{ align1 };",
        "send(8) 0 null g0<8,8,1>UD write (0, 12, 4, 0) mlen 6 rlen 0 "
        "{ align1 EOT };",
        "send(8) 0 null g0<8,8,1>F urb 0 interleave used complete mlen 3 "
        "rlen 0 { align1 EOT };",
    };
    GString *src = g_string_new(NULL);
    gchar *in_path = NULL, *out_path = NULL, *text = NULL, *errout = NULL;
    const gchar *argv[] = { "intel-gen4asm", "-g", "4", "-o", NULL, NULL,
                            NULL };
    GError *err = NULL;
    gint status = 0;
    int fd1, fd2;
    const char *p;

    for (size_t i = 0; i < G_N_ELEMENTS(lines); i++) {
        g_string_append_printf(src, "%s\n", lines[i]);
    }
    fd1 = g_file_open_tmp("g4eu-XXXXXX.s", &in_path, &err);
    g_assert_no_error(err);
    fd2 = g_file_open_tmp("g4eu-XXXXXX.bin", &out_path, &err);
    g_assert_no_error(err);
    close(fd1);
    close(fd2);
    g_assert_true(g_file_set_contents(in_path, src->str, -1, NULL));
    argv[4] = out_path;
    argv[5] = in_path;
    if (!g_spawn_sync(NULL, (gchar **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL,
                      NULL, NULL, &errout, &status, &err)) {
        g_test_message("intel-gen4asm is not installed (%s); set-up "
                       "installs it from Debian's intel-gpu-tools",
                       err->message);
        g_test_fail();
        g_error_free(err);
        goto out;
    }
    g_assert_true(g_spawn_check_wait_status(status, NULL));
    g_assert_true(g_file_get_contents(out_path, &text, NULL, NULL));
    p = text;
    for (size_t i = 0; i < G_N_ELEMENTS(lines); i++) {
        uint32_t t[4], o[4];
        G4EuInst in;
        const G4EuOpInfo *oi;
        char emsg[256];

        p = strchr(p, '{');
        g_assert_nonnull(p);
        g_assert_cmpint(sscanf(p, "{ 0x%x, 0x%x, 0x%x, 0x%x }", &t[0], &t[1],
                               &t[2], &t[3]), ==, 4);
        p++;
        if (!g4_eu_asm_line(lines[i], &in, emsg, sizeof(emsg))) {
            g_error("%s: %s", lines[i], emsg);
        }
        g4_eu_encode(&in, o);
        oi = g4_eu_opcode_info(in.opcode);
        if (oi->nsrc < 2 && in.opcode != G4_OP_SEND) {
            o[1] &= ~0x7000u;   /* non-present src1 type (L9184) */
            t[1] &= ~0x7000u;
        }
        if (memcmp(o, t, 16)) {
            g_error("\"%s\": ours %08x %08x %08x %08x, intel-gen4asm "
                    "%08x %08x %08x %08x", lines[i], o[0], o[1], o[2], o[3],
                    t[0], t[1], t[2], t[3]);
        }
    }
out:
    g_unlink(in_path);
    g_unlink(out_path);
    g_free(in_path);
    g_free(out_path);
    g_free(text);
    g_free(errout);
    g_string_free(src, TRUE);
}

/* ---- (3) invalid encodings ---- */

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/g4-eu/oracle-bulk", test_oracle_bulk);
    g_test_add_func("/g4-eu/oracle-disagreements", test_oracle_disagreements);
    g_test_add_func("/g4-eu/gen4asm-agreement", test_gen4asm_agreement);
    return g_test_run();
}
