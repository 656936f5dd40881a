// SPDX-License-Identifier: BSD-3-Clause
// Jacobi's grid loader as a run uses it (1D, 2D, 3D): inspect_grid_file (rank, type, shape), the memory
// check of the trial, then load_rows of the whole grid in the run's precision.
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "h5_builder.hpp"
#include "jacobi_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hpcs::MpiContext& mpi = hpcs::fuzz::mpi();
  FuzzedDataProvider in(data, size);
  using hpcs::fuzz::H5Type;
  hpcs::fuzz::FileSpec spec;
  const bool two_d = in.ConsumeBool();
  std::vector<hsize_t> dims{hpcs::fuzz::fuzzed_dim(in, 3)};
  if (two_d) dims.push_back(hpcs::fuzz::fuzzed_dim(in, 3));
  if (two_d && in.ConsumeBool()) dims.push_back(hpcs::fuzz::fuzzed_dim(in, 3));  // 3D: planes by hyperslab
  spec.datasets = {{"grid", in.ConsumeBool() ? H5Type::Float32 : H5Type::Float64, dims, 0.5}};
  const bool float32_run = in.ConsumeBool();
  const std::string path = hpcs::fuzz::scratch_path("grid.h5");
  hpcs::fuzz::build_h5_file(in, path, spec);
  hpcs::fuzz::expect_clean(path, [&] {
    const hpcs::jacobi::GridSource src = hpcs::jacobi::inspect_grid_file(mpi, path, "grid");
    const std::int64_t rows = src.problem.rows(), cols = src.problem.cols();
    hpcs::jacobi::check_grid_memory(rows * cols, float32_run ? 4 : 8, 5, path + ": the rows of rank 0");
    if (float32_run) hpcs::jacobi::load_rows<float>(mpi, src, 0, rows);
    else hpcs::jacobi::load_rows<double>(mpi, src, 0, rows);
  });
  return 0;
}
