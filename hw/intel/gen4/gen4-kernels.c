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
 * Reading and hashing the 64 KiB window is most of a draw's set-up (four
 * kernels a draw), so the kernels loaded since the instruction cache was
 * last invalidated are also kept by address (Gen4Kernels.recent) and
 * handed out without reading memory: as the hardware's instruction cache,
 * the unit fetches a kernel's bytes once and a driver that writes new
 * ones where an old kernel was invalidates the cache (MI_FLUSH's
 * State/Instruction Cache Invalidate, PIPE_CONTROL's Instruction Cache
 * Invalidate; seed 000 §2.6.1, seed 003's MI_FLUSH), which
 * gen4_kernels_invalidate() models.  The device also invalidates at each
 * batch from the ring, a context restore and a reset, so a kernel is
 * never older than the batch that uses it.
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
/* Kernels kept by address until an invalidation (a draw loads four). */
#define GEN4_KERNELS_RECENT 16

struct Gen4Kernels {
    HwgpuMutex lock;
    GHashTable *table;          /* window hash -> G4EuProgram (a reference) */
    uint64_t hits, misses;
    struct {
        uint32_t addr;
        G4EuProgram *prog;      /* a reference */
    } recent[GEN4_KERNELS_RECENT];
    unsigned nrecent, victim;   /* entries in use; the next one replaced */
};

/* Called with k->lock held. */
static void recent_clear(Gen4Kernels *k)
{
    for (unsigned i = 0; i < k->nrecent; i++) {
        g4_eu_program_free(k->recent[i].prog);
    }
    k->nrecent = 0;
    k->victim = 0;
}

void gen4_kernels_invalidate(Gen4Kernels *k)
{
    if (k) {
        hwgpu_mutex_lock(&k->lock);
        recent_clear(k);
        hwgpu_mutex_unlock(&k->lock);
    }
}

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
        recent_clear(k);
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

/*
 * 64-bit hash of the window (a multiply-xorshift over its qwords), in
 * four independent chains over each 32-byte step, folded at the end: one
 * chain's multiplies wait on each other, and a 64 KiB window was 1.6% of
 * a kmscube frame's render time.  A cache key only (hits are compared
 * byte for byte).  dwords is a multiple of 4 (whole instructions).
 */
static uint64_t window_hash(const uint32_t *w, size_t dwords)
{
    uint64_t h[4] = { 0x9e3779b97f4a7c15ull ^ dwords, 0x6a09e667f3bcc909ull,
                      0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull };
    uint64_t r = 0;

    for (size_t i = 0; i + 8 <= dwords; i += 8) {
        for (unsigned k = 0; k < 4; k++) {
            uint64_t q = w[i + 2 * k] | (uint64_t)w[i + 2 * k + 1] << 32;

            h[k] = (h[k] ^ q) * 0xff51afd7ed558ccdull;
            h[k] ^= h[k] >> 29;
        }
    }
    if (dwords & 4) {           /* an odd instruction at the end */
        const uint32_t *t = w + (dwords & ~(size_t)7);

        h[0] ^= t[0] | (uint64_t)t[1] << 32;
        h[1] ^= t[2] | (uint64_t)t[3] << 32;
    }
    for (unsigned k = 0; k < 4; k++) {
        r = (r ^ h[k]) * 0xff51afd7ed558ccdull;
        r ^= r >> 29;
    }
    return r;
}

G4EuProgram *gen4_kernel_load(Gen4State *s, uint32_t addr)
{
    uint32_t *words;
    uint32_t n = 0;
    Gen4Kernels *k = s->kernels;
    G4EuProgram *p, *old;
    uint64_t h;

    if (k) {
        hwgpu_mutex_lock(&k->lock);
        for (unsigned i = 0; i < k->nrecent; i++) {
            if (k->recent[i].addr == addr) {
                k->hits++;
                p = g4_eu_program_ref(k->recent[i].prog);
                hwgpu_mutex_unlock(&k->lock);
                return p;
            }
        }
        hwgpu_mutex_unlock(&k->lock);
    }
    words = g_malloc(GEN4_KERNEL_MAX_BYTES);

    /*
     * Page by page until unmapped memory or the bound.  The window runs on
     * past the kernel's end, which the guest does not know of: a page
     * after the first that has no valid PTE or lies beyond the GTT ends
     * it quietly (i915 places objects from the GTT's top down, so a
     * window often reaches past 2 GiB; glmark2's shadow and refract
     * logged that at every draw).  A kernel whose first page is unmapped
     * is the guest's mistake, and logged.
     */
    while (n * 16 < GEN4_KERNEL_MAX_BYTES) {
        uint32_t a = addr + n * 16;
        uint32_t chunk = 4096 - (a & 4095);
        uint64_t phys;

        chunk = MIN(chunk, GEN4_KERNEL_MAX_BYTES - n * 16);
        if ((uint64_t)a + chunk > UINT32_MAX + 1ull ||
            (n && !g45_gtt_translate(s->gtt, a, &phys)) ||
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
            goto found;
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
found:
    /* kept by address too, until the next invalidation */
    if (k->nrecent < GEN4_KERNELS_RECENT) {
        k->recent[k->nrecent].addr = addr;
        k->recent[k->nrecent++].prog = g4_eu_program_ref(p);
    } else {
        g4_eu_program_free(k->recent[k->victim].prog);
        k->recent[k->victim].addr = addr;
        k->recent[k->victim].prog = g4_eu_program_ref(p);
        k->victim = (k->victim + 1) % GEN4_KERNELS_RECENT;
    }
    hwgpu_mutex_unlock(&k->lock);
    g_free(words);
    return p;
}
