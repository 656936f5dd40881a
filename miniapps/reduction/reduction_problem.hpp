// SPDX-License-Identifier: BSD-3-Clause
// Element types, host data, sums and launch shapes of the reduction mini-app (no CUDA or
// Kokkos types).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace hpcs::reduction {

enum class DType { Int32, Float32, Float64 };

const char* dtype_name(DType t);  // "int32", "float32", "float64"
std::size_t dtype_bytes(DType t);
DType parse_dtype(const std::string& s);  // throws hpcs::Error

// A rank's slice of the input vector.
using HostArray = std::variant<std::vector<std::int32_t>, std::vector<float>, std::vector<double>>;
DType dtype_of(const HostArray& a);
std::size_t size_of(const HostArray& a);

// A (local or global) sum. int32 inputs are summed exactly in 64-bit integers; float32
// and float64 inputs in their own type on the devices, stored here as double.
struct Sum {
  std::int64_t integer = 0;
  double real = 0;
};

// Launch shape requested by the user. Backends validate it (and say why not).
struct Tuning {
  int block = 0;   // threads per block (team size), power of two; 0: the variant's (with_default_block)
  int grid = 0;    // RK-7 blocks; 0: enough to fill the device once
  int unroll = 4;  // RK-7 grid-stride steps whose loads are issued before they are added
};

// The RK steps' block (team) size: RK-1..RK-7's tuning. cuda/rk7-vec has its own, 1024, where
// its 16-byte loads measured 1.013-1.022x CUB on an H100 (docs/results/reduction_rk7vec_h100.md).
constexpr int kRkBlock = 256;
constexpr int kRk7VecBlock = 1024;

// `t` with `block` in place of 0 (the command line's "the variant's default").
inline Tuning with_default_block(Tuning t, int block) {
  if (t.block == 0) t.block = block;
  return t;
}

// What a variant is asked to reduce: the element type and the global length.
struct Problem {
  DType type = DType::Float32;
  std::uint64_t n = 0;
};

}  // namespace hpcs::reduction
