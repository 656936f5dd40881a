// SPDX-License-Identifier: BSD-3-Clause
#include <CLI/CLI.hpp>

#include <iostream>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/version.hpp"
#include "reduction_input.hpp"
#include "reduction_reference.hpp"

namespace hpcs::inputs {

namespace {
struct ReductionArgs {
  std::uint64_t n = std::uint64_t{1} << 22;
  std::string type = "float32";
  std::uint64_t seed = 42;
  std::string dataset = "data";
  std::string output;
};

void write_reduction(const ReductionArgs& a) {
  using namespace hpcs::reduction;
  const DType type = parse_dtype(a.type);
  if (a.n == 0) throw hpcs::Error("--n 0: the vector must have at least one element");
  check_fits_in_memory(a.n * dtype_bytes(type), "--n " + std::to_string(a.n));
  const HostArray data = generate_slice(type, a.seed, 0, a.n);
  CompensatedSum sum;
  std::int64_t exact = 0;
  double sum_abs = 0;
  std::visit(
      [&](const auto& v) {
        for (const auto x : v) {
          if constexpr (std::is_integral_v<std::decay_t<decltype(x)>>) exact += x;
          else sum.add(static_cast<double>(x));
          sum_abs += x < 0 ? -static_cast<double>(x) : static_cast<double>(x);
        }
      },
      data);

  h5::Writer writer(a.output);
  {
    h5::Group root = writer.root();
    root.attribute("miniapp", "reduction");
    root.attribute("generator", std::string("gen_inputs ") + HPCS_VERSION + " (" + HPCS_GIT_REVISION + ")");
    root.attribute("dataset", a.dataset);
    root.attribute("n", static_cast<std::int64_t>(a.n));
    root.attribute("dtype", dtype_name(type));
    root.attribute("seed", static_cast<std::int64_t>(a.seed));
    // The exact sum for int32 (as an integer attribute), the compensated sum for floats.
    if (type == DType::Int32) root.attribute("sum", exact);
    else root.attribute("sum", sum.value());
    root.attribute("sum_abs", sum_abs);
    std::visit([&](const auto& v) { root.dataset(a.dataset, v); }, data);
  }
  writer.commit();
  std::cout << a.output << ": " << a.n << " x " << dtype_name(type) << " in '" << a.dataset << "', sum "
            << (type == DType::Int32 ? std::to_string(exact) : format_one("%.17g", sum.value())) << "\n";
}
}  // namespace

void add_reduction_commands(CLI::App& app) {
  auto args = std::make_shared<ReductionArgs>();
  CLI::App* cmd = app.add_subcommand("reduction", "A vector for reduction_miniapp");
  cmd->add_option("--n", args->n, "Elements")->capture_default_str();
  cmd->add_option("--type", args->type, "int32, float32 or float64")
      ->check(CLI::IsMember({"int32", "float32", "float64"}))
      ->capture_default_str();
  cmd->add_option("--seed", args->seed, "Seed (values depend only on seed and index)")->capture_default_str();
  cmd->add_option("--dataset", args->dataset, "Dataset name")->capture_default_str();
  cmd->add_option("--output,-o", args->output, "Output HDF5 file")->required();
  cmd->callback([args] { write_reduction(*args); });
}

}  // namespace hpcs::inputs
