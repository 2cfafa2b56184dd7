/*
 * G45 fence registers: CPU accesses through the aperture to a fenced range
 * of graphics memory are detiled (X or Y) on the way, so software sees a
 * linear surface.  Gen4 layout (FENCE_REG_965, 16 x 64-bit at 0x3000):
 * low dword bits 31:12 start, 11:2 pitch in 128-byte units minus one, bit 1
 * Y-tiled, bit 0 valid; high dword bits 31:12 the last 4 KiB page of the
 * range.  No bit-6 swizzling: the MCH reports asymmetric channels
 * (C0DRB3 != C1DRB3), for which i915 tells userspace "no swizzle".
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_G45_FENCE_H
#define HWGPU_INTEL_G45_FENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "hwgpu/common/regfile.h"
#include "hwgpu/intel/common/tiling.h"

#define G45_NUM_FENCES      16

/*
 * The graphics address a linear aperture offset reaches, through a fence
 * when one covers it.  Returns true when a fence applied.
 */
bool g45_fence_translate(const HwgpuRegFile *rf, uint64_t ap_off,
                         uint64_t *gfx);

/*
 * Whether any valid fence covers part of the `pages` 4 KiB pages from
 * the one at `ap_off`.
 */
bool g45_fence_covers(const HwgpuRegFile *rf, uint64_t ap_off,
                      uint32_t pages);


#endif
