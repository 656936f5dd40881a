// SPDX-License-Identifier: BSD-3-Clause
// The one list of reduction variants: the CPU reference, then what the backends register.
#include "reduction_variants.hpp"

#include "reduction_reference.hpp"

namespace hpcs::reduction {

VariantList all_variants() {
  return variant_list<Variant>([](DType t, const Tuning&) { return make_cpu_reference(t); }, register_backend_variants);
}

std::vector<NamedTuning<Tuning>> rk_tunings(int step) {
  auto out = named_values<Tuning>("block", "block", {64, 128, 256, 512, 1024});
  if (step == 7)
    for (auto& t : named_values<Tuning>("unroll", "unroll", {1, 2, 4, 8})) out.push_back(t);
  return out;
}

}  // namespace hpcs::reduction
