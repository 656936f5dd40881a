// SPDX-License-Identifier: BSD-3-Clause
// What a GEM run produces: the potential at each of a rank's vertices and the summary GEM
// prints (total, RMS, min, max over all vertices), and how two results are compared.
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gem_problem.hpp"
#include "gem_variants.hpp"
#include "hpcs/harness/app.hpp"
#include "hpcs/parallel/global_sum.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/report/report.hpp"

namespace hpcs::gem {

struct Result {
  std::vector<double> phi;      // kcal/(mol e), this rank's vertices
  std::vector<double> abs_sum;  // the reference's rounding scale per vertex (empty otherwise)
  std::int64_t vertices = 0;    // all ranks
  double total = 0, rms = 0, min = 0, max = 0;
  double tolerance = 0;  // > 0: an approximation (HCP), checked within this x the reference's RMS
};

// Collective: fills the summary from every rank's phi (compensated sums, in rank order).
void summarize(const MpiContext& mpi, Result& r);

// Collective. Against the reference: every vertex within u (4 sqrt(N) + 16) S, u the unit
// roundoff of the precision, N the atoms and S the reference's abs_sum (the probabilistic
// bound of a sum of N terms, each with a few ulps of its addends and of its distance). Against a yardstick variant (no
// magnitudes): within 1e-3 (float32) or 1e-11 (float64) times the potential's RMS. An approximation (got or want with a
// tolerance): every vertex within the larger tolerance times want's RMS.
Verification compare_potentials(const MpiContext& mpi, const Problem& p, const Result& got, const Result& want,
                                const std::string& want_name);

// Collective: max and RMS over all vertices of |got - want|, over want's RMS.
struct RelativeError {
  double max = 0, rms = 0;
};
RelativeError relative_error(const MpiContext& mpi, const Result& got, const Result& want);

nlohmann::json summary_json(const Result& r);
std::string describe_summary(const Result& r);

// One evaluator on this rank's block: a repetition runs it; the result copies the
// potentials back and adds the summary.
class GemTrial final : public Trial<Result> {
 public:
  GemTrial(const MpiContext& mpi, std::unique_ptr<Evaluator> e, const Inputs& in);
  std::optional<double> rep() override;
  Result result() override;
  std::string config() const override { return evaluator_->config(); }

 private:
  const MpiContext& mpi_;
  std::unique_ptr<Evaluator> evaluator_;
  std::size_t vertices_ = 0;
};

}  // namespace hpcs::gem
