#!/usr/bin/env bash
# hwgpu benchmarks: print figures, assert nothing.
#   scripts/bench.sh
# Now: host seconds from QEMU start to the guest's init and to power-off
# (TCG), per kernel.  Later blocks add EU throughput, fill rate and a Mesa
# workload here.
source "$(dirname "$0")/lib.sh"
"$HWGPU_REPO/scripts/setup.sh" >/dev/null 2>&1 || die "set-up failed; run scripts/setup.sh"
for kernel in bookworm trixie; do
    d=$(mktemp -d)
    t0=$(date +%s.%N)
    "$HWGPU_REPO/scripts/guest-boot.sh" --kernel $kernel --machine q35 --hold 0 \
        --out "$d" >/dev/null 2>&1 &
    pid=$!
    tinit=
    while kill -0 $pid 2>/dev/null; do
        if [ -z "$tinit" ] && grep -q HWGPU-INIT "$d/serial.log" 2>/dev/null; then
            tinit=$(date +%s.%N)
        fi
        sleep 0.1
    done
    wait $pid; rc=$?
    t1=$(date +%s.%N)
    up=$(sed -n 's/^HWGPU-INIT uptime=//p' "$d/serial.log")
    printf 'boot %-8s (TCG, q35): to init %.1f s host (guest uptime %s s), to power-off %.1f s%s\n' \
        $kernel "$(awk "BEGIN{print ${tinit:-$t1} - $t0}")" "${up:-?}" "$(awk "BEGIN{print $t1 - $t0}")" \
        "$([ $rc = 0 ] || echo ' (FAILED)')"
    rm -rf "$d"
done
