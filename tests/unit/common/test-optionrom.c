/*
 * Unit tests of the option ROM chaining (hw/common/optionrom.c): a VGA
 * BIOS behind a device's image keeps every byte a driver reads from the
 * device's image, enters the VGA BIOS's INIT entry in its own segment,
 * carries the device's IDs, and covers and checksums the whole image;
 * inputs that are not option ROMs, or do not fit, are refused.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <stdbool.h>
#include <string.h>

#include "hwgpu/common/optionrom.h"

/* An AtomBIOS-like image: 4 KiB, `retf` INIT, PCIR at 0x50, tables. */
static uint8_t *fake_rom(size_t len)
{
    uint8_t *r = g_malloc0(len), sum = 0;

    r[0] = 0x55;
    r[1] = 0xaa;
    r[2] = len / 512;
    r[3] = 0xcb;
    r[0x18] = 0x50;
    memcpy(r + 0x30, " 761295520", 10);
    memcpy(r + 0x50, "PCIR", 4);
    r[0x54] = 0x02;                     /* 1002:9440 */
    r[0x55] = 0x10;
    r[0x56] = 0x40;
    r[0x57] = 0x94;
    r[0x60] = len / 512;
    r[0x65] = 0x80;
    for (size_t i = 0x100; i < len - 1; i++) {
        r[i] = (uint8_t)(i * 13);
    }
    for (size_t i = 0; i < len - 1; i++) {
        sum += r[i];
    }
    r[len - 1] = (uint8_t)-sum;
    return r;
}

/* A VGA BIOS-like image: a jump at 3, PCIR at 0x40 for 1234:1111. */
static uint8_t *fake_vga(size_t len)
{
    uint8_t *v = g_malloc0(len);

    v[0] = 0x55;
    v[1] = 0xaa;
    v[2] = (len + 511) / 512;
    v[3] = 0xe9;
    v[0x18] = 0x40;
    memcpy(v + 0x40, "PCIR", 4);
    v[0x44] = 0x34;
    v[0x45] = 0x12;
    v[0x46] = 0x11;
    v[0x47] = 0x11;
    for (size_t i = 0x60; i < len; i++) {
        v[i] = (uint8_t)(i * 7 + 1);
    }
    return v;
}

static void test_chain(void)
{
    const size_t rom_len = 4096, vga_len = 38912 + 100;
    uint8_t *rom = fake_rom(rom_len), *vga = fake_vga(vga_len), *img, sum = 0;
    const char *why = NULL;
    size_t len = 0, used;

    img = hwgpu_optionrom_chain_vga(rom, rom_len, vga, vga_len, 0x1002,
                                    0x9440, &len, &why);
    g_assert_nonnull(img);
    g_assert_cmpuint(len, ==, 65536);
    used = img[2] * 512u;
    g_assert_cmpuint(used, ==, ((4096 + vga_len + 1 + 511) / 512) * 512);
    /* what a driver reads of the device's image is unchanged */
    for (size_t i = 0; i < rom_len; i++) {
        bool header = i == 2 || (i >= 3 && i < 3 + HWGPU_OPTIONROM_STUB_LEN) ||
                      i == 0x60 || i == 0x61;

        if (!header) {
            g_assert_cmphex(img[i], ==, rom[i]);
        }
    }
    g_assert_cmpuint(img[0x60] | img[0x61] << 8, ==, used / 512);
    g_assert_cmphex(img[0x65], ==, 0x80);           /* still the last */
    /* the stub: CS + 0x100 (4096 / 16), then offset 3 */
    {
        const uint8_t want[] = { 0x0e, 0x55, 0x89, 0xe5, 0x81, 0x46, 0x02,
                                 0x00, 0x01, 0x5d, 0x68, 0x03, 0x00, 0xcb };

        g_assert_cmpmem(img + 3, sizeof(want), want, sizeof(want));
    }
    /* the VGA BIOS at 4096, with the device's IDs */
    g_assert_cmphex(img[4096 + 0x44] | img[4096 + 0x45] << 8, ==, 0x1002);
    g_assert_cmphex(img[4096 + 0x46] | img[4096 + 0x47] << 8, ==, 0x9440);
    for (size_t i = 0; i < vga_len; i++) {
        if (i < 0x44 || i > 0x47) {
            g_assert_cmphex(img[4096 + i], ==, vga[i]);
        }
    }
    for (size_t i = 0; i < used; i++) {
        sum += img[i];
    }
    g_assert_cmpuint(sum, ==, 0);
    for (size_t i = used; i < len; i++) {
        g_assert_cmphex(img[i], ==, 0);
    }
    g_free(img);
    /* a device image that is not a multiple of 512: the VGA BIOS follows
     * at the next boundary, its segment with it */
    img = hwgpu_optionrom_chain_vga(rom, 3000, vga, 600, 0x1002, 0x9440,
                                    &len, &why);
    g_assert_nonnull(img);
    g_assert_cmpuint(len, ==, 4096);
    g_assert_cmphex(img[3072], ==, 0x55);
    g_assert_cmphex(img[3 + 7], ==, 3072 / 16);
    g_assert_cmphex(img[3 + 8], ==, 0);
    g_free(img);
    g_free(rom);
    g_free(vga);
}

static void test_refused(void)
{
    uint8_t *rom = fake_rom(4096), *vga = fake_vga(1024), *img;
    const char *why = NULL;
    size_t len = 0;

    /* not option ROMs */
    rom[0] = 0;
    g_assert_null(hwgpu_optionrom_chain_vga(rom, 4096, vga, 1024, 1, 2,
                                            &len, &why));
    g_assert_nonnull(why);
    rom[0] = 0x55;
    memcpy(vga + 0x40, "PCIX", 4);
    why = NULL;
    g_assert_null(hwgpu_optionrom_chain_vga(rom, 4096, vga, 1024, 1, 2,
                                            &len, &why));
    g_assert_nonnull(why);
    memcpy(vga + 0x40, "PCIR", 4);
    /* a PCI data structure pointer past the image */
    vga[0x18] = 0xff;
    vga[0x19] = 0xff;
    g_assert_null(hwgpu_optionrom_chain_vga(rom, 4096, vga, 1024, 1, 2,
                                            &len, &why));
    vga[0x18] = 0x40;
    vga[0x19] = 0;
    /* the device's image has an INIT entry, or bytes where the stub goes */
    rom[3] = 0xe9;
    g_assert_null(hwgpu_optionrom_chain_vga(rom, 4096, vga, 1024, 1, 2,
                                            &len, &why));
    rom[3] = 0xcb;
    rom[9] = 1;
    g_assert_null(hwgpu_optionrom_chain_vga(rom, 4096, vga, 1024, 1, 2,
                                            &len, &why));
    rom[9] = 0;
    /* too short to be anything */
    g_assert_null(hwgpu_optionrom_chain_vga(rom, 16, vga, 1024, 1, 2,
                                            &len, &why));
    /* more than 64 KiB together */
    g_free(vga);
    vga = fake_vga(61440);
    g_assert_null(hwgpu_optionrom_chain_vga(rom, 4096, vga, 61440, 1, 2,
                                            &len, &why));
    g_assert_nonnull(strstr(why, "64 KiB"));
    /* exactly filling 64 KiB with its checksum byte: accepted */
    img = hwgpu_optionrom_chain_vga(rom, 4096, vga, 61440 - 1, 1, 2, &len,
                                    &why);
    g_assert_nonnull(img);
    g_assert_cmpuint(len, ==, 65536);
    g_assert_cmpuint(img[2], ==, 128);
    g_free(img);
    g_free(rom);
    g_free(vga);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/optionrom/chain", test_chain);
    g_test_add_func("/optionrom/refused", test_refused);
    return g_test_run();
}
