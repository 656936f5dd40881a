// SPDX-License-Identifier: BSD-3-Clause
// MSMS .vert reader (GEM surfaces, gen_inputs gem --vert): the bytes as a file.
#include <cstdint>

#include "fuzz_support.hpp"
#include "gem_vert.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string path = hpcs::fuzz::write_scratch("in.vert", data, size);
  hpcs::fuzz::expect_clean(path, [&] { hpcs::gem::read_msms_vert(path); });
  return 0;
}
