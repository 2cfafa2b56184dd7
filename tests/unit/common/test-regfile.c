/*
 * Unit tests of the table-driven register file and the G45 table.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/common/regfile.h"
#include "hwgpu/intel/g45/g45.h"
#include "common/fake-host.h"

static FakeHost fh;
static const HwgpuHost *host = &fh.host;

static int hook_calls;
static void record_write(void *dev, HwgpuRegFile *rf, uint32_t off,
                         uint32_t old, uint32_t val)
{
    hook_calls++;
    g_assert_cmphex(old, ==, 0x00ff);
    g_assert_cmphex(val, ==, 0x0f0f);
}

static const HwgpuRegDesc tbl[] = {
    { .offset = 0x0, .name = "A", .reset = 0x00ff, .wmask = 0xffff,
      .write = record_write },
    { .offset = 0x4, .name = "RO", .reset = 0x1234 },
    { .offset = 0x8, .name = "W1C", .reset = 0xff, .w1c = 0xff },
    { .offset = 0xc, .name = "M", .wmask = 0xffff, .flags = HWGPU_REG_MASKED },
};

static void test_semantics(void)
{
    HwgpuRegFile rf;

    g_assert_true(hwgpu_regfile_init(&rf, "t", tbl, G_N_ELEMENTS(tbl), 64,
                                     host, NULL));
    g_assert_cmphex(hwgpu_reg_read(&rf, 0x0), ==, 0x00ff);
    hwgpu_reg_write(&rf, 0x0, 0xffff0f0f);   /* bits 31:16 not writable */
    g_assert_cmpint(hook_calls, ==, 1);
    g_assert_cmphex(hwgpu_reg_read(&rf, 0x0), ==, 0x0f0f);
    hwgpu_reg_write(&rf, 0x4, 0);
    g_assert_cmphex(hwgpu_reg_read(&rf, 0x4), ==, 0x1234);
    hwgpu_reg_write(&rf, 0x8, 0x0f);
    g_assert_cmphex(hwgpu_reg_read(&rf, 0x8), ==, 0xf0);
    hwgpu_reg_write(&rf, 0xc, 0x00050007);
    g_assert_cmphex(hwgpu_reg_read(&rf, 0xc), ==, 0x5);
    hwgpu_reg_write(&rf, 0xc, 0x00040000);
    g_assert_cmphex(hwgpu_reg_read(&rf, 0xc), ==, 0x1);
    /* sub-dword offsets address the containing register */
    g_assert_cmphex(hwgpu_reg_read(&rf, 0x6), ==, 0x1234);
    hwgpu_regfile_reset(&rf);
    g_assert_cmphex(hwgpu_reg_read(&rf, 0x0), ==, 0x00ff);
    hwgpu_regfile_destroy(&rf);
}

static void test_unknown_logged_once(void)
{
    HwgpuRegFile rf;

    fake_host_clear_log(&fh);
    g_assert_true(hwgpu_regfile_init(&rf, "t", tbl, G_N_ELEMENTS(tbl), 64,
                                     host, NULL));
    hwgpu_reg_write(&rf, 0x20, 0xdead);
    g_assert_cmphex(hwgpu_reg_read(&rf, 0x20), ==, 0);
    hwgpu_reg_write(&rf, 0x20, 0xbeef);
    g_assert_cmpint(fake_host_nlogs_total(&fh), ==, 1);
    g_assert_nonnull(strstr(fake_host_last_log(&fh), "0x00020"));
    /* outside the file: nothing stored, nothing logged, no crash */
    hwgpu_reg_write(&rf, 0xfffffffc, 1);
    g_assert_cmphex(hwgpu_reg_read(&rf, 0x40), ==, 0);
    g_assert_cmphex(hwgpu_reg_get(&rf, 0x1000), ==, 0);
    hwgpu_reg_set(&rf, 0x1000, 5);
    hwgpu_regfile_destroy(&rf);
}

static void test_bad_tables(void)
{
    static const HwgpuRegDesc dup[] = { { .offset = 4 }, { .offset = 4 } };
    static const HwgpuRegDesc unaligned[] = { { .offset = 2 } };
    static const HwgpuRegDesc outside[] = { { .offset = 64 } };
    HwgpuRegFile rf;

    g_assert_false(hwgpu_regfile_init(&rf, "t", dup, 2, 64, host, NULL));
    g_assert_false(hwgpu_regfile_init(&rf, "t", unaligned, 1, 64, host, NULL));
    g_assert_false(hwgpu_regfile_init(&rf, "t", outside, 1, 64, host, NULL));
}

static void test_g45_table(void)
{
    static uint32_t ptes[16];
    static G45 g;
    HwgpuRegFile *rfp = &g.regs;
#define rf (*rfp)

    g_assert_true(g45_init(&g, host, ptes, 16));
    for (unsigned i = 0; i < g45_reg_table_len; i++) {
        g_assert_nonnull(g45_reg_table[i].name);
        g_assert_true(hwgpu_reg_desc(&rf, g45_reg_table[i].offset) ==
                      &g45_reg_table[i]);
    }
    g_assert_cmphex(hwgpu_reg_read(&rf, G45_IMR), ==, 0xffffffff);
    hwgpu_reg_write(&rf, G45_PIPEBCONF, G45_PIPECONF_ENABLE);
    g_assert_cmphex(hwgpu_reg_read(&rf, G45_PIPEBCONF), ==,
                    G45_PIPECONF_ENABLE | G45_PIPECONF_STATE);
    g45_destroy(&g);
#undef rf
}

/* Random offsets and values: defined results, no out-of-bounds access. */
static void test_random(void)
{
    static uint32_t ptes[16];
    static G45 g;
    HwgpuRegFile *rf = &g.regs;
    GRand *r = g_rand_new_with_seed(45);

    g_assert_true(g45_init(&g, host, ptes, 16));
    for (int i = 0; i < 200000; i++) {
        uint32_t off = g_rand_int(r) % (G45_MMIO_SIZE * 2);
        hwgpu_reg_write(rf, off, g_rand_int(r));
        (void)hwgpu_reg_read(rf, g_rand_int(r));
    }
    g_rand_free(r);
    g45_destroy(&g);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    fake_host_init(&fh, NULL, 0);
    g_test_add_func("/regfile/semantics", test_semantics);
    g_test_add_func("/regfile/unknown-logged-once", test_unknown_logged_once);
    g_test_add_func("/regfile/bad-tables", test_bad_tables);
    g_test_add_func("/regfile/g45-table", test_g45_table);
    g_test_add_func("/regfile/random", test_random);
    return g_test_run();
}
