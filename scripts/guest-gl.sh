#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Boot the GL guest image (scripts/guest-rootfs.sh) on QEMU with
# `-vga none -device intel-g45` (or --device radeon-rv770), its own kernel and initrd, the image
# read-only (snapshot), the files of IN (with IN/run.sh, run as root) on a
# second disk, and bring back what the guest left in $HWGPU_OUT from a third
# disk into OUT.  A line HWGPU-SHOT on the guest's console takes a PNG
# screendump (OUT/screen.png, OUT/screen-N.png for later ones).
#   guest-gl.sh --in DIR --out DIR [--machine q35|pc] [--timeout S]
#               [--device intel-g45|radeon-rv770] [--gpu-props P=V,...]
#               [-- EXTRA QEMU ARGS]
source "$(dirname "$0")/lib.sh"
in= out= machine=q35 timeout=900 props= device=intel-g45
while [ $# -gt 0 ]; do
    case $1 in
    --in) in=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --machine) machine=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --gpu-props) props=,$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --) shift; break ;;
    *) die "unknown option $1" ;;
    esac
done
[ -n "$in" ] && [ -f "$in/run.sh" ] || die "--in DIR with DIR/run.sh is required"
[ -n "$out" ] || die "--out DIR is required"
g=$HWGPU_GUEST/gl
[ -f "$g/gl.img" ] || die "no GL guest image; run scripts/guest-rootfs.sh"
[ -x "$HWGPU_QEMU" ] || die "no QEMU build; run scripts/setup.sh"
mkdir -p "$out"; out=$(cd "$out" && pwd)
rm -rf "$out"/result "$out"/screen*.png "$out/serial.log" "$out/qmp.sock" "$out/guest-stalls.txt"
tar -cf "$out/in.tar" -C "$in" .
truncate -s 256M "$out/out.img.tmp" && rm -f "$out/out.img" && mv "$out/out.img.tmp" "$out/out.img"
dd if=/dev/zero of="$out/out.img" bs=1M count=1 conv=notrunc status=none

t0=$SECONDS
gl_guest_args "$machine" "$props" "$g/gl.img,format=raw,snapshot=on" \
    "$out/in.tar" "$out/out.img,format=raw" "$device"
"$HWGPU_QEMU" "${GL_ARGS[@]}" \
    -serial "file:$out/serial.log" -qmp "unix:$out/qmp.sock,server,wait=off" \
    -D "$out/qemu.log" -d guest_errors,unimp "$@" &
qpid=$!

shots=0
# Each HWGPU-SHOT line on the console: a screendump.
take_shots() {
    local n name
    n=$(grep -c HWGPU-SHOT "$out/serial.log" 2>/dev/null || true)
    if [ "${n:-0}" -gt $shots ]; then
        name=screen.png
        [ $shots -gt 0 ] && name=screen-$shots.png
        /usr/bin/python3 "$HWGPU_REPO/scripts/qmp.py" "$out/qmp.sock" screendump "$out/$name" &&
            log "screenshot $name at $((SECONDS - t0)) s" || log "screendump failed"
        shots=$((shots + 1))
    fi
}
# HWGPU-DONE comes after the results are written and synced; the guest then
# powers itself off.  A guest whose kernel lost a CPU (RCU stall reports on
# its console: the CPU no longer takes interrupts, seen under TCG) cannot,
# and would sit until the timeout: QEMU is stopped POWEROFF_GRACE seconds
# after HWGPU-DONE, and the stall is named in the log (guest-stalls).
POWEROFF_GRACE=30 done_at= stopped=0
tick() {
    take_shots
    if [ -z "$done_at" ]; then
        if grep -q HWGPU-DONE "$out/serial.log" 2>/dev/null; then
            done_at=$SECONDS
        fi
    elif [ $stopped = 0 ] && [ $((SECONDS - done_at)) -gt $POWEROFF_GRACE ]; then
        log "guest did not power off within $POWEROFF_GRACE s of HWGPU-DONE; stopping QEMU"
        stopped=1; kill "$qpid"
    fi
    return 0
}
wait_qemu $qpid "$timeout" $t0 tick
status=$qemu_status
if [ $stopped = 1 ]; then status=0; fi
# what the guest kernel reported of stalled CPUs, for the tests to show
grep -E 'rcu: .*(detected stalls|timer wakeup didn.t happen)|watchdog: BUG: soft lockup' \
    "$out/serial.log" > "$out/guest-stalls.txt" 2>/dev/null || true
if [ -s "$out/guest-stalls.txt" ]; then
    log "the guest kernel reported stalls ($(grep -c . "$out/guest-stalls.txt") lines, first: $(head -n1 "$out/guest-stalls.txt" | cut -c1-120))"
fi
log "guest ran $((SECONDS - t0)) s"
mkdir -p "$out/result"
tar -xf "$out/out.img" -C "$out/result" 2>/dev/null && [ -f "$out/result/dmesg.txt" ] ||
    { log "no results on the output disk"; status=1; }
rm -f "$out/in.tar" "$out/out.img"
grep -q HWGPU-DONE "$out/serial.log" 2>/dev/null || { log "guest did not reach HWGPU-DONE"; status=1; }
exit $status
