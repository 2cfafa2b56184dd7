# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by the GL guest's run scripts (gl.sh, radeon.sh; copied beside
# them onto the input disk): the environment they share and section, which
# runs a command between "=== NAME" and "=== end NAME rc=N" lines.
IN=$HWGPU_IN OUT=$HWGPU_OUT
export XDG_RUNTIME_DIR=/tmp HOME=/tmp
section() {
    name=$1; shift
    echo "=== $name"
    "$@"
    echo "=== end $name rc=$?"
}
