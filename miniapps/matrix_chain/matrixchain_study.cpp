// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_study.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <ostream>

#include "hpcs/base/splitmix64.hpp"
#include "matrixchain_plan.hpp"

namespace hpcs::matrixchain {

namespace {
// Table D.1's averages (%), n = 2..20, M = 64K and 96K (digest 6.4).
constexpr double kThesis64[] = {0,    6.58, 7.67, 8.31,  8.81,  8.97,  9.57,  9.49,  9.55, 9.86,
                                9.90, 9.87, 9.80, 10.14, 10.26, 10.15, 10.29, 10.20, 10.53};
constexpr double kThesis96[] = {0,     10.30, 10.76, 12.16, 12.68, 12.68, 13.21, 13.45, 13.59, 13.73,
                                13.95, 13.78, 13.88, 14.09, 14.23, 14.17, 13.81, 14.32, 14.14};
}  // namespace

Dims random_chain(int n, std::int64_t min_dim, std::int64_t max_dim, std::uint64_t seed, std::uint64_t index) {
  Dims d(static_cast<std::size_t>(n + 1));
  const auto span = static_cast<std::uint64_t>(max_dim - min_dim + 1);
  for (std::size_t m = 0; m < d.size(); ++m) {
    const std::uint64_t h = splitmix64(splitmix64(seed ^ (index * 0x9E3779B97F4A7C15ull)) + m);
    d[m] = min_dim + static_cast<std::int64_t>(h % span);
  }
  return d;
}

std::vector<StudyRow> study(int min_n, int max_n, int chains, std::int64_t min_dim, std::int64_t max_dim,
                            std::uint64_t seed, double fast_memory, BetaConvention beta) {
  std::vector<StudyRow> rows;
  for (int n = min_n; n <= max_n; ++n) {
    StudyRow row;
    row.n = n;
    row.min = std::numeric_limits<double>::infinity();
    row.max = -row.min;
    int fused = 0;
    for (int c = 0; c < chains; ++c) {
      const ChainAnalysis a(random_chain(n, min_dim, max_dim, seed, static_cast<std::uint64_t>(n) * 1000003u + c),
                            fast_memory, beta);
      // F <= S (F without fusion is S); a last-bit difference is no saving
      const double saving = n > 1 ? std::max(0.0, 100 * (a.S_total() - a.F_total()) / a.S_total()) : 0.0;
      row.mean += saving / chains;
      row.min = std::min(row.min, saving), row.max = std::max(row.max, saving);
      fused += a.fused_tree().find('[') != std::string::npos;
    }
    row.fused_share = 100.0 * fused / chains;
    rows.push_back(row);
  }
  return rows;
}

void print_study(std::ostream& os, const std::vector<StudyRow>& m64, const std::vector<StudyRow>& m96) {
  char line[256];
  os << "  n | M = 64K: ours mean (min-max)  fused%  thesis | M = 96K: ours mean (min-max)  fused%  thesis\n";
  const auto thesis = [](const double* t, int n) { return n >= 2 && n <= 20 ? t[n - 2] : -1.0; };
  double all64 = 0, all96 = 0;
  for (std::size_t k = 0; k < m64.size(); ++k) {
    const StudyRow &a = m64[k], &b = m96[k];
    std::snprintf(line, sizeof line, "%3d | %6.2f (%5.2f-%5.2f) %6.1f %7.2f | %6.2f (%5.2f-%5.2f) %6.1f %7.2f\n", a.n,
                  a.mean, a.min, a.max, a.fused_share, thesis(kThesis64, a.n), b.mean, b.min, b.max, b.fused_share,
                  thesis(kThesis96, b.n));
    os << line;
    all64 += a.mean / static_cast<double>(m64.size()), all96 += b.mean / static_cast<double>(m96.size());
  }
  std::snprintf(line, sizeof line, "all | %6.2f                          9.44 | %6.2f                         13.27\n",
                all64, all96);
  os << line;
}

}  // namespace hpcs::matrixchain
