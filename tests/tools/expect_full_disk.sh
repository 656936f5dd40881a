#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# usage: expect_full_disk.sh [--option OPT] MOUNTPOINT COMMAND...
#        (COMMAND gets OPT MOUNTPOINT/out.h5; OPT is -o unless given: --csv, --pqr-out, ...)
# A real full disk: an 8 KiB tmpfs at MOUNTPOINT in a private mount namespace (unshare -m:
# nothing outside this test sees it, and it goes with the test). The run must end with
# exit 1 and one "error:" line naming the file and the system's cause, "No space left on
# device" (not a crash after it, as it once did in MPI_Finalize, nor a guess such as "disk
# full?"), and leave nothing on the tmpfs. Skipped (77) where mounting is not allowed.
set -u
option=-o
if [ "$1" = --option ]; then
  option=$2
  shift 2
fi
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
  dir=$1; option=$2; shift 2
  mount -t tmpfs -o size=8k tmpfs "$dir" || exit 99
  "$@" "$option" "$dir/out.h5" > /dev/null 2> "$dir.stderr"
  rc=$?
  echo "rc=$rc left=$(ls -A "$dir" | tr "\n" " ")"
' full_disk "$dir" "$option" "$@")
source "$(dirname "$0")/check_failed_write.sh"
check_failed_write "$dir" "$result" "cannot [^()?]*: No space left on device\$" "the full disk"
