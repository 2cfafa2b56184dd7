/*
 * Fuzz target: register accesses against the RV770 core through its BARs'
 * view (rv770_mmio_read/write at any offset, MM_INDEX/MM_DATA among
 * them) and through the register file directly, and accesses through
 * the memory controller (rv770-mc.c) with whatever apertures and GART
 * entries those writes and direct VRAM stores set up.  Input: records of
 * 9 bytes (kind, offset:4, value:4).  Nothing may crash or reach outside
 * the register space, VRAM or guest RAM; the window's bounds and every
 * VRAM translation's bounds are the target's invariants.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-mc.h"
#include "common/fake-host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FakeHost fh;

#define VRAM_SIZE (64u << 20)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Rv770 r;
    static int ready;

    if (!ready) {
        fake_host_init(&fh, NULL, 64 * 1024);
        if (!rv770_init(&r, &fh.host, VRAM_SIZE)) {
            __builtin_trap();
        }
        r.vram = calloc(1, VRAM_SIZE);
        if (!r.vram) {
            __builtin_trap();
        }
        ready = 1;
    }
    rv770_reset(&r);
    /* radeon's layout to start from (VRAM at 0, the GART after a 256 MiB
     * aperture, its table at 1 MiB), which the records may change */
    hwgpu_reg_write(&r.regs, RV770_MC_VM_FB_LOCATION, 0x000f0000);
    hwgpu_reg_write(&r.regs, RV770_VM_CONTEXT0_PT_START, 0x10000);
    hwgpu_reg_write(&r.regs, RV770_VM_CONTEXT0_PT_END, 0x10fff);
    hwgpu_reg_write(&r.regs, RV770_VM_CONTEXT0_PT_BASE, 0x100);
    hwgpu_reg_write(&r.regs, RV770_VM_CONTEXT0_FAULT_DEFAULT, 0xf);
    hwgpu_reg_write(&r.regs, RV770_VM_CONTEXT0_CNTL,
                    RV770_VM_ENABLE_CONTEXT | RV770_VM_RANGE_FAULT_DEFAULT);
    for (; size >= 9; data += 9, size -= 9) {
        uint32_t off, val;

        memcpy(&off, data + 1, 4);
        memcpy(&val, data + 5, 4);
        switch (data[0] % 8) {
        case 0:
            /* BAR 2 (64 KiB) and BAR 4 (256 bytes) as QEMU bounds them */
            rv770_mmio_write(&r, off % RV770_MMIO_SIZE, val);
            break;
        case 1:
            (void)rv770_mmio_read(&r, off % RV770_MMIO_SIZE);
            break;
        case 2:
            /* the window: an index anywhere, then data */
            rv770_mmio_write(&r, RV770_MM_INDEX, off);
            rv770_mmio_write(&r, RV770_MM_DATA, val);
            break;
        case 3:
            rv770_mmio_write(&r, RV770_MM_INDEX, off);
            (void)rv770_mmio_read(&r, RV770_MM_DATA);
            break;
        case 5: {
            /* a store into VRAM: page-table entries among others */
            /* half of them into the table's first 32 KiB */
            uint32_t at = off & 1 ? 0x100000 + (off >> 1) % 0x8000
                                  : off % VRAM_SIZE;

            memcpy(r.vram + MIN(at, VRAM_SIZE - 4), &val, 4);
            break;
        }
        case 6: {
            /* an engine's access through the MC, up to 64 bytes */
            /* with bit 30 of the value, inside the GART's 16 MiB */
            uint64_t mc = val & (1u << 30) ? 0x10000000ull + off % 0x1000000
                        : ((uint64_t)(val & 0xffff) << 32) | off;
            uint8_t buf[64] = { 0 };
            Rv770McTarget t;

            rv770_mc_translate(&r, mc, val >> 31, &t);
            if (t.kind == RV770_MC_VRAM &&
                (t.addr >= VRAM_SIZE || t.len > VRAM_SIZE - t.addr)) {
                __builtin_trap();
            }
            if (val >> 31) {
                rv770_mc_write(&r, mc, buf, (val >> 16) % 65);
            } else {
                rv770_mc_read(&r, mc, buf, (val >> 16) % 65);
            }
            break;
        }
        default:
            /* the register file at any offset (past its end: refused) */
            hwgpu_reg_write(&r.regs, off, val);
            (void)hwgpu_reg_read(&r.regs, off ^ val);
            break;
        }
        if (hwgpu_reg_get(&r.regs, RV770_MM_INDEX) & 0x80000003u) {
            __builtin_trap();   /* MM_INDEX keeps only bits 30:2 */
        }
    }
    return 0;
}
