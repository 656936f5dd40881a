// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed Jacobi grid files for the bad-input tests into a directory.
#include <limits>
#include <string>
#include <vector>

#include "bad_h5.hpp"

int main(int argc, char** argv) {
  using namespace hpcs::testing;
  return bad_inputs_main(argc, argv, [](const std::string& dir) {
    write_file(dir + "/jac_no_grid.h5", "field", H5T_NATIVE_FLOAT, {8, 8});
    write_file(dir + "/jac_rank3.h5", "grid", H5T_NATIVE_FLOAT, {4, 4, 4});  // a valid 3D grid since issue 29
    write_file(dir + "/jac_rank4.h5", "grid", H5T_NATIVE_FLOAT, {3, 3, 3, 3});
    write_file(dir + "/jac_rank0.h5", "grid", H5T_NATIVE_DOUBLE, {});
    write_file(dir + "/jac_int32.h5", "grid", H5T_NATIVE_INT32, {8, 8});
    write_file(dir + "/jac_thin.h5", "grid", H5T_NATIVE_FLOAT, {2, 40});
    write_file(dir + "/jac_short_line.h5", "grid", H5T_NATIVE_DOUBLE, {2});
    // Non-finite values are refused: NaN in a 2D grid (row 6, column 3), -Inf in a 1D line.
    std::vector<double> g(8 * 8, 0.5);
    g[6 * 8 + 3] = std::numeric_limits<double>::quiet_NaN();
    write_file(dir + "/jac_nan.h5", "grid", H5T_NATIVE_DOUBLE, {8, 8}, g.data());
    // ... in a 3D grid at plane 2, line 1, point 3.
    std::vector<float> g3(4 * 5 * 6, 0.5f);
    g3[2 * 30 + 1 * 6 + 3] = std::numeric_limits<float>::quiet_NaN();
    write_file(dir + "/jac_nan3d.h5", "grid", H5T_NATIVE_FLOAT, {4, 5, 6}, g3.data());
    std::vector<float> line(10, 0.25f);
    line[8] = -std::numeric_limits<float>::infinity();
    write_file(dir + "/jac_inf.h5", "grid", H5T_NATIVE_FLOAT, {10}, line.data());
    // Finite, but a float32 stencil sum of five of them overflows: every variant, the
    // reference included, ends with infinities (once all "passed").
    std::vector<float> big(12 * 12, 3e38f);
    write_file(dir + "/jac_overflow.h5", "grid", H5T_NATIVE_FLOAT, {12, 12}, big.data());
  });
}
