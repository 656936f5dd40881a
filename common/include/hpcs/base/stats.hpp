// SPDX-License-Identifier: BSD-3-Clause
// Summary statistics of repeated timings (or any samples).
#pragma once
#include <cstddef>
#include <vector>

namespace hpcs {

struct Stats {
  double min = 0, median = 0, max = 0, mean = 0;
  std::size_t count = 0;
};

// Throws hpcs::Error on an empty sample set; the median of an even count is the
// mean of the two middle values.
Stats summarize(std::vector<double> samples);

}  // namespace hpcs
