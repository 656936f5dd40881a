// SPDX-License-Identifier: BSD-3-Clause
#include "h5_builder.hpp"

#include <cmath>
#include <limits>
#include <utility>

#include "hpcs/io/h5.hpp"

namespace hpcs::fuzz {

namespace {

using h5::Id;

// Sizes that matter: small ones first (the expected form), then ones far beyond any
// machine's memory (the memory checks and their arithmetic) held in unwritten chunks.
// Sizes between about 2^28 and the memory check's limit are left out on purpose: a loader
// rightly allocates them, which is no bug but trips the fuzzer's 2 GB RSS limit.
constexpr hsize_t kDims[] = {4,
                             3,
                             1,
                             2,
                             0,
                             5,
                             8,
                             17,
                             64,
                             1u << 16,
                             hsize_t{1} << 50,
                             hsize_t{1} << 62,
                             ~hsize_t{0} - 1};  // the largest HDF5 allows
constexpr int kDimChoices = sizeof kDims / sizeof kDims[0];

// Element counts up to this are written with fuzzed values; larger datasets are left to
// their fill value.
constexpr hsize_t kMaxWritten = 256;

double fuzzed_double(FuzzedDataProvider& in) {
  static const double menu[] = {0.0,
                                1.0,
                                -1.0,
                                0.5,
                                2.0,
                                3.0,
                                -0.0,
                                1e-310,
                                3.5e38,
                                1e308,
                                std::numeric_limits<double>::quiet_NaN(),
                                std::numeric_limits<double>::infinity(),
                                -std::numeric_limits<double>::infinity(),
                                0.1,
                                1e6};
  const int k = in.ConsumeIntegralInRange<int>(0, 15);
  return k < 15 ? menu[k] : in.ConsumeFloatingPoint<double>();
}

std::int64_t fuzzed_int(FuzzedDataProvider& in) {
  static const std::int64_t menu[] = {0,
                                      1,
                                      2,
                                      3,
                                      4,
                                      -1,
                                      5,
                                      24,
                                      255,
                                      256,
                                      65536,
                                      std::int64_t{1} << 31,
                                      std::numeric_limits<std::int64_t>::max(),
                                      std::numeric_limits<std::int64_t>::min()};
  const int k = in.ConsumeIntegralInRange<int>(0, 14);
  return k < 14 ? menu[k] : in.ConsumeIntegral<std::int64_t>();
}

// Mostly the expected type; sometimes any other.
H5Type fuzzed_type(FuzzedDataProvider& in, H5Type expected) {
  const int k = in.ConsumeIntegralInRange<int>(0, 2 * kH5Types);
  return k <= kH5Types ? expected : static_cast<H5Type>(k - kH5Types - 1);
}

Id file_type(H5Type t, FuzzedDataProvider& in) {
  switch (t) {
    case H5Type::Int8: return Id(H5Tcopy(H5T_STD_I8LE), H5Tclose);
    case H5Type::UInt8: return Id(H5Tcopy(H5T_STD_U8LE), H5Tclose);
    case H5Type::Int32: return Id(H5Tcopy(H5T_STD_I32LE), H5Tclose);
    case H5Type::UInt32: return Id(H5Tcopy(H5T_STD_U32LE), H5Tclose);
    case H5Type::Int64: return Id(H5Tcopy(H5T_STD_I64LE), H5Tclose);
    case H5Type::Float32: return Id(H5Tcopy(H5T_IEEE_F32LE), H5Tclose);
    case H5Type::Float64: return Id(H5Tcopy(H5T_IEEE_F64LE), H5Tclose);
    case H5Type::Float64BE: return Id(H5Tcopy(H5T_IEEE_F64BE), H5Tclose);
    case H5Type::FixedString: {
      Id s(H5Tcopy(H5T_C_S1), H5Tclose);
      H5Tset_size(s.get(), in.ConsumeIntegralInRange<std::size_t>(1, 80));
      if (in.ConsumeBool()) H5Tset_cset(s.get(), H5T_CSET_UTF8);
      if (in.ConsumeBool()) H5Tset_strpad(s.get(), H5T_STR_NULLPAD);
      return s;
    }
    case H5Type::VarString: {
      Id s(H5Tcopy(H5T_C_S1), H5Tclose);
      H5Tset_size(s.get(), H5T_VARIABLE);
      if (in.ConsumeBool()) H5Tset_cset(s.get(), H5T_CSET_UTF8);
      return s;
    }
    case H5Type::Compound: {
      Id c(H5Tcreate(H5T_COMPOUND, 16), H5Tclose);
      H5Tinsert(c.get(), "i", 0, H5T_STD_I64LE);
      H5Tinsert(c.get(), "d", 8, H5T_IEEE_F64LE);
      return c;
    }
  }
  return Id();
}

bool is_string(H5Type t) { return t == H5Type::FixedString || t == H5Type::VarString; }
bool is_float(H5Type t) { return t == H5Type::Float32 || t == H5Type::Float64 || t == H5Type::Float64BE; }

// Element count of `dims`, or false on overflow.
bool count_of(const std::vector<hsize_t>& dims, hsize_t& n) {
  n = 1;
  for (hsize_t d : dims) {
    if (d != 0 && n > std::numeric_limits<hsize_t>::max() / d) return false;
    n *= d;
  }
  return true;
}

std::string fuzzed_text(FuzzedDataProvider& in, const std::vector<std::string>& texts) {
  const int k = in.ConsumeIntegralInRange<int>(0, static_cast<int>(texts.size()) + 1);
  if (k < static_cast<int>(texts.size())) return texts[static_cast<std::size_t>(k)];
  return k == static_cast<int>(texts.size()) ? in.ConsumeRandomLengthString(64) : std::string(5000, 'A');
}

// Writes n values of type t (the whole dataspace) with `write` (H5Dwrite or H5Awrite).
template <class Write>
void write_values(FuzzedDataProvider& in, H5Type t, hid_t type, hsize_t n, const std::vector<std::string>& texts,
                  double number, Write&& write) {
  if (is_string(t)) {
    std::vector<std::string> s(n);
    for (auto& v : s) v = fuzzed_text(in, texts);
    if (t == H5Type::VarString) {
      std::vector<const char*> p(n);
      for (hsize_t k = 0; k < n; ++k) p[k] = in.ConsumeIntegralInRange<int>(0, 15) == 15 ? nullptr : s[k].c_str();
      write(type, p.data());
    } else {
      const std::size_t size = H5Tget_size(type);
      std::string flat(n * size, '\0');
      for (hsize_t k = 0; k < n; ++k) flat.replace(k * size, std::min(size, s[k].size()), s[k], 0, size);
      write(type, flat.data());
    }
  } else if (t == H5Type::Compound) {
    std::vector<unsigned char> raw(n * 16);
    for (auto& b : raw) b = in.ConsumeIntegral<unsigned char>();
    write(type, raw.data());
  } else if (is_float(t)) {
    std::vector<double> v(n);
    for (hsize_t k = 0; k < n; ++k) v[k] = in.ConsumeBool() ? fuzzed_double(in) : number;
    write(H5T_NATIVE_DOUBLE, v.data());
  } else {
    std::vector<std::int64_t> v(n);
    for (hsize_t k = 0; k < n; ++k) v[k] = in.ConsumeBool() ? fuzzed_int(in) : static_cast<std::int64_t>(number);
    write(H5T_NATIVE_INT64, v.data());
  }
}

// Scalar, null, or simple with `expected` or fuzzed dimensions.
Id fuzzed_space(FuzzedDataProvider& in, const std::vector<hsize_t>& expected, std::vector<hsize_t>& dims) {
  const int shape = in.ConsumeIntegralInRange<int>(0, 11);
  dims = expected;
  if (shape == 9) {
    dims.clear();
    return Id(H5Screate(H5S_SCALAR), H5Sclose);
  }
  if (shape == 10) {
    dims.clear();
    return Id(H5Screate(H5S_NULL), H5Sclose);
  }
  if (shape == 11) dims.resize(in.ConsumeIntegralInRange<std::size_t>(1, 4), 1);
  for (auto& d : dims)
    if (in.ConsumeIntegralInRange<int>(0, 3) == 3) d = fuzzed_dim(in, 0);
  if (dims.empty()) return Id(H5Screate(H5S_SCALAR), H5Sclose);
  return Id(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose);
}

void make_dataset(FuzzedDataProvider& in, hid_t file, const DatasetSpec& spec, const std::vector<std::string>& texts) {
  Id lcpl(H5Pcreate(H5P_LINK_CREATE), H5Pclose);
  H5Pset_create_intermediate_group(lcpl.get(), 1);
  switch (in.ConsumeIntegralInRange<int>(0, 15)) {  // mostly a dataset; else left out, a group or a link
    case 12: return;
    case 13: H5Gclose(H5Gcreate2(file, spec.name.c_str(), lcpl.get(), H5P_DEFAULT, H5P_DEFAULT)); return;
    case 14: H5Lcreate_soft("/nowhere", file, spec.name.c_str(), lcpl.get(), H5P_DEFAULT); return;
    case 15: H5Lcreate_external("missing.h5", "/x", file, spec.name.c_str(), lcpl.get(), H5P_DEFAULT); return;
    default: break;
  }
  const H5Type t = fuzzed_type(in, spec.type);
  Id type = file_type(t, in);
  std::vector<hsize_t> dims;
  Id space = fuzzed_space(in, spec.dims, dims);
  hsize_t n = 0;
  const bool fits = count_of(dims, n);
  const std::size_t elem = H5Tget_size(type.get());
  Id dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  const int layout = in.ConsumeIntegralInRange<int>(0, 3);  // contiguous, chunked, chunked+deflate, compact
  const bool small = fits && n < (hsize_t{1} << 20) / (elem ? elem : 1);
  if (!dims.empty() && (layout == 1 || layout == 2 || !small)) {
    std::vector<hsize_t> chunk(dims.size());
    std::vector<hsize_t> maxdims(dims.size(), H5S_UNLIMITED);
    for (std::size_t k = 0; k < dims.size(); ++k) chunk[k] = std::max<hsize_t>(1, std::min<hsize_t>(dims[k], 16));
    space = Id(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), maxdims.data()), H5Sclose);
    H5Pset_chunk(dcpl.get(), static_cast<int>(chunk.size()), chunk.data());
    if (layout == 2) H5Pset_deflate(dcpl.get(), 1);
  } else if (layout == 3 && small && n * elem < 60000) {
    H5Pset_layout(dcpl.get(), H5D_COMPACT);
  }
  if (is_float(t) && in.ConsumeIntegralInRange<int>(0, 7) == 7) {  // a NaN or other odd fill value
    const double fill = fuzzed_double(in);
    H5Pset_fill_value(dcpl.get(), H5T_NATIVE_DOUBLE, &fill);
  }
  Id ds(H5Dcreate2(file, spec.name.c_str(), type.get(), space.get(), lcpl.get(), dcpl.get(), H5P_DEFAULT), H5Dclose);
  if (!ds || !fits || n == 0 || n > kMaxWritten || H5Sget_simple_extent_type(space.get()) == H5S_NULL) return;
  if (in.ConsumeIntegralInRange<int>(0, 15) == 15) return;  // left unwritten: fill values
  write_values(in, t, type.get(), n, texts, spec.value,
               [&](hid_t mem, const void* buf) { H5Dwrite(ds.get(), mem, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf); });
}

void make_attribute(FuzzedDataProvider& in, hid_t file, const AttributeSpec& spec) {
  if (in.ConsumeIntegralInRange<int>(0, 7) == 7) return;  // left out
  if (H5Oexists_by_name(file, spec.object.c_str(), H5P_DEFAULT) <= 0) return;
  Id object(H5Oopen(file, spec.object.c_str(), H5P_DEFAULT), H5Oclose);
  if (!object) return;
  const H5Type t = fuzzed_type(in, spec.type);
  Id type = file_type(t, in);
  std::vector<hsize_t> dims;
  // Attributes are expected scalar; arrays of 1, 2, 0 or 1000 values, or null, otherwise.
  static const std::vector<hsize_t> kNone;
  Id space = fuzzed_space(in, kNone, dims);
  if (!dims.empty() && in.ConsumeBool()) {
    static const hsize_t kCounts[] = {1, 2, 0, 1000};
    dims.assign(1, kCounts[in.ConsumeIntegralInRange<int>(0, 3)]);
    space = Id(H5Screate_simple(1, dims.data(), nullptr), H5Sclose);
  }
  hsize_t n = 0;
  if (!count_of(dims, n) || n > 60000 || n * H5Tget_size(type.get()) > 60000) return;  // beyond an object header
  Id attr(H5Acreate2(object.get(), spec.name.c_str(), type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  if (!attr || n == 0 || H5Sget_simple_extent_type(space.get()) == H5S_NULL) return;
  write_values(in, t, type.get(), n, spec.texts, spec.number,
               [&](hid_t mem, const void* buf) { H5Awrite(attr.get(), mem, buf); });
}

}  // namespace

hsize_t fuzzed_dim(FuzzedDataProvider& in, hsize_t min_dim) {
  const int k = in.ConsumeIntegralInRange<int>(0, kDimChoices);
  const hsize_t d = k < kDimChoices ? kDims[k] : in.ConsumeIntegralInRange<hsize_t>(0, 300);
  return d < min_dim && d < 1000 ? min_dim + d : d;
}

FileSpec pair_file_spec(FuzzedDataProvider& in, double b_code, std::vector<AttributeSpec> attributes) {
  FileSpec spec;
  const hsize_t len_a = fuzzed_dim(in, 0), len_b = fuzzed_dim(in, 0);
  spec.datasets = {{"a", H5Type::UInt8, {len_a}, 0}, {"b", H5Type::UInt8, {len_b}, b_code}};
  spec.attributes = std::move(attributes);
  return spec;
}

void build_h5_file(FuzzedDataProvider& in, const std::string& path, const FileSpec& spec) {
  // HDF5 keeps freed blocks on free lists only up to small limits; above them every file
  // open maps and zeroes its 512 KB metadata cache afresh (ASan's large allocations are
  // mmaps), which made each execution ten times slower. Larger lists change nothing else.
  static const bool limits = H5set_free_list_limits(64 << 20, 16 << 20, 64 << 20, 16 << 20, 64 << 20, 16 << 20) >= 0;
  (void)limits;
  h5::quiet_errors();
  Id file(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose);
  if (!file) return;
  std::vector<std::string> texts;
  for (const auto& a : spec.attributes)
    for (const auto& t : a.texts) texts.push_back(t);
  for (const auto& d : spec.datasets) make_dataset(in, file.get(), d, texts);
  for (const auto& a : spec.attributes) make_attribute(in, file.get(), a);
  // A few unexpected objects: extra datasets and attributes with names near the expected ones.
  const int extra = in.ConsumeIntegralInRange<int>(0, 2);
  for (int k = 0; k < extra; ++k) {
    DatasetSpec d;
    d.name = in.ConsumeBool() && !spec.datasets.empty() ? spec.datasets.front().name + "/x"
                                                        : in.ConsumeRandomLengthString(16);
    d.type = static_cast<H5Type>(in.ConsumeIntegralInRange<int>(0, kH5Types - 1));
    d.dims.assign(1, 4);
    make_dataset(in, file.get(), d, texts);
    AttributeSpec a{"/", in.ConsumeRandomLengthString(16), H5Type::Int64, texts, 1};
    make_attribute(in, file.get(), a);
  }
}

}  // namespace hpcs::fuzz
