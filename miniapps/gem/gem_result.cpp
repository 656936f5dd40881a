// SPDX-License-Identifier: BSD-3-Clause
#include "gem_result.hpp"

#include "hpcs/report/finite_result.hpp"
#include "hpcs/base/format.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace hpcs::gem {

void summarize(const MpiContext& mpi, Result& r) {
  std::int64_t n = static_cast<std::int64_t>(r.phi.size());
  MPI_Allreduce(MPI_IN_PLACE, &n, 1, MPI_INT64_T, MPI_SUM, mpi.comm());
  r.vertices = n;
  r.total = compensated_sum_over_ranks(mpi, r.phi, false);
  r.rms = n > 0 ? std::sqrt(compensated_sum_over_ranks(mpi, r.phi, true) / static_cast<double>(n)) : 0.0;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (double x : r.phi) lo = std::min(lo, x), hi = std::max(hi, x);
  MPI_Allreduce(MPI_IN_PLACE, &lo, 1, MPI_DOUBLE, MPI_MIN, mpi.comm());
  MPI_Allreduce(MPI_IN_PLACE, &hi, 1, MPI_DOUBLE, MPI_MAX, mpi.comm());
  r.min = lo, r.max = hi;
}

Verification compare_potentials(const MpiContext& mpi, const Problem& p, const Result& got, const Result& want,
                                const std::string& want_name) {
  if (const long long n = count_non_finite(mpi, got.phi.data(), got.phi.size()); n > 0)
    return non_finite_result(n, static_cast<long long>(want.vertices), "potentials");
  const double u = p.precision == Precision::Float32 ? 0x1p-24 : 0x1p-53;
  const double per_sum = u * (4 * std::sqrt(static_cast<double>(p.atoms)) + 16);
  const double yardstick = p.precision == Precision::Float32 ? 1e-3 : 1e-11;
  const double approximation = std::max(got.tolerance, want.tolerance);  // HCP's own tolerance
  // worst[0]: largest |diff| / bound (NaN counts as a violation), worst[1]: largest |diff|
  double worst[2] = {0, 0};
  long long violations = 0;
  for (std::size_t k = 0; k < got.phi.size(); ++k) {
    const double diff = std::fabs(got.phi[k] - want.phi[k]);
    const double rounding = want.abs_sum.empty() ? yardstick * want.rms : per_sum * want.abs_sum[k];
    // HCP alone: the rounding bound (worst case, far above real rounding) would hide its error
    const double bound = approximation > 0 ? approximation * want.rms : rounding;
    const double ratio = std::isnan(diff) ? INFINITY : diff / std::max(bound, 1e-300);
    if (!(diff <= bound)) ++violations;
    worst[0] = std::max(worst[0], ratio);
    worst[1] = std::isnan(diff) ? INFINITY : std::max(worst[1], diff);
  }
  MPI_Allreduce(MPI_IN_PLACE, worst, 2, MPI_DOUBLE, MPI_MAX, mpi.comm());
  MPI_Allreduce(MPI_IN_PLACE, &violations, 1, MPI_LONG_LONG, MPI_SUM, mpi.comm());
  std::string what = "max |phi - " + want_name + "| = " + format_one("%.3g", worst[1]) + " = " +
                     format_one("%.3g", want.rms > 0 ? worst[1] / want.rms : 0.0) + " x RMS, " +
                     format_one("%.3g", worst[0]) + " x its bound";
  if (approximation > 0) {
    const RelativeError e = relative_error(mpi, got, want);
    what = "approximation against " + want_name + ": max error " + format_one("%.3g", e.max) + " x RMS, RMS error " +
           format_one("%.3g", e.rms) + " x RMS (tolerance " + format_one("%.3g", approximation) + " x RMS)";
  }
  if (violations == 0) return {"passed", what};
  return {"FAILED",
          std::to_string(violations) + " of " + std::to_string(want.vertices) + " vertices beyond the bound; " + what};
}

RelativeError relative_error(const MpiContext& mpi, const Result& got, const Result& want) {
  double worst = 0, squares = 0;
  for (std::size_t k = 0; k < got.phi.size(); ++k) {
    const double diff = std::fabs(got.phi[k] - want.phi[k]);
    worst = std::isnan(diff) ? INFINITY : std::max(worst, diff);
    squares += diff * diff;
  }
  MPI_Allreduce(MPI_IN_PLACE, &worst, 1, MPI_DOUBLE, MPI_MAX, mpi.comm());
  MPI_Allreduce(MPI_IN_PLACE, &squares, 1, MPI_DOUBLE, MPI_SUM, mpi.comm());
  const double n = static_cast<double>(std::max<std::int64_t>(want.vertices, 1));
  if (!(want.rms > 0)) return {worst, std::sqrt(squares / n)};
  return {worst / want.rms, std::sqrt(squares / n) / want.rms};
}

nlohmann::json summary_json(const Result& r) {
  return {{"vertices", r.vertices}, {"total", r.total}, {"rms", r.rms},
          {"min", r.min},           {"max", r.max},     {"units", "kcal/(mol e)"}};
}

std::string describe_summary(const Result& r) {
  return "total " + format_one("%.6g", r.total) + ", RMS " + format_one("%.6g", r.rms) + ", min " +
         format_one("%.6g", r.min) + ", max " + format_one("%.6g", r.max) + " kcal/(mol e) over " +
         std::to_string(r.vertices) + " vertices";
}

GemTrial::GemTrial(const MpiContext& mpi, std::unique_ptr<Evaluator> e, const Inputs& in)
    : mpi_(mpi), evaluator_(std::move(e)), vertices_(in.vertices.size()) {
  evaluator_->setup(in);
}

std::optional<double> GemTrial::rep() {
  evaluator_->run();
  return evaluator_->device_seconds();
}

Result GemTrial::result() {
  Result r;
  r.phi.resize(vertices_);
  evaluator_->potentials(r.phi.data());
  r.tolerance = evaluator_->tolerance();
  summarize(mpi_, r);
  return r;
}

}  // namespace hpcs::gem
