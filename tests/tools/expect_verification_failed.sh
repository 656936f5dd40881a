#!/usr/bin/env bash
# A run whose results must fail verification: exit code 2 (the suite's "a variant failed
# verification"), every JSON record FAILED, the detail matching a pattern.
#   expect_verification_failed.sh PATTERN CMD...   (CMD runs with --json)
set -uo pipefail
pattern=$1
shift
out=$("$@" 2> /dev/null)
rc=$?
[ $rc -eq 2 ] || { echo "exit $rc, expected 2 (verification failed)" >&2; echo "$out" >&2; exit 1; }
records=$(echo "$out" | grep -c '^{')
failed=$(echo "$out" | grep '^{' | grep -c '"status":"FAILED"')
[ "$records" -gt 0 ] && [ "$failed" -eq "$records" ] || { echo "$failed of $records records FAILED" >&2; exit 1; }
echo "$out" | grep -E "$pattern" > /dev/null || { echo "no detail matching '$pattern'" >&2; echo "$out" >&2; exit 1; }
echo "ok: $records records FAILED"
