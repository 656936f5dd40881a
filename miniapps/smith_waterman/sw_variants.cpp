// SPDX-License-Identifier: BSD-3-Clause
// The one list of Smith-Waterman variants: the CPU reference, then what the backends register.
#include "sw_variants.hpp"

#include "sw_reference.hpp"

namespace hpcs::sw {

VariantList all_variants() {
  VariantList list =
      variant_list<Variant>([](const Tuning& t) { return make_cpu_reference(t); }, register_backend_variants);
  for (auto& v : list) {
    // A tiling field left at 0 takes the variant's default (its own resolve, if it has one,
    // else the CUDA variants'). make resolves too, so a caller that did not (a test, the
    // reference built beside a trial) gets the same tiling; no resolve here reads the problem.
    v.resolve = [own = v.resolve](const Problem& p, const Tuning& t) {
      return with_default_tiling(own(p, t), kMultipassTiling);
    };
    v.make = [make = v.make, resolve = v.resolve](const Tuning& t) { return make(resolve(Problem{}, t)); };
    // A variant that cannot run a tiling says so before the runs (skipped by globs, an error
    // when named), not in the middle of them.
    v.why_not = [machine = v.why_not, make = v.make](const Problem& p, const Tuning& t) {
      if (auto why = machine(p, t)) return why;
      return reason_of([&] { make(t); });
    };
  }
  return list;
}

std::string tiling_config(const Tuning& t) {
  return "tile=" + std::to_string(t.tile_rows) + "x" + std::to_string(t.tile_cols) +
         " sub=" + std::to_string(t.sub_rows) + "x" + std::to_string(t.sub_cols);
}

std::vector<NamedTuning<Tuning>> named_tilings() {
  struct Shape {
    const char* name;
    int tile_rows, tile_cols, sub_rows, sub_cols;
  };
  std::vector<NamedTuning<Tuning>> out;
  for (const Shape s :
       {Shape{"2048x128", 2048, 128, 16, 2}, Shape{"1024x256", 1024, 256, 8, 4}, Shape{"512x256", 512, 256, 8, 8}})
    out.push_back(named_point<Tuning>(
        s.name,
        {{"tile-rows", s.tile_rows}, {"tile-cols", s.tile_cols}, {"sub-rows", s.sub_rows}, {"sub-cols", s.sub_cols}}));
  return out;
}

}  // namespace hpcs::sw
