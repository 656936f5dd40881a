// SPDX-License-Identifier: BSD-3-Clause
// What a mini-app supplies to the suite's one run loop (hpcs/harness/run_loop.hpp) and benchmark
// main (hpcs/bench_main.hpp). The loop owns MPI, the GPU, backend runtimes, the common
// options, variant choice, output probes, the verification policy, timing, energy,
// speedup columns, table/JSON/HDF5 and exit codes; an app owns its options, its
// distributed problem, its variants and what a result means. See docs/adding_a_miniapp.md.
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpcs/harness/cli.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/report/report.hpp"
#include "hpcs/harness/variant.hpp"

namespace hpcs {

// The work of one repetition over all ranks, from which the loop derives its rates.
struct Work {
  double items = 0;  // elements, cells, updates: the size the table and per-item energy use
  double bytes = 0;  // bytes the GB/s rate counts (0: none)
  double flops = 0;  // floating-point operations (0: no GFLOP/s column)
};

struct AppInfo {
  std::string name;                // "reduction": the results' `miniapp` and the benchmark prefix
  std::string executable;          // "reduction_miniapp"
  std::string description;         // first line of --help
  std::string item = "element";    // what an item is ("cell", "update")
  std::string rate_unit = "GB/s";  // "GB/s": bytes / s; other units: items / s / 1e9
  std::string rate_note = "GB/s = input bytes / median time (1 GB = 1e9 B)";
  int reps = 10, warmup = 2;  // defaults of --reps and --warmup
  // Flags spelt otherwise before, {old, new}: the old one fails naming the new (the
  // mini-app and its benchmark alike).
  std::vector<std::pair<std::string, std::string>> renamed_flags = {};
};

// This rank's loaded input, for the memory check before the runs: its bytes in host memory
// and what it is ("vec.h5: dataset 'data'"); 0 bytes: not counted.
struct HostInput {
  std::uint64_t bytes = 0;
  std::string what;
};

// One variant set up on this rank's share of the problem (setup is not timed).
template <class Result>
class Trial {
 public:
  virtual ~Trial() = default;
  // One repetition on every rank together; returns its device seconds when measured.
  virtual std::optional<double> rep() = 0;
  // The result of the result run (the first repetition), on every rank (may run an untimed
  // collective pass). The benchmark asks after all its iterations: an app whose repetitions
  // continue from the state (Jacobi) keeps the first one's result.
  virtual Result result() = 0;
  virtual std::string config() const = 0;  // the launch shape that runs
  virtual nlohmann::json details() const { return nlohmann::json::object(); }
};

// Problem: what a variant is asked to run (see hpcs/harness/variant.hpp); Tuning: the launch shape,
// bound to the app's options; Make: the variants' factory; Result: what one run produces;
// TrialT: the app's trial type (a Trial<Result> with what its records need), which
// prepare() makes and add_fields() receives, so no hook downcasts.
template <class ProblemT, class TuningT, class MakeT, class ResultT, class TrialT = Trial<ResultT>>
class MiniApp {
 public:
  using Problem = ProblemT;
  using Tuning = TuningT;
  using Make = MakeT;
  using Result = ResultT;
  using TrialType = TrialT;
  static_assert(std::is_base_of<Trial<Result>, TrialT>::value, "an app's trial is a Trial<Result>");
  using Variant = hpcs::Variant<Problem, Tuning, Make>;
  using TrialPtr = std::unique_ptr<TrialT>;

  // all_variants: the app's one list (cpu/reference, then what the backends register).
  explicit MiniApp(std::vector<Variant> (*all_variants)()) : all_variants_(all_variants) {}
  virtual ~MiniApp() = default;
  // An app whose tuning spaces depend on its options (Jacobi's --sweep-* candidate lists)
  // adjusts the list here.
  virtual std::vector<Variant> variants() const { return all_variants_(); }
  // What a variant is asked to run, for why_not, resolve and make (valid after load()).
  const Problem& problem() const { return problem_; }

  virtual AppInfo info() const = 0;
  // The app's own options (the common ones are already there); tuning flags bind to `tuning`.
  virtual void add_options(CLI::App& cli) = 0;
  // Reads (or generates) this rank's share of the problem and sets problem_; collective,
  // throws hpcs::Error.
  virtual void load(const MpiContext& mpi, const CommonOptions& o) = 0;
  virtual std::string describe() const = 0;  // the table's header line
  virtual std::string dtype() const = 0;     // the data's type: "float32", "dna" (records, benchmark names)
  virtual Work work() const = 0;
  // Makes the variant and sets it up on this rank's share (collective through the loop).
  virtual TrialPtr prepare(const MpiContext& mpi, const Variant& v, const Tuning& t) = 0;
  // The CPU reference's result on every rank (collective).
  virtual Result reference(const MpiContext& mpi) = 0;
  // got against want (the reference, or the yardstick variant named want_name); collective.
  virtual Verification compare(const MpiContext& mpi, const Result& got, const Result& want,
                               const std::string& want_name) const = 0;
  virtual nlohmann::json result_json(const Result& r) const = 0;
  // One line for the table's reference line ("sum 12.5", "score 87 at ...").
  virtual std::string describe_result(const Result& r) const { return result_json(r).dump(); }
  // The app's parameters for the results' metadata (input, sizes, types, tuning).
  virtual nlohmann::json parameters() const = 0;

  // The instance's features a tuning model reads and the tuning table records (numbers
  // or texts; the same on every rank).
  virtual nlohmann::json features() const { return {{"items", work().items}, {"dtype", dtype()}}; }

  // Optional hooks.
  // A benchmark's generated problem of size n (elements, sequence length, grid side).
  virtual void set_size(std::int64_t n) { (void)n; }
  virtual std::vector<std::int64_t> bench_sizes() const { return {}; }  // without --sizes (none: the options' problem)
  // This rank's input as loaded (after load()): the memory check adds the chosen variants'
  // host copies of it (Variant::host_copies).
  virtual HostInput host_input() const { return {}; }
  // Record fields beyond the common ones (models, checksums), from the trial and result;
  // collective.
  virtual void add_fields(const MpiContext& mpi, RunRecord& r, TrialT& trial, const Result& result) {
    (void)mpi, (void)r, (void)trial, (void)result;
  }
  // Tables printed after the common one (rank 0).
  virtual void print_details(std::ostream& os, const std::vector<RunRecord>& records) const { (void)os, (void)records; }
  // Files the app writes besides --output (probed before the runs; empty names: not asked
  // for). They hold the result of one run: --output-variant's, by default the first.
  virtual std::vector<std::string> outputs() const { return {}; }
  // Files the app reads besides the positional input (GEM's --pqr, Smith-Waterman's
  // --matrix): no output may replace one of them.
  virtual std::vector<std::string> input_files() const { return {}; }
  // Writes them after the runs from that run's record and result (collective); called only
  // where outputs() names a file.
  virtual void write_outputs(const MpiContext& mpi, const RunRecord& record, const Result& result,
                             const nlohmann::json& meta) {
    (void)mpi, (void)record, (void)result, (void)meta;
  }
  // A mode of the app's own instead of the measured run (Jacobi's --sweep): its exit code.
  virtual std::optional<int> own_mode(const MpiContext& mpi, const CommonOptions& o, int argc, char** argv) {
    (void)mpi, (void)o, (void)argc, (void)argv;
    return std::nullopt;
  }

  Tuning tuning;  // the command line's

 protected:
  Problem problem_;

 private:
  std::vector<Variant> (*all_variants_)();
};

}  // namespace hpcs
