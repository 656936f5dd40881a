// SPDX-License-Identifier: BSD-3-Clause
// GEM's molecule loader (load_molecule): /atoms/{x,y,z,charge,radius} and
// /vertices/{x,y,z,nx,ny,nz} float64 of equal lengths, root attribute "source".
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "gem_input.hpp"
#include "h5_builder.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hpcs::MpiContext& mpi = hpcs::fuzz::mpi();
  FuzzedDataProvider in(data, size);
  using hpcs::fuzz::H5Type;
  hpcs::fuzz::FileSpec spec;
  const hsize_t atoms = hpcs::fuzz::fuzzed_dim(in, 1), vertices = hpcs::fuzz::fuzzed_dim(in, 1);
  for (const char* f : {"x", "y", "z", "charge", "radius"})
    spec.datasets.push_back({std::string("/atoms/") + f, H5Type::Float64, {atoms}, 1.5});
  // Defaults that pass: vertices at (0, 0, 0) with normal (0, 0, 1).
  for (const char* f : {"x", "y", "z", "nx", "ny", "nz"})
    spec.datasets.push_back({std::string("/vertices/") + f, H5Type::Float64, {vertices}, f[1] == 'z' ? 1.0 : 0.0});
  spec.attributes = {hpcs::fuzz::AttributeSpec{"/", "source", H5Type::VarString, {"fkbp.pqr", ""}, 0}};
  const std::string path = hpcs::fuzz::scratch_path("molecule.h5");
  hpcs::fuzz::build_h5_file(in, path, spec);
  hpcs::fuzz::expect_clean(path, [&] { hpcs::gem::load_molecule(mpi, path); });
  return 0;
}
