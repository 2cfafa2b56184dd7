/*
 * PCI expansion ROM images (PCI Firmware Specification 3.0, §5.1): a VGA
 * BIOS chained behind a device's own option ROM image.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_COMMON_OPTIONROM_H
#define HWGPU_COMMON_OPTIONROM_H

#include <stddef.h>
#include <stdint.h>

/* The x86 INIT entry of the chained image hands over to the VGA BIOS. */
#define HWGPU_OPTIONROM_STUB_OFFSET 3
#define HWGPU_OPTIONROM_STUB_LEN    14

/*
 * One x86 expansion ROM image holding `rom` (a device's own image, whose
 * first bytes a driver reads as they are: radeon's AtomBIOS) at offset 0
 * and `vga` (a complete VGA option ROM, such as SeaVGABIOS) at the first
 * 512-byte boundary after it, for a device with the given PCI IDs:
 * - the INIT entry at offset 3 (rom's own must be a bare `retf` with
 *   nothing up to offset 0x11) becomes a stub that enters the VGA BIOS's
 *   INIT entry in a segment of its own (CS + offset / 16: code built to
 *   run from offset 0 of its segment runs unchanged), with the caller's
 *   registers (AX: the device's bus/devfn) and its return address intact;
 * - the VGA BIOS's PCI data structure takes the device's IDs (it looks
 *   for the device it was started for by them);
 * - the ROM header's size, the PCI data structure's image length and the
 *   checksum cover the whole image.
 * Returns a g_malloc'ed buffer of *out_len bytes (a power of two, at
 * most 64 KiB: what a ROM BAR maps and an x86 BIOS shadows), or NULL with
 * *why set when either input is not an option ROM or it would not fit.
 */
uint8_t *hwgpu_optionrom_chain_vga(const uint8_t *rom, size_t rom_len,
                                   const uint8_t *vga, size_t vga_len,
                                   uint16_t vendor, uint16_t device,
                                   size_t *out_len, const char **why);

#endif
