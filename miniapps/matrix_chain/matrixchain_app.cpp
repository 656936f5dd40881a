// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_app.hpp"

#include "matrixchain_output.hpp"
#include "matrixchain_reference.hpp"

namespace hpcs::matrixchain {

// The first line of --help, and how the rate is counted.
constexpr const char* kAbout =
    "Matrix-chain product with the thesis' data-movement planner and fused two-product kernels, row bands of A1 "
    "distributed over MPI ranks";
constexpr const char* kRateNote =
    "GFLOP/s = 2 x the op-count tree's multiply-adds / median time / 1e9 (the same work for every plan)";

AppInfo App::info() const { return {"matrixchain", "matrixchain_miniapp", kAbout, "flop", "GFLOP/s", kRateNote, 5, 1}; }

void App::load(const MpiContext& mpi, const CommonOptions& o) {
  input_ = o.input;
  if (!input_.empty()) {
    // the file's type unless --precision says otherwise (read as float64: nothing rounded)
    const bool asked = !opt_.precision.empty();
    const Precision wanted = opt_.precision == "float64" ? Precision::Float64 : Precision::Float32;
    chain_ = load_chain(mpi, input_, asked ? wanted : Precision::Float64);
    problem_ = {chain_.data.dims, asked ? wanted : chain_.file_precision, mpi.size()};
  } else {
    const Dims dims = collective(mpi, [&] { return parse_dims(opt_.dims, "--dims"); });
    const Precision p = opt_.precision == "float64" ? Precision::Float64 : Precision::Float32;
    chain_ = generate_chain(mpi, dims, values_by_name(opt_.values), opt_.seed, p);
    problem_ = {dims, p, mpi.size()};
  }
  const double exact_limit = problem_.precision == Precision::Float32 ? 16777216.0 : 9007199254740992.0;
  check_ = check_for(problem_.dims, problem_.precision, chain_.integers && chain_.integer_bound <= exact_limit);
}

std::string App::describe() const {
  const Dims& d = problem_.dims;
  return "matrix chain: " + std::to_string(d.size() - 1) + " matrices, P = " + format_dims(d) + " (" +
         (input_.empty() ? chain_.source : input_) + "), " + dtype() +
         (check_.exact ? ", integer values (exact check)" : "");
}

Work App::work() const {
  const ChainAnalysis a(problem_.dims, kThesisFastMemory, BetaConvention::Derived);
  const double flops = 2 * (a.n() > 1 ? a.opcount(1, a.n()) : 0.0);
  // bytes: the compulsory traffic (every matrix read once, R written once); the plans'
  // model traffic is in the records' plan fields.
  const Dims& P = problem_.dims;
  double elements = static_cast<double>(P.front()) * static_cast<double>(P.back());
  for (std::size_t m = 1; m < P.size(); ++m) elements += static_cast<double>(P[m - 1]) * static_cast<double>(P[m]);
  return {flops, elements * static_cast<double>(bytes_of(problem_.precision)), 0};
}

App::TrialPtr App::prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) {
  return std::make_unique<ChainTrial>(mpi, v.make(problem_.precision, t), plan_for(problem_, t), chain_.data);
}

Result App::reference(const MpiContext& mpi) {
  Result r;
  r.cols = problem_.dims.back();
  r.r = reference_product(chain_.data);
  if (!check_.exact) r.scale = reference_product(chain_.data, /*absolute=*/true);
  summarize(mpi, r);
  return r;
}

Verification App::compare(const MpiContext& mpi, const Result& got, const Result& want, const std::string& name) const {
  return compare_results(mpi, check_, got, want, name);
}

void App::set_size(std::int64_t n) { opt_.dims = format_dims(Dims(7, n)); }

void App::write_outputs(const MpiContext& mpi, const RunRecord& record, const Result& result,
                        const nlohmann::json& meta) {
  write_result_matrix(mpi, opt_.output_result, result, chain_.data.first_row, record.variant, meta);
}

}  // namespace hpcs::matrixchain
