#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# hwgpu benchmarks: print figures, assert nothing.
#   scripts/bench.sh
# 1. the standalone benchmarks (EU interpreter, command streamer, blitter)
# 2. guest (TCG, q35): host seconds from QEMU start to the guest's init and
#    to the first console output through i915 and through radeon, per
#    kernel; radeon's own buffer-move benchmark on radeon-rv770
# 3. the time the guest takes to fill the 1024x768x32 framebuffer through
#    the aperture, and the host CPU time per scanned-out frame for a static
#    and for a fully changing screen (the device's own counters over 30
#    screendumps)
# 4. 3D: kmscube, glmark2's default benchmark and the GL scenes on crocus
#    beside llvmpipe in the same guest, and triangles/pixels per second of
#    replayed recordings on 1 thread and on every core (kmscube's frames;
#    the "many" scene beside the host's own llvmpipe drawing it natively)
# 5. migration: the stream's size and the downtime of a live migration of
#    the GL guest while crocus draws, and the time of each savevm/loadvm
source "$(dirname "$0")/lib.sh"
"$HWGPU_REPO/scripts/setup.sh" >/dev/null 2>&1 || die "set-up failed; run scripts/setup.sh"

for b in "$HWGPU_STANDALONE_BUILD"/tests/bench/bench-*; do
    [ -x "$b" ] && [ -f "$b" ] || continue
    echo "== $(basename "$b")"
    "$b"
done

# wait_for FILE PATTERN PID: seconds (host) until PATTERN shows in FILE.
wait_for() {
    local t0=$1 file=$2 pat=$3 pid=$4
    while kill -0 "$pid" 2>/dev/null; do
        grep -q "$pat" "$file" 2>/dev/null && { awk "BEGIN{print $(date +%s.%N) - $t0}"; return 0; }
        sleep 0.1
    done
    echo "?"
}

echo "== guest boot (TCG, q35): intel-g45 with i915 and radeon-rv770 with radeon beside QEMU's bochs-display with bochs-drm"
for kernel in bookworm trixie; do
    for dev in intel-g45 radeon-rv770 bochs-display; do
        d=$(mktemp -d)
        t0=$(date +%s.%N)
        "$HWGPU_REPO/scripts/guest-boot.sh" --kernel $kernel --machine q35 --hold 0 \
            --device $dev --out "$d" >/dev/null 2>&1 &
        pid=$!
        tinit=$(wait_for "$t0" "$d/serial.log" HWGPU-INIT $pid)
        tfb=$(wait_for "$t0" "$d/serial.log" "drmfb frame buffer device" $pid)
        wait $pid || true
        printf 'boot %-8s %-13s: to init %s s, to the first DRM console %s s (host)\n' \
            $kernel $dev "$tinit" "$tfb"
        eval "tfb_${dev%%-*}=\$tfb"
        rm -rf "$d"
    done
    for dev in intel radeon; do
        eval "t=\$tfb_$dev"
        echo "boot $kernel: $dev / bochs-display to the console: $(awk -v a="$t" -v b="$tfb_bochs" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else print "?" }')"
    done
done

# radeon's own benchmark (radeon.benchmark=N, Linux's radeon_benchmark.c):
# 1024 moves of 1 MiB buffers through the DMA ring and through the CP's DMA
# ("blit"), timed by the guest.  1: GTT to VRAM and back; 2: VRAM to VRAM.
echo "== radeon.benchmark on radeon-rv770 (trixie, q35; guest-timed)"
for n in 1 2; do
    d=$(mktemp -d)
    "$HWGPU_REPO/scripts/guest-boot.sh" --device radeon-rv770 --kernel trixie --machine q35 \
        --hold 0 --append "radeon.benchmark=$n" --out "$d" >/dev/null 2>&1 || true
    # (the serial log has each line twice: the console's, then dmesg's)
    tr -d '\r' <"$d/serial.log" |
        sed -n "s/^\[ *[0-9.]*\] \[drm\] radeon: \(.* bo moves .*\)/radeon.benchmark=$n: \1/p" |
        awk '!seen[$0]++' 
    rm -rf "$d"
done

echo "== aperture fill and scanout cost (trixie, q35, 1024x768 XRGB8888)"
for mode in static changing; do
    d=$(mktemp -d)
    extra="hwgpu.fbtest"
    [ $mode = changing ] && extra="hwgpu.fbtest hwgpu.fbloop=40"
    t0=$(date +%s.%N)
    "$HWGPU_REPO/scripts/guest-boot.sh" --kernel trixie --machine q35 --hold 45 \
        --append "$extra" --out "$d" -- -qmp "unix:$d/bench.sock,server,wait=off" \
        >/dev/null 2>&1 &
    pid=$!
    wait_for "$t0" "$d/serial.log" HWGPU-HOLD $pid >/dev/null
    sleep 3
    read -r frames ns lines maps < <(/usr/bin/python3 "$HWGPU_REPO/scripts/qmp-scanout.py" "$d/bench.sock" 30 quit)
    fill=$(sed -n 's/.*fill_ms=\([0-9.]*\).*/\1/p' "$d/serial.log" | tr -d '\r')
    [ $mode = static ] && echo "guest fill of the framebuffer through the aperture: ${fill:-?} ms (aperture pages mapped: ${maps:-?})"
    printf 'scanout, %-8s screen: %s us host CPU per frame, %s lines converted per frame (%s frames)\n' \
        $mode "$(awk "BEGIN{printf \"%.0f\", ${ns:-0} / 1000}")" "${lines:-?}" "${frames:-?}"
    wait $pid 2>/dev/null || true
    rm -rf "$d"
done

echo "== 3D: GL on crocus in the guest (TCG, q35), beside llvmpipe"
# kmscube's frame rate on crocus and on llvmpipe (1024x768, page flips),
# where crocus's kmscube frames go (scripts/frame-timeline.py, from the
# device's light trace events: submission, render, interrupt, flip),
# glmark2's default benchmark on both (per-scene frame times, the scores),
# each scene of tests/guest/gl/glscenes.c on both, and a recording of
# kmscube's frames replayed through the pipeline without QEMU.
d=$(mktemp -d)
mkdir -p "$d/in"
gcc -O2 -o "$d/in/glscenes" "$HWGPU_REPO/tests/guest/gl/glscenes.c" -lEGL -lOpenGL -lgbm -lm
cat > "$d/in/run.sh" <<'GUEST'
modprobe i915
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/dri/card0 ] && break; sleep 0.5; done
export XDG_RUNTIME_DIR=/tmp HOME=/tmp
mkfifo /tmp/in; exec 3<>/tmp/in
echo "kmscube crocus: $(kmscube -c 400 <&3 2>&1 | grep Rendered | tail -n1)"
echo "kmscube llvmpipe: $(MESA_LOADER_DRIVER_OVERRIDE=kms_swrast LIBGL_ALWAYS_SOFTWARE=1 kmscube -c 100 <&3 2>&1 | grep Rendered | tail -n1)"
echo 20000 > /sys/class/drm/card0/engine/rcs0/heartbeat_interval_ms
# glmark2's default benchmark, each scene 1 s, on both drivers
glmark2-es2-drm --visual-config a=0 -b :duration=1 2>&1 | grep -E '^\[|Score' | sed 's/^/glmark2 crocus /'
MESA_LOADER_DRIVER_OVERRIDE=kms_swrast LIBGL_ALWAYS_SOFTWARE=1 \
    glmark2-es2-drm --visual-config a=0 -b :duration=1 2>&1 | grep -E '^\[|Score' | sed 's/^/glmark2 llvmpipe /'
mkdir -p /tmp/c /tmp/l
"$HWGPU_IN/glscenes" render /tmp/c | sed 's/^/crocus /'
MESA_LOADER_DRIVER_OVERRIDE=kms_swrast LIBGL_ALWAYS_SOFTWARE=1 \
    "$HWGPU_IN/glscenes" render /tmp/l | sed 's/^/llvmpipe /'
GUEST
"$HWGPU_REPO/scripts/guest-gl.sh" --in "$d/in" --out "$d" --timeout 1500 \
    --gpu-props "x-capture=$d/kmscube.cap,x-capture-draws=70,xmax=1024,ymax=768" \
    -- -trace hwgpu_event -msg timestamp=on >/dev/null 2>&1 || true
grep '^kmscube' "$d/result/run.log"
/usr/bin/python3 "$HWGPU_REPO/scripts/frame-timeline.py" "$d/qemu.log"
echo "glmark2-es2-drm default benchmark (1024x768, 1 s a scene): frame time in ms on crocus, on llvmpipe, and crocus's speed-up (llvmpipe time / crocus time)"
/usr/bin/python3 - "$d/result/run.log" <<'PY'
import re, sys
runs, score = {}, {}
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"glmark2 (\w+) (\[.*?\] .*?): FPS: \d+ FrameTime: ([\d.]+) ms", line)
    if m:
        runs.setdefault(m.group(2), {})[m.group(1)] = float(m.group(3))
    m = re.match(r"glmark2 (\w+) +glmark2 Score: (\d+)", line)
    if m:
        score[m.group(1)] = m.group(2)
mean = {}
for name, t in runs.items():
    c, l = t.get("crocus"), t.get("llvmpipe")
    for k, v in t.items():
        mean.setdefault(k, []).append(1000.0 / v)
    print("  %-60.60s %9s %9s %s" % (name, "%.1f" % c if c else "-", "%.1f" % l if l else "-",
          "x%.2f" % (l / c) if c and l else ""))
for k in ("crocus", "llvmpipe"):
    f = mean.get(k, [])
    print("glmark2 %s: score %s, mean %.2f fps over %d runs" % (k, score.get(k, "?"), sum(f) / len(f) if f else 0, len(f)))
PY
for s in $(sed -n 's/^crocus scene [0-9]* \([a-z_]*\) .*/\1/p' "$d/result/run.log"); do
    printf 'scene %-11s crocus %8s ms  llvmpipe %8s ms\n' "$s" \
        "$(sed -n "s/^crocus scene [0-9]* $s .*ms=\([0-9.]*\).*/\1/p" "$d/result/run.log")" \
        "$(sed -n "s/^llvmpipe scene [0-9]* $s .*ms=\([0-9.]*\).*/\1/p" "$d/result/run.log")"
done
echo "replay of kmscube's first 70 draws (1024x768) without QEMU, on 1 thread and on every host core:"
for t in 1 0; do
    "$HWGPU_STANDALONE_BUILD/tools/gen4-replay" -t $t "$d/kmscube.cap" "$d/replay" | tail -n1
done
# The "many" scene recorded on crocus and replayed without QEMU, beside
# the host's own llvmpipe drawing the same scene natively (EGL
# surfaceless, no guest): the figure the pipeline is to come close to.
glscenes_capture "$d/many" "$d/in/glscenes" many || true
echo "scene many (256x256, 3000 overlapping smooth-shaded triangles): crocus in the guest: $(sed -n 's/.*scene 12 many .*ms=\([0-9.]*\).*/\1/p' "$d/many/result/run.log" 2>/dev/null) ms"
for t in 1 0; do
    echo "  replayed without QEMU: $("$HWGPU_STANDALONE_BUILD/tools/gen4-replay" -t $t "$d/many/many.cap" "$d/many/replay" | tail -n1)"
done
mkdir -p "$d/host"
echo "  the host's llvmpipe, natively: $(GLSCENES_NODE=surfaceless LIBGL_ALWAYS_SOFTWARE=1 "$d/in/glscenes" render "$d/host" many 2>&1 | tail -n1)"
rm -rf "$d"

# 5. Migration of the GL guest while crocus draws (tests/guest/migrate-test.sh):
# the live migration's stream size and downtime, and each savevm/loadvm.
echo "migration of the GL guest in the middle of a draw (2 GiB guest, unix socket, same host):"
bash "$HWGPU_REPO/tests/guest/migrate-test.sh" 2>/dev/null |
    sed -n 's/^# \(migration: .*\)/  \1/p; s/^# \(savevm .*\|loadvm .*\)/  \1/p'
