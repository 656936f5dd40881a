// SPDX-License-Identifier: BSD-3-Clause
// Initial grids: the HDF5 layout, reading a rank's rows by hyperslab, and grids generated
// from a seed (point by point from a counter hash, so every rank generates only its rows and
// gets the values gen_inputs writes, for any number of ranks).
//
// HDF5 layout: one dataset (default /grid) holding the whole grid INCLUDING its boundary,
// float32 or float64: rank 1 -> Jacobi 1D (n1 + 2 points); rank 2 -> 2D, (n1 + 2) x
// (n2 + 2) with S1 the first (row) index and S2 contiguous; rank 3 -> 3D, (n1 + 2) x (n2 + 2)
// x (n3 + 2), S3 contiguous. At least 3 points along each dimension (one interior point
// between two boundary points).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/parallel/mpi_context.hpp"
#include "jacobi_problem.hpp"

namespace hpcs::jacobi {

enum class Pattern { Random, HotEdge };
Pattern pattern_by_name(const std::string& name);  // "random", "hot-edge"; throws naming --pattern
std::string to_string(Pattern p);
Precision precision_by_name(const std::string& name);  // "float32", "float64"; throws naming --precision

// Where the initial grid comes from.
struct GridSource {
  Problem problem;
  Precision precision = Precision::Float32;  // of the file (generated: float32)
  std::string path, dataset;                 // empty path: generated
  std::uint64_t seed = 42;
  Pattern pattern = Pattern::Random;
  std::string describe() const;  // "grid.h5:/grid" or "generated (seed 42, random)"
};

// The problem of a generated grid: --n sets every extent; --nx is always the contiguous
// extent: 2D --nx (S2) / --ny (S1), 3D --nx (S3) / --ny (S2) / --nz (S1) override it;
// absent extents take the defaults (1D 131072 points, 2D ny 384 x nx 512, 3D 64^3).
// Throws hpcs::Error naming the option for no interior or an absurd size.
Problem generated_problem(int dims, std::optional<std::int64_t> n, std::optional<std::int64_t> nx,
                          std::optional<std::int64_t> ny, std::optional<std::int64_t> nz = std::nullopt);

// Collective: opens `path`, checks the dataset (exists, rank 1, 2 or 3, floating point, at
// least 3 points per dimension, sane size) and returns its problem and precision.
GridSource inspect_grid_file(const MpiContext& mpi, const std::string& path, const std::string& dataset);

// Rows [row0, row0 + count) of the global grid (count * cols() values), converted to Real:
// read by hyperslab from the file (collective when the source is a file), or generated.
template <class Real>
std::vector<Real> load_rows(const MpiContext& mpi, const GridSource& src, std::int64_t row0, std::int64_t count);

// The generated value of global point (i, j) (j = 0 in 1D; in 3D j is the index inside
// plane i, j * pitch() + k): uniform in [-1, 1) from the seed, or the hot-edge pattern (row
// 0 at 1, everything else 0).
double generated_value(const GridSource& src, std::int64_t i, std::int64_t j);

// Throws "<what> needs X GB ..." or an overflow error when `values` reals of `bytes_each`
// (times `copies`) cannot be held.
void check_grid_memory(std::int64_t values, int bytes_each, int copies, const std::string& what);

}  // namespace hpcs::jacobi
