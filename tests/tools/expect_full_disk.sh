#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# usage: expect_full_disk.sh MOUNTPOINT COMMAND...   (COMMAND gets -o MOUNTPOINT/out.h5)
# A real full disk: an 8 KiB tmpfs at MOUNTPOINT in a private mount namespace (unshare -m:
# nothing outside this test sees it, and it goes with the test). The run must end with
# exit 1 and one "error:" line naming the file (not a crash after it, as it once did in
# MPI_Finalize), and leave nothing on the tmpfs. Skipped (77) where mounting is not allowed.
set -u
dir=$1
shift
mkdir -p "$dir"
if ! unshare -m sh -c "mount -t tmpfs -o size=8k tmpfs '$dir'" 2> /dev/null; then
  echo "skipped: cannot mount a tmpfs in a private mount namespace here (needs root and unshare)"
  exit 77
fi
# Inside the namespace: run, then report what is left on the tmpfs.
# shellcheck disable=SC2016
result=$(unshare -m bash -c '
  dir=$1; shift
  mount -t tmpfs -o size=8k tmpfs "$dir" || exit 99
  "$@" -o "$dir/out.h5" > /dev/null 2> "$dir.stderr"
  rc=$?
  echo "rc=$rc left=$(ls -A "$dir" | tr "\n" " ")"
' full_disk "$dir" "$@")
source "$(dirname "$0")/check_failed_write.sh"
check_failed_write "$dir" "$result" "cannot" "the full disk"
