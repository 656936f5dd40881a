// SPDX-License-Identifier: BSD-3-Clause
// Factories and admission checks of the Kokkos Jacobi solvers, for the registration in
// jacobi_kokkos.cpp (no Kokkos types here).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "jacobi_variants.hpp"

namespace hpcs::jacobi::kokkos {

SolverFactories naive_factories();
std::optional<std::string> naive_rejects(const Problem& p, const Tuning& tiles);

SolverFactories tiled_factories();
std::optional<std::string> tiled_rejects(const Problem& p, const Tuning& tiles, Precision precision);
// The shared defaults (resolve_tiles), with a 2D t_S2 that was not requested cut to fit this
// backend's team scratch (the large-grid defaults are sized for cuda/tiled's shared memory).
Tuning tiled_resolve(const Problem& p, const Tuning& requested, Precision precision);

}  // namespace hpcs::jacobi::kokkos
