/*
 * Fuzz target: register accesses against the RV770 core through its BARs'
 * view (rv770_mmio_read/write at any offset, MM_INDEX/MM_DATA among
 * them) and through the register file directly.  Input: records of 9
 * bytes (kind, offset:4, value:4).  Nothing may crash or reach outside
 * the register space; the window's bounds are the target's invariant.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <string.h>

#include "hwgpu/amd/rv770/rv770.h"
#include "common/fake-host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FakeHost fh;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Rv770 r;
    static int ready;

    if (!ready) {
        fake_host_init(&fh, NULL, 4096);
        if (!rv770_init(&r, &fh.host, 256u << 20)) {
            __builtin_trap();
        }
        ready = 1;
    }
    rv770_reset(&r);
    for (; size >= 9; data += 9, size -= 9) {
        uint32_t off, val;

        memcpy(&off, data + 1, 4);
        memcpy(&val, data + 5, 4);
        switch (data[0] % 5) {
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
