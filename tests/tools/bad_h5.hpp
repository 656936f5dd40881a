// SPDX-License-Identifier: BSD-3-Clause
// Writing malformed HDF5 inputs for the apps' bad-input tests (tests/<app>/make_bad_*.cpp):
// files, datasets of any type and shape (zero-filled unless data is given), attributes of
// the wrong shape or type, and the fixture maker's main().
#pragma once
#include <hdf5.h>

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace hpcs::testing {

inline hid_t create_h5(const std::string& path) {
  return H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
}

// The newest file format: attributes over 64 KiB (dense storage) are allowed.
inline hid_t create_h5_latest(const std::string& path) {
  const hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  H5Pset_libver_bounds(fapl, H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);
  const hid_t f = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
  H5Pclose(fapl);
  return f;
}

// A dataset of `type` and shape `dims` (empty: scalar) under `obj`; zeros when data is null.
inline void write_dataset(hid_t obj, const char* name, hid_t type, const std::vector<hsize_t>& dims,
                          const void* data = nullptr) {
  const hid_t s =
      dims.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr);
  const hid_t d = H5Dcreate2(obj, name, type, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  hsize_t count = 1;
  for (hsize_t n : dims) count *= n;
  const std::vector<char> zeros(count * H5Tget_size(type), 0);
  if (count > 0) H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data ? data : zeros.data());
  H5Dclose(d);
  H5Sclose(s);
}

// One dataset in a file of its own.
inline void write_file(const std::string& path, const char* name, hid_t type, const std::vector<hsize_t>& dims,
                       const void* data = nullptr) {
  const hid_t f = create_h5(path);
  write_dataset(f, name, type, dims, data);
  H5Fclose(f);
}

inline void write_string_attribute(hid_t obj, const char* name, const char* value) {
  const hid_t t = H5Tcopy(H5T_C_S1);
  H5Tset_size(t, H5T_VARIABLE);
  const hid_t sp = H5Screate(H5S_SCALAR);
  const hid_t a = H5Acreate2(obj, name, t, sp, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(a, t, &value);
  H5Aclose(a);
  H5Sclose(sp);
  H5Tclose(t);
}

// A string attribute that is an array of `count` copies of `value`, not one string.
inline void write_string_array_attribute(hid_t obj, const char* name, hsize_t count, const char* value) {
  const hid_t t = H5Tcopy(H5T_C_S1);
  H5Tset_size(t, H5T_VARIABLE);
  const hid_t sp = H5Screate_simple(1, &count, nullptr);
  const std::vector<const char*> values(count, value);
  const hid_t a = H5Acreate2(obj, name, t, sp, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(a, t, values.data());
  H5Aclose(a);
  H5Sclose(sp);
  H5Tclose(t);
}

inline void write_int_attribute(hid_t obj, const char* name, long long value) {
  const hid_t sp = H5Screate(H5S_SCALAR);
  const hid_t a = H5Acreate2(obj, name, H5T_NATIVE_LLONG, sp, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(a, H5T_NATIVE_LLONG, &value);
  H5Aclose(a);
  H5Sclose(sp);
}

// main() of a fixture maker: `tool DIR` writes its files into DIR.
inline int bad_inputs_main(int argc, char** argv, const std::function<void(const std::string&)>& write_all) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s DIR\n", argv[0]);
    return 2;
  }
  write_all(argv[1]);
  return 0;
}

}  // namespace hpcs::testing
