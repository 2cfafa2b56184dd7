#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest boots (TCG) on `-vga none -device radeon-rv770`: the stock Debian
# kernels (bookworm 6.1, trixie 6.12), q35 and pc, with the busybox
# initramfs loading the unmodified radeon and the RV770's firmware from
# Debian's firmware-amd-graphics.  Checks the guest's lspci (ID, BARs),
# that radeon binds with acceleration (ATOM BIOS, VRAM and GTT, the GART,
# writeback, ring and IB tests on the GFX and DMA rings, the fences
# signalled), that the kernel log is clean, that fbcon comes up at the
# EDID's preferred mode, that an EDID of 1280x1024 changes the mode, and
# that a pattern written to /dev/fb0 appears pixel for pixel in the
# screenshot; before radeon loads, the VGA BIOS's text console.  Then
# Debian's KMS clients (modetest, vbltest) at the mode's
# rate, Mesa's r600 on GBM in the GL image, and radeon.test=3 (buffer moves
# through the DMA ring, semaphores between the rings).  The device has no
# UVD (seed-004.md §4.8): its firmware is left out, and radeon's "failed UVD
# (-2) init" is the one error line allowed on a default command line; with
# radeon.uvd=0 (radeon told there is no UVD) the log has no error line at
# all.  Speaks TAP.
source "$(dirname "$0")/../../scripts/lib.sh"
source "$(dirname "$0")/tap.sh"

# radeon_checks TAG SERIAL MODE: radeon bound, accelerated, drives VGA-1.
radeon_checks() {
    local tag=$1 s=$2.txt mode=$3
    tr -d '\r' <"$2" >"$s"     # the serial console ends lines with CR LF
    check "$tag: radeon bound to 00:02.0" grep -q '^HWGPU-I915 driver=radeon$' "$s"
    check "$tag: radeon read the AtomBIOS from the ROM" \
        grep -q 'ATOM BIOS: HWGPU_RV770_ATOMBIOS' "$s"
    check "$tag: VRAM 256M and GTT sizes reported" \
        sh -c "grep -q 'radeon 0000:00:02.0: VRAM: 256M' '$s' &&
               grep -q 'radeon 0000:00:02.0: GTT: [0-9]*M' '$s'"
    check "$tag: the PCIE GART enabled, writeback on" \
        sh -c "grep -q 'PCIE GART of [0-9]*M enabled' '$s' &&
               grep -q 'radeon 0000:00:02.0: WB enabled' '$s'"
    check "$tag: ring tests pass on the GFX and DMA rings" \
        sh -c "grep -q 'ring test on 0 succeeded' '$s' &&
               grep -q 'ring test on 3 succeeded' '$s'"
    check "$tag: IB tests pass on the GFX and DMA rings" \
        sh -c "grep -q 'ib test on ring 0 succeeded' '$s' &&
               grep -q 'ib test on ring 3 succeeded' '$s'"
    check "$tag: acceleration stays on" \
        sh -c "! grep -qi 'disabling GPU acceleration' '$s'"
    check "$tag: every fence emitted on rings 0 and 3 signalled" \
        sh -c "sed -n '/^=== radeon_fence_info/,/^=== end/p' '$s' |
               awk '/^--- ring 0 / || /^--- ring 3 / {r++}
                    /Last signaled fence/ {sig=\$NF} /Last emitted/ {em=\$NF; if (em != sig) bad++}
                    END {exit !(r == 2 && !bad)}'"
    check "$tag: /dev/dri/card0 and /dev/fb0 exist" \
        sh -c "grep -q '^HWGPU-NODE /dev/dri/card0' '$s' && grep -q '^HWGPU-NODE /dev/fb0' '$s'"
    check "$tag: VGA-1 connected, EDID preferred mode $mode first" \
        grep -q "^HWGPU-CONNECTOR card0-VGA-1 connected modes: $mode " "$s"
    check "$tag: fbcon framebuffer is $mode" grep -q "^HWGPU-FB size=${mode/x/,} " "$s"
    check "$tag: no WARNING, BUG or Oops in the kernel log" \
        sh -c "! grep -E 'WARNING:|BUG:|Oops|Call Trace' '$s'"
    check "$tag: no *ERROR* line, no error but UVD's" \
        sh -c "! grep -E '\\*ERROR\\*|radeon 0000:00:02.0: .*(fail|error)' '$s' |
               grep -vE 'RV770_uvd.bin|radeon_uvd: Can.t load firmware|failed UVD \\(-2\\) init'"
    check "$tag: kernel not tainted" grep -qx 'HWGPU-TAINT 0' "$s"
}

check "qemu-system-x86_64 -device help lists radeon-rv770" \
    sh -c "'$HWGPU_QEMU' -device help 2>&1 | grep -q '^name \"radeon-rv770\", bus PCI'"

for kernel in bookworm trixie; do
    for machine in q35 pc; do
        tag=radeon-$kernel-$machine
        dir=$HWGPU_CACHE/test-results/guest-$tag
        rm -rf "$dir"; mkdir -p "$dir"
        "$HWGPU_REPO/scripts/guest-boot.sh" --device radeon-rv770 --kernel $kernel \
            --machine $machine --hold 4 --out "$dir" >"$dir/boot.out" 2>&1
        rc=$?
        s=$dir/serial.log
        check "$tag: guest booted and finished" [ $rc -eq 0 ]
        check "$tag: lspci shows 1002:9440 at 00:02.0" \
            grep -q '^00:02.0 VGA compatible controller \[0300\]: .*\[1002:9440\]' "$s"
        check "$tag: BAR0 VRAM 64-bit prefetchable 256M, BAR2 64-bit 64K, BAR4 I/O 256" \
            sh -c "grep -qE 'Region 0: Memory at [0-9a-f]+ \(64-bit, prefetchable\) \[size=256M\]' '$s' &&
                   grep -qE 'Region 2: Memory at [0-9a-f]+ \(64-bit, non-prefetchable\) \[size=64K\]' '$s' &&
                   grep -qE 'Region 4: I/O ports at [0-9a-f]+ \[size=256\]' '$s'"
        radeon_checks "$tag" "$s" 1024x768
        console_shot_checks "$tag" "$dir/screen.png"
    done
done

# Before radeon loads: the VGA BIOS chained into the ROM has set up the
# legacy VGA, the kernel's console is on it (vgacon), and the screen shows
# its 80x25 text (720x400).
tag=radeon-vga
dir=$HWGPU_CACHE/test-results/guest-$tag
rm -rf "$dir"; mkdir -p "$dir"
"$HWGPU_REPO/scripts/guest-boot.sh" --device radeon-rv770 --kernel bookworm --machine q35 \
    --hold 3 --append hwgpu.noi915 --out "$dir" >"$dir/boot.out" 2>&1
check "$tag: guest booted and finished" [ $? -eq 0 ]
check "$tag: the kernel's console is the VGA text console" \
    grep -q 'Console: colour VGA+ 80x25' "$dir/serial.log"
stat=$(/usr/bin/python3 "$HWGPU_REPO/scripts/pngstat.py" "$dir/screen.png" 2>/dev/null)
echo "# $tag screenshot: ${stat:-none} (width height non-black-fraction colours)"
read -r w h frac ncol <<<"$stat"
check "$tag: the screen shows VGA text mode (720x400)" [ "$w $h" = "720 400" ]
check "$tag: ... with the console's text on it" \
    /usr/bin/python3 -c "import sys; sys.exit(0 if float('${frac:-0}') > 0.02 and int('${ncol:-0}') >= 2 else 1)"

# The EDID property picks the mode; /dev/fb0's contents reach the screen
# exactly (32 bpp).
dir=$HWGPU_CACHE/test-results/guest-radeon-edid1280-fb32
tag=radeon-edid1280-fb32
rm -rf "$dir"; mkdir -p "$dir"
"$HWGPU_REPO/scripts/guest-boot.sh" --device radeon-rv770 --kernel trixie --machine q35 \
    --hold 4 --gpu-props "xres=1280,yres=1024" --append "hwgpu.fbtest radeon.uvd=0" \
    --out "$dir" >"$dir/boot.out" 2>&1
check "$tag: guest booted and finished" [ $? -eq 0 ]
s=$dir/serial.log
radeon_checks "$tag" "$s" 1280x1024
check "$tag: radeon.uvd=0: no error line at all, no UVD line" \
    sh -c "! grep -E '\\*ERROR\\*|radeon 0000:00:02.0: .*(fail|error)|UVD|_uvd' '$s.txt'"
check "$tag: /dev/fb0 is 1280x1024 at 32 bpp" grep -q "^HWGPU-FBPATTERN 1280x1024 bpp=32 " "$s"
res=$(/usr/bin/python3 "$HWGPU_REPO/scripts/fbcheck.py" "$dir/screen.png" 32 2>"$dir/fbcheck.err")
echo "# $tag fbcheck: ${res:-none} (mismatches pixels width height)"
check "$tag: screenshot equals the /dev/fb0 pattern pixel for pixel" \
    [ "$(echo "$res" | cut -d' ' -f1,3,4)" = "0 1280 1024" ]
# Debian's KMS clients on radeon (the clients initramfs, tests/guest/clients.sh):
# modetest lists the connector with the EDID's modes and flips at the
# mode's rate, vbltest counts vblanks at that rate.  IGT's kms_vblank
# benchmark (intel-gpu-tools 1.27) opens only Intel devices and skips
# with IGT's status 77 elsewhere, as on a real HD 4870.
edid_modes() {
    ran_with modetest-list '#0 1024x768 [0-9.]+ .*preferred' &&
        has modetest-list '#[0-9]+ 1280x1024 ' && has modetest-list '#[0-9]+ 640x480 '
}
vblank_skips() {
    [ "$(rc kms_vblank)" = 77 ] &&
        has kms_vblank 'No known gpu found for chipset flags 0x1 \(intel\)'
}
# (trixie's 6.12: the GL image below has bookworm's 6.1)
for kernel in trixie; do
    tag=radeon-clients-$kernel
    dir=$HWGPU_CACHE/test-results/guest-$tag
    rm -rf "$dir"; mkdir -p "$dir"
    "$HWGPU_REPO/scripts/guest-boot.sh" --device radeon-rv770 --kernel $kernel \
        --machine q35 --hold 1 --initrd initrd-clients --append hwgpu.clients \
        --timeout 600 --out "$dir" >"$dir/boot.out" 2>&1
    check "$tag: guest ran the clients and finished" [ $? -eq 0 ]
    s=$dir/serial.txt
    tr -d '\r' <"$dir/serial.log" >"$s"
    check "$tag: radeon bound, all clients ran" \
        sh -c "grep -qx 'HWGPU-I915 driver=radeon' '$s' && grep -qx HWGPU-CLIENTS-DONE '$s'"
    check "$tag: modetest lists VGA-1 connected" \
        ran_with modetest-list '^[0-9]+[[:space:]]+[0-9]+[[:space:]]+connected[[:space:]]+VGA-1'
    check "$tag: modetest lists the EDID's modes, 1024x768 preferred" edid_modes
    refresh=$(out modetest-list | sed -n 's/^ *#0 1024x768 \([0-9.]*\) .*/\1/p')
    echo "# $tag: preferred mode refresh ${refresh:-?} Hz"
    check "$tag: modetest -v page flips at the mode's refresh" flip_ok modetest-flip
    check "$tag: vbltest counts vblanks at the mode's refresh" freq_ok vbltest
    check "$tag: IGT's kms_vblank skips (77): it opens Intel devices only" vblank_skips
    # (the kernel's lines: IGT prints "igt_kmod-WARNING" of its own)
    check "$tag: no WARNING, BUG or Oops in the kernel log" \
        sh -c "! grep -E '^\[ *[0-9.]+\] .*(WARNING:|BUG:|Oops|Call Trace)' '$s'"
done

# Mesa on radeon (the GL image, bookworm's Mesa 22.3): EGL on GBM binds the
# r600 driver, and GL and GLES contexts name the RV770.  Drawing is the 3D
# engine's work, not yet there.
dir=$HWGPU_CACHE/test-results/guest-radeon-gl
tag=radeon-gl
rm -rf "$dir"; mkdir -p "$dir/in/firmware/radeon"
cp "$HWGPU_REPO/tests/guest/gl/radeon.sh" "$dir/in/run.sh"
cp "$HWGPU_REPO/tests/guest/gl/section.sh" "$dir/in/"
cp "$HWGPU_GUEST"/firmware-radeon/*.bin "$dir/in/firmware/radeon/"
if gcc -O2 -Wall -o "$dir/in/glscenes" "$HWGPU_REPO/tests/guest/gl/glscenes.c" \
        -lEGL -lOpenGL -lgbm -lm; then
    "$HWGPU_REPO/scripts/guest-gl.sh" --device radeon-rv770 --in "$dir/in" --out "$dir" \
        --timeout 600 >"$dir/boot.out" 2>&1
    check "$tag: guest ran the GL checks and finished" [ $? -eq 0 ]
else
    notok "$tag: glscenes builds"
fi
guest_stalls "$dir"
log=$dir/result/run.log
glsec() { sed -n "/^=== $1\$/,/^=== end $1 rc=/p" "$log" | sed '1d;$d'; }
glval() { glsec "$1" | sed -n "s/^$2 //p" | head -n1; }
# (no grep -q after a pipe: under lib.sh's pipefail, sed cut off by grep's
# early exit fails the pipeline; it did once, on eglinfo's long GBM section)
gbm_r600() { sed -n '/^GBM platform:/,/^$/p' "$log" | grep -x 'EGL driver name: r600' >/dev/null; }
names_rv770() {
    glval info-r600 gl_renderer | grep '^AMD RV770 ' >/dev/null &&
        glval info-r600 gles_renderer | grep '^AMD RV770 ' >/dev/null
}
contexts() {
    grep -qx '=== end info-r600 rc=0' "$log" &&
        glval info-r600 gles_version | grep '^OpenGL ES ' >/dev/null
}
echo "# $tag: GL renderer: $(glval info-r600 gl_renderer); version: $(glval info-r600 gl_version)"
check "$tag: eglinfo on GBM: driver r600" gbm_r600
check "$tag: GL and GLES contexts created" contexts
check "$tag: the GL and GLES contexts' renderer names the RV770" names_rv770
check "$tag: kernel not tainted" grep -qx 0 "$dir/result/tainted-after"
check "$tag: no WARNING, BUG or Oops in the kernel log" \
    sh -c "! grep -E 'WARNING:|BUG:|Oops|Call Trace' '$dir/result/dmesg.txt'"

# radeon.test=3: radeon's own tests.  Bit 1 moves 1 MiB buffers GTT->VRAM->GTT
# across the whole GTT through the DMA ring (each move checked word for
# word); bit 2 makes each ring wait on a semaphore the other signals.
# The move test fills the GTT (1024M) with pinned buffers, so the guest gets
# 2 GiB.  Its leak of those buffers on success makes the framebuffer
# allocation after it fail (-12) in the kernel itself; fbcon is not checked.
dir=$HWGPU_CACHE/test-results/guest-radeon-test3
tag=radeon-test3
rm -rf "$dir"; mkdir -p "$dir"
"$HWGPU_REPO/scripts/guest-boot.sh" --device radeon-rv770 --kernel bookworm --machine q35 \
    --append "radeon.test=3" --timeout 600 --out "$dir" -- -m 2048 >"$dir/boot.out" 2>&1
check "$tag: guest booted and finished" [ $? -eq 0 ]
s=$dir/serial.txt
tr -d '\r' <"$dir/serial.log" >"$s"
moves=$(sed -n 's/.*Tested GTT->VRAM and VRAM->GTT copy for GTT offset \(0x[0-9a-f]*\)$/\1/p' "$s" | sort -u | wc -l)
echo "# $tag: $moves buffer moves tested"
check "$tag: radeon ran the move test over the GTT (over 1000 moves of 1 MiB)" [ "$moves" -gt 1000 ]
check "$tag: no move failed or came back wrong" \
    sh -c "! grep -E 'Incorrect (GTT|VRAM)|Failed (GTT|VRAM)|Failed to (create|pin|map|wait)|Error while testing' '$s'"
# Ring 3's fences: the IB test's, two per move, two of the syncing test.
check "$tag: every move went through the DMA ring (ring 3 fenced 2 x moves + 3)" \
    sh -c "sed -n '/^--- ring 3 /,/^---/p' '$s' | grep -qx 'Last signaled fence 0x0*$(printf '%x' $((2 * moves + 3)))'"
check "$tag: ring syncing tested both ways" \
    sh -c "grep -q 'Testing syncing between rings 3 and 0' '$s' &&
           grep -q 'Testing syncing between rings 0 and 3' '$s'"
check "$tag: semaphores held each fence until signalled" \
    sh -c "! grep -E 'signaled without waiting|Failed to wait for sync|Failed to (create semaphore|lock ring)' '$s'"
check "$tag: no WARNING, BUG or Oops in the kernel log" \
    sh -c "! grep -E 'WARNING:|BUG:|Oops|Call Trace' '$s'"
check "$tag: kernel not tainted" grep -qx 'HWGPU-TAINT 0' "$s"
tap_end
