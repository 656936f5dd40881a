// SPDX-License-Identifier: BSD-3-Clause
// The matrix chain's loader (load_chain): /A1 .. /An, 2-D float32/float64 that chain
// (A_m is P[m-1] x P[m]), root attributes "dims" ("P0,P1,...") and "matrices" (n).
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "h5_builder.hpp"
#include "matrixchain_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hpcs::MpiContext& mpi = hpcs::fuzz::mpi();
  FuzzedDataProvider in(data, size);
  using hpcs::fuzz::H5Type;
  hpcs::fuzz::FileSpec spec;
  const int n = in.ConsumeIntegralInRange<int>(1, 5);
  std::vector<hsize_t> p;
  for (int k = 0; k <= n; ++k) p.push_back(hpcs::fuzz::fuzzed_dim(in, 1));
  const H5Type type = in.ConsumeBool() ? H5Type::Float64 : H5Type::Float32;
  std::string dims;
  for (int m = 1; m <= n; ++m) spec.datasets.push_back({"/A" + std::to_string(m), type, {p[m - 1], p[m]}, 0.5});
  for (hsize_t d : p) dims += (dims.empty() ? "" : ",") + std::to_string(d);
  spec.attributes = {
      hpcs::fuzz::AttributeSpec{
          "/", "dims", H5Type::VarString, {dims, dims + ",", "3,x", "", "-1,2", "2,99999999999999999999"}, 0},
      hpcs::fuzz::AttributeSpec{"/", "matrices", H5Type::Int64, {}, static_cast<double>(n)},
  };
  const auto precision =
      in.ConsumeBool() ? hpcs::matrixchain::Precision::Float32 : hpcs::matrixchain::Precision::Float64;
  const std::string path = hpcs::fuzz::scratch_path("chain.h5");
  hpcs::fuzz::build_h5_file(in, path, spec);
  hpcs::fuzz::expect_clean(path, [&] { hpcs::matrixchain::load_chain(mpi, path, precision); });
  return 0;
}
