/*
 * Fuzz target: a stream of register accesses and GTT accesses against the
 * G45 register file and GTT module.  Input: records of 9 bytes
 * (kind, offset:4, value:4).  Guest memory is a small bounded buffer.
 */
#include <stdint.h>
#include <string.h>

#include "hwgpu/intel/g45-gtt.h"
#include "hwgpu/intel/g45-regs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define RAM 65536
static uint8_t ram[RAM];
static uint32_t ptes[4096];

static bool rd(void *o, uint64_t a, void *b, size_t n)
{
    if (a >= RAM || n > RAM - a) {
        return false;
    }
    memcpy(b, ram + a, n);
    return true;
}

static bool wr(void *o, uint64_t a, const void *b, size_t n)
{
    if (a >= RAM || n > RAM - a) {
        return false;
    }
    memcpy(ram + a, b, n);
    return true;
}

static const HwgpuHost host = { .dma_read = rd, .dma_write = wr };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static HwgpuRegFile rf;
    static int ready;
    G45Gtt gtt;
    uint8_t buf[8192];

    if (!ready) {
        if (!hwgpu_regfile_init(&rf, "fuzz", g45_reg_table, g45_reg_table_len,
                                G45_MMIO_SIZE, &host, NULL)) {
            __builtin_trap();
        }
        ready = 1;
    }
    hwgpu_regfile_reset(&rf);
    memset(ptes, 0, sizeof(ptes));
    g45_gtt_init(&gtt, ptes, 4096, &host);
    for (; size >= 9; data += 9, size -= 9) {
        uint32_t off, val;

        memcpy(&off, data + 1, 4);
        memcpy(&val, data + 5, 4);
        switch (data[0] % 5) {
        case 0:
            hwgpu_reg_write(&rf, off, val);
            break;
        case 1:
            (void)hwgpu_reg_read(&rf, off);
            break;
        case 2:
            ptes[off % 4096] = val;
            break;
        case 3:
            g45_gtt_read(&gtt, off, buf, val % sizeof(buf));
            break;
        default:
            g45_gtt_write(&gtt, ((uint64_t)val << 32) | off, buf,
                          val % sizeof(buf));
            break;
        }
    }
    return 0;
}
