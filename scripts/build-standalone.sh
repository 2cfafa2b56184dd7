#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the QEMU-independent GPU code, its unit tests, tools and benchmarks.
#   scripts/build-standalone.sh [plain|asan|tsan]
# plain: $HWGPU_STANDALONE_BUILD; asan: AddressSanitizer + UBSan;
# tsan: ThreadSanitizer (each in its own directory under the cache).
source "$(dirname "$0")/lib.sh"
variant=${1:-plain}
b=$(hwgpu_standalone_dir "$variant")
case $variant in
    plain) opts=() ;;
    asan) opts=(-Db_sanitize=address,undefined -Db_lundef=false) ;;
    tsan) opts=(-Db_sanitize=thread -Db_lundef=false) ;;
    *) die "unknown variant $variant (plain, asan or tsan)" ;;
esac
# The build dir remembers its source dir; a different clone gets a new one.
if [ -f "$b/.hwgpu-src" ] && [ "$(cat "$b/.hwgpu-src")" != "$HWGPU_REPO" ]; then
    rm -rf "$b"
fi
if [ ! -f "$b/build.ninja" ]; then
    rm -rf "$b"
    meson setup "$b" "$HWGPU_REPO" "${opts[@]}" >/dev/null
    echo "$HWGPU_REPO" > "$b/.hwgpu-src"
fi
ninja -C "$b" >/dev/null || { ninja -C "$b" | tail -n 40; die "standalone build ($variant) failed"; }
