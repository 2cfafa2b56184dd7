/*
 * Line rasterisation; see include/hwgpu/render/raster.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <glib.h>
#include <math.h>

#include "hwgpu/render/raster.h"

/*
 * Whether offset (dx, dy) from a sample point lies in its diamond, by the
 * non-legacy rules (§7.3.12.3): the interior, the bottom corner and the
 * bottom edges always, the right corner for Y-major lines, the left
 * corner and the top edges never.
 */
static bool in_diamond(double dx, double dy, bool ymajor)
{
    double d = fabs(dx) + fabs(dy);

    if (d < 0.5) {
        return true;
    }
    if (d > 0.5) {
        return false;
    }
    if (dx == 0.0) {
        return dy > 0;                  /* bottom corner, not top */
    }
    if (dy == 0.0) {
        return dx > 0 && ymajor;        /* right corner; never left */
    }
    return dy > 0;                      /* bottom edges, not top ones */
}

static bool clipped(const int32_t clip[4], int32_t x, int32_t y)
{
    return x < clip[0] || y < clip[1] || x > clip[2] || y > clip[3];
}

/* The pixel whose diamond holds point (px, py), if any. */
static bool diamond_of(double px, double py, double bx, double by,
                       bool ymajor, int32_t *x, int32_t *y)
{
    int32_t i = (int32_t)floor(px - bx), j = (int32_t)floor(py - by);

    for (int32_t cj = j; cj <= j + 1; cj++) {
        for (int32_t ci = i; ci <= i + 1; ci++) {
            if (in_diamond(px - (ci + bx), py - (cj + by), ymajor)) {
                *x = ci;
                *y = cj;
                return true;
            }
        }
    }
    return false;
}

bool hwgpu_line_diamond(double x0, double y0, double x1, double y1,
                        double bias_x, double bias_y, bool last_pixel,
                        const int32_t clip[4], uint64_t *budget,
                        HwgpuPixelFn fn, void *opaque)
{
    double ddx = x1 - x0, ddy = y1 - y0;
    bool ymajor = fabs(ddy) > fabs(ddx);
    double len = MAX(fabs(ddx), fabs(ddy));
    uint64_t steps;
    int32_t ex = INT32_MIN, ey = INT32_MIN, lx = INT32_MIN, ly = INT32_MIN;
    bool have_end;

    if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1) ||
        !isfinite(bias_x) || !isfinite(bias_y)) {
        return true;                    /* no line: nothing lit */
    }
    if (len > 65536 || (uint64_t)ceil(len * 64) + 1 > *budget) {
        *budget = 0;
        return false;
    }
    steps = MAX((uint64_t)ceil(len * 64), 1);   /* 1/64 pixel apart */
    *budget -= steps;
    have_end = diamond_of(x1, y1, bias_x, bias_y, ymajor, &ex, &ey);
    /* Walk the line; each diamond it touches is one it leaves, but the
     * end point's (the line ends inside it). */
    for (uint64_t k = 0; k <= steps; k++) {
        double px = x0 + ddx * (double)k / (double)steps;
        double py = y0 + ddy * (double)k / (double)steps;
        int32_t x, y;

        if (!diamond_of(px, py, bias_x, bias_y, ymajor, &x, &y) ||
            (x == lx && y == ly)) {
            continue;
        }
        lx = x;
        ly = y;
        if ((have_end && x == ex && y == ey && !last_pixel) ||
            clipped(clip, x, y)) {
            continue;
        }
        fn(opaque, x, y);
    }
    return true;
}

bool hwgpu_line_wide(double x0, double y0, double x1, double y1, double w,
                     double bias_x, double bias_y, const int32_t clip[4],
                     uint64_t *budget, HwgpuPixelFn fn, void *opaque)
{
    bool xmajor = fabs(x1 - x0) >= fabs(y1 - y0);
    /* along the major axis a, the minor axis b */
    double a0 = xmajor ? x0 : y0, a1 = xmajor ? x1 : y1;
    double b0 = xmajor ? y0 : x0, b1 = xmajor ? y1 : x1;
    double ba = xmajor ? bias_x : bias_y, bb = xmajor ? bias_y : bias_x;
    double lo = MIN(a0, a1), hi = MAX(a0, a1), slope;
    int32_t i0, i1;

    if (!isfinite(x0) || !isfinite(y0) || !isfinite(x1) || !isfinite(y1) ||
        !isfinite(w) || !isfinite(bias_x) || !isfinite(bias_y) ||
        fabs(b0) > 65536 || fabs(b1) > 65536) {
        return true;                    /* no line: nothing lit */
    }
    if (hi - lo > 65536 || w > 64) {
        *budget = 0;
        return false;
    }
    slope = hi > lo ? (b1 - b0) / (a1 - a0) : 0;
    i0 = (int32_t)ceil(lo - ba);
    i1 = (int32_t)ceil(hi - ba) - 1;        /* half-open: [lo, hi) */
    for (int32_t i = i0; i <= i1; i++) {
        double c = b0 + ((i + ba) - a0) * slope;
        int32_t j0 = (int32_t)ceil(c - w / 2 - bb);
        int32_t j1 = (int32_t)ceil(c + w / 2 - bb) - 1;

        for (int32_t j = j0; j <= j1; j++) {
            int32_t x = xmajor ? i : j, y = xmajor ? j : i;

            if (!*budget) {
                return false;
            }
            (*budget)--;
            if (!clipped(clip, x, y)) {
                fn(opaque, x, y);
            }
        }
    }
    return true;
}
