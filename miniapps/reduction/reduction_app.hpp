// SPDX-License-Identifier: BSD-3-Clause
// The reduction mini-app's hooks into the suite's run loop (hpcs/harness/app.hpp): a vector read
// from HDF5 (each rank its block) or generated, every variant's sum of it combined over
// the ranks, checked against the compensated (float) or exact (int32) CPU reference.
#pragma once
#include <cstdint>
#include <string>

#include "hpcs/harness/app.hpp"
#include "reduction_input.hpp"
#include "reduction_reference.hpp"
#include "reduction_variants.hpp"

namespace hpcs::reduction {

struct Options {
  std::string dataset = "data";
  std::uint64_t n = std::uint64_t{1} << 22;  // Harris's 4M elements
  std::string type = "float32";
  std::uint64_t seed = 42;
};

class App final : public MiniApp<Problem, Tuning, Make, Sum> {
 public:
  App() : MiniApp(all_variants) {}
  AppInfo info() const override;
  void add_options(CLI::App& cli) override;

  // The vector: every rank reads (or generates) its block; the reference sum comes with it.
  void load(const MpiContext& mpi, const CommonOptions& o) override;
  std::string describe() const override;
  std::string dtype() const override { return dtype_name(problem_.type); }
  Work work() const override;  // input bytes

  // A repetition sums each rank's block and combines the partial sums over the ranks.
  TrialPtr prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) override;
  Sum reference(const MpiContext& mpi) override;
  // int32 exactly, floats within the rounding bound of the sum's length and magnitude
  Verification compare(const MpiContext& mpi, const Sum& got, const Sum& want,
                       const std::string& want_name) const override;
  nlohmann::json result_json(const Sum& s) const override;
  std::string describe_result(const Sum& s) const override { return "sum " + format_sum(problem_.type, s); }
  nlohmann::json parameters() const override;
  HostInput host_input() const override;  // the rank's block of the vector

  // reduction_bench: --sizes are vector lengths
  void set_size(std::int64_t n) override { opt_.n = static_cast<std::uint64_t>(n); }
  std::vector<std::int64_t> bench_sizes() const override { return {1 << 20, 1 << 24, 1 << 28}; }

 private:
  Options opt_;
  std::string input_;  // the file read, or empty for a generated vector
  InputSlice in_;
  GlobalReference ref_;
};

}  // namespace hpcs::reduction
