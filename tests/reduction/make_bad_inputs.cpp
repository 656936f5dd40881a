// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed reduction inputs for the bad-input tests into a directory: two_d.h5
// (2-D float "data"), int16.h5, strings.h5 (string dataset), empty.h5 (0 elements),
// no_data.h5 (only a dataset "values"), nan.h5 (float32, NaN at element 5), inf.h5
// (float64, +Inf at element 7 of 9: on 2 ranks only the second rank holds it).
#include <cstdint>
#include <limits>
#include <vector>

#include "bad_h5.hpp"

int main(int argc, char** argv) {
  using namespace hpcs::testing;
  return bad_inputs_main(argc, argv, [](const std::string& dir) {
    const std::vector<float> f(6, 1.0f);
    write_file(dir + "/two_d.h5", "data", H5T_NATIVE_FLOAT, {2, 3}, f.data());
    const std::vector<std::int16_t> s16(6, 7);
    write_file(dir + "/int16.h5", "data", H5T_NATIVE_INT16, {6}, s16.data());
    const hid_t str = H5Tcopy(H5T_C_S1);
    H5Tset_size(str, 4);
    write_file(dir + "/strings.h5", "data", str, {6}, "abcdefghijklmnopqrstuvwx");
    H5Tclose(str);
    write_file(dir + "/empty.h5", "data", H5T_NATIVE_FLOAT, {0});
    write_file(dir + "/no_data.h5", "values", H5T_NATIVE_FLOAT, {6}, f.data());
    std::vector<float> nan(8, 1.0f);
    nan[5] = std::numeric_limits<float>::quiet_NaN();
    write_file(dir + "/nan.h5", "data", H5T_NATIVE_FLOAT, {8}, nan.data());
    std::vector<double> inf(9, 2.0);
    inf[7] = std::numeric_limits<double>::infinity();
    write_file(dir + "/inf.h5", "data", H5T_NATIVE_DOUBLE, {9}, inf.data());
  });
}
