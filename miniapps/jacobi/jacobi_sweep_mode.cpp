// SPDX-License-Identifier: BSD-3-Clause
// --sweep, a front for the harness' tuner: one tiled variant, named with --variant, run by the
// usual loop with --tune=exhaustive on one rank over the --sweep-* candidates (each point a
// verified, timed run with its record, as --tune times it), then ranked against the model
// from those records (jacobi_sweep.hpp) and written with --sweep-output.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <ostream>

#include "hpcs/base/error.hpp"
#include "hpcs/harness/run_loop.hpp"
#include "jacobi_app.hpp"

namespace hpcs::jacobi {

void add_sweep_options(CLI::App& cli, SweepOptions& s) {
  cli.add_flag("--sweep", s.on,
               "Time one tiled variant over a grid of tile sizes (--tune=exhaustive on one rank) and rank the model");
  cli.add_option("--sweep-t", s.t_T, "t_T candidates of the tiled variants' tuning space (--sweep, --tune)")
      ->delimiter(',');
  cli.add_option("--sweep-s1", s.t_S1, "t_S1 candidates (--sweep, --tune)")->delimiter(',');
  cli.add_option("--sweep-s2", s.t_S2, "t_S2 candidates, 2D and 3D (--sweep, --tune)")->delimiter(',');
  cli.add_option("--sweep-s3", s.t_S3, "t_S3 candidates, 3D (--sweep, --tune; default 32,64,128)")->delimiter(',');
  cli.add_option("--sweep-split", s.slab_split,
                 "--slab-split candidates, 3D (--sweep, --tune; default 1; e.g. 1,4,16,64)")
      ->delimiter(',');
  cli.add_option("--sweep-threads", s.threads,
                 "Threads per block / team candidates (--sweep, --tune; 0: the variant's choice)")
      ->delimiter(',');
  cli.add_option("--sweep-output", s.output, "Write the sweep (one row per tile size) to this HDF5 file");
  cli.add_option("--sweep-from", s.from,
                 "--sweep: take each point's measured time from this --sweep-output file instead of running it, and "
                 "re-predict and re-rank its points with --calibration (no variant runs; no GPU needed)");
}

std::optional<int> App::own_mode(const MpiContext& mpi, const CommonOptions& o, int argc, char** argv) {
  if (sweep_.active) return std::nullopt;  // the front's own run, below
  if (const auto code = design_mode(mpi, o, opt_.design, opt_.calibration)) return code;
  if (!opt_.sweep.on) {
    if (!opt_.sweep.output.empty()) throw Error("--sweep-output " + opt_.sweep.output + ": only with --sweep");
    if (!opt_.sweep.from.empty()) throw Error("--sweep-from " + opt_.sweep.from + ": only with --sweep");
    return std::nullopt;
  }
  if (mpi.size() != 1)
    throw Error("--sweep times one device on one rank; got " + std::to_string(mpi.size()) +
                " ranks (run without mpirun -n)");
  if (!o.tune.empty())
    throw Error("--sweep is --tune=exhaustive over one tiled variant; leave out --tune " + o.tune +
                " (or drop --sweep)");
  if (!opt_.sweep.from.empty()) return rescore_sweep(mpi, o, argc, argv);  // no variant runs (jacobi_sweep_from.cpp)
  std::vector<std::string> names;
  const VariantList list = variants();
  for (const auto& v : list) names.push_back(v.name);
  const auto selected = select_variants(o.variant, names);
  if (selected.size() != 1)
    throw Error("--sweep runs one tiled variant: name it with --variant (--variant " + o.variant + " selects " +
                std::to_string(selected.size()) + ")");
  const auto v = std::find_if(list.begin(), list.end(), [&](const Variant& x) { return x.name == selected[0]; });
  if (!v->make.tiled)
    throw Error("--sweep --variant " + v->name + ": not a tiled variant (the sweep varies tile sizes)");
  CommonOptions tuned = o;
  tuned.variant = v->name;
  tuned.tune = "exhaustive";
  sweep_.active = true;
  sweep_.variant = v->name;
  return run_app(*this, mpi, tuned, argc, argv);
}

void App::prepare_sweep(const CommonOptions& o) {
  const VariantList list = variants();
  const Variant& v =
      *std::find_if(list.begin(), list.end(), [&](const Variant& x) { return x.name == sweep_.variant; });
  // Not here at all (no GPU, Kokkos not running) is the loop's error, before the grid's.
  if (const auto why = v.why_not(problem_, v.resolve(problem_, tuning)))
    throw Error("--variant " + v.name + ": cannot run here: " + one_line(*why));
  if (!cal_.cal) throw Error("--sweep needs the model's constants: " + cal_.note + "; give --calibration FILE");
  std::set<std::string> fixed;  // as the tuner keeps them
  for (const auto& d : v.space)
    if (o.given_options.count(d.name)) fixed.insert(d.name);
  std::size_t legal = 0;
  sweep_.untimed = untimed_points(v, problem_, tuning, fixed, opt_.steps, *cal_.cal, legal);
  if (legal == 0) {
    const std::string first = sweep_.untimed.empty() ? std::string() : "; e.g. " + sweep_.untimed.front().status;
    throw Error("--sweep: " + v.name + " can run none of the " + std::to_string(sweep_.untimed.size()) +
                " tile points of --sweep-t/-s1/-s2/-threads on this problem" + first);
  }
}

SweepResult App::sweep_result() const {
  SweepResult r;
  r.variant = sweep_.variant;
  r.problem = problem_.grid;
  r.steps = opt_.steps;
  r.precision = problem_.precision;
  r.model_note = model_note();
  r.points = sweep_.timed;
  r.points.insert(r.points.end(), sweep_.untimed.begin(), sweep_.untimed.end());
  const VariantList list = variants();
  const auto v = std::find_if(list.begin(), list.end(), [&](const Variant& x) { return x.name == sweep_.variant; });
  if (v != list.end()) r.default_tiles = v->resolve(problem_, Tuning{});
  summarize_sweep(r);
  return r;
}

void App::print_sweep_details(std::ostream& os) const {
  os << "jacobi sweep: " << sweep_.variant << " over the tuner's points, calibration " << cal_.path << "\n";
  print_sweep(os, sweep_result());
}

void App::write_sweep(const nlohmann::json& meta) const {
  nlohmann::json m = meta;
  m["calibration"] = cal_.path;
  write_sweep_h5(opt_.sweep.output, sweep_result(), m);
}

}  // namespace hpcs::jacobi
