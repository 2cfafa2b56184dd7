/*
 * G45 global GTT translation; see include/hwgpu/intel/common/gtt.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <string.h>

#include "hwgpu/intel/common/gtt.h"

void g45_gtt_init(G45Gtt *gtt, const uint32_t *ptes, uint32_t nentries,
                  const HwgpuHost *host)
{
    memset(gtt, 0, sizeof(*gtt));
    gtt->ptes = ptes;
    gtt->nentries = nentries;
    gtt->host = host;
}

bool g45_pte_decode(uint32_t pte, uint64_t *phys)
{
    if (!(pte & G45_PTE_VALID)) {
        return false;
    }
    *phys = (uint64_t)(pte & 0xfffff000u) | ((uint64_t)(pte & 0xf0u) << 28);
    return true;
}

static bool lookup(G45Gtt *gtt, uint64_t gfx_addr, uint64_t *phys)
{
    uint64_t idx = gfx_addr / G45_GTT_PAGE_SIZE;
    uint32_t pte;

    if (idx >= gtt->nentries) {
        return false;
    }
    /* The vCPU may be rewriting the PTE right now: one aligned load. */
    pte = __atomic_load_n(&gtt->ptes[idx], __ATOMIC_RELAXED);
    if (!g45_pte_decode(pte, phys)) {
        return false;
    }
    *phys += gfx_addr % G45_GTT_PAGE_SIZE;
    return true;
}

static void bad_access(G45Gtt *gtt, uint64_t gfx_addr, const char *what)
{
    /* the log policy's rate limit keeps a runaway guest from flooding */
    gtt->bad_accesses++;
    HWGPU_GUEST_ERROR(gtt->host,
                      "intel-g45: GTT %s at graphics address 0x%llx: %s",
                      what, (unsigned long long)gfx_addr,
                      gfx_addr / G45_GTT_PAGE_SIZE >= gtt->nentries ?
                      "beyond the GTT" : "invalid PTE (scratch page)");
}

bool g45_gtt_translate(G45Gtt *gtt, uint64_t gfx_addr, uint64_t *phys)
{
    return lookup(gtt, gfx_addr, phys);
}

void g45_gtt_unmap_all(G45Gtt *gtt)
{
    const HwgpuHost *h = gtt->host;

    for (int i = 0; i < G45_GTT_MAPS; i++) {
        G45GttMap *m = &gtt->maps[i];

        if (m->ptr) {
            h->unmap_page(h->opaque, m->handle, m->written);
            m->ptr = NULL;
        }
    }
}

void g45_gtt_follow_ptes(G45Gtt *gtt, const uint32_t *epoch)
{
    g45_gtt_unmap_all(gtt);
    gtt->pte_epoch = epoch;
    gtt->epoch_seen = epoch ? __atomic_load_n(epoch, __ATOMIC_ACQUIRE) : 0;
}

/* Pages mapped before the last PTE write go back (g45_gtt_stale). */
void g45_gtt_sync(G45Gtt *gtt)
{
    if (g45_gtt_stale(gtt)) {
        uint32_t now = __atomic_load_n(gtt->pte_epoch, __ATOMIC_ACQUIRE);

        g45_gtt_unmap_all(gtt);
        gtt->epoch_seen = now;
    }
}

void g45_gtt_direct(G45Gtt *gtt, bool on)
{
    g45_gtt_unmap_all(gtt);
    gtt->direct = on && gtt->host && gtt->host->map_page &&
                  gtt->host->unmap_page;
}

/* (victim() below: the other way of the set) */
_Static_assert(G45_GTT_WAYS == 2, "two ways");

/* The way a new page of `set` goes to: an empty one, else the one not used
 * last. */
static unsigned victim(const G45Gtt *gtt, unsigned set)
{
    const G45GttMap *m = &gtt->maps[set * G45_GTT_WAYS];

    for (unsigned way = 0; way < G45_GTT_WAYS; way++) {
        if (!m[way].ptr) {
            return way;
        }
    }
    return !gtt->mru[set];
}

/* The mapped page of graphics page `gfx_page`, or NULL: not mapped and not
 * mappable (an invalid PTE, not RAM); the caller takes the DMA path then. */
static G45GttMap *map_page(G45Gtt *gtt, uint64_t gfx_page)
{
    const HwgpuHost *h = gtt->host;
    unsigned set = g45_gtt_map_set(gfx_page), way = victim(gtt, set);
    G45GttMap *m = &gtt->maps[set * G45_GTT_WAYS + way];
    uint64_t phys;
    void *handle;
    uint8_t *ptr;

    if (!lookup(gtt, gfx_page, &phys)) {
        return NULL;
    }
    ptr = h->map_page(h->opaque, phys, &handle);
    if (!ptr) {
        return NULL;
    }
    if (m->ptr) {
        h->unmap_page(h->opaque, m->handle, m->written);
    }
    m->gfx_page = gfx_page;
    m->ptr = ptr;
    m->handle = handle;
    m->written = false;
    gtt->mru[set] = (uint8_t)way;
    gtt->maps_made++;
    return m;
}

/* The page mapped, found in its set or mapped now; or NULL (map_page). */
static G45GttMap *direct_map(G45Gtt *gtt, uint64_t gfx_page)
{
    G45GttMap *m;

    g45_gtt_sync(gtt);
    m = g45_gtt_map_find(gtt, gfx_page);

    return m ? m : map_page(gtt, gfx_page);
}

/* Walk [gfx_addr, gfx_addr + len) page by page; read into `rbuf` or write
 * from `wbuf` (exactly one is non-NULL). */
static bool gtt_copy(G45Gtt *gtt, uint64_t gfx_addr, uint8_t *rbuf,
                     const uint8_t *wbuf, uint64_t len)
{
    const HwgpuHost *h = gtt->host;
    bool all = true;

    while (len) {
        uint64_t n = G45_GTT_PAGE_SIZE - gfx_addr % G45_GTT_PAGE_SIZE;
        uint64_t phys;
        bool ok;

        n = n < len ? n : len;
        if (gtt->direct && !gtt->touch) {
            uint64_t off = gfx_addr % G45_GTT_PAGE_SIZE;
            G45GttMap *m = direct_map(gtt, gfx_addr - off);

            if (m) {
                if (rbuf) {
                    memcpy(rbuf, m->ptr + off, n);
                    rbuf += n;
                } else {
                    memcpy(m->ptr + off, wbuf, n);
                    m->written = true;
                    wbuf += n;
                }
                gfx_addr += n;
                len -= n;
                continue;
            }
        }
        if (gtt->touch) {
            gtt->touch(gtt->touch_opaque,
                       gfx_addr & ~(uint64_t)(G45_GTT_PAGE_SIZE - 1));
        }
        if (!lookup(gtt, gfx_addr, &phys)) {
            bad_access(gtt, gfx_addr, rbuf ? "read" : "write");
            ok = false;
        } else if (rbuf) {
            ok = h->dma_read(h->opaque, phys, rbuf, n);
        } else {
            ok = h->dma_write(h->opaque, phys, wbuf, n);
        }
        if (!ok && rbuf) {
            memset(rbuf, 0, n);   /* the scratch page reads as zeros */
        }
        all &= ok;
        rbuf = rbuf ? rbuf + n : NULL;
        wbuf = wbuf ? wbuf + n : NULL;
        gfx_addr += n;
        len -= n;
    }
    return all;
}

uint8_t *g45_gtt_direct_map_ptr(G45Gtt *gtt, uint64_t gfx_addr,
                                uint32_t len, bool write)
{
    uint64_t off = gfx_addr % G45_GTT_PAGE_SIZE;
    G45GttMap *m;

    if (!gtt->direct || gtt->touch || !len ||
        off + len > G45_GTT_PAGE_SIZE) {
        return NULL;
    }
    /* a PTE written since: everything mapped again (then the page is not
     * in its set, which g45_gtt_direct_ptr searched already) */
    g45_gtt_sync(gtt);
    m = map_page(gtt, gfx_addr - off);
    if (!m) {
        return NULL;
    }
    m->written |= write;
    return m->ptr + off;
}

bool g45_gtt_read(G45Gtt *gtt, uint64_t gfx_addr, void *buf, uint64_t len)
{
    return gtt_copy(gtt, gfx_addr, buf, NULL, len);
}

bool g45_gtt_write(G45Gtt *gtt, uint64_t gfx_addr, const void *buf,
                   uint64_t len)
{
    return gtt_copy(gtt, gfx_addr, NULL, buf, len);
}
