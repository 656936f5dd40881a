#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Kokkos' other half (issue 28): every app's Kokkos variants on the host's cores through Kokkos'
# OpenMP backend, beside cpu/reference (and the wavefront app's cpu/tiled, GEM's cpu/openmp),
# one rank, the same problems, in one run per app. Builds the suite (CPU only, no CUDA) against
# an installed host Kokkos whose default execution space is OpenMP; it never builds Kokkos.
#
#   KOKKOS_OPENMP_ROOT=/path/to/kokkos-openmp-install OUT=dir benchmarks/kokkos_openmp.sh
#
# BUILD (build/kokkos-openmp) is the suite's build directory; THREADS (all cores) the OpenMP
# threads, bound one per core; SCALE=small runs tiny problems (a smoke test); JOB_TIMEOUT
# (seconds, default 300) ends a job that runs longer, named in the log and the report. Writes
# OUT/kokkos_openmp.jsonl (every record), OUT/kokkos_openmp.log (the runs' tables) and
# OUT/kokkos_openmp.md (per app: each variant's rate and its speed-up over cpu/reference).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
OUT=${OUT:-$PWD/kokkos-openmp-out}
BUILD=${BUILD:-$root/build/kokkos-openmp}
THREADS=${THREADS:-$(nproc)}
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
if [ "${SCALE:-}" = small ]; then
  jobs=("reduction_miniapp --n 1000003 --variant cpu/reference,kokkos/*"
        "sw_miniapp --len-a 3000 --len-b 2000 --variant cpu/reference,kokkos/*"
        "jacobi_miniapp --dims 2 --nx 300 --ny 200 --steps 16 --variant cpu/reference,kokkos/*"
        "gem_miniapp --atoms 300 --variant cpu/reference,cpu/openmp,kokkos/*"
        "matrixchain_miniapp --variant cpu/reference,kokkos/*"
        "wavefront_miniapp --dim 300 --tsize 10 --variant cpu/reference,cpu/tiled,kokkos/*")
else  # the issue's problems where the serial reference stays within seconds; SW's teams of
      # tile-rows / sub-rows = 16 threads (an OpenMP team has at most the threads there are)
  # Reduction at 2^24, not the GPU's 2^28: on OpenMP a team is at most the host's threads, so
  # RK-1..RK-6 run one team barrier per tree level for every 16 elements (16M teams at 2^28
  # did not finish one run in 480 s on 16 cores, 2026-11-27).
  jobs=("reduction_miniapp --n 16777216 --variant cpu/reference,kokkos/*"
        "sw_miniapp --len-a 65536 --len-b 65536 --tile-rows 128 --sub-rows 8 --variant cpu/reference,kokkos/*"
        "jacobi_miniapp --dims 2 --nx 4096 --ny 4096 --steps 256 --variant cpu/reference,kokkos/*"
        "gem_miniapp --atoms 1441 --density 3.8 --variant cpu/reference,cpu/openmp,kokkos/*"
        "matrixchain_miniapp --variant cpu/reference,kokkos/*"
        "wavefront_miniapp --dim 3000 --tsize 100 --variant cpu/reference,cpu/tiled,kokkos/*")
fi
failed=0
for job in "${jobs[@]}"; do
  read -r -a argv <<< "$job"
  echo "== ${argv[*]} (OMP_NUM_THREADS=$THREADS)" >> "$log"
  # one rank, no launcher: mpirun would bind a lone rank to one core
  timeout "${JOB_TIMEOUT:-300}" "$BUILD/bin/${argv[0]}" "${argv[@]:1}" "${q[@]}" >> "$records" 2>> "$log"
  rc=$?
  if [ $rc -eq 124 ]; then
    echo "${argv[0]}: timed out after ${JOB_TIMEOUT:-300} s (JOB_TIMEOUT): its records are lost (an app prints them at its end)" | tee -a "$log" >&2
    echo "{\"timed_out\": \"${argv[*]}\"}" >> "$records"
    failed=1
  elif [ $rc -ne 0 ]; then
    echo "${argv[0]} failed: $(grep -m1 'error' "$log" || tail -1 "$log")" >&2
    failed=1
  fi
done
python3 - "$records" "$THREADS" "$KOKKOS_OPENMP_ROOT" > "$OUT/kokkos_openmp.md" <<'PY'
import json, sys
path, threads, kokkos = sys.argv[1:4]
recs = [json.loads(l) for l in open(path) if l.startswith("{")]
timed_out = [r["timed_out"] for r in recs if "timed_out" in r]
recs = [r for r in recs if "timed_out" not in r]
print("Kokkos variants on the host (the Kokkos in %s, OMP_NUM_THREADS=%s), one rank; rate in the app's own "
      "unit, speed-up over cpu/reference of the same run.\n" % (kokkos, threads))
print("| app | variant | config | rate | unit | verification | vs cpu/reference |\n|---|---|---|---|---|---|---|")
for app in dict.fromkeys(r["app"] for r in recs):
    rows = [r for r in recs if r["app"] == app]
    ref = next((r for r in rows if r["variant"] == "cpu/reference"), None)
    for r in rows:
        x = "%.2fx" % (r["rate"] / ref["rate"]) if ref and ref.get("rate") and r.get("rate") else "-"
        print("| %s | %s | %s | %.4g | %s | %s | %s |" % (app, r["variant"], r.get("config", "")[:60], r.get("rate") or 0,
                                                    r.get("rate_unit", ""), r["verification"]["status"], x))
for job in timed_out:
    print("\nTimed out (JOB_TIMEOUT), no records: `%s`." % job)
PY
cat "$OUT/kokkos_openmp.md"
exit $failed
