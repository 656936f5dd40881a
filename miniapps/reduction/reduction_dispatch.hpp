// SPDX-License-Identifier: BSD-3-Clause
// Run-time launch shapes to compile-time template arguments, shared by the CUDA and Kokkos
// variants (RK-6/7 take the block size, RK-7 the unroll factor as template parameters, and
// the host picks the instantiation with a switch, as in the paper), and the conversion of
// a device accumulator to a Sum.
#pragma once
#include <string>
#include <type_traits>

#include "hpcs/base/error.hpp"
#include "reduction_problem.hpp"

namespace hpcs::reduction {

template <int V>
using Int = std::integral_constant<int, V>;

namespace detail {
template <int B, int Min, class F>
void call_block(F&& f) {
  if constexpr (B >= Min) f(Int<B>{});  // sizes below Min are never instantiated
}
}  // namespace detail

// Calls f(Int<block>{}) for a power of two Min <= block <= 1024; throws otherwise.
template <int Min, class F>
void with_block(int block, F&& f) {
  if (block < Min || block > 1024 || (block & (block - 1)) != 0)
    throw Error("--block " + std::to_string(block) + ": expected a power of two from " + std::to_string(Min) +
                " to 1024");
  switch (block) {
    case 1: detail::call_block<1, Min>(f); break;
    case 2: detail::call_block<2, Min>(f); break;
    case 4: detail::call_block<4, Min>(f); break;
    case 8: detail::call_block<8, Min>(f); break;
    case 16: detail::call_block<16, Min>(f); break;
    case 32: detail::call_block<32, Min>(f); break;
    case 64: detail::call_block<64, Min>(f); break;
    case 128: detail::call_block<128, Min>(f); break;
    case 256: detail::call_block<256, Min>(f); break;
    case 512: detail::call_block<512, Min>(f); break;
    default: detail::call_block<1024, Min>(f);
  }
}

// Calls f(Int<unroll>{}) for unroll in {1, 2, 4, 8}; throws otherwise.
template <class F>
void with_unroll(int unroll, F&& f) {
  switch (unroll) {
    case 1: f(Int<1>{}); break;
    case 2: f(Int<2>{}); break;
    case 4: f(Int<4>{}); break;
    case 8: f(Int<8>{}); break;
    default: throw Error("--unroll " + std::to_string(unroll) + ": expected 1, 2, 4 or 8");
  }
}

// A device accumulator (int64 for int32 inputs, else the input type) as a Sum.
template <class Acc>
Sum to_sum(Acc value) {
  Sum s;
  if constexpr (std::is_integral_v<Acc>) s.integer = value;
  else s.real = static_cast<double>(value);
  return s;
}

}  // namespace hpcs::reduction
