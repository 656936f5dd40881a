#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The job scripts on a real Slurm: brings up a one-node cluster (one_node_cluster.sh),
# submits every jobscripts/slurm/*.sbatch with HPCS_PROFILE=cpu-smoke and CPU-only
# resources, runs one mini-app directly with `srun --mpi=pmix -n 2`, and checks each job's
# state and exit code and its files: an HDF5 results file and JSON records that all passed
# verification. A new app's job script joins by being in the folder (it must accept
# HPCS_PROFILE=cpu-smoke). Exits 77 (ctest: skipped) without root or Slurm and munge.
#
#   tests/slurm/slurm_smoke.sh <source dir> <build dir with bin/>     KEEP=1: keep the work dir
set -u
src=$1 build=$2
here=$(cd "$(dirname "$0")" && pwd)
skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "needs root (slurmd starts the jobs' processes)"
for exe in munged slurmctld slurmd sbatch srun scontrol squeue sinfo scancel python3; do
  command -v "$exe" > /dev/null || skip "$exe not found (.ci/install-deps installs slurm-wlm and munge)"
done
# Our clients must talk to our cluster only, also when this runs inside someone's job.
for v in "${!SLURM_@}"; do unset "$v"; done

# shellcheck source-path=SCRIPTDIR source=one_node_cluster.sh
source "$here/one_node_cluster.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/hpcs-slurm.XXXXXX")
chmod 755 "$work"
trap 'cluster_stop; [ -n "${KEEP:-}" ] && echo "kept $work" || rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
start=$SECONDS
cluster_start "$work/cluster" || exit 1
echo "one-node cluster up in $((SECONDS - start)) s ($(nproc) CPUs, conf $SLURM_CONF)"
jobs_dir=$work/jobs
mkdir -p "$jobs_dir"
errors=0
fail() { echo "FAIL: $*"; errors=$((errors + 1)); }

# check_files LABEL PATTERN: the run's files (PATTERN: a glob) hold a complete HDF5 results
# file and JSON records, every one of them verified ("status":"passed"); sets records.
check_files() {
  local label=$1 pattern=$2 f bad=0 h5=0
  records=0
  for f in $pattern; do
    case $f in
      *.tmp.*) fail "$label: temporary file left: $f" ;;
      *.h5)
        h5=$((h5 + 1))
        if command -v h5dump > /dev/null && ! h5dump -H "$f" > /dev/null 2>&1; then fail "$label: $f is not HDF5"; fi ;;
      *.jsonl)
        records=$((records + $(grep -c . "$f")))
        bad=$((bad + $(grep . "$f" | grep -vc '"status":"passed"'))) ;;
    esac
  done
  [ "$h5" -gt 0 ] || fail "$label: no HDF5 results file ($pattern)"
  [ "$records" -gt 0 ] || fail "$label: no JSON records ($pattern)"
  [ "$bad" -eq 0 ] || fail "$label: $bad of $records JSON records not verified"
}

# Every job script, CPU-only: no GPUs, 2 ranks of 1 CPU, a short time limit.
declare -A script_of
for js in "$src"/jobscripts/slurm/*.sbatch; do
  name=$(basename "$js" .sbatch)  # <prefix>_<what>.sbatch runs <prefix>_miniapp
  [ -x "$build/bin/${name%_*}_miniapp" ] || { echo "note: $name not run: no ${name%_*}_miniapp in this build"; continue; }
  id=$(cd "$jobs_dir" && HPCS_PROFILE=cpu-smoke HPCS_BUILD=$build timeout 20 sbatch --parsable \
         --gpus-per-task=0 --ntasks-per-node=2 --cpus-per-task=1 --time=3 "$js") || {
    fail "sbatch $name refused"
    continue
  }
  script_of[${id%%;*}]=$name
done
ids=$(IFS=,; echo "${!script_of[*]}")
deadline=$((SECONDS + 200))  # the ctest timeout (400 s) covers start, jobs, srun, stop
while [ -n "$ids" ] && [ -n "$(timeout 10 squeue -h -j "$ids" -o %i 2> /dev/null)" ]; do
  if [ $SECONDS -ge $deadline ]; then
    fail "jobs still queued or running after 200 s: $(squeue -h -j "$ids" -o '%i %j %T %R' | tr '\n' ';')"
    break
  fi
  sleep 0.5
done
for id in $(tr , '\n' <<< "$ids" | sort -n); do
  label="${script_of[$id]} (job $id)"
  before=$errors
  info=$(timeout 10 scontrol -o show job "$id" 2> /dev/null)
  state=$(sed -n 's/.*JobState=\([^ ]*\).*/\1/p' <<< "$info")
  code=$(sed -n 's/.* ExitCode=\([^ ]*\).*/\1/p' <<< "$info")
  if [ "$state" != COMPLETED ] || [ "$code" != 0:0 ]; then
    fail "$label: state ${state:-unknown}, exit code ${code:-unknown}"
  fi
  check_files "$label" "$jobs_dir/*-$id.*"
  if [ "$errors" -eq "$before" ]; then
    echo "ok: $label completed, $records verified JSON records"
  else
    for f in "$jobs_dir"/*-"$id".out; do [ -e "$f" ] && { echo "--- $f"; tail -n 30 "$f"; }; done
  fi
done

# One direct launch: Debian's Open MPI talks to Slurm through PMIx.
built=("$build"/bin/*_miniapp)
app=$build/bin/reduction_miniapp
[ -x "$app" ] || app=${built[0]}
before=$errors
if (cd "$jobs_dir" && timeout 60 srun --mpi=pmix -n 2 --time=3 "$app" --variant cpu/reference --reps 1 \
      --warmup 0 --energy-window 0 --json -o srun-direct.h5 > srun-direct.jsonl 2> srun-direct.err); then
  check_files "srun" "$jobs_dir/srun-direct.*"
  grep -q '"ranks":2' "$jobs_dir/srun-direct.jsonl" || fail "srun: the records do not say 2 ranks"
else
  fail "srun --mpi=pmix -n 2 $(basename "$app") exited with $?"
  tail -n 20 "$jobs_dir/srun-direct.err"
fi
[ "$errors" -eq "$before" ] && echo "ok: srun --mpi=pmix -n 2 $(basename "$app"): $records verified JSON records"

[ "$errors" -eq 0 ] || cluster_log_tail
echo "slurm smoke: $([ "$errors" -eq 0 ] && echo passed || echo "$errors FAILED") in $((SECONDS - start)) s"
[ "$errors" -eq 0 ]
