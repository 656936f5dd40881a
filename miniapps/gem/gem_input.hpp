// SPDX-License-Identifier: BSD-3-Clause
// The GEM input file (written by gen_inputs gem): atoms in /atoms/{x,y,z,charge,radius} and
// surface vertices with unit outward normals in /vertices/{x,y,z,nx,ny,nz}, float64, with
// root attributes miniapp = "gem", source, density, probe. Every rank reads all atoms and
// its block of vertices.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "gem_problem.hpp"
#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs::gem {

struct MoleculeInput {
  Atoms atoms;        // all of them
  Vertices vertices;  // this rank's block
  std::int64_t total_vertices = 0;
  std::int64_t first_vertex = 0;  // of this rank's block
  std::string source;             // what the file says it was made from
};

// Collective: throws hpcs::Error naming the file and what is wrong on every rank.
MoleculeInput load_molecule(const MpiContext& mpi, const std::string& path);

// Limits of a molecule the suite accepts (beyond them float32, or the pair sums, overflow):
// coordinates within +-1e5 A, charges within +-1e4 e, radii up to 1e3 A.
constexpr double kMaxCoordinate = 1e5, kMaxCharge = 1e4, kMaxRadius = 1e3;
// The error for a value beyond its limit, or nullopt ("x 1e+300 A is beyond +-1e+05 A").
std::optional<std::string> beyond_limit(const char* field, double value);

// Collective: no (shifted) vertex may lie on an atom's centre (distance under 1e-6 A), where
// the potential is infinite and every variant, the reference too, gives NaN. Vertices are
// named by their index in the input (first_vertex + k), atoms by theirs.
void check_vertices_clear_of_atoms(const MpiContext& mpi, const Atoms& atoms, const std::vector<double>& px,
                                   const std::vector<double>& py, const std::vector<double>& pz,
                                   std::int64_t first_vertex, const std::string& source);

// This rank's block of a molecule every rank holds whole.
MoleculeInput slice_molecule(const MpiContext& mpi, Atoms atoms, const Vertices& all, const std::string& source);

// Throws hpcs::Error "<what>: ..." for no atoms, non-finite values, negative radii (0 is
// fine: force fields give some hydrogens none) or normals that are not unit vectors.
void check_molecule(const Atoms& atoms, const Vertices& vertices, const std::string& what, std::int64_t first_vertex);

// Writes a molecule file atomically (temporary name, then rename).
void write_molecule(const std::string& path, const Atoms& atoms, const Vertices& vertices, const std::string& source,
                    double density, double probe);

}  // namespace hpcs::gem
