#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
# usage: expect_signal_cleanup.sh SIGNAL OUTPUT EXPECTED_EXIT COMMAND...
# Starts COMMAND (which writes OUTPUT through OUTPUT.tmp.<pid>), waits until that temporary
# file exists, sends SIGNAL (TERM, INT) to the command and its child processes (the ranks,
# as Slurm's scancel does; mpirun alone forwards a signal only after about a second) and
# checks that it ends with EXPECTED_EXIT ("143", or "nonzero" under mpirun, which reports
# the ranks' end its own way) and leaves neither OUTPUT nor any OUTPUT.tmp.* behind.
# With SIGNAL_WHEN_STDERR=<regex> the signal comes once the command's stderr matches it
# instead (a progress line: the signal then arrives during compute, before any write).
set -u -m  # job control: a background job keeps SIGINT (bash would ignore it otherwise)
sig=$1 out=$2 expected=$3
shift 3
rm -f "$out" "$out".tmp.*
"$@" > /dev/null 2> "$out.stderr" &
pid=$!
ready() {
  if [ -n "${SIGNAL_WHEN_STDERR:-}" ]; then grep -qE "$SIGNAL_WHEN_STDERR" "$out.stderr"
  else compgen -G "$out.tmp.*" > /dev/null; fi
}
for _ in $(seq 3000); do  # up to 60 s for the moment to come
  ready && break
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.02
done
if ! ready; then
  wait "$pid"
  echo "FAIL: ${SIGNAL_WHEN_STDERR:+no stderr line matching '$SIGNAL_WHEN_STDERR'}${SIGNAL_WHEN_STDERR:-no temporary file $out.tmp.*} appeared (exit $?); stderr:"
  cat "$out.stderr"
  exit 1
fi
targets="$(pgrep -P "$pid" | tr '\n' ' ')$pid"
sent=$(date +%s%N)
# shellcheck disable=SC2086
kill -s "$sig" $targets
wait "$pid"
rc=$?
# what a rare failure needs to be understood (a flake once under asan load): who got the
# signal, how long the end took, what the command said
diagnose() { echo "signalled: $targets; ended $(( ($(date +%s%N) - sent) / 1000000 )) ms later; stderr:"; cat "$out.stderr"; }
left=$(compgen -G "$out.tmp.*"; [ -e "$out" ] && echo "$out")
echo "SIG$sig -> exit $rc; left behind: ${left:-nothing}"
[ -z "$left" ] || { echo "FAIL: files left behind after SIG$sig: $left"; diagnose; exit 1; }
case $expected in
  nonzero) [ "$rc" -ne 0 ] || { echo "FAIL: exit 0 after SIG$sig"; diagnose; exit 1; } ;;
  *) [ "$rc" -eq "$expected" ] || { echo "FAIL: exit $rc, expected $expected"; diagnose; exit 1; } ;;
esac
rm -f "$out.stderr"
echo "ok"
