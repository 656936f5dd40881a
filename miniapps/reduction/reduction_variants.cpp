// SPDX-License-Identifier: BSD-3-Clause
// The one list of reduction variants: the CPU reference, then what the backends register.
#include "reduction_variants.hpp"

#include "reduction_reference.hpp"

namespace hpcs::reduction {

VariantList all_variants() {
  return variant_list<Variant>([](DType t, const Tuning&) { return make_cpu_reference(t); }, register_backend_variants);
}

std::vector<NamedTuning<Tuning>> rk_tunings(int step) {
  std::vector<NamedTuning<Tuning>> out;
  for (int block : {64, 128, 256, 512, 1024})
    out.push_back({"block" + std::to_string(block), [block](Tuning t) {
                     t.block = block;
                     return t;
                   }});
  if (step == 7)
    for (int unroll : {1, 2, 4, 8})
      out.push_back({"unroll" + std::to_string(unroll), [unroll](Tuning t) {
                       t.unroll = unroll;
                       return t;
                     }});
  return out;
}

}  // namespace hpcs::reduction
