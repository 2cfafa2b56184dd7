/*
 * g4-disasm: disassemble Gen4/G45 EU instructions.  Input as for
 * intel-gen4disasm: lines holding "{ 0x........, 0x........, 0x........,
 * 0x........ },".  Output: one instruction per line in intel-gen4disasm
 * -g 4 syntax (send takes two lines, as there).
 *   g4-disasm [-g 4] FILE     ("-" or no file: standard input)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"
#include "tool-input.h"

static bool read_quad(const char **pp, uint32_t w[4])
{
    const char *p = strchr(*pp, '{');
    char *end;

    if (!p) {
        return false;
    }
    p++;
    for (int i = 0; i < 4; i++) {
        unsigned long v;

        while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\n') {
            p++;
        }
        v = strtoul(p, &end, 0);
        if (end == p || v > 0xffffffffUL) {
            *pp = p;
            return false;
        }
        w[i] = v;
        p = end;
    }
    *pp = strchr(p, '}') ? strchr(p, '}') + 1 : p + strlen(p);
    return true;
}

int main(int argc, char **argv)
{
    const char *file = NULL, *p;
    gchar *text;
    int bad = 0;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-g") && i + 1 < argc) {
            if (strcmp(argv[++i], "4")) {
                fprintf(stderr, "g4-disasm: only -g 4 is supported\n");
                return 2;
            }
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "usage: g4-disasm [-g 4] [FILE]\n");
            return 2;
        } else {
            file = argv[i];
        }
    }
    text = tool_read_input("g4-disasm", file);
    if (!text) {
        return 1;
    }
    p = text;
    for (;;) {
        uint32_t w[4];
        G4EuInst in;
        const char *why = NULL;
        char out[512];

        if (!read_quad(&p, w)) {
            break;
        }
        if (!g4_eu_decode(w, &in, &why)) {
            printf("invalid instruction { 0x%08x, 0x%08x, 0x%08x, 0x%08x }:"
                   " %s\n", w[0], w[1], w[2], w[3], why);
            bad++;
            continue;
        }
        g4_eu_disasm(&in, out, sizeof(out));
        printf("%s\n", out);
    }
    g_free(text);
    return bad ? 1 : 0;
}
