# SPDX-License-Identifier: GPL-2.0-or-later
# Common helpers for hwgpu's scripts. Sourced, not run.
# Everything that is built or downloaded lives under $HWGPU_CACHE, outside the clone.
set -euo pipefail

HWGPU_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HWGPU_CACHE=${HWGPU_CACHE:-$HOME/.cache/hwgpu}
HWGPU_QEMU_BUILD=$HWGPU_CACHE/qemu-build
HWGPU_QEMU=$HWGPU_QEMU_BUILD/qemu-system-x86_64
HWGPU_STANDALONE_BUILD=$HWGPU_CACHE/standalone-build
# hwgpu_standalone_dir plain|asan|tsan: where that standalone build lives.
hwgpu_standalone_dir() {
    case $1 in
        plain) echo "$HWGPU_STANDALONE_BUILD" ;;
        *) echo "$HWGPU_CACHE/standalone-$1" ;;
    esac
}
# Sanitizer settings for the asan/tsan runs: stop at the first report.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$HWGPU_REPO/tests/tsan.supp}
HWGPU_APT=$HWGPU_CACHE/apt
HWGPU_GUEST=${HWGPU_GUEST:-$HWGPU_CACHE/guest}
export PATH=/usr/lib/ccache:$PATH
export CCACHE_DIR=${CCACHE_DIR:-$HWGPU_CACHE/ccache}

mkdir -p "$HWGPU_CACHE"

log() { printf '[hwgpu %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# wait_qemu PID TIMEOUT T0 [TICK]: wait for a guest's QEMU to exit, calling
# the function TICK every half second; past TIMEOUT seconds from T0 (a
# $SECONDS value) the guest is stopped.  qemu_status: 0 when it exited well.
wait_qemu() {
    local pid=$1 timeout=$2 t0=$3 tick=${4:-:}
    qemu_status=0
    while kill -0 "$pid" 2>/dev/null; do
        "$tick"
        if [ $((SECONDS - t0)) -gt "$timeout" ]; then
            log "guest did not finish in $timeout s; stopping it"
            kill "$pid"; qemu_status=1; break
        fi
        sleep 0.5
    done
    wait "$pid" || qemu_status=1
}

# glscenes_capture OUT GLSCENES SCENE: boot the GL guest once to render
# one scene of tests/guest/gl/glscenes.c (binary GLSCENES) on crocus
# while the device records the 3D work into OUT/SCENE.cap; the frame
# lands in OUT/result/f, glscenes' line in OUT/result/run.log, QEMU's
# output in OUT/boot.out (gl-test.sh, bench.sh).
glscenes_capture() {
    local out=$1 bin=$2 scene=$3
    mkdir -p "$out/in"
    cp "$bin" "$out/in/glscenes"
    cat > "$out/in/run.sh" <<GUEST
modprobe i915
for i in 1 2 3 4 5 6 7 8 9 10; do [ -e /dev/dri/card0 ] && break; sleep 0.5; done
export XDG_RUNTIME_DIR=/tmp HOME=/tmp
mkdir -p "\$HWGPU_OUT/f"
"\$HWGPU_IN/glscenes" render "\$HWGPU_OUT/f" $scene
GUEST
    "$HWGPU_REPO/scripts/guest-gl.sh" --in "$out/in" --out "$out" --timeout 600 \
        --gpu-props "x-capture=$out/$scene.cap" >"$out/boot.out" 2>&1
}

# gl_guest_args MACHINE PROPS ROOT IN OUT [DEVICE]: the QEMU options that
# boot the GL guest image's kernel on DEVICE (intel-g45 unless given;
# device properties PROPS: ",p=v...")
# with ROOT, IN and OUT as -drive "file=" values (options may follow a
# comma), into the array GL_ARGS.  The caller adds -serial, -qmp and more
# (guest-gl.sh, tests/guest/migrate-test.sh).
gl_guest_args() {
    local machine=$1 props=$2 root=$3 in=$4 out=$5 dev=${6:-intel-g45} accel=tcg mach=$1
    local g=$HWGPU_GUEST/gl
    [ "${HWGPU_KVM:-0}" = 1 ] && [ -w /dev/kvm ] && accel=kvm
    [ "$machine" = q35 ] && mach=q35,sata=off
    GL_ARGS=(-accel $accel -machine "$mach" -m 2048 -smp 2 -vga none -nic none
        -device "$dev,addr=02.0$props" -no-reboot -display none
        -kernel "$g/vmlinuz" -initrd "$g/initrd.img"
        -append "root=/dev/vda ro rootfstype=ext4 console=tty0 console=ttyS0 panic=-1 init=/sbin/hwgpu-init"
        -drive "file=$root,if=virtio"
        -drive "file=$in,if=virtio,format=raw,readonly=on"
        -drive "file=$out,if=virtio")
}

# step NAME CMD...: run a long step, printing how long it took.
step() {
    local name=$1; shift
    local t0=$SECONDS
    log "$name ..."
    "$@"
    log "$name done in $((SECONDS - t0)) s"
}

# Debian's python3, not a pyenv shim: configure and meson need it.
HWGPU_PY=/usr/bin/python3

# hwgpu_apt ARGS...: apt-get through the project-private configuration
# (bookworm and trixie, deb and deb-src), which never touches the system's
# apt sources.  Created by setup.sh.
hwgpu_apt() { APT_CONFIG=$HWGPU_APT/apt.conf apt-get -q "$@"; }
