/*
 * G45 global GTT: translation of graphics addresses to guest-physical
 * addresses through the PTE array that the guest writes in BAR0 + 2 MiB.
 *
 * PTE format (Gen4, 32-bit): bit 0 valid; bits 31:12 physical address bits
 * 31:12; bits 7:4 physical address bits 35:32 (see intel-i915-probe.md 2.1).
 * Every access by the device to graphics memory goes through here: an
 * invalid PTE or an address beyond the GTT reads as zeros and drops writes
 * (the hardware's scratch-page behaviour), with a logged guest error; it
 * never reaches host memory the guest does not own.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_GTT_H
#define HWGPU_INTEL_G45_GTT_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/host.h"

#define G45_GTT_PAGE_SIZE   4096u
#define G45_PTE_VALID       (1u << 0)

/*
 * Pages a direct-access GTT keeps mapped at once (g45_gtt_direct): sets of
 * two, a page in the set its page number picks, the set's least recently
 * used page replaced.  (One page a set, two vertex buffers whose pages
 * fell in the same one took turns: two maps a vertex in glmark2's build.)
 */
#define G45_GTT_MAPS        64
#define G45_GTT_WAYS        2
#define G45_GTT_SETS        (G45_GTT_MAPS / G45_GTT_WAYS)

typedef struct G45GttMap {
    uint64_t gfx_page;          /* graphics address of the page */
    uint8_t *ptr;               /* NULL: slot empty */
    void *handle;               /* the host's (HwgpuHost.map_page) */
    bool written;
} G45GttMap;

typedef struct G45Gtt {
    const uint32_t *ptes;   /* the guest-written PTE array (little-endian) */
    uint32_t nentries;
    const HwgpuHost *host;
    uint64_t bad_accesses;  /* accesses that hit invalid PTEs or no PTE */
    /*
     * An observer told of every page before it is read or written
     * (graphics address of the page), mapped or not: the 3D capture
     * (gen4-capture.c) records pages this way.  NULL: none.
     */
    void (*touch)(void *opaque, uint64_t page_addr);
    void *touch_opaque;
    /*
     * Direct access (g45_gtt_direct): pages reached through
     * HwgpuHost.map_page and kept mapped until g45_gtt_unmap_all, so that
     * per-pixel accesses are a copy, not a DMA each.  One thread only.
     */
    bool direct;
    /*
     * A count the PTE array's writer raises after each PTE write (NULL:
     * none; the device's, shared by every view of its GTT): pages mapped
     * before it changed are given back (g45_gtt_sync, or the next page
     * mapped) and mapped again through the PTEs of now.  A long draw of
     * garbage state can reach pages i915 unbinds and frees meanwhile; it
     * must not keep writing into them.
     */
    const uint32_t *pte_epoch;
    uint32_t epoch_seen;
    G45GttMap maps[G45_GTT_MAPS];   /* set k: maps[2k], maps[2k + 1] */
    uint8_t mru[G45_GTT_SETS];      /* each set's last used way */
    uint64_t maps_made;
} G45Gtt;

void g45_gtt_init(G45Gtt *gtt, const uint32_t *ptes, uint32_t nentries,
                  const HwgpuHost *host);

/* The guest-physical address a PTE maps, or false when invalid. */
bool g45_pte_decode(uint32_t pte, uint64_t *phys);

/* Translate one graphics address; false when unmapped or out of range. */
bool g45_gtt_translate(G45Gtt *gtt, uint64_t gfx_addr, uint64_t *phys);

/*
 * Copy between graphics memory and a buffer, page by page.  Unmapped pages
 * read as zeros and ignore writes.  Returns true when every byte was mapped
 * and reached guest RAM.
 */
bool g45_gtt_read(G45Gtt *gtt, uint64_t gfx_addr, void *buf, uint64_t len);
bool g45_gtt_write(G45Gtt *gtt, uint64_t gfx_addr, const void *buf,
                   uint64_t len);

/*
 * Direct access on or off (off unmaps everything).  Only for a GTT view
 * used by one thread, whose user calls g45_gtt_unmap_all at the end of
 * every command: the PTEs are read when a page is first mapped, and the
 * host learns of the writes at unmap.  A capture (`touch`) turns it off in
 * effect: every access must be seen.
 */
void g45_gtt_direct(G45Gtt *gtt, bool on);
void g45_gtt_unmap_all(G45Gtt *gtt);

/*
 * Direct access follows the PTE writes counted at *epoch (see above):
 * checked when a page is mapped and at g45_gtt_sync, which the 3D
 * pipeline calls after each EU thread (not per pixel: a page mapped stays
 * in use until then).
 */
void g45_gtt_follow_ptes(G45Gtt *gtt, const uint32_t *epoch);
void g45_gtt_sync(G45Gtt *gtt);

/* A PTE was written since the view's pages were mapped. */
static inline bool g45_gtt_stale(const G45Gtt *gtt)
{
    return gtt->pte_epoch &&
           __atomic_load_n(gtt->pte_epoch, __ATOMIC_ACQUIRE) !=
           gtt->epoch_seen;
}

/*
 * A host pointer to [gfx_addr, gfx_addr + len) when the range lies in one
 * page that direct access reaches (no observer, a valid PTE to RAM), the
 * page then counting as written when `write`; NULL otherwise, and the
 * caller takes g45_gtt_read/_write.  Valid until the next access through
 * the view maps another page into its slot (one of its set's two: a
 * pointer just returned survives one other page's mapping), or until
 * unmap.  Callers use g45_gtt_direct_ptr(); this is its slow half, which
 * maps the page, the set having been searched (g45_gtt_map_find).
 */
uint8_t *g45_gtt_direct_map_ptr(G45Gtt *gtt, uint64_t gfx_addr,
                                uint32_t len, bool write);

/* The set graphics page `page` (an address) maps into. */
static inline unsigned g45_gtt_map_set(uint64_t page)
{
    return (page / G45_GTT_PAGE_SIZE) % G45_GTT_SETS;
}

/*
 * The way of `page`'s set that holds it, made the set's most recently used
 * (stored only when that changes: this runs per pixel and per texel), or
 * NULL.
 */
static inline G45GttMap *g45_gtt_map_find(G45Gtt *gtt, uint64_t page)
{
    unsigned set = g45_gtt_map_set(page);
    G45GttMap *m = &gtt->maps[set * G45_GTT_WAYS];

    for (unsigned w = 0; w < G45_GTT_WAYS; w++) {
        if (m[w].ptr && m[w].gfx_page == page) {
            if (gtt->mru[set] != w) {
                gtt->mru[set] = (uint8_t)w;
            }
            return &m[w];
        }
    }
    return NULL;
}

static inline uint8_t *g45_gtt_direct_ptr(G45Gtt *gtt, uint64_t gfx_addr,
                                          uint32_t len, bool write)
{
    uint64_t off = gfx_addr % G45_GTT_PAGE_SIZE;

    /* the page already mapped in its set: the per-pixel case, inline */
    if (gtt->direct && !gtt->touch && len &&
        off + len <= G45_GTT_PAGE_SIZE) {
        G45GttMap *m = g45_gtt_map_find(gtt, gfx_addr - off);

        if (m) {
            m->written |= write;
            return m->ptr + off;
        }
    }
    return g45_gtt_direct_map_ptr(gtt, gfx_addr, len, write);
}

#endif
