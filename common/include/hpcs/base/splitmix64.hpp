// SPDX-License-Identifier: BSD-3-Clause
// splitmix64 (Steele, Lea & Flood 2014): a counter-based generator, so the value at index i
// needs no state from earlier indices and generated inputs are the same on any rank count.
#pragma once
#include <cstdint>

namespace hpcs {

constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace hpcs
