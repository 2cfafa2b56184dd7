/*
 * Fuzz target: a stream of register accesses, GTT accesses and clock steps
 * against the G45 core (register file, GTT, display engine, GMBUS).  Input: records of 9 bytes
 * (kind, offset:4, value:4).  Guest memory is a small bounded buffer.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <string.h>

#include "hwgpu/intel/g45/g45.h"
#include "common/fake-host.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RAM 65536
static uint8_t ram[RAM];
static uint32_t ptes[4096];

static FakeHost fh;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static G45 g;
    static int ready;
    HwgpuRegFile *rf = &g.regs;
    G45Gtt *gtt = &g.gtt;
    G45Scanout so;
    uint8_t buf[8192];

    if (!ready) {
        fake_host_init(&fh, ram, RAM);
        if (!g45_init(&g, &fh.host, ptes, 4096)) {
            __builtin_trap();
        }
        ready = 1;
    }
    fake_host_set_clock(&fh, 0);
    g45_reset(&g);
    memset(ptes, 0, sizeof(ptes));
    for (; size >= 9; data += 9, size -= 9) {
        uint32_t off, val;

        memcpy(&off, data + 1, 4);
        memcpy(&val, data + 5, 4);
        switch (data[0] % 7) {
        case 0:
            hwgpu_reg_write(rf, off, val);
            break;
        case 1:
            (void)hwgpu_reg_read(rf, off);
            break;
        case 5:
            /* time passes: vblanks, latches, interrupts */
            fake_host_advance(&fh, val);
            g45_display_sync(&g.disp, fake_host_now(&fh));
            (void)g45_display_next_event(&g.disp, fake_host_now(&fh));
            break;
        case 6:
            (void)g45_display_scanout(&g.disp, off & 1, &so);
            break;
        case 2:
            ptes[off % 4096] = val;
            break;
        case 3:
            g45_gtt_read(gtt, off, buf, val % sizeof(buf));
            break;
        default:
            g45_gtt_write(gtt, ((uint64_t)val << 32) | off, buf,
                          val % sizeof(buf));
            break;
        }
    }
    return 0;
}
