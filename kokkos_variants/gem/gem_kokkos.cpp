// SPDX-License-Identifier: BSD-3-Clause
// Registers the Kokkos variants of GEM: kokkos/basic (step 1), kokkos/tiled (step 2, atoms
// in team scratch, one kernel per case) and kokkos/tuned (step 3, cuda/tuned's kernel: several
// vertices per thread, rsqrt terms, atom splits), with the named block sizes; the last two
// with the tuning spaces of what they read (kokkos/basic and kokkos/hcp read no tunable).
#include "gem_kokkos_factories.hpp"
#include "hpcs/kokkos_runtime.hpp"

namespace hpcs::gem {

namespace kokkos {
void register_hcp(VariantList& list);  // gem_hcp_kokkos.cpp: kokkos/hcp, off the ladder
}  // namespace kokkos

void register_kokkos_variants(VariantList& list) {
  auto basic = kokkos_variant<Variant>("kokkos/basic", kokkos::make_basic);
  basic.step = 1;
  list.push_back(basic);
  auto tiled = kokkos_variant<Variant>("kokkos/tiled", kokkos::make_tiled);
  tiled.step = 2;
  tiled.why_not = [](const Problem& p, const Tuning& t) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    return reason_of([&] { kokkos::make_tiled(p.precision, t); });
  };
  tiled.tunings = block_tunings();
  tiled.space = gem_space({/*tile_atoms=*/true});  // the block is its vertices per team
  list.push_back(tiled);
  Variant tuned = tiled;
  tuned.name = "kokkos/tuned";
  tuned.step = 3;
  tuned.make = kokkos::make_tuned;
  tuned.why_not = [](const Problem& p, const Tuning& t) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    return reason_of([&] { kokkos::make_tuned(p.precision, t); });
  };
  tuned.resolve = kokkos::resolve_tuned;
  tuned.space = gem_space({true, true, true});
  list.push_back(tuned);
  kokkos::register_hcp(list);
}

}  // namespace hpcs::gem
