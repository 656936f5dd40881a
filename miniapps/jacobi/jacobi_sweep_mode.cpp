// SPDX-License-Identifier: BSD-3-Clause
// --sweep, the Jacobi mini-app's own mode (App::own_mode): one tiled variant, named with
// --variant, timed on one rank over a grid of tile sizes and ranked against the model
// (jacobi_sweep.hpp), instead of the measured run.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "hpcs/base/error.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/measure/provenance.hpp"
#include "jacobi_app.hpp"
#include "jacobi_sweep.hpp"

namespace hpcs::jacobi {

namespace {
// The one tiled variant --variant names, able to run here (with its default tiles).
Variant sweep_variant(const std::string& spec, const Task& task) {
  const VariantList variants = all_variants();
  std::vector<std::string> names;
  for (const auto& v : variants) names.push_back(v.name);
  const auto selected = select_variants(spec, names);
  if (selected.size() != 1)
    throw Error("--sweep runs one tiled variant: name it with --variant (--variant " + spec + " selects " +
                std::to_string(selected.size()) + ")");
  const Variant& v =
      *std::find_if(variants.begin(), variants.end(), [&](const Variant& x) { return x.name == selected[0]; });
  if (!v.make.tiled) throw Error("--sweep --variant " + v.name + ": not a tiled variant (the sweep varies tile sizes)");
  if (const auto why = v.why_not(task, v.resolve(task, Tuning{})))
    throw Error("--variant " + v.name + ": cannot run here: " + *why);
  return v;
}

SweepSpec sweep_spec(const SweepOptions& s, int reps) {
  SweepSpec spec;
  if (!s.t_T.empty()) spec.t_T = s.t_T;
  if (!s.t_S1.empty()) spec.t_S1 = s.t_S1;
  if (!s.t_S2.empty()) spec.t_S2 = s.t_S2;
  if (!s.threads.empty()) spec.threads = s.threads;
  spec.reps = reps;
  return spec;
}
}  // namespace

void add_sweep_options(CLI::App& cli, SweepOptions& s) {
  cli.add_flag("--sweep", s.on, "Time one tiled variant over a grid of tile sizes (one rank) and rank the model");
  cli.add_option("--sweep-t", s.t_T, "t_T values of the sweep")->delimiter(',');
  cli.add_option("--sweep-s1", s.t_S1, "t_S1 values of the sweep")->delimiter(',');
  cli.add_option("--sweep-s2", s.t_S2, "t_S2 values of the sweep (2D)")->delimiter(',');
  cli.add_option("--sweep-threads", s.threads, "Threads per block of the sweep (0: the variant's choice)")
      ->delimiter(',');
  cli.add_option("--sweep-output", s.output, "Write the sweep (one row per tile size) to this HDF5 file");
}

int run_sweep_mode(const MpiContext& mpi, const CommonOptions& o, const Options& opt, int argc, char** argv) {
  if (mpi.size() != 1)
    throw Error("--sweep times one device on one rank; got " + std::to_string(mpi.size()) +
                " ranks (run without mpirun -n)");
  if (!o.output.empty()) throw Error("--output is for measured runs; with --sweep use --sweep-output");
  const GridSource src = grid_source(mpi, o.input, opt);
  const Task task{src.problem, opt.precision.empty() ? src.precision : precision_by_name(opt.precision), 1};
  const Variant v = sweep_variant(o.variant, task);
  const CalibrationChoice cal = choose_calibration(mpi, opt.calibration);
  if (!cal.cal) throw Error("--sweep needs the model's constants: " + cal.note + "; give --calibration FILE");
  if (!opt.sweep.output.empty()) h5::Writer probe(opt.sweep.output);
  const Problem& g = task.grid;
  const std::string shape = (g.dims == 1 ? "1D " : "2D ") + std::to_string(g.n1) +
                            (g.dims == 2 ? " x " + std::to_string(g.n2) : std::string());
  check_grid_memory(g.stored(), 8, 4, src.path.empty() ? "the generated grid (" + shape + ")" : src.path);
  const std::vector<double> grid = load_rows<double>(mpi, src, 0, g.rows());
  const SweepResult result = run_sweep(v, g, opt.steps, task.precision, grid, sweep_spec(opt.sweep, o.reps), *cal.cal);
  const Provenance prov = collect_provenance(mpi, argc, argv, device_description(current_gpu()));
  std::cout << "jacobi sweep: " << v.name << ", " << shape << " interior " << to_string(task.precision)
            << ", T = " << opt.steps << " (" << src.describe() << "), calibration " << cal.path << "\n";
  print_sweep(std::cout, result);
  if (!opt.sweep.output.empty()) {
    nlohmann::json meta = prov.to_json();
    meta["calibration"] = cal.path;
    meta["input"] = src.describe();
    write_sweep_h5(opt.sweep.output, result, meta);
  }
  return 0;
}

}  // namespace hpcs::jacobi
