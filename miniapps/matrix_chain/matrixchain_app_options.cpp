// SPDX-License-Identifier: BSD-3-Clause
// The matrix-chain app's options and its metadata.
#include "matrixchain_app.hpp"

#include <CLI/CLI.hpp>

#include "hpcs/base/error.hpp"
#include "matrixchain_reference.hpp"

namespace hpcs::matrixchain {

namespace {
// --fast-memory: a number of elements (at least one 8 x 8 tile) or auto.
std::int64_t parse_fast_memory(const std::string& s) {
  if (s == "auto") return 0;
  try {
    std::size_t used = 0;
    const long long v = std::stoll(s, &used);
    if (used == s.size() && v >= kTileGranule * kTileGranule && v <= (std::int64_t{1} << 40)) return v;
  } catch (const std::exception&) {
  }
  throw Error("--fast-memory " + s + ": expected auto or a number of elements from " +
              std::to_string(kTileGranule * kTileGranule) + " (one 8 x 8 tile) up");
}
}  // namespace

void App::add_options(CLI::App& cli) {
  auto* input = cli.get_option("input");
  cli.add_option("--dims", opt_.dims,
                 "Generated chain: P0,P1,...,Pn (A_m is P[m-1] x P[m]; default the thesis' example)")
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--values", opt_.values,
                 "Generated chain: uniform in [-1, 1) or integer (small integers, exact check)")
      ->check(CLI::IsMember({"uniform", "integer"}))
      ->capture_default_str()
      ->excludes(input);
  cli.add_option("--seed", opt_.seed, "Generated chain: seed")->capture_default_str()->excludes(input);
  add_precision_option(cli, opt_.precision, "Arithmetic (default float32, or the input file's type)");
  cli.add_option_function<std::string>(
         "--plan", [this](const std::string& s) { tuning.plan = plan_kind_by_name(s); },
         "Plan the executors run: naive (left to right), opcount (OpTree unfused) or "
         "fused (OpTree with the fusion DP's pairs) [fused]")
      ->check(CLI::IsMember({"naive", "opcount", "fused"}));
  cli.add_option_function<std::string>(
         "--fast-memory", [this](const std::string& s) { tuning.fast_memory = parse_fast_memory(s); },
         "Fast-memory capacity M in elements, or auto: each variant's (the thesis' 65536 "
         "on the CPU, what a thread block holds on a GPU) [auto]")
      ->check(CLI::Validator(
          [](std::string& s) -> std::string {
            try {
              parse_fast_memory(s);
            } catch (const Error& e) {
              return e.what();
            }
            return {};
          },
          "auto|ELEMENTS"));
  cli.add_option_function<std::string>(
         "--beta-convention", [this](const std::string& s) { tuning.beta = beta_convention_by_name(s); },
         "Right fuse's beta: derived (P[i-1]/P[k2], the loop nest's) or thesis "
         "(P[i-1]/P[k], reproduces the thesis' numbers) [derived]")
      ->check(CLI::IsMember({"derived", "thesis"}));
  cli.add_option_function<std::string>(
         "--cuda-graph", [this](const std::string& s) { tuning.cuda_graph = s == "on"; },
         "CUDA and Kokkos variants: run the plan as one graph (on: a CUDA graph, a Kokkos graph, "
         "independent products at once) or launch the kernels one by one (off; the named tuning "
         "<variant>/nograph) [on]")
      ->check(CLI::IsMember({"on", "off"}));
  cli.add_option_function<std::string>(
         "--gemm-patch", [this](const std::string& s) { tuning.gemm_shaped = s == "shaped"; },
         "The register-blocked GEMM kernels (CUDA and Kokkos): the plan's tile as its patch (plan), or a "
         "128 side narrowed to 64 where that pads the product less (shaped; the named "
         "tuning <variant>/planpatch is plan) [shaped]")
      ->check(CLI::IsMember({"plan", "shaped"}));
  cli.add_flag("--plan-only", opt_.plan_only,
               "Print the planner's analysis (OpTree, split table, h/F0/Fl/Fr per node, tiles) and exit");
  cli.add_flag("--study", opt_.study.on, "The random study of the thesis' Table D.1: F against S over random chains");
  cli.add_option("--study-chains", opt_.study.chains, "Random chains per length")
      ->check(positive_number())
      ->capture_default_str();
  cli.add_option("--study-min-n", opt_.study.min_n, "Shortest chain (matrices)")
      ->check(CLI::Range(1, 200))
      ->capture_default_str();
  cli.add_option("--study-max-n", opt_.study.max_n, "Longest chain (matrices)")
      ->check(CLI::Range(1, 200))
      ->capture_default_str();
  cli.add_option("--study-min-dim", opt_.study.min_dim, "Smallest random dimension")
      ->check(positive_number())
      ->capture_default_str();
  cli.add_option("--study-max-dim", opt_.study.max_dim, "Largest random dimension")
      ->check(positive_number())
      ->capture_default_str();
  cli.add_option("--study-seed", opt_.study.seed, "Seed of the random chains")->capture_default_str();
  cli.add_option("--output-result", opt_.output_result, "Write R (the first variant's) to this HDF5 file");
}

nlohmann::json App::parameters() const {
  nlohmann::json m = {
      {"dims", problem_.dims},
      {"matrices", problem_.dims.size() - 1},
      {"dtype", dtype()},
      {"source", input_.empty() ? chain_.source : input_},
      {"plan", to_string(tuning.plan)},
      {"fast_memory", tuning.fast_memory == 0 ? nlohmann::json("auto") : nlohmann::json(tuning.fast_memory)},
      {"beta_convention", to_string(tuning.beta)},
      {"cuda_graph", tuning.cuda_graph},
      {"gemm_patch", tuning.gemm_shaped ? "shaped" : "plan"},
      {"integer_values", chain_.integers},
      {"exact_check", check_.exact},
      {"reference", reference_library()}};
  if (input_.empty()) {
    m["values"] = opt_.values;
    m["seed"] = opt_.seed;
  }
  return m;
}

}  // namespace hpcs::matrixchain
