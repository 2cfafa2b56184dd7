/*
 * Fuzz target: the ATOM interpreter on damaged AtomBIOS images.  Input:
 * byte 0 picks the mode.  Mode even: the rest patches the RV770 image,
 * records of 3 bytes (offset:2 within the image, value); mode odd: the
 * rest is an image of its own.  Then the image is parsed and every command
 * table and IIO program runs with parameters from the input.  A crash, an
 * out-of-bounds access (ASan) or a hang is the failure; errors are fine.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/atom-rec.h"
#include "rv770-atombios.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t rom[sizeof(hwgpu_rv770_atombios)];
    static HwgpuAtom atom;
    static Rec rec;
    const uint8_t *img = rom;
    size_t img_size = sizeof(rom);
    uint32_t seed = 0;

    if (size < 1) {
        return 0;
    }
    if (data[0] & 1) {
        img = data + 1;
        img_size = size - 1;
    } else {
        memcpy(rom, hwgpu_rv770_atombios, sizeof(rom));
        for (size_t i = 1; i + 3 <= size; i += 3) {
            rom[(data[i] | data[i + 1] << 8) % sizeof(rom)] = data[i + 2];
        }
    }
    for (size_t i = 0; i < size && i < 4; i++) {
        seed = seed << 8 | data[i];
    }
    memset(&rec, 0, sizeof(rec));
    if (hwgpu_atom_init(&atom, img, img_size, &rec_ops, &rec)) {
        return 0;
    }
    atom.step_limit = 20000;
    for (int i = 0; i < HWGPU_ATOM_CMD_COUNT; i++) {
        uint32_t ps[16];

        for (int k = 0; k < 16; k++) {
            ps[k] = seed * 2654435761u + k * 40503u + i;
        }
        hwgpu_atom_execute(&atom, i, ps, (seed + i) % 17);
        if (atom.steps > atom.step_limit + 1) {
            abort();
        }
    }
    for (int port = 0; port < 256; port++) {
        if (atom.iio[port]) {
            hwgpu_atom_iio(&atom, port, seed, ~seed, NULL);
        }
    }
    return 0;
}
