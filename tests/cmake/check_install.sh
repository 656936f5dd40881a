#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `cmake --install` into a temporary prefix: every built <app>_miniapp, <app>_bench and
# gen_inputs in bin/, each app's job scripts in share/hpc_miniapps/jobscripts/slurm/, the
# calibration files in share/hpc_miniapps/calibration/, README and docs/ in
# share/doc/hpc_miniapps/; no installed file names the build directory. A mini-app then runs
# from the prefix (1 rank, small size), and again after the prefix was moved, where Jacobi
# must find its device's calibration file relative to the moved binary.
#
#   [CMAKE=cmake] tests/cmake/check_install.sh <source dir> <build dir>
set -u
src=$1 build=$2
work=$(cd "$(mktemp -d "${TMPDIR:-/tmp}/hpcs-install.XXXXXX")" && pwd -P)  # as /proc/self/exe names it
trap 'rm -rf "$work"' EXIT
errors=0
fail() { echo "FAIL: $*"; errors=$((errors + 1)); }
need() { [ -e "$1" ] || fail "not installed: ${1#"$work"/}"; }

timeout 120 "${CMAKE:-cmake}" --install "$build" --prefix "$work/a" > "$work/install.log" 2>&1 ||
  { cat "$work/install.log"; echo "FAIL: cmake --install"; exit 1; }

# The layout.
apps=()
for exe in "$build"/bin/*_miniapp; do
  name=$(basename "$exe")
  p=${name%_miniapp}
  apps+=("$p")
  need "$work/a/bin/$name"
  [ -x "$build/bin/${p}_bench" ] && need "$work/a/bin/${p}_bench"
  for js in "$src"/jobscripts/slurm/"${p}"_*.sbatch; do
    [ -e "$js" ] && need "$work/a/share/hpc_miniapps/jobscripts/slurm/$(basename "$js")"
  done
done
[ ${#apps[@]} -gt 0 ] || fail "no *_miniapp in $build/bin"
need "$work/a/bin/gen_inputs"
for f in "$src"/inputs/calibration/*.json; do need "$work/a/share/hpc_miniapps/calibration/$(basename "$f")"; done
need "$work/a/share/doc/hpc_miniapps/README.md"
for f in "$src"/docs/*.md; do need "$work/a/share/doc/hpc_miniapps/$(basename "$f")"; done
# Relocatable: nothing installed points into the build tree (recorded results under
# doc/.../results/data may quote the paths of the runs that made them: not looked up).
if grep -rlF --exclude-dir=data "$(cd "$build" && pwd -P)" "$work/a" > "$work/build_paths"; then
  fail "installed files name the build directory: $(tr '\n' ' ' < "$work/build_paths")"
fi

# run LABEL PREFIX EXE ARGS...: one rank, every JSON record verified.
run() {
  local label=$1 prefix=$2 exe=$3
  shift 3
  if ! (cd "$work" && timeout 120 "$prefix/bin/$exe" "$@" --reps 1 --warmup 0 --energy-window 0 --json \
          -o "$work/$label.h5" > "$work/$label.jsonl" 2> "$work/$label.err"); then
    fail "$label: $exe exited with an error"
    tail -n 20 "$work/$label.err"
  elif ! grep -q '"status":"passed"' "$work/$label.jsonl" || grep . "$work/$label.jsonl" | grep -vq '"status":"passed"'; then
    fail "$label: not every JSON record verified"
  fi
}
first=${apps[0]}
[[ " ${apps[*]} " == *" reduction "* ]] && first=reduction
small=(--variant cpu/reference)
[ "$first" = reduction ] && small=(--n 4096)
run installed "$work/a" "${first}_miniapp" "${small[@]}"

mv "$work/a" "$work/b"
run moved "$work/b" "${first}_miniapp" "${small[@]}"
[ -x "$work/b/bin/gen_inputs" ] && ! timeout 60 "$work/b/bin/gen_inputs" --help > /dev/null 2>&1 &&
  fail "moved: gen_inputs --help failed"
if [[ " ${apps[*]} " == *" jacobi "* ]]; then
  # A CPU run looks for calibration/cpu.json: give it one, beside the installed ones (on a
  # GPU machine the run may take that GPU's file instead: any file of the moved prefix will do).
  cal=$work/b/share/hpc_miniapps/calibration
  installed=("$cal"/*.json)
  cp "${installed[0]}" "$cal/cpu.json"
  run calibration "$work/b" jacobi_miniapp --nx 32 --ny 32 --steps 4 --variant cpu/reference --model
  grep -qF "\"calibration\":\"$work/b/bin/../share/hpc_miniapps/calibration/" "$work/calibration.jsonl" ||
    fail "moved: jacobi_miniapp did not find its calibration file relative to its binary"
fi

[ "$errors" -eq 0 ] || exit 1
echo "ok: installed ${#apps[@]} mini-apps; ${first}_miniapp ran from the prefix and after moving it$(
  [[ " ${apps[*]} " == *" jacobi "* ]] && echo "; jacobi_miniapp found its calibration relative to the moved binary")"
