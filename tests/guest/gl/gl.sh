#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs in the GL guest (as run.sh, see scripts/guest-gl.sh): the GL checks
# of tests/guest/gl-test.sh.  Every result goes to $HWGPU_OUT; sections of
# the log are "=== NAME" ... "=== end NAME rc=N".
. "$HWGPU_IN/section.sh"
modprobe i915
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/dri/card0 ] && break; sleep 0.5; done
cat /proc/sys/kernel/tainted > "$OUT/tainted-before"
# i915 declares rcs0 hung when its heartbeat request waits behind other
# work for about four heartbeat intervals (2.5 s by default).  The
# emulated G45 draws far slower than the chip, and two clients' queues of
# heavy scenes can keep it busy longer than that without being stuck: the
# interval is 20 s for the GL work and back at its default for the
# garbage client, whose self-looping batch must be caught as on hardware.
hb=/sys/class/drm/card0/engine/rcs0/heartbeat_interval_ms
hb0=$(cat $hb 2>/dev/null)
[ -w $hb ] && echo 20000 > $hb
echo "heartbeat_interval_ms $hb0 -> $(cat $hb 2>/dev/null)"

section eglinfo eglinfo -B -p gbm
section info-crocus "$IN/glscenes" info
mkdir -p "$OUT/crocus" "$OUT/llvmpipe" "$OUT/par1" "$OUT/par2"
section scenes-crocus "$IN/glscenes" render "$OUT/crocus"
# llvmpipe in the same guest, held to what crocus exposes on G45
section scenes-llvmpipe env MESA_LOADER_DRIVER_OVERRIDE=kms_swrast \
    LIBGL_ALWAYS_SOFTWARE=1 MESA_GL_VERSION_OVERRIDE=2.1 \
    MESA_GLSL_VERSION_OVERRIDE=120 "$IN/glscenes" render "$OUT/llvmpipe"
section info-llvmpipe env MESA_LOADER_DRIVER_OVERRIDE=kms_swrast \
    LIBGL_ALWAYS_SOFTWARE=1 "$IN/glscenes" info
# Both vCPUs storing and loading through GTT mmaps while buffers come and
# go (gttstorm.c): the aperture's direct mappings change all the time
section gttstorm "$IN/gttstorm" 15
# two GL clients on the device at the same time
"$IN/glscenes" render "$OUT/par1" > "$OUT/par1.log" 2>&1 &
p1=$!
"$IN/glscenes" render "$OUT/par2" > "$OUT/par2.log" 2>&1 &
p2=$!
wait $p1; r1=$?
wait $p2; r2=$?
echo "=== parallel rc=$r1 $r2"
# A hostile client's garbage 3D batches: i915 resets the GPU, and GL then
# renders the same frames again
[ -n "$hb0" ] && echo "$hb0" > $hb
section gem3dgarbage "$IN/gem3dgarbage" 4242
[ -w $hb ] && echo 20000 > $hb
mkdir -p "$OUT/after"
section scenes-after "$IN/glscenes" render "$OUT/after"
# kmscube on crocus through KMS with page flips, and a screenshot of it
# (kmscube-shot.sh, asked for at kmscube's first rate report, 2 s in): its
# 400 frames leave 4-6 s of flipping after that at 50-75 fps (120 frames
# left 0.4 s at 50 fps, and the shot then sometimes caught fbcon back).
section kmscube "$IN/kmscube-shot.sh" ${HWGPU_KMSCUBE_FRAMES:-400}
# glmark2's default benchmark on crocus, each run for 1 s, full screen.
# The G45's primary plane cannot scan out ARGB8888 (i915 offers it only
# C8, RGB565, XRGB/XBGR8888 and 2101010 there), so glmark2 asks for a
# visual without alpha, as it must on the real chip; eight screenshots on
# the way, 10 s apart from 20 s in (which scene is on screen at a given
# time depends on speed, and some scenes are dark or nearly flat).
( sleep 10; for s in 1 2 3 4 5 6 7 8; do sleep 10; echo HWGPU-SHOT > /dev/console; done ) &
section glmark2 timeout 900 glmark2-es2-drm --visual-config a=0 -b :duration=1
cat /proc/sys/kernel/tainted > "$OUT/tainted-after"
cat /sys/kernel/debug/dri/0/i915_wedged > "$OUT/wedged" 2>/dev/null ||
    { mount -t debugfs none /sys/kernel/debug 2>/dev/null;
      cat /sys/kernel/debug/dri/0/i915_wedged > "$OUT/wedged" 2>/dev/null; }
echo "=== done"
