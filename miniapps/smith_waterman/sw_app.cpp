// SPDX-License-Identifier: BSD-3-Clause
#include "sw_app.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "hpcs/energy.hpp"
#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/h5.hpp"
#include "hpcs/measure.hpp"
#include "hpcs/provenance.hpp"
#include "hpcs/report.hpp"
#include "hpcs/results_file.hpp"
#include "hpcs/timer.hpp"
#include "sw_distributed.hpp"
#include "sw_input.hpp"
#include "sw_model.hpp"
#include "sw_reference.hpp"

namespace hpcs::sw {

Options default_options() {
  Options o;
  o.common.reps = 3;
  o.common.warmup = 1;
  return o;
}

void add_options(CLI::App& app, Options& o) {
  add_common_options(app, o.common);
  auto* input = app.get_option("input");
  app.add_option("--alphabet", o.alphabet, "Alphabet of the generated pair")
      ->check(CLI::IsMember({"dna", "protein"}))->capture_default_str()->excludes(input);
  app.add_option("--len-a", o.len_a, "Length of generated A (rows)")->check(CLI::NonNegativeNumber)
      ->capture_default_str()->excludes(input);
  app.add_option("--len-b", o.len_b, "Length of generated B (columns)")->check(CLI::NonNegativeNumber)
      ->capture_default_str()->excludes(input);
  app.add_option("--seed", o.seed, "Seed of the generated pair")->capture_default_str()->excludes(input);
  app.add_option("--plant", o.plant, "Length of a similar region planted in both (0: none)")
      ->check(CLI::NonNegativeNumber)->capture_default_str()->excludes(input);
  app.add_option("--mutation", o.mutation, "Substitution rate in the planted copy")
      ->check(CLI::Range(0.0, 1.0))->capture_default_str()->excludes(input);
  app.add_option("--match", o.match, "DNA match score (default 2)");
  app.add_option("--mismatch", o.mismatch, "DNA mismatch score (default -3)");
  app.add_option("--matrix", o.matrix, "Substitution matrix file, NCBI text layout (default: BLOSUM62 for protein)");
  app.add_option("--gap-open", o.gap_open, "Cost of a gap of length 1 (default: dna 7, protein 11)");
  app.add_option("--gap-extend", o.gap_extend, "Cost of each further gap position (default: dna 2, protein 1)");
  app.add_option("--tile-rows", o.tiling.tile_rows, "t_S: rows of a tile")->capture_default_str();
  app.add_option("--tile-cols", o.tiling.tile_cols, "t_T: columns of a tile")->capture_default_str();
  app.add_option("--sub-rows", o.tiling.sub_rows, "s_S: rows per thread (threads = t_S / s_S)")->capture_default_str();
  app.add_option("--sub-cols", o.tiling.sub_cols, "s_T: columns per thread between barriers")->capture_default_str();
  app.add_option("--band-cols", o.tiling.band_cols,
                 "cuda/multipass: columns per band, a multiple of --tile-cols (0: automatic, one band while all rows "
                 "of tiles fit on the GPU at once)")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  app.add_flag("--dpx,!--no-dpx", o.tiling.dpx, "Hopper DPX instructions in the cell update")->capture_default_str();
  app.add_option("--chunk", o.tiling.chunk, "Columns per message between ranks (and per CPU strip)")
      ->check(CLI::PositiveNumber)->capture_default_str();
  app.add_option("--verify-cells", o.verify_cells,
                 "Largest table (cells) checked against the CPU reference; above it variants must agree")
      ->capture_default_str();
}

namespace {

Scoring make_scoring(const Options& o, const Alphabet& alphabet) {
  const bool dna = alphabet.name == "dna";
  // dna: NCBI BLASTN's 2/-3 with gaps 5 + 2k (BLAST convention) = open 7, extend 2 here;
  // protein: BLOSUM62 with open 11, extend 1 (parasail, CUDASW++4 defaults).
  const int open = o.gap_open.value_or(dna ? 7 : 11), extend = o.gap_extend.value_or(dna ? 2 : 1);
  if (!o.matrix.empty()) {
    if (o.match || o.mismatch) throw Error("--matrix excludes --match/--mismatch");
    return matrix_scoring_file(o.matrix, alphabet, open, extend);
  }
  if (dna) return dna_scoring(o.match.value_or(2), o.mismatch.value_or(-3), open, extend);
  if (o.match || o.mismatch) throw Error("--match/--mismatch are for dna; protein uses a matrix (BLOSUM62 by default)");
  return blosum62(alphabet, open, extend);
}

SequencePair load_input(const MpiContext& mpi, const Options& o) {
  if (!o.common.input.empty()) return load_pair(mpi, o.common.input);
  return collective(mpi, [&] {
    PlantedRegion plant;
    plant.length = o.plant;
    plant.mutation = o.mutation;
    if (plant.length > std::min(o.len_a, o.len_b)) plant.length = std::min(o.len_a, o.len_b);
    return generated_slice(mpi, generate_pair(Alphabet::by_name(o.alphabet), o.len_a, o.len_b, o.seed, plant));
  });
}

std::string describe(const Alignment& al) {
  char buf[160];
  if (al.score <= 0) return "score 0 (no alignment)";
  std::snprintf(buf, sizeof buf, "score %d, A[%lld..%lld] ~ B[%lld..%lld]", al.score,
                static_cast<long long>(al.start_i), static_cast<long long>(al.end_i),
                static_cast<long long>(al.start_j), static_cast<long long>(al.end_j));
  return buf;
}

bool same(const Alignment& x, const Alignment& y) {
  return x.score == y.score && x.start_i == y.start_i && x.start_j == y.start_j && x.end_i == y.end_i &&
         x.end_j == y.end_j;
}

nlohmann::json to_json(const Alignment& al) {
  return {{"score", al.score}, {"start_i", al.start_i}, {"start_j", al.start_j}, {"end_i", al.end_i},
          {"end_j", al.end_j}};
}

struct Context {
  const MpiContext& mpi;
  const Options& o;
  const SequencePair& pair;
  const Scoring& scoring;
  EnergyMeter& meter;
  bool energy_phase;
};

RunRecord measure_variant(const Context& c, const VariantInfo& info, std::optional<Alignment>& reference,
                          const std::string& reference_name) {
  const auto make = [&] { return info.make(c.o.tiling); };
  auto aligner = collective(c.mpi, [&] {
    auto a = make();
    a->setup(rank_block(c.pair, Mode::Local), c.scoring);
    return a;
  });
  Cell last;
  const RepFunction rep = [&]() -> std::optional<double> {
    last = run_distributed(c.mpi, *aligner, c.pair, c.o.tiling.chunk);
    return aligner->device_seconds();
  };
  RunRecord r;
  r.app = "smith_waterman";
  r.variant = info.name;
  r.backend = info.backend;
  r.config = aligner->config();
  r.dtype = c.pair.alphabet.name;
  r.items = static_cast<std::uint64_t>(c.pair.len_a) * c.pair.b.size();
  r.item_name = "cell";
  r.ranks = c.mpi.size();
  r.timings = time_repetitions(c.mpi, c.o.common.warmup, c.o.common.reps, rep);
  if (profile_range(true)) {  // HPCS_PROFILE_RANGE=1: one more repetition, inside a profiler range
    rep();
    profile_range(false);
  }
  set_giga_rate(r, "GCUPS", "GCUPS = cells (len A x len B) / median time / 1e9 (forward pass; the start pass is timed apart)");

  WallTimer start_timer;
  const Alignment al = find_start_distributed(c.mpi, last, c.pair, c.scoring, make);
  const double start_s = c.mpi.max(start_timer.seconds());

  if (c.o.common.verify) {
    if (!reference) {
      reference = al;
      // Nothing checked this variant: say so, and that the others are held to it.
      r.verification = {"not checked", "table above --verify-cells, no CPU reference; the others must reproduce this alignment"};
    } else {
      const bool ok = same(al, *reference);
      r.verification = {ok ? "passed" : "FAILED",
                        describe(al) + (ok ? " == " : " != ") + reference_name + " " + describe(*reference)};
    }
  }
  r.extra = to_json(al);
  r.extra["start_pass_s"] = start_s;
  r.extra["details"] = aligner->details();
  if (info.backend != "cpu") {
    const std::int64_t resident = aligner->details().value("resident_rows", std::int64_t{0});
    r.extra["model_traffic"] = to_json(traffic_model(c.pair.len_a, static_cast<std::int64_t>(c.pair.b.size()),
                                                      c.o.tiling.tile_rows, c.o.tiling.tile_cols, resident));
    r.extra["model_energy"] = to_json(energy_model(c.pair.len_a, static_cast<std::int64_t>(c.pair.b.size()),
                                                    c.o.tiling.tile_rows, c.o.tiling.tile_cols, c.o.tiling.sub_rows,
                                                    r.timings.representative()));
  }
  r.gpu_energy_source = c.meter.gpu_source();
  r.cpu_energy_source = c.meter.cpu_source();
  if (c.energy_phase) {
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

void print_models(std::ostream& os, const std::vector<RunRecord>& records) {
  bool header = false;
  for (const auto& r : records) {
    if (!r.extra.contains("model_traffic")) continue;
    if (!header) {
      os << "  model (Ranasinghe 2014): predicted off-chip bytes and energy beside the measurement\n";
      header = true;
    }
    const auto& t = r.extra["model_traffic"];
    const auto& e = r.extra["model_energy"];
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "    %-20s Eq.7 trad %.3g B (%lld launches) | multi-pass N_P=%lld: Eq.8 WB %.3g B, Eq.9 WT %.3g B, "
                  "per-pass WB %.3g B | energy model %.3g J (dynamic %.3g J)",
                  r.variant.c_str(), t["traditional_bytes"].get<double>(),
                  static_cast<long long>(t["launches_traditional"].get<std::int64_t>()),
                  static_cast<long long>(t["passes"].get<std::int64_t>()), t["multipass_wb_printed_bytes"].get<double>(),
                  t["multipass_wt_printed_bytes"].get<double>(), t["multipass_per_pass_bytes"].get<double>(),
                  e["total_j"].get<double>(), e["dynamic_j"].get<double>());
    os << buf << "\n";
  }
}

nlohmann::json metadata(const Provenance& prov, const Options& o, const SequencePair& pair, const Scoring& s,
                        const std::optional<Alignment>& ref) {
  nlohmann::json m = prov.to_json();
  m["miniapp"] = "smith_waterman";
  m["input_file"] = o.common.input.empty() ? "(generated)" : o.common.input;
  m["alphabet"] = pair.alphabet.name;
  m["len_a"] = pair.len_a;
  m["len_b"] = static_cast<std::int64_t>(pair.b.size());
  m["name_a"] = pair.name_a;
  m["name_b"] = pair.name_b;
  if (o.common.input.empty()) {
    m["seed"] = o.seed;
    m["plant"] = o.plant;
    m["mutation"] = o.mutation;
  }
  m["scoring"] = s.name;
  m["gap_open"] = s.gap_open;
  m["gap_extend"] = s.gap_extend;
  m["gap_convention"] = "a gap of length k costs gap_open + (k-1) * gap_extend";
  m["tile_rows"] = o.tiling.tile_rows;
  m["tile_cols"] = o.tiling.tile_cols;
  m["sub_rows"] = o.tiling.sub_rows;
  m["sub_cols"] = o.tiling.sub_cols;
  m["band_cols"] = o.tiling.band_cols;
  m["dpx"] = o.tiling.dpx;
  m["chunk"] = o.tiling.chunk;
  m["reps"] = o.common.reps;
  m["warmup"] = o.common.warmup;
  if (ref) m["reference_alignment"] = to_json(*ref);
  return m;
}

}  // namespace

int run(const MpiContext& mpi, const Options& o, int argc, char** argv) {
  const VariantList variants = all_variants();
  if (o.common.list) {
    if (mpi.root())
      for (const auto& v : variants) {
        const auto why = v.unavailable();
        std::cout << v.name << (why ? "  (unavailable here: " + *why + ")" : "") << "\n";
      }
    return 0;
  }
  // A variant that cannot run here, or cannot run this tiling, is skipped with a note by
  // "all" and globs, and is an error when named.
  std::vector<std::string> names;
  std::vector<std::optional<std::string>> unavailable;
  for (const auto& v : variants) {
    names.push_back(v.name);
    auto why = v.unavailable();
    if (!why) {
      try {
        v.make(o.tiling);
      } catch (const std::exception& e) {
        why = one_line(e.what());
      }
    }
    unavailable.push_back(why);
  }
  const auto chosen = collective(mpi, [&] {
    return choose_variants(o.common.variant, names, unavailable, mpi.root() ? &std::cerr : nullptr);
  });
  if (!o.common.output.empty()) collective(mpi, [&] { if (mpi.root()) h5::Writer probe(o.common.output); });

  const SequencePair pair = load_input(mpi, o);
  const Scoring scoring = collective(mpi, [&] {
    Scoring s = make_scoring(o, pair.alphabet);
    check_score_range(s, pair.len_a, static_cast<std::int64_t>(pair.b.size()),
                      o.common.input.empty() ? "generated pair" : o.common.input);
    return s;
  });
  const double cells = static_cast<double>(pair.len_a) * static_cast<double>(pair.b.size());

  // The CPU reference decides, unless the table is too large for it: then the first
  // variant's alignment is the one the others must reproduce.
  std::optional<Alignment> reference;
  std::string reference_name = "cpu/reference";
  WallTimer ref_timer;
  if (o.common.verify && cells <= o.verify_cells) {
    Tiling t = o.tiling;
    auto make = [&] { return make_cpu_reference(t); };
    auto ref = make();
    ref->setup(rank_block(pair, Mode::Local), scoring);
    const Cell end = run_distributed(mpi, *ref, pair, t.chunk);
    reference = find_start_distributed(mpi, end, pair, scoring, make);
  } else if (o.common.verify) {
    reference_name = names[chosen.front()];
  }
  const double ref_s = mpi.max(ref_timer.seconds());

  const auto& gpu = current_gpu();
  EnergyMeter meter(gpu.device ? std::optional<std::string>(gpu.device->pci_bus_id) : std::nullopt);
  int any_energy = meter.any_available() ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &any_energy, 1, MPI_INT, MPI_MAX, mpi.comm());
  const bool energy_phase = o.common.energy_window > 0 && any_energy;
  if (energy_phase) meter.measure_idle(o.common.idle_window);

  const Context ctx{mpi, o, pair, scoring, meter, energy_phase};
  std::vector<RunRecord> records;
  for (std::size_t k : chosen) records.push_back(measure_variant(ctx, variants[k], reference, reference_name));

  const Provenance prov = collect_provenance(mpi, argc, argv, gpu.device ? gpu.device->name + " (" + gpu.device->pci_bus_id + ")" : "cpu");
  if (mpi.root()) {
    std::ostream& table = o.common.json ? std::cerr : std::cout;
    table << "smith_waterman: A " << pair.len_a << " x B " << pair.b.size() << " " << pair.alphabet.name << " ("
          << (o.common.input.empty() ? "generated, seed " + std::to_string(o.seed) : o.common.input) << "), "
          << scoring.name << ", gap open " << scoring.gap_open << " extend " << scoring.gap_extend << ", "
          << mpi.size() << " rank(s), device of rank 0: " << prov.devices.front() << "\n";
    if (reference) table << "reference alignment (" << reference_name << ", " << ref_s << " s): " << describe(*reference) << "\n";
    print_table(table, records);
    print_models(table, records);
    if (o.common.json) print_json_records(std::cout, records, prov.to_json());
  }
  if (!o.common.output.empty())
    collective(mpi, [&] {
      if (mpi.root()) write_results(o.common.output, metadata(prov, o, pair, scoring, reference), records);
    });
  return verification_exit_code(records);
}

}  // namespace hpcs::sw
