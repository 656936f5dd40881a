// SPDX-License-Identifier: BSD-3-Clause
// Random grids (interior and boundary uniform in [-1, 1]) for the Jacobi tests.
#pragma once
#include <cstdint>
#include <random>
#include <vector>

#include "jacobi_problem.hpp"

namespace hpcs::jacobi {

template <class Real>
std::vector<Real> random_grid(const Problem& p, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<Real> g(static_cast<std::size_t>(p.stored()));
  for (auto& x : g) x = static_cast<Real>(d(rng));
  return g;
}

template <class Real>
std::vector<Real> random_grid(const Problem& p, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  return random_grid<Real>(p, rng);
}

}  // namespace hpcs::jacobi
