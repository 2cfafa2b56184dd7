#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Scanout cost through QMP: take N screendumps of a running guest and print
the device's own counters (host ns spent converting, lines converted).

    qmp-scanout.py QMP_SOCKET N [quit]
With "quit", QEMU is stopped afterwards.  Prints: "FRAMES NS_PER_FRAME LINES_PER_FRAME APERTURE_MAPS".
"""
import os
import sys
import tempfile

from qmp import Qmp


def main():
    q = Qmp(sys.argv[1])
    path = q.cmd('qom-list', path='/machine/peripheral-anon')
    dev = None
    for p in path.get('return', []):
        if p['type'].startswith('child<intel-g45'):
            dev = '/machine/peripheral-anon/' + p['name']
    if not dev:
        sys.exit('no intel-g45 device')

    def get(prop):
        return q.cmd('qom-get', path=dev, property=prop)['return']

    n = int(sys.argv[2])
    tmp = os.path.join(tempfile.mkdtemp(), 'shot.ppm')
    f0, ns0, l0 = get('x-scanout-frames'), get('x-scanout-ns'), get('x-scanout-lines')
    for _ in range(n):
        q.cmd('screendump', filename=tmp)
    f1, ns1, l1 = get('x-scanout-frames'), get('x-scanout-ns'), get('x-scanout-lines')
    frames = max(f1 - f0, 1)
    print(f1 - f0, (ns1 - ns0) // frames, (l1 - l0) // frames,
          get('x-aperture-maps'), flush=True)
    if sys.argv[3:] == ['quit']:
        q.cmd('quit')


main()
