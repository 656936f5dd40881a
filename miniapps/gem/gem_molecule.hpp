// SPDX-License-Identifier: BSD-3-Clause
// A synthetic globular "protein" for when no PQR file is at hand (docs: Daga digest
// section 6.2): atoms at random inside an ellipsoid sized for a protein-like density,
// at least 1 A apart, with a protein's element mix and Amber-like partial charges
// shifted to an exact integer net charge. The same options give the same atoms.
#pragma once
#include <cstdint>

#include "gem_problem.hpp"

namespace hpcs::gem {

struct MoleculeOptions {
  std::int64_t atoms = 1441;  // the GEM data set 1uwo_A has 1,441
  std::uint64_t seed = 42;
  double atoms_per_A3 = 0.11;        // proteins, hydrogens included
  double axes[3] = {1.0, 0.8, 0.5};  // ellipsoid axis ratios (a non-spherical A)
  double net_charge = 0;             // rounded to an integer
};

// Elements: about 50% H (r 1.2 A), 30% C (1.7), 10% N (1.55), 10% O (1.5). Charges
// |q| <= 0.9 e, most within +-0.6. The ellipsoid grows a little if random placement
// stalls. Throws hpcs::Error for atoms < 1 or > 1e8, a density that is not positive or
// above 0.5 atoms/A^3 (random packing at 1 A spacing stalls), an axis that is not
// positive, or a net charge beyond 0.9 e per atom.
Atoms synthetic_molecule(const MoleculeOptions& o);

}  // namespace hpcs::gem
