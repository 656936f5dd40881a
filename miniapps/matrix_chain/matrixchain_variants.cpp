// SPDX-License-Identifier: BSD-3-Clause
// The one list of matrix-chain variants: the CPU reference, then what the backends register.
#include "matrixchain_variants.hpp"

#include "matrixchain_reference.hpp"

namespace hpcs::matrixchain {

VariantList all_variants() {
  return variant_list<Variant>([](Precision, const Tuning&) { return make_cpu_reference(); }, register_cuda_variants,
                               register_kokkos_variants);
}

Plan plan_for(const Problem& p, const Tuning& t) {
  const double M = static_cast<double>(t.fast_memory > 0 ? t.fast_memory : kThesisFastMemory);
  return make_plan(ChainAnalysis(p.dims, M, t.beta), t.plan, kTileGranule);
}

Tuning unfused_plan(Tuning t) {
  if (t.plan == PlanKind::Fused) t.plan = PlanKind::OpCount;
  return t;
}

std::optional<std::string> needs_fused_plan(const std::string& name, const Tuning& t) {
  if (t.plan == PlanKind::Fused) return std::nullopt;
  return name + " runs the fused plan only (--plan " + to_string(t.plan) + " runs on the unfused variants)";
}

std::vector<NamedTuning<Tuning>> plan_tunings(bool fused) {
  std::vector<NamedTuning<Tuning>> out;
  if (!fused)
    for (PlanKind k : {PlanKind::Naive, PlanKind::OpCount})
      out.push_back({to_string(k), [k](Tuning t) {
                       t.plan = k;
                       return t;
                     }});
  for (std::int64_t M : {4096, 16384, 32768})
    out.push_back({"M" + std::to_string(M), [M](Tuning t) {
                     t.fast_memory = M;
                     return t;
                   }});
  return out;
}

}  // namespace hpcs::matrixchain
