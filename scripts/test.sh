#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# hwgpu's test command: set-up (idempotent), then unit tests (standalone
# build), the device's qtests, guest boots and real clients in the guest.  Ends with a plain
# "N passed, N failed" line and exits non-zero on any failure.
#   scripts/test.sh            everything (what CI runs)
#   scripts/test.sh --quick    no guest boots: unit, sanitizer and qtests
source "$(dirname "$0")/lib.sh"

quick=0
[ "${1:-}" = --quick ] && quick=1

if [ $quick = 1 ]; then
    step "set-up" "$HWGPU_REPO/scripts/setup.sh" --no-guest
else
    step "set-up" "$HWGPU_REPO/scripts/setup.sh"
fi
step "standalone build (ASan+UBSan)" "$HWGPU_REPO/scripts/build-standalone.sh" asan

pass=0 fail=0
failed=()
out=$HWGPU_CACHE/test-results
rm -rf "$out"; mkdir -p "$out"

# run_tap NAME CMD...: run a TAP-speaking program, count its results.
run_tap() {
    local name=$1; shift
    local log=$out/$name.log p f
    "$@" >"$log" 2>&1
    local rc=$?
    p=$(grep -c '^ok ' "$log" || true)
    f=$(grep -c '^not ok ' "$log" || true)
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1   # crashed or exited non-zero without reporting a failure
    fi
    pass=$((pass + p)); fail=$((fail + f))
    if [ "$f" -ne 0 ]; then
        failed+=("$name"); log "FAIL $name ($p passed, $f failed; log: $log)"
        grep -E '^not ok|ERROR|assert' "$log" | head -n 10 >&2 || true
        # kept for the end of the output: each failure with the comment
        # lines that follow it
        { echo "== $name ($log)"
          awk '/^not ok/ {n = 6; print; next} n && /^#/ {n--; print; next} {n = 0}' "$log" | head -n 24
          [ "$f" -ne 0 ] && [ "$(grep -c '^not ok ' "$log")" -eq 0 ] && tail -n 8 "$log"
        } >> "$out/failures.txt"
    else
        log "ok   $name ($p passed)"
    fi
}

set +e
# 1. unit tests and fuzz targets (standalone build)
for t in "$HWGPU_STANDALONE_BUILD"/tests/unit/test-* "$HWGPU_STANDALONE_BUILD"/tests/fuzz/fuzz-*; do
    [ -x "$t" ] && [ -f "$t" ] || continue
    run_tap "$(basename "$t")" "$t" --tap
done
# 1a. the programs that run EU kernels again with the EU's fast path off:
# the interpreter, the reference the fast path is checked against
for t in "$HWGPU_STANDALONE_BUILD"/tests/unit/test-g4-eu-* "$HWGPU_STANDALONE_BUILD"/tests/unit/test-gen4-*; do
    [ -x "$t" ] && [ -f "$t" ] || continue
    run_tap "interp-$(basename "$t")" env HWGPU_EU_INTERP=1 "$t" --tap
done
# 1b. the same under AddressSanitizer + UndefinedBehaviorSanitizer
asan_build=$(hwgpu_standalone_dir asan)
for t in "$asan_build"/tests/unit/test-* "$asan_build"/tests/fuzz/fuzz-*; do
    [ -x "$t" ] && [ -f "$t" ] || continue
    run_tap "asan-$(basename "$t")" "$t" --tap
done
# 2. qtests.  The glue fuzz target runs its fixed budget from a fixed first
# seed (cases that an hour-long run found clean), so the suite is
# repeatable; set HWGPU_FUZZ_SEED for others, scripts/fuzz-glue.sh for more.
export HWGPU_FUZZ_SEED=${HWGPU_FUZZ_SEED:-777000}
for t in "$HWGPU_QEMU_BUILD"/tests/qtest/hwgpu/*-test; do
    [ -x "$t" ] || continue
    run_tap "qtest-$(basename "$t")" env QTEST_QEMU_BINARY="$HWGPU_QEMU" "$t" --tap -k
done
if [ $quick = 0 ]; then
    # 3. guest smoke boots
    run_tap guest-smoke "$HWGPU_REPO/tests/guest/smoke.sh"
    #    radeon on radeon-rv770
    run_tap guest-radeon "$HWGPU_REPO/tests/guest/radeon-test.sh"
    # 4. real GEM/KMS clients in the guest
    run_tap guest-clients "$HWGPU_REPO/tests/guest/clients-test.sh"
    # 5. GL in the guest: crocus on the emulated G45 against llvmpipe
    run_tap guest-gl "$HWGPU_REPO/tests/guest/gl-test.sh"
    # 6. piglit's rule-chosen subset on crocus and llvmpipe
    run_tap guest-piglit "$HWGPU_REPO/tests/guest/piglit-test.sh"
    # 7. savevm, loadvm and live migration while crocus draws
    run_tap guest-migrate "$HWGPU_REPO/tests/guest/migrate-test.sh"
fi
set -e

[ ${#failed[@]} -eq 0 ] || { cat "$out/failures.txt"; log "failed: ${failed[*]}"; }
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
