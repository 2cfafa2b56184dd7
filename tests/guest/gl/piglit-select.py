#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The piglit subset the GL guest test runs, chosen by rule from the test
lists of Debian's piglit package (its `quick` profile, as pre-built XML).

    piglit-select.py [--every N] [--keep P/Q] [--sampling FILE]
                     QUICK_GL.xml.gz QUICK_SHADER.xml.gz

The rule, applied in this order, each step counted on stderr:
 1. the GL tests of the `quick` profile (quick_gl and quick_shader;
    glslparser, compile-only, is left out);
 2. groups for what crocus exposes on G45: spec@!opengl 1.0 to 2.1,
    spec@glsl-1.10, spec@glsl-1.20, spec@!opengl es 2.0, spec@glsl-es-1.00;
 3. tests whose files the image carries (it leaves out the package's
    1.9 GB of generated_tests);
 4. one in N (default 5) by CRC-32 of the name (crc % N == 0), and of
    those P in Q (default 3/4) by the CRC's next digits
    ((crc // N) % Q < P), to fit the test run's time: the 3/4 cut keeps
    the test command under 60 minutes from an empty cache, and chooses
    from the one-in-5 set, so every test it runs ran before it;
 5. minus the tests that allocate until the guest's memory runs out
    (EXHAUST): max-texture-size grows textures until allocation fails; in
    the 2 GiB guest the kernel's OOM killer ends it (seen once the device
    drew fast enough to get that far, on 2026-11-26) and the guest's CPU 0
    stopped taking timer interrupts minutes later, with the rest of the
    subset unrun;
 6. minus the tests during which a guest vCPU was lost (STALL): twice,
    on 2026-11-26 and 2026-11-27, one vCPU of the TCG guest stopped taking
    interrupts while crocus ran tex-miplevel-selection (30 s of heavy
    texturing each), and never took one again.  QEMU's `info lapic` of the
    lost CPU showed the timer vector 236 in service (ISR) and pending
    (IRR) with PPR 0xe0 while the CPU sat in HLT: an interrupt accepted
    by the local APIC whose handler never ran (or whose EOI never came),
    so every later timer and device interrupt was blocked.  The guest
    then hung whenever it needed that CPU (an IPI, the power-off).  The
    cause (the device, or TCG's interrupt delivery under the load those
    tests make) is not found; docs/guest-gl.md says what is known.
Texture sampling is included since the sampler exists (issue #13); the
count of sampling tests (names matching SAMPLING, which catches some
vertex tests too) is printed, and --sampling FILE lists their names, so
that the figure without them (issue #12's rule) can be told apart.
Prints "name<TAB>argv..." lines, sorted by name.
"""
import argparse
import gzip
import re
import sys
import zlib
import xml.etree.ElementTree as ET

GROUPS = re.compile(r'spec@(!opengl (1\.[0-5]|2\.[01])|glsl-1\.(10|20)|'
                    r'!opengl es 2\.0|glsl-es-1\.00)@')
EXHAUST = {'spec@!opengl 1.1@max-texture-size'}
STALL = re.compile(r'^spec@glsl-1\.20@execution@tex-miplevel-selection ')
SAMPLING = re.compile(r'tex|sampler|mipmap|cube|lod|shadow|bitmap|drawpix|'
                      r'copypix|sprite|fbo', re.I)


def tests(path):
    root = ET.parse(gzip.open(path)).getroot()
    for t in root.findall('Test'):
        opts = {o.get('name'): o.get('value') for o in t.findall('option')}
        cmd = opts.get('command')
        if cmd is None:
            continue
        # a Python list literal of strings
        argv = re.findall(r"'((?:[^'\\]|\\.)*)'", cmd)
        yield t.get('name'), t.get('type'), argv


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--every', type=int, default=5)
    ap.add_argument('--keep', default='3/4')
    ap.add_argument('--sampling')
    ap.add_argument('lists', nargs='+')
    a = ap.parse_args()
    steps = []
    all_ = [t for p in a.lists for t in tests(p)]
    steps.append(('quick GL tests', len(all_)))
    sel = [t for t in all_ if GROUPS.match(t[0])]
    steps.append(('GL <= 2.1, GLSL 1.10/1.20, GLES 2.0 groups', len(sel)))
    sel = [t for t in sel if not any(x.startswith('generated_tests/')
                                     for x in t[2])]
    steps.append(('files in the image', len(sel)))
    sel = [t for t in sel
           if zlib.crc32(t[0].encode()) % a.every == 0]
    steps.append(('one in %d' % a.every, len(sel)))
    keep, of = (int(x) for x in a.keep.split('/'))
    sel = [t for t in sel
           if zlib.crc32(t[0].encode()) // a.every % of < keep]
    steps.append(('%d in %d of those' % (keep, of), len(sel)))
    sel = [t for t in sel if t[0] not in EXHAUST]
    steps.append(('minus those exhausting memory', len(sel)))
    sel = [t for t in sel if not STALL.match(t[0])]
    steps.append(('minus those a guest vCPU was lost in', len(sel)))
    steps.append(('  of them texture sampling (by name)',
                  len([t for t in sel if SAMPLING.search(t[0])])))
    if a.sampling:
        with open(a.sampling, 'w') as f:
            for name, _, _ in sorted(sel):
                if SAMPLING.search(name):
                    print(name, file=f)
    for what, n in steps:
        print('# %-48s %5d' % (what, n), file=sys.stderr)
    for name, _, argv in sorted(sel):
        print('\t'.join([name] + argv))


if __name__ == '__main__':
    main()
