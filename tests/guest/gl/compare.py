#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare two directories of P6 PPM frames (glscenes output) scene by scene.

Prints one line per scene:
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


def compare(a, b):
    wa, ha, pa = read_ppm(a)
    wb, hb, pb = read_ppm(b)
    if (wa, ha) != (wb, hb):
        return 0.0, 0.0, 255
    n = wa * ha
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


def main():
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
