/*
 * G45 fence registers: linear CPU view of tiled surfaces through the
 * aperture (see g45-fence.h); the tile math is g45-tiling.h's.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "hwgpu/intel/common/fence.h"
#include "hwgpu/intel/g45/g45-regs.h"

typedef struct Fence {
    uint64_t start, end;    /* [start, end) */
    uint32_t pitch;
    bool y;
} Fence;

static bool fence_get(const HwgpuRegFile *rf, int n, Fence *f)
{
    uint32_t lo = hwgpu_reg_get(rf, G45_FENCE0 + 8 * n);
    uint32_t hi = hwgpu_reg_get(rf, G45_FENCE0 + 8 * n + 4);

    if (!(lo & 1)) {
        return false;
    }
    f->start = lo & ~0xfffu;
    f->end = (uint64_t)(hi & ~0xfffu) + 4096;
    f->pitch = (((lo >> 2) & 0x3ff) + 1) * 128;
    f->y = lo & 2;
    /* A range that ends before it starts, or a pitch that is not a whole
     * number of tiles, fences nothing. */
    if (f->end <= f->start || (!f->y && f->pitch % 512)) {
        return false;
    }
    return true;
}

static bool fence_find(const HwgpuRegFile *rf, uint64_t off, Fence *f)
{
    for (int n = 0; n < G45_NUM_FENCES; n++) {
        if (fence_get(rf, n, f) && off >= f->start && off < f->end) {
            return true;
        }
    }
    return false;
}

bool g45_fence_translate(const HwgpuRegFile *rf, uint64_t ap_off,
                         uint64_t *gfx)
{
    Fence f;

    if (!fence_find(rf, ap_off, &f)) {
        *gfx = ap_off;
        return false;
    }
    *gfx = f.start + (f.y ? g45_tile_y(ap_off - f.start, f.pitch)
                          : g45_tile_x(ap_off - f.start, f.pitch));
    return true;
}

bool g45_fence_covers(const HwgpuRegFile *rf, uint64_t ap_off,
                      uint32_t pages)
{
    uint64_t start = ap_off & ~0xfffull, end = start + (uint64_t)pages * 4096;
    Fence f;

    for (int n = 0; n < G45_NUM_FENCES; n++) {
        if (fence_get(rf, n, &f) && f.start < end && start < f.end) {
            return true;
        }
    }
    return false;
}
