// SPDX-License-Identifier: BSD-3-Clause
#include "reduction_app.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

#include "hpcs/energy.hpp"
#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/h5.hpp"
#include "hpcs/measure.hpp"
#include "hpcs/provenance.hpp"
#include "hpcs/report.hpp"
#include "hpcs/results_file.hpp"
#include "reduction_input.hpp"
#include "reduction_reference.hpp"

namespace hpcs::reduction {

void add_options(CLI::App& app, Options& o) {
  add_common_options(app, o.common);
  auto* input = app.get_option("input");
  app.add_option("--dataset", o.dataset, "Dataset of the input file holding the vector")->capture_default_str();
  app.add_option("--n", o.n, "Elements of the generated vector")
      ->capture_default_str()->excludes(input);
  app.add_option("--type", o.type, "Element type of the generated vector")
      ->check(CLI::IsMember({"int32", "float32", "float64"}))->capture_default_str()->excludes(input);
  app.add_option("--seed", o.seed, "Seed of the generated vector")->capture_default_str()->excludes(input);
  app.add_option("--block", o.tuning.block, "Threads per block / team size (power of two)")
      ->capture_default_str();
  app.add_option("--grid", o.tuning.grid, "RK-7 blocks (0: fill the device once)")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  app.add_option("--unroll", o.tuning.unroll,
                 "RK-7 grid-stride steps loaded before they are added (1: Harris's loop)")
      ->check(CLI::IsMember({1, 2, 4, 8}))->capture_default_str();
}

namespace {

void list_variants(const VariantList& variants) {
  for (const auto& v : variants) {
    const auto why = v.unavailable();
    std::cout << v.name << (why ? "  (unavailable here: " + *why + ")" : "") << "\n";
  }
}

std::vector<const VariantInfo*> choose(const VariantList& variants, const std::string& spec, bool root) {
  std::vector<std::string> names;
  std::vector<std::optional<std::string>> unavailable;
  for (const auto& v : variants) {
    names.push_back(v.name);
    unavailable.push_back(v.unavailable());
  }
  std::vector<const VariantInfo*> out;
  for (std::size_t k : choose_variants(spec, names, unavailable, root ? &std::cerr : nullptr))
    out.push_back(&variants[k]);
  return out;
}

std::string device_description() {
  const auto& gpu = current_gpu();
  if (gpu.device) return gpu.device->name + " (" + gpu.device->pci_bus_id + ")";
  return "cpu";
}

nlohmann::json metadata(const Provenance& prov, const Options& o, const InputSlice& in, DType type,
                        const GlobalReference& ref) {
  nlohmann::json m = prov.to_json();
  m["miniapp"] = "reduction";
  m["input_file"] = o.common.input.empty() ? "(generated)" : o.common.input;
  m["input_dataset"] = o.common.input.empty() ? "" : o.dataset;
  m["n"] = in.global_n;
  m["dtype"] = dtype_name(type);
  if (o.common.input.empty()) m["seed"] = o.seed;
  m["block"] = o.tuning.block;
  m["grid"] = o.tuning.grid;
  m["unroll"] = o.tuning.unroll;
  m["reps"] = o.common.reps;
  m["warmup"] = o.common.warmup;
  m["energy_window_s"] = o.common.energy_window;
  m["idle_window_s"] = o.common.idle_window;
  m["reference_sum"] = format_sum(type, ref.sum);
  return m;
}

RunRecord measure_variant(const MpiContext& mpi, const Options& o, const VariantInfo& info,
                          const InputSlice& in, const GlobalReference& ref, EnergyMeter& meter,
                          bool energy_phase) {
  const DType type = dtype_of(in.data);
  auto reducer = collective(mpi, [&] {
    auto r = info.make(type, o.tuning);
    r->upload(in.data);
    return r;
  });
  Sum last;
  const RepFunction rep = [&]() -> std::optional<double> {
    std::optional<std::string> error;
    Sum local;
    try {
      reducer->run();
      local = reducer->result();
    } catch (const std::exception& e) {
      error = info.name + ": " + e.what();
    }
    last = combine_partials(mpi, type, local, error);
    return reducer->device_seconds();
  };

  RunRecord r;
  r.app = "reduction";
  r.variant = info.name;
  r.backend = info.backend;
  r.config = reducer->config();
  r.dtype = dtype_name(type);
  r.items = in.global_n;
  r.ranks = mpi.size();
  r.timings = time_repetitions(mpi, o.common.warmup, o.common.reps, rep);
  r.bytes_per_rep = static_cast<double>(in.global_n * dtype_bytes(type));
  set_bandwidth(r);
  r.verification = o.common.verify ? verify(last, ref) : Verification{};
  r.extra = {{"sum", format_sum(type, last)},
             {"reference_sum", format_sum(type, ref.sum)},
             {"tolerance", tolerance(type, ref.n, ref.sum_abs)}};
  r.gpu_energy_source = meter.gpu_source();
  r.cpu_energy_source = meter.cpu_source();
  if (energy_phase) {
    const auto& gpu = current_gpu();
    const std::string key = gpu.device && info.backend != "cpu" ? gpu.device->pci_bus_id : "";
    r.energy = measure_energy(mpi, meter, o.common.energy_window, r.timings.wall_stats.median, key, rep);
    if (info.backend == "cpu") {  // the GPU only idles during a CPU variant: not its energy
      r.energy->window.gpu_joules.reset();
      r.energy->window.gpu_idle_watts.reset();
      r.gpu_energy_source = "not applicable (CPU variant)";
    }
  }
  return r;
}

// RK-1..RK-7 of each backend, in step order, for the step-speedup columns.
void add_speedups(std::vector<RunRecord>& records, const std::vector<const VariantInfo*>& chosen) {
  std::map<std::string, std::vector<std::pair<int, std::size_t>>> chains;
  for (std::size_t i = 0; i < chosen.size(); ++i)
    if (chosen[i]->rk_step > 0) chains[chosen[i]->backend].push_back({chosen[i]->rk_step, i});
  for (auto& [backend, steps] : chains) {
    std::sort(steps.begin(), steps.end());
    std::vector<std::size_t> order;
    for (const auto& s : steps) order.push_back(s.second);
    set_step_speedups(records, order);
  }
}

}  // namespace

int run(const MpiContext& mpi, const Options& o, int argc, char** argv) {
  const VariantList variants = all_variants();
  if (o.common.list) {
    if (mpi.root()) list_variants(variants);
    return 0;
  }
  const auto chosen = collective(mpi, [&] { return choose(variants, o.common.variant, mpi.root()); });
  if (!o.common.output.empty())  // fail before the runs, not after them
    collective(mpi, [&] { if (mpi.root()) h5::Writer probe(o.common.output); });

  const InputSlice in = o.common.input.empty()
                            ? generate_input(mpi, parse_dtype(o.type), o.n, o.seed)
                            : load_slice(mpi, o.common.input, o.dataset);
  const DType type = dtype_of(in.data);
  const GlobalReference ref = global_reference(mpi, in.data, in.global_n);

  const auto& gpu = current_gpu();
  EnergyMeter meter(gpu.device ? std::optional<std::string>(gpu.device->pci_bus_id) : std::nullopt);
  // The energy phase repeats collective runs, so all ranks enter it or none does.
  int any_energy = meter.any_available() ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &any_energy, 1, MPI_INT, MPI_MAX, mpi.comm());
  const bool energy_phase = o.common.energy_window > 0 && any_energy;
  if (energy_phase) meter.measure_idle(o.common.idle_window);

  std::vector<RunRecord> records;
  for (const VariantInfo* v : chosen) records.push_back(measure_variant(mpi, o, *v, in, ref, meter, energy_phase));
  add_speedups(records, chosen);

  const Provenance prov = collect_provenance(mpi, argc, argv, device_description());
  if (mpi.root()) {
    std::ostream& table = o.common.json ? std::cerr : std::cout;
    table << "reduction: " << in.global_n << " x " << dtype_name(type) << " from "
          << (o.common.input.empty() ? "generator (seed " + std::to_string(o.seed) + ")" : o.common.input)
          << ", " << mpi.size() << " rank(s), device of rank 0: " << prov.devices.front()
          << ", reference sum " << format_sum(type, ref.sum) << "\n";
    print_table(table, records);
    if (o.common.json) print_json_records(std::cout, records, prov.to_json());
  }
  if (!o.common.output.empty())
    collective(mpi, [&] {
      if (mpi.root()) write_results(o.common.output, metadata(prov, o, in, type, ref), records);
    });
  return verification_exit_code(records);
}

}  // namespace hpcs::reduction
