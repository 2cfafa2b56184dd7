#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs in the GL guest: kmscube on the default GPU, flipping FRAMES frames
# through KMS, with a screenshot of it on the way (HWGPU-SHOT on the
# console; scripts/guest-gl.sh takes it).  The shot is asked for when
# kmscube reports its first frame rate, 2 s into flipping: a fixed delay
# from its start raced both its start-up and its end.  kmscube stops at the
# first byte on its standard input: it is given none.  Exit status:
# kmscube's (124 when it took longer than 120 s).
#   kmscube-shot.sh [FRAMES]
frames=${1:-120}
mkfifo /tmp/kmscube-in.$$
exec 3<>/tmp/kmscube-in.$$
rm -f /tmp/kmscube-in.$$
{ stdbuf -oL timeout 120 kmscube -c "$frames" <&3 2>&1
  echo $? > /tmp/kmscube-rc.$$; } |
{ shot=
  while IFS= read -r l; do
      echo "$l"
      case $l in
      Rendered*) [ -n "$shot" ] || echo HWGPU-SHOT > /dev/console; shot=1 ;;
      esac
  done; }
exec 3>&-
rc=$(cat /tmp/kmscube-rc.$$ 2>/dev/null || echo 1)
rm -f /tmp/kmscube-rc.$$
exit "$rc"
