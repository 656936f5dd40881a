// SPDX-License-Identifier: BSD-3-Clause
// The GEM app's options (GEM's parameter names where it has them) and its metadata.
#include "gem_app.hpp"

#include <CLI/CLI.hpp>

namespace hpcs::gem {

void App::add_options(CLI::App& cli) {
  auto* input = cli.get_option("input");
  auto* pqr = cli.add_option("--pqr", opt_.pqr, "Atoms from this PQR file, with our surface (--density, --probe)")
                  ->excludes(input);
  cli.add_option("--atoms", opt_.atoms, "Generated input: atoms of a synthetic globular molecule")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{100000000}))
      ->capture_default_str()
      ->excludes(input)
      ->excludes(pqr);
  cli.add_option("--seed", opt_.seed, "Generated input: seed of the molecule")
      ->capture_default_str()
      ->excludes(input)
      ->excludes(pqr);
  cli.add_option("--density", opt_.density, "Generated input: surface points per A^2")
      ->check(CLI::Range(0.01, 100.0))
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--probe", opt_.probe, "Generated input: probe radius of the surface (A; 0: contact surface)")
      ->check(CLI::Range(0.0, 20.0))
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--eps-in", physics_.eps_in, "Interior dielectric constant")->capture_default_str();
  cli.add_option("--eps-out", physics_.eps_out, "Exterior (solvent) dielectric constant")->capture_default_str();
  cli.add_option("--salt", physics_.salt, "Salt concentration (mol/L); kappa = 0.316 sqrt(salt) 1/A")
      ->capture_default_str();
  cli.add_option("--proj", physics_.proj,
                 "p: vertices pushed out along their normals (A); 0: region 1, (0, ion-exc]: region 2, beyond: 3")
      ->capture_default_str();
  cli.add_option("--ion-exc", physics_.ion_exc, "Ion-exclusion (Stern) radius (A)")->capture_default_str();
  cli.add_option("--A", physics_.A, "Electrostatic size of the molecule (A); 0: estimate it from the atoms")
      ->capture_default_str();
  cli.add_option("--r0-frac", physics_.r0_frac, "r0 / A of region 1's image charge")->capture_default_str();
  cli.add_option("--charge-scale", physics_.charge_scale, "Charges times this (332: kcal/(mol e) with A)")
      ->capture_default_str();
  cli.add_option("--phi", opt_.phi, "Potential: total, reaction (total minus Coulomb) or coulomb")
      ->check(CLI::IsMember({"total", "reaction", "coulomb"}))
      ->capture_default_str();
  add_precision_option(cli, opt_.precision, "Arithmetic of the GPU variants")->capture_default_str();
  cli.add_option("--block", tuning.block, "Threads per block / team size")->capture_default_str();
  cli.add_option("--vertices-per-thread", tuning.vertices_per_thread,
                 "Vertices a thread keeps in registers (0: the variant's)")
      ->check(CLI::Range(0, 16))
      ->capture_default_str();
  cli.add_option("--tile-atoms", tuning.tile_atoms,
                 "Atoms staged per tile in shared memory / scratch (0: the block size)")
      ->check(non_negative_number())
      ->capture_default_str();
  cli.add_option("--atom-splits", tuning.atom_splits, "Blocks sharing one vertex block's atom loop (0: automatic)")
      ->check(non_negative_number())
      ->capture_default_str();
  cli.add_option("--hcp-cutoff", hcp_.cutoff,
                 "HCP variants: a group of atoms farther than this (A) from a vertex counts as 2 charges (level 2: "
                 "4x); inf: exact")
      ->capture_default_str();
  cli.add_option("--hcp-cell", hcp_.cell, "HCP variants: edge of the cells grouping the atoms (A; level 2: 4x)")
      ->capture_default_str();
  cli.add_option("--hcp-tolerance", hcp_.tolerance,
                 "HCP variants pass verification within this times the reference's RMS at every vertex")
      ->capture_default_str();
  cli.add_option("--output-potentials", opt_.output_potentials, "Write every vertex's potential to this HDF5 file");
  cli.add_option("--ply", opt_.ply, "Write the surface coloured by potential to this PLY file");
}

nlohmann::json App::parameters() const {
  nlohmann::json m = {{"atoms", problem_.atoms},
                      {"vertices", problem_.vertices},
                      {"source", molecule_.source},
                      {"dtype", dtype()},
                      {"region", problem_.region},
                      {"phi", to_string(physics_.phi)},
                      {"eps_in", physics_.eps_in},
                      {"eps_out", physics_.eps_out},
                      {"salt_mol_per_l", physics_.salt},
                      {"proj_A", physics_.proj},
                      {"ion_exc_A", physics_.ion_exc},
                      {"A", inputs_.A},
                      {"A_estimated", physics_.A <= 0},
                      {"r0_frac", physics_.r0_frac},
                      {"charge_scale", physics_.charge_scale},
                      {"block", tuning.block},
                      {"vertices_per_thread", tuning.vertices_per_thread},
                      {"tile_atoms", tuning.tile_atoms},
                      {"atom_splits", tuning.atom_splits},
                      {"hcp_cutoff_A", hcp_.cutoff},
                      {"hcp_cell_A", hcp_.cell},
                      {"hcp_tolerance", hcp_.tolerance}};
  if (!opt_.pqr.empty()) m["pqr"] = opt_.pqr;
  if (input_.empty()) {
    if (opt_.pqr.empty()) m["seed"] = opt_.seed;
    m["density"] = opt_.density;
    m["probe_A"] = opt_.probe;
  }
  return m;
}

}  // namespace hpcs::gem
