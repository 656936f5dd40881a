// SPDX-License-Identifier: BSD-3-Clause
// The matrix-chain mini-app's hooks into the suite's run loop (hpcs/harness/app.hpp): R = A1 .. An
// with A1 and R split in row bands over the ranks (A2..An on every rank), each variant
// running a plan of the thesis' data-movement model (App. D) and checked against the
// float64 reference; beside each run, the model's traffic for its plan.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "hpcs/harness/app.hpp"
#include "matrixchain_input.hpp"
#include "matrixchain_result.hpp"
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain {

// The thesis' worked example (App. D, digest 6.4).
inline const char* kThesisChain = "936,1008,552,368,1016,616,544";

struct StudyOptions {
  bool on = false;
  int chains = 1000;                           // random chains per length
  int min_n = 2, max_n = 20;                   // chain lengths (matrices)
  std::int64_t min_dim = 256, max_dim = 1024;  // at least sqrt(64K), the size of the thesis example
  std::uint64_t seed = 1;
};

struct Options {
  std::string dims = kThesisChain;  // generated chain
  std::string values = "uniform";
  std::uint64_t seed = 42;
  std::string precision;  // empty: float32, or the file's type
  bool plan_only = false;
  StudyOptions study;
  std::string output_result;  // R as HDF5 (the output run's)
};

class App final : public MiniApp<Problem, Tuning, Make, Result, ChainTrial> {
 public:
  App() : MiniApp(all_variants) {}
  AppInfo info() const override;
  void add_options(CLI::App& cli) override;  // matrixchain_app_options.cpp, with parameters()

  void load(const MpiContext& mpi, const CommonOptions& o) override;
  std::string describe() const override;
  std::string dtype() const override { return to_string(problem_.precision); }
  Work work() const override;  // 2 x the op-count tree's multiply-adds: the same for every plan

  TrialPtr prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) override;
  Result reference(const MpiContext& mpi) override;
  Verification compare(const MpiContext& mpi, const Result& got, const Result& want,
                       const std::string& want_name) const override;
  nlohmann::json result_json(const Result& r) const override { return summary_json(r); }
  std::string describe_result(const Result& r) const override { return describe_summary(r); }
  nlohmann::json parameters() const override;

  // matrixchain_bench: --sizes are the width of a chain of six square matrices
  void set_size(std::int64_t n) override;
  std::vector<std::int64_t> bench_sizes() const override { return {1024, 4096}; }

  // matrixchain_report.cpp: the plan beside each run
  void add_fields(const MpiContext& mpi, RunRecord& r, ChainTrial& trial, const Result& result) override;
  void print_details(std::ostream& os, const std::vector<RunRecord>& records) const override;

  std::vector<std::string> outputs() const override { return {opt_.output_result}; }
  // --output-result: R of the output run
  void write_outputs(const MpiContext& mpi, const RunRecord& record, const Result& result,
                     const nlohmann::json& meta) override;

  // --plan-only and --study (matrixchain_plan_mode.cpp)
  std::optional<int> own_mode(const MpiContext& mpi, const CommonOptions& o, int argc, char** argv) override;

 private:
  Options opt_;
  std::string input_;
  LoadedChain chain_;
  Check check_;
};

}  // namespace hpcs::matrixchain
