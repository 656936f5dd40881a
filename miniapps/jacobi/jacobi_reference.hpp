// SPDX-License-Identifier: BSD-3-Clause
// cpu/reference: the naive double-buffered Jacobi sweep, one step at a time.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

// One time step of the whole interior: next = update(current); boundary copied untouched.
template <class Real>
void reference_step(const Problem& p, const Real* current, Real* next);

// `steps` time steps on a copy of `grid` (stored() values); returns the final grid.
template <class Real>
std::vector<Real> reference_run(const Problem& p, const std::vector<Real>& grid, std::int64_t steps);

template <class Real>
std::unique_ptr<Solver<Real>> make_cpu_reference();

}  // namespace hpcs::jacobi
