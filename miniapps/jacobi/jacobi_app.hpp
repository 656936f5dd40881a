// SPDX-License-Identifier: BSD-3-Clause
// The Jacobi mini-app's hooks into the suite's run loop (hpcs/harness/app.hpp): a grid read from
// HDF5 (each rank the rows of its band and halo) or generated, every variant's T steps
// distributed over the ranks in bands of S1 rows, checked bit for bit against the CPU
// reference on the same ranks; --model predictions, --output-grid and the tile sweep
// (--sweep, a front for the harness' --tune=exhaustive); --area and --codesign print the
// thesis' chip area model and codesign search and exit (jacobi_design_mode.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/harness/app.hpp"
#include "jacobi_design_mode.hpp"
#include "jacobi_report.hpp"
#include "jacobi_sweep.hpp"
#include "jacobi_trial.hpp"

namespace hpcs::jacobi {

struct SweepOptions {
  bool on = false;
  // The tuning spaces' candidates (--tune and --sweep); empty: SweepSpec's.
  std::vector<int> t_T, t_S1, t_S2, t_S3, threads;  // t_S3: 3D only
  std::vector<int> slab_split;                      // --sweep-split: 3D only
  std::string output;
  std::string from;  // --sweep-from: a sweep file whose measured times are re-ranked (no run)
};

struct Options {
  std::string dataset = "/grid";  // of the input file
  // generated input (no input file); absent extents take generated_problem's defaults
  int dims = 2;
  std::optional<std::int64_t> n, nx, ny, nz;  // nx: the contiguous extent (2D S2, 3D S3)
  std::uint64_t seed = 42;
  std::string pattern = "random";
  std::string precision;           // empty: the file's type (generated: float32)
  std::string stencil = "jacobi";  // stencil_by_name
  std::int64_t steps = 100;
  std::string output_grid;
  bool model = false;
  std::string calibration;  // empty: find_calibration_for(the device)
  SweepOptions sweep;
  DesignOptions design;  // --area, --codesign
};

class App final : public MiniApp<Task, Tuning, Make, Result, JacobiTrial> {
 public:
  // Hooks in jacobi_app.cpp; tables, models and --output-grid in jacobi_report.cpp, --sweep
  // in jacobi_sweep_mode.cpp, a repetition in jacobi_trial.cpp.
  AppInfo info() const override;
  void add_options(CLI::App& cli) override;
  App() : MiniApp(all_variants) {}
  // The variants, their tuning spaces over the --sweep-* lists.
  VariantList variants() const override;

  // The grid: inspected, then each rank's rows with the widest halo read (or generated) once.
  void load(const MpiContext& mpi, const CommonOptions& o) override;
  std::string describe() const override;
  std::string dtype() const override { return to_string(problem_.precision); }
  Work work() const override;  // updates; bytes of the naive sweep
  // dims, n1, n2 (1 in 1D), n3 (1 below 3D), steps, element_bytes: what a learned tile model reads
  nlohmann::json features() const override;

  // A repetition advances T steps from the state in bands with halo exchange (jacobi_trial.cpp).
  TrialPtr prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) override;
  Result reference(const MpiContext& mpi) override;
  // bit for bit
  Verification compare(const MpiContext& mpi, const Result& got, const Result& want,
                       const std::string& want_name) const override {
    return compare_results(mpi, problem_.grid, got, want, want_name);
  }
  nlohmann::json result_json(const Result& r) const override { return {{"checksum", r.checksum}, {"norm", r.norm}}; }
  std::string describe_result(const Result& r) const override;
  nlohmann::json parameters() const override;

  // jacobi_bench: --sizes are 1D lengths or 2D/3D sides
  void set_size(std::int64_t n) override;
  std::vector<std::int64_t> bench_sizes() const override { return {8192}; }
  void add_fields(const MpiContext& mpi, RunRecord& r, JacobiTrial& trial, const Result& result) override;
  void print_details(std::ostream& os, const std::vector<RunRecord>& records) const override;
  std::vector<std::string> outputs() const override { return {opt_.output_grid, opt_.sweep.output}; }
  std::vector<std::string> input_files() const override { return {opt_.calibration, opt_.sweep.from}; }
  void write_outputs(const MpiContext& mpi, const RunRecord& record, const Result& grid,
                     const nlohmann::json& meta) override;
  // --area, --codesign (jacobi_design_mode.cpp); --sweep: checks it, then runs the harness'
  // loop with --tune=exhaustive over one tiled variant.
  std::optional<int> own_mode(const MpiContext& mpi, const CommonOptions& o, int argc, char** argv) override;

 private:
  // --sweep's parts of the hooks (jacobi_sweep_mode.cpp): after load, the points the tuner
  // will leave out; from each record, its point; the ranking and its file from them.
  void prepare_sweep(const CommonOptions& o);
  SweepResult sweep_result() const;
  // Why the calibration gives no prediction for this problem (3D without the stencil's
  // C_iter: model_lacks); empty where it does or there is no calibration.
  std::string model_note() const;
  void print_sweep_details(std::ostream& os) const;
  void write_sweep(const nlohmann::json& meta) const;
  // --sweep --sweep-from FILE (jacobi_sweep_from.cpp): FILE's measured times re-predicted and
  // re-ranked with this run's calibration, without running a variant (no device needed).
  int rescore_sweep(const MpiContext& mpi, const CommonOptions& o, int argc, char** argv);
  // load's first part: the problem (grid, precision, stencil) from the options, checked.
  void set_problem(const MpiContext& mpi, const CommonOptions& o);

  Options opt_;
  GridSource src_;
  InitialRows rows_;
  CalibrationChoice cal_;  // with --model, --sweep, --tune or --calibration
  struct Sweep {
    bool active = false;  // inside the --sweep front's run
    std::string variant;
    std::vector<SweepPoint> timed, untimed;  // from the tuner's records; left out, with why
  } sweep_;
};

// The initial grid the options and the input file describe (collective for a file).
GridSource grid_source(const MpiContext& mpi, const std::string& input, const Options& opt);

// --sweep and the candidate lists (jacobi_sweep_mode.cpp).
void add_sweep_options(CLI::App& cli, SweepOptions& s);

}  // namespace hpcs::jacobi
