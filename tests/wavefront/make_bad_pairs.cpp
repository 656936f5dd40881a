// SPDX-License-Identifier: BSD-3-Clause
// Malformed pair files for wavefront_miniapp --app lcs / sw-linear (fixture bad_inputs):
// wf_<case>.h5 in the directory given.
#include <cstdint>
#include <string>
#include <vector>

#include "bad_h5.hpp"

using namespace hpcs::testing;

namespace {
// A pair file as gen_inputs sw writes it, with parts left out or changed.
void pair(const std::string& path, const char* alphabet, const char* letters, bool with_b, hid_t a_type,
          std::vector<hsize_t> a_dims, const std::vector<std::uint8_t>& a_codes) {
  const hid_t f = create_h5(path);
  if (alphabet) write_string_attribute(f, "alphabet", alphabet);
  if (letters) write_string_attribute(f, "letters", letters);
  write_dataset(f, "a", a_type, a_dims, a_codes.empty() ? nullptr : a_codes.data());
  if (with_b) {
    const std::vector<std::uint8_t> b = {0, 1, 2, 3, 0, 1};
    write_dataset(f, "b", H5T_NATIVE_UINT8, {b.size()}, b.data());
  }
  H5Fclose(f);
}
}  // namespace

int main(int argc, char** argv) {
  return bad_inputs_main(argc, argv, [](const std::string& dir) {
    const std::vector<std::uint8_t> a = {0, 1, 2, 3, 3, 2, 1};
    pair(dir + "/wf_no_b.h5", "dna", "ACGTN", false, H5T_NATIVE_UINT8, {a.size()}, a);
    pair(dir + "/wf_protein.h5", "protein", "ARNDCQEGHILKMFPSTWYVBZX*", true, H5T_NATIVE_UINT8, {a.size()}, a);
    pair(dir + "/wf_no_letters.h5", "dna", nullptr, true, H5T_NATIVE_UINT8, {a.size()}, a);
    pair(dir + "/wf_int_a.h5", "dna", "ACGTN", true, H5T_NATIVE_INT32, {7}, {});
    pair(dir + "/wf_two_d.h5", "dna", "ACGTN", true, H5T_NATIVE_UINT8, {2, 3}, {});
    pair(dir + "/wf_empty_a.h5", "dna", "ACGTN", true, H5T_NATIVE_UINT8, {0}, {});
    pair(dir + "/wf_bad_code.h5", "dna", "ACGTN", true, H5T_NATIVE_UINT8, {7}, {0, 1, 2, 3, 9, 2, 1});
    // b declared with 2^50 letters in unwritten chunks: refused by the memory check before
    // every rank allocates it (it ended in std::bad_alloc, naming no file)
    const hid_t f = create_h5(dir + "/wf_huge_b.h5");
    write_string_attribute(f, "alphabet", "dna");
    write_string_attribute(f, "letters", "ACGTN");
    write_dataset(f, "a", H5T_NATIVE_UINT8, {a.size()}, a.data());
    const hsize_t huge = hsize_t{1} << 50, chunk = 1 << 20;
    const hid_t space = H5Screate_simple(1, &huge, nullptr), dcpl = H5Pcreate(H5P_DATASET_CREATE);
    H5Pset_chunk(dcpl, 1, &chunk);
    H5Dclose(H5Dcreate2(f, "b", H5T_NATIVE_UINT8, space, H5P_DEFAULT, dcpl, H5P_DEFAULT));
    H5Pclose(dcpl);
    H5Sclose(space);
    H5Fclose(f);
  });
}
