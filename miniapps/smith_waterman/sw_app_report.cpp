// SPDX-License-Identifier: BSD-3-Clause
// The Smith-Waterman app's options, scoring choice, metadata and model columns.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <ostream>
#include <string>

#include "hpcs/harness/cli.hpp"
#include "hpcs/base/error.hpp"
#include "sw_app.hpp"
#include "sw_model.hpp"

namespace hpcs::sw {

void App::add_options(CLI::App& cli) {
  auto* input = cli.get_option("input");
  cli.add_option("--alphabet", opt_.alphabet, "Alphabet of the generated pair")
      ->check(CLI::IsMember({"dna", "protein"}))
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--len-a", opt_.len_a, "Length of generated A (rows)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--len-b", opt_.len_b, "Length of generated B (columns)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--seed", opt_.seed, "Seed of the generated pair")->capture_default_str()->excludes(input);
  cli.add_option("--plant", opt_.plant,
                 "Length of a similar region planted in both (0: none; default 2000, or the shorter sequence's "
                 "length if that is less; a given length longer than a sequence is an error, as in gen_inputs sw)")
      ->check(hpcs::non_negative_number())
      ->excludes(input);
  cli.add_option("--mutation", opt_.mutation, "Substitution rate in the planted copy")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--match", opt_.match, "DNA match score (default 2)");
  cli.add_option("--mismatch", opt_.mismatch, "DNA mismatch score (default -3)");
  cli.add_option("--matrix", opt_.matrix, "Substitution matrix file, NCBI text layout (default: BLOSUM62 for protein)");
  cli.add_option("--calibration", opt_.calibration,
                 "Energy model constants (JSON, inputs/calibration/, written by jacobi_calibrate); default: the file "
                 "for this device, if any, else the thesis' K20c constants (Table 5.1)");
  cli.add_option("--gap-open", opt_.gap_open, "Cost of a gap of length 1 (default: dna 7, protein 11)");
  cli.add_option("--gap-extend", opt_.gap_extend, "Cost of each further gap position (default: dna 2, protein 1)");
  cli.add_option("--tile-rows", tuning.tile_rows,
                 "t_S: rows of a tile (0: the variant's default; cuda 2048, kokkos/wavefront 1024 on a GPU, 16 on a "
                 "host backend)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
  cli.add_option("--tile-cols", tuning.tile_cols,
                 "t_T: columns of a tile (0: the variant's default; cuda 128, kokkos/wavefront 512 on a GPU, 128 on a "
                 "host backend)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
  cli.add_option("--sub-rows", tuning.sub_rows,
                 "s_S: rows per thread, threads = t_S / s_S (0: the variant's default; cuda 16, kokkos/wavefront 8 on "
                 "a GPU, 16 on a host backend)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
  cli.add_option("--sub-cols", tuning.sub_cols,
                 "s_T: columns per thread between barriers (0: the variant's default, 2)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
  cli.add_option("--band-cols", tuning.band_cols,
                 "cuda/multipass, kokkos/multipass: columns per band, a multiple of --tile-cols (0: automatic; "
                 "cuda/multipass one band while all rows of tiles fit on the GPU at once, kokkos/multipass one band "
                 "on one rank, an eighth of B between ranks)")
      ->check(hpcs::non_negative_number())
      ->capture_default_str();
  cli.add_flag("--dpx,!--no-dpx", tuning.dpx, "Hopper DPX instructions in the cell update")->capture_default_str();
  cli.add_option("--chunk", tuning.chunk, "Columns per message between ranks (and per CPU strip)")
      ->check(hpcs::positive_number())
      ->capture_default_str();
}

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

nlohmann::json App::parameters() const {
  nlohmann::json m = {{"alphabet", pair_.alphabet.name},
                      {"len_a", problem_.len_a},
                      {"len_b", problem_.len_b},
                      {"name_a", pair_.name_a},
                      {"name_b", pair_.name_b},
                      {"scoring", scoring_.name},
                      {"gap_open", scoring_.gap_open},
                      {"gap_extend", scoring_.gap_extend},
                      {"gap_convention", "a gap of length k costs gap_open + (k-1) * gap_extend"},
                      {"tile_rows", tuning.tile_rows},
                      {"tile_cols", tuning.tile_cols},
                      {"sub_rows", tuning.sub_rows},
                      {"sub_cols", tuning.sub_cols},
                      {"band_cols", tuning.band_cols},
                      {"dpx", tuning.dpx},
                      {"chunk", tuning.chunk}};
  if (input_.empty()) {
    m["seed"] = opt_.seed;
    m["plant"] = opt_.plant_length();
    m["mutation"] = opt_.mutation;
  }
  return m;
}

namespace {
// The variant's own word for the DPX cell update (its config: "tile=... sub=... dpx").
bool runs_dpx(const RunRecord& r) { return (" " + r.config + " ").find(" dpx ") != std::string::npos; }
}  // namespace

void add_models(RunRecord& r, const Problem& p, const EnergyConstants& k) {
  const nlohmann::json& d = r.extra["details"];
  const nlohmann::json& t = d["tiling"];
  const std::int64_t resident = d.value("resident_rows", std::int64_t{0});
  const int rows = t["tile_rows"].get<int>(), cols = t["tile_cols"].get<int>();
  const TrafficModel traffic = traffic_model(p.len_a, p.len_b, rows, cols, resident);
  r.extra["model_traffic"] = to_json(traffic);
  r.extra["model_energy"] = to_json(energy_model(p.len_a, p.len_b, rows, cols, t["sub_rows"].get<int>(),
                                                 r.timings.representative(), traffic.passes, k, runs_dpx(r)));
}

namespace {
// Which constants priced the energy: the file, or the thesis' K20c ones and why.
void print_constants_line(std::ostream& os, const nlohmann::json& k) {
  os << "  model (Ranasinghe 2014): predicted off-chip bytes and energy beside the measurement; energy constants: "
     << k["source"].get<std::string>();
  if (k.contains("device")) os << " (" << k["device"].get<std::string>() << ")";
  if (k.contains("note")) os << " (" << k["note"].get<std::string>() << ")";
  os << "\n";
}

// One pass of Eq. 12: its joules, E_ls priced (J) or in words where no e_ls is known.
std::string pass_text(const nlohmann::json& p) {
  char buf[160];
  if (p["ls_priced"].get<bool>())
    std::snprintf(buf, sizeof buf, "%.3g J (E_ls %.3g J)", p["pass_j"].get<double>(), p["ls_j"].get<double>());
  else
    std::snprintf(buf, sizeof buf, "%.3g J + E_ls %.3g words (unpriced)", p["pass_j"].get<double>(),
                  p["ls_words"].get<double>());
  return buf;
}
}  // namespace

void print_models(std::ostream& os, const std::vector<RunRecord>& records) {
  bool header = false;
  for (const auto& r : records) {
    if (!r.extra.contains("model_traffic")) continue;
    const auto& t = r.extra["model_traffic"];
    const auto& e = r.extra["model_energy"];
    if (!header) print_constants_line(os, e["constants"]);
    header = true;
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "    %-20s Eq.7 trad %.3g B (%lld launches) | multi-pass N_P=%lld: Eq.8 WB %.3g B, Eq.9 WT %.3g B, "
                  "per-pass WB %.3g B | energy model %.3g J (dynamic %.3g J)",
                  r.variant.c_str(), t["traditional_bytes"].get<double>(),
                  static_cast<long long>(t["launches_traditional"].get<std::int64_t>()),
                  static_cast<long long>(t["passes"].get<std::int64_t>()),
                  t["multipass_wb_printed_bytes"].get<double>(), t["multipass_wt_printed_bytes"].get<double>(),
                  t["multipass_per_pass_bytes"].get<double>(), e["total_j"].get<double>(),
                  e["dynamic_j"].get<double>());
    os << buf << "\n";
    // Table 6.6's split of a tile's dynamic energy, and one multi-pass pass (Eq. 12).
    const double tile = e["tile_j"].get<double>();
    const auto& split = e["tile_split_j"];
    const auto share = [&](const char* key) { return 100.0 * split[key].get<double>() / tile; };
    std::snprintf(
        buf, sizeof buf,
        "      per tile %.3g J: E_gs %.3g J (%.0f%%), E_sr %.3g J (%.0f%%), E_ar %.3g J (%.0f%%; %s per cell)", tile,
        split["gs"].get<double>(), share("gs"), split["sr"].get<double>(), share("sr"), split["ar"].get<double>(),
        share("ar"), e["ar_ops_per_cell"].get<std::string>().c_str());
    os << buf;
    if (e.contains("multipass"))
      os << " | per pass (Eq. 12): WB " << pass_text(e["multipass"]["write_back"]) << ", WT "
         << pass_text(e["multipass"]["write_through"]);
    if (e.contains("note")) os << " (" << e["note"].get<std::string>() << ")";
    os << "\n";
  }
}

}  // namespace hpcs::sw
