#!/usr/bin/env bash
# Guest smoke boot (TCG): the stock Debian kernel with a busybox initramfs on
# `-vga none -device intel-g45` on q35 and pc.  Checks the guest's own lspci
# output (ID at 00:02.0, BAR types and sizes) and that the screenshot of the
# early console is not blank.  Speaks TAP.
source "$(dirname "$0")/../../scripts/lib.sh"
set +e

n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
notok() { n=$((n + 1)); echo "not ok $n - $*"; }
check() { local d=$1; shift; if "$@"; then ok "$d"; else notok "$d"; fi; }

check "qemu-system-x86_64 -device help lists intel-g45" \
    sh -c "'$HWGPU_QEMU' -device help 2>&1 | grep -q '^name \"intel-g45\", bus PCI'"

for kernel in bookworm trixie; do
    for machine in q35 pc; do
        tag=$kernel-$machine
        dir=$HWGPU_CACHE/test-results/guest-$tag
        rm -rf "$dir"; mkdir -p "$dir"
        "$HWGPU_REPO/scripts/guest-boot.sh" --kernel $kernel --machine $machine \
            --hold 4 --out "$dir" >"$dir/boot.out" 2>&1
        rc=$?
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
        stat=$(/usr/bin/python3 "$HWGPU_REPO/scripts/pngstat.py" "$dir/screen.png" 2>/dev/null)
        echo "# $tag screenshot: ${stat:-none} (width height non-black-fraction colours)"
        read -r w h frac ncol <<<"$stat"
        check "$tag: screenshot shows the console (not blank)" \
            /usr/bin/python3 -c "import sys; sys.exit(0 if float('${frac:-0}') > 0.005 and int('${ncol:-0}') >= 2 else 1)"
    done
done
echo "1..$n"
