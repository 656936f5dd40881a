// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed Jacobi grid files for the bad-input tests into a directory.
#include <hdf5.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {
// One dataset of `type` and shape `dims` (empty: scalar) named `name`, zero-filled.
void write(const std::string& dir, const char* file, const char* name, hid_t type, std::vector<hsize_t> dims) {
  const hid_t f = H5Fcreate((dir + "/" + file).c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hid_t s = dims.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr);
  const hid_t d = H5Dcreate2(f, name, type, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  std::vector<double> zeros(1024, 0.0);  // larger than any dataset here, in any type
  H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, zeros.data());
  H5Dclose(d);
  H5Sclose(s);
  H5Fclose(f);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_bad_grids DIR\n");
    return 2;
  }
  const std::string dir = argv[1];
  write(dir, "jac_no_grid.h5", "field", H5T_NATIVE_FLOAT, {8, 8});
  write(dir, "jac_rank3.h5", "grid", H5T_NATIVE_FLOAT, {4, 4, 4});
  write(dir, "jac_rank0.h5", "grid", H5T_NATIVE_DOUBLE, {});
  write(dir, "jac_int32.h5", "grid", H5T_NATIVE_INT32, {8, 8});
  write(dir, "jac_thin.h5", "grid", H5T_NATIVE_FLOAT, {2, 40});
  write(dir, "jac_short_line.h5", "grid", H5T_NATIVE_DOUBLE, {2});
  return 0;
}
