// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_input.hpp"

#include <limits>

#include "hpcs/base/error.hpp"
#include "hpcs/base/finite.hpp"
#include "hpcs/base/precision_dispatch.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/parallel/host_memory.hpp"
#include "hpcs/base/splitmix64.hpp"
#include "hpcs/base/value_by_name.hpp"

namespace hpcs::jacobi {

namespace {
// Beyond this many stored points a grid is a typo, not a problem (2^48 points = 1 PB of floats).
constexpr std::int64_t kMaxPoints = std::int64_t{1} << 48;

void check_extent(std::int64_t n, const std::string& option) {
  if (n < 1)
    throw Error(option + " " + std::to_string(n) + ": a grid needs at least one interior point along each dimension");
  if (n > kMaxPoints) throw Error(option + " " + std::to_string(n) + ": absurd grid size");
}

// 3D: --nx is S3 (contiguous), --ny S2, --nz S1 (split over ranks), as x is contiguous in 2D.
Problem generated_problem3d(std::optional<std::int64_t> n, std::optional<std::int64_t> nx,
                            std::optional<std::int64_t> ny, std::optional<std::int64_t> nz) {
  Problem p;
  p.dims = 3;
  p.n1 = nz ? *nz : n.value_or(64);
  p.n2 = ny ? *ny : n.value_or(64);
  p.n3 = nx ? *nx : n.value_or(64);
  check_extent(p.n1, nz ? "--nz" : "--n");
  check_extent(p.n2, ny ? "--ny" : "--n");
  check_extent(p.n3, nx ? "--nx" : "--n");
  const double points = static_cast<double>(p.rows()) * static_cast<double>(p.n2 + 2) * static_cast<double>(p.pitch());
  if (points > static_cast<double>(kMaxPoints))
    throw Error("--nx " + std::to_string(p.n3) + " --ny " + std::to_string(p.n2) + " --nz " + std::to_string(p.n1) +
                ": absurd grid size");
  return p;
}
}  // namespace

Pattern pattern_by_name(const std::string& name) {
  return value_by_name<Pattern>("--pattern", name, {{"random", Pattern::Random}, {"hot-edge", Pattern::HotEdge}});
}

std::string to_string(Pattern p) { return p == Pattern::Random ? "random" : "hot-edge"; }

Precision precision_by_name(const std::string& name) {
  return value_by_name<Precision>("--precision", name,
                                  {{"float32", Precision::Float32}, {"float64", Precision::Float64}});
}

std::string GridSource::describe() const {
  if (!path.empty()) return path + ":" + dataset;
  return "generated (seed " + std::to_string(seed) + ", " + to_string(pattern) + ")";
}

Problem generated_problem(int dims, std::optional<std::int64_t> n, std::optional<std::int64_t> nx,
                          std::optional<std::int64_t> ny, std::optional<std::int64_t> nz) {
  Problem p;
  p.dims = dims;
  if (dims == 1) {
    if (nx || ny) throw Error("--nx/--ny are for --dims 2 or 3; give a 1D line with --n");
    if (nz) throw Error("--nz is for --dims 3; give a 1D line with --n");
    p.n1 = n.value_or(131072);
    p.n2 = 1;
    check_extent(p.n1, "--n");
    return p;
  }
  if (dims == 3) return generated_problem3d(n, nx, ny, nz);
  if (dims != 2) throw Error("--dims " + std::to_string(dims) + ": expected 1, 2 or 3");
  if (nz) throw Error("--nz is for --dims 3 (2D takes --nx and --ny)");
  p.n1 = ny ? *ny : n.value_or(384);
  p.n2 = nx ? *nx : n.value_or(512);
  check_extent(p.n1, ny ? "--ny" : "--n");
  check_extent(p.n2, nx ? "--nx" : "--n");
  if (static_cast<double>(p.rows()) * static_cast<double>(p.cols()) > static_cast<double>(kMaxPoints))
    throw Error("--nx " + std::to_string(p.n2) + " --ny " + std::to_string(p.n1) + ": absurd grid size");
  return p;
}

GridSource inspect_grid_file(const MpiContext& mpi, const std::string& path, const std::string& dataset) {
  return collective(mpi, [&] {
    h5::Reader r(path, mpi.comm());
    const h5::DatasetInfo info = r.dataset_info(dataset);
    const std::string where = path + ": dataset '" + dataset + "'";
    const std::size_t rank = info.dims.size();
    if (rank < 1 || rank > 3)
      throw Error(where + " has " + std::to_string(rank) +
                  " dimensions; expected 1 (Jacobi 1D line), 2 (2D grid) or 3 (3D grid), boundary included");
    if (info.kind != h5::Kind::Float || (info.bytes != 4 && info.bytes != 8))
      throw Error(where + " holds " + info.type_name() + "; expected float32 or float64");
    std::string shape;
    for (std::size_t k = 0; k < rank; ++k) shape += (k ? " x " : "") + std::to_string(info.dims[k]);
    for (auto d : info.dims) {
      if (d < 3)
        throw Error(where + " is " + shape +
                    ": a grid needs at least 3 points along each dimension (boundary, interior, boundary)");
      if (d > static_cast<std::uint64_t>(kMaxPoints)) throw Error(where + " is " + shape + ": absurd grid size");
    }
    GridSource s;
    s.path = path;
    s.dataset = dataset;
    s.precision = info.bytes == 4 ? Precision::Float32 : Precision::Float64;
    s.problem.dims = static_cast<int>(rank);
    s.problem.n1 = static_cast<std::int64_t>(info.dims[0]) - 2;
    s.problem.n2 = rank >= 2 ? static_cast<std::int64_t>(info.dims[1]) - 2 : 1;
    s.problem.n3 = rank == 3 ? static_cast<std::int64_t>(info.dims[2]) - 2 : 1;
    double points = 1;
    for (auto d : info.dims) points *= static_cast<double>(d);
    if (points > static_cast<double>(kMaxPoints)) throw Error(where + " is " + shape + ": absurd grid size");
    return s;
  });
}

double generated_value(const GridSource& src, std::int64_t i, std::int64_t j) {
  if (src.pattern == Pattern::HotEdge) return i == 0 ? 1.0 : 0.0;
  const std::uint64_t index =
      static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(src.problem.cols()) + static_cast<std::uint64_t>(j);
  const std::uint64_t bits = splitmix64(splitmix64(src.seed) ^ index);
  return 2.0 * (static_cast<double>(bits >> 11) * 0x1.0p-53) - 1.0;  // 53 random bits in [-1, 1)
}

template <class Real>
std::vector<Real> load_rows(const MpiContext& mpi, const GridSource& src, std::int64_t row0, std::int64_t count) {
  const std::int64_t cols = src.problem.cols();
  std::vector<Real> out;
  if (src.path.empty()) {
    out.resize(static_cast<std::size_t>(count * cols));
    for (std::int64_t i = 0; i < count; ++i)
      for (std::int64_t j = 0; j < cols; ++j)
        out[static_cast<std::size_t>(i * cols + j)] = static_cast<Real>(generated_value(src, row0 + i, j));
    return out;
  }
  return collective(mpi, [&] {
    h5::Reader r(src.path, mpi.comm());
    std::vector<Real> rows(static_cast<std::size_t>(count * cols));
    std::vector<std::uint64_t> start{static_cast<std::uint64_t>(row0)}, n{static_cast<std::uint64_t>(count)};
    if (src.problem.dims == 2) {
      start.push_back(0);
      n.push_back(static_cast<std::uint64_t>(cols));
    } else if (src.problem.dims == 3) {  // whole planes
      start.insert(start.end(), {0, 0});
      n.push_back(static_cast<std::uint64_t>(src.problem.n2 + 2));
      n.push_back(static_cast<std::uint64_t>(src.problem.pitch()));
    }
    r.read_block(src.dataset, start, n, rows.data());
    // Converted to the run's precision first: a float64 value beyond float32's range is refused too.
    if (auto k = first_non_finite(rows.data(), rows.size())) {
      const auto at = static_cast<std::int64_t>(*k);
      const std::int64_t line = src.problem.pitch();
      const std::string where =
          src.problem.dims == 1   ? "point " + std::to_string(row0 + at)
          : src.problem.dims == 2 ? "row " + std::to_string(row0 + at / cols) + ", column " + std::to_string(at % cols)
                                  : "point (" + std::to_string(row0 + at / cols) + ", " +
                                        std::to_string(at % cols / line) + ", " + std::to_string(at % line) + ")";
      throw Error(src.path + ": dataset '" + src.dataset + "' holds a value that is not finite in " +
                  precision_name<Real>() + " (NaN or infinite) at " + where + "; non-finite input is refused");
    }
    return rows;
  });
}

void check_grid_memory(std::int64_t values, int bytes_each, int copies, const std::string& what) {
  const double bytes = static_cast<double>(values) * bytes_each * copies;
  if (values < 0 || bytes > static_cast<double>(std::numeric_limits<std::int64_t>::max()))
    throw Error(what + ": absurd grid size");
  check_fits_in_memory(static_cast<std::uint64_t>(bytes), what);
}

template std::vector<float> load_rows<float>(const MpiContext&, const GridSource&, std::int64_t, std::int64_t);
template std::vector<double> load_rows<double>(const MpiContext&, const GridSource&, std::int64_t, std::int64_t);

}  // namespace hpcs::jacobi
