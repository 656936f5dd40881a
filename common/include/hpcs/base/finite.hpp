// SPDX-License-Identifier: BSD-3-Clause
// The suite's policy on non-finite input (docs/output_format.md): NaN and infinite values
// are refused when read, with the file, dataset and position, in every app; a NaN would
// otherwise pass through every variant and "verify" against itself.
#pragma once
#include <cmath>
#include <cstddef>
#include <optional>
#include <type_traits>

namespace hpcs {

// Index of the first NaN or infinite value of data[0, n); nullopt if none (integers: none).
template <class T>
std::optional<std::size_t> first_non_finite(const T* data, std::size_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    for (std::size_t i = 0; i < n; ++i)
      if (!std::isfinite(data[i])) return i;
  }
  return std::nullopt;
}

}  // namespace hpcs
