// SPDX-License-Identifier: BSD-3-Clause
// The Smith-Waterman mini-app's hooks into the suite's run loop (hpcs/harness/app.hpp): a pair of
// sequences read from HDF5 or generated, rank r owning a block of A's rows; each variant
// finds the best local alignment (forward pass over ranks, then the start-cell pass),
// checked against the CPU reference's alignment.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "hpcs/harness/app.hpp"
#include "sw_energy_constants.hpp"
#include "sw_input.hpp"
#include "sw_scoring.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw {

struct Options {
  // generated input (no input file)
  std::string alphabet = "dna";
  std::int64_t len_a = 1 << 14, len_b = 1 << 14;
  std::uint64_t seed = 42;
  std::optional<std::int64_t> plant;  // --plant; when not given, 2000 or the shorter length
  std::int64_t plant_length() const { return plant.value_or(std::min<std::int64_t>({2000, len_a, len_b})); }
  double mutation = 0.1;
  // scoring: defaults depend on the alphabet (dna 2/-3, open 7, extend 2 = BLASTN's
  // 2/-3 5/2; protein BLOSUM62, open 11, extend 1 as parasail and CUDASW++4)
  std::optional<int> match, mismatch, gap_open, gap_extend;
  std::string matrix;
  std::string calibration;  // the energy model's constants; empty: the device's file, if any
};

class App final : public MiniApp<Problem, Tuning, Make, Alignment> {
 public:
  App() : MiniApp(all_variants) {}
  AppInfo info() const override;
  void add_options(CLI::App& cli) override;  // sw_app_report.cpp, with parameters()

  // The pair: rank r reads (or generates) its block of A's rows and all of B; the scoring.
  void load(const MpiContext& mpi, const CommonOptions& o) override;
  HostInput host_input() const override;  // this rank's rows of A and all of B, a byte a letter
  std::vector<std::string> input_files() const override { return {opt_.matrix, opt_.calibration}; }
  std::string describe() const override;
  std::string dtype() const override { return pair_.alphabet.name; }
  Work work() const override;  // cells
  // dtype (the alphabet), len_a, len_b: what a learned tile model reads
  nlohmann::json features() const override;

  // A repetition is the forward pass over the ranks; the result adds the start-cell pass.
  TrialPtr prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) override;
  Alignment reference(const MpiContext& mpi) override;
  // the same score, end cell and start cell
  Verification compare(const MpiContext& mpi, const Alignment& got, const Alignment& want,
                       const std::string& want_name) const override;
  nlohmann::json result_json(const Alignment& al) const override;
  std::string describe_result(const Alignment& al) const override;
  nlohmann::json parameters() const override;

  // sw_bench: --sizes are the lengths of square pairs
  void set_size(std::int64_t n) override { opt_.len_a = opt_.len_b = n; }
  std::vector<std::int64_t> bench_sizes() const override { return {1 << 16, 1 << 18, 1 << 20}; }
  void add_fields(const MpiContext& mpi, RunRecord& r, Trial<Alignment>& trial, const Alignment& al) override;
  void print_details(std::ostream& os, const std::vector<RunRecord>& records) const override;

 private:
  Options opt_;
  std::string input_;
  SequencePair pair_;
  Scoring scoring_;
  EnergyConstants energy_;  // the energy model's, chosen in load()
};

// The scoring the options ask for (defaults per alphabet); throws hpcs::Error on conflicts.
Scoring make_scoring(const Options& o, const Alphabet& alphabet);

// The energy model's constants (collective): `path` (an error when unreadable), else the
// file of this rank's device if it has the constants and every rank can use its own,
// else the thesis' K20c constants with a note saying why.
EnergyConstants choose_energy_constants(const MpiContext& mpi, const std::string& path);

// The thesis' traffic and energy models beside each tiled run (sw_app_report.cpp); DPX
// counting where the record's config says "dpx".
void add_models(RunRecord& r, const Problem& p, const EnergyConstants& k);
void print_models(std::ostream& os, const std::vector<RunRecord>& records);

}  // namespace hpcs::sw
