// SPDX-License-Identifier: BSD-3-Clause
// Structure-aware HDF5 inputs: a small file built with HDF5's C API from fuzzer bytes, so
// the fuzzing reaches our checks of names, types, shapes, layouts and attributes instead
// of HDF5's own parser (byte-mutated HDF5 files mostly find bugs inside libhdf5, which is
// not ours to fix). Each loader's target describes what it expects; every dataset and
// attribute is then made as expected, or with another type, rank, shape, layout, fill
// value or link kind, or left out, and a few unexpected ones are added. Running out of
// bytes gives the expected form, so short inputs make valid files.
#pragma once
#include <hdf5.h>

#include <cstdint>
#include <string>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

namespace hpcs::fuzz {

enum class H5Type { Int8, UInt8, Int32, UInt32, Int64, Float32, Float64, Float64BE, FixedString, VarString, Compound };
constexpr int kH5Types = 11;

struct DatasetSpec {
  std::string name;               // may hold groups: "/atoms/x"
  H5Type type = H5Type::Float64;  // the expected element type
  std::vector<hsize_t> dims;      // the expected shape (its size is the rank)
  double value = 1.0;             // the value of an element the bytes leave unchosen
};

struct AttributeSpec {
  std::string object;  // "/" or a dataset of the spec
  std::string name;
  H5Type type = H5Type::VarString;
  std::vector<std::string> texts;  // values worth trying for a string (the first is expected)
  double number = 0;               // the expected value of a number
};

struct FileSpec {
  std::vector<DatasetSpec> datasets;
  std::vector<AttributeSpec> attributes;
};

// A shape for a spec: one of a few small sizes (min_dim upwards) most of the time.
hsize_t fuzzed_dim(FuzzedDataProvider& in, hsize_t min_dim);

// A pair file's datasets (Smith-Waterman's and the wavefront app's readers): /a and /b,
// uint8 codes of fuzzed lengths; an unchosen code of b is `b_code` (a valid letter); the
// reader's attributes.
FileSpec pair_file_spec(FuzzedDataProvider& in, double b_code, std::vector<AttributeSpec> attributes);

// Writes the file at `path` (replacing it). Failures of HDF5 calls only leave a part out.
void build_h5_file(FuzzedDataProvider& in, const std::string& path, const FileSpec& spec);

}  // namespace hpcs::fuzz
