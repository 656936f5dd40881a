// SPDX-License-Identifier: BSD-3-Clause
// A target that misbehaves on purpose, so ctest can check that the replay fails on each
// kind of finding (and passes on the expected one). First byte: 'e' throws hpcs::Error
// naming its input (fine), 'x' lets a std::out_of_range escape, 'n' throws an hpcs::Error
// that names nothing, 'a' aborts as a crash would.
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const char kind = size > 0 ? static_cast<char>(data[0]) : 'e';
  hpcs::fuzz::expect_clean("selftest.input", [&] {
    switch (kind) {
      case 'x': throw std::out_of_range("vector::_M_range_check");
      case 'n': throw hpcs::Error("something is wrong");
      case 'a': std::abort();
      default: throw hpcs::Error("selftest.input: bad input");
    }
  });
  return 0;
}
