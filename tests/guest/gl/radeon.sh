#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs in the GL guest on radeon-rv770 (as run.sh, see scripts/guest-gl.sh):
# loads the stock radeon with the RV770 firmware the host brought in
# ($HWGPU_IN/firmware, from Debian's firmware-amd-graphics) and reports what
# Mesa makes of the device: eglinfo on GBM and a GL and a GLES context's
# strings (tests/guest/radeon-test.sh checks them).  Sections of the log are
# "=== NAME" ... "=== end NAME rc=N".
. "$HWGPU_IN/section.sh"
# Debian's radeon refuses an R600 or later unless /lib/firmware/radeon
# exists.  The image is mounted read-only from a snapshot (guest-gl.sh):
# writes to it last until power-off and reach no file on the host.
mount -o remount,rw / && mkdir -p /lib/firmware && cp -r "$IN/firmware/radeon" /lib/firmware/
modprobe radeon
for i in $(seq 1 40); do [ -e /dev/dri/renderD128 ] && break; sleep 0.5; done
cat /proc/sys/kernel/tainted > "$OUT/tainted-before"
section eglinfo eglinfo -B -p gbm
section info-r600 "$IN/glscenes" info
cat /proc/sys/kernel/tainted > "$OUT/tainted-after"
echo "=== done"
