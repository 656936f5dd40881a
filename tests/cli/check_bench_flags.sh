#!/usr/bin/env bash
# A mini-app and its benchmark speak the same options: every option of `<p>_miniapp --help`
# that sets the problem or the tuning (all but the measured run's own: --reps, --warmup,
# --output, --csv, --json, --quiet, --energy-window, --idle-window, --repeat-check, and the tuner's
# --tune, --tuning-model, --tune-table, which time points as the mini-app's run loop does, --gpu-clock
# and --output-variant) must be in `<p>_bench --help` under the same name, and a bad benchmark value must give one "error:" line, never an abort.
set -u
app=$1 bench=$2
own='^--(reps|warmup|output|csv|json|quiet|energy-window|idle-window|repeat-check|tune|tuning-model|tune-table|gpu-clock|output-variant|help|version)$'
options() { "$1" --help | grep -oE '(^|[ ,])--[a-z0-9-]+' | sed 's/^[ ,]*//' | sort -u; }
missing=$(comm -23 <(options "$app" | grep -vE "$own") <(options "$bench"))
fail=0
if [ -n "$missing" ]; then
  echo "$(basename "$bench") lacks options of $(basename "$app"):"; echo "$missing"; fail=1
fi
err=$("$bench" --sizes=abc 2>&1 >/dev/null); rc=$?
if [ $rc -eq 0 ] || [ $rc -ge 128 ] || [ "$(echo "$err" | grep -c '^error:')" -ne 1 ]; then
  echo "$(basename "$bench") --sizes=abc: exit $rc, expected one error line:"; echo "$err"; fail=1
fi
[ $fail -eq 0 ] && echo "$(basename "$bench") takes every option of $(basename "$app"); bad values are one error line"
exit $fail
