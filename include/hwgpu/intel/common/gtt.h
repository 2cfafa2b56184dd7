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

/* Pages a direct-access GTT keeps mapped at once (g45_gtt_direct). */
#define G45_GTT_MAPS        64

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
    G45GttMap maps[G45_GTT_MAPS];
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
 * A host pointer to [gfx_addr, gfx_addr + len) when the range lies in one
 * page that direct access reaches (no observer, a valid PTE to RAM), the
 * page then counting as written when `write`; NULL otherwise, and the
 * caller takes g45_gtt_read/_write.  Valid until the next access through
 * the view maps another page into its slot, or until unmap.
 */
uint8_t *g45_gtt_direct_map_ptr(G45Gtt *gtt, uint64_t gfx_addr,
                                uint32_t len, bool write);

static inline uint8_t *g45_gtt_direct_ptr(G45Gtt *gtt, uint64_t gfx_addr,
                                          uint32_t len, bool write)
{
    uint64_t off = gfx_addr % G45_GTT_PAGE_SIZE, page = gfx_addr - off;
    G45GttMap *m = &gtt->maps[(page / G45_GTT_PAGE_SIZE) % G45_GTT_MAPS];

    /* the page already mapped in its slot: the per-pixel case, inline */
    if (m->ptr && m->gfx_page == page && gtt->direct && !gtt->touch &&
        len && off + len <= G45_GTT_PAGE_SIZE) {
        m->written |= write;
        return m->ptr + off;
    }
    return g45_gtt_direct_map_ptr(gtt, gfx_addr, len, write);
}

#endif
