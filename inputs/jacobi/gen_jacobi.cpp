// SPDX-License-Identifier: BSD-3-Clause
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>

#include "hpcs/harness/cli.hpp"
#include "jacobi_input.hpp"
#include "jacobi_output.hpp"

namespace hpcs::inputs {

namespace {
struct JacobiArgs {
  int dims = 2;
  std::optional<std::int64_t> n, nx, ny, nz;
  std::uint64_t seed = 42;
  std::string pattern = "random", precision = "float32", dataset = "/grid", output;
};

template <class Real>
double write_grid(const JacobiArgs& a, const jacobi::GridSource& src, jacobi::Precision prec) {
  const jacobi::Problem& p = src.problem;
  jacobi::check_grid_memory(p.cols(), sizeof(Real), 1, a.output);
  jacobi::GridWriter writer(a.output, p, prec, a.dataset);
  // Rows in chunks of about 2^22 values: any grid the disk holds, in little memory.
  const std::int64_t chunk = std::max<std::int64_t>(1, (std::int64_t{1} << 22) / p.cols());
  std::vector<Real> rows;
  double sum = 0;
  for (std::int64_t i0 = 0; i0 < p.rows(); i0 += chunk) {
    const std::int64_t n = std::min(chunk, p.rows() - i0);
    rows.resize(static_cast<std::size_t>(n * p.cols()));
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < p.cols(); ++j) {
        const Real v = static_cast<Real>(jacobi::generated_value(src, i0 + i, j));
        rows[static_cast<std::size_t>(i * p.cols() + j)] = v;
        bool interior = i0 + i >= 1 && i0 + i <= p.n1 && (p.dims == 1 || (j >= 1 && j <= p.n2));
        if (p.dims == 3) {  // j is the index inside the S1 plane: line j / pitch, point j % pitch
          const std::int64_t line = j / p.pitch(), k = j % p.pitch();
          interior = i0 + i >= 1 && i0 + i <= p.n1 && line >= 1 && line <= p.n2 && k >= 1 && k <= p.n3;
        }
        if (interior) sum += v;
      }
    writer.write_rows(i0, n, rows.data());
  }
  writer.attributes({{"dims", p.dims},
                     {"n1", p.n1},
                     {"n2", p.n2},
                     {"n3", p.n3},
                     {"steps", 0},
                     {"precision", jacobi::to_string(prec)},
                     {"initial", src.describe()}},
                    {{"miniapp", "jacobi"},
                     {"generator", "gen_inputs jacobi"},
                     {"seed", static_cast<std::int64_t>(a.seed)},
                     {"pattern", a.pattern}});
  writer.commit();
  return sum;
}

void write_jacobi(const JacobiArgs& a) {
  jacobi::GridSource src;
  src.problem = jacobi::generated_problem(a.dims, a.n, a.nx, a.ny, a.nz);
  src.seed = a.seed;
  src.pattern = jacobi::pattern_by_name(a.pattern);
  const jacobi::Precision prec = jacobi::precision_by_name(a.precision);
  const double sum =
      prec == jacobi::Precision::Float32 ? write_grid<float>(a, src, prec) : write_grid<double>(a, src, prec);
  const jacobi::Problem& p = src.problem;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", sum);
  const std::string inner = p.dims == 1 ? std::to_string(p.n1)
                            : p.dims == 2
                                ? std::to_string(p.n1) + " x " + std::to_string(p.n2)
                                : std::to_string(p.n1) + " x " + std::to_string(p.n2) + " x " + std::to_string(p.n3);
  const std::string outer =
      p.dims == 1   ? std::to_string(p.rows())
      : p.dims == 2 ? std::to_string(p.rows()) + " x " + std::to_string(p.cols())
                    : std::to_string(p.rows()) + " x " + std::to_string(p.n2 + 2) + " x " + std::to_string(p.pitch());
  std::cout << a.output << ":" << a.dataset << ": " << p.dims << "D " << inner << " interior points (" << outer
            << " with the boundary) " << a.precision << ", " << a.pattern << " (seed " << a.seed << "), interior sum "
            << buf << "\n";
}
}  // namespace

void add_jacobi_commands(CLI::App& app) {
  auto a = std::make_shared<JacobiArgs>();
  CLI::App* gen = app.add_subcommand("jacobi", "An initial grid (boundary included) for jacobi_miniapp");
  gen->add_option("--dims", a->dims, "1 (line), 2 (grid) or 3 (3D grid)")
      ->check(CLI::IsMember({1, 2, 3}))
      ->capture_default_str();
  gen->add_option("--n", a->n, "Interior points of the line, or every 2D/3D extent (default 1D 131072)");
  gen->add_option("--nx", a->nx,
                  "Interior points along the contiguous dimension (2D S2, default 512; 3D S3, default 64)");
  gen->add_option("--ny", a->ny, "2D: interior rows (S1; default 384); 3D: S2 (default 64)");
  gen->add_option("--nz", a->nz, "3D: interior planes (S1; default 64)");
  gen->add_option("--seed", a->seed, "Seed of the random values")->capture_default_str();
  gen->add_option("--pattern", a->pattern, "random (uniform in [-1, 1], boundary too) or hot-edge (row 0 at 1, rest 0)")
      ->check(CLI::IsMember({"random", "hot-edge"}))
      ->capture_default_str();
  add_precision_option(*gen, a->precision, "float32 or float64")->capture_default_str();
  gen->add_option("--dataset", a->dataset, "Dataset name")->capture_default_str();
  gen->add_option("--output,-o", a->output, "Output HDF5 file")->required();
  gen->callback([a] { write_jacobi(*a); });
}

}  // namespace hpcs::inputs
