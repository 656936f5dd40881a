// SPDX-License-Identifier: BSD-3-Clause
// gen_inputs subcommands of the GEM mini-app:
//   gen_inputs gem --pqr mol.pqr [--vert mol.vert | --density 3 --probe 1.5] -o mol.h5
//   gen_inputs gem-synthetic --atoms 25086 [--seed 42] [--density 3 --probe 1.5] [--pqr-out m.pqr] -o mol.h5
// A PQR file becomes a GEM input with our surface (or MSMS's .vert); a synthetic globular
// molecule of any size stands in for the GEM data sets (docs/gem.md).
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "gem_input.hpp"
#include "gem_molecule.hpp"
#include "gem_pqr.hpp"
#include "gem_surface.hpp"
#include "gem_vert.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/input_file.hpp"
#include "hpcs/measure/progress.hpp"

namespace hpcs::inputs {

namespace {
struct GemArgs {
  std::string pqr, vert, output, pqr_out;
  std::int64_t atoms = 1441;
  std::uint64_t seed = 42;
  double density = 3.0, probe = 1.5;
};

// The surface and the file; `progress` reports the phases of a long generation (a 10^8-atom
// molecule runs for minutes) as the mini-apps report theirs.
void write_gem(const gem::Atoms& atoms, const GemArgs& a, const std::string& source, Progress& progress) {
  progress.phase(a.vert.empty() ? "surface" : "reading the .vert file");
  const gem::Vertices v = a.vert.empty() ? gem::molecular_surface(atoms, gem::SurfaceOptions{a.density, a.probe})
                                         : gem::read_msms_vert(a.vert);
  if (v.size() == 0) throw Error(a.output + ": the surface has no vertices");
  progress.phase("writing " + a.output);
  gem::write_molecule(a.output, atoms, v, source, a.vert.empty() ? a.density : 0.0, a.vert.empty() ? a.probe : 0.0);
  progress.idle();
  std::cout << a.output << ": " << atoms.size() << " atoms, " << v.size() << " vertices (" << source << ")\n";
}

void add_surface_options(CLI::App* cmd, GemArgs& a) {
  cmd->add_option("--density", a.density, "Surface points per A^2")
      ->check(CLI::Range(0.01, 100.0))
      ->capture_default_str();
  cmd->add_option("--probe", a.probe, "Probe radius (A; 0: contact surface)")
      ->check(CLI::Range(0.0, 20.0))
      ->capture_default_str();
  cmd->add_option("--output,-o", a.output, "Output HDF5 file")->required();
}
}  // namespace

void add_gem_commands(CLI::App& app) {
  auto args = std::make_shared<GemArgs>();
  CLI::App* from_pqr = app.add_subcommand("gem", "A GEM input from a PQR file and a surface (ours, or MSMS's .vert)");
  from_pqr->add_option("--pqr", args->pqr, "Atoms: PQR file (APBS / pdb2pqr layout or fixed columns)")->required();
  auto* vert = from_pqr->add_option("--vert", args->vert, "Surface: MSMS .vert file (default: our surface)");
  add_surface_options(from_pqr, *args);
  from_pqr->get_option("--density")->excludes(vert);
  from_pqr->get_option("--probe")->excludes(vert);
  from_pqr->callback([args] {
    check_outputs_spare_inputs({args->output}, {args->pqr, args->vert});
    Progress progress(true, "gen_inputs", 0.0, "");
    progress.entry("gem: " + args->pqr, 1, 1);
    progress.phase("reading the PQR file");
    write_gem(gem::read_pqr(args->pqr), *args, args->pqr, progress);
  });

  auto synth = std::make_shared<GemArgs>();
  CLI::App* synthetic = app.add_subcommand("gem-synthetic", "A synthetic globular molecule and its surface for GEM");
  synthetic->add_option("--atoms", synth->atoms, "Atoms")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{100000000}))
      ->capture_default_str();
  synthetic->add_option("--seed", synth->seed, "Seed")->capture_default_str();
  synthetic->add_option("--pqr-out", synth->pqr_out, "Also write the atoms as a PQR file");
  add_surface_options(synthetic, *synth);
  synthetic->callback([synth] {
    check_outputs_spare_inputs({synth->output, synth->pqr_out}, {});
    Progress progress(true, "gen_inputs", 0.0, "");
    progress.entry("gem-synthetic: " + std::to_string(synth->atoms) + " atoms", 1, 1);
    progress.phase("molecule");
    gem::MoleculeOptions m;
    m.atoms = synth->atoms;
    m.seed = synth->seed;
    const gem::Atoms atoms = gem::synthetic_molecule(m);
    if (!synth->pqr_out.empty()) {
      progress.phase("writing " + synth->pqr_out);
      gem::write_pqr(synth->pqr_out, atoms);
    }
    write_gem(atoms, *synth, "synthetic molecule, seed " + std::to_string(synth->seed), progress);
  });
}

}  // namespace hpcs::inputs
