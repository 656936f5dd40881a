// SPDX-License-Identifier: BSD-3-Clause
// Factories and tile checks of the CUDA Jacobi solvers, for the registration (no CUDA types).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "jacobi_variant.hpp"

namespace hpcs::jacobi::cuda_impl {

template <class Real>
std::unique_ptr<Solver<Real>> make_naive(const Tiles& t);
template <class Real>
std::unique_ptr<Solver<Real>> make_hex1d(const Tiles& t);
template <class Real>
std::unique_ptr<Solver<Real>> make_hhc2d(const Tiles& t);

// Why these (resolved) tiles cannot run on the current GPU, with the numbers.
std::optional<std::string> naive_rejects(const Problem& p, const Tiles& t);
std::optional<std::string> hex1d_rejects(const Problem& p, const Tiles& t, Precision prec);
std::optional<std::string> hhc2d_rejects(const Problem& p, const Tiles& t, Precision prec);

}  // namespace hpcs::jacobi::cuda_impl
