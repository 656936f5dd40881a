// SPDX-License-Identifier: BSD-3-Clause
// The Kokkos GEM variants' factories, which gem_kokkos.cpp registers (gem_basic_kokkos.cpp,
// gem_tiled_kokkos.cpp, gem_tuned_kokkos.cpp); no Kokkos types in their signatures.
#pragma once
#include <memory>

#include "gem_variants.hpp"

namespace hpcs::gem::kokkos {

std::unique_ptr<Evaluator> make_basic(Precision p, const Tuning& t);
std::unique_ptr<Evaluator> make_tiled(Precision p, const Tuning& t);
std::unique_ptr<Evaluator> make_tuned(Precision p, const Tuning& t);
// kokkos/tuned's defaults for zeros; the atom splits from all ranks' vertices.
Tuning resolve_tuned(const Problem& p, const Tuning& t);

}  // namespace hpcs::gem::kokkos
