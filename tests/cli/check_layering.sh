#!/usr/bin/env bash
# Layering rules the build relies on (docs/architecture.md):
#  1. miniapps/ knows no backend: no HPCS_HAVE_* tests, no includes of backend folders,
#     CUDA or Kokkos headers (backends register their variants themselves);
#  2. host tools link no CUDA runtime and no Kokkos: the link lines of gen_inputs and of
#     the unit tests of common/ (checked with ninja -t commands when the build uses Ninja);
#  3. common/include/hpcs/ is layered (base, parallel, io, measure, report, harness) and a
#     header never includes one of a layer above its own.
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
# 3. common/include/hpcs/ is layered, bottom to top: base, parallel, io, measure, report,
#    harness; a header includes headers of its own layer or those below, never above.
layers=(base parallel io measure report harness)
rank() { local i; for i in "${!layers[@]}"; do [ "${layers[$i]}" = "$1" ] && { echo "$i"; return; }; done; echo 99; }
for dir in "$src"/common/include/hpcs/*/; do
  layer=$(basename "$dir")
  [ "$(rank "$layer")" = 99 ] && continue  # not a layer of the harness
  mine=$(rank "$layer")
  while IFS= read -r hit; do
    [ -n "$hit" ] || continue
    used=$(echo "$hit" | sed -E 's|.*#include "hpcs/([a-z]+)/.*|\1|')
    if [ "$(rank "$used")" -gt "$mine" ] && [ "$(rank "$used")" != 99 ]; then
      echo "common/include/hpcs/$layer reaches up to $used: ${hit#"$src"/}"; fail=1
    fi
  done < <(grep -HnE '#include "hpcs/[a-z]+/' "$dir"*.hpp)
done
loose=$(find "$src/common/include/hpcs" -maxdepth 1 -name '*.hpp')
if [ -n "$loose" ]; then
  echo "headers outside the layers of common/include/hpcs:"; echo "$loose"; fail=1
fi
[ $fail -eq 0 ] && echo "layering ok"
exit $fail
