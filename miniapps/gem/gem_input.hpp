// SPDX-License-Identifier: BSD-3-Clause
// The GEM input file (written by gen_inputs gem): atoms in /atoms/{x,y,z,charge,radius} and
// surface vertices with unit outward normals in /vertices/{x,y,z,nx,ny,nz}, float64, with
// root attributes miniapp = "gem", source, density, probe. Every rank reads all atoms and
// its block of vertices.
#pragma once
#include <cstdint>
#include <string>

#include "gem_problem.hpp"
#include "hpcs/mpi_context.hpp"

namespace hpcs::gem {

struct MoleculeInput {
  Atoms atoms;                       // all of them
  Vertices vertices;                 // this rank's block
  std::int64_t total_vertices = 0;
  std::int64_t first_vertex = 0;     // of this rank's block
  std::string source;                // what the file says it was made from
};

// Collective: throws hpcs::Error naming the file and what is wrong on every rank.
MoleculeInput load_molecule(const MpiContext& mpi, const std::string& path);

// This rank's block of a molecule every rank holds whole.
MoleculeInput slice_molecule(const MpiContext& mpi, Atoms atoms, const Vertices& all, const std::string& source);

// Throws hpcs::Error "<what>: ..." for no atoms, non-finite values, negative radii (0 is
// fine: force fields give some hydrogens none) or normals that are not unit vectors.
void check_molecule(const Atoms& atoms, const Vertices& vertices, const std::string& what);

// Writes a molecule file atomically (temporary name, then rename).
void write_molecule(const std::string& path, const Atoms& atoms, const Vertices& vertices, const std::string& source,
                    double density, double probe);

}  // namespace hpcs::gem
