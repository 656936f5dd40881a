// SPDX-License-Identifier: BSD-3-Clause
// The one run loop of every mini-app (the contract is hpcs/harness/app.hpp):
//   list or choose variants -> probe outputs -> load -> reference -> per variant: set up,
//   result run (the first warm-up), verify, warm up, time, energy -> speedups -> report.
// Verification: every variant against the CPU reference while the problem's work items
// are at most --verify-cells; above it, against the first variant (the yardstick).
#pragma once
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/harness/app.hpp"
#include "hpcs/report/energy_phase.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "hpcs/measure/gpu_clock.hpp"
#include "hpcs/parallel/host_memory.hpp"
#include "hpcs/measure/measure.hpp"
#include "hpcs/measure/progress.hpp"
#include "hpcs/measure/provenance.hpp"
#include "hpcs/harness/run_report.hpp"
#include "hpcs/base/timer.hpp"
#include "hpcs/harness/tune.hpp"

namespace hpcs {

template <class App>
using EntryOf = Entry<typename App::Variant, typename App::Tuning>;

// Every name (variant and variant/tuning) with why it cannot run, one per line.
template <class App>
void list_entries(const std::vector<EntryOf<App>>& entries, const std::vector<std::optional<std::string>>& why) {
  for (std::size_t k = 0; k < entries.size(); ++k)
    std::cout << entries[k].name << (why[k] ? "  (unavailable here: " + one_line(*why[k]) + ")" : "") << "\n";
}

// The result every run is checked against, and what it is.
template <class Result>
struct Yardstick {
  std::optional<Result> result;
  ReferenceInfo info;
};

template <class App>
Yardstick<typename App::Result> cpu_reference(App& app, const MpiContext& mpi, const CommonOptions& o,
                                              const std::string& first) {
  Yardstick<typename App::Result> y;
  if (!o.verify) return y;
  if (app.work().items > o.verify_cells) {
    y.info.name = first;  // its result fills y.result when it runs
    return y;
  }
  WallTimer timer;
  y.result = app.reference(mpi);
  y.info = {"cpu/reference", true, mpi.max(timer.seconds()), app.result_json(*y.result),
            app.describe_result(*y.result)};
  return y;
}

template <class App>
Verification check_result(const App& app, const MpiContext& mpi, const CommonOptions& o,
                          const typename App::Result& got, Yardstick<typename App::Result>& y) {
  if (!o.verify) return {};
  if (!y.result) {
    y.result = got;
    y.info.result = app.result_json(got);
    y.info.summary = app.describe_result(got);
    // Against itself, a result fails only where it is not finite (every app's compare
    // checks that first): the yardstick must not be NaN or infinite either.
    if (Verification self = app.compare(mpi, got, got, y.info.name); self.failed()) return self;
    return {"not checked", "above --verify-cells, no CPU reference; the others must reproduce this result"};
  }
  return app.compare(mpi, got, *y.result, y.info.name);
}

// Common fields of a record; the rate and the app's fields follow the timings.
template <class App>
RunRecord new_record(const App& app, const MpiContext& mpi, const EntryOf<App>& e, const std::string& config) {
  const AppInfo info = app.info();
  const Work w = app.work();
  RunRecord r;
  r.app = info.name;
  r.variant = e.name;
  r.backend = e.variant->backend;
  r.step = e.name == e.variant->name ? e.variant->step : 0;  // named tunings stay off the ladder
  r.config = config;
  r.dtype = app.dtype();
  r.items = static_cast<std::uint64_t>(w.items);
  r.item_name = info.item;
  r.ranks = mpi.size();
  r.bytes_per_rep = w.bytes;
  r.flops_per_rep = w.flops;
  return r;
}

// --repeat-check N: N more runs, each result (its JSON summary, doubles written to round
// trip) equal to the result run's, else the record fails naming the first differing run.
template <class App, class Trial, class Result>
void check_repeats(App& app, const MpiContext& mpi, int runs, Trial& trial, const Result& first, RunRecord& r) {
  const nlohmann::json want = app.result_json(first);
  int differing = 0, first_differing = 0;
  for (int k = 1; k <= runs; ++k) {
    trial.rep();
    if (app.result_json(trial.result()) != want && differing++ == 0) first_differing = k;
  }
  differing = static_cast<int>(mpi.max(static_cast<double>(differing)));
  first_differing = static_cast<int>(mpi.max(static_cast<double>(first_differing)));
  r.extra["repeat_check"] = {{"runs", runs}, {"differing", differing}};
  if (differing == 0) return;
  r.verification.status = "FAILED";
  r.verification.detail += (r.verification.detail.empty() ? "" : "; ") + std::to_string(differing) + " of " +
                           std::to_string(runs) + " repeated runs differ from the result run (first: run " +
                           std::to_string(first_differing) + ")";
}

// Test hook (tests/cli: one_rank_fails_*): HPCS_TEST_FAIL_RANK=<r> makes rank r alone fail,
// at the end of every variant's set-up (inside collective(), as a GPU out of memory on one
// node would) or, with HPCS_TEST_FAIL_AT=rep, after its first timed repetition (outside any
// collective, as a failed kernel launch would: the other ranks already wait for the next
// step). Either way every rank must leave with one error line and a non-zero exit.
inline void injected_fault(const MpiContext& mpi, const std::string& where, const std::string& variant) {
  const char* env = std::getenv("HPCS_TEST_FAIL_RANK");
  if (!env || !*env) return;
  const char* at = std::getenv("HPCS_TEST_FAIL_AT");
  if (where != (at && *at ? at : "set-up")) return;
  char* end = nullptr;
  const long rank = std::strtol(env, &end, 10);
  if (*end == '\0' && rank == mpi.rank())
    throw Error((where == "rep" ? "timed repetition of " : "set-up of ") + variant +
                " failed on this rank (fault injected by HPCS_TEST_FAIL_RANK)");
}

// The run whose result the app's output files hold: --output-variant's, else the first.
template <class Result>
struct OutputRun {
  std::string name;                   // empty: the app writes no file of its own this run
  std::optional<std::size_t> record;  // its record, once it ran
  std::optional<Result> result;
};

// Which run feeds the outputs the app will write (none: no output file asked for). An
// --output-variant no chosen entry has, or given where no output file is asked for, is an error.
template <class App>
OutputRun<typename App::Result> output_run(const App& app, const CommonOptions& o, const std::string& first,
                                           const std::vector<std::string>& chosen_names) {
  OutputRun<typename App::Result> out;
  const auto files = app.outputs();
  const bool any = std::any_of(files.begin(), files.end(), [](const std::string& f) { return !f.empty(); });
  if (o.output_variant.empty()) {
    if (any) out.name = first;
    return out;
  }
  if (!any) throw Error("--output-variant " + o.output_variant + ": no output file of the app's is asked for");
  if (std::find(chosen_names.begin(), chosen_names.end(), o.output_variant) == chosen_names.end())
    throw Error("--output-variant " + o.output_variant + ": not among the variants this run measures");
  out.name = o.output_variant;
  return out;
}

// keep: where the result goes if it feeds the outputs (null: it does not).
template <class App>
RunRecord measure_entry(App& app, const MpiContext& mpi, const CommonOptions& o, const EntryOf<App>& e,
                        Yardstick<typename App::Result>& y, EnergyPhase& energy, Progress& progress,
                        std::optional<typename App::Result>* keep) {
  progress.phase("set-up");
  const std::string started = utc_now();
  auto trial = collective(mpi, [&] {
    auto t = app.prepare(mpi, *e.variant, e.tuning);
    // Where a variant's own set-up fails (its allocations come last): a set-up may hold
    // collectives (Jacobi's rows are read collectively first), which every rank must reach.
    injected_fault(mpi, "set-up", e.name);
    return t;
  });
  int reps_run = 0;
  const RepFunction rep = [&] {
    WallTimer t;
    auto d = trial->rep();
    progress.rep_done(t.seconds());
    if (++reps_run == 2) injected_fault(mpi, "rep", e.name);  // run 1 is the result run
    return d;
  };
  progress.phase("result run", 1);
  WallTimer result_timer;
  rep();  // the result run, which is also the first warm-up
  const double result_s = mpi.max(result_timer.seconds());
  const auto result = trial->result();
  RunRecord r = new_record(app, mpi, e, trial->config());
  r.started_utc = started;
  r.verification = check_result(app, mpi, o, result, y);
  progress.phase("warm-up and timed repetitions", std::max(o.warmup - 1, 0) + o.reps);
  energy.start_telemetry(e.variant->backend == "cpu");
  r.timings = time_repetitions(mpi, std::max(o.warmup - 1, 0), o.reps, rep);
  r.timings.warmup = std::max(o.warmup, 1);  // the untimed runs, the result run included
  if (profile_range(true)) {                 // HPCS_PROFILE_RANGE=1: one more repetition inside a profiler range
    rep();
    profile_range(false);
  }
  const AppInfo info = app.info();
  set_rates(r, info.rate_unit, info.rate_note);
  r.extra = app.result_json(result);
  r.extra["result_run_s"] = result_s;
  r.extra["details"] = trial->details();
  if (o.repeat_check > 0) {
    progress.phase("repeat check", o.repeat_check);
    check_repeats(app, mpi, o.repeat_check, *trial, result, r);
  }
  app.add_fields(mpi, r, *trial, result);
  progress.phase("energy window");
  energy.measure(r, rep);
  energy.finish_telemetry(r);
  progress.idle();
  if (keep) *keep = result;
  return r;
}

// The memory the run will hold on this rank: the loaded input plus the most any chosen
// entry keeps of it in host memory (a Kokkos host view); refused before the runs, as a
// kernel's OOM kill (exit 137) would come only after minutes. Collective.
template <class App>
void check_run_memory(const App& app, const MpiContext& mpi, const std::vector<EntryOf<App>>& entries,
                      const std::vector<std::size_t>& chosen) {
  collective(mpi, [&] {
    const HostInput in = app.host_input();
    if (in.bytes == 0) return;
    double copies = 0;
    std::string holder;
    for (std::size_t k : chosen) {
      const double c = entries[k].variant->host_copies(app.problem(), entries[k].tuning);
      if (c > copies) copies = c, holder = entries[k].name;
    }
    check_run_fits_in_memory(in.bytes, copies, holder, mpi.local_size(), in.what);
  });
}

template <class App>
int run_app(App& app, const MpiContext& mpi, const CommonOptions& o, int argc, char** argv) {
  if (auto code = app.own_mode(mpi, o, argc, argv)) return *code;
  const auto variants = app.variants();
  auto entries = expand_tunings(variants, app.tuning);
  std::vector<std::string> names;
  for (const auto& e : entries) names.push_back(e.name);
  if (!o.list) {  // a misspelt variant or an unwritable output fails before the input is read
    collective(mpi, [&] { select_variants(o.variant, names); });
    auto outputs = app.outputs();
    outputs.insert(outputs.begin(), {o.output, o.csv, o.tune_table});
    auto inputs = app.input_files();
    inputs.insert(inputs.begin(), o.input);
    probe_outputs(mpi, inputs, outputs);
  }
  app.load(mpi, o);
  auto why = check_entries(entries, app.problem());
  agree_on_reasons(mpi, why);
  if (o.list) {
    if (mpi.root()) list_entries<App>(entries, why);
    return 0;
  }
  OutputRun<typename App::Result> out;
  const auto chosen = collective(mpi, [&] {
    const auto k = choose_variants(o.variant, names, why, mpi.root() ? &std::cerr : nullptr);
    std::vector<std::string> chosen_names;
    for (std::size_t i : k) chosen_names.push_back(names[i]);
    out = output_run(app, o, chosen_names.front(), chosen_names);
    return k;
  });
  check_run_memory(app, mpi, entries, chosen);
  if (mpi.root()) note_unhonoured_options(entries, chosen, app.tuning, o.given_options, std::cerr);
  const auto runs = plan_runs(app, mpi, o, entries, chosen, &std::cerr);
  const AppInfo info = app.info();
  const Work work = app.work();
  Progress progress(mpi.root() && !o.quiet, info.executable, info.rate_unit == "GB/s" ? work.bytes : work.items,
                    info.rate_unit);
  const int count = static_cast<int>(runs.size());
  progress.header(app.describe() + ", " + std::to_string(mpi.size()) + " rank(s): " + std::to_string(count) +
                  " run(s)");
  progress.entry(o.verify ? "reference" : "", 0, count);
  progress.phase("CPU reference");
  auto yardstick = cpu_reference(app, mpi, o, names[chosen.front()]);
  progress.idle();
  const auto& gpu = current_gpu();
  EnergyPhase energy(mpi, gpu.device ? std::optional<std::string>(gpu.device->pci_bus_id) : std::nullopt,
                     o.energy_window, o.idle_window);
  // --gpu-clock: locked for the runs only, reset when `clock` ends (errors included).
  std::optional<GpuClockLock> clock;
  if (o.gpu_clock > 0)
    collective(mpi, [&] {
      if (!gpu.device)
        throw Error("--gpu-clock " + std::to_string(o.gpu_clock) + ": no GPU on this rank (" + gpu.reason + ")");
      clock.emplace(gpu.device->pci_bus_id, o.gpu_clock);
    });
  std::vector<RunRecord> records;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const auto& e = runs[i].entry;
    progress.entry(e.name, static_cast<int>(i + 1), count);
    const bool feeds_outputs = !out.record && e.name == out.name;
    records.push_back(
        measure_entry(app, mpi, o, e, yardstick, energy, progress, feeds_outputs ? &out.result : nullptr));
    if (feeds_outputs) out.record = records.size() - 1;
    if (!runs[i].tuning.is_null()) records.back().extra["tuning"] = runs[i].tuning;
  }
  clock.reset();
  set_ladder_speedups(records);
  const Provenance prov = collect_provenance(mpi, argc, argv, device_description(gpu));
  nlohmann::json meta = run_metadata(app.info().name, o, app.parameters(), yardstick.info);
  meta["gpu_clock_locked_mhz"] = o.gpu_clock > 0 ? nlohmann::json(o.gpu_clock) : nlohmann::json("no (clocks as found)");
  report_runs(mpi, o, app.describe(), prov, meta, records, [&](std::ostream& os) {
    print_tuning_summary(os, records);
    app.print_details(os, records);
  });
  nlohmann::json all = prov.to_json();
  all.update(meta);
  if (out.record) app.write_outputs(mpi, records[*out.record], *out.result, all);
  return verification_exit_code(records);
}

}  // namespace hpcs
