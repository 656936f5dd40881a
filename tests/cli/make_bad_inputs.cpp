// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed inputs for the bad-input tests into a directory:
//   not_hdf5.h5 (text), two_d.h5 (2-D float "data"), int16.h5, strings.h5 (string
//   dataset), empty.h5 (0 elements), no_data.h5 (only a dataset "values").
#include <hdf5.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {
void write(const std::string& path, hid_t type, int rank, const hsize_t* dims, const void* data,
           const char* name = "data") {
  const hid_t f = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hid_t s = H5Screate_simple(rank, dims, nullptr);
  const hid_t d = H5Dcreate2(f, name, type, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (data) H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
  H5Dclose(d);
  H5Sclose(s);
  H5Fclose(f);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_bad_inputs DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  std::ofstream(dir + "/not_hdf5.h5") << "this is a text file, not HDF5\n";
  const std::vector<float> f(6, 1.0f);
  const hsize_t two_d[2] = {2, 3}, six = 6, zero = 0;
  write(dir + "/two_d.h5", H5T_NATIVE_FLOAT, 2, two_d, f.data());
  const std::vector<std::int16_t> s16(6, 7);
  write(dir + "/int16.h5", H5T_NATIVE_INT16, 1, &six, s16.data());
  const hid_t str = H5Tcopy(H5T_C_S1);
  H5Tset_size(str, 4);
  write(dir + "/strings.h5", str, 1, &six, "abcdefghijklmnopqrstuvwx");
  H5Tclose(str);
  write(dir + "/empty.h5", H5T_NATIVE_FLOAT, 1, &zero, nullptr);
  write(dir + "/no_data.h5", H5T_NATIVE_FLOAT, 1, &six, f.data(), "values");
  return 0;
}
