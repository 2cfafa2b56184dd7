/*
 * g4-asm: assemble Gen4/G45 EU text (the syntax g4-disasm and
 * intel-gen4disasm print) into "{ 0x........, ... }," lines, the format
 * intel-gen4asm writes and intel-gen4disasm reads.
 *   g4-asm [-g 4] [-o OUT] FILE     ("-" or no file: standard input)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hwgpu/intel/eu/g4-eu-inst.h"
#include "tool-input.h"

int main(int argc, char **argv)
{
    const char *file = NULL, *outname = NULL;
    gchar *text;
    uint32_t *w;
    long n;
    char err[512];
    FILE *out = stdout;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-g") && i + 1 < argc) {
            if (strcmp(argv[++i], "4")) {
                fprintf(stderr, "g4-asm: only -g 4 is supported\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            outname = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "usage: g4-asm [-g 4] [-o OUT] [FILE]\n");
            return 2;
        } else {
            file = argv[i];
        }
    }
    text = tool_read_input("g4-asm", file);
    if (!text) {
        return 1;
    }
    n = g4_eu_asm_text(text, &w, err, sizeof(err));
    g_free(text);
    if (n < 0) {
        fprintf(stderr, "g4-asm: %s: %s\n", file ? file : "-", err);
        return 1;
    }
    if (outname && !(out = fopen(outname, "w"))) {
        perror(outname);
        g_free(w);
        return 1;
    }
    for (long i = 0; i < n; i++) {
        fprintf(out, "   { 0x%08x, 0x%08x, 0x%08x, 0x%08x },\n",
                w[4 * i], w[4 * i + 1], w[4 * i + 2], w[4 * i + 3]);
    }
    g_free(w);
    if (out != stdout) {
        fclose(out);
    }
    return 0;
}
