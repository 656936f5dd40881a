// SPDX-License-Identifier: BSD-3-Clause
#include "gem_app.hpp"

#include <cstdio>

#include "gem_molecule.hpp"
#include "gem_output.hpp"
#include "gem_pqr.hpp"
#include "gem_reference.hpp"
#include "gem_surface.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::gem {

// The first line of --help, and how the rate is counted.
constexpr const char* kAbout =
    "GEM: electrostatic potential on a molecular surface (analytical linearized Poisson-Boltzmann), vertices "
    "distributed over MPI ranks";
constexpr const char* kRateNote = "Gpair/s = atoms x vertices / median time / 1e9";

AppInfo App::info() const { return {"gem", "gem_miniapp", kAbout, "pair", "Gpair/s", kRateNote, 5, 1}; }

void App::load(const MpiContext& mpi, const CommonOptions& o) {
  check_physics(physics_);
  check_hcp(hcp_);
  physics_.phi = phi_type_by_name(opt_.phi);
  input_ = o.input;
  if (!input_.empty()) {
    molecule_ = load_molecule(mpi, input_);
  } else {
    molecule_ = collective(mpi, [&] {
      MoleculeOptions m;
      m.atoms = opt_.atoms;
      m.seed = opt_.seed;
      Atoms atoms = opt_.pqr.empty() ? synthetic_molecule(m) : read_pqr(opt_.pqr);
      const Vertices all = molecular_surface(atoms, SurfaceOptions{opt_.density, opt_.probe});
      if (all.size() < static_cast<std::size_t>(mpi.size()))
        throw Error("the generated surface has " + std::to_string(all.size()) + " vertices for " +
                    std::to_string(mpi.size()) + " ranks");
      const std::string source = opt_.pqr.empty() ? "synthetic molecule, seed " + std::to_string(opt_.seed) : opt_.pqr;
      return slice_molecule(mpi, std::move(atoms), all, source);
    });
  }
  const double A = physics_.A > 0 ? physics_.A : estimate_A(molecule_.atoms);
  inputs_ = {
      physics_, A, molecule_.atoms, {}, shift_vertices(molecule_.vertices, physics_), pair_constants(physics_, A),
      hcp_};
  check_vertices_clear_of_atoms(mpi, molecule_.atoms, inputs_.vertices.px, inputs_.vertices.py, inputs_.vertices.pz,
                                molecule_.first_vertex, input_.empty() ? molecule_.source : input_);
  for (double q : molecule_.atoms.charge) inputs_.q.push_back(q * physics_.charge_scale);
  problem_ = {static_cast<std::int64_t>(molecule_.atoms.size()), molecule_.total_vertices,
              opt_.precision == "float64" ? Precision::Float64 : Precision::Float32, region_of(physics_), physics_.phi};
}

std::string App::describe() const {
  char a[32];
  std::snprintf(a, sizeof a, "%.4g", inputs_.A);
  return "gem: " + std::to_string(problem_.atoms) + " atoms x " + std::to_string(problem_.vertices) + " vertices (" +
         (input_.empty() ? molecule_.source : input_) + "), " + dtype() + ", region " +
         std::to_string(problem_.region) + ", " + to_string(physics_.phi) + " potential, eps " +
         std::to_string(physics_.eps_out).substr(0, 5) + "/" + std::to_string(physics_.eps_in).substr(0, 5) +
         ", salt " + std::to_string(physics_.salt).substr(0, 6) + " M, A = " + a + " A";
}

// bytes: the compulsory traffic (every atom's x, y, z, q and every vertex's two points read
// once, each potential written once), a floor: the kernels are compute-bound.
Work App::work() const {
  const double atoms = static_cast<double>(problem_.atoms), vertices = static_cast<double>(problem_.vertices);
  const double element = problem_.precision == Precision::Float32 ? 4.0 : 8.0;
  return {atoms * vertices, (4 * atoms + 7 * vertices) * element, 0};
}

App::TrialPtr App::prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) {
  return std::make_unique<GemTrial>(mpi, v.make(problem_.precision, t), inputs_);
}

Result App::reference(const MpiContext& mpi) {
  const ReferencePotentials ref = reference_potentials(physics_, inputs_.A, molecule_.atoms, inputs_.vertices);
  Result r{ref.phi, ref.abs_sum};
  summarize(mpi, r);
  reference_ = r;
  return r;
}

Verification App::compare(const MpiContext& mpi, const Result& got, const Result& want, const std::string& name) const {
  return compare_potentials(mpi, problem_, got, want, name);
}

void App::add_fields(const MpiContext& mpi, RunRecord& r, Trial<Result>&, const Result& result) {
  if (result.tolerance > 0) r.extra["hcp"] = hcp_fields(mpi, result);
}

void App::write_outputs(const MpiContext& mpi, const RunRecord& record, const Result& result,
                        const nlohmann::json& meta) {
  if (!opt_.output_potentials.empty())
    write_potentials(mpi, opt_.output_potentials, molecule_, result, record.variant, meta);
  if (!opt_.ply.empty()) write_ply(mpi, opt_.ply, molecule_, result);
}

}  // namespace hpcs::gem
