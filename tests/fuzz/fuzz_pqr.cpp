// SPDX-License-Identifier: BSD-3-Clause
// PQR reader (GEM atoms, gen_inputs gem --pqr): the bytes as a file.
#include <cstdint>

#include "fuzz_support.hpp"
#include "gem_pqr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = hpcs::fuzz::write_scratch("in.pqr", data, size);
  hpcs::fuzz::expect_clean(path, [&] { hpcs::gem::read_pqr(path); });
  return 0;
}
