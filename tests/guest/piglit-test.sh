#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# piglit on intel-g45 (TCG, q35, the GL image's bookworm 6.1 kernel and
# Mesa 22.3.6, Debian's piglit): the subset tests/guest/gl/piglit-select.py
# chooses by rule, run on crocus and on llvmpipe (held to GL 2.1 / GLSL
# 1.20) in the same guest: crocus must pass at least 95% of the tests
# llvmpipe passes (issue #12's subset without texture sampling, and the
# whole widened set, issue #13), with no GPU hang.  The lists are saved beside the
# results ($HWGPU_CACHE/test-results/piglit).  Speaks TAP.
source "$(dirname "$0")/../../scripts/lib.sh"
source "$(dirname "$0")/tap.sh"
MIN=95
EVERY=${HWGPU_PIGLIT_EVERY:-5} KEEP=${HWGPU_PIGLIT_KEEP:-3/4}

dir=$HWGPU_CACHE/test-results/piglit
rm -rf "$dir"; mkdir -p "$dir/in"
cp "$HWGPU_REPO/tests/guest/gl/piglit.sh" "$dir/in/run.sh"
/usr/bin/python3 "$HWGPU_REPO/tests/guest/gl/piglit-select.py" --every "$EVERY" --keep "$KEEP" \
    --sampling "$dir/sampling.txt" \
    "$HWGPU_GUEST"/gl/piglit/quick_gl.xml.gz "$HWGPU_GUEST"/gl/piglit/quick_shader.xml.gz \
    > "$dir/in/list.txt" 2> "$dir/selection.txt"
check "the rule chooses $(grep -c . "$dir/in/list.txt") piglit tests" [ -s "$dir/in/list.txt" ]
sed 's/^/# /' "$dir/selection.txt"
"$HWGPU_REPO/scripts/guest-gl.sh" --in "$dir/in" --out "$dir" --timeout 2400 \
    >"$dir/boot.out" 2>&1
check "guest ran piglit on both drivers and finished" [ $? -eq 0 ]
grep -E '^\[hwgpu' "$dir/boot.out" | sed 's/^/# /'
guest_stalls "$dir"
r=$dir/result
c=$r/piglit-crocus.txt l=$r/piglit-llvmpipe.txt
for f in "$c" "$l"; do
    drv=$(basename "$f" .txt); drv=${drv#piglit-}
    [ -f "$f" ] || continue
    echo "# $drv: $(awk '{n[$1]++} END {for (k in n) printf "%s %d  ", k, n[k]}' "$f")" \
         "$(awk '{s += $2} END {printf "(%.0f s)", s / 1000}' "$f")"
    awk '$1 == "pass" {$1 = $2 = ""; sub(/^  /, ""); print}' "$f" | sort > "$dir/pass-$drv.txt"
done
check "both drivers ran every chosen test" \
    [ "$(grep -c . "$c" 2>/dev/null)" = "$(grep -c . "$dir/in/list.txt")" -a \
      "$(grep -c . "$l" 2>/dev/null)" = "$(grep -c . "$dir/in/list.txt")" ]
nl=$(grep -c . "$dir/pass-llvmpipe.txt" 2>/dev/null)
both=$(comm -12 "$dir/pass-llvmpipe.txt" "$dir/pass-crocus.txt" 2>/dev/null | grep -c .)
comm -23 "$dir/pass-llvmpipe.txt" "$dir/pass-crocus.txt" > "$dir/crocus-fails.txt" 2>/dev/null
comm -13 "$dir/pass-llvmpipe.txt" "$dir/pass-crocus.txt" > "$dir/crocus-only.txt" 2>/dev/null
while read -r t; do
    echo "# crocus does not pass: $t ($(grep -F " $t" "$c" | awk '{print $1}' | head -n1))"
done < <(head -n 40 "$dir/crocus-fails.txt")
# Issue #12's figure: the tests of the rule without texture sampling
# (names matching piglit-select.py's SAMPLING), asserted.
sort "$dir/sampling.txt" > "$dir/sampling.sorted"
comm -23 "$dir/pass-llvmpipe.txt" "$dir/sampling.sorted" > "$dir/pass-llvmpipe-nosampling.txt"
nl12=$(grep -c . "$dir/pass-llvmpipe-nosampling.txt")
both12=$(comm -12 "$dir/pass-llvmpipe-nosampling.txt" "$dir/pass-crocus.txt" | grep -c .)
pct12=$(awk -v b="$both12" -v n="$nl12" 'BEGIN {printf "%.1f", n ? 100 * b / n : 0}')
check "without texture sampling: crocus passes $both12 of the $nl12 tests llvmpipe passes ($pct12%, at least $MIN%)" \
    awk -v b="$both12" -v m="$MIN" -v n="$nl12" 'BEGIN {exit !(n > 0 && 100 * b >= m * n)}'
# Issue #13's figure, texture sampling included: asserted as well.
pct=$(awk -v b="$both" -v n="$nl" 'BEGIN {printf "%.1f", n ? 100 * b / n : 0}')
check "with texture sampling: crocus passes $both of the $nl tests llvmpipe passes ($pct%, at least $MIN%)" \
    awk -v b="$both" -v m="$MIN" -v n="$nl" 'BEGIN {exit !(n > 0 && 100 * b >= m * n)}'
echo "# passed by crocus only: $(grep -c . "$dir/crocus-only.txt")"
d=$r/dmesg.txt
check "no GPU hang during piglit" bash -c "[ -f '$d' ] && ! grep -q 'GPU HANG:' '$d'"
check "kernel not tainted" [ "$(cat "$r/tainted-after" 2>/dev/null)" = 0 ]
tap_end
