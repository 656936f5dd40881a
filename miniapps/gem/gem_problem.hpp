// SPDX-License-Identifier: BSD-3-Clause
// Types of the GEM mini-app (no CUDA or Kokkos types): atoms, surface vertices, the physical
// parameters of GEM's analytical linearized Poisson-Boltzmann potential, the launch shape,
// and what a variant is asked to run. Units: Angstrom, e; potentials in kcal/(mol e).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace hpcs::gem {

// Atoms as in a PQR file: centres (A), partial charges (e, not yet scaled by 332), radii (A).
// Every rank holds all of them.
struct Atoms {
  std::vector<double> x, y, z, charge, radius;
  std::size_t size() const { return x.size(); }
  void push_back(double px, double py, double pz, double q, double r) {
    x.push_back(px), y.push_back(py), z.push_back(pz), charge.push_back(q), radius.push_back(r);
  }
};

// Surface points with unit outward normals (a rank holds its slice).
struct Vertices {
  std::vector<double> x, y, z, nx, ny, nz;
  std::size_t size() const { return x.size(); }
  void push_back(double px, double py, double pz, double qx, double qy, double qz) {
    x.push_back(px), y.push_back(py), z.push_back(pz), nx.push_back(qx), ny.push_back(qy), nz.push_back(qz);
  }
};

// What GEM's kernels return per vertex (phiType): 1 Coulomb only, 2 reaction field (total
// minus Coulomb), 3 total.
enum class PhiType { Coulomb = 1, Reaction = 2, Total = 3 };
std::string to_string(PhiType p);
PhiType phi_type_by_name(const std::string& name);  // "coulomb", "reaction", "total"; throws hpcs::Error

enum class Precision { Float32, Float64 };
std::string to_string(Precision p);

// GEM's parameters (OpenDwarfs gem_no_ui defaults, docs/gem.md): exterior dielectric 80,
// interior 1, no salt, vertices not projected (p = 0: region 1), ion-exclusion radius 2 A,
// A estimated from the atoms, r0 = A/2, charges times 332, kappa = 0.316 sqrt(salt).
struct Physics {
  double eps_in = 1.0;
  double eps_out = 80.0;
  double salt = 0.0;            // mol/L
  double proj = 0.0;            // p: vertices pushed out along their normals (A)
  double ion_exc = 2.0;         // ion-exclusion (Stern) radius (A)
  double A = 0.0;               // electrostatic size (A); 0: estimate from the atoms
  double r0_frac = 0.5;         // r0 = r0_frac * A (region 1)
  double charge_scale = 332.0;  // e -> kcal/(mol e) with distances in A
  double kappa_factor = 0.316;  // kappa = kappa_factor * sqrt(salt) (1/A)
  PhiType phi = PhiType::Total;
};

// The launch shape: threads per block / team, vertices per thread, atoms per tile (staged
// in shared memory / team scratch), blocks splitting the atom loop (0: the variant chooses).
struct Tuning {
  int block = 256;
  int vertices_per_thread = 0;  // 0: the variant's choice
  int tile_atoms = 0;           // 0: the block size
  int atom_splits = 0;          // 0: automatic (tuned variant), 1: none
};

// What a variant is asked to run.
struct Problem {
  std::int64_t atoms = 0;
  std::int64_t vertices = 0;  // all ranks together
  Precision precision = Precision::Float32;
  int region = 1;  // 1, 2 or 3: set by p and the ion-exclusion radius
  PhiType phi = PhiType::Total;
};

}  // namespace hpcs::gem
