#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Boot the busybox guest on QEMU with `-vga none -device intel-g45`, take a
# PNG screendump while it holds, and keep its serial log.
#   guest-boot.sh [--kernel bookworm|trixie] [--machine q35|pc] [--vnc :N]
#                 [--hold SECONDS] [--timeout SECONDS] [--gpu-props P=V,...]
#                 [--append "KERNEL ARGS"] [--initrd initrd|initrd-clients]
#                 [--device DEV] --out DIR [-- EXTRA QEMU ARGS]
# --device bochs-display boots QEMU's bochs-display with bochs-drm instead
# (the benchmark's reference; --gpu-props then does not apply);
# --device radeon-rv770 boots our RV770 with radeon.
source "$(dirname "$0")/lib.sh"
kernel=bookworm machine=q35 vnc= hold=4 timeout=240 out= props= extra=
device=intel-g45
initrd=initrd
while [ $# -gt 0 ]; do
    case $1 in
    --kernel) kernel=$2; shift 2 ;;
    --machine) machine=$2; shift 2 ;;
    --vnc) vnc=$2; shift 2 ;;
    --hold) hold=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --gpu-props) props=,$2; shift 2 ;;
    --append) extra=" $2"; shift 2 ;;
    --initrd) initrd=$2; shift 2 ;;
    --device) device=$2; shift 2 ;;
    --) shift; break ;;
    *) die "unknown option $1" ;;
    esac
done
[ -n "$out" ] || die "--out DIR is required"
[ -x "$HWGPU_QEMU" ] || die "no QEMU build; run scripts/setup.sh"
vmlinuz=$HWGPU_GUEST/vmlinuz-$kernel
[ -e "$vmlinuz" ] || die "no $kernel kernel; run scripts/setup.sh"
mkdir -p "$out"; out=$(cd "$out" && pwd)
rm -f "$out/serial.log" "$out/screen.png" "$out/qmp.sock"

accel=tcg
# This project's own machines have no usable KVM; users' may.
[ "${HWGPU_KVM:-0}" = 1 ] && [ -w /dev/kvm ] && accel=kvm
display=(-display none)
[ -n "$vnc" ] && display=(-display none -vnc "127.0.0.1$vnc")
[ "$timeout" -lt $((hold + 120)) ] && timeout=$((hold + 120))

# q35's AHCI controller makes SeaBIOS spend ~30 s (TCG) probing for disks
# this guest does not have; the initramfs needs no disk.
mach=$machine
[ "$machine" = q35 ] && mach=q35,sata=off
gpu="intel-g45,addr=02.0$props"
if [ "$device" = bochs-display ]; then
    gpu=bochs-display,addr=02.0
    extra="$extra hwgpu.drv=bochs"
elif [ "$device" = radeon-rv770 ]; then
    gpu="radeon-rv770,addr=02.0$props"
    extra="$extra hwgpu.drv=radeon"
fi
t0=$SECONDS
"$HWGPU_QEMU" -accel $accel -machine "$mach" -m 1024 -vga none -nic none \
    -device "$gpu" -no-reboot "${display[@]}" \
    -kernel "$vmlinuz" -initrd "$HWGPU_GUEST/$initrd.cpio.gz" \
    -append "console=tty0 console=ttyS0 no_timer_check panic=-1 hwgpu.hold=$hold$extra" \
    -serial "file:$out/serial.log" -qmp "unix:$out/qmp.sock,server,wait=off" \
    -D "$out/qemu.log" -d guest_errors,unimp "$@" &
qpid=$!

shot() {
    /usr/bin/python3 "$HWGPU_REPO/scripts/qmp.py" "$out/qmp.sock" screendump "$out/screen.png"
}

shot_done=0
hold_shot() {
    if [ $shot_done = 0 ] && grep -q HWGPU-HOLD "$out/serial.log" 2>/dev/null; then
        sleep 2
        shot && log "screenshot at $((SECONDS - t0)) s" || log "screendump failed"
        shot_done=1
    fi
}
wait_qemu $qpid "$timeout" $t0 hold_shot
status=$qemu_status
log "guest ran $((SECONDS - t0)) s (QEMU exit status ok: $([ $status = 0 ] && echo yes || echo no))"
grep -q HWGPU-DONE "$out/serial.log" 2>/dev/null || { log "guest did not reach HWGPU-DONE"; status=1; }
log "serial log: $out/serial.log"
log "screenshot: $out/screen.png"
exit $status
