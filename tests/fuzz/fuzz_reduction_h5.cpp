// SPDX-License-Identifier: BSD-3-Clause
// The reduction's HDF5 loader (load_slice): a 1-D int32/float32/float64 dataset, named by
// --dataset (fuzzed among odd names too).
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "h5_builder.hpp"
#include "reduction_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hpcs::MpiContext& mpi = hpcs::fuzz::mpi();
  FuzzedDataProvider in(data, size);
  hpcs::fuzz::FileSpec spec;
  const hsize_t n = hpcs::fuzz::fuzzed_dim(in, 1);
  spec.datasets = {{"data", hpcs::fuzz::H5Type::Float32, {n}, 0.25}, {"/g/data", hpcs::fuzz::H5Type::Int32, {n}, 3}};
  static const char* const kNames[] = {"data", "/data", "g/data", "/g/data/", "", "/", "g", "data/x"};
  const std::string dataset = kNames[in.ConsumeIntegralInRange<int>(0, 7)];
  const std::string path = hpcs::fuzz::scratch_path("vector.h5");
  hpcs::fuzz::build_h5_file(in, path, spec);
  hpcs::fuzz::expect_clean(path, [&] { hpcs::reduction::load_slice(mpi, path, dataset); });
  return 0;
}
