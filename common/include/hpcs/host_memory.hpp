// SPDX-License-Identifier: BSD-3-Clause
// Absurd sizes fail early with a readable message instead of std::bad_alloc.
#pragma once
#include <cstdint>
#include <string>

namespace hpcs {

// Throws hpcs::Error "<what> needs X GB but this machine has Y GB of memory" when `bytes`
// exceed 80% of the machine's physical memory.
void check_fits_in_memory(std::uint64_t bytes, const std::string& what);

}  // namespace hpcs
