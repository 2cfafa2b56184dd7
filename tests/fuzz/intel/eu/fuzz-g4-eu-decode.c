/*
 * Fuzz target: random 128-bit words through the G45 EU decoder.  For every
 * word the decoder accepts: encode(decode(w)) == w, and disassembling,
 * assembling and encoding gives encode(canonicalize(decode(w))).  Each
 * input is also retried with the reserved bits cleared, and the whole input
 * also drives the generator of valid instructions (g4-eu-gen.h), whose
 * encodings go through the same checks.  abort() on any mismatch.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "g4-eu-gen.h"
#include "hwgpu/intel/eu/g4-eu-inst.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const uint32_t w[4])
{
    G4EuInst in, back;
    uint32_t e[4], c[4];
    const char *why = NULL;
    char text[512], err[256];

    if (!g4_eu_decode(w, &in, &why)) {
        if (!why) {
            fprintf(stderr, "rejected without a reason\n");
            abort();
        }
        return;
    }
    g4_eu_encode(&in, e);
    if (memcmp(e, w, sizeof(e))) {
        fprintf(stderr, "encode(decode(w)) != w: %08x %08x %08x %08x -> "
                "%08x %08x %08x %08x\n", w[0], w[1], w[2], w[3], e[0], e[1],
                e[2], e[3]);
        abort();
    }
    g4_eu_disasm(&in, text, sizeof(text));
    if (!g4_eu_asm_line(text, &back, err, sizeof(err))) {
        fprintf(stderr, "asm failed: %s\n%s\n", err, text);
        abort();
    }
    g4_eu_canonicalize(&in);
    g4_eu_encode(&in, c);
    g4_eu_encode(&back, e);
    if (memcmp(e, c, sizeof(e))) {
        fprintf(stderr, "round trip mismatch for\n%s\n", text);
        abort();
    }
}

/*
 * The assembler on hostile text: our disassembly with one byte replaced.
 * It must not crash; whatever it accepts must be valid and round-trip.
 */
static void mutate_text(const G4EuInst *in, uint8_t pos, uint8_t byte)
{
    char text[512], err[256];
    G4EuInst out;
    size_t len = g4_eu_disasm(in, text, sizeof(text));
    uint32_t w[4];

    if (len == 0 || len >= sizeof(text)) {
        return;
    }
    text[pos % len] = byte ? (char)byte : ' ';
    if (g4_eu_asm_line(text, &out, err, sizeof(err))) {
        if (!g4_eu_validate(&out, NULL)) {
            fprintf(stderr, "assembler accepted an invalid instruction\n");
            abort();
        }
        g4_eu_encode(&out, w);
        check(w);
    } else if (!err[0]) {
        fprintf(stderr, "assembler failed without a message\n");
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    G4Gen g = { .p = data, .n = size };

    for (size_t k = 0; k < size / 64; k++) {
        G4EuInst in;
        uint32_t w[4];

        if (gen_inst(&g, &in)) {
            g4_eu_encode(&in, w);
            check(w);
            mutate_text(&in, data[k % size], data[(k * 7) % size]);
        }
    }
    for (; size >= 16; data += 16, size -= 16) {
        uint32_t w[4];

        memcpy(w, data, 16);
        check(w);
        /* reserved/unsupported bits cleared, a defined opcode chosen */
        w[0] &= ~0x300000c0u;
        w[0] |= (data[0] & 1) ? 0x40 : 0;
        w[0] &= (data[1] & 1) ? ~0x80000u : ~0u;
        w[1] &= ~0x8000u;
        w[2] &= ~0xfc000000u;
        check(w);
        w[3] &= ~0xfe000000u;
        check(w);
        /* The same bytes as a G45 compacted instruction, expanded. */
        {
            uint32_t cw[2], u[4], c2[2];

            memcpy(cw, data, 8);
            cw[0] |= 1u << 29;
            if (!g4_eu_uncompact(cw, u, NULL)) {
                fprintf(stderr, "a compacted word was refused\n");
                abort();
            }
            check(u);
            /*
             * What expands must compact back to the same word, except
             * no-ops, whose other fields are ignored.
             */
            if ((cw[0] & 0x7f) != G4_OP_NOP && (cw[0] & 0x7f) != G4_OP_NENOP &&
                (!g4_eu_compact(u, c2) || memcmp(c2, cw, 8))) {
                fprintf(stderr, "compact(uncompact(c)) != c: %08x %08x\n",
                        cw[0], cw[1]);
                abort();
            }
        }
    }
    return 0;
}
