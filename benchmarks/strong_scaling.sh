#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Strong scaling of any mini-app on one node: the same problem on 1, 2, 4 ... ranks (one GPU
# each where the node has them), then the table of benchmarks/hpcs_report.py scaling:
# parallel efficiency T1 / (p Tp) from the device (else wall) medians, and where the time
# goes when it drops (load imbalance between ranks, work that does not shrink with p).
#   BUILD=build/gpu OUT=dir RANKS="1 2 4" benchmarks/strong_scaling.sh NAME BINARY [app options...]
# BINARY is a name in $BUILD/bin (gem_miniapp) or a path.
# Writes OUT/NAME_np<p>.jsonl (records) and .txt (table, stderr), and OUT/NAME_scaling.md.
# MPIRUN overrides the launcher (e.g. "srun --mpi=pmix -n"); EXTRA_MPI adds mpirun options.
set -uo pipefail
[ $# -ge 2 ] || { sed -n 3,11p "$0" >&2; exit 2; }
name=$1 binary=$2
shift 2
BUILD=${BUILD:-build/gpu}
OUT=${OUT:-$PWD/gpu-out}
RANKS=${RANKS:-1 2 4}
MPIRUN=${MPIRUN:-mpirun --bind-to none ${EXTRA_MPI:-} -n}
here=$(cd "$(dirname "$0")" && pwd)
case $binary in */*) exe=$binary ;; *) exe=$BUILD/bin/$binary ;; esac  # a path, or a name in $BUILD/bin
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
files=()
failed=0
for np in $RANKS; do
  f="$OUT/${name}_np$np"
  # shellcheck disable=SC2086
  if $MPIRUN "$np" "$exe" --json --quiet "$@" > "$f.jsonl" 2> "$f.txt"; then
    files+=("$f.jsonl")
  else
    echo "$name: $np rank(s) failed: $(grep -m1 'error' "$f.txt" || tail -1 "$f.txt")" >&2
    failed=1
  fi
done
[ ${#files[@]} -gt 0 ] || exit 1
python3 "$here/hpcs_report.py" scaling "${files[@]}" --title "$name" | tee "$OUT/${name}_scaling.md"
exit $failed
