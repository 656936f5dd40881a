// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed reduction inputs for the bad-input tests into a directory: two_d.h5
// (2-D float "data"), int16.h5, strings.h5 (string dataset), empty.h5 (0 elements),
// no_data.h5 (only a dataset "values"), nan.h5 (float32, NaN at element 5), inf.h5
// (float64, +Inf at element 7 of 9: on 2 ranks only the second rank holds it),
// no_filter.h5 (chunked, through a filter only this maker registers: "not available" to a
// reader, as LZF from h5py is to Debian's libhdf5), and virtual datasets: vds_ok.h5 (int32
// 1..6 from vds_part1.h5 and vds_part2.h5, named relative to its directory; sum 21),
// vds_missing_file.h5 (a source file that does not exist) and vds_missing_dataset.h5 (a
// source file without the source dataset).
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "bad_h5.hpp"

namespace {

// A filter id from the range HDF5 reserves for testing (256-511), registered here only.
constexpr H5Z_filter_t kTestFilter = 300;
std::size_t pass_through(unsigned, std::size_t, const unsigned[], std::size_t nbytes, std::size_t*, void**) {
  return nbytes;
}

void write_filtered(const std::string& path) {
  const H5Z_class2_t filter = {H5Z_CLASS_T_VERS, kTestFilter, 1, 1, "hpcs_test_filter", nullptr, nullptr, pass_through};
  H5Zregister(&filter);
  const hsize_t n = 8, chunk = 4;
  const hid_t f = hpcs::testing::create_h5(path), s = H5Screate_simple(1, &n, nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_chunk(dcpl, 1, &chunk);
  H5Pset_filter(dcpl, kTestFilter, H5Z_FLAG_MANDATORY, 0, nullptr);
  const hid_t d = H5Dcreate2(f, "data", H5T_NATIVE_FLOAT, s, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  const std::vector<float> v(n, 1.0f);
  H5Dwrite(d, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data());
  H5Dclose(d);
  H5Pclose(dcpl);
  H5Sclose(s);
  H5Fclose(f);
}

// A virtual int32 dataset 'data' of 3 * sources.size() elements, block k from sources[k]
// (file, dataset: 3 elements each).
void write_vds(const std::string& path, const std::vector<std::pair<const char*, const char*>>& sources) {
  const hsize_t n = 3 * sources.size(), three = 3;
  const hid_t space = H5Screate_simple(1, &n, nullptr), src_space = H5Screate_simple(1, &three, nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  for (std::size_t k = 0; k < sources.size(); ++k) {
    const hsize_t start = 3 * k;
    H5Sselect_hyperslab(space, H5S_SELECT_SET, &start, nullptr, &three, nullptr);
    H5Pset_virtual(dcpl, space, sources[k].first, sources[k].second, src_space);
  }
  H5Sselect_all(space);
  const hid_t f = hpcs::testing::create_h5(path);
  const hid_t d = H5Dcreate2(f, "data", H5T_NATIVE_INT32, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  H5Dclose(d);
  H5Fclose(f);
  H5Pclose(dcpl);
  H5Sclose(src_space);
  H5Sclose(space);
}

}  // namespace

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
    write_filtered(dir + "/no_filter.h5");
    const std::int32_t part1[3] = {1, 2, 3}, part2[3] = {4, 5, 6};
    write_file(dir + "/vds_part1.h5", "data", H5T_NATIVE_INT32, {3}, part1);
    write_file(dir + "/vds_part2.h5", "data", H5T_NATIVE_INT32, {3}, part2);
    write_vds(dir + "/vds_ok.h5", {{"vds_part1.h5", "/data"}, {"vds_part2.h5", "/data"}});
    write_vds(dir + "/vds_missing_file.h5", {{"vds_part1.h5", "/data"}, {"vds_gone.h5", "/data"}});
    write_vds(dir + "/vds_missing_dataset.h5", {{"vds_part1.h5", "/data"}, {"vds_part2.h5", "/nosuch"}});
  });
}
