// SPDX-License-Identifier: BSD-3-Clause
// NCBI substitution-matrix reader (--matrix): the bytes as matrix text, against the DNA
// alphabet from memory and the protein alphabet through the file path, then the checks
// the app runs on the result.
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "sw_scoring.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  hpcs::fuzz::expect_clean("fuzz.mat", [&] {
    hpcs::sw::validate(hpcs::sw::matrix_scoring(text, "fuzz.mat", hpcs::sw::Alphabet::dna(), 5, 2));
  });
  const std::string path = hpcs::fuzz::write_scratch("fuzz.mat", data, size);
  hpcs::fuzz::expect_clean(
      path, [&] { hpcs::sw::validate(hpcs::sw::matrix_scoring_file(path, hpcs::sw::Alphabet::protein(), 11, 1)); });
  return 0;
}
