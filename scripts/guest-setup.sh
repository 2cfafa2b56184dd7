#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Guest kernels (Debian bookworm 6.1 and trixie 6.12, generic amd64) and a
# busybox initramfs with pciutils' lspci, both kernels' i915 and radeon
# modules and the RV770's firmware from Debian's firmware-amd-graphics.
# Idempotent; cached in $HWGPU_GUEST.
source "$(dirname "$0")/lib.sh"
g=$HWGPU_GUEST
mkdir -p "$g/debs"

fetch_kernel() {
    local suite=$1 pkg deb
    [ -e "$g/vmlinuz-$suite" ] && return 0
    pkg=$(APT_CONFIG=$HWGPU_APT/apt.conf apt-cache depends "linux-image-amd64/$suite" 2>/dev/null |
          awk '/Depends: linux-image-[0-9]/ {print $2; exit}')
    [ -n "$pkg" ] || die "cannot resolve the $suite kernel package"
    (cd "$g/debs" && hwgpu_apt download "$pkg/$suite" >/dev/null)
    deb=$(ls "$g"/debs/"${pkg}"_*.deb | head -n1)
    rm -rf "$g/kernel-$suite"
    dpkg-deb -x "$deb" "$g/kernel-$suite"
    ln -sfn "$(ls "$g/kernel-$suite"/boot/vmlinuz-* | head -n1)" "$g/vmlinuz-$suite"
    log "kernel $suite: $pkg"
}

# The RV770's microcode from bookworm's firmware-amd-graphics (non-free-
# firmware, through the private apt configuration): the CP's PFP and ME,
# the RLC's, and the SMC's that radeon loads with them.  Not the UVD
# video decoder's: the device has no UVD (seed-004.md §4.8), and radeon
# goes on without it ("failed UVD (-2) init").  Never in the repository.
RV770_FIRMWARE="RV770_pfp RV770_me R700_rlc RV770_smc"
fetch_firmware() {
    local d=$g/firmware-radeon deb f
    [ -f "$d/stamp" ] && return 0
    rm -f "$g"/debs/firmware-amd-graphics_*.deb
    (cd "$g/debs" && hwgpu_apt download firmware-amd-graphics/bookworm >/dev/null) ||
        die "cannot download firmware-amd-graphics"
    deb=$(ls "$g"/debs/firmware-amd-graphics_*.deb | head -n1)
    rm -rf "$d" "$g/firmware-x"
    dpkg-deb -x "$deb" "$g/firmware-x"
    mkdir -p "$d"
    for f in $RV770_FIRMWARE; do
        cp "$g/firmware-x/lib/firmware/radeon/$f.bin" "$d/" ||
            die "firmware-amd-graphics has no radeon/$f.bin"
    done
    rm -rf "$g/firmware-x"
    basename "$deb" > "$d/stamp"
    log "radeon firmware: $(cat "$d/stamp")"
}

# Copy a host binary and the shared libraries it needs into the initramfs.
copy_with_libs() {
    local root=$1 bin=$2 lib
    install -D "$bin" "$root$bin"
    for lib in $(ldd "$bin" | grep -o '/[^ ]*'); do
        install -D "$lib" "$root$lib"
    done
}

build_initrd() {
    local root=$g/initrd-root stamp
    stamp=$( (cat "$0" "$HWGPU_REPO/tests/guest/init" \
              "$HWGPU_REPO/scripts/guest-modules.py" \
              "$HWGPU_REPO/tests/guest/fbpattern.c"; ls -l "$g"/vmlinuz-*;
              cat "$g/firmware-radeon/stamp") |
            sha256sum | cut -c1-16)
    [ -f "$g/initrd.cpio.gz" ] && [ "$(cat "$g/initrd.stamp" 2>/dev/null)" = "$stamp" ] && return 0
    rm -rf "$root"
    mkdir -p "$root"/{bin,sbin,proc,sys,dev,tmp,usr/share/misc,usr/bin}
    cp /bin/busybox "$root/bin/busybox"
    for a in $("$root/bin/busybox" --list); do
        [ "$a" = busybox ] || ln -sf busybox "$root/bin/$a"
    done
    rm -f "$root/bin/lspci"
    copy_with_libs "$root" /usr/bin/lspci
    ln -sf /usr/bin/lspci "$root/bin/lspci"
    if [ -f /usr/share/misc/pci.ids ]; then
        cp /usr/share/misc/pci.ids "$root/usr/share/misc/"
    fi
    # i915 and its dependencies for each kernel, decompressed, with the
    # order in which /init loads them; bochs (QEMU's bochs-display, the
    # benchmark's reference boot, hwgpu.drv=bochs) beside it.
    for k in "$g"/kernel-*; do
        for v in $(ls "$k/lib/modules" "$k/usr/lib/modules" 2>/dev/null | grep -v :); do
            /usr/bin/python3 "$HWGPU_REPO/scripts/guest-modules.py" "$k" "$v" "$root" i915 >/dev/null ||
                die "cannot collect i915 modules of $v"
            /usr/bin/python3 "$HWGPU_REPO/scripts/guest-modules.py" "$k" "$v" "$root" \
                --order load-order-bochs bochs >/dev/null ||
                die "cannot collect bochs modules of $v"
            /usr/bin/python3 "$HWGPU_REPO/scripts/guest-modules.py" "$k" "$v" "$root" \
                --order load-order-radeon radeon >/dev/null ||
                die "cannot collect radeon modules of $v"
        done
    done
    mkdir -p "$root/lib/firmware/radeon"
    cp "$g"/firmware-radeon/*.bin "$root/lib/firmware/radeon/"
    gcc -static -O2 -o "$root/bin/fbpattern" "$HWGPU_REPO/tests/guest/fbpattern.c" ||
        die "cannot build fbpattern"
    install -m 755 "$HWGPU_REPO/tests/guest/init" "$root/init"
    (cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$g/initrd.cpio.gz.tmp"
    mv "$g/initrd.cpio.gz.tmp" "$g/initrd.cpio.gz"
    echo "$stamp" > "$g/initrd.stamp"
}

# The clients initramfs: the base one plus real GEM/KMS clients from
# Debian's packages (intel-gpu-tools' tools and benchmarks, libdrm-tests'
# modetest and vbltest) with their libraries, and tests/guest/clients.sh.
CLIENTS="/usr/libexec/igt-gpu-tools/benchmarks/gem_exec_nop
/usr/libexec/igt-gpu-tools/benchmarks/gem_exec_ctx
/usr/libexec/igt-gpu-tools/benchmarks/gem_exec_reloc
/usr/libexec/igt-gpu-tools/benchmarks/gem_latency
/usr/libexec/igt-gpu-tools/benchmarks/gem_blt
/usr/libexec/igt-gpu-tools/benchmarks/gem_create
/usr/libexec/igt-gpu-tools/benchmarks/gem_busy
/usr/libexec/igt-gpu-tools/benchmarks/gem_set_domain
/usr/libexec/igt-gpu-tools/benchmarks/intel_upload_blit_large
/usr/libexec/igt-gpu-tools/benchmarks/intel_upload_blit_small
/usr/libexec/igt-gpu-tools/benchmarks/kms_vblank
/usr/bin/intel_gtt
/usr/bin/intel_reg
/usr/bin/intel_error_decode
/usr/bin/modetest
/usr/bin/vbltest"
build_initrd_clients() {
    local root=$g/initrd-clients-root stamp b
    stamp=$( (cat "$g/initrd.stamp" "$HWGPU_REPO/tests/guest/clients.sh" \
              "$HWGPU_REPO/tests/guest/gemhang.c" \
              "$HWGPU_REPO/tests/guest/gempriv.c"; echo "$CLIENTS";
              for b in $CLIENTS; do ls -l "$b"; done) | sha256sum | cut -c1-16)
    [ -f "$g/initrd-clients.cpio.gz" ] &&
        [ "$(cat "$g/initrd-clients.stamp" 2>/dev/null)" = "$stamp" ] && return 0
    rm -rf "$root"
    cp -a "$g/initrd-root" "$root"
    for b in $CLIENTS; do
        [ -x "$b" ] || die "$b missing (packages intel-gpu-tools, libdrm-tests)"
        copy_with_libs "$root" "$b"
    done
    mkdir -p "$root/usr/share"
    cp -a /usr/share/igt-gpu-tools "$root/usr/share/" 2>/dev/null || true
    gcc -static -O2 -I/usr/include/libdrm -o "$root/bin/gemhang" \
        "$HWGPU_REPO/tests/guest/gemhang.c" || die "cannot build gemhang"
    gcc -static -O2 -I/usr/include/libdrm -o "$root/bin/gempriv" \
        "$HWGPU_REPO/tests/guest/gempriv.c" || die "cannot build gempriv"
    install -m 755 "$HWGPU_REPO/tests/guest/clients.sh" "$root/clients.sh"
    (cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$g/initrd-clients.cpio.gz.tmp"
    mv "$g/initrd-clients.cpio.gz.tmp" "$g/initrd-clients.cpio.gz"
    echo "$stamp" > "$g/initrd-clients.stamp"
}

fetch_kernel bookworm
fetch_kernel trixie
fetch_firmware
build_initrd
build_initrd_clients
