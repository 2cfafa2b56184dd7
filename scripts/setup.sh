#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Idempotent set-up of everything hwgpu needs on a fresh Debian 12 machine:
# Debian packages, QEMU 10.0.x source with our files overlaid, a configured and
# built QEMU, and the guest kernels and initramfs.  Safe to rerun; a second run
# only checks and rebuilds what changed.
#   scripts/setup.sh [--no-guest]
source "$(dirname "$0")/lib.sh"

want_guest=1
[ "${1:-}" = --no-guest ] && want_guest=0

HOST_PKGS=(gcc make ninja-build pkgconf python3-venv python3-setuptools dpkg-dev patch
    zlib1g-dev libglib2.0-dev libpixman-1-dev libslirp-dev libpng-dev
    lib32gcc-12-dev ccache flex bison meson seabios ipxe-qemu busybox-static
    cpio pciutils xz-utils bzip2 git intel-gpu-tools libdrm-tests libdrm-dev
    mmdebstrap e2fsprogs libegl-dev libopengl-dev libgbm-dev libgl-dev
    qemu-utils)

install_host_packages() {
    local missing=()
    for p in "${HOST_PKGS[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
            missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    log "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get -q update >/dev/null
    apt-get -q install -y --no-install-recommends "${missing[@]}" >/dev/null
}

# A private apt tree: its own sources, lists and archive cache, with the
# main and non-free-firmware components of bookworm and trixie (the
# guest's radeon firmware is in the latter).  The archive address is taken
# from the system's own configuration.
private_apt() {
    local d=$HWGPU_APT
    [ -f "$d/apt.conf" ] && [ -n "$(ls "$d/lists" 2>/dev/null | grep -i trixie)" ] &&
        [ -n "$(ls "$d/lists" 2>/dev/null | grep non-free-firmware)" ] && return 0
    mkdir -p "$d/sources.list.d" "$d/lists/partial" "$d/archives/partial" "$d/preferences.d"
    local uri keyring
    uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
    [ -n "$uri" ] || uri=$(awk '$1=="deb" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
    [ -n "$uri" ] || die "cannot find the Debian archive address in the system's apt sources"
    keyring=/usr/share/keyrings/debian-archive-keyring.gpg
    cat > "$d/sources.list.d/hwgpu.sources" <<SRC
Types: deb deb-src
URIs: $uri
Suites: bookworm trixie
Components: main non-free-firmware
Signed-By: $keyring
SRC
    cat > "$d/apt.conf" <<CONF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$d/sources.list.d";
Dir::Etc::Preferences "/dev/null";
Dir::Etc::PreferencesParts "$d/preferences.d";
Dir::State::Lists "$d/lists";
Dir::Cache::Archives "$d/archives";
Dir::Cache::pkgcache "$d/pkgcache.bin";
Dir::Cache::srcpkgcache "$d/srcpkgcache.bin";
APT::Sandbox::User "root";
CONF
    hwgpu_apt update >/dev/null
}

# meson >= 1.5 for QEMU 10: trixie's meson unpacked into the cache.
private_meson() {
    local d=$HWGPU_CACHE/meson
    [ -f "$d/usr/lib/python3/dist-packages/mesonbuild/__init__.py" ] && return 0
    rm -rf "$d" "$HWGPU_CACHE/meson-deb"; mkdir -p "$HWGPU_CACHE/meson-deb"
    (cd "$HWGPU_CACHE/meson-deb" && hwgpu_apt download meson/trixie >/dev/null)
    dpkg -x "$HWGPU_CACHE"/meson-deb/meson_*.deb "$d"
}
MESON_PYPATH=$HWGPU_CACHE/meson/usr/lib/python3/dist-packages

qemu_source() {
    local src
    src=$(ls -d "$HWGPU_CACHE"/src/qemu-10.0.*/ 2>/dev/null | head -n1 || true)
    if [ -z "$src" ]; then
        rm -rf "$HWGPU_CACHE/src"; mkdir -p "$HWGPU_CACHE/src"
        (cd "$HWGPU_CACHE/src" && hwgpu_apt source qemu/trixie >/dev/null 2>&1) ||
            die "apt-get source qemu/trixie failed"
        src=$(ls -d "$HWGPU_CACHE"/src/qemu-10.0.*/ 2>/dev/null | head -n1 || true)
        [ -n "$src" ] || die "QEMU source is not 10.0.x: $(ls "$HWGPU_CACHE/src")"
    fi
    QEMU_SRC=${src%/}
}

configure_qemu() {
    local b=$HWGPU_QEMU_BUILD
    if [ ! -f "$b/config-host.mak" ]; then
        rm -rf "$b"; mkdir -p "$b"
        (cd "$b" && PYTHONPATH=$MESON_PYPATH "$QEMU_SRC/configure" \
            --python=$HWGPU_PY --target-list=x86_64-softmmu \
            --without-default-features --disable-download --disable-install-blobs \
            --disable-fdt --firmwarepath=/usr/share/qemu:/usr/share/seabios:/usr/lib/ipxe/qemu \
            --enable-kvm --enable-tcg --enable-pixman --enable-slirp --enable-vnc \
            --enable-png --disable-docs --disable-tools --disable-guest-agent \
            >"$b/configure.log" 2>&1) || { tail -n 30 "$b/configure.log"; die "configure failed"; }
    fi
    # ninja's own calls to meson need to find trixie's mesonbuild too.
    local sp
    for sp in "$b"/pyvenv/lib/python3*/site-packages; do
        [ -d "$sp" ] && echo "$MESON_PYPATH" > "$sp/hwgpu-meson.pth"
    done
    # Firmware for a QEMU run straight from the build tree.
    local fw=$b/qemu-bundle/usr/local/share/qemu f
    mkdir -p "$fw"
    for f in /usr/share/seabios/*.bin /usr/lib/ipxe/qemu/*.rom; do
        [ -e "$fw/$(basename "$f")" ] || ln -sf "$f" "$fw/"
    done
}

build_qemu() {
    local b=$HWGPU_QEMU_BUILD
    PYTHONPATH=$MESON_PYPATH ninja -C "$b" -j2 qemu-system-x86_64 hwgpu-qtests \
        >"$b/ninja.log" 2>&1 || { grep -E 'error|FAILED' -A5 "$b/ninja.log" | head -n 60; die "QEMU build failed (log: $b/ninja.log)"; }
    make -C "$b" pc-bios/optionrom/all >>"$b/ninja.log" 2>&1 || true
    local fw=$b/qemu-bundle/usr/local/share/qemu f
    for f in "$b"/pc-bios/optionrom/*.bin; do
        [ -e "$f" ] && ln -sf "$f" "$fw/"
    done
    [ -x "$HWGPU_QEMU" ] || die "no QEMU binary after the build"
}

t0=$SECONDS
step "Debian packages" install_host_packages
step "private apt configuration" private_apt
step "meson (trixie)" private_meson
step "QEMU source" qemu_source
log "QEMU source: $QEMU_SRC"
step "overlay" "$HWGPU_REPO/scripts/qemu-overlay.sh" "$QEMU_SRC"
step "configure QEMU" configure_qemu
step "build QEMU with intel-g45 (first build: ~10 min)" build_qemu
step "standalone build" "$HWGPU_REPO/scripts/build-standalone.sh"
if [ $want_guest = 1 ]; then
    step "guest kernels and initramfs" "$HWGPU_REPO/scripts/guest-setup.sh"
    step "guest GL disk image (first build: ~2 min)" "$HWGPU_REPO/scripts/guest-rootfs.sh"
fi
log "set-up complete in $((SECONDS - t0)) s"
