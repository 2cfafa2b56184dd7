/*
 * Kernels for the Gen4 units' threads, and the device's cache of them; see
 * include/hwgpu/intel/gen4/gen4-state.h.
 *
 * A unit state's kernel start pointer gives where a kernel begins, not
 * where it ends (seed 000 §2.6.1, thread dispatch), so a kernel is fetched
 * as a window of GEN4_KERNEL_MAX_BYTES (less at unmapped memory) and
 * decoded as its threads reach each instruction.  crocus keeps its
 * programs in one buffer across draws, so the same window comes back draw
 * after draw: the cache keys a decoded program by the window's bytes and
 * hands it out again, with what its threads have decoded so far.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/common/thread.h"
#include "hwgpu/intel/gen4/gen4-state.h"
#include "hwgpu/intel/gen4/gen4-vs.h"
#include "hwgpu/intel/eu/g4-eu.h"

/* Programs kept; the table starts over when it is full. */
#define GEN4_KERNELS_MAX 64

struct Gen4Kernels {
    HwgpuMutex lock;
    GHashTable *table;          /* window hash -> G4EuProgram (a reference) */
    uint64_t hits, misses;
};

Gen4Kernels *gen4_kernels_new(void)
{
    Gen4Kernels *k = g_new0(Gen4Kernels, 1);

    hwgpu_mutex_init(&k->lock);
    k->table = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
                                     (GDestroyNotify)g4_eu_program_free);
    return k;
}

void gen4_kernels_free(Gen4Kernels *k)
{
    if (k) {
        g_hash_table_destroy(k->table);
        hwgpu_mutex_destroy(&k->lock);
        g_free(k);
    }
}

void gen4_kernels_stats(const Gen4Kernels *k, uint64_t *hits,
                        uint64_t *misses)
{
    *hits = k ? k->hits : 0;
    *misses = k ? k->misses : 0;
}

/* 64-bit hash of the window (a multiply-xorshift over its qwords). */
static uint64_t window_hash(const uint32_t *w, size_t dwords)
{
    uint64_t h = 0x9e3779b97f4a7c15ull ^ dwords;

    for (size_t i = 0; i + 1 < dwords; i += 2) {
        h = (h ^ (w[i] | (uint64_t)w[i + 1] << 32)) * 0xff51afd7ed558ccdull;
        h ^= h >> 29;
    }
    return h;
}

G4EuProgram *gen4_kernel_load(Gen4State *s, uint32_t addr)
{
    uint32_t *words = g_malloc(GEN4_KERNEL_MAX_BYTES);
    uint32_t n = 0;
    Gen4Kernels *k = s->kernels;
    G4EuProgram *p, *old;
    uint64_t h;

    /* Page by page until unmapped memory or the bound. */
    while (n * 16 < GEN4_KERNEL_MAX_BYTES) {
        uint32_t a = addr + n * 16;
        uint32_t chunk = 4096 - (a & 4095);

        chunk = MIN(chunk, GEN4_KERNEL_MAX_BYTES - n * 16);
        if ((uint64_t)a + chunk > UINT32_MAX + 1ull ||
            !g45_gtt_read(s->gtt, a, words + n * 4, chunk)) {
            break;
        }
        n += chunk / 16;
    }
    if (!k) {
        p = g4_eu_program_new(words, n, s->host);
        g_free(words);
        return p;
    }
    h = window_hash(words, (size_t)n * 4);
    hwgpu_mutex_lock(&k->lock);
    old = g_hash_table_lookup(k->table, &h);
    if (old) {
        size_t bytes;
        const uint8_t *code = g4_eu_program_code(old, &bytes);

        /* (an empty window, an unmapped kernel, has no code to compare) */
        if (bytes == (size_t)n * 16 &&
            (!bytes || !memcmp(code, words, bytes))) {
            k->hits++;
            p = g4_eu_program_ref(old);
            hwgpu_mutex_unlock(&k->lock);
            g_free(words);
            return p;
        }
    }
    /* new bytes (or another window with the same hash: it takes over) */
    k->misses++;
    p = g4_eu_program_new(words, n, s->host);
    if (g_hash_table_size(k->table) >= GEN4_KERNELS_MAX) {
        g_hash_table_remove_all(k->table);
    }
    g_hash_table_replace(k->table, g_memdup2(&h, sizeof(h)),
                         g4_eu_program_ref(p));
    hwgpu_mutex_unlock(&k->lock);
    g_free(words);
    return p;
}
