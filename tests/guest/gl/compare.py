#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare two directories of P6 PPM frames (glscenes output) scene by scene.

With --png PNG PPM, compares one render target written by gen4-replay
(flipped to GL's orientation) with a frame.  Prints one line per scene:
  NAME exact=P% close=P% maxdiff=D
where exact is the share of pixels equal in every channel and close the share
whose every channel differs by at most TOL (GL leaves rasterisation and
arithmetic precision to the implementation: GL 2.1 spec §2.1.1, §3.5-3.6)."""
import os
import sys

TOL = 3


def read_ppm(path):
    data = open(path, 'rb').read()
    parts = data.split(b'\n', 3)
    if parts[0] != b'P6' or parts[2] != b'255':
        raise ValueError(path + ': not an 8-bit P6 PPM')
    w, h = map(int, parts[1].split())
    px = parts[3]
    if len(px) != w * h * 3:
        raise ValueError(path + ': short pixel data')
    return w, h, px


def compare(a, b, read_a=read_ppm):
    wa, ha, pa = read_a(a)
    wb, hb, pb = read_ppm(b)
    if (wa, ha) != (wb, hb):
        return 0.0, 0.0, 255
    return stats(pa, pb, wa * ha)


def stats(pa, pb, n):
    exact = close = 0
    maxd = 0
    for i in range(0, n * 3, 3):
        d = max(abs(pa[i] - pb[i]), abs(pa[i + 1] - pb[i + 1]),
                abs(pa[i + 2] - pb[i + 2]))
        if d == 0:
            exact += 1
        if d <= TOL:
            close += 1
        if d > maxd:
            maxd = d
    return 100.0 * exact / n, 100.0 * close / n, maxd


def read_png_rows_flipped(path):
    """An RGBA PNG (gen4-replay's render target, memory order: GL's bottom
    row first) as (w, h, RGB bytes top row first), like glscenes' PPMs."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..',
                                    '..', 'scripts'))
    import pngstat
    w, h, bpp, rows = pngstat.read_png(path)
    px = bytearray()
    for y in range(h - 1, -1, -1):
        r = rows[y]
        for x in range(w):
            px += bytes(r[x * bpp:x * bpp + 3])
    return w, h, bytes(px)


def main():
    if sys.argv[1] == '--png':
        e, c, m = compare(sys.argv[2], sys.argv[3], read_png_rows_flipped)
        print('exact=%.2f%% close=%.2f%% maxdiff=%d' % (e, c, m))
        return
    da, db = sys.argv[1], sys.argv[2]
    for f in sorted(os.listdir(da)):
        if not f.endswith('.ppm'):
            continue
        name = f[:-4]
        if not os.path.exists(os.path.join(db, f)):
            print('%s missing' % name)
            continue
        e, c, m = compare(os.path.join(da, f), os.path.join(db, f))
        print('%s exact=%.2f%% close=%.2f%% maxdiff=%d' % (name, e, c, m))


if __name__ == '__main__':
    main()
