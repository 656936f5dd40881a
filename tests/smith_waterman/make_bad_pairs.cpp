// SPDX-License-Identifier: BSD-3-Clause
// Writes malformed Smith-Waterman pair files for the bad-input tests into a directory.
#include <cstdint>
#include <string>
#include <vector>

#include "bad_h5.hpp"

namespace {
using namespace hpcs::testing;

// The root group's 'alphabet' and 'letters' attributes, or one of them of the wrong shape or
// type (an array once crashed the reader: it was read into the buffer of one string).
void write_attributes(hid_t f, const std::string& broken) {
  if (broken == "sw_alphabet_array") write_string_array_attribute(f, "alphabet", 100000, "dna");
  else if (broken == "sw_alphabet_int") write_int_attribute(f, "alphabet", 4);
  else if (broken != "sw_no_alphabet")
    write_string_attribute(f, "alphabet", broken == "sw_bad_alphabet" ? "rna" : "dna");
  if (broken == "sw_letters_array") write_string_array_attribute(f, "letters", 2, "ACGTN");
  else if (broken != "sw_no_letters")
    write_string_attribute(f, "letters", broken == "sw_bad_letters" ? "ACGU" : "ACGTN");
}

// A pair file; `broken` says what to get wrong.
void write_pair(const std::string& dir, const std::string& broken) {
  const std::string path = dir + "/" + broken + ".h5";
  const hid_t f = broken == "sw_alphabet_array" ? create_h5_latest(path) : create_h5(path);  // > 64 KiB attribute
  write_attributes(f, broken);
  std::vector<std::uint8_t> codes = {0, 1, 2, 3, 0, 1};
  if (broken == "sw_bad_code") codes[2] = 9;
  if (broken == "sw_int32") {
    const std::vector<std::int32_t> wide(codes.begin(), codes.end());
    write_dataset(f, "a", H5T_NATIVE_INT32, {6}, wide.data());
  } else {
    write_dataset(f, "a", H5T_NATIVE_UINT8, {6}, codes.data());
  }
  if (broken == "sw_2d") write_dataset(f, "b", H5T_NATIVE_UINT8, {2, 3}, codes.data());
  else if (broken != "sw_no_b") write_dataset(f, "b", H5T_NATIVE_UINT8, {6}, codes.data());
  H5Fclose(f);
}
}  // namespace

int main(int argc, char** argv) {
  return bad_inputs_main(argc, argv, [](const std::string& dir) {
    for (const char* b :
         {"sw_no_b", "sw_int32", "sw_2d", "sw_no_alphabet", "sw_bad_alphabet", "sw_bad_code", "sw_bad_letters",
          "sw_alphabet_array", "sw_letters_array", "sw_alphabet_int", "sw_no_letters"})
      write_pair(dir, b);
  });
}
