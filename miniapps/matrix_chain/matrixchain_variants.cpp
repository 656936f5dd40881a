// SPDX-License-Identifier: BSD-3-Clause
// The one list of matrix-chain variants: the CPU reference, then what the backends register.
#include "matrixchain_variants.hpp"

#include "matrixchain_reference.hpp"

namespace hpcs::matrixchain {

VariantList all_variants() {
  return variant_list<Variant>([](Precision, const Tuning&) { return make_cpu_reference(); },
                               register_backend_variants);
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

Variant tiled_variant(const TiledBackend& backend, bool fused) {
  Variant v;
  v.name = backend.name + (fused ? "/fused" : "/unfused");
  v.backend = backend.name;
  v.step = fused ? 2 : 1;
  v.make = backend.make(v.name, fused);
  v.why_not = [backend, name = v.name, fused](const Problem& p, const Tuning& t) -> std::optional<std::string> {
    if (auto why = backend.unavailable()) return why;
    if (fused)
      if (auto why = needs_fused_plan(name, t)) return why;
    return backend.misfit(name, p, t);
  };
  v.resolve = [backend, fused](const Problem& p, const Tuning& t) {
    return backend.with_auto_memory(p, fused ? t : unfused_plan(t));
  };
  v.tunings = plan_tunings(fused);
  v.space = fast_memory_space();
  return v;
}

NamedTuning<Tuning> without_graph() {
  return named_switch<Tuning>("nograph", [](Tuning t) {
    t.cuda_graph = false;
    return t;
  });
}

std::vector<NamedTuning<Tuning>> plan_tunings(bool fused) {
  std::vector<NamedTuning<Tuning>> out;
  if (!fused)  // the plan's kind is a switch: --tune keeps the model's plan
    for (PlanKind k : {PlanKind::Naive, PlanKind::OpCount})
      out.push_back(named_switch<Tuning>(to_string(k), [k](Tuning t) {
        t.plan = k;
        return t;
      }));
  for (auto& t : named_values<Tuning>("M", "fast-memory", {4096, 16384, 32768})) out.push_back(t);
  return out;
}

}  // namespace hpcs::matrixchain
