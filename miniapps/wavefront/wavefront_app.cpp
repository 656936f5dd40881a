// SPDX-License-Identifier: BSD-3-Clause
#include "wavefront_app.hpp"

#include <mpi.h>

#include <cmath>
#include <cstdio>
#include <cstring>

#include "hpcs/parallel/decomposition.hpp"
#include "hpcs/base/error.hpp"
#include "wavefront_cell.hpp"
#include "wavefront_dispatch.hpp"
#include "wavefront_host.hpp"

namespace hpcs::wavefront {

namespace {
class WavefrontTrial final : public Trial<Result> {
 public:
  explicit WavefrontTrial(std::unique_ptr<Executor> e) : exec_(std::move(e)) {}
  std::optional<double> rep() override {
    exec_->run();
    return std::nullopt;  // CPU and GPU work together: the wall clock is the time
  }
  Result result() override { return exec_->result(); }
  std::string config() const override { return exec_->config(); }
  nlohmann::json details() const override { return exec_->details(); }

 private:
  std::unique_ptr<Executor> exec_;
};

std::string hex(std::uint64_t v) {
  char s[24];
  std::snprintf(s, sizeof s, "0x%016llx", static_cast<unsigned long long>(v));
  return s;
}

// The first index where two element arrays differ (-1: none).
std::int64_t first_difference(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b,
                              std::size_t bytes) {
  if (a.size() != b.size()) return 0;
  for (std::size_t k = 0; k < a.size(); k += bytes)
    if (std::memcmp(a.data() + k, b.data() + k, bytes) != 0) return static_cast<std::int64_t>(k / bytes);
  return -1;
}
}  // namespace

// The first line of --help, and how the rate is counted.
constexpr const char* kAbout =
    "Seed 004's wavefront skeleton: a CPU tile wavefront for the ramps and one or two GPUs for a band of "
    "anti-diagonals, over MPI ranks in blocks of rows (synthetic, nash, lcs, sw-linear)";
constexpr const char* kRateNote =
    "GCUPS = cells (rows x cols) / median time / 1e9 (CPU and GPU phases together, wall clock)";

AppInfo App::info() const { return {"wavefront", "wavefront_miniapp", kAbout, "cell", "GCUPS", kRateNote, 5, 1}; }

void App::load(const MpiContext& mpi, const CommonOptions& o) {
  input_ = o.input;
  Problem p;
  p.app = opt_.app;
  p.tsize = opt_.tsize;
  p.dsize = opt_.dsize;
  p.scoring = opt_.scoring;
  std::string where = "the generated grid";
  const AppTraits traits = traits_of(p);
  if (!input_.empty()) {
    if (!traits.letters)
      throw Error(input_ +
                  ": a pair file is input of the applications that compare sequences (lcs, sw-linear, "
                  "edit-distance); --app " +
                  opt_.app + " generates its grid");
    const PairShape shape = read_pair_shape(mpi, input_);
    p.rows = shape.len_a;
    p.cols = shape.len_b;
    where = input_ + ": dataset 'a'";
  } else {
    p.rows = opt_.rows.value_or(opt_.dim);
    p.cols = opt_.cols.value_or(opt_.dim);
  }
  if (traits.best && p.rows * (p.cols + 1) + p.cols >= (std::int64_t{1} << kPositionBits))
    throw Error(p.app + ": " + std::to_string(p.rows) + " x " + std::to_string(p.cols) +
                " cells: the best cell's position needs rows x (cols + 1) < 2^34");
  require_share_per_rank(static_cast<std::uint64_t>(p.rows), mpi.size(), "rows", where);
  const hpcs::Block blk = block_of(static_cast<std::uint64_t>(p.rows), mpi.size(), mpi.rank());
  p.row_begin = static_cast<std::int64_t>(blk.begin);
  p.local_rows = static_cast<std::int64_t>(blk.count);
  p.ranks = mpi.size();
  p.host_threads = default_threads(mpi);
  p.element_bytes = traits.element_bytes;
  if (traits.letters)
    sequences_ = input_.empty() ? generate_sequences(p.rows, p.cols, opt_.seed, p.row_begin, p.local_rows)
                                : read_pair(mpi, input_, p.row_begin, p.local_rows);
  collective(mpi, [&] {
    if (auto why = band_tuning_problem(p, tuning)) throw Error(*why);
  });
  problem_ = p;
}

HostInput App::host_input() const {
  const std::uint64_t bytes = sequences_.a_rows.size() + sequences_.b.size();
  return {bytes, input_.empty() ? "the generated letters" : input_ + ": datasets 'a' and 'b'"};
}

std::string App::describe() const {
  const Problem& p = problem_;
  const AppTraits traits = traits_of(p);
  std::string s = "wavefront: " + p.app + ", " + std::to_string(p.rows) + " x " + std::to_string(p.cols) + " cells, " +
                  std::to_string(p.element_bytes) + " B per element";
  if (traits.granularity) s += ", tsize " + std::to_string(p.tsize);
  if (p.app == "synthetic") s += ", dsize " + std::to_string(p.dsize);
  if (traits.letters) s += " from " + (input_.empty() ? "generator (seed " + std::to_string(opt_.seed) + ")" : input_);
  return s;
}

std::string App::dtype() const {
  if (problem_.app == "synthetic") return "synthetic-d" + std::to_string(problem_.dsize);
  return problem_.app;
}

// Bytes: every cell's value, produced once (what dsize scales); the table's rate is GCUPS.
Work App::work() const {
  const double cells = static_cast<double>(problem_.rows) * static_cast<double>(problem_.cols);
  return {cells, cells * static_cast<double>(problem_.element_bytes), 0.0};
}

App::TrialPtr App::prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) {
  Inputs in{&mpi, problem_, &sequences_};
  return std::make_unique<WavefrontTrial>(v.make(in, t));
}

Result App::reference(const MpiContext& mpi) {
  Inputs in{&mpi, problem_, &sequences_};
  auto exec = make_reference(in);
  exec->run();
  return exec->result();
}

Verification App::compare(const MpiContext& mpi, const Result& got, const Result& want,
                          const std::string& want_name) const {
  const std::size_t bytes = problem_.element_bytes;
  // Global indices of the first differing row (last column) and column (last row).
  const std::int64_t col_diff = first_difference(got.last_col, want.last_col, bytes);
  const std::int64_t row_diff = first_difference(got.last_row, want.last_row, bytes);
  const std::int64_t never = std::numeric_limits<std::int64_t>::max();
  std::int64_t local[2] = {col_diff < 0 ? never : problem_.row_begin + col_diff + 1,
                           row_diff < 0 ? never : row_diff + 1};
  std::int64_t first[2];
  MPI_Allreduce(local, first, 2, MPI_INT64_T, MPI_MIN, mpi.comm());
  std::string detail;
  if (first[0] != never) detail += "last column differs from row " + std::to_string(first[0]) + "; ";
  if (first[1] != never) detail += "last row differs from column " + std::to_string(first[1]) + "; ";
  if (got.checksum != want.checksum) detail += "checksum " + hex(got.checksum) + " != " + hex(want.checksum) + "; ";
  if (got.best != want.best) detail += "best cell differs; ";
  if (detail.empty())
    return {"passed", "last row, last column, checksum over " + std::to_string(problem_.rows * problem_.cols) +
                          " cells" + (got.best ? " and best cell" : "") + " equal to " + want_name + "'s, bit for bit"};
  detail.resize(detail.size() - 2);
  return {"FAILED", detail + " (against " + want_name + ")"};
}

nlohmann::json App::result_json(const Result& r) const {
  const AppTraits traits = traits_of(problem_);
  nlohmann::json j = {{"checksum", hex(r.checksum)},
                      {"last_row_hash", hex(r.row_hash)},
                      {"last_col_hash", hex(r.col_hash)},
                      {traits.final_name, final_value(problem_, r.final_cell)}};
  if (traits.best) {
    const Best b = unpack_best(r.best, problem_.cols);
    j["score"] = b.score;
    j["end"] = {b.i, b.j};
  }
  return j;
}

std::string App::describe_result(const Result& r) const {
  const AppTraits traits = traits_of(problem_);
  char v[64];
  std::snprintf(v, sizeof v, "%.17g", final_value(problem_, r.final_cell));
  std::string s = traits.final_name + " " + v + ", checksum " + hex(r.checksum);
  if (traits.best) {
    const Best b = unpack_best(r.best, problem_.cols);
    s = "score " + std::to_string(b.score) + " ending at (" + std::to_string(b.i) + ", " + std::to_string(b.j) + "), " +
        s;
  }
  return s;
}

nlohmann::json App::parameters() const {
  const Problem& p = problem_;
  const AppTraits traits = traits_of(p);
  const Tuning resolved = resolve_tuning(p, tuning);  // threads 0 and halo -2 as the variants run them
  nlohmann::json m = {{"app", p.app},
                      {"rows", p.rows},
                      {"cols", p.cols},
                      {"element_bytes", p.element_bytes},
                      {"dtype", dtype()},
                      {"cpu_tile", tuning.cpu_tile},
                      {"band", tuning.band},
                      {"gpu_tile", tuning.gpu_tile},
                      {"halo", resolved.halo},
                      {"gpu_count", tuning.gpu_count},
                      {"threads", resolved.threads},
                      {"chunk", tuning.chunk > 0 ? tuning.chunk : default_chunk(p.cols)}};
  if (traits.granularity) m["tsize"] = p.tsize;
  if (p.app == "synthetic") m["dsize"] = p.dsize;
  if (p.app == "sw-linear")
    m["scoring"] = {{"match", p.scoring.match}, {"mismatch", p.scoring.mismatch}, {"gap", p.scoring.gap}};
  if (traits.letters && input_.empty()) m["seed"] = opt_.seed;
  return m;
}

nlohmann::json App::features() const {
  const Problem& p = problem_;
  const AppTraits traits = traits_of(p);
  return {{"app", p.app},
          {"dim", std::sqrt(static_cast<double>(p.rows) * static_cast<double>(p.cols))},
          {"rows", p.rows},
          {"cols", p.cols},
          {"tsize", traits.granularity ? p.tsize : 1},
          {"dsize", p.app == "synthetic" ? p.dsize : 0},
          {"element_bytes", p.element_bytes},
          {"host_threads", tuning.threads > 0 ? tuning.threads : p.host_threads},
          {"ranks", p.ranks}};
}

}  // namespace hpcs::wavefront
