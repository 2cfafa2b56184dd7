#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# hwgpu's main job: set up (idempotent), boot a Linux guest on QEMU with
# `-vga none -device intel-g45`, and save a screenshot of the guest display
# plus the guest's logs.
#   scripts/run.sh [--gl]      (default) the GL disk image: Mesa's crocus
#                              draws kmscube on the emulated G45, a
#                              screenshot of the rendered frame
#   scripts/run.sh --console   the busybox initramfs guest: i915's console
#                  [--kernel bookworm|trixie] [--machine q35|pc]
#                  [--vnc :N]  (keep the console guest on a localhost VNC display)
#   [--out DIR]                where the screenshot and logs go
source "$(dirname "$0")/lib.sh"
mode=gl kernel=bookworm machine=q35 vnc= out=$HWGPU_CACHE/run
while [ $# -gt 0 ]; do
    case $1 in
    --gl) mode=gl; shift ;;
    --console) mode=console; shift ;;
    --kernel) kernel=$2; shift 2 ;;
    --machine) machine=$2; shift 2 ;;
    --vnc) vnc=$2; mode=console; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
    esac
done
step "set-up" "$HWGPU_REPO/scripts/setup.sh"
mkdir -p "$out"
if [ $mode = gl ]; then
    in=$out/in
    rm -rf "$in"; mkdir -p "$in"
    cat > "$in/run.sh" <<'GUEST'
modprobe i915
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/dri/card0 ] && break; sleep 0.5; done
export XDG_RUNTIME_DIR=/tmp HOME=/tmp
"$HWGPU_IN/kmscube-shot.sh" 120 | grep -E 'renderer|version:|Rendered'
GUEST
    cp "$HWGPU_REPO/tests/guest/gl/kmscube-shot.sh" "$in/"
    status=0
    "$HWGPU_REPO/scripts/guest-gl.sh" --machine "$machine" --in "$in" --out "$out" \
        --timeout 600 || status=$?
    cat "$out/result/run.log" 2>/dev/null | tail -n 6 >&2
    log "screenshot of kmscube drawn by crocus: $out/screen.png"
    exit $status
elif [ -n "$vnc" ]; then
    log "guest display on VNC 127.0.0.1$vnc; the guest holds for an hour (Ctrl-C to stop)"
    "$HWGPU_REPO/scripts/guest-boot.sh" --kernel "$kernel" --machine "$machine" \
        --vnc "$vnc" --hold 3600 --out "$out"
else
    "$HWGPU_REPO/scripts/guest-boot.sh" --kernel "$kernel" --machine "$machine" \
        --hold 4 --out "$out"
fi
