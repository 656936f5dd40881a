// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_app.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <tuple>
#include <utility>

#include "hpcs/harness/cli.hpp"
#include "hpcs/parallel/decomposition.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::jacobi {

namespace {
std::string shape(const Problem& p) {
  if (p.dims == 3) return "3D " + std::to_string(p.n1) + " x " + std::to_string(p.n2) + " x " + std::to_string(p.n3);
  return p.dims == 1 ? "1D " + std::to_string(p.n1) : "2D " + std::to_string(p.n1) + " x " + std::to_string(p.n2);
}
}  // namespace

// The first line of --help, and how the rate is counted.
constexpr const char* kAbout =
    "Jacobi 1D/2D/3D stencils, naive and hexagonal / HHC temporally tiled, distributed over MPI ranks in bands of rows";
constexpr const char* kRateNote = "Gcell/s = interior points x T / median time / 1e9";

AppInfo App::info() const {
  return {"jacobi",
          "jacobi_miniapp",
          kAbout,
          "update",
          "Gcell/s",
          kRateNote,
          5,
          1,
          {{"--grid-variant", "--output-variant (every app's)"}}};
}

void App::add_options(CLI::App& cli) {
  auto* input = cli.get_option("input");
  cli.add_option("--dataset", opt_.dataset, "Dataset of the input file holding the grid, boundary included")
      ->capture_default_str();
  cli.add_option("--dims", opt_.dims, "Generated grid: 1 (Jacobi 1D line), 2 (2D grid) or 3 (3D grid)")
      ->check(CLI::IsMember({1, 2, 3}))
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--n", opt_.n,
                 "Generated grid: interior points of the 1D line, or every 2D/3D extent (default 1D 131072)")
      ->excludes(input);
  cli.add_option("--nx", opt_.nx,
                 "Generated grid: interior points along the contiguous dimension (2D S2, default 512; "
                 "3D S3, default 64)")
      ->excludes(input);
  cli.add_option("--ny", opt_.ny,
                 "Generated grid: 2D interior rows (S1, split over ranks; default 384); 3D S2 (default 64)")
      ->excludes(input);
  cli.add_option("--nz", opt_.nz, "Generated 3D grid: interior planes (S1, split over ranks; default 64)")
      ->excludes(input);
  cli.add_option("--seed", opt_.seed, "Seed of the generated grid")->capture_default_str()->excludes(input);
  cli.add_option("--pattern", opt_.pattern, "Generated grid: random (uniform in [-1, 1]) or hot-edge (row 0 at 1)")
      ->check(CLI::IsMember({"random", "hot-edge"}))
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--precision", opt_.precision, "float32 or float64 (default: the file's type; generated: float32)")
      ->check(CLI::IsMember({"float32", "float64"}));
  cli.add_option("--stencil", opt_.stencil,
                 "Update: jacobi (1D, 2D, 3D), heat, laplacian (2D, 3D) or gradient (2D); forms and sources in "
                 "docs/jacobi.md")
      ->capture_default_str();
  cli.add_option("--steps,-T", opt_.steps, "Time steps T (>= 0)")->capture_default_str();
  cli.add_option("--tile-t", tuning.t_T, "t_T: time steps per hexagon, even (0: default for the problem)")
      ->capture_default_str();
  cli.add_option("--tile-s1", tuning.t_S1, "t_S1: hexagon base along S1 (0: default)")->capture_default_str();
  cli.add_option("--tile-s2", tuning.t_S2, "t_S2: sub-prism length along S2, 2D and 3D (0: default)")
      ->capture_default_str();
  cli.add_option("--tile-s3", tuning.t_S3, "t_S3: sub-slab length along S3, 3D (0: default)")->capture_default_str();
  cli.add_option("--slab-split", tuning.slab_split,
                 "3D tiled variants: cut each slab's S2 sub-slab rows into N groups, a team / block each, a group "
                 "waiting per S3 sub-slab on the previous one (1: one team per slab, the thesis')")
      ->capture_default_str();
  cli.add_option("--threads", tuning.threads, "Threads per block / team (0: the variant's choice)")
      ->capture_default_str();
  cli.add_option("--halo-depth", tuning.halo_depth,
                 "Rows exchanged with each neighbour rank per band (0: t_T for tiled variants, 1 for naive)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
  cli.add_option("--output-grid", opt_.output_grid,
                 "Write the final grid (input layout, dataset /grid) of the first run (or --output-variant's) to this "
                 "HDF5 file");
  cli.add_flag("--model", opt_.model, "Print the time/energy model's prediction beside each tiled run");
  cli.add_option("--calibration", opt_.calibration,
                 "Model constants (JSON, inputs/calibration/); default: the file for this device, if any");
  add_sweep_options(cli, opt_.sweep);
  add_design_options(cli, opt_.design);
}

GridSource grid_source(const MpiContext& mpi, const std::string& input, const Options& opt) {
  if (opt.steps < 0)
    throw Error("--steps " + std::to_string(opt.steps) + ": the number of time steps must not be negative");
  if (!input.empty()) return inspect_grid_file(mpi, input, opt.dataset);
  GridSource src;
  src.problem = generated_problem(opt.dims, opt.n, opt.nx, opt.ny, opt.nz);
  src.seed = opt.seed;
  src.pattern = pattern_by_name(opt.pattern);
  return src;
}

void App::set_problem(const MpiContext& mpi, const CommonOptions& o) {
  src_ = grid_source(mpi, o.input, opt_);
  problem_ = {src_.problem, opt_.precision.empty() ? src_.precision : precision_by_name(opt_.precision), mpi.size()};
  problem_.grid.stencil = stencil_by_name(opt_.stencil);
  if (auto why = stencil_rejects(problem_.grid.stencil, problem_.grid.dims,
                                 o.input.empty() ? "--dims " + std::to_string(problem_.grid.dims)
                                                 : o.input + ": dataset '" + opt_.dataset + "'"))
    throw Error(*why);
  for (auto [value, option] : {std::pair<int, const char*>{tuning.t_T, "--tile-t"},
                               {tuning.t_S1, "--tile-s1"},
                               {tuning.t_S2, "--tile-s2"},
                               {tuning.t_S3, "--tile-s3"},
                               {tuning.threads, "--threads"}})
    if (value < 0)
      throw Error(std::string(option) + " " + std::to_string(value) + ": must not be negative (0: default)");
  if (tuning.slab_split < 1)
    throw Error("--slab-split " + std::to_string(tuning.slab_split) + ": must be at least 1 (1: one team per slab)");
  if (tuning.slab_split != 1 && problem_.grid.dims != 3)
    throw Error("--slab-split " + std::to_string(tuning.slab_split) + ": for 3D grids (--dims 3), this one is " +
                std::to_string(problem_.grid.dims) + "D");
  if (tuning.t_S3 != 0 && problem_.grid.dims != 3)
    throw Error("--tile-s3 " + std::to_string(tuning.t_S3) + ": S3 tiles are for 3D grids (--dims 3), this one is " +
                std::to_string(problem_.grid.dims) + "D");
}

void App::load(const MpiContext& mpi, const CommonOptions& o) {
  set_problem(mpi, o);
  if (!opt_.sweep.t_S3.empty() && problem_.grid.dims != 3)
    throw Error("--sweep-s3: S3 tiles are for 3D grids (--dims 3), this one is " + std::to_string(problem_.grid.dims) +
                "D");
  if (!opt_.sweep.slab_split.empty() && problem_.grid.dims != 3)
    throw Error("--sweep-split: for 3D grids (--dims 3), this one is " + std::to_string(problem_.grid.dims) + "D");
  for (int v : opt_.sweep.slab_split)
    if (v < 1) throw Error("--sweep-split " + std::to_string(v) + ": must be at least 1 (1: one team per slab)");
  // More ranks than rows: the suite's one rule (hpcs/parallel/decomposition.hpp), naming the input.
  require_share_per_rank(
      static_cast<std::uint64_t>(problem_.grid.n1), mpi.size(), interior_items(problem_.grid),
      o.input.empty() ? std::string("the generated grid") : o.input + ": dataset '" + opt_.dataset + "'");
  check_decomposition(problem_.grid, mpi.size(), 1, "one-deep halo");
  // A tile the command line sets stays set (hpcs/harness/tune.hpp), so a list for it would go unused.
  for (const auto& [list, tile, option] :
       {std::tuple{&opt_.sweep.t_T, "tile-t", "--sweep-t"}, std::tuple{&opt_.sweep.t_S1, "tile-s1", "--sweep-s1"},
        std::tuple{&opt_.sweep.t_S2, "tile-s2", "--sweep-s2"}, std::tuple{&opt_.sweep.t_S3, "tile-s3", "--sweep-s3"},
        std::tuple{&opt_.sweep.slab_split, "slab-split", "--sweep-split"},
        std::tuple{&opt_.sweep.threads, "threads", "--sweep-threads"}})
    if (!list->empty() && o.given_options.count(tile))
      throw Error(std::string(option) + ": --" + tile + " fixes that value for the tuner; give one of the two");
  if (o.list) return;
  rows_ = InitialRows(src_, problem_.precision);
  rows_.cover(mpi, rank_rows(problem_.grid, mpi.size(), mpi.rank(), 1));  // the reference's and naive variants'
  // Tiled runs carry the model's prediction wherever it may be wanted: a tuner's table too.
  if (opt_.model || opt_.sweep.on || !o.tune.empty() || !opt_.calibration.empty())
    cal_ = choose_calibration(mpi, opt_.calibration);
  if (sweep_.active) prepare_sweep(o);
}

std::string App::describe() const {
  return "jacobi: " + shape(problem_.grid) + " interior " + dtype() + ", stencil " + to_string(problem_.grid.stencil) +
         ", T = " + std::to_string(opt_.steps) + " steps (" + src_.describe() + ") in bands of S1 rows";
}

Work App::work() const {
  const double updates = static_cast<double>(problem_.grid.interior()) * static_cast<double>(opt_.steps);
  const double real_bytes = problem_.precision == Precision::Float32 ? 4.0 : 8.0;
  return {updates, 2.0 * real_bytes * updates, 0.0};  // the naive read + write per update
}

nlohmann::json App::features() const {
  const jacobi::Problem& g = problem_.grid;
  return {{"dtype", dtype()},
          {"dims", g.dims},
          {"n1", g.n1},
          {"n2", g.dims == 1 ? 1 : g.n2},
          {"n3", g.n3},
          {"steps", opt_.steps},
          {"element_bytes", problem_.precision == Precision::Float32 ? 4 : 8},
          {"stencil", to_string(g.stencil)}};
}

App::TrialPtr App::prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) {
  return make_trial(mpi, v, t, problem_, rows_, opt_.steps);
}

Result App::reference(const MpiContext& mpi) {
  // cpu/reference with its one-deep halo (the command line's --halo-depth is the variants')
  auto trial = make_trial(mpi, all_variants().front(), Tuning{}, problem_, rows_, opt_.steps);
  trial->rep();
  return trial->result();
}

std::string App::describe_result(const Result& r) const {
  char buf[96];
  std::snprintf(buf, sizeof buf, "checksum %.15g, norm %.8g", r.checksum, r.norm);
  return buf;
}

nlohmann::json App::parameters() const {
  const jacobi::Problem& g = problem_.grid;  // (Problem alone is MiniApp's: the Task)
  nlohmann::json m = {{"input", src_.describe()},
                      {"dims", g.dims},
                      {"n1", g.n1},
                      {"n2", g.n2},
                      {"n3", g.n3},
                      {"dtype", dtype()},
                      {"steps", opt_.steps},
                      {"stencil", to_string(g.stencil)}};
  // As asked (0: the default); each variant resolves its own, recorded in its record's "tiles".
  m["requested_tiles"] = {
      {"t_T", tuning.t_T}, {"t_S1", tuning.t_S1}, {"t_S2", tuning.t_S2}, {"threads", tuning.threads}};
  if (g.dims == 3) {
    m["requested_tiles"]["t_S3"] = tuning.t_S3;
    m["requested_tiles"]["slab_split"] = tuning.slab_split;
  }
  m["halo_depth_option"] = tuning.halo_depth;
  if (src_.path.empty()) {
    m["seed"] = opt_.seed;
    m["pattern"] = to_string(src_.pattern);
  }
  if (cal_.cal || !cal_.note.empty()) m["calibration"] = cal_.cal ? cal_.path : cal_.note;
  return m;
}

void App::set_size(std::int64_t n) {  // the benchmark's: n points (1D) or n x n (2D)
  opt_.n = n;
  opt_.nx.reset();
  opt_.ny.reset();
  opt_.nz.reset();
}

void App::add_fields(const MpiContext&, RunRecord& r, JacobiTrial& trial, const Result&) {
  const RunFacts& f = trial.facts();
  add_run_fields(r, f, opt_.steps);
  if (!f.tiled) return;
  Prediction p;  // none without constants, or in 3D without the stencil's C_iter (model_note)
  if (cal_.cal && model_note().empty())
    p = add_model_fields(r, f, opt_.steps, problem_.precision, *cal_.cal, trial.details());
  if (sweep_.active) sweep_.timed.push_back(timed_point(r, f.tiles, p));
}

std::string App::model_note() const {
  if (!cal_.cal) return "";
  return model_lacks(problem_.grid, problem_.precision, *cal_.cal).value_or("");
}

void App::print_details(std::ostream& os, const std::vector<RunRecord>& records) const {
  print_run_details(os, records);
  if (opt_.model && !model_note().empty())
    os << "  model: no prediction: " << model_note() << " (" << cal_.path << ")\n";
  else if (opt_.model) print_models(os, records, cal_);
  if (sweep_.active) print_sweep_details(os);
}

void App::write_outputs(const MpiContext& mpi, const RunRecord& record, const Result& grid,
                        const nlohmann::json& meta) {
  if (!opt_.output_grid.empty())
    write_final_grid(mpi, opt_.output_grid, src_, problem_, opt_.steps, rows_, grid, record, meta);
  if (sweep_.active && !opt_.sweep.output.empty()) write_sweep(meta);
}

VariantList App::variants() const {
  VariantList list = all_variants();
  const SweepOptions& s = opt_.sweep;
  SweepSpec spec;
  for (const auto& [from, to] :
       {std::pair{&s.t_T, &spec.t_T}, std::pair{&s.t_S1, &spec.t_S1}, std::pair{&s.t_S2, &spec.t_S2},
        std::pair{&s.t_T, &spec.t_T_3d}, std::pair{&s.t_S1, &spec.t_S1_3d}, std::pair{&s.t_S2, &spec.t_S2_3d},
        std::pair{&s.t_S3, &spec.t_S3}, std::pair{&s.slab_split, &spec.slab_split},
        std::pair{&s.threads, &spec.threads}})
    if (!from->empty()) *to = *from;
  spec.with_defaults = s.t_T.empty() && s.t_S1.empty() && s.t_S2.empty() && s.t_S3.empty();
  set_candidates(list, spec);
  return list;
}

}  // namespace hpcs::jacobi
