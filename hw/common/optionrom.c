/*
 * A VGA BIOS chained behind a device's own option ROM image
 * (include/hwgpu/common/optionrom.h).  PCI Firmware Specification 3.0
 * §5.1: the ROM header (0x55 0xAA, size in 512-byte units at 2, INIT
 * entry at 3, the PCI data structure's offset at 0x18) and the PCI data
 * structure ("PCIR", vendor at 4, device at 6, image length in 512-byte
 * units at 0x10, code type at 0x14, indicator at 0x15).
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "hwgpu/common/optionrom.h"

#define ROM_MAX     0x10000u

static void put16(uint8_t *p, uint16_t v)
{
    p[0] = v & 0xff;
    p[1] = v >> 8;
}

static uint16_t get16(const uint8_t *p)
{
    return p[0] | p[1] << 8;
}

/* The offset of an image's PCI data structure, or 0 if it has none. */
static size_t pcir_of(const uint8_t *img, size_t len)
{
    size_t at;

    if (len < 0x1a || img[0] != 0x55 || img[1] != 0xaa) {
        return 0;
    }
    at = get16(img + 0x18);
    if (at < 0x1a || at + 0x18 > len || memcmp(img + at, "PCIR", 4)) {
        return 0;
    }
    return at;
}

uint8_t *hwgpu_optionrom_chain_vga(const uint8_t *rom, size_t rom_len,
                                   const uint8_t *vga, size_t vga_len,
                                   uint16_t vendor, uint16_t device,
                                   size_t *out_len, const char **why)
{
    size_t rom_pcir = pcir_of(rom, rom_len), vga_pcir = pcir_of(vga, vga_len);
    size_t at, used, size;
    uint16_t seg;
    uint8_t *img, sum = 0;

    if (!rom_pcir) {
        *why = "the device's image is not a PCI option ROM";
        return NULL;
    }
    if (!vga_pcir) {
        *why = "the VGA BIOS is not a PCI option ROM";
        return NULL;
    }
    for (size_t i = HWGPU_OPTIONROM_STUB_OFFSET + 1;
         i < HWGPU_OPTIONROM_STUB_OFFSET + HWGPU_OPTIONROM_STUB_LEN; i++) {
        if (rom[i]) {
            *why = "the device's image uses the bytes of the INIT stub";
            return NULL;
        }
    }
    if (rom[HWGPU_OPTIONROM_STUB_OFFSET] != 0xcb) {
        *why = "the device's image has an INIT entry of its own";
        return NULL;
    }
    at = (rom_len + 511) & ~(size_t)511;
    used = (at + vga_len + 1 + 511) & ~(size_t)511;   /* + the checksum */
    if (used > ROM_MAX) {
        *why = "the images do not fit in 64 KiB";
        return NULL;
    }
    for (size = 4096; size < used; size *= 2) {
    }
    img = g_malloc0(size);
    memcpy(img, rom, rom_len);
    memcpy(img + at, vga, vga_len);
    /*
     * The INIT stub: add at / 16 to the caller's CS as pushed on the
     * stack, then "return" to that segment's offset 3 (the VGA BIOS's
     * INIT entry), whose own far return goes back to the caller.
     */
    seg = (uint16_t)(at / 16);
    {
        const uint8_t stub[HWGPU_OPTIONROM_STUB_LEN] = {
            0x0e,                       /* push cs */
            0x55,                       /* push bp */
            0x89, 0xe5,                 /* mov bp, sp */
            0x81, 0x46, 0x02, seg & 0xff, seg >> 8,  /* add [bp+2], seg */
            0x5d,                       /* pop bp */
            0x68, 0x03, 0x00,           /* push 0x0003 */
            0xcb,                       /* retf */
        };

        memcpy(img + HWGPU_OPTIONROM_STUB_OFFSET, stub, sizeof(stub));
    }
    put16(img + at + vga_pcir + 4, vendor);
    put16(img + at + vga_pcir + 6, device);
    img[2] = used / 512;
    put16(img + rom_pcir + 0x10, used / 512);
    for (size_t i = 0; i < used - 1; i++) {
        sum += img[i];
    }
    img[used - 1] = (uint8_t)-sum;
    *out_len = size;
    return img;
}
