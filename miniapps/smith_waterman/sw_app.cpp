// SPDX-License-Identifier: BSD-3-Clause
#include "sw_app.hpp"

#include <algorithm>
#include <cstdio>

#include "hpcs/base/error.hpp"
#include "hpcs/base/timer.hpp"
#include "hpcs/io/calibration_file.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "sw_distributed.hpp"
#include "sw_reference.hpp"

namespace hpcs::sw {

namespace {
// One aligner on this rank's block: a repetition is the forward pass over the ranks; the
// result adds the start-cell pass (rank 0, timed apart).
class AlignTrial final : public Trial<Alignment> {
 public:
  AlignTrial(const MpiContext& mpi, const SequencePair& pair, const Scoring& scoring, Make make, const Tuning& t)
      : mpi_(mpi), pair_(pair), scoring_(scoring), make_([make, t] { return make(t); }), tiling_(t) {
    aligner_ = make_();
    aligner_->setup(rank_block(pair, Mode::Local), scoring);
  }
  std::optional<double> rep() override {
    end_ = run_distributed(mpi_, *aligner_, pair_, tiling_.chunk);
    return aligner_->device_seconds();
  }
  Alignment result() override {
    WallTimer timer;
    const Alignment al = find_start_distributed(mpi_, end_, pair_, scoring_, make_);
    start_s_ = mpi_.max(timer.seconds());
    return al;
  }
  std::string config() const override { return aligner_->config(); }
  nlohmann::json details() const override {
    nlohmann::json d = aligner_->details();
    d["start_pass_s"] = start_s_;
    d["tiling"] = {{"tile_rows", tiling_.tile_rows}, {"tile_cols", tiling_.tile_cols}, {"sub_rows", tiling_.sub_rows},
                   {"sub_cols", tiling_.sub_cols},   {"band_cols", tiling_.band_cols}, {"dpx", tiling_.dpx}};
    return d;
  }

 private:
  const MpiContext& mpi_;
  const SequencePair& pair_;
  const Scoring& scoring_;
  std::function<std::unique_ptr<Aligner>()> make_;
  Tuning tiling_;
  std::unique_ptr<Aligner> aligner_;
  Cell end_;
  double start_s_ = 0;
};
}  // namespace

// The first line of --help, and how the rate is counted.
constexpr const char* kAbout =
    "Smith-Waterman local alignment (Gotoh affine gaps), traditional and multi-pass wavefronts, distributed over "
    "MPI ranks in blocks of rows";
constexpr const char* kRateNote =
    "GCUPS = cells (len A x len B) / median time / 1e9 (forward pass; the start pass is timed apart)";

AppInfo App::info() const { return {"smith_waterman", "sw_miniapp", kAbout, "cell", "GCUPS", kRateNote, 3, 1}; }

void App::load(const MpiContext& mpi, const CommonOptions& o) {
  input_ = o.input;
  if (!input_.empty()) {
    pair_ = load_pair(mpi, input_);
  } else {
    pair_ = collective(mpi, [&] {
      PlantedRegion plant;
      plant.length = opt_.plant_length();  // an explicit --plant longer than a sequence is refused
      plant.mutation = opt_.mutation;
      return generated_slice(mpi,
                             generate_pair(Alphabet::by_name(opt_.alphabet), opt_.len_a, opt_.len_b, opt_.seed, plant));
    });
  }
  problem_ = {pair_.len_a, static_cast<std::int64_t>(pair_.b.size())};
  scoring_ = collective(mpi, [&] {
    Scoring s = make_scoring(opt_, pair_.alphabet);
    check_score_range(s, problem_.len_a, problem_.len_b, input_.empty() ? "generated pair" : input_);
    return s;
  });
  if (!o.list) energy_ = choose_energy_constants(mpi, opt_.calibration);
}

EnergyConstants choose_energy_constants(const MpiContext& mpi, const std::string& path) {
  if (!path.empty()) return collective(mpi, [&] { return constants_from_file(path); });
  const GpuSelection& gpu = current_gpu();
  EnergyConstants k = thesis_constants("no GPU, so no device calibration file");
  if (gpu.device) {
    const std::string& name = gpu.device->name;
    k = thesis_constants("no calibration file for " + name + " (inputs/calibration/" + calibration_slug(name) +
                         ".json; docs/smith_waterman.md: how to measure one)");
    if (const auto found = find_calibration_for(name)) {
      try {
        k = constants_from_file(*found);
      } catch (const std::exception& e) {
        k = thesis_constants("calibration unusable: " + one_line(e.what()));
      }
    }
  }
  int mine = k.from_file() ? 1 : 0, all = 0;  // one choice on every rank
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, mpi.comm());
  if (!all && k.from_file()) k = thesis_constants("calibration unusable on another rank");
  return k;
}

HostInput App::host_input() const {
  return {pair_.a_rows.size() + pair_.b.size(), input_.empty()
                                                    ? "the generated pair (--len-a " + std::to_string(problem_.len_a) +
                                                          " --len-b " + std::to_string(problem_.len_b) + ")"
                                                    : input_};
}

std::string App::describe() const {
  return "smith_waterman: A " + std::to_string(problem_.len_a) + " x B " + std::to_string(problem_.len_b) + " " +
         pair_.alphabet.name + " (" + (input_.empty() ? "generated, seed " + std::to_string(opt_.seed) : input_) +
         "), " + scoring_.name + ", gap open " + std::to_string(scoring_.gap_open) + " extend " +
         std::to_string(scoring_.gap_extend);
}

// bytes: the compulsory traffic, each letter code read once (the score is all that is
// written); the multi-pass variants' boundary traffic is measured by sw_dram_traffic.sh.
Work App::work() const {
  const double a = static_cast<double>(problem_.len_a), b = static_cast<double>(problem_.len_b);
  return {a * b, a + b, 0};
}

nlohmann::json App::features() const {
  return {{"dtype", dtype()}, {"len_a", problem_.len_a}, {"len_b", problem_.len_b}};
}

App::TrialPtr App::prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) {
  return std::make_unique<AlignTrial>(mpi, pair_, scoring_, v.make, t);
}

Alignment App::reference(const MpiContext& mpi) {
  AlignTrial cpu(
      mpi, pair_, scoring_, [](const Tuning& t) { return make_cpu_reference(t); }, tuning);
  cpu.rep();
  return cpu.result();
}

Verification App::compare(const MpiContext&, const Alignment& got, const Alignment& want,
                          const std::string& want_name) const {
  const bool ok = got.score == want.score && got.start_i == want.start_i && got.start_j == want.start_j &&
                  got.end_i == want.end_i && got.end_j == want.end_j;
  return {ok ? "passed" : "FAILED",
          describe_result(got) + (ok ? " == " : " != ") + want_name + " " + describe_result(want)};
}

nlohmann::json App::result_json(const Alignment& al) const {
  return {
      {"score", al.score}, {"start_i", al.start_i}, {"start_j", al.start_j}, {"end_i", al.end_i}, {"end_j", al.end_j}};
}

std::string App::describe_result(const Alignment& al) const {
  char buf[160];
  if (al.score <= 0) return "score 0 (no alignment)";
  std::snprintf(buf, sizeof buf, "score %d, A[%lld..%lld] ~ B[%lld..%lld]", al.score,
                static_cast<long long>(al.start_i), static_cast<long long>(al.end_i),
                static_cast<long long>(al.start_j), static_cast<long long>(al.end_j));
  return buf;
}

void App::add_fields(const MpiContext&, RunRecord& r, Trial<Alignment>&, const Alignment&) {
  r.extra["start_pass_s"] = r.extra["details"].value("start_pass_s", 0.0);
  if (r.backend != "cpu") add_models(r, problem_, energy_);
}

void App::print_details(std::ostream& os, const std::vector<RunRecord>& records) const { print_models(os, records); }

}  // namespace hpcs::sw
