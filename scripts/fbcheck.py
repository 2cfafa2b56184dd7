#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Compare a screenshot with the pattern tests/guest/fbpattern.c wrote.

    fbcheck.py SCREEN.PNG BPP

Prints "MISMATCHES TOTAL" and exits 0 only when every pixel matches the
pattern as the display engine shows it: 32 bpp XRGB8888 exactly, 16 bpp
RGB565 expanded by bit replication (r5 -> r5<<3 | r5>>2, g6 -> g6<<2 | g6>>4).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pngstat import read_png  # noqa: E402

M = 0xffffffff


def pattern(x, y):
    v = ((x * 2654435761) & M) ^ ((y * 40503 + 0x9e3779b9) & M)
    v ^= v >> 15
    v = (v * 0x2c1b3c6d) & M
    v ^= v >> 12
    return v


def expected(x, y, bpp):
    v = pattern(x, y)
    if bpp == 32:
        return bytes(((v >> 16) & 255, (v >> 8) & 255, v & 255))
    r5, g6, b5 = (v >> 11) & 31, (v >> 5) & 63, v & 31
    return bytes(((r5 << 3) | (r5 >> 2), (g6 << 2) | (g6 >> 4),
                  (b5 << 3) | (b5 >> 2)))


def main():
    w, h, pb, rows = read_png(sys.argv[1])
    bpp = int(sys.argv[2])
    bad = 0
    for y in range(h):
        line = rows[y]
        for x in range(w):
            if line[x * pb:x * pb + 3] != expected(x, y, bpp):
                if bad < 5:
                    sys.stderr.write('(%d,%d): got %s want %s\n' % (
                        x, y, line[x * pb:x * pb + 3].hex(),
                        expected(x, y, bpp).hex()))
                bad += 1
    print(bad, w * h, w, h)
    sys.exit(0 if bad == 0 else 1)


main()
