// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_app.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>

#include "hpcs/energy.hpp"
#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/h5.hpp"
#include "hpcs/measure.hpp"
#include "hpcs/provenance.hpp"
#include "hpcs/report.hpp"
#include "hpcs/results_file.hpp"
#include "hpcs/timer.hpp"
#include "jacobi_calibration.hpp"
#include "jacobi_distributed.hpp"
#include "jacobi_input.hpp"
#include "jacobi_model.hpp"
#include "jacobi_output.hpp"
#include "jacobi_reference.hpp"
#include "jacobi_sweep.hpp"

namespace hpcs::jacobi {

Options default_options() {
  Options o;
  o.common.reps = 5;
  o.common.warmup = 1;
  return o;
}

void add_options(CLI::App& app, Options& o) {
  add_common_options(app, o.common);
  auto* input = app.get_option("input");
  app.add_option("--dataset", o.dataset, "Dataset of the input file holding the grid, boundary included")
      ->capture_default_str();
  app.add_option("--dims", o.dims, "Generated grid: 1 (Jacobi 1D line) or 2 (Jacobi 2D grid)")
      ->check(CLI::IsMember({1, 2}))->capture_default_str()->excludes(input);
  app.add_option("--n", o.n, "Generated grid: interior points of the 1D line, or both 2D extents (default 1D 131072)")
      ->excludes(input);
  app.add_option("--nx", o.nx, "Generated 2D grid: interior columns (S2, contiguous; default 512)")->excludes(input);
  app.add_option("--ny", o.ny, "Generated 2D grid: interior rows (S1, split over ranks; default 384)")->excludes(input);
  app.add_option("--seed", o.seed, "Seed of the generated grid")->capture_default_str()->excludes(input);
  app.add_option("--pattern", o.pattern, "Generated grid: random (uniform in [-1, 1]) or hot-edge (row 0 at 1)")
      ->check(CLI::IsMember({"random", "hot-edge"}))->capture_default_str()->excludes(input);
  app.add_option("--precision", o.precision, "float32 or float64 (default: the file's type; generated: float32)")
      ->check(CLI::IsMember({"float32", "float64"}));
  app.add_option("--steps,-T", o.steps, "Time steps T (>= 0)")->capture_default_str();
  app.add_option("--tile-t", o.tiles.t_T, "t_T: time steps per hexagon, even (0: default for the problem)")
      ->capture_default_str();
  app.add_option("--tile-s1", o.tiles.t_S1, "t_S1: hexagon base along S1 (0: default)")->capture_default_str();
  app.add_option("--tile-s2", o.tiles.t_S2, "t_S2: sub-prism length along S2, 2D (0: default)")->capture_default_str();
  app.add_option("--threads", o.tiles.threads, "Threads per block / team (0: the variant's choice)")
      ->capture_default_str();
  app.add_option("--halo-depth", o.halo_depth,
                 "Rows exchanged with each neighbour rank per band (0: t_T for tiled variants, 1 for naive)")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  app.add_option("--verify-cells", o.verify_cells,
                 "Largest run (n1 x n2 x T updates) checked against the CPU reference; above it variants must agree")
      ->capture_default_str();
  app.add_option("--output-grid", o.output_grid, "Write the final grid (input layout, dataset /grid) to this HDF5 file");
  app.add_option("--grid-variant", o.grid_variant, "Variant whose final grid --output-grid writes (default: the first)");
  app.add_flag("--model", o.model, "Print the time/energy model's prediction beside each tiled run");
  app.add_option("--calibration", o.calibration,
                 "Model constants (JSON, inputs/calibration/); default: the file for this device, if any");
  app.add_flag("--sweep", o.sweep, "Time one tiled variant over a grid of tile sizes (one rank) and rank the model");
  app.add_option("--sweep-t", o.sweep_t, "t_T values of the sweep")->delimiter(',');
  app.add_option("--sweep-s1", o.sweep_s1, "t_S1 values of the sweep")->delimiter(',');
  app.add_option("--sweep-s2", o.sweep_s2, "t_S2 values of the sweep (2D)")->delimiter(',');
  app.add_option("--sweep-threads", o.sweep_threads, "Threads per block of the sweep (0: the variant's choice)")
      ->delimiter(',');
  app.add_option("--sweep-output", o.sweep_output, "Write the sweep (one row per tile size) to this HDF5 file");
}

namespace {

std::string tiles_string(const Problem& p, const Tiles& t) {
  std::string s = "tT=" + std::to_string(t.t_T) + " tS1=" + std::to_string(t.t_S1);
  if (p.dims == 2) s += " tS2=" + std::to_string(t.t_S2);
  if (t.threads) s += " thr=" + std::to_string(t.threads);
  return s;
}

std::string shape(const Problem& p) {
  return p.dims == 1 ? "1D " + std::to_string(p.n1)
                     : "2D " + std::to_string(p.n1) + " x " + std::to_string(p.n2);
}

template <class Real>
std::unique_ptr<Solver<Real>> make_solver(const VariantInfo& v, const Tiles& t) {
  if constexpr (std::is_same_v<Real, float>) return v.make_float(t);
  else return v.make_double(t);
}

// The model's constants, when --model or --sweep asks for them.
struct CalibrationChoice {
  std::optional<Calibration> cal;
  std::string path, note;  // note: why there is none
};

CalibrationChoice choose_calibration(const MpiContext& mpi, const Options& o) {
  CalibrationChoice c;
  const auto& gpu = current_gpu();
  const std::string device = gpu.device ? gpu.device->name : "cpu";
  if (!o.calibration.empty()) {
    c.path = o.calibration;
    c.cal = collective(mpi, [&] { return load_calibration(o.calibration); });
    return c;
  }
  const auto found = find_calibration_for(device);
  if (!found) {
    c.note = "no calibration file for " + device + " (inputs/calibration/" + calibration_slug(device) +
             ".json; docs/jacobi.md: how to calibrate), so no prediction";
    return c;
  }
  c.path = *found;
  try {
    c.cal = load_calibration(*found);
  } catch (const std::exception& e) {
    c.note = "calibration unusable, so no prediction: " + one_line(e.what());
  }
  int ok = c.cal ? 1 : 0, all = 0;  // the same answer on every rank
  MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, mpi.comm());
  if (!all && c.cal) {
    c.cal.reset();
    c.note = "calibration unusable on another rank, so no prediction";
  }
  return c;
}

// The grid rows a rank loaded once: every variant's (halo-dependent) rows are a slice.
template <class Real>
struct InputBlock {
  std::int64_t first = 0, rows = 0, cols = 0;
  std::vector<Real> values;
  std::vector<Real> slice(std::int64_t row0, std::int64_t count) const {
    const auto begin = values.begin() + (row0 - first) * cols;
    return std::vector<Real>(begin, begin + count * cols);
  }
};

// Sum and sum of squares of a rank's own rows' interior points, in double.
struct Moments {
  double sum = 0, squares = 0;
};
template <class Real>
Moments interior_moments(const Problem& g, const std::vector<Real>& own_rows) {
  Moments m;
  const std::int64_t cols = g.cols(), j0 = g.dims == 1 ? 0 : 1, j1 = g.dims == 1 ? 1 : cols - 1;
  const std::int64_t rows = static_cast<std::int64_t>(own_rows.size()) / cols;
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = j0; j < j1; ++j) {
      const double v = own_rows[static_cast<std::size_t>(i * cols + j)];
      m.sum += v;
      m.squares += v * v;
    }
  return m;
}

struct Comparison {
  long long differing = 0;
  double max_abs = 0;
};
// Bitwise comparison of two ranks' own rows (NaN == NaN only when the bits match), reduced.
template <class Real>
Comparison compare(const MpiContext& mpi, const std::vector<Real>& got, const std::vector<Real>& want) {
  Comparison c;
  for (std::size_t k = 0; k < got.size(); ++k) {
    if (std::memcmp(&got[k], &want[k], sizeof(Real)) == 0) continue;
    ++c.differing;
    const double d = std::fabs(static_cast<double>(got[k]) - static_cast<double>(want[k]));
    c.max_abs = std::isnan(d) ? INFINITY : std::max(c.max_abs, d);
  }
  MPI_Allreduce(MPI_IN_PLACE, &c.differing, 1, MPI_LONG_LONG, MPI_SUM, mpi.comm());
  MPI_Allreduce(MPI_IN_PLACE, &c.max_abs, 1, MPI_DOUBLE, MPI_MAX, mpi.comm());
  return c;
}

std::string number(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

template <class Real>
struct Context {
  const MpiContext& mpi;
  const Options& o;
  const GridSource& src;
  Precision prec;
  Tiles requested;  // each variant resolves its own (VariantInfo::resolve)
  const InputBlock<Real>& input;
  EnergyMeter& meter;
  bool energy_phase;
  const CalibrationChoice& calibration;
};

std::int64_t halo_for(const Options& o, const VariantInfo& v, const Tiles& t) {
  if (o.halo_depth > 0) return o.halo_depth;
  return v.tiled ? t.t_T : 1;
}
std::string halo_reason(const Options& o, const VariantInfo& v) {
  if (o.halo_depth > 0) return "--halo-depth of " + v.name;
  return v.tiled ? "t_T of " + v.name : "one-deep halo of " + v.name;
}

template <class Real>
RunRecord measure_variant(const Context<Real>& c, const VariantInfo& info, std::optional<std::vector<Real>>& reference,
                          const std::string& reference_name, std::vector<Real>* keep_grid) {
  const Problem& g = c.src.problem;
  const Tiles tiles = info.resolve(g, c.requested, c.prec);
  const std::int64_t h = halo_for(c.o, info, tiles);
  const RankRows rows = rank_rows(g, c.mpi.size(), c.mpi.rank(), h);
  auto solver = collective(c.mpi, [&] {
    auto s = make_solver<Real>(info, tiles);
    const std::vector<Real> local = c.input.slice(rows.local_begin, rows.local_rows);
    s->setup(rows.local(g), local.data());
    return s;
  });
  const std::int64_t steps = c.o.steps;
  // The result run: T steps from the initial grid, kept for verification and output.
  WallTimer result_timer;
  const HaloTraffic traffic = advance_distributed(c.mpi, *solver, g, rows, steps, h);
  const double result_s = c.mpi.max(result_timer.seconds());
  std::vector<Real> own(static_cast<std::size_t>(rows.own_count * g.cols()));
  collective(c.mpi, [&] { solver->read_rows(rows.own_begin - rows.local_begin, rows.own_count, own.data()); });

  RunRecord r;
  r.app = "jacobi";
  r.variant = info.name;
  r.backend = info.backend;
  r.config = (info.tiled ? tiles_string(g, tiles) + " " : "") + "halo=" + std::to_string(h);
  r.dtype = to_string(c.prec);
  r.items = static_cast<std::uint64_t>(g.interior()) * static_cast<std::uint64_t>(steps);
  r.item_name = "update";
  r.ranks = c.mpi.size();
  r.bytes_per_rep = 2.0 * sizeof(Real) * static_cast<double>(r.items);  // naive read + write per update

  if (c.o.common.verify) {
    if (!reference) {
      reference = own;
      // Nothing checked this variant: say so, and that the others are held to it.
      r.verification = {"not checked", "run above --verify-cells (" + std::to_string(r.items) +
                                           " updates), no CPU reference; the others must reproduce this grid bit for bit"};
    } else {
      const Comparison cmp = compare(c.mpi, own, *reference);
      const std::string points = std::to_string(g.interior()) + " interior points";
      r.verification = cmp.differing == 0
                           ? Verification{"passed", "bitwise equal to " + reference_name + " (" + points + ")"}
                           : Verification{"FAILED", std::to_string(cmp.differing) + " of " + points + " differ from " +
                                                        reference_name + ", max |diff| " + number("%.3g", cmp.max_abs)};
      r.extra["differing_points"] = cmp.differing;
      r.extra["max_abs_diff"] = cmp.max_abs;
    }
  }
  const Moments m = interior_moments(g, own);
  r.extra["checksum"] = sum_in_rank_order(c.mpi, m.sum);
  r.extra["norm"] = std::sqrt(sum_in_rank_order(c.mpi, m.squares));
  if (keep_grid) *keep_grid = std::move(own);

  // Timed repetitions continue from the current state: the work per step does not depend
  // on the values, and advance_distributed leaves every rank's halo exact.
  const RepFunction rep = [&]() -> std::optional<double> {
    const auto d0 = solver->device_seconds();
    advance_distributed(c.mpi, *solver, g, rows, steps, h);
    const auto d1 = solver->device_seconds();
    if (!d1) return std::nullopt;
    return *d1 - d0.value_or(0.0);
  };
  r.timings = time_repetitions(c.mpi, c.o.common.warmup, c.o.common.reps, rep);
  if (profile_range(true)) {  // HPCS_PROFILE_RANGE=1: one more repetition, inside a profiler range
    rep();
    profile_range(false);
  }
  set_giga_rate(r, "Gcell/s", "Gcell/s = interior points x T / median time / 1e9");
  const double t = r.timings.representative();
  r.extra["gcells_per_s"] = r.rate;
  r.extra["effective_gbs"] = t > 0 ? r.bytes_per_rep / t / 1e9 : 0.0;
  r.extra["result_run_s"] = result_s;
  r.extra["steps"] = steps;
  r.extra["halo_depth"] = h;
  r.extra["bands"] = traffic.bands;
  // Per rank and run of T steps: the busiest rank (a middle one sends both ways).
  r.extra["halo_messages_per_rank"] = static_cast<std::int64_t>(c.mpi.max(static_cast<double>(traffic.messages)));
  r.extra["halo_bytes_per_rank"] = static_cast<std::int64_t>(c.mpi.max(static_cast<double>(traffic.bytes)));
  r.extra["redundant_rows_per_rank"] =
      static_cast<std::int64_t>(c.mpi.max(static_cast<double>(rows.local_rows - 2 - rows.own_count)));
  if (info.tiled) r.extra["tiles"] = {{"t_T", tiles.t_T}, {"t_S1", tiles.t_S1}, {"t_S2", tiles.t_S2},
                                      {"threads", tiles.threads}};
  r.extra["details"] = solver->details();

  if (c.o.model && info.tiled && c.calibration.cal) {
    // The model of rank 0's block (the largest, halo included): what each rank's device runs.
    const Problem local0 = rank_rows(g, c.mpi.size(), 0, h).local(g);
    const int k = solver->details().value("blocks_per_sm", 0);
    r.extra["model"] = predict(local0, steps, tiles, c.prec, *c.calibration.cal, k, t).to_json();
    r.extra["model"]["calibration"] = c.calibration.path;
  }

  r.gpu_energy_source = c.meter.gpu_source();
  r.cpu_energy_source = c.meter.cpu_source();
  if (c.energy_phase && steps > 0) {
    const auto& gpu = current_gpu();
    const std::string key = gpu.device && info.backend != "cpu" ? gpu.device->pci_bus_id : "";
    r.energy = measure_energy(c.mpi, c.meter, c.o.common.energy_window, r.timings.wall_stats.median, key, rep);
    if (info.backend == "cpu") {
      r.energy->window.gpu_joules.reset();
      r.energy->window.gpu_idle_watts.reset();
      r.gpu_energy_source = "not applicable (CPU variant)";
    }
  }
  return r;
}

void print_details(std::ostream& os, const std::vector<RunRecord>& records) {
  os << "  variant                      Gcell/s   eff.GB/s          norm              checksum  halo: depth bands "
        "msgs/rank bytes/rank\n";
  for (const auto& r : records) {
    const auto& x = r.extra;
    char line[400];
    std::snprintf(line, sizeof line, "  %-26s %9.3f %10.2f %13.8g %21.15g  %11lld %5lld %9lld %10lld\n",
                  r.variant.c_str(), x["gcells_per_s"].get<double>(), x["effective_gbs"].get<double>(),
                  x["norm"].get<double>(), x["checksum"].get<double>(),
                  static_cast<long long>(x["halo_depth"].get<std::int64_t>()),
                  static_cast<long long>(x["bands"].get<std::int64_t>()),
                  static_cast<long long>(x["halo_messages_per_rank"].get<std::int64_t>()),
                  static_cast<long long>(x["halo_bytes_per_rank"].get<std::int64_t>()));
    os << line;
  }
  os << "  eff.GB/s counts 2 x sizeof(real) per update (the naive read + write); norm = L2 and checksum = sum of "
        "the interior\n";
}

void print_models(std::ostream& os, const Options& o, const std::vector<RunRecord>& records,
                  const CalibrationChoice& cal) {
  if (!o.model) return;
  if (!cal.cal) {
    os << "  model: " << cal.note << "\n";
    return;
  }
  os << "  model (thesis App. A/B, " << cal.path << "): prediction beside the measurement\n";
  bool any = false;
  for (const auto& r : records) {
    if (!r.extra.contains("model")) continue;
    any = true;
    const auto& m = r.extra["model"];
    const double measured = r.timings.representative();
    const auto num = [](const nlohmann::json& v) { return v.is_number() ? v.get<double>() : NAN; };
    const double predicted = num(m["time_s"]);
    char line[400];
    std::snprintf(line, sizeof line,
                  "    %-20s predicted %.4g ms (ideal %.4g ms) vs measured %.4g ms (%+.1f%%); %lld tiles in %lld "
                  "wavefronts, k=%lld; energy %.4g J predicted",
                  r.variant.c_str(), predicted * 1e3, num(m["time_ideal_s"]) * 1e3, measured * 1e3,
                  measured > 0 ? (predicted / measured - 1) * 100 : 0.0,
                  static_cast<long long>(m.value("tiles", std::int64_t{0})),
                  static_cast<long long>(m.value("wavefronts", std::int64_t{0})),
                  static_cast<long long>(m.value("k", std::int64_t{0})), num(m["energy_j"]));
    os << line;
    if (const auto j = r.joules_per_rep()) os << " vs measured " << number("%.4g", *j) << " J";
    if (m.contains("note") && m["note"].is_string() && !m["note"].get<std::string>().empty())
      os << " (" << m["note"].get<std::string>() << ")";
    os << "\n";
  }
  if (!any) os << "    (no tiled variant ran)\n";
}

nlohmann::json metadata(const Provenance& prov, const Options& o, const GridSource& src, Precision prec,
                        const Tiles& t) {
  nlohmann::json m = prov.to_json();
  m["miniapp"] = "jacobi";
  m["input_file"] = o.common.input.empty() ? "(generated)" : o.common.input;
  m["input"] = src.describe();
  m["dims"] = src.problem.dims;
  m["n1"] = src.problem.n1;
  m["n2"] = src.problem.n2;
  if (o.common.input.empty()) {
    m["seed"] = o.seed;
    m["pattern"] = to_string(src.pattern);
  }
  m["precision"] = to_string(prec);
  m["steps"] = o.steps;
  // As asked (0: the default); each variant resolves its own, recorded in its record's "tiles".
  m["requested_tiles"] = {{"t_T", t.t_T}, {"t_S1", t.t_S1}, {"t_S2", t.t_S2}, {"threads", t.threads}};
  m["halo_depth_option"] = o.halo_depth;
  m["reps"] = o.common.reps;
  m["warmup"] = o.common.warmup;
  return m;
}

template <class Real>
int run_typed(const MpiContext& mpi, const Options& o, const VariantList& variants, const GridSource& src,
              Precision prec, const Tiles& requested, int argc, char** argv) {
  const Problem& g = src.problem;
  const auto tiles_of = [&](const VariantInfo& v) { return v.resolve(g, requested, prec); };
  check_decomposition(g, mpi.size(), 1, "one-deep halo");  // more ranks than rows
  // A variant that cannot run here, these tiles or this decomposition is skipped with a
  // note by "all" and globs, and is an error when named.
  std::vector<std::string> names;
  std::vector<std::optional<std::string>> unavailable;
  for (const auto& v : variants) {
    names.push_back(v.name);
    auto why = v.unavailable();
    const Tiles tiles = tiles_of(v);
    if (!why && v.tiled) why = check_tiles(g, tiles);
    if (!why) why = v.rejects(g, tiles, prec);
    if (!why) {
      try {
        check_decomposition(g, mpi.size(), halo_for(o, v, tiles), halo_reason(o, v));
        make_solver<Real>(v, tiles);
      } catch (const std::exception& e) {
        why = one_line(e.what());
      }
    }
    unavailable.push_back(why);
  }
  const auto chosen = collective(mpi, [&] {
    return choose_variants(o.common.variant, names, unavailable, mpi.root() ? &std::cerr : nullptr);
  });
  std::size_t grid_variant = chosen.front();
  if (!o.grid_variant.empty()) {
    const auto it = std::find_if(chosen.begin(), chosen.end(), [&](std::size_t k) { return names[k] == o.grid_variant; });
    if (it == chosen.end()) throw Error("--grid-variant " + o.grid_variant + ": not among the variants this run measures");
    grid_variant = *it;
  }
  for (const auto& path : {o.common.output, o.output_grid})
    if (!path.empty()) collective(mpi, [&] { if (mpi.root()) h5::Writer probe(path); });
  if (!o.output_grid.empty() && o.output_grid == o.common.output)
    throw Error("--output-grid " + o.output_grid + ": the same file as --output");

  std::int64_t hmax = 1;
  for (std::size_t k : chosen) hmax = std::max(hmax, halo_for(o, variants[k], tiles_of(variants[k])));
  const RankRows widest = rank_rows(g, mpi.size(), mpi.rank(), hmax);
  const std::string what = (o.common.input.empty() ? std::string("the generated grid (") + shape(g) + ")" : o.common.input) +
                           ": the rows of rank " + std::to_string(mpi.rank());
  InputBlock<Real> input;
  collective(mpi, [&] {
    // input, reference result, two solver buffers, final grid (device variants hold theirs apart)
    check_grid_memory(widest.local_rows * g.cols(), sizeof(Real), 5, what);
  });
  input.first = widest.local_begin;
  input.rows = widest.local_rows;
  input.cols = g.cols();
  input.values = load_rows<Real>(mpi, src, widest.local_begin, widest.local_rows);

  const double updates = static_cast<double>(g.interior()) * static_cast<double>(o.steps);
  // The CPU reference decides, unless the run is too large for it: then the first
  // variant's grid is the one the others must reproduce.
  std::optional<std::vector<Real>> reference;
  std::string reference_name = "cpu/reference";
  WallTimer ref_timer;
  const bool cpu_reference = o.common.verify && updates <= o.verify_cells;  // `reference` fills later otherwise
  if (cpu_reference) {
    const RankRows rows = rank_rows(g, mpi.size(), mpi.rank(), 1);
    auto ref = make_cpu_reference<Real>();
    const std::vector<Real> local = input.slice(rows.local_begin, rows.local_rows);
    ref->setup(rows.local(g), local.data());
    advance_distributed(mpi, *ref, g, rows, o.steps, 1);
    reference.emplace(static_cast<std::size_t>(rows.own_count * g.cols()));
    ref->read_rows(rows.own_begin - rows.local_begin, rows.own_count, reference->data());
  } else if (o.common.verify) {
    reference_name = names[chosen.front()];
  }
  const double ref_s = mpi.max(ref_timer.seconds());

  CalibrationChoice cal;
  if (o.model) cal = choose_calibration(mpi, o);

  const auto& gpu = current_gpu();
  EnergyMeter meter(gpu.device ? std::optional<std::string>(gpu.device->pci_bus_id) : std::nullopt);
  int any_energy = meter.any_available() ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &any_energy, 1, MPI_INT, MPI_MAX, mpi.comm());
  const bool energy_phase = o.common.energy_window > 0 && any_energy;
  if (energy_phase) meter.measure_idle(o.common.idle_window);

  const Context<Real> ctx{mpi, o, src, prec, requested, input, meter, energy_phase, cal};
  std::vector<RunRecord> records;
  std::vector<Real> final_grid;
  for (std::size_t k : chosen)
    records.push_back(
        measure_variant(ctx, variants[k], reference, reference_name, k == grid_variant ? &final_grid : nullptr));

  const Provenance prov = collect_provenance(mpi, argc, argv, gpu.device ? gpu.device->name + " (" + gpu.device->pci_bus_id + ")" : "cpu");
  if (mpi.root()) {
    std::ostream& table = o.common.json ? std::cerr : std::cout;
    table << "jacobi: " << shape(g) << " interior " << to_string(prec) << ", T = " << o.steps << " steps ("
          << src.describe() << "), " << mpi.size() << " rank(s) in bands of S1 rows, device of rank 0: "
          << prov.devices.front() << "\n";
    if (cpu_reference) table << "reference: cpu/reference on the same ranks (" << number("%.3g", ref_s) << " s)\n";
    else if (o.common.verify) table << "reference: none (above --verify-cells); the first variant is the yardstick\n";
    print_table(table, records);
    print_details(table, records);
    print_models(table, o, records, cal);
    if (o.common.json) print_json_records(std::cout, records, prov.to_json());
  }
  if (!o.common.output.empty()) {
    nlohmann::json meta = metadata(prov, o, src, prec, requested);
    if (o.model) meta["calibration"] = cal.cal ? cal.path : cal.note;
    collective(mpi, [&] {
      if (mpi.root()) write_results(o.common.output, meta, records);
    });
  }
  if (!o.output_grid.empty()) {
    // This rank's output rows: the physical boundary row at either end, then its own rows.
    const RankRows rows = rank_rows(g, mpi.size(), mpi.rank(), 1);
    std::vector<Real> out;
    out.reserve(static_cast<std::size_t>(rows.out_count * g.cols()));
    if (mpi.rank() == 0) {
      const auto top = input.slice(0, 1);
      out.insert(out.end(), top.begin(), top.end());
    }
    out.insert(out.end(), final_grid.begin(), final_grid.end());
    if (mpi.rank() + 1 == mpi.size()) {
      const auto bottom = input.slice(g.n1 + 1, 1);
      out.insert(out.end(), bottom.begin(), bottom.end());
    }
    const RunRecord& rec = records[static_cast<std::size_t>(
        std::find(chosen.begin(), chosen.end(), grid_variant) - chosen.begin())];
    const nlohmann::json grid_attrs = {{"dims", g.dims},
                                       {"n1", g.n1},
                                       {"n2", g.n2},
                                       {"steps", o.steps},
                                       {"variant", rec.variant},
                                       {"precision", to_string(prec)},
                                       {"norm", rec.extra["norm"]},
                                       {"checksum", rec.extra["checksum"]},
                                       {"initial", src.describe()},
                                       {"verification", rec.verification.status},
                                       {"provenance", prov.to_json()}};
    nlohmann::json file_attrs = prov.to_json();
    file_attrs["miniapp"] = "jacobi";
    write_grid_distributed(mpi, o.output_grid, g, prec, rows.out_begin, rows.out_count, out.data(), grid_attrs,
                           file_attrs);
  }
  return verification_exit_code(records);
}

int run_sweep_mode(const MpiContext& mpi, const Options& o, const VariantList& variants, const GridSource& src,
                   Precision prec, int argc, char** argv) {
  if (mpi.size() != 1)
    throw Error("--sweep times one device on one rank; got " + std::to_string(mpi.size()) + " ranks (run without mpirun -n)");
  if (!o.common.output.empty()) throw Error("--output is for measured runs; with --sweep use --sweep-output");
  std::vector<std::string> names;
  for (const auto& v : variants) names.push_back(v.name);
  const auto selected = select_variants(o.common.variant, names);
  if (selected.size() != 1)
    throw Error("--sweep runs one tiled variant: name it with --variant (--variant " + o.common.variant +
                " selects " + std::to_string(selected.size()) + ")");
  const VariantInfo& v = *std::find_if(variants.begin(), variants.end(), [&](const VariantInfo& x) { return x.name == selected[0]; });
  if (!v.tiled) throw Error("--sweep --variant " + v.name + ": not a tiled variant (the sweep varies tile sizes)");
  if (const auto why = v.unavailable()) throw Error("--variant " + v.name + ": cannot run here: " + *why);
  const CalibrationChoice cal = choose_calibration(mpi, o);
  if (!cal.cal) throw Error("--sweep needs the model's constants: " + cal.note + "; give --calibration FILE");
  if (!o.sweep_output.empty()) {
    h5::Writer probe(o.sweep_output);
  }
  SweepSpec spec;
  if (!o.sweep_t.empty()) spec.t_T = o.sweep_t;
  if (!o.sweep_s1.empty()) spec.t_S1 = o.sweep_s1;
  if (!o.sweep_s2.empty()) spec.t_S2 = o.sweep_s2;
  if (!o.sweep_threads.empty()) spec.threads = o.sweep_threads;
  spec.reps = o.common.reps;
  const Problem& g = src.problem;
  check_grid_memory(g.stored(), 8, 4, o.common.input.empty() ? "the generated grid (" + shape(g) + ")" : o.common.input);
  const std::vector<double> grid = load_rows<double>(mpi, src, 0, g.rows());
  const SweepResult result = run_sweep(v, g, o.steps, prec, grid, spec, *cal.cal);
  const auto& gpu = current_gpu();
  const Provenance prov = collect_provenance(mpi, argc, argv, gpu.device ? gpu.device->name + " (" + gpu.device->pci_bus_id + ")" : "cpu");
  std::cout << "jacobi sweep: " << v.name << ", " << shape(g) << " interior " << to_string(prec) << ", T = " << o.steps
            << " (" << src.describe() << "), calibration " << cal.path << "\n";
  print_sweep(std::cout, result);
  if (!o.sweep_output.empty()) {
    nlohmann::json meta = prov.to_json();
    meta["calibration"] = cal.path;
    meta["input"] = src.describe();
    write_sweep_h5(o.sweep_output, result, meta);
  }
  return 0;
}

}  // namespace

int run(const MpiContext& mpi, const Options& o, int argc, char** argv) {
  const VariantList variants = all_variants();
  if (o.common.list) {
    if (mpi.root())
      for (const auto& v : variants) {
        const auto why = v.unavailable();
        std::cout << v.name << (v.tiled ? "  (tiled)" : "") << (why ? "  (unavailable here: " + *why + ")" : "") << "\n";
      }
    return 0;
  }
  if (o.steps < 0) throw Error("--steps " + std::to_string(o.steps) + ": the number of time steps must not be negative");
  GridSource src;
  if (o.common.input.empty()) {
    src.problem = generated_problem(o.dims, o.n, o.nx, o.ny);
    src.seed = o.seed;
    src.pattern = pattern_by_name(o.pattern);
  } else {
    src = inspect_grid_file(mpi, o.common.input, o.dataset);
  }
  const Precision prec = o.precision.empty() ? src.precision : precision_by_name(o.precision);
  if (o.sweep) return run_sweep_mode(mpi, o, variants, src, prec, argc, argv);
  for (auto [value, option] : std::initializer_list<std::pair<int, const char*>>{
           {o.tiles.t_T, "--tile-t"}, {o.tiles.t_S1, "--tile-s1"}, {o.tiles.t_S2, "--tile-s2"}, {o.tiles.threads, "--threads"}})
    if (value < 0) throw Error(std::string(option) + " " + std::to_string(value) + ": must not be negative (0: default)");
  return prec == Precision::Float32 ? run_typed<float>(mpi, o, variants, src, prec, o.tiles, argc, argv)
                                    : run_typed<double>(mpi, o, variants, src, prec, o.tiles, argc, argv);
}

}  // namespace hpcs::jacobi
