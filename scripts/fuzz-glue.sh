#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fuzz the intel-g45 QEMU glue (tests/qtest/intel-g45-fuzz-test.c) for a
# given number of CPU-seconds, split over -j parallel instances with
# different seeds, then print operations, crashes and hangs.
#
#   scripts/fuzz-glue.sh [-j N] [-s SEED] [SECONDS]     (default 600, -j 1)
#
# SECONDS is the total budget: each of the N instances runs SECONDS/N
# seconds of wall time (so 3600 -j 2 is one CPU-hour in 30 minutes; QEMU
# and the test each use about half a core).  Needs the QEMU build of
# scripts/setup.sh.  Logs: $HWGPU_CACHE/fuzz-glue/.  Exit status 1 when
# anything was found; each finding is listed with the command replaying it.
source "$(dirname "$0")/lib.sh"

jobs=1
seed=$(( (RANDOM << 15 | RANDOM) % 1000000000 ))
while getopts "j:s:h" o; do
    case $o in
        j) jobs=$OPTARG ;;
        s) seed=$OPTARG ;;
        *) sed -n 2,12p "$0"; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
budget=${1:-600}
[ "$jobs" -ge 1 ] || die "-j wants a positive number"
per=$((budget / jobs))
[ "$per" -ge 6 ] || die "at least 6 seconds per instance"

bin=$HWGPU_QEMU_BUILD/tests/qtest/hwgpu/intel-g45-fuzz-test
[ -x "$bin" ] || die "$bin missing: run scripts/setup.sh --no-guest first"
[ -x "$HWGPU_QEMU" ] || die "$HWGPU_QEMU missing: run scripts/setup.sh first"
out=$HWGPU_CACHE/fuzz-glue
rm -rf "$out"; mkdir -p "$out"

log "fuzzing for $budget s: $jobs instance(s) x $per s, seeds from $seed; logs in $out"
t0=$SECONDS
pids=()
for i in $(seq 0 $((jobs - 1))); do
    # Seeds of instance i: seed + i * 1000000 upwards (one per 6 s case).
    HWGPU_FUZZ_SEED=$((seed + i * 1000000)) HWGPU_FUZZ_SECONDS=$per \
        QTEST_QEMU_BINARY=$HWGPU_QEMU \
        "$bin" --tap -k >"$out/instance-$i.log" 2>&1 &
    pids+=($!)
done
set +e
for p in "${pids[@]}"; do
    wait "$p"
done
set -e
wall=$((SECONDS - t0))

cases=$(cat "$out"/instance-*.log | grep -c '^ok \|^not ok ' || true)
ops=$(cat "$out"/instance-*.log | sed -n 's/^# seed [0-9]*: \([0-9]*\) ops.*/\1/p' |
      awk '{ s += $1 } END { print s + 0 }')
worst=$(cat "$out"/instance-*.log |
        sed -n 's/.*worst liveness check \([0-9.]*\) ms.*/\1/p' |
        sort -g | tail -n 1)
found=$(cat "$out"/instance-*.log | grep -h 'FOUND: seed' || true)
hangs=$(cat "$out"/instance-*.log | grep -c '^HANG:\|did not end within' || true)
failed=$(cat "$out"/instance-*.log | grep -c '^not ok ' || true)
crashes=$((failed - hangs))
[ "$crashes" -ge 0 ] || crashes=0

echo "cases:       $cases"
echo "operations:  $ops ($((ops / (wall > 0 ? wall : 1))) per second over $jobs instance(s))"
echo "worst liveness check: ${worst:-?} ms"
echo "crashes:     $crashes"
echo "hangs:       $hangs"
if [ -n "$found" ]; then
    echo "findings (replay: HWGPU_FUZZ_SEED=<seed> HWGPU_FUZZ_CASES=1"
    echo "  QTEST_QEMU_BINARY=$HWGPU_QEMU $bin --tap):"
    grep -h -B3 'FOUND: seed' "$out"/instance-*.log | grep -v '^# starting' || true
    exit 1
fi
