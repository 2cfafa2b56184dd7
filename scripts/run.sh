#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# hwgpu's main job: set up (idempotent), boot the stock Debian kernel on
# QEMU with `-vga none -device intel-g45` and save a screenshot of the guest
# display plus the guest's serial log.
#   scripts/run.sh [--kernel bookworm|trixie] [--machine q35|pc]
#                  [--vnc :N]  (keep the guest running on a localhost VNC display)
#                  [--out DIR]
source "$(dirname "$0")/lib.sh"
kernel=bookworm machine=q35 vnc= out=$HWGPU_CACHE/run
while [ $# -gt 0 ]; do
    case $1 in
    --kernel) kernel=$2; shift 2 ;;
    --machine) machine=$2; shift 2 ;;
    --vnc) vnc=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
    esac
done
step "set-up" "$HWGPU_REPO/scripts/setup.sh"
mkdir -p "$out"
if [ -n "$vnc" ]; then
    log "guest display on VNC 127.0.0.1$vnc; the guest holds for an hour (Ctrl-C to stop)"
    "$HWGPU_REPO/scripts/guest-boot.sh" --kernel "$kernel" --machine "$machine" \
        --vnc "$vnc" --hold 3600 --out "$out"
else
    "$HWGPU_REPO/scripts/guest-boot.sh" --kernel "$kernel" --machine "$machine" \
        --hold 4 --out "$out"
fi
