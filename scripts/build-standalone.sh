#!/usr/bin/env bash
# Build the QEMU-independent GPU code, its unit tests, tools and benchmarks.
source "$(dirname "$0")/lib.sh"
b=$HWGPU_STANDALONE_BUILD
# The build dir remembers its source dir; a different clone gets a new one.
if [ -f "$b/.hwgpu-src" ] && [ "$(cat "$b/.hwgpu-src")" != "$HWGPU_REPO" ]; then
    rm -rf "$b"
fi
if [ ! -f "$b/build.ninja" ]; then
    rm -rf "$b"
    meson setup "$b" "$HWGPU_REPO" >/dev/null
    echo "$HWGPU_REPO" > "$b/.hwgpu-src"
fi
ninja -C "$b" >/dev/null || { ninja -C "$b" | tail -n 40; die "standalone build failed"; }
