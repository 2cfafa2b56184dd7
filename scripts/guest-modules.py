#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Copy kernel modules and their dependencies into an initramfs tree.

    guest-modules.py KERNEL_ROOT VERSION DEST [--order NAME] MODULE...

Finds lib/modules/VERSION (or usr/lib/modules/VERSION) under KERNEL_ROOT,
resolves each module's `depends=` from its .modinfo section, decompresses
.ko.xz/.ko.zst files, and writes them to DEST/lib/modules/VERSION/ together
with `load-order` (or NAME), the insmod order (dependencies first).  No
kmod needed.
"""
import lzma
import os
import sys


def read_ko(path):
    data = open(path, 'rb').read()
    if path.endswith('.xz'):
        data = lzma.decompress(data)
    elif path.endswith('.zst'):
        import subprocess
        data = subprocess.run(['zstd', '-dc', path], check=True,
                              capture_output=True).stdout
    return data


def modinfo_depends(data):
    # The .modinfo section is a run of NUL-terminated key=value strings;
    # scanning the whole image for "depends=" is enough and format-agnostic.
    i = data.find(b'\0depends=')
    if i < 0:
        return []
    j = data.index(b'\0', i + 1)
    val = data[i + 9:j].decode()
    return [d for d in val.split(',') if d]


def main():
    root, ver, dest = sys.argv[1:4]
    wanted = sys.argv[4:]
    order_name = 'load-order'
    if wanted[:1] == ['--order']:
        order_name, wanted = wanted[1], wanted[2:]
    base = None
    for cand in ('lib/modules', 'usr/lib/modules'):
        p = os.path.join(root, cand, ver)
        if os.path.isdir(p):
            base = p
    if not base:
        sys.exit('no modules for %s under %s' % (ver, root))
    index = {}
    for d, _, files in os.walk(os.path.join(base, 'kernel')):
        for f in files:
            if '.ko' in f:
                name = f.split('.ko')[0].replace('-', '_')
                index[name] = os.path.join(d, f)
    out = os.path.join(dest, 'lib/modules', ver)
    os.makedirs(out, exist_ok=True)
    order, seen = [], set()

    def visit(name):
        name = name.replace('-', '_')
        if name in seen:
            return
        seen.add(name)
        if name not in index:
            return  # built in
        data = read_ko(index[name])
        for dep in modinfo_depends(data):
            visit(dep)
        with open(os.path.join(out, name + '.ko'), 'wb') as f:
            f.write(data)
        order.append(name)

    for w in wanted:
        visit(w)
    with open(os.path.join(out, order_name), 'w') as f:
        f.write('\n'.join(order) + '\n')
    print('%s: %s' % (ver, ' '.join(order)))


main()
