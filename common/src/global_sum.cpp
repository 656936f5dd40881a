// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/parallel/global_sum.hpp"

#include <cmath>

namespace hpcs {

double compensated_sum_over_ranks(const MpiContext& mpi, const std::vector<double>& v, bool squares) {
  double s = 0, c = 0;
  for (double x : v) {
    const double y = squares ? x * x : x, t = s + y;
    c += std::fabs(s) >= std::fabs(y) ? (s - t) + y : (y - t) + s;
    s = t;
  }
  const double mine[2] = {s, c};
  std::vector<double> all(2 * static_cast<std::size_t>(mpi.size()));
  MPI_Allgather(mine, 2, MPI_DOUBLE, all.data(), 2, MPI_DOUBLE, mpi.comm());
  double total = 0;
  for (double x : all) total += x;
  return total;
}

}  // namespace hpcs
