// SPDX-License-Identifier: BSD-3-Clause
// The shared HDF5 reader (common/src/h5.cpp): attributes of every type and shape read as a
// string, a number and an integer, on the root, a dataset and a missing object; dataset
// lookups by odd names; dataset info and 1-D reads of fuzzed ranges.
#include <cstdint>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "h5_builder.hpp"
#include "hpcs/io/h5.hpp"

namespace {

using hpcs::fuzz::AttributeSpec;
using hpcs::fuzz::H5Type;

hpcs::fuzz::FileSpec spec() {
  hpcs::fuzz::FileSpec s;
  s.datasets = {{"d", H5Type::Float64, {8}}, {"/g/e", H5Type::Int32, {3}}};
  for (const char* object : {"/", "d"}) {
    s.attributes.push_back(AttributeSpec{object, "s", H5Type::VarString, {"dna", "", "ACGTN"}, 0});
    s.attributes.push_back(AttributeSpec{object, "t", H5Type::FixedString, {"protein", "x"}, 0});
    s.attributes.push_back(AttributeSpec{object, "f", H5Type::Float64, {}, 1.5});
    s.attributes.push_back(AttributeSpec{object, "i", H5Type::Int64, {}, 7});
  }
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const hpcs::MpiContext& mpi = hpcs::fuzz::mpi();
  static const hpcs::fuzz::FileSpec file_spec = spec();
  FuzzedDataProvider in(data, size);
  const std::string path = hpcs::fuzz::scratch_path("attributes.h5");
  hpcs::fuzz::build_h5_file(in, path, file_spec);
  // Read choices come from the end of the input, so they do not shift the file's bytes.
  const auto begin = in.ConsumeIntegralInRange<std::uint64_t>(0, 20);
  const auto count = in.ConsumeIntegralInRange<std::uint64_t>(0, 20);
  hpcs::fuzz::expect_clean(path, [&] {
    const hpcs::h5::Reader r(path, mpi.comm());
    for (const char* object : {"/", "d", "/g/e", "missing", "/nowhere/x"})
      for (const char* name : {"s", "t", "f", "i", "none"}) {
        hpcs::fuzz::expect_clean(path, [&] { r.string_attribute(object, name); });
        hpcs::fuzz::expect_clean(path, [&] { r.double_attribute(object, name); });
        hpcs::fuzz::expect_clean(path, [&] { r.int_attribute(object, name); });
      }
    for (const char* name : {"d", "/d", "g/e", "/g/e/", "//d", "", "/", "g", "d/x", "missing/x"}) {
      r.has_dataset(name);
      hpcs::fuzz::expect_clean(path, [&] { r.dataset_info(name); });
    }
    hpcs::fuzz::expect_clean(path, [&] {
      const hpcs::h5::DatasetInfo info = r.dataset_info("d");
      if (info.dims.size() != 1) return;
      std::vector<double> out(count);
      r.read_1d("d", begin, count, out.data());
    });
  });
  return 0;
}
