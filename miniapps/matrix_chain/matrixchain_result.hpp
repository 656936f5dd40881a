// SPDX-License-Identifier: BSD-3-Clause
// What a matrix-chain run produces: this rank's rows of R = A1 .. An, and the summary every
// run prints (Frobenius norm, checksum = sum of all entries, largest |entry|), and how two
// results are compared.
#pragma once
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "hpcs/harness/app.hpp"
#include "hpcs/parallel/global_sum.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/report/report.hpp"
#include "matrixchain_plan.hpp"
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain {

struct Result {
  std::vector<double> r;            // this rank's rows x P[n], row-major
  std::vector<double> scale;        // the reference's |A1| .. |An| per entry (empty otherwise)
  std::int64_t rows = 0, cols = 0;  // all ranks
  double norm = 0, checksum = 0, max_abs = 0;
};

// Collective: fills the summary from every rank's rows (compensated sums in rank order).
void summarize(const MpiContext& mpi, Result& r);

// How a result is checked (docs/matrix_chain.md):
//   exact     integer chains whose partial sums stay below 2^24 (float32) / 2^53 (float64):
//             every entry equal;
//   rounding  against the reference: |got - want| <= u (sum over inner dims P_m of
//             (4 sqrt(P_m) + 16)) (|A1| .. |An|)_ij, u the unit roundoff of the precision
//             (each product's sum of P_m terms, any order, and the rounding of its inputs);
//   yardstick against another variant (no scale): within 1e-3 (float32) / 1e-11 (float64)
//             times the largest |entry|.
struct Check {
  bool exact = false;
  double unit_roundoff = 0x1p-24;
  double per_scale = 0;  // the rounding factor multiplying the scale
};
Check check_for(const Dims& dims, Precision p, bool exact);

// Collective.
Verification compare_results(const MpiContext& mpi, const Check& c, const Result& got, const Result& want,
                             const std::string& want_name);

nlohmann::json summary_json(const Result& r);
std::string describe_summary(const Result& r);

// One executor on this rank's share running one plan: a repetition runs it; the result
// copies R back and adds the summary.
class ChainTrial final : public Trial<Result> {
 public:
  ChainTrial(const MpiContext& mpi, std::unique_ptr<Executor> e, Plan plan, const ChainData& in);
  std::optional<double> rep() override;
  Result result() override;
  std::string config() const override { return executor_->config(); }
  const Plan& plan() const { return plan_; }
  std::vector<std::int64_t> chunk_groups() const { return executor_->chunk_groups(); }

 private:
  const MpiContext& mpi_;
  std::unique_ptr<Executor> executor_;
  Plan plan_;
  const ChainData& in_;
};

}  // namespace hpcs::matrixchain
