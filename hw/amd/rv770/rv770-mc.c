/*
 * The RV770's memory controller; see include/hwgpu/amd/rv770/rv770-mc.h.
 *
 * An MC address is looked up in this order (seed-004.md §4.5 steps 3-4):
 *   1. MC_VM_FB_LOCATION: [start, end] in 16 MiB units (bits 15:0 and
 *      31:16 hold address >> 24); inside it, VRAM at the offset from
 *      start, if VRAM is that large.
 *   2. VM context 0 when VM_CONTEXT0_CNTL enables it: pages
 *      PAGE_TABLE_START_ADDR .. PAGE_TABLE_END_ADDR (inclusive, in 4 KiB
 *      pages) through the flat table at PAGE_TABLE_BASE_ADDR << 12 (an MC
 *      address in VRAM), one 64-bit PTE per page.  A valid PTE with the
 *      access's permission names a system page (SYSTEM set) or an MC page
 *      (looked up in the FB aperture only).
 *   3. Anything else faults.
 * A fault goes to the page at VM_CONTEXT0_PROTECTION_FAULT_DEFAULT_ADDR
 * << 12 (a system page: radeon points it at its dummy page) when the
 * context enables RANGE_PROTECTION_FAULT_ENABLE_DEFAULT, and nowhere
 * otherwise.  The translation reads the PTE at every access: there is no
 * TLB to go stale, so the invalidation handshake (VM_CONTEXT0_REQUEST_
 * RESPONSE) completes at once.  AGP and the system aperture registers
 * hold what radeon writes; radeon leaves AGP empty on PCIe boards.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-mc.h"

#define PAGE        4096u

static uint32_t reg(Rv770 *r, uint32_t off)
{
    return hwgpu_reg_get(&r->regs, off);
}

/* Step 1: the FB aperture.  True when MC falls inside it. */
static bool fb_lookup(Rv770 *r, uint64_t mc, Rv770McTarget *t)
{
    uint32_t loc = reg(r, RV770_MC_VM_FB_LOCATION);
    uint64_t start = (uint64_t)(loc & 0xffff) << 24;
    uint64_t end = ((uint64_t)(loc >> 16) << 24) | 0xffffff;
    uint64_t off;

    if (mc < start || mc > end) {
        return false;
    }
    off = mc - start;
    if (off >= r->vram_size) {
        /* inside the aperture, past the memory: nothing answers */
        t->kind = RV770_MC_NONE;
        t->addr = 0;
        t->len = (uint32_t)MIN(end - mc + 1, PAGE - (mc & (PAGE - 1)));
        t->fault = true;
        return true;
    }
    t->kind = RV770_MC_VRAM;
    t->addr = off;
    t->len = (uint32_t)MIN(r->vram_size - off, 0x80000000ull);
    t->fault = false;
    return true;
}

static void fault(Rv770 *r, uint64_t mc, Rv770McTarget *t)
{
    uint32_t cntl = reg(r, RV770_VM_CONTEXT0_CNTL);

    t->fault = true;
    t->len = PAGE - (uint32_t)(mc & (PAGE - 1));
    if ((cntl & RV770_VM_ENABLE_CONTEXT) &&
        (cntl & RV770_VM_RANGE_FAULT_DEFAULT)) {
        t->kind = RV770_MC_SYSTEM;
        t->addr = ((uint64_t)reg(r, RV770_VM_CONTEXT0_FAULT_DEFAULT) << 12) +
                  (mc & (PAGE - 1));
    } else {
        t->kind = RV770_MC_NONE;
        t->addr = 0;
    }
}

void rv770_mc_translate(Rv770 *r, uint64_t mc, bool write, Rv770McTarget *t)
{
    uint32_t cntl = reg(r, RV770_VM_CONTEXT0_CNTL);
    uint64_t page = (mc & RV770_MC_ADDR_MASK) >> 12;
    uint64_t start = reg(r, RV770_VM_CONTEXT0_PT_START) & 0x0fffffff;
    uint64_t end = reg(r, RV770_VM_CONTEXT0_PT_END) & 0x0fffffff;
    uint64_t pte_mc, pte = 0;
    Rv770McTarget pt;

    if (mc > RV770_MC_ADDR_MASK) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: MC address 0x%llx is "
                          "past 40 bits", (unsigned long long)mc);
        fault(r, mc, t);
        return;
    }
    if (fb_lookup(r, mc, t)) {
        if (t->fault) {
            HWGPU_GUEST_ERROR(r->host, "radeon-rv770: MC address 0x%llx "
                              "is in the FB aperture past the %llu MiB of "
                              "VRAM", (unsigned long long)mc,
                              (unsigned long long)(r->vram_size >> 20));
        }
        return;
    }
    if (!(cntl & RV770_VM_ENABLE_CONTEXT) || page < start || page > end) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: MC address 0x%llx is in "
                          "no aperture (FB_LOCATION 0x%08x, GART pages "
                          "0x%llx-0x%llx%s)", (unsigned long long)mc,
                          reg(r, RV770_MC_VM_FB_LOCATION),
                          (unsigned long long)start, (unsigned long long)end,
                          (cntl & RV770_VM_ENABLE_CONTEXT) ? "" :
                          ", context 0 off");
        fault(r, mc, t);
        return;
    }
    if (RV770_VM_PAGE_TABLE_DEPTH(cntl) != 0) {
        HWGPU_UNIMP(r->host, "radeon-rv770: VM context 0 page table depth "
                    "%u (only the flat table is modelled)",
                    RV770_VM_PAGE_TABLE_DEPTH(cntl));
        fault(r, mc, t);
        return;
    }
    /* the PTE, in VRAM through the FB aperture */
    pte_mc = ((uint64_t)reg(r, RV770_VM_CONTEXT0_PT_BASE) << 12) +
             (page - start) * 8;
    if (!fb_lookup(r, pte_mc, &pt) || pt.fault || pt.len < 8 || !r->vram) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: the GART entry of MC "
                          "address 0x%llx is at 0x%llx, outside VRAM",
                          (unsigned long long)mc,
                          (unsigned long long)pte_mc);
        fault(r, mc, t);
        return;
    }
    for (int i = 7; i >= 0; i--) {
        pte = (pte << 8) | r->vram[pt.addr + i];
    }
    if (!(pte & RV770_PTE_VALID) ||
        !(pte & (write ? RV770_PTE_WRITEABLE : RV770_PTE_READABLE))) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: GART %s of MC address "
                          "0x%llx: the entry 0x%016llx %s",
                          write ? "write" : "read", (unsigned long long)mc,
                          (unsigned long long)pte,
                          !(pte & RV770_PTE_VALID) ? "is not valid" :
                          write ? "is not writeable" : "is not readable");
        fault(r, mc, t);
        return;
    }
    if (pte & RV770_PTE_SYSTEM) {
        t->kind = RV770_MC_SYSTEM;
        t->addr = (pte & RV770_PTE_ADDR) | (mc & (PAGE - 1));
        t->len = PAGE - (uint32_t)(mc & (PAGE - 1));
        t->fault = false;
        return;
    }
    /* a local page: its MC address, in the FB aperture */
    if (!fb_lookup(r, (pte & RV770_PTE_ADDR) | (mc & (PAGE - 1)), t) ||
        t->fault) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: GART entry 0x%016llx of "
                          "MC address 0x%llx names a local page outside "
                          "VRAM", (unsigned long long)pte,
                          (unsigned long long)mc);
        fault(r, mc, t);
        return;
    }
    t->len = MIN(t->len, PAGE - (uint32_t)(mc & (PAGE - 1)));
}

static bool mc_access(Rv770 *r, uint64_t mc, uint8_t *buf, size_t len,
                      bool write)
{
    bool ok = true;

    while (len) {
        Rv770McTarget t;
        size_t n;

        rv770_mc_translate(r, mc, write, &t);
        n = MIN(len, (size_t)t.len);
        ok &= !t.fault;
        switch (t.kind) {
        case RV770_MC_VRAM:
            if (write) {
                memcpy(r->vram + t.addr, buf, n);
                if (r->host->local_written) {
                    r->host->local_written(r->host->opaque, t.addr, n);
                }
            } else {
                memcpy(buf, r->vram + t.addr, n);
            }
            break;
        case RV770_MC_SYSTEM:
            if (write) {
                ok &= r->host->dma_write(r->host->opaque, t.addr, buf, n);
            } else {
                ok &= r->host->dma_read(r->host->opaque, t.addr, buf, n);
            }
            break;
        case RV770_MC_NONE:
            if (!write) {
                memset(buf, 0, n);
            }
            break;
        }
        mc += n;
        buf += n;
        len -= n;
    }
    return ok;
}

bool rv770_mc_read(Rv770 *r, uint64_t mc, void *buf, size_t len)
{
    return mc_access(r, mc, buf, len, false);
}

bool rv770_mc_write(Rv770 *r, uint64_t mc, const void *buf, size_t len)
{
    return mc_access(r, mc, (uint8_t *)buf, len, true);
}

void rv770_mc_read_ring(Rv770 *r, uint64_t base, uint32_t size, uint32_t pos,
                        void *buf, uint32_t len)
{
    uint32_t first;

    pos &= size - 1;
    first = MIN(len, size - pos);
    rv770_mc_read(r, base + pos, buf, first);
    if (first < len) {
        rv770_mc_read(r, base, (uint8_t *)buf + first, len - first);
    }
}

/*
 * VM_CONTEXT0_REQUEST_RESPONSE: a request (REQUEST_TYPE, bits 3:0) is
 * answered in RESPONSE_TYPE (bits 7:4): done (1) for the invalidations
 * radeon asks for (1; the old UMS path uses 2), failed (2) for anything
 * else.  With no TLB there is nothing to drop.
 */
void rv770_mc_request_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                            uint32_t old, uint32_t val)
{
    Rv770 *r = dev;
    uint32_t req = RV770_VM_REQUEST_TYPE(val);

    if (!req) {
        hwgpu_reg_set(rf, offset, 0);
        return;
    }
    if (req != 1 && req != 2) {
        HWGPU_GUEST_ERROR(r->host, "radeon-rv770: VM context 0 request "
                          "type %u is not an invalidation", req);
    }
    hwgpu_reg_set(rf, offset, req | ((req == 1 || req == 2) ?
                  RV770_VM_RESPONSE_DONE : RV770_VM_RESPONSE_FAIL));
}

/* VM_L2_CNTL2: INVALIDATE_ALL_L1_TLBS and INVALIDATE_L2_CACHE act and
 * read back 0. */
void rv770_mc_l2_cntl2_write(void *dev, HwgpuRegFile *rf, uint32_t offset,
                             uint32_t old, uint32_t val)
{
    hwgpu_reg_set(rf, offset, val & ~3u);
}
