// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed GEM inputs for the bad-input tests into a directory: HDF5 molecule files
// with a missing group, mismatched lengths, integer data, a NaN coordinate, a negative radius,
// no vertices, only 2 vertices (too few for 3 ranks), a charge of 1e300, atoms 1e7 A apart, a
// vertex on an atom's centre; and PQR files with a broken line, no atoms, a 31-digit coordinate.
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "bad_h5.hpp"

namespace {
using namespace hpcs::testing;

// A molecule file with 3 atoms and 4 vertices; `broken` says what to get wrong.
void write_molecule(const std::string& dir, const std::string& broken) {
  const hid_t f = create_h5(dir + "/" + broken + ".h5");
  std::vector<double> three = {1, 2, 3}, radius = {1.5, 1.5, 1.5}, four = {10, 11, 12, 13}, normal = {1, 1, 1, 1},
                      zeros = {0, 0, 0, 0};
  if (broken == "gem_nan_atom") three[1] = NAN;
  if (broken == "gem_negative_radius") radius[2] = -1;
  std::vector<double> charge = three, x = three;
  if (broken == "gem_huge_charge") charge[0] = 1e300;
  if (broken == "gem_far_atoms") x[0] = 1e7;
  if (broken == "gem_coincident") four[2] = 2;  // vertex 2 at (2, 2, 2): atom 1's centre
  const hid_t atoms = H5Gcreate2(f, "atoms", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  for (const char* name : {"x", "y", "z", "charge"}) {
    const std::string n = name;
    const double* data = n == "charge" ? charge.data() : n == "x" ? x.data() : three.data();
    if (broken != "gem_int_atoms") write_dataset(atoms, name, H5T_NATIVE_DOUBLE, {3}, data);
    else write_dataset(atoms, name, H5T_NATIVE_INT32, {3});
  }
  write_dataset(atoms, "radius", H5T_NATIVE_DOUBLE, {broken == "gem_short_radius" ? 2u : 3u}, radius.data());
  H5Gclose(atoms);
  if (broken != "gem_no_vertices") {
    const hid_t v = H5Gcreate2(f, "vertices", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    const hsize_t nv = broken == "gem_two_vertices" ? 2 : 4;  // a good molecule, too small for 3 ranks
    for (const char* name : {"x", "y", "z"}) write_dataset(v, name, H5T_NATIVE_DOUBLE, {nv}, four.data());
    write_dataset(v, "nx", H5T_NATIVE_DOUBLE, {nv}, normal.data());
    for (const char* name : {"ny", "nz"}) write_dataset(v, name, H5T_NATIVE_DOUBLE, {nv}, zeros.data());
    H5Gclose(v);
  }
  H5Fclose(f);
}
}  // namespace

int main(int argc, char** argv) {
  return bad_inputs_main(
      argc, argv, [](const std::string& dir) {
        for (const char* b :
             {"gem_no_vertices", "gem_int_atoms", "gem_short_radius", "gem_nan_atom", "gem_negative_radius",
              "gem_two_vertices", "gem_huge_charge", "gem_far_atoms", "gem_coincident"})
          write_molecule(dir, b);
        std::ofstream(dir + "/gem_broken.pqr") << "ATOM      1  N   ALA     1      1.000   2.000   x.000  0.1  1.5\n";
        std::ofstream(dir + "/gem_empty.pqr") << "REMARK nothing here\nEND\n";
        std::ofstream(dir + "/gem_huge.pqr")
            << "ATOM 1 N ALA 1 1 2 3 0.5 1.5\nATOM 2 N ALA 1 1000000000000000000000000000000 2 3 0.5 1.5\n";
      });
}
