#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Sanitizer runs of the QEMU-independent code (no QEMU needed):
#   scripts/sanitize.sh [asan|tsan|all]     (default: all)
# asan: AddressSanitizer + UndefinedBehaviorSanitizer over every unit test
#       and fuzz target (the fuzz targets at their fixed budget; set
#       HWGPU_FUZZ_RUNS for more);
# tsan: ThreadSanitizer over the unit tests that run the engines' worker
#       threads and the pipeline on a pool of threads.
# Speaks TAP per program; any sanitizer report fails that program.  The
# test suite (scripts/test.sh) runs the asan part on every run.
source "$(dirname "$0")/lib.sh"
what=${1:-all}

n=0 failed=0
run() {
    local variant=$1 t=$2 log rc
    log=$HWGPU_CACHE/sanitize-$variant-$(basename "$t").log
    "$t" --tap >"$log" 2>&1
    rc=$?
    n=$((n + 1))
    if [ $rc -eq 0 ] && ! grep -qE 'ERROR: (Address|Leak|Thread)Sanitizer|WARNING: ThreadSanitizer|runtime error:' "$log"; then
        echo "ok $n - $variant $(basename "$t")"
    else
        failed=$((failed + 1))
        echo "not ok $n - $variant $(basename "$t") (rc $rc; log: $log)"
        grep -m 5 -E 'Sanitizer|runtime error:|^not ok' "$log" | sed 's/^/# /'
    fi
}

set +e
if [ "$what" = asan ] || [ "$what" = all ]; then
    "$HWGPU_REPO/scripts/build-standalone.sh" asan || exit 1
    b=$(hwgpu_standalone_dir asan)
    for t in "$b"/tests/unit/test-* "$b"/tests/fuzz/fuzz-*; do
        [ -x "$t" ] && [ -f "$t" ] && run asan "$t"
    done
fi
if [ "$what" = tsan ] || [ "$what" = all ]; then
    "$HWGPU_REPO/scripts/build-standalone.sh" tsan || exit 1
    b=$(hwgpu_standalone_dir tsan)
    for t in "$b"/tests/unit/test-g45-cs "$b"/tests/unit/test-log \
             "$b"/tests/unit/test-gen4-draw "$b"/tests/unit/test-gen4-vs \
             "$b"/tests/unit/test-gen4-kernels \
             "$b"/tests/unit/test-rv770-cp; do
        [ -x "$t" ] && run tsan "$t"
    done
fi
echo "1..$n"
[ $failed -eq 0 ]
