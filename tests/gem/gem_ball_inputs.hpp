// SPDX-License-Identifier: BSD-3-Clause
// Fresh random GEM inputs for the variant tests: atoms in a ball of radius 8 (charges in
// [-0.9, 0.9], radii in [1.2, 2.2]), vertices on a sphere of radius 12 with radial normals.
#pragma once
#include <cmath>
#include <random>
#include <string>

#include "gem_variants.hpp"

namespace hpcs::gem::testing {

inline Inputs ball_inputs(int atoms, int vertices, const Physics& p, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1, 1);
  Inputs in;
  in.physics = p;
  while (static_cast<int>(in.atoms.size()) < atoms) {
    const double x = u(rng), y = u(rng), z = u(rng);
    if (x * x + y * y + z * z <= 1) in.atoms.push_back(8 * x, 8 * y, 8 * z, 0.9 * u(rng), 1.2 + 0.5 * (u(rng) + 1));
  }
  Vertices v;
  for (int k = 0; k < vertices; ++k) {
    double x = u(rng), y = u(rng), z = u(rng);
    const double n = std::sqrt(x * x + y * y + z * z) + 1e-12;
    x /= n, y /= n, z /= n;
    v.push_back(12 * x, 12 * y, 12 * z, x, y, z);
  }
  in.A = estimate_A(in.atoms);
  in.vertices = shift_vertices(v, p);
  in.constants = pair_constants(p, in.A);
  for (double q : in.atoms.charge) in.q.push_back(q * p.charge_scale);
  in.hcp.cutoff = INFINITY;  // the HCP variants exact (their approximation: test_gem_hcp.cpp)
  return in;
}

// Every case the variant tests cover: both precisions, three projections, with and without
// salt, the three potentials; f(precision, physics, a description of the case).
template <class F>
void for_each_case(F&& f) {
  for (Precision prec : {Precision::Float32, Precision::Float64})
    for (double proj : {0.0, 1.0, 3.0})
      for (double salt : {0.0, 0.15})
        for (PhiType phi : {PhiType::Total, PhiType::Reaction, PhiType::Coulomb}) {
          Physics p;
          p.proj = proj, p.salt = salt, p.phi = phi;
          f(prec, p,
            to_string(prec) + " p=" + std::to_string(proj) + " salt=" + std::to_string(salt) + " " + to_string(phi));
        }
}

}  // namespace hpcs::gem::testing
