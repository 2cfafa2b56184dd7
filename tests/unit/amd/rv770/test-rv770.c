/*
 * The RV770 core (hw/amd/rv770/rv770.c): the MM_INDEX/MM_DATA window over
 * the register space as radeon's r100_mm_rreg/wreg use it, its bounds,
 * CONFIG_MEMSIZE, and every command table of the generated AtomBIOS
 * image run against the device's own register file: none may touch a
 * register the device does not have.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/amd/common/atom.h"
#include "hwgpu/amd/rv770/rv770.h"
#include "hwgpu/amd/rv770/rv770-cp.h"
#include "common/fake-host.h"
#include "rv770-atombios.h"

static FakeHost fh;
static Rv770 dev;

static void setup(void)
{
    static bool ready;

    if (!ready) {
        fake_host_init(&fh, NULL, 4096);
        ready = true;
    }
    fake_host_clear_log(&fh);
    g_assert_true(rv770_init(&dev, &fh.host, 256u << 20));
}

static void test_mm_window(void)
{
    setup();
    /* a register past the 64 KiB BAR, through the window */
    rv770_mmio_write(&dev, RV770_MM_INDEX, RV770_SCRATCH_REG0 + 4);
    rv770_mmio_write(&dev, RV770_MM_DATA, 0x12345678);
    g_assert_cmphex(hwgpu_reg_get(&dev.regs, RV770_SCRATCH_REG0 + 4), ==,
                    0x12345678);
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_MM_DATA), ==, 0x12345678);
    /* and directly, as the BAR reaches it */
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_SCRATCH_REG0 + 4), ==,
                    0x12345678);
    /* the 3D state through the window: the CP's SET_* storage */
    rv770_mmio_write(&dev, RV770_MM_INDEX, RV770_REG_SPACE - 4);
    rv770_mmio_write(&dev, RV770_MM_DATA, 0xabcd0123);
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_MM_DATA), ==, 0xabcd0123);
    g_assert_cmphex(dev.cp.state[RV770_STATE_DWORDS - 1], ==, 0xabcd0123);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_UNIMP), ==, 0);
    /* a register the device lacks: reads 0, logged once */
    rv770_mmio_write(&dev, RV770_MM_INDEX, RV770_STATE_START - 4);
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_MM_DATA), ==, 0);
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_MM_DATA), ==, 0);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_UNIMP), ==, 1);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 0);
    rv770_destroy(&dev);
}

/* MM_INDEX past the space, or naming MM_DATA itself: refused, logged. */
static void test_mm_window_bounds(void)
{
    setup();
    rv770_mmio_write(&dev, RV770_MM_INDEX, RV770_REG_SPACE);
    rv770_mmio_write(&dev, RV770_MM_DATA, 0xdeadbeef);
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_MM_DATA), ==, 0);
    rv770_mmio_write(&dev, RV770_MM_INDEX, RV770_MM_DATA);
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_MM_DATA), ==, 0);
    rv770_mmio_write(&dev, RV770_MM_DATA, 1);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 4);
    /* bit 31 and the low bits of MM_INDEX do not stick */
    rv770_mmio_write(&dev, RV770_MM_INDEX, 0xffffffff);
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_MM_INDEX), ==, 0x7ffffffc);
    rv770_destroy(&dev);
}

/* The card reads as posted: CONFIG_MEMSIZE holds the VRAM size. */
static void test_memsize(void)
{
    setup();
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_CONFIG_MEMSIZE), ==,
                    256u << 20);
    rv770_mmio_write(&dev, RV770_CONFIG_MEMSIZE, 0);
    g_assert_cmphex(rv770_mmio_read(&dev, RV770_CONFIG_MEMSIZE), ==,
                    256u << 20);
    g_assert_cmphex(HWGPU_RV770_ATOMBIOS_VRAM_BYTES, ==, 256u << 20);
    rv770_destroy(&dev);
}

/* ATOM's register space is dword indices (radeon's cail_reg_read). */
static uint32_t dev_reg_read(void *opaque, uint32_t index)
{
    return rv770_mmio_read(opaque, index * 4);
}

static void dev_reg_write(void *opaque, uint32_t index, uint32_t val)
{
    rv770_mmio_write(opaque, index * 4, val);
}

static const HwgpuAtomOps dev_ops = {
    .reg_read = dev_reg_read,
    .reg_write = dev_reg_write,
};

static void test_atombios_tables(void)
{
    HwgpuAtom *a = g_new0(HwgpuAtom, 1);
    unsigned ran = 0;

    setup();
    g_assert_cmpint(hwgpu_atom_init(a, hwgpu_rv770_atombios,
                                    sizeof(hwgpu_rv770_atombios), &dev_ops,
                                    &dev), ==, HWGPU_ATOM_OK);
    for (int i = 0; i < HWGPU_ATOM_CMD_COUNT; i++) {
        uint16_t size, off;
        uint8_t frev, crev, ws, ps;
        uint32_t params[16] = { 0 };

        if (!hwgpu_atom_cmd_header(a, i, &size, &frev, &crev, &ws, &ps,
                                   &off)) {
            continue;
        }
        /* ASIC_Init's clocks: FirmwareInfo's defaults */
        params[0] = HWGPU_RV770_ATOMBIOS_DEFAULT_SCLK;
        params[1] = HWGPU_RV770_ATOMBIOS_DEFAULT_MCLK;
        g_assert_cmpint(hwgpu_atom_execute(a, i, params, 16), ==,
                        HWGPU_ATOM_OK);
        ran++;
    }
    g_test_message("%u command tables ran", ran);
    g_assert_cmpuint(ran, >=, 20);
    /* every register the tables touched is one the device has */
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_UNIMP), ==, 0);
    g_assert_cmpuint(fake_host_nlogs(&fh, HWGPU_LOG_GUEST_ERROR), ==, 0);
    g_free(a);
    rv770_destroy(&dev);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/rv770/mm-window", test_mm_window);
    g_test_add_func("/rv770/mm-window-bounds", test_mm_window_bounds);
    g_test_add_func("/rv770/memsize", test_memsize);
    g_test_add_func("/rv770/atombios-tables", test_atombios_tables);
    return g_test_run();
}
