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

#endif
