# Sourced by expect_full_disk.sh and expect_readonly_output.sh: the verdict on a run whose
# output could not be written. check_failed_write DIR RESULT PROBLEM PLACE: RESULT is the
# run's "rc=N left=FILES" line, DIR.stderr its standard error; passes when it exited 1 with
# one error line "error: DIR/out.h5: PROBLEM..." and left nothing in DIR (PLACE names DIR).
check_failed_write() {
  local dir=$1 result=$2 problem=$3 place=$4 err rc left errors
  err=$(cat "$dir.stderr")
  echo "$result"
  echo "$err" | grep -v '^\[' | tail -5
  rc=${result#rc=}
  rc=${rc%% *}
  left=${result#*left=}
  errors=$(grep -c '^error:' <<< "$err")
  [ "$rc" = 1 ] || { echo "FAIL: exit $rc, expected 1"; exit 1; }
  [ "$errors" = 1 ] || { echo "FAIL: $errors error lines, expected 1"; exit 1; }
  grep -q "^error: $dir/out.h5: $problem" <<< "$err" || { echo "FAIL: the error does not name $dir/out.h5"; exit 1; }
  [ -z "${left// /}" ] || { echo "FAIL: left in $place: $left"; exit 1; }
  echo "ok"
}
