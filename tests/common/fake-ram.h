/*
 * Guest RAM for the plain-C tests, fuzz targets and benchmarks: the includer
 * defines `ram` (an array or pointer) and RAM_SIZE first; these are the
 * HwgpuHost dma_read/dma_write for it, refusing anything outside.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_TESTS_FAKE_RAM_H
#define HWGPU_TESTS_FAKE_RAM_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static bool ram_read(void *o, uint64_t a, void *buf, size_t len)
{
    if (a >= RAM_SIZE || len > RAM_SIZE - a) {
        return false;
    }
    memcpy(buf, ram + a, len);
    return true;
}

static bool ram_write(void *o, uint64_t a, const void *buf, size_t len)
{
    if (a >= RAM_SIZE || len > RAM_SIZE - a) {
        return false;
    }
    memcpy(ram + a, buf, len);
    return true;
}

#endif
