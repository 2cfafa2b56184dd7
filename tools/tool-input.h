/*
 * Shared by the command-line tools: the whole input text, from FILE or
 * (NULL or "-") standard input.  NULL with a message on stderr on failure.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TOOL_INPUT_H
#define HWGPU_TOOL_INPUT_H

#include <glib.h>
#include <stdio.h>
#include <string.h>

static inline char *tool_read_input(const char *prog, const char *file)
{
    GError *gerr = NULL;
    char *text = NULL;
    gsize len;

    if (!file || !strcmp(file, "-")) {
        GString *s = g_string_new(NULL);
        char buf[4096];
        size_t k;

        while ((k = fread(buf, 1, sizeof(buf), stdin)) > 0) {
            g_string_append_len(s, buf, k);
        }
        return g_string_free(s, FALSE);
    }
    if (!g_file_get_contents(file, &text, &len, &gerr)) {
        fprintf(stderr, "%s: %s\n", prog, gerr->message);
        g_error_free(gerr);
        return NULL;
    }
    return text;
}

#endif
