/*
 * A fixed-budget driver for libFuzzer-style targets, so that every fuzz
 * target runs in the test suite without clang: it feeds the target
 * HWGPU_FUZZ_RUNS (default 20000) pseudo-random inputs from a fixed seed
 * (HWGPU_FUZZ_SEED) and prints one TAP result.  A crash or hang is the
 * failure; with -fsanitize=fuzzer the same target runs under libFuzzer.
 *   fuzz-TARGET [--tap] [FILE...]   (files: replay these inputs instead)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    const char *e;
    unsigned long runs = 20000, seed = 1;
    int nfiles = 0;
    GRand *r;
    uint8_t *buf;

    for (int i = 1; i < argc; i++) {
        gchar *data;
        gsize len;

        if (argv[i][0] == '-') {
            continue;
        }
        if (!g_file_get_contents(argv[i], &data, &len, NULL)) {
            fprintf(stderr, "cannot read %s\n", argv[i]);
            return 1;
        }
        LLVMFuzzerTestOneInput((const uint8_t *)data, len);
        g_free(data);
        nfiles++;
    }
    if (nfiles) {
        printf("1..1\nok 1 - replayed %d inputs\n", nfiles);
        return 0;
    }
    if ((e = getenv("HWGPU_FUZZ_RUNS"))) {
        runs = strtoul(e, NULL, 0);
    }
    if ((e = getenv("HWGPU_FUZZ_SEED"))) {
        seed = strtoul(e, NULL, 0);
    }
    r = g_rand_new_with_seed(seed);
    buf = g_malloc(4096);
    for (unsigned long n = 0; n < runs; n++) {
        size_t len = g_rand_int_range(r, 0, 4096);
        for (size_t i = 0; i < len; i++) {
            buf[i] = g_rand_int(r);
        }
        LLVMFuzzerTestOneInput(buf, len);
    }
    g_free(buf);
    g_rand_free(r);
    printf("1..1\nok 1 - %s: %lu random inputs (seed %lu)\n", argv[0], runs, seed);
    return 0;
}
