// SPDX-License-Identifier: BSD-3-Clause
// a / b rounded up, for counts of tiles, blocks and rows (a >= 0, b > 0).
#pragma once
#include <cstdint>

#include "hpcs/base/hd.hpp"

namespace hpcs {

HPCS_HD constexpr std::int64_t ceil_div(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

}  // namespace hpcs
