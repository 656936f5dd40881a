// SPDX-License-Identifier: BSD-3-Clause
// GEM's model on the host: the electrostatic size A of a molecule, the region the
// parameters select, the constants every pair shares, and the vertices pushed out along
// their normals (by p for d, by the ion-exclusion radius for d').
#pragma once
#include <vector>

#include "gem_pair.hpp"
#include "gem_problem.hpp"

namespace hpcs::gem {

constexpr double kAlpha = 0.571412;  // ALPB's alpha (Sigalov and Onufriev), GEM's ALPHA_OF

// Electrostatic size (G. Sigalov's estimate_A): atoms as masses R^3 with intrinsic second
// moments R^2/5; A = sqrt(2.5 / M) det(I)^(1/6), I the inertia tensor about the centre of
// mass. A uniform ball of radius R (one atom, or many filling it) gives R.
double estimate_A(const Atoms& atoms);

// Throws hpcs::Error naming the option for parameters the model cannot take.
void check_physics(const Physics& p);

// 3 if p > ion-exclusion radius, 2 if 0 < p <= ion-exclusion radius, else 1.
int region_of(const Physics& p);

// The constants of gem_pair.hpp for these parameters and electrostatic size A.
PairConstants<double> pair_constants(const Physics& p, double A);

// Vertices moved along their unit normals: P by p (for d), Q by the ion-exclusion radius
// (for d'), in SoA form as the kernels read them.
struct ShiftedVertices {
  std::vector<double> px, py, pz, qx, qy, qz;
  std::size_t size() const { return px.size(); }
};
ShiftedVertices shift_vertices(const Vertices& v, const Physics& p);

}  // namespace hpcs::gem
