// SPDX-License-Identifier: BSD-3-Clause
// The CPU reference of GEM: digest 1.3's formulas as written, in double, summed over every
// atom for each vertex (threads over vertices). Beside each potential it keeps the scale of
// its rounding error in lower precision, from which the comparison derives its bound.
#pragma once
#include <vector>

#include "gem_physics.hpp"

namespace hpcs::gem {

// One atom's potential at a vertex per unit (scaled) charge; d and dp as in gem_pair.hpp.
double reference_term(const Physics& p, double A, double d, double dp);

// The same with the sum of its addends' magnitudes: the terms cancel (region 1 by about
// eps_out / (1 + alpha) at p = 0), so rounding scales with the addends, not the value.
struct TermParts {
  double value = 0, magnitude = 0;
};
TermParts reference_parts(const Physics& p, double A, double d, double dp);

struct ReferencePotentials {
  std::vector<double> phi;  // kcal/(mol e) per vertex
  // sum over atoms of |q_i| (sum of |addends|) (1 + (|atom| + |vertex|) / d): the scale of
  // the rounding error of a pair evaluated from rounded coordinates
  std::vector<double> abs_sum;
};

// Charges are scaled by p.charge_scale here. threads 0: the hardware's.
ReferencePotentials reference_potentials(const Physics& p, double A, const Atoms& atoms, const ShiftedVertices& v,
                                         unsigned threads = 0);

}  // namespace hpcs::gem
