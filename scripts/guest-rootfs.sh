#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The guest root filesystem for GL: a Debian bookworm disk image built with
# mmdebstrap (Mesa with crocus, EGL/GBM/GLES, mesa-utils, kmscube, glmark2,
# piglit without its 1.9 GB of generated shader tests), booted with its own kernel and initrd.  Idempotent; cached in
# $HWGPU_GUEST/gl (image gl.img, vmlinuz, initrd.img).  What runs in the
# guest comes in on a second disk at each boot (scripts/guest-gl.sh), so the
# image changes only when this script or the image's init does.
# ../shared/reference/guest-rootfs.md has the measured facts behind it.
source "$(dirname "$0")/lib.sh"
d=$HWGPU_GUEST/gl
mkdir -p "$d"

PKGS=linux-image-amd64,kmod,initramfs-tools,libegl1,libegl-mesa0,libgles2,libgl1,libopengl0
PKGS+=,libgl1-mesa-dri,libgbm1,libglx-mesa0,mesa-utils,mesa-utils-bin,kmscube,glmark2-es2-drm
PKGS+=,libdrm-tests,tar,piglit
PIGLIT=/usr/lib/x86_64-linux-gnu/piglit

stamp=$( (cat "$0" "$HWGPU_REPO/tests/guest/gl/init") | sha256sum | cut -c1-16)
if [ -f "$d/gl.img" ] && [ "$(cat "$d/stamp" 2>/dev/null)" = "$stamp" ]; then
    exit 0
fi

uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
[ -n "$uri" ] || uri=$(awk '$1=="deb" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
[ -n "$uri" ] || die "cannot find the Debian archive address in the system's apt sources"
command -v mmdebstrap >/dev/null || die "mmdebstrap missing (scripts/setup.sh installs it)"

tree=$d/tree
rm -rf "$tree" "$d/gl.img" "$d/stamp" "$d/piglit"
# Kernel modules a disk guest with this GPU needs: the rest (~350 MiB of
# network, sound, media, storage drivers) goes before the initrd is made.
# Kept: the DRM/GPU stack with its helpers (i2c, CEC, RC, ACPI video,
# backlight), virtio, ext4 and its libraries.
trim='m=$(ls -d "$1"/lib/modules/*); k=$m/kernel;
  find "$k" -name "*.ko" | grep -v -E "/(drivers/gpu|drivers/i2c|drivers/media/(cec|rc)|drivers/acpi|drivers/video|drivers/platform/x86|drivers/virtio|drivers/block|drivers/char|fs/ext4|fs/jbd2|fs/mbcache|lib|crypto|arch)/" | xargs rm -f;
  find "$k" -type d -empty -delete;
  v=$(basename "$m"); chroot "$1" depmod "$v";
  printf "virtio_pci\nvirtio_blk\next4\n" >> "$1"/etc/initramfs-tools/modules;
  sed -i "s/^MODULES=.*/MODULES=list/" "$1"/etc/initramfs-tools/initramfs.conf;
  chroot "$1" update-initramfs -u -k "$v" >/dev/null'
t0=$SECONDS
mmdebstrap --mode=root --variant=minbase --quiet --include="$PKGS" \
    --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-exclude=/usr/share/man/*' \
    --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --dpkgopt="path-exclude=$PIGLIT/generated_tests/*" \
    --customize-hook="$trim" \
    --customize-hook='install -m 755 '"$HWGPU_REPO"'/tests/guest/gl/init "$1/sbin/hwgpu-init"' \
    --customize-hook='rm -rf "$1"/var/cache/apt/* "$1"/var/lib/apt/lists/*' \
    bookworm "$tree" "$uri" || die "mmdebstrap failed"
log "guest GL tree built in $((SECONDS - t0)) s ($(du -sm "$tree" | cut -f1) MiB)"
# piglit's test lists, for the host to choose from (tests/guest/piglit-test.sh)
mkdir -p "$d/piglit"
cp "$tree$PIGLIT"/tests/quick_gl.xml.gz "$tree$PIGLIT"/tests/quick_shader.xml.gz \
    "$d/piglit/" || die "piglit's test lists missing from the image"
cp "$(ls "$tree"/boot/vmlinuz-* | head -n1)" "$d/vmlinuz"
cp "$(ls "$tree"/boot/initrd.img-* | head -n1)" "$d/initrd.img"
rm -rf "$tree/boot"/*
mb=$(du -sm "$tree" | cut -f1)
mkfs.ext4 -q -F -L hwgpu-gl -d "$tree" "$d/gl.img.tmp" "$((mb + mb / 4 + 64))M" ||
    die "mkfs.ext4 failed"
mv "$d/gl.img.tmp" "$d/gl.img"
rm -rf "$tree"
echo "$stamp" > "$d/stamp"
log "guest GL image: $d/gl.img ($(du -m "$d/gl.img" | cut -f1) MiB used)"
