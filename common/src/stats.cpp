// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/base/stats.hpp"

#include <algorithm>
#include <numeric>

#include "hpcs/base/error.hpp"

namespace hpcs {

Stats summarize(std::vector<double> samples) {
  if (samples.empty()) throw Error("summarize: no samples");
  std::sort(samples.begin(), samples.end());
  const std::size_t n = samples.size();
  Stats s;
  s.count = n;
  s.min = samples.front();
  s.max = samples.back();
  s.median = (n % 2) ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(n);
  return s;
}

}  // namespace hpcs
