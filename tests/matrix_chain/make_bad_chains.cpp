// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed chain files for the bad-input tests into a directory: matrices that do
// not chain, a 3-D matrix, an integer matrix, no /A1, a `dims` attribute that disagrees
// with the datasets or is an array, a NaN entry, a one-row A1 (for two ranks), a gap in the
// names (A1, A3, A4) and a dataset that is no matrix of the chain.
#include <cmath>
#include <string>
#include <vector>

#include "bad_h5.hpp"

namespace {
using namespace hpcs::testing;

void write_chain(const std::string& dir, const std::string& name) {
  const hid_t f = create_h5(dir + "/" + name + ".h5");
  if (name == "mc_gap") {  // A1, A3, A4 and no A2: once ran as the chain A1 alone
    write_dataset(f, "A1", H5T_NATIVE_DOUBLE, {3, 4});
    write_dataset(f, "A3", H5T_NATIVE_DOUBLE, {4, 5});
    write_dataset(f, "A4", H5T_NATIVE_DOUBLE, {5, 2});
    H5Fclose(f);
    return;
  }
  if (name == "mc_extra") write_dataset(f, "notes", H5T_NATIVE_DOUBLE, {3});
  std::vector<double> a2(4 * 5, 1.0);
  if (name == "mc_nan") a2[6] = NAN;
  if (name == "mc_3d") write_dataset(f, "A1", H5T_NATIVE_DOUBLE, {2, 3, 4});
  else if (name == "mc_int") write_dataset(f, "A1", H5T_NATIVE_INT32, {3, 4});
  else if (name == "mc_no_a1") write_dataset(f, "B1", H5T_NATIVE_DOUBLE, {3, 4});
  else if (name == "mc_one_row") write_dataset(f, "A1", H5T_NATIVE_FLOAT, {1, 4});
  else write_dataset(f, "A1", H5T_NATIVE_FLOAT, {3, 4});
  if (name == "mc_not_chaining") write_dataset(f, "A2", H5T_NATIVE_DOUBLE, {5, 2});
  else write_dataset(f, "A2", H5T_NATIVE_DOUBLE, {4, 5}, a2.data());
  if (name == "mc_dims_attr") write_string_attribute(f, "dims", "3,4,6");
  if (name == "mc_dims_array") write_string_array_attribute(f, "dims", 3, "3,4,5");
  H5Fclose(f);
}
}  // namespace

int main(int argc, char** argv) {
  return bad_inputs_main(argc, argv, [](const std::string& dir) {
    for (const char* n : {"mc_not_chaining", "mc_3d", "mc_int", "mc_no_a1", "mc_dims_attr", "mc_dims_array", "mc_nan",
                          "mc_one_row", "mc_gap", "mc_extra"})
      write_chain(dir, n);
  });
}
