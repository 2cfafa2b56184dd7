/*
 * Rasterisation rules that no vendor owns alone: which pixels a triangle,
 * a rectangle or a line lights.  Pixel (x, y) samples at (x + bias_x, y + bias_y); y grows
 * downwards.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HWGPU_RENDER_RASTER_H
#define HWGPU_RENDER_RASTER_H

#include <math.h>
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

/*
 * Triangles and rectangles (G45 PRM Vol 2 §8.3.3).  A triangle's vertices
 * are clockwise with y down; a sample point is inside when every edge
 * function is positive, or zero on a top or a left edge.  A rectangle
 * (RECTLIST, points) spans [min x, max x) x [min y, max y) of its three
 * vertices.  The per-sample test is the reference, in float as the
 * pipeline has always computed it.
 */
typedef struct HwgpuCoverage {
    bool rect;
    float x[3], y[3];
    float rx0, rx1, ry0, ry1;           /* rectangles: the bounds */
    double a[3], b[3];                  /* triangles: edge k's steps */
} HwgpuCoverage;

/* What hwgpu_cover_quad answers when the samples must be asked. */
#define HWGPU_COVER_SOME    0xffu

static inline void hwgpu_cover_init(HwgpuCoverage *c, bool rect,
                                    const float x[3], const float y[3])
{
    c->rect = rect;
    for (int k = 0; k < 3; k++) {
        int n = (k + 1) % 3;

        c->x[k] = x[k];
        c->y[k] = y[k];
        c->a[k] = x[n] - x[k];          /* the float differences */
        c->b[k] = y[n] - y[k];
    }
    /* (comparisons, not fminf: a NaN falls where it always has) */
    c->rx0 = x[0] < x[1] ? x[0] : x[1];
    c->rx0 = c->rx0 < x[2] ? c->rx0 : x[2];
    c->rx1 = x[0] > x[1] ? x[0] : x[1];
    c->rx1 = c->rx1 > x[2] ? c->rx1 : x[2];
    c->ry0 = y[0] < y[1] ? y[0] : y[1];
    c->ry0 = c->ry0 < y[2] ? c->ry0 : y[2];
    c->ry1 = y[0] > y[1] ? y[0] : y[1];
    c->ry1 = c->ry1 > y[2] ? c->ry1 : y[2];
}

/* Edge a->b: inside when > 0, and on the edge of a top or a left edge. */
static inline bool hwgpu_cover_edge(float ax, float ay, float bx, float by,
                                    float px, float py)
{
    float e = (bx - ax) * (py - ay) - (by - ay) * (px - ax);
    float dx = bx - ax, dy = by - ay;

    return e > 0 || (e == 0 && (dy < 0 || (dy == 0 && dx > 0)));
}

/* The sample point (px, py). */
static inline bool hwgpu_cover_sample(const HwgpuCoverage *c, float px,
                                      float py)
{
    if (c->rect) {
        return px >= c->rx0 && px < c->rx1 && py >= c->ry0 && py < c->ry1;
    }
    return hwgpu_cover_edge(c->x[0], c->y[0], c->x[1], c->y[1], px, py) &&
           hwgpu_cover_edge(c->x[1], c->y[1], c->x[2], c->y[2], px, py) &&
           hwgpu_cover_edge(c->x[2], c->y[2], c->x[0], c->y[0], px, py);
}

/*
 * Edge k's terms at the quad (fx, fy) (hwgpu_cover_quad): the centre's
 * offsets from vertex k (dx, dy), the edge function there (e), its half
 * steps over the quad (h) and the bound on the float test's rounding (m).
 */
typedef struct HwgpuEdgeTerms {
    double dx, dy, e, h, m;
} HwgpuEdgeTerms;

static inline HwgpuEdgeTerms hwgpu_cover_terms(const HwgpuCoverage *c, int k,
                                               double fx, double fy)
{
    HwgpuEdgeTerms t;

    t.dx = fx + 0.5 - c->x[k];
    t.dy = fy + 0.5 - c->y[k];
    t.e = c->a[k] * t.dy - c->b[k] * t.dx;
    t.h = 0.5 * (fabs(c->a[k]) + fabs(c->b[k]));
    t.m = 0x1p-21 * (fabs(c->a[k]) * (fabs(t.dy) + 0.5) +
                     fabs(c->b[k]) * (fabs(t.dx) + 0.5));
    return t;
}

/*
 * The 2x2 quad of samples (fx, fy), (fx + 1, fy), (fx, fy + 1),
 * (fx + 1, fy + 1) at once where the samples cannot disagree: 0 (none),
 * 0xf (all) or HWGPU_COVER_SOME.  An edge function is linear, so over the
 * quad it stays within half its x and y steps of its value at the centre;
 * computed there in double, a distance from zero beyond a bound on the
 * float test's rounding (8 units of 2^-24 of its terms; its operations
 * need 3) decides the sign at all four samples.  Only quads an edge may
 * cross are left to hwgpu_cover_sample, which keeps the tie rules.
 */
static inline unsigned hwgpu_cover_quad(const HwgpuCoverage *c, float fx,
                                        float fy)
{
    unsigned all = 0xf;

    if (c->rect) {
        float fx1 = fx + 1.0f, fy1 = fy + 1.0f;

        if (fx1 < c->rx0 || fx >= c->rx1 || fy1 < c->ry0 || fy >= c->ry1) {
            return 0;
        }
        return fx >= c->rx0 && fx1 < c->rx1 && fy >= c->ry0 &&
               fy1 < c->ry1 ? 0xf : HWGPU_COVER_SOME;
    }
    for (int k = 0; k < 3; k++) {
        HwgpuEdgeTerms t = hwgpu_cover_terms(c, k, fx, fy);

        if (t.e + t.h < -t.m) {
            return 0;                   /* every sample outside edge k */
        }
        if (!(t.e - t.h > t.m)) {
            all = HWGPU_COVER_SOME;     /* (and NaNs, infinities) */
        }
    }
    return all;
}

/*
 * Edge k over the quads (x + bx, fy) for x in [x0, x1], for the row
 * ranges below: dy and h as at any of them, the distance's constant part
 * a dy (e), dx the larger |dx| of the row's two ends and m the rounding
 * bound there, widened by a quad (so no quad of the row has a larger one).
 */
static inline HwgpuEdgeTerms hwgpu_cover_row_terms(const HwgpuCoverage *c,
                                                   int k, int32_t x0,
                                                   int32_t x1, float bx,
                                                   float fy)
{
    HwgpuEdgeTerms t;
    double d0 = fabs((double)x0 + bx + 0.5 - c->x[k]);
    double d1 = fabs((double)x1 + bx + 0.5 - c->x[k]);

    t.dy = (double)fy + 0.5 - c->y[k];
    t.dx = d0 > d1 ? d0 : d1;
    t.e = c->a[k] * t.dy;
    t.h = 0.5 * (fabs(c->a[k]) + fabs(c->b[k]));
    t.m = 0x1p-21 * (fabs(c->a[k]) * (fabs(t.dy) + 0.5) +
                     fabs(c->b[k]) * (t.dx + 1.5));
    return t;
}

/*
 * The quads of one row that hwgpu_cover_quad finds all inside, without
 * asking it for each: of the quads (x + bx, fy) for even x in [x0, x1],
 * an even range [*in0, *in1] of them that are (false: none found, or a
 * rectangle, whose own test is as cheap).  Each edge's distance beyond
 * its half steps and rounding bound (e - h - m in hwgpu_cover_quad) is
 * linear in x less a convex term, so concave: where hwgpu_cover_quad
 * finds both ends of a range all inside, it finds every quad between
 * them so.  The range comes from solving each edge for a slightly larger
 * bound (its |dx| at the row's far ends), and its ends are then checked
 * by hwgpu_cover_quad itself.  A rectangle's quads are all inside for x
 * in one range too (x + bx rounds monotonically), found and checked the
 * same way.
 */
static inline bool hwgpu_cover_row(const HwgpuCoverage *c, int32_t x0,
                                   int32_t x1, float bx, float fy,
                                   int32_t *in0, int32_t *in1)
{
    double lo = x0, hi = x1;
    int32_t s, e;
    int tries;

    if (x0 > x1) {
        return false;
    }
    if (c->rect) {
        /* hwgpu_cover_quad's test: fx >= rx0, fx + 1 < rx1 (NaN bounds
         * leave the row's range, which its ends' check then refuses) */
        double l = (double)c->rx0 - bx, h = (double)c->rx1 - 1.0 - bx;

        if (!(fy >= c->ry0 && fy + 1.0f < c->ry1)) {
            return false;
        }
        lo = l > lo ? l : lo;
        hi = h < hi ? h : hi;
    }
    for (int k = 0; k < 3 && !c->rect; k++) {
        HwgpuEdgeTerms r = hwgpu_cover_row_terms(c, k, x0, x1, bx, fy);
        /* inside: b (x + bx + 0.5 - x_k) < a dy - h - m */
        double lim = r.e - r.h - r.m, t;

        if (!isfinite(lim) || !isfinite(c->b[k])) {
            return false;
        }
        if (c->b[k] == 0) {
            if (!(lim > 0)) {
                return false;
            }
            continue;
        }
        t = lim / c->b[k] - bx - 0.5 + c->x[k];
        if (c->b[k] > 0) {
            hi = t - 1 < hi ? t - 1 : hi;
        } else {
            lo = t + 1 > lo ? t + 1 : lo;
        }
    }
    if (!(lo <= hi)) {
        return false;
    }
    s = (int32_t)ceil(lo);
    s += s & 1;
    e = (int32_t)floor(hi);
    e -= e & 1;
    for (tries = 0; s <= e && tries < 4 &&
         hwgpu_cover_quad(c, (float)s + bx, fy) != 0xf; tries++) {
        s += 2;
    }
    for (tries = 0; s <= e && tries < 4 &&
         hwgpu_cover_quad(c, (float)e + bx, fy) != 0xf; tries++) {
        e -= 2;
    }
    if (s > e || hwgpu_cover_quad(c, (float)s + bx, fy) != 0xf ||
        hwgpu_cover_quad(c, (float)e + bx, fy) != 0xf) {
        return false;
    }
    *in0 = s;
    *in1 = e;
    return true;
}

/*
 * Edge k of the triangle at the quad (fx, fy): whether every quad on the
 * far side of it along x, from fx outward (dir -1: leftward, 1:
 * rightward), is outside edge k for hwgpu_cover_quad.  Its distance
 * e + h + m is monotone in x with the sign of -b (the rounding bound's
 * |dx| term adds 2^-21 of b's slope at most), so one that is negative
 * here stays so outward when the edge faces that way; the margin (2^-30
 * of the terms' size at the row's farthest |dx|, dmax) keeps the double
 * evaluation's error, some 2^-50 of it, from turning any of them.
 */
static inline bool hwgpu_cover_edge_out(const HwgpuCoverage *c, int k,
                                        double fx, double fy, int dir,
                                        double dmax)
{
    HwgpuEdgeTerms t = hwgpu_cover_terms(c, k, fx, fy);
    double size = fabs(c->a[k]) * (fabs(t.dy) + 1) +
                  fabs(c->b[k]) * (dmax + 2) + t.h;

    return (dir < 0 ? c->b[k] < 0 : c->b[k] > 0) && isfinite(size) &&
           t.e + t.h + t.m < -0x1p-30 * size;
}

/*
 * The other side of hwgpu_cover_row: of the quads (x + bx, fy) for x =
 * x0, x0 + 2, .. <= x1, a range [*o0, *o1] on that grid outside which
 * hwgpu_cover_quad finds every quad empty, so a caller need not ask it
 * (*o0 > *o1: all of them).
 * Each edge facing left or right cuts the row where its distance turns
 * negative (solved as hwgpu_cover_row solves the inner range, widened by
 * a quad); the first quad skipped on each side is then checked against
 * the cutting edge (hwgpu_cover_edge_out), and a side whose check fails
 * skips nothing.  A rectangle's float test (fx + 1 < rx0, fx >= rx1) is
 * monotone in x: the first skipped quad is checked with it.
 */
static inline void hwgpu_cover_span(const HwgpuCoverage *c, int32_t x0,
                                    int32_t x1, float bx, float fy,
                                    int32_t *o0, int32_t *o1)
{
    double lo = x0, hi = x1, dmax = 0;
    int32_t last = x1 < x0 ? x0 : x0 + ((x1 - x0) & ~1);
    int klo = -1, khi = -1;
    int64_t s, e;

    *o0 = x0;
    *o1 = last;
    if (x1 <= x0) {
        return;
    }
    if (c->rect) {
        lo = (double)c->rx0 - bx - 2.0;
        hi = (double)c->rx1 - bx + 1.0;
    }
    for (int k = 0; k < 3 && !c->rect; k++) {
        HwgpuEdgeTerms r = hwgpu_cover_row_terms(c, k, x0, x1, bx, fy);
        /* outside: b (x + bx + 0.5 - x_k) > a dy + h + m */
        double lim = r.e + r.h + r.m, t;

        dmax = r.dx > dmax ? r.dx : dmax;
        if (!isfinite(lim) || !isfinite(c->b[k]) || c->b[k] == 0) {
            continue;
        }
        t = lim / c->b[k] - bx - 0.5 + c->x[k];
        if (c->b[k] > 0 && t + 1 < hi) {
            hi = t + 1;
            khi = k;
        } else if (c->b[k] < 0 && t - 1 > lo) {
            lo = t - 1;
            klo = k;
        }
    }
    if (!(lo > x0 - 2.0 && lo < x1 + 2.0)) {
        lo = x0;
    }
    if (!(hi > x0 - 2.0 && hi < x1 + 2.0)) {
        hi = x1;
    }
    s = x0 + (((int64_t)floor(lo) - x0) & ~(int64_t)1);
    e = x0 + (((int64_t)ceil(hi) - x0 + 1) & ~(int64_t)1);
    s = s < x0 ? x0 : s > last ? last : s;
    e = e > last ? last : e < x0 ? x0 : e;
    if (s > x0 &&
        (c->rect ? (float)(s - 2) + bx + 1.0f < c->rx0
                 : klo >= 0 && hwgpu_cover_edge_out(c, klo, (double)((float)(
                       s - 2) + bx), fy, -1, dmax))) {
        *o0 = (int32_t)s;
    }
    if (e < last &&
        (c->rect ? (float)(e + 2) + bx >= c->rx1
                 : khi >= 0 && hwgpu_cover_edge_out(c, khi, (double)((float)(
                       e + 2) + bx), fy, 1, dmax))) {
        *o1 = (int32_t)e;
    }
    /* (*o0 > *o1: both sides checked, every quad of the row empty) */
}

#endif
