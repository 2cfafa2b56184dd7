#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs in the GL guest (as run.sh, see tests/guest/piglit-test.sh): each
# test of $HWGPU_IN/list.txt ("name<TAB>argv...", chosen by
# piglit-select.py) with -auto -fbo on the GBM platform, once on crocus
# and once on llvmpipe held to GL 2.1 / GLSL 1.20.  Writes
# $HWGPU_OUT/piglit-DRIVER.txt: "result seconds name" per test.
IN=$HWGPU_IN OUT=$HWGPU_OUT
P=/usr/lib/x86_64-linux-gnu/piglit
# waffle takes the first render node by default, where kms_swrast (llvmpipe
# on GBM) cannot create its dumb buffers
export XDG_RUNTIME_DIR=/tmp HOME=/tmp PIGLIT_PLATFORM=gbm PATH=$P/bin:$PATH
export WAFFLE_GBM_DEVICE=/dev/dri/card0
modprobe i915
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/dri/card0 ] && break; sleep 0.5; done
# A slow emulated GPU is not a stuck one: i915's heartbeat (reset after
# about four intervals of 2.5 s) gets 20 s intervals (see gl.sh)
hb=/sys/class/drm/card0/engine/rcs0/heartbeat_interval_ms
[ -w $hb ] && echo 20000 > $hb
cat /proc/sys/kernel/tainted > "$OUT/tainted-before"
cd "$P" || exit 1

# one test: its result from the "PIGLIT: {"result": ...}" line, else
# from how it ended (124: the timeout)
one() {
    t0=$(date +%s%N)
    o=$(timeout -k 5 60 "$@" -auto -fbo 2>&1)
    rc=$?
    t1=$(date +%s%N)
    r=$(printf '%s\n' "$o" | sed -n 's/^PIGLIT: {"result": *"\([a-z]*\)".*/\1/p' | tail -n1)
    if [ -z "$r" ]; then
        case $rc in
        0) r=pass ;; 124|137) r=timeout ;; *) r=crash ;;
        esac
    fi
    echo "$r $(( (t1 - t0) / 1000000 ))"
    [ "$r" = pass ] || printf '%s\n' "$o" | tail -n 5 > "$OUT/log-$drv/$(echo "$name" | tr '/ @!' '____').txt"
}

for drv in crocus llvmpipe; do
    mkdir -p "$OUT/log-$drv"
    echo "=== piglit-$drv"
    while IFS="$(printf '\t')" read -r name argv; do
        [ -n "$name" ] || continue
        # the argv has no quoting or spaces inside words (see the list)
        if [ $drv = crocus ]; then
            res=$(one $argv)
        else
            res=$(MESA_LOADER_DRIVER_OVERRIDE=kms_swrast LIBGL_ALWAYS_SOFTWARE=1 \
                  MESA_GL_VERSION_OVERRIDE=2.1 MESA_GLSL_VERSION_OVERRIDE=120 \
                  one $argv)
        fi
        echo "$res $name" >> "$OUT/piglit-$drv.txt"
    done < "$IN/list.txt"
    echo "=== end piglit-$drv rc=0"
done
cat /proc/sys/kernel/tainted > "$OUT/tainted-after"
echo "=== done"
