# SPDX-License-Identifier: GPL-2.0-or-later
# TAP output for the guest tests (sourced after scripts/lib.sh).
#   ok DESC / notok DESC    one result
#   check DESC CMD...       ok if CMD succeeds
#   tap_end                 the plan line
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
