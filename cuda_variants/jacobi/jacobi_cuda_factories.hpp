// SPDX-License-Identifier: BSD-3-Clause
// Factories and tile checks of the CUDA Jacobi solvers, for the registration (no CUDA types).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "jacobi_variants.hpp"

namespace hpcs::jacobi::cuda {

SolverFactories naive_factories();
SolverFactories hex1d_factories();
SolverFactories hhc2d_factories();
SolverFactories hhc3d_factories();
SolverFactories tiled_factories();  // 1D hexagonal, 2D HHC or 3D slabs, chosen at setup
// cuda/tiled has no 3D tiling yet: the reason for a 3D problem (nullopt otherwise).
std::optional<std::string> tiled_dims_rejects(const Problem& p);

// Why these (resolved) tiles cannot run on the current GPU, with the numbers.
std::optional<std::string> naive_rejects(const Problem& p, const Tuning& t);
std::optional<std::string> hex1d_rejects(const Problem& p, const Tuning& t, Precision prec);
std::optional<std::string> hhc2d_rejects(const Problem& p, const Tuning& t, Precision prec);
std::optional<std::string> hhc3d_rejects(const Problem& p, const Tuning& t, Precision prec);

}  // namespace hpcs::jacobi::cuda
