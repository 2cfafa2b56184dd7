#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest boots (TCG): the stock Debian kernels (bookworm 6.1, trixie 6.12) with
# a busybox initramfs on `-vga none -device intel-g45`, q35 and pc.  Checks
# the guest's own lspci output (ID at 00:02.0, BAR types and sizes), that the
# unmodified i915 binds and drives the CRT with the EDID's modes, that the
# kernel log is clean, that the screenshot shows the guest's console at the
# EDID's preferred resolution, that an EDID of 1280x1024 changes the mode,
# and that a pattern written to /dev/fb0 (32 and 16 bpp) appears pixel for
# pixel in the screenshot.  Speaks TAP.
source "$(dirname "$0")/../../scripts/lib.sh"
source "$(dirname "$0")/tap.sh"

# i915_checks TAG SERIAL MODE: the driver bound and drives the CRT at MODE.
i915_checks() {
    local tag=$1 s=$2.txt mode=$3 taint
    tr -d '\r' <"$2" >"$s"     # the serial console ends lines with CR LF
    check "$tag: i915 bound to 00:02.0" grep -q '^HWGPU-I915 driver=i915$' "$s"
    check "$tag: /dev/dri/card0 and /dev/fb0 exist" \
        sh -c "grep -q '^HWGPU-NODE /dev/dri/card0' '$s' && grep -q '^HWGPU-NODE /dev/fb0' '$s'"
    check "$tag: VGA-1 connected, EDID preferred mode $mode first" \
        grep -q "^HWGPU-CONNECTOR card0-VGA-1 connected modes: $mode " "$s"
    check "$tag: fbcon framebuffer is $mode" grep -q "^HWGPU-FB size=${mode/x/,} " "$s"
    check "$tag: no WARNING, BUG or Oops in the kernel log" \
        sh -c "! grep -E 'WARNING:|BUG:|Oops|Call Trace' '$s'"
    # i915's vblank evasion times its register writes in guest time: a
    # vCPU the host deschedules there logs "Atomic update failure" or
    # "Potential atomic update failure" (TCG timing, counted as in
    # gl-test.sh); any other *ERROR* fails
    echo "# $tag: i915 atomic update failure lines (TCG timing): $(grep -ic 'atomic update failure' "$s")"
    check "$tag: no *ERROR* from i915/drm in the kernel log besides atomic update timing" \
        sh -c "! grep -E '\\*ERROR\\*' '$s' | grep -iv 'atomic update failure' | grep ."
    check "$tag: kernel not tainted" grep -qx 'HWGPU-TAINT 0' "$s"
    # The command streamers run: the GPU is not wedged and both engines
    # went idle after the requests i915 submits at load.
    check "$tag: GPU not wedged" grep -qx 'HWGPU-WEDGED 0' "$s"
    check "$tag: i915_engine_info shows rcs0 and vcs0 idle" \
        sh -c "sed -n '/^=== i915_engine_info/,/^=== end/p' '$s' |
               awk '/^(rcs0|vcs0)\$/ {e=\$1} /^Idle\\? yes/ && e {n++; e=\"\"} END {exit !(n == 2)}'"
}

check "qemu-system-x86_64 -device help lists intel-g45" \
    sh -c "'$HWGPU_QEMU' -device help 2>&1 | grep -q '^name \"intel-g45\", bus PCI'"

check "qemu-system-x86_64 -trace help lists the hwgpu events" \
    sh -c "'$HWGPU_QEMU' -trace help 2>&1 | grep -qx hwgpu_event &&
           '$HWGPU_QEMU' -trace help 2>&1 | grep -qx hwgpu_cmd &&
           '$HWGPU_QEMU' -trace help 2>&1 | grep -qx hwgpu_draw &&
           '$HWGPU_QEMU' -trace help 2>&1 | grep -qx hwgpu_guest_error &&
           '$HWGPU_QEMU' -trace help 2>&1 | grep -qx hwgpu_g45_reg_write"

for kernel in bookworm trixie; do
    for machine in q35 pc; do
        tag=$kernel-$machine
        dir=$HWGPU_CACHE/test-results/guest-$tag
        rm -rf "$dir"; mkdir -p "$dir"
        # One boot runs with every hwgpu trace event on (QEMU's log trace
        # backend may write them to the -D log instead of the trace file).
        trace=()
        [ $tag = trixie-q35 ] && trace=(-- -trace "enable=hwgpu_*,file=$dir/trace.log")
        "$HWGPU_REPO/scripts/guest-boot.sh" --kernel $kernel --machine $machine \
            --hold 4 --out "$dir" "${trace[@]}" >"$dir/boot.out" 2>&1
        rc=$?
        if [ $tag = trixie-q35 ]; then
            check "$tag: -trace 'hwgpu_*' logs i915's command stream, disassembled" \
                grep -qE 'hwgpu_cmd intel-g45 cmd: RCS 0x[0-9a-f]+: MI_STORE_DATA_INDEX len=3 offset=0x' "$dir/trace.log" "$dir/qemu.log"
            check "$tag: -trace 'hwgpu_*' logs register writes by name" \
                grep -qE 'hwgpu_g45_reg_write PIPECONF_A \[0x70008\]' "$dir/trace.log" "$dir/qemu.log"
            check "$tag: -trace 'hwgpu_*' logs interrupts raised and cleared" \
                sh -c "grep -hE 'hwgpu_event intel-g45 irq: IIR .*line up' '$dir/trace.log' '$dir/qemu.log' | grep -q . &&
                       grep -hE 'hwgpu_event intel-g45 irq: IIR .*line down' '$dir/trace.log' '$dir/qemu.log' | grep -q ."
        fi
        s=$dir/serial.log
        check "$tag: guest booted and finished" [ $rc -eq 0 ]
        check "$tag: lspci shows 8086:2e22 at 00:02.0" \
            grep -q '^00:02.0 VGA compatible controller \[0300\]: .*\[8086:2e22\]' "$s"
        check "$tag: BAR0 64-bit non-prefetchable 4M" \
            grep -qE 'Region 0: Memory at [0-9a-f]+ \(64-bit, non-prefetchable\) \[size=4M\]' "$s"
        check "$tag: BAR2 64-bit prefetchable 256M" \
            grep -qE 'Region 2: Memory at [0-9a-f]+ \(64-bit, prefetchable\) \[size=256M\]' "$s"
        check "$tag: BAR4 I/O 8 bytes" \
            grep -qE 'Region 4: I/O ports at [0-9a-f]+ \[size=8\]' "$s"
        i915_checks "$tag" "$s" 1024x768
        console_shot_checks "$tag" "$dir/screen.png"
    done
done

# The EDID property picks the mode; /dev/fb0 contents reach the screen
# exactly, at 32 bpp (XRGB8888) and at 16 bpp (RGB565).
fbtest() {
    local tag=$1 kernel=$2 machine=$3 props=$4 append=$5 mode=$6 bpp=$7
    local dir=$HWGPU_CACHE/test-results/guest-$tag s res
    rm -rf "$dir"; mkdir -p "$dir"
    "$HWGPU_REPO/scripts/guest-boot.sh" --kernel $kernel --machine $machine \
        --hold 4 ${props:+--gpu-props "$props"} --append "hwgpu.fbtest $append" \
        --out "$dir" >"$dir/boot.out" 2>&1
    check "$tag: guest booted and finished" [ $? -eq 0 ]
    s=$dir/serial.log
    i915_checks "$tag" "$s" "$mode"
    check "$tag: /dev/fb0 is ${mode/x/,} at $bpp bpp" \
        grep -q "^HWGPU-FBPATTERN $mode bpp=$bpp " "$s"
    res=$(/usr/bin/python3 "$HWGPU_REPO/scripts/fbcheck.py" "$dir/screen.png" "$bpp" 2>"$dir/fbcheck.err")
    echo "# $tag fbcheck: ${res:-none} (mismatches pixels width height)"
    check "$tag: screenshot equals the /dev/fb0 pattern pixel for pixel" \
        [ "$(echo "$res" | cut -d' ' -f1,3,4)" = "0 ${mode/x/ }" ]
}
fbtest edid1280-fb32 trixie q35 "xres=1280,yres=1024" "" 1280x1024 32
fbtest fb16 bookworm pc "" "video=VGA-1:1024x768-16" 1024x768 16
tap_end
