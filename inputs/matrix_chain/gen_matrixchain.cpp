// SPDX-License-Identifier: BSD-3-Clause
// gen_inputs subcommand of the matrix-chain mini-app:
//   gen_inputs matrixchain --dims 936,1008,552,368,1016,616,544 [--values integer] [--precision float64] -o chain.h5
//   gen_inputs matrixchain --random 8 [--min-dim 64 --max-dim 1024] [--seed 7] -o chain.h5
// The chain as datasets /A1 .. /An with its dims as attributes (matrixchain_input.hpp);
// --values integer writes small integers whose products are exact in float32.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>

#include "hpcs/base/error.hpp"
#include "hpcs/harness/cli.hpp"
#include "matrixchain_input.hpp"
#include "matrixchain_study.hpp"

namespace hpcs::inputs {

namespace {
struct ChainArgs {
  std::string dims, values = "uniform", precision = "float32", output;
  int random = 0;
  std::int64_t min_dim = 64, max_dim = 1024;
  std::uint64_t seed = 42;
};
}  // namespace

void add_matrixchain_commands(CLI::App& app) {
  auto a = std::make_shared<ChainArgs>();
  CLI::App* cmd = app.add_subcommand("matrixchain", "A matrix chain A1 .. An for matrixchain_miniapp");
  auto* dims = cmd->add_option("--dims", a->dims, "P0,P1,...,Pn: A_m is P[m-1] x P[m]");
  auto* random = cmd->add_option("--random", a->random, "Instead of --dims: a random chain of this many matrices")
                     ->check(CLI::Range(1, 1000))
                     ->excludes(dims);
  cmd->add_option("--min-dim", a->min_dim, "Random chain: smallest dimension")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 24))
      ->capture_default_str()
      ->needs(random);
  cmd->add_option("--max-dim", a->max_dim, "Random chain: largest dimension")
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 24))
      ->capture_default_str()
      ->needs(random);
  cmd->add_option("--values", a->values, "uniform in [-1, 1), or integer (small integers: exact in float32)")
      ->check(CLI::IsMember({"uniform", "integer"}))
      ->capture_default_str();
  add_precision_option(*cmd, a->precision, "Type of the datasets")->capture_default_str();
  cmd->add_option("--seed", a->seed, "Seed of the values (and of the random dims)")->capture_default_str();
  cmd->add_option("--output,-o", a->output, "Output HDF5 file")->required();
  cmd->callback([a] {
    using namespace matrixchain;
    if (a->dims.empty() && a->random == 0) throw Error("matrixchain: give --dims P0,P1,...,Pn or --random N");
    if (a->min_dim > a->max_dim)
      throw Error("--min-dim " + std::to_string(a->min_dim) + " exceeds --max-dim " + std::to_string(a->max_dim));
    const Dims d =
        a->random > 0 ? random_chain(a->random, a->min_dim, a->max_dim, a->seed, 0) : parse_dims(a->dims, "--dims");
    write_chain_file(a->output, d, values_by_name(a->values), a->seed,
                     a->precision == "float64" ? Precision::Float64 : Precision::Float32);
    std::cout << a->output << ": " << d.size() - 1 << " matrices, P = " << format_dims(d) << " (" << a->values << ", "
              << a->precision << ")\n";
  });
}

}  // namespace hpcs::inputs
