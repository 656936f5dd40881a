// SPDX-License-Identifier: BSD-3-Clause
// The wavefront mini-app's hooks into the suite's run loop (hpcs/harness/app.hpp): seed 004's
// skeleton over a rows x cols grid of one application (synthetic, nash, lcs, sw-linear),
// rank r owning a block of rows; every variant's last row, last column, checksum over
// every cell and best cell must equal the serial reference's exactly.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "hpcs/harness/app.hpp"
#include "wavefront_input.hpp"
#include "wavefront_variants.hpp"

namespace hpcs::wavefront {

struct Options {
  std::string app = "synthetic";
  std::int64_t dim = 2000;  // square grid unless --rows / --cols
  std::optional<std::int64_t> rows, cols;
  int tsize = 10, dsize = 1;  // synthetic and nash granularity; synthetic doubles
  std::uint64_t seed = 42;    // generated letters (lcs, sw-linear)
  LinearScoring scoring;
};

class App final : public MiniApp<Problem, Tuning, Make, Result> {
 public:
  App() : MiniApp(all_variants) {}
  AppInfo info() const override;
  void add_options(CLI::App& cli) override;  // wavefront_app_options.cpp

  void load(const MpiContext& mpi, const CommonOptions& o) override;
  HostInput host_input() const override;
  std::string describe() const override;
  std::string dtype() const override;  // the application and its element: "synthetic-d1", "lcs-int32"
  Work work() const override;          // cells

  TrialPtr prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) override;
  Result reference(const MpiContext& mpi) override;
  // last row, last column, checksum and best cell, every byte
  Verification compare(const MpiContext& mpi, const Result& got, const Result& want,
                       const std::string& want_name) const override;
  nlohmann::json result_json(const Result& r) const override;
  std::string describe_result(const Result& r) const override;
  nlohmann::json parameters() const override;
  // app, dim (sqrt(rows x cols)), rows, cols, tsize, dsize, element_bytes, host_threads, ranks
  nlohmann::json features() const override;

  // wavefront_bench: --sizes are the sides of square grids
  void set_size(std::int64_t n) override { opt_.dim = n; }
  std::vector<std::int64_t> bench_sizes() const override { return {500, 3100, 20000}; }

 private:
  Options opt_;
  std::string input_;
  Sequences sequences_;
};

}  // namespace hpcs::wavefront
