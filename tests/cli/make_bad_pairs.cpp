// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed Smith-Waterman pair files for the bad-input tests into a directory.
#include <hdf5.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace {
void string_attr(hid_t obj, const char* name, const char* value) {
  const hid_t t = H5Tcopy(H5T_C_S1);
  H5Tset_size(t, H5T_VARIABLE);
  const hid_t sp = H5Screate(H5S_SCALAR);
  const hid_t a = H5Acreate2(obj, name, t, sp, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(a, t, &value);
  H5Aclose(a);
  H5Sclose(sp);
  H5Tclose(t);
}

void dataset(hid_t f, const char* name, hid_t type, int rank, const hsize_t* dims, const void* data) {
  const hid_t s = H5Screate_simple(rank, dims, nullptr);
  const hid_t d = H5Dcreate2(f, name, type, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
  H5Dclose(d);
  H5Sclose(s);
}

// A pair file; `broken` says what to get wrong.
void write(const std::string& dir, const std::string& broken) {
  const hid_t f = H5Fcreate((dir + "/" + broken + ".h5").c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  if (broken != "sw_no_alphabet") string_attr(f, "alphabet", broken == "sw_bad_alphabet" ? "rna" : "dna");
  string_attr(f, "letters", broken == "sw_bad_letters" ? "ACGU" : "ACGTN");
  std::vector<std::uint8_t> codes = {0, 1, 2, 3, 0, 1};
  if (broken == "sw_bad_code") codes[2] = 9;
  const hsize_t six = codes.size(), two_d[2] = {2, 3};
  if (broken == "sw_int32") {
    const std::vector<std::int32_t> wide(codes.begin(), codes.end());
    dataset(f, "a", H5T_NATIVE_INT32, 1, &six, wide.data());
  } else {
    dataset(f, "a", H5T_NATIVE_UINT8, 1, &six, codes.data());
  }
  if (broken == "sw_2d") dataset(f, "b", H5T_NATIVE_UINT8, 2, two_d, codes.data());
  else if (broken != "sw_no_b") dataset(f, "b", H5T_NATIVE_UINT8, 1, &six, codes.data());
  H5Fclose(f);
}
}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: make_bad_pairs DIR\n");
    return 2;
  }
  for (const char* b : {"sw_no_b", "sw_int32", "sw_2d", "sw_no_alphabet", "sw_bad_alphabet", "sw_bad_code", "sw_bad_letters"})
    write(argv[1], b);
  return 0;
}
