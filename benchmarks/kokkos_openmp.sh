#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Kokkos' other half (issue 28): every app's Kokkos variants on the host's cores through Kokkos'
# OpenMP backend, beside cpu/reference (and the wavefront app's cpu/tiled, GEM's cpu/openmp),
# one rank, the same problems. Builds the suite (CPU only, no CUDA) against an installed host
# Kokkos whose default execution space is OpenMP; it never builds Kokkos.
#
#   KOKKOS_OPENMP_ROOT=/path/to/kokkos-openmp-install OUT=dir benchmarks/kokkos_openmp.sh
#
# BUILD (build/kokkos-openmp) is the suite's build directory; THREADS (all cores) the OpenMP
# threads, bound one per core; SCALE=small runs tiny problems (a smoke test); JOB_TIMEOUT
# (seconds, default 300) ends a job that runs longer, named in the log and the report. Writes
# OUT/kokkos_openmp.jsonl (every record, after a {"job": ...} line per job), OUT/kokkos_openmp.log
# (the runs' tables) and OUT/kokkos_openmp.md (per app and problem: each variant's rate and its
# speed-up over cpu/reference of the same problem; timed-out, failed and skipped jobs named).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
OUT=${OUT:-$PWD/kokkos-openmp-out}
BUILD=${BUILD:-$root/build/kokkos-openmp}
THREADS=${THREADS:-$(nproc)}
JOB_TIMEOUT=${JOB_TIMEOUT:-300}
[ -n "${KOKKOS_OPENMP_ROOT:-}" ] || { echo "error: KOKKOS_OPENMP_ROOT: not set (a Kokkos install with OpenMP as its default execution space)" >&2; exit 2; }
mkdir -p "$OUT"
if [ -z "${NO_BUILD:-}" ]; then
  cmake -S "$root" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPCS_ENABLE_CUDA=OFF -DHPCS_ENABLE_KOKKOS=ON \
    -DKokkos_ROOT="$KOKKOS_OPENMP_ROOT" -DHPCS_BUILD_BENCHMARKS=OFF > "$OUT/configure.log" 2>&1 \
    || { echo "error: configure failed (tail of $OUT/configure.log):" >&2; tail -15 "$OUT/configure.log" >&2; exit 1; }
  cmake --build "$BUILD" -j "$THREADS" > "$OUT/build.log" 2>&1 \
    || { echo "error: build failed (tail of $OUT/build.log):" >&2; grep -m10 -E "error" "$OUT/build.log" >&2; exit 1; }
fi
export OMP_NUM_THREADS=$THREADS OMP_PROC_BIND=${OMP_PROC_BIND:-spread} OMP_PLACES=${OMP_PLACES:-cores}
records=$OUT/kokkos_openmp.jsonl log=$OUT/kokkos_openmp.log
: > "$records"
: > "$log"
q=(--reps "${REPS:-3}" --warmup 1 --energy-window 0 --idle-window 0 --json)
# SW's kokkos/wavefront team is tile-rows / sub-rows threads, at most the host's threads on
# OpenMP: 8 rows per thread, up to 16 threads (the GPU default's t_S = 128 at 16 cores).
# kokkos/multipass also runs at its own host default (teams of one thread, a row of tiles of
# 16 rows each, as many rows at once as there are threads).
sw_team=$((THREADS < 16 ? THREADS : 16))
# A job is "binary|problem|variants"; variants "each" runs cpu/reference once and then every
# Kokkos variant that --list offers for that problem as its own job, so a slow variant that
# times out loses only its own records.
if [ "${SCALE:-}" = small ]; then
  jobs=("reduction_miniapp|--n 100003|each"
        "sw_miniapp|--len-a 3000 --len-b 2000 --tile-rows $((8 * sw_team)) --sub-rows 8|each"
        "sw_miniapp|--len-a 3000 --len-b 2000|cpu/reference,kokkos/multipass"
        "jacobi_miniapp|--dims 2 --nx 300 --ny 200 --steps 16|cpu/reference,kokkos/*"
        "gem_miniapp|--atoms 300|cpu/reference,cpu/openmp,kokkos/*"
        "matrixchain_miniapp||cpu/reference,kokkos/*"
        "wavefront_miniapp|--dim 300 --tsize 10|cpu/reference,cpu/tiled,kokkos/*")
else
  # Reduction and SW at sizes set by their Kokkos team kernels, not by the serial reference.
  # Those kernels are GPU blocks: on OpenMP a team is at most the host's threads, every team
  # barrier is a Kokkos HostBarrier rendezvous of all of them (spin, then yield and sleep), and
  # teams of all threads run one at a time. RK-1..RK-6 spend a barrier per tree level on every
  # 16 (RK-4/6: 32) elements: RK-1 took 43.8 s a run at 2^24 on the H100 host's 16 cores
  # (~6.5 us a barrier, 2.6 us an element; 7.5 us an element with a team of 2 on 2 cores).
  # SW's tile pipeline spends a barrier per s_T = 2 columns, ~83 per 128 x 128 tile: ~33 ns a
  # cell on 16 cores at that barrier cost (65536^2 did not finish a run in 70 s). Inherent to the GPU algorithms (no fence or copy per team), so the
  # sizes keep each job's 5 runs near 30 s (reduction) and 11 s (SW) on 16 cores.
  jobs=("reduction_miniapp|--n 2097152|each"
        "sw_miniapp|--len-a 8192 --len-b 8192 --tile-rows $((8 * sw_team)) --sub-rows 8|each"
        "sw_miniapp|--len-a 8192 --len-b 8192|cpu/reference,kokkos/multipass"
        "jacobi_miniapp|--dims 2 --nx 4096 --ny 4096 --steps 256|cpu/reference,kokkos/*"
        "gem_miniapp|--atoms 1441 --density 3.8|cpu/reference,cpu/openmp,kokkos/*"
        "matrixchain_miniapp||cpu/reference,kokkos/*"
        "wavefront_miniapp|--dim 3000 --tsize 100|cpu/reference,cpu/tiled,kokkos/*")
fi
# One JSON line naming the job (its binary, problem and variants), or its outcome.
mark() { python3 -c 'import json, sys; print(json.dumps({sys.argv[1]: dict(zip(("bin", "problem", "variants", "why"), sys.argv[2:]))}))' "$@" >> "$records"; }
failed=0
run_job() {  # binary, problem, variants
  local bin=$1 problem=$2 variants=$3 err rc
  local -a argv
  read -r -a argv <<< "$problem"
  mark job "$bin" "$problem" "$variants"
  echo "== $bin $problem --variant $variants (OMP_NUM_THREADS=$THREADS)" >> "$log"
  err=$(mktemp)
  # one rank, no launcher: mpirun would bind a lone rank to one core; stdin is not --list's
  timeout "$JOB_TIMEOUT" "$BUILD/bin/$bin" "${argv[@]}" --variant "$variants" "${q[@]}" < /dev/null >> "$records" 2> "$err"
  rc=$?
  cat "$err" >> "$log"
  if [ $rc -eq 124 ]; then
    echo "$bin --variant $variants: timed out after $JOB_TIMEOUT s (JOB_TIMEOUT): its records are lost (an app prints them at its end)" | tee -a "$log" >&2
    mark timed_out "$bin" "$problem" "$variants" "after $JOB_TIMEOUT s (JOB_TIMEOUT)"
    failed=1
  elif [ $rc -ne 0 ]; then
    echo "$bin --variant $variants failed: $(grep -m1 'error' "$err" || tail -1 "$err")" >&2
    mark failed "$bin" "$problem" "$variants" "exit status $rc"
    failed=1
  fi
  rm -f "$err"
}
for job in "${jobs[@]}"; do
  IFS='|' read -r bin problem variants <<< "$job"
  if [ "$variants" != each ]; then
    run_job "$bin" "$problem" "$variants"
    continue
  fi
  read -r -a argv <<< "$problem"
  run_job "$bin" "$problem" cpu/reference
  # the app's Kokkos variants (not their named tunings) and why this build can't run some
  while read -r variant why; do
    if [ -n "$why" ]; then
      mark skipped "$bin" "$problem" "$variant" "$why"
      echo "note: $bin: skipped $variant $why" >> "$log"
    else
      run_job "$bin" "$problem" "$variant"
    fi
  done < <("$BUILD/bin/$bin" "${argv[@]}" --list 2>/dev/null | grep -E '^kokkos/[^/ ]+( |$)')
done
python3 - "$records" "$THREADS" "$KOKKOS_OPENMP_ROOT" > "$OUT/kokkos_openmp.md" <<'PY'
import json, sys
path, threads, kokkos = sys.argv[1:4]
groups = {}  # (binary, problem) -> rows in run order: records and named outcomes
job = None
for line in open(path):
    if not line.startswith("{"):
        continue
    r = json.loads(line)
    if "job" in r:
        job = r["job"]
        groups.setdefault((job["bin"], job["problem"]), [])
    elif len(r) == 1 and next(iter(r)) in ("timed_out", "failed", "skipped"):
        kind, o = next(iter(r.items()))
        groups.setdefault((o["bin"], o["problem"]), []).append({"outcome": kind, **o})
    elif job is not None:
        groups[(job["bin"], job["problem"])].append(r)
print("Kokkos variants on the host (the Kokkos in %s, OMP_NUM_THREADS=%s), one rank; rate in the app's own "
      "unit, speed-up over cpu/reference of the same app and problem (its own job).\n" % (kokkos, threads))
print("| app | variant | config | rate | unit | verification | vs cpu/reference | problem |\n"
      "|---|---|---|---|---|---|---|---|")
named = []
for (binary, problem), rows in groups.items():
    app = next((r["app"] for r in rows if "app" in r), binary.replace("_miniapp", ""))
    ref = next((r for r in rows if r.get("variant") == "cpu/reference"), None)
    shown = "`%s`" % problem if problem else "(defaults)"
    for r in rows:
        if "outcome" in r:
            print("| %s | %s | - | - | - | %s %s | - | %s |" % (app, r["variants"], r["outcome"].replace("_", " "),
                                                            r["why"], shown))
            if r["outcome"] != "skipped":
                named.append("%s %s, no records: `%s`" % (r["outcome"].replace("_", " ").capitalize(), r["why"],
                                                         " ".join(filter(None, (binary, problem, "--variant " + r["variants"])))))
            continue
        x = "-"
        if ref and ref.get("rate") and r.get("rate"):
            v = r["rate"] / ref["rate"]
            x = ("%.2fx" if v >= 0.1 else "%.2gx") % v  # RK-1..6 on OpenMP reach 0.001x
        print("| %s | %s | %s | %.4g | %s | %s | %s | %s |" % (app, r["variant"], r.get("config", "")[:60],
              r.get("rate") or 0, r.get("rate_unit", ""), r["verification"]["status"], x, shown))
for line in named:
    print("\n%s." % line)
PY
cat "$OUT/kokkos_openmp.md"
exit $failed
