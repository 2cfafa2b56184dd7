/*
 * What the RV770 unit tests share: a device over a fake host with VRAM,
 * and the memory controller with a GART programmed as radeon programs it
 * (rv770_mc_program, rv770_pcie_gart_enable; seed-004.md §4.5 steps 3-4).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef RV770_TEST_H
#define RV770_TEST_H

#include <glib.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-mc.h"
#include "common/fake-host.h"

/* A device with vram_size bytes of VRAM; ram (ram_size bytes) is guest
 * RAM, cleared, and the log too. */
static inline void rv770_test_start(Rv770 *dev, FakeHost *fh, uint8_t *ram,
                                    size_t ram_size, uint32_t vram_size)
{
    static bool ready;

    if (!ready) {
        fake_host_init(fh, ram, ram_size);
        ready = true;
    }
    memset(ram, 0, ram_size);
    fake_host_clear_log(fh);
    g_assert_true(rv770_init(dev, &fh->host, vram_size));
    dev->vram = g_malloc0(vram_size);
}

static inline void rv770_test_end(Rv770 *dev)
{
    g_free(dev->vram);
    rv770_destroy(dev);
}

/* VRAM at MC 0 in the aperture FB_LOCATION `fb` names, and VM context 0
 * over `pages` pages from gtt_start with its table at VRAM `table`. */
static inline void rv770_test_gart(Rv770 *dev, uint32_t fb, uint64_t gtt_start,
                                   unsigned pages, uint32_t table,
                                   uint32_t cntl)
{
    rv770_mmio_write(dev, RV770_MC_VM_FB_LOCATION, fb);
    rv770_mmio_write(dev, RV770_VM_CONTEXT0_PT_START, gtt_start >> 12);
    rv770_mmio_write(dev, RV770_VM_CONTEXT0_PT_END,
                     (gtt_start >> 12) + pages - 1);
    rv770_mmio_write(dev, RV770_VM_CONTEXT0_PT_BASE, table >> 12);
    rv770_mmio_write(dev, RV770_VM_CONTEXT0_CNTL, cntl);
}

/* The GART entry of `page` in the table at VRAM `table`. */
static inline void rv770_test_pte(Rv770 *dev, uint32_t table, unsigned page,
                                  uint64_t pte)
{
    memcpy(dev->vram + table + page * 8, &pte, 8);
}

/* A read-write system page. */
#define RV770_TEST_PTE_SYS(addr) \
    ((uint64_t)(addr) | RV770_PTE_VALID | RV770_PTE_SYSTEM | \
     RV770_PTE_SNOOPED | RV770_PTE_READABLE | RV770_PTE_WRITEABLE)

#endif
