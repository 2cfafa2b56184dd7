/*
 * Unit tests of the shared DDC (hw/common/ddc.c): the EDID EEPROM and the
 * E-DDC segment pointer read through the bit-banged I2C slave by a
 * bit-banging master, addresses nobody answers, an unplugged monitor, and
 * random line toggling that leaves the slave in a state it can be in.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/common/ddc.h"
#include "common/i2c-master.h"

typedef struct Bus {
    HwgpuDdc ddc;
    HwgpuI2cBitbang slave;
    bool sda;
} Bus;

static void bus_lines(void *opaque, bool scl, bool sda)
{
    Bus *b = opaque;

    b->sda = hwgpu_i2c_bitbang_set(&b->slave, &b->ddc, scl, sda);
}

static bool bus_sda(void *opaque)
{
    return ((Bus *)opaque)->sda;
}

static void bus_init(Bus *b, I2cMaster *m, const uint8_t *edid, size_t len)
{
    memset(b, 0, sizeof(*b));
    hwgpu_ddc_set_edid(&b->ddc, edid, len);
    hwgpu_i2c_bitbang_reset(&b->slave);
    b->sda = true;
    *m = (I2cMaster){ bus_lines, bus_sda, b };
}

static void fill(uint8_t *edid, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        edid[i] = (uint8_t)(i * 7 + 3);
    }
}

static void test_edid_read(void)
{
    Bus b;
    I2cMaster m;
    uint8_t edid[384], buf[128];

    fill(edid, sizeof(edid));
    bus_init(&b, &m, edid, sizeof(edid));
    g_assert_true(i2c_m_edid(&m, 0, 0, buf, 128));
    g_assert_cmpmem(buf, 128, edid, 128);
    /* the second half of segment 0, from its own offset */
    g_assert_true(i2c_m_edid(&m, 0, 128, buf, 128));
    g_assert_cmpmem(buf, 128, edid + 128, 128);
    /* segment 1: bytes 256..383, then past the EDID: 0xff */
    g_assert_true(i2c_m_edid(&m, 1, 0, buf, 128));
    g_assert_cmpmem(buf, 128, edid + 256, 128);
    g_assert_true(i2c_m_edid(&m, 1, 128, buf, 16));
    for (int i = 0; i < 16; i++) {
        g_assert_cmpuint(buf[i], ==, 0xff);
    }
    /* the STOP reset the segment pointer: segment 0 again */
    g_assert_true(i2c_m_edid(&m, 0, 8, buf, 8));
    g_assert_cmpmem(buf, 8, edid + 8, 8);
    g_assert_null(hwgpu_i2c_bitbang_check(&b.slave));
}

static void test_nobody_answers(void)
{
    Bus b;
    I2cMaster m;
    uint8_t edid[128], buf[8];

    fill(edid, sizeof(edid));
    bus_init(&b, &m, edid, sizeof(edid));
    i2c_m_start(&m);
    g_assert_false(i2c_m_write(&m, 0x51 << 1));     /* not the EEPROM */
    i2c_m_stop(&m);
    i2c_m_start(&m);
    g_assert_false(i2c_m_write(&m, 0x30 << 1 | 1)); /* the pointer: write only */
    i2c_m_stop(&m);
    /* the bus still works afterwards */
    g_assert_true(i2c_m_edid(&m, 0, 0, buf, 8));
    g_assert_cmpmem(buf, 8, edid, 8);
    /* unplugged: nothing answers, SDA stays high */
    g_assert_true(hwgpu_ddc_set_edid(&b.ddc, NULL, 0));
    g_assert_false(i2c_m_edid(&m, 0, 0, buf, 8));
    g_assert_false(hwgpu_ddc_set_edid(&b.ddc, NULL, 0));
}

static void test_random_lines(void)
{
    Bus b;
    I2cMaster m;
    uint8_t edid[256], buf[128];
    GRand *r = g_rand_new_with_seed(7);

    fill(edid, sizeof(edid));
    bus_init(&b, &m, edid, sizeof(edid));
    for (int i = 0; i < 200000; i++) {
        bus_lines(&b, g_rand_boolean(r), g_rand_boolean(r));
        g_assert_null(hwgpu_i2c_bitbang_check(&b.slave));
    }
    /* a STOP brings the bus back whatever state it was left in */
    bus_lines(&b, false, true);
    i2c_m_stop(&m);
    g_assert_true(i2c_m_edid(&m, 0, 0, buf, 128));
    g_assert_cmpmem(buf, 128, edid, 128);
    g_rand_free(r);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/ddc/edid-read", test_edid_read);
    g_test_add_func("/ddc/nobody-answers", test_nobody_answers);
    g_test_add_func("/ddc/random-lines", test_random_lines);
    return g_test_run();
}
