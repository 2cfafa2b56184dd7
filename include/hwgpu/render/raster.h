/*
 * Rasterisation rules that no vendor owns alone: which pixels a line
 * lights.  Pixel (x, y) samples at (x + bias_x, y + bias_y); y grows
 * downwards.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_RENDER_RASTER_H
#define HWGPU_RENDER_RASTER_H

#include <stdbool.h>
#include <stdint.h>

typedef void (*HwgpuPixelFn)(void *opaque, int32_t x, int32_t y);

/*
 * A zero-width ("cosmetic") line from (x0, y0) to (x1, y1) by the
 * diamond-exit (GIQ) rule of the G45 PRM Vol 2 §7.3.12.3 (non-legacy):
 * a pixel is lit where the directed line leaves the diamond of Manhattan
 * radius 1/2 about its sample point; the pixel whose diamond holds the
 * end point is not, unless last_pixel.  Pixels outside clip (xmin, ymin,
 * xmax, ymax, inclusive) are skipped.  *budget bounds the work (one unit
 * per step, 64 steps per pixel of length); false when it ran out.
 */
bool hwgpu_line_diamond(double x0, double y0, double x1, double y1,
                        double bias_x, double bias_y, bool last_pixel,
                        const int32_t clip[4], uint64_t *budget,
                        HwgpuPixelFn fn, void *opaque);

/*
 * A non-antialiased line of width w (> 0): the parallelogram that extends
 * w/2 either side along the minor axis (§7.3.12.4), sampled at pixel
 * sample points, half-open along the major axis (the end is excluded).
 */
bool hwgpu_line_wide(double x0, double y0, double x1, double y1, double w,
                     double bias_x, double bias_y, const int32_t clip[4],
                     uint64_t *budget, HwgpuPixelFn fn, void *opaque);

#endif
