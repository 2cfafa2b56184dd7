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
