#!/usr/bin/env bash
# An output that would replace one of the program's inputs is refused, and the input is
# left exactly as it was (it was once overwritten):
#   expect_input_survives.sh INPUT EXPECT CMD...   (INPUT must exist; EXPECT: a grep -E pattern)
set -uo pipefail
input=$1 expect=$2
shift 2
[ -f "$input" ] || { echo "no input $input" >&2; exit 1; }
before=$(sha256sum < "$input")
err=$("$@" 2>&1 > /dev/null)
rc=$?
[ $rc -ne 0 ] || { echo "exit 0: the output was not refused" >&2; exit 1; }
echo "$err" | grep -E "^error: .*$expect" > /dev/null || { echo "no error line matching '$expect':" >&2; echo "$err" >&2; exit 1; }
[ "$(sha256sum < "$input")" = "$before" ] || { echo "$input changed" >&2; exit 1; }
echo "ok: refused (exit $rc), $input unchanged"
