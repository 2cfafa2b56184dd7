#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Overlay our files on a QEMU source tree: directory symlinks, one appended
# line in each of two QEMU meson files and one inserted line in QEMU's
# top-level meson.build (our trace-events), and the fixes to QEMU itself in
# scripts/qemu-patches/.  Idempotent.
#   scripts/qemu-overlay.sh QEMU_SRC
source "$(dirname "$0")/lib.sh"
Q=${1:?usage: qemu-overlay.sh QEMU_SRC}
[ -f "$Q/VERSION" ] || die "$Q is not a QEMU source tree"

ln -sfn "$HWGPU_REPO/hw" "$Q/hw/hwgpu"
ln -sfn "$HWGPU_REPO/tests/qtest" "$Q/tests/qtest/hwgpu"
ln -sfn "$HWGPU_REPO/include/hwgpu" "$Q/include/hwgpu"

append_once() { grep -qxF "$2" "$1" || printf '%s\n' "$2" >> "$1"; }
append_once "$Q/hw/meson.build" "subdir('hwgpu')"
append_once "$Q/tests/qtest/meson.build" "subdir('hwgpu')"
# trace-events: QEMU lists the directories that have them in its top-level
# meson.build, before it descends into trace/; ours join that list there.
line="trace_events_subdirs += ['hw/hwgpu/qemu']  # hwgpu"
if ! grep -qxF "$line" "$Q/meson.build"; then
    sed -i '/  # hwgpu$/d' "$Q/meson.build"     # an older layout's line
    grep -qx "subdir('trace')" "$Q/meson.build" ||
        die "QEMU's meson.build has no subdir('trace') line"
    sed -i "/^subdir('trace')\$/i $line" "$Q/meson.build"
fi

# Fixes to QEMU itself (each patch says why); applied once.
for p in "$HWGPU_REPO"/scripts/qemu-patches/*.patch; do
    if patch -d "$Q" -p1 -R -s -f --dry-run < "$p" > /dev/null 2>&1; then
        continue                                # already applied
    fi
    patch -d "$Q" -p1 -N -s < "$p" || die "QEMU patch $(basename "$p") does not apply"
done
