/*
 * Gen4 SURFACE_FORMAT codes as formats of hw/render/format.h.  The table
 * is derived at first use from the SURFACE_FORMAT enum of the command
 * description (hw/intel/g45/g45-commands.xml, G45 PRM Vol 4 "Surface
 * Formats" via seed 000 Table 3-1 for the vertex-fetch subset): the names
 * there are the one copy of each format's layout.
 *
 * Copyright (c) 2026 hwgpu authors
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_INTEL_GEN4_FORMAT_H
#define HWGPU_INTEL_GEN4_FORMAT_H

#include <stdint.h>

#include "hwgpu/render/format.h"

#define GEN4_FORMAT_CODES   512     /* SURFACE_FORMAT is 9 bits */

/* The format of a SURFACE_FORMAT code, or NULL if the code names none. */
const HwgpuFormat *gen4_format(uint32_t code);
/* Its name ("R8G8B8A8_UNORM"), or NULL. */
const char *gen4_format_name(uint32_t code);

/*
 * The byte offset of pixel (x, y) of bpp bytes in the surface of
 * SURFACE_STATE ss: linear, or X/Y-tiled by its Tiled and Tile Walk bits
 * (include/hwgpu/intel/common/tiling.h).
 */
uint64_t gen4_surface_offset(const uint32_t *ss, uint32_t x, uint32_t y,
                             uint32_t bpp);

#endif
