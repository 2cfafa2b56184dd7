#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Real GEM/KMS clients from Debian's packages, run inside the guest after
# i915 has loaded (tests/guest/init with hwgpu.clients): intel-gpu-tools'
# benchmarks and tools, libdrm-tests' modetest and vbltest.  Each client's
# output goes to the serial console between markers, followed by its exit
# status; tests/guest/clients-test.sh checks the results on the host.
B=/usr/libexec/igt-gpu-tools/benchmarks
run() {
    name=$1; t=$2; shift 2
    echo "=== client $name: $*"
    if [ "$(type "$1" 2>/dev/null | grep -c function)" = 1 ]; then
        "$@" > /tmp/out 2>&1
    else
        timeout "$t" "$@" > /tmp/out 2>&1
    fi
    rc=$?
    head -n 60 /tmp/out
    echo "=== end client $name rc=$rc"
}
# radeon (radeon-rv770): the KMS clients only; the GEM ones are i915's.
drv=$(readlink /sys/bus/pci/devices/0000:00:02.0/driver)
if [ "${drv##*/}" = radeon ]; then
    run kms_vblank 60 $B/kms_vblank
    run modetest-list 30 modetest -M radeon -c -p
    conn=$(modetest -M radeon -c | awk '$3 == "connected" {print $1; exit}')
    run modetest-flip 12 modetest -M radeon -s "$conn:1024x768" -v
    run vbltest 12 vbltest -M radeon
    echo "HWGPU-CLIENTS-DONE"
    exit 0
fi
run gem_exec_nop 60 $B/gem_exec_nop
run gem_exec_ctx 60 $B/gem_exec_ctx
run gem_exec_reloc 60 $B/gem_exec_reloc
run gem_latency 60 $B/gem_latency
run gem_blt 60 $B/gem_blt
run gem_create 60 $B/gem_create -s 65536 -r 3 -b
run gem_busy 60 $B/gem_busy
run gem_set_domain 60 $B/gem_set_domain
run intel_upload_blit_small 60 $B/intel_upload_blit_small
run intel_upload_blit_large 60 $B/intel_upload_blit_large
run kms_vblank 60 $B/kms_vblank
run intel_gtt 30 intel_gtt -d
run intel_reg 30 intel_reg dump
run modetest-list 30 modetest -M i915 -c -p
conn=$(modetest -M i915 -c | awk '$3 == "connected" {print $1; exit}')
run modetest-flip 12 modetest -M i915 -s "$conn:1024x768" -v
# The cursor test moves hardware cursors around: read the cursor plane's
# registers twice while it runs.
cursor_regs() {
    # (modetest waits for a key; a pipe that stays open keeps it running)
    sleep 20 | modetest -M i915 -s "$conn:1024x768" -C > /dev/null 2>&1 &
    sleep 4
    intel_reg read 0x70080 0x70084 0x70088
    sleep 1
    intel_reg read 0x70088
    killall modetest
    wait
}
run modetest-cursor 30 cursor_regs
run vbltest 12 vbltest -M i915
# An unprivileged process submits every privileged command in its own
# batches; nothing it does not own may change (tests/guest/gempriv.c).
run gempriv 120 /bin/gempriv
# A hang on purpose: i915 detects it, captures the error state, resets the
# engine; intel_error_decode reads the capture; the GPU works afterwards.
run gemhang 120 /bin/gemhang
run intel_error_decode 60 intel_error_decode /sys/class/drm/card0/error
run gem_exec_nop-after-hang 60 $B/gem_exec_nop
echo "HWGPU-CLIENTS-DONE"
