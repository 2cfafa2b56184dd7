/*
 * What the EU codec tests share: comparing disassembly text and round
 * trips through decode, encode, disassemble and assemble.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_G4_EU_CODEC_TEST_H
#define HWGPU_TESTS_G4_EU_CODEC_TEST_H

#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"

/* Collapse runs of blanks so hand-written lines compare with output. */
static inline char *squash(const char *s)
{
    GString *o = g_string_new(NULL);
    bool sp = false;

    for (; *s; s++) {
        if (*s == ' ' || *s == '\t' || *s == '\n') {
            sp = true;
            continue;
        }
        if (sp && o->len) {
            g_string_append_c(o, ' ');
        }
        sp = false;
        g_string_append_c(o, *s);
    }
    return g_string_free(o, FALSE);
}

/*
 * words -> decode -> disasm -> asm -> encode must give the words back
 * (with canon: the words with the fields the syntax does not show set
 * as g4_eu_canonicalize() sets them).
 */
static inline void roundtrip_canon(const uint32_t w0[4], char *text, size_t len,
                            bool canon)
{
    G4EuInst in, back;
    uint32_t e[4], w[4];
    const char *why = NULL;
    char err[256];

    memcpy(w, w0, 16);
    if (!g4_eu_decode(w, &in, &why)) {
        g_error("decode failed (%s) for %08x %08x %08x %08x", why, w[0], w[1],
                w[2], w[3]);
    }
    g4_eu_encode(&in, e);
    g_assert_cmpmem(e, 16, w, 16);
    if (canon) {
        g4_eu_canonicalize(&in);
        g4_eu_encode(&in, w);
    }
    g4_eu_disasm(&in, text, len);
    if (!g4_eu_asm_line(text, &back, err, sizeof(err))) {
        g_error("assembling our own output failed: %s\n%s", err, text);
    }
    g4_eu_encode(&back, e);
    if (memcmp(e, w, 16)) {
        g_error("not bit-exact: %08x %08x %08x %08x -> %08x %08x %08x %08x"
                "\n%s", w[0], w[1], w[2], w[3], e[0], e[1], e[2], e[3], text);
    }
}

static inline void roundtrip_words(const uint32_t w[4], char *text, size_t len)
{
    roundtrip_canon(w, text, len, false);
}

/* Instructions with modifiers both the round trips and the oracle use. */
#define G4T_MODIFIER_FORMS \
    "add.sat(8) g1<1>F -g2<8,8,1>F (abs)g3<8,8,1>F { align1 };", \
    "mul(8) g1<1>F -(abs)g2<4,4,1>F g3<0,1,0>F { align1 NoDDClr };", \
    "(+f0) sel(8) g1<1>F g2<8,8,1>F g3<8,8,1>F { align1 NoDDChk };", \
    "(-f0.1.any4h) add(8) g1<1>D g2<8,8,1>D 1D { align1 " \
    "NoDDClr,NoDDChk };", \
    "(+f0.all16h) or(16) g1<1>UW g2<16,16,1>UW 0x00ffUW { align1 };", \
    "cmp.l.f0(8) null g2<8,8,1>F 0.5F { align1 };", \
    "cmpn.ge.f0.1(8) g5<1>F g2<8,8,1>F g3<8,8,1>F { align1 };", \
    "rndz.r.f0(8) g5<1>F g2<8,8,1>F { align1 };",

#endif
