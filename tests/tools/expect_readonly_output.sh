#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# usage: expect_readonly_output.sh DIR COMMAND...   (COMMAND gets -o DIR/out.h5)
# An output directory that cannot be written: the run must end with exit 1 and one "error:"
# line naming DIR/out.h5 - before any compute (the outputs are probed first) - and leave
# nothing in DIR. Root writes through a chmod 555 directory, so as root DIR is a read-only
# tmpfs in a private mount namespace (unshare -m, as expect_full_disk.sh); otherwise chmod.
# Skipped (77) where neither can make a directory read-only.
set -u
dir=$1
shift
mkdir -p "$dir"
chmod 755 "$dir"
rm -rf "${dir:?}"/* "$dir.stderr"
# shellcheck disable=SC2016
run='
  dir=$1; shift
  "$@" -o "$dir/out.h5" > /dev/null 2> "$dir.stderr"
  rc=$?
  echo "rc=$rc left=$(ls -A "$dir" | tr "\n" " ")"
'
if [ "$(id -u)" = 0 ]; then
  if ! unshare -m sh -c "mount -t tmpfs -o ro,size=64k tmpfs '$dir'" 2> /dev/null; then
    echo "skipped: cannot mount a read-only tmpfs in a private mount namespace here"
    exit 77
  fi
  result=$(unshare -m bash -c "mount -t tmpfs -o ro,size=64k tmpfs \"\$1\" || exit 99; $run" readonly "$dir" "$@")
else
  chmod 555 "$dir"
  if touch "$dir/probe" 2> /dev/null; then
    rm -f "$dir/probe"
    chmod 755 "$dir"
    echo "skipped: chmod 555 does not make $dir read-only here"
    exit 77
  fi
  result=$(bash -c "$run" readonly "$dir" "$@")
  chmod 755 "$dir"
fi
source "$(dirname "$0")/check_failed_write.sh"
check_failed_write "$dir" "$result" "cannot write" "the read-only directory"
