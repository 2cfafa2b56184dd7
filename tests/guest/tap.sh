# SPDX-License-Identifier: GPL-2.0-or-later
# TAP output for the guest tests (sourced after scripts/lib.sh).
#   ok DESC / notok DESC    one result
#   check DESC CMD...       ok if CMD succeeds
#   tap_end                 the plan line
#   console_shot_checks TAG PNG, guest_stalls DIR: shared checks (below)
#   out/rc/has/ran_with/freq_ok/flip_ok NAME: a client's results (tests/guest/clients.sh)
set +e
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
notok() { n=$((n + 1)); echo "not ok $n - $*"; }
check() { local d=$1; shift; if "$@"; then ok "$d"; else notok "$d"; fi; }
tap_end() { echo "1..$n"; }
# guest_stalls DIR: what the guest kernel reported of stalled CPUs during a
# guest-gl.sh boot (DIR/guest-stalls.txt), as TAP comments.  Not a result:
# the guest's CPU stops taking interrupts under TCG now and then (rarely,
# in the longest boots), and what the tests check does not depend on it.
guest_stalls() {
    local f=$1/guest-stalls.txt
    [ -s "$f" ] || return 0
    echo "# warning: the guest kernel reported stalled CPUs ($(grep -c . "$f") lines); the first and last:"
    { head -n 2 "$f"; tail -n 1 "$f"; } | cut -c1-160 | sed 's/^/#   /'
}

# console_shot_checks TAG PNG: the screenshot shows the guest's console
# (not blank) at the EDID's preferred 1024x768.
console_shot_checks() {
    local tag=$1 stat w h frac ncol
    stat=$(/usr/bin/python3 "$HWGPU_REPO/scripts/pngstat.py" "$2" 2>/dev/null)
    echo "# $tag screenshot: ${stat:-none} (width height non-black-fraction colours)"
    read -r w h frac ncol <<<"$stat"
    check "$tag: screenshot shows the console (not blank)" \
        /usr/bin/python3 -c "import sys; sys.exit(0 if float('${frac:-0}') > 0.005 and int('${ncol:-0}') >= 2 else 1)"
    check "$tag: screenshot is the EDID's preferred 1024x768" [ "$w $h" = "1024 768" ]
}

# The results of tests/guest/clients.sh in the serial log $s.
# out NAME: the client's output; rc NAME: its exit status.
out() { sed -n "/^=== client $1: /,/^=== end client $1 rc=/p" "$s" | sed '1d;$d'; }
rc() { sed -n "s/^=== end client $1 rc=//p" "$s"; }
# (no grep -q: under lib.sh's pipefail, a writer cut off by an early exit
# would fail the pipeline)
has() { out "$1" | grep -E "$2" >/dev/null; }
ran_with() { [ "$(rc "$1")" = 0 ] && has "$1" "$2"; }
# The median of a client's "freq: N Hz" lines is within 1% of $refresh.
freq_ok() {
    out "$1" | sed -n 's/^freq: \([0-9.]*\)Hz/\1/p' | sort -n |
        awk -v r="$refresh" '{v[NR]=$1} END {if (NR < 5) exit 1;
            m=v[int((NR+1)/2)]; d=m-r; if (d<0) d=-d; exit !(d <= r/100)}'
}
# Page flips paced by vblank: the upper quartile of the per-60-flips rates
# within 1% of $refresh (faster pacing or another rate moves it).  A flip
# the guest submits late waits for the next vblank, so under TCG some
# samples fall short, which says nothing of the pacing: the median over
# them failed a CI at 74.18 Hz of 74.99, seven of eleven samples being
# 74.1-75.3.  (The first sample can run high: it counts from the start.)
flip_ok() {
    out "$1" | sed -n 's/^freq: \([0-9.]*\)Hz/\1/p' | sort -n |
        awk -v r="$refresh" '{v[NR]=$1} END {if (NR < 5) exit 1;
            q=v[int((3*NR+3)/4)]; d=q-r; if (d<0) d=-d; exit !(d <= r/100)}'
}
