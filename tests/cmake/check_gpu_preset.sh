#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# `cmake --preset gpu` (configure only: one app, no tests, into temporary build dirs):
#   - with no Kokkos at all it configures and says "Kokkos variants are OFF";
#   - with a host-only Kokkos (Debian's Serial 3.4) it warns, naming the problem, and builds
#     no Kokkos variants; with -DHPCS_ENABLE_KOKKOS=ON it refuses to configure;
#   - with a CUDA Kokkos (KOKKOS_ROOT on the GPU machine) it uses it.
# Without nvcc the preset (HPCS_ENABLE_CUDA=ON) must stop naming nvcc; the Kokkos checks
# then cannot run (exit 77, ctest: skipped).
#
#   [CMAKE=cmake] [PREFIX_PATH=dir:dir] tests/cmake/check_gpu_preset.sh <source dir>
set -u
src=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/hpcs-preset.XXXXXX")
trap 'rm -rf "$work"' EXIT
errors=0
fail() { echo "FAIL: $*"; errors=$((errors + 1)); }

# configure NAME [cmake args]: sets rc; the output is in $work/NAME.log.
configure() {
  local name=$1
  shift
  (cd "$src" && timeout 180 "${CMAKE:-cmake}" --preset gpu -B "$work/$name" -DHPCS_APPS=reduction -DHPCS_BUILD_TESTS=OFF \
     -DHPCS_BUILD_BENCHMARKS=OFF ${PREFIX_PATH:+"-DCMAKE_PREFIX_PATH=${PREFIX_PATH//:/;}"} "$@") > "$work/$name.log" 2>&1
  rc=$?
}
# expect NAME REGEX WHAT: the log of NAME matches REGEX (newlines folded: CMake wraps messages).
expect() {
  tr '\n' ' ' < "$work/$1.log" | tr -s ' ' | grep -Eq "$2" || { fail "$1: $3"; tail -n 30 "$work/$1.log"; }
}

if [ -z "${CUDACXX:-}" ] && [ ! -x /usr/local/cuda/bin/nvcc ] && ! command -v nvcc > /dev/null; then
  configure no_nvcc
  [ "$rc" -ne 0 ] || fail "no_nvcc: the gpu preset configured without nvcc"
  expect no_nvcc "HPCS_ENABLE_CUDA=ON but no CUDA compiler \(nvcc\)" "no message naming nvcc"
  [ "$errors" -eq 0 ] || exit 1
  echo "SKIP: no nvcc here, so the gpu preset stops at CUDA (checked); its Kokkos checks need nvcc"
  exit 77
fi

# No Kokkos installed (simulated: find_package(Kokkos) disabled).
configure no_kokkos -DCMAKE_DISABLE_FIND_PACKAGE_Kokkos=ON
[ "$rc" -eq 0 ] || fail "no_kokkos: configure failed (exit $rc)"
expect no_kokkos "Kokkos variants are OFF: no Kokkos found" "no 'Kokkos variants are OFF' message"
expect no_kokkos "Kokkos backend : OFF" "summary does not say Kokkos OFF"

# Whatever Kokkos this machine has.
configure found
[ "$rc" -eq 0 ] || fail "found: configure failed (exit $rc)"
if grep -q "is host-only" "$work/found.log"; then
  expect found "CMake Warning.*Kokkos variants are OFF: the Kokkos found .* is host-only \(no Kokkos_ENABLE_CUDA\), but this is a GPU build" \
    "no warning naming the host-only Kokkos"
  expect found "Kokkos backend : OFF \(host-only Kokkos" "summary does not say the host-only Kokkos was refused"
  configure required -DHPCS_ENABLE_KOKKOS=ON
  [ "$rc" -ne 0 ] || fail "required: HPCS_ENABLE_KOKKOS=ON configured with a host-only Kokkos"
  expect required "CMake Error.*HPCS_ENABLE_KOKKOS=ON: the Kokkos found .* is host-only" "no error naming the host-only Kokkos"
  what="host-only Kokkos: warned and off (AUTO), refused (ON)"
elif grep -q "Kokkos backend  : ON" "$work/found.log"; then
  expect found "Kokkos backend : ON .*devices [^)]*CUDA" "a Kokkos without CUDA was used in a GPU build"
  what="CUDA Kokkos used"
else
  expect found "Kokkos variants are OFF: no Kokkos found" "no Kokkos found, but no message says so"
  what="no Kokkos on this machine"
fi
[ "$errors" -eq 0 ] || exit 1
echo "ok: gpu preset without Kokkos configures (Kokkos variants OFF); $what"
