// SPDX-License-Identifier: BSD-3-Clause
// The suite's policy on non-finite results (docs/architecture.md): a result holding NaN or
// infinite values is FAILED in every app, whatever it is compared with. A float32 grid that
// overflowed once "passed" because every variant, the reference included, overflowed alike.
#pragma once
#include <mpi.h>

#include <cmath>
#include <cstddef>
#include <string>
#include <type_traits>

#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/report/report.hpp"

namespace hpcs {

// NaN and infinite values of every rank's data[0, n), summed over the ranks (collective).
template <class T>
long long count_non_finite(const MpiContext& mpi, const T* data, std::size_t n) {
  long long count = 0;
  if constexpr (std::is_floating_point_v<T>)
    for (std::size_t i = 0; i < n; ++i) count += !std::isfinite(data[i]);
  MPI_Allreduce(MPI_IN_PLACE, &count, 1, MPI_LONG_LONG, MPI_SUM, mpi.comm());
  return count;
}

// The verdict on a result with `count` non-finite values of `total` (`what`: "interior
// points", "potentials"); nullopt-like "passed" never: call it only when count > 0.
inline Verification non_finite_result(long long count, long long total, const std::string& what) {
  return {"FAILED", std::to_string(count) + " of " + std::to_string(total) + " " + what +
                        " are not finite (NaN or infinite): the run overflowed or divided by zero"};
}

}  // namespace hpcs
