#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs in the GL guest (as run.sh, see scripts/guest-gl.sh) for
# tests/guest/migrate-test.sh: our GL scenes on crocus, four rounds, each
# into its own directory.  "HWGPU-ROUND N" on the console as round N
# starts, and each scene's line as it is done, are what the host times
# its snapshots and migration by.
IN=$HWGPU_IN OUT=$HWGPU_OUT
export XDG_RUNTIME_DIR=/tmp HOME=/tmp
modprobe i915
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/dri/card0 ] && break; sleep 0.5; done
cat /proc/sys/kernel/tainted > "$OUT/tainted-before"
# As in gl.sh: the emulated G45 is slower than the chip; i915's heartbeat
# must not take a busy engine for a hung one.
hb=/sys/class/drm/card0/engine/rcs0/heartbeat_interval_ms
[ -w $hb ] && echo 20000 > $hb
# The busy scene ("many") draws for 8 s in every round: a migration's
# passes over RAM take seconds, and its switch must land while crocus
# draws (the scene alone is a quarter of a second since the pipeline
# got faster).  The frames are the same whatever the time.
export GLSCENES_MANY_MS=8000
for r in 0 1 2 3; do
    echo "HWGPU-ROUND $r"
    mkdir -p "$OUT/r$r"
    { "$IN/glscenes" render "$OUT/r$r"; echo "round $r rc=$?"; } 2>&1 |
        tee "$OUT/r$r.log"
done
# Page flips on the display: kmscube on crocus (a snapshot is taken and
# loaded while it flips, 3 s after it starts: 600 frames keep it flipping
# 8 s at 75 fps; 40 frames ended before the snapshot at 73 fps).  It stops
# at the first byte on its standard input: give it none.
mkfifo /tmp/kmscube-in
exec 3<>/tmp/kmscube-in
echo "HWGPU-KMS"
timeout 300 kmscube -c 600 <&3 > "$OUT/kmscube.log" 2>&1
echo "kmscube rc=$? $(grep Rendered "$OUT/kmscube.log" | tail -n1)"
exec 3>&-
cat /proc/sys/kernel/tainted > "$OUT/tainted-after"
cat /sys/kernel/debug/dri/0/i915_wedged > "$OUT/wedged" 2>/dev/null ||
    { mount -t debugfs none /sys/kernel/debug 2>/dev/null;
      cat /sys/kernel/debug/dri/0/i915_wedged > "$OUT/wedged" 2>/dev/null; }
echo "=== done"
