#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Snapshots and live migration of a GL guest in the middle of GPU work
# (TCG, q35, the GL image): the guest renders our GL scenes
# (tests/guest/gl/glscenes.c) on crocus in four rounds
# (tests/guest/gl/migrate.sh).  Round 0 runs undisturbed; then, each a few
# seconds into a round while crocus draws:
#   round 1: savevm p1;
#   round 2: loadvm p1 (the guest goes back into round 1 and does it again);
#   round 2, again: savevm p2 and at once loadvm p2;
#   round 3: live migration to a second QEMU process (-incoming), which
#            finishes the work;
#   then, on the destination, savevm and loadvm while kmscube flips pages.
# Every round's frames must equal round 0's bit for bit; no GPU hang, a
# clean dmesg.  Prints the stream's size and the downtime.  Speaks TAP.
source "$(dirname "$0")/../../scripts/lib.sh"
source "$(dirname "$0")/tap.sh"

dir=$HWGPU_CACHE/test-results/migrate
g=$HWGPU_GUEST/gl
rm -rf "$dir"; mkdir -p "$dir/in"
cp "$HWGPU_REPO/tests/guest/gl/migrate.sh" "$dir/in/run.sh"
gcc -O2 -Wall -o "$dir/in/glscenes" "$HWGPU_REPO/tests/guest/gl/glscenes.c" \
    -lEGL -lOpenGL -lgbm -lm || { notok "glscenes builds"; tap_end; exit 1; }
tar -cf "$dir/in.tar" -C "$dir/in" .
# Both QEMU processes open the same disks: qcow2 (savevm keeps its
# snapshots there), the image read-only under an overlay.
qemu-img create -q -f qcow2 -b "$g/gl.img" -F raw "$dir/root.qcow2" &&
    qemu-img create -q -f qcow2 "$dir/out.qcow2" 256M ||
    { notok "qcow2 disks for the guest"; tap_end; exit 1; }
gl_guest_args q35 "" "$dir/root.qcow2,format=qcow2" "$dir/in.tar" \
    "$dir/out.qcow2,format=qcow2"
qmp() { /usr/bin/python3 "$HWGPU_REPO/scripts/qmp.py" "$@"; }

t0=$SECONDS
"$HWGPU_QEMU" "${GL_ARGS[@]}" -serial "file:$dir/serial.log" \
    -qmp "unix:$dir/qmp.sock,server,wait=off" -D "$dir/qemu.log" \
    -d guest_errors,unimp &
src=$!

# The scene every step lands in: scene 12, "many", keeps crocus busy for
# 8 s (GLSCENES_MANY_MS in migrate.sh), and a scene's line shows when it
# is done.
BUSY="scene 12 " BEFORE="scene 11 "
# seen FILE N K PATTERN: PATTERN shows in FILE after the K-th
# "HWGPU-ROUND N".
seen() {
    awk -v m="HWGPU-ROUND $2" -v k="$3" -v p="$4" \
        'index($0, m) {c++} c >= k && index($0, p) {f = 1} END {exit !f}' \
        "$1" 2>/dev/null
}
# until_busy N K: wait until round N (its K-th start) is drawing BUSY.
until_busy() {
    local t=$SECONDS
    until seen "$dir/serial.log" "$1" "$2" "$BEFORE"; do
        kill -0 $src 2>/dev/null || return 1
        [ $((SECONDS - t)) -gt 900 ] && return 1
        sleep 0.2
    done
    round=$1 nth=$2
}
# at WHAT CMD...: a step of the plan, logged with its time.  The VM stops
# as the step starts, which must be while BUSY draws (its line not shown
# yet); the engines then finish the command they are in (a draw) and the
# state is taken with the rest of the scene's work in flight.
steps_ok=1
at() {
    local what=$1; shift
    local t=$SECONDS out rc mid=yes
    seen "$dir/serial.log" $round $nth "$BUSY" && mid=no
    out=$("$@" 2>&1); rc=$?
    echo "# $what: rc=$rc in $((SECONDS - t)) s at $((SECONDS - t0)) s," \
         "mid-draw=$mid${out:+: $out}"
    [ $rc = 0 -a $mid = yes ] || steps_ok=0
    return $rc
}

until_busy 1 1 && at "savevm p1 (round 1)" qmp "$dir/qmp.sock" hmp "savevm p1" &&
until_busy 2 1 && at "loadvm p1 (round 2)" qmp "$dir/qmp.sock" hmp "loadvm p1" &&
until_busy 2 2 && at "savevm p2 + loadvm p2 (round 2 again)" \
    eval 'qmp "$dir/qmp.sock" hmp "savevm p2" && qmp "$dir/qmp.sock" hmp "loadvm p2"' ||
    steps_ok=0
check "savevm and loadvm at three points, each while crocus draws" \
    [ $steps_ok = 1 ]

# The destination: the same machine, waiting for the stream.
"$HWGPU_QEMU" "${GL_ARGS[@]}" -serial "file:$dir/serial-dst.log" \
    -qmp "unix:$dir/qmp-dst.sock,server,wait=off" -D "$dir/qemu-dst.log" \
    -d guest_errors,unimp -incoming "unix:$dir/mig.sock" &
dst=$!
for i in $(seq 100); do [ -S "$dir/mig.sock" ] && break; sleep 0.1; done
until_busy 3 1
mig=$(qmp "$dir/qmp.sock" migrate "unix:$dir/mig.sock")
check "live migration to a second QEMU in round 3: $mig" \
    grep -q '^status=completed ' <<<"$mig"
echo "# migration: $mig"
qmp "$dir/qmp-dst.sock" wait-running 60 >/dev/null
check "the destination runs the guest on" [ $? = 0 ]
kill $src 2>/dev/null; wait $src 2>/dev/null
# On the destination, while kmscube flips pages: savevm and loadvm.
t=$SECONDS
until grep -q HWGPU-KMS "$dir/serial-dst.log" 2>/dev/null; do
    kill -0 $dst 2>/dev/null && [ $((SECONDS - t)) -lt 600 ] || break
    sleep 0.2
done
sleep 3
kms=$( { qmp "$dir/qmp-dst.sock" hmp "savevm p3" &&
         qmp "$dir/qmp-dst.sock" hmp "loadvm p3"; } 2>&1)
check "savevm and loadvm on the destination while kmscube flips${kms:+: $kms}" \
    [ $? = 0 ]
wait_qemu $dst 1500 $t0
log "guest ran $((SECONDS - t0)) s (two QEMU processes)"
check "the guest finished its work on the destination" \
    grep -q HWGPU-DONE "$dir/serial-dst.log"
# The busy scene ended on the destination: the switch came mid-draw.
mid=no
seen "$dir/serial.log" 3 1 "$BUSY" || { grep -q "$BUSY" "$dir/serial-dst.log" && mid=yes; }
check "the migration came while crocus drew (round 3's busy scene ended on the destination)" \
    [ $mid = yes ]

r=$dir/result
mkdir -p "$r"
qemu-img convert -O raw "$dir/out.qcow2" "$dir/out.raw" &&
    tar -xf "$dir/out.raw" -C "$r" 2>/dev/null
rm -f "$dir/out.raw" "$dir/in.tar"
check "every round rendered its scenes: $(grep -c '^round [0-3] rc=0' "$r/run.log" 2>/dev/null) of 4" \
    [ "$(grep -c '^round [0-3] rc=0' "$r/run.log" 2>/dev/null)" = 4 ]
# (vblank waits and flip completions carried through the snapshot: a
# frame counter or a flip lost would leave kmscube waiting.  kmscube -c 600
# ends with "Rendered 599 frames", as -c 400 ends with 399 in the GL test.)
kline=$(grep '^kmscube rc=' "$r/run.log" 2>/dev/null)
check "kmscube flipped its frames through the snapshot (${kline:-no result})" \
    grep -q '^kmscube rc=0 Rendered 599 frames' <<<"$kline"
nframes=$(ls "$r/r0"/*.ppm 2>/dev/null | wc -l)
for k in 1 2 3; do
    same=0 diff=
    for f in "$r/r0"/*.ppm; do
        if cmp -s "$f" "$r/r$k/$(basename "$f")"; then
            same=$((same + 1))
        else
            diff="$diff $(basename "$f" .ppm)"
        fi
    done
    check "round $k's frames equal round 0's, bit for bit ($same of $nframes${diff:+; differ:$diff})" \
        [ "$nframes" -ge 27 -a "$same" = "$nframes" ]
done
# The undisturbed round against the GL test's crocus frames, when that ran
# (same scenes, same guest): printed.
ref=$HWGPU_CACHE/test-results/gl/result/crocus
if [ -d "$ref" ]; then
    same=0
    for f in "$r/r0"/*.ppm; do cmp -s "$f" "$ref/$(basename "$f")" && same=$((same + 1)); done
    echo "# round 0 against the GL test's crocus frames: $same of $nframes identical"
fi

d=$r/dmesg.txt
check "no GPU hang in dmesg" [ -f "$d" -a "$(grep -c 'GPU HANG' "$d" 2>/dev/null)" = 0 ]
check "i915 not wedged" bash -c "[ \"\$(cat '$r/wedged' 2>/dev/null || echo 0)\" = 0 ]"
check "kernel not tainted" [ "$(cat "$r/tainted-after" 2>/dev/null)" = 0 ]
check "no *ERROR* lines in dmesg besides atomic update timing" \
    bash -c "! grep -F '*ERROR*' '$d' | grep -iv 'atomic update failure' | grep ."
tap_end
