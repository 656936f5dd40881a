#!/usr/bin/env bash
# --output-variant: the app's own output file holds the named run's result. Usage:
#   expect_output_variant.sh <h5dump> <output file> <variant> <command...>
# The command writes <output file>; its root attribute "variant" must name <variant>
# (not the first run's).
set -u
h5dump=$1 out=$2 variant=$3
shift 3
rm -f "$out"
"$@" > /dev/null || { echo "the run failed (exit $?)"; exit 1; }
got=$("$h5dump" -a /variant "$out" 2>&1 | grep -o '"[^"]*"' | tail -1)
if [ "$got" != "\"$variant\"" ]; then
  echo "$out holds the result of $got, expected \"$variant\""; exit 1
fi
echo "$out holds $variant's result"
