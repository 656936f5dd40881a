// SPDX-License-Identifier: BSD-3-Clause
// The GEM mini-app's hooks into the suite's run loop (hpcs/harness/app.hpp): the electrostatic
// potential of a molecule (all atoms on every rank) at the points of its surface (a block of
// vertices per rank), checked against the float64 CPU reference per vertex.
#pragma once
#include <cstdint>
#include <string>

#include "gem_hcp.hpp"
#include "gem_input.hpp"
#include "gem_result.hpp"
#include "gem_variants.hpp"
#include "hpcs/harness/app.hpp"

namespace hpcs::gem {

struct Options {
  // generated input (no input file): a synthetic globular molecule and its surface
  std::string pqr;            // atoms from a PQR file instead, with our surface
  std::int64_t atoms = 1441;  // the GEM data set 1uwo_A's size
  std::uint64_t seed = 42;
  double density = 3.0;  // surface points per A^2 (MSMS's default), generated surfaces
  double probe = 1.5;    // probe radius (A)
  std::string precision = "float32";
  std::string phi = "total";
  std::string output_potentials;  // per-vertex potentials (HDF5)
  std::string ply;                // the surface coloured by potential (PLY point cloud)
};

class App final : public MiniApp<Problem, Tuning, Make, Result> {
 public:
  App() : MiniApp(all_variants) {}
  AppInfo info() const override;
  void add_options(CLI::App& cli) override;  // gem_app_options.cpp, with parameters()

  // The molecule: every rank all atoms, its block of the vertices, pushed out along normals.
  void load(const MpiContext& mpi, const CommonOptions& o) override;
  std::string describe() const override;
  std::string dtype() const override { return to_string(problem_.precision); }
  Work work() const override;  // atom-vertex pairs

  // A repetition evaluates every pair of this rank's block; the result adds the summary.
  TrialPtr prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) override;
  Result reference(const MpiContext& mpi) override;
  // per vertex, within the rounding bound of its sum (gem_result.cpp)
  Verification compare(const MpiContext& mpi, const Result& got, const Result& want,
                       const std::string& want_name) const override;
  nlohmann::json result_json(const Result& r) const override { return summary_json(r); }
  std::string describe_result(const Result& r) const override { return describe_summary(r); }
  nlohmann::json parameters() const override;

  // gem_bench: --sizes are atom counts of synthetic molecules
  void set_size(std::int64_t n) override { opt_.atoms = n; }
  std::vector<std::int64_t> bench_sizes() const override { return {1441, 25086}; }
  std::vector<std::string> outputs() const override { return {opt_.output_potentials, opt_.ply}; }
  std::vector<std::string> input_files() const override { return {opt_.pqr}; }
  void add_fields(const MpiContext& mpi, RunRecord& r, Trial<Result>& trial, const Result& result) override;
  void print_details(std::ostream& os, const std::vector<RunRecord>& records) const override;  // gem_hcp_report.cpp
  // --output-potentials and --ply from the output run's potentials
  void write_outputs(const MpiContext& mpi, const RunRecord& record, const Result& result,
                     const nlohmann::json& meta) override;

 private:
  nlohmann::json hcp_fields(const MpiContext& mpi, const Result& result) const;  // gem_hcp_report.cpp

  Options opt_;
  Physics physics_;
  HcpOptions hcp_;
  std::string input_;
  MoleculeInput molecule_;
  Inputs inputs_;
  std::optional<Result> reference_;  // the CPU reference's, for the HCP variants' errors
};

}  // namespace hpcs::gem
