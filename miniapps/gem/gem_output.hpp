// SPDX-License-Identifier: BSD-3-Clause
// The outputs of a GEM run besides the results file: the potential at every vertex (HDF5:
// /vertices/{x,y,z,nx,ny,nz} and /potential, in vertex order, with the run's metadata), and
// the surface coloured by potential as an ASCII PLY point cloud that ParaView, MeshLab and
// PyMOL open (blue negative, white zero, red positive, saturated at 3 x RMS). Rank 0 gathers
// the ranks' blocks and writes under a temporary name, renamed when complete.
#pragma once
#include <nlohmann/json.hpp>

#include <string>

#include "gem_input.hpp"
#include "gem_result.hpp"
#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs::gem {

// Collective.
void write_potentials(const MpiContext& mpi, const std::string& path, const MoleculeInput& m, const Result& r,
                      const std::string& variant, const nlohmann::json& meta);
void write_ply(const MpiContext& mpi, const std::string& path, const MoleculeInput& m, const Result& r);

// The colour of a potential: blue (-scale) .. white (0) .. red (+scale), 0..255 each.
void potential_colour(double phi, double scale, unsigned char rgb[3]);

}  // namespace hpcs::gem
