#!/usr/bin/env bash
# Layering rules the build relies on (docs/architecture.md):
#  1. miniapps/ knows no backend: no HPCS_HAVE_* tests, no includes of backend folders,
#     CUDA or Kokkos headers (backends register their variants themselves);
#  2. host tools link no CUDA runtime and no Kokkos: the link lines of gen_inputs and of
#     the unit tests of common/ (checked with ninja -t commands when the build uses Ninja).
set -u
src=$1 build=$2
fail=0
hits=$(grep -rnE 'HPCS_HAVE_|#include *["<](cuda_runtime|Kokkos_Core|cuda_variants/|kokkos_variants/)|#include *"[a-z_]*_(cuda|kokkos)\.hpp"' \
       "$src/miniapps" 2>/dev/null)
if [ -n "$hits" ]; then
  echo "miniapps/ reaches into a backend:"; echo "$hits"; fail=1
fi
if [ -f "$build/build.ninja" ]; then
  for target in gen_inputs unit_common_test; do
    link=$(ninja -C "$build" -t commands "$target" 2>/dev/null | tail -n 1)
    [ -n "$link" ] || { echo "no link line for $target"; fail=1; continue; }
    # libraries, not Kokkos' link launcher (set for every target, a pass-through for most)
    libs='cudart|kokkoscore|kokkoscontainers|KOKKOS_DEPENDENCE'
    if echo "$link" | grep -qE "$libs"; then
      echo "$target links the CUDA runtime or Kokkos:"; echo "$link" | tr ' ' '\n' | grep -E "$libs"; fail=1
    fi
  done
fi
[ $fail -eq 0 ] && echo "layering ok"
exit $fail
