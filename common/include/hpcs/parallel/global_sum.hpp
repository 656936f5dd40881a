// SPDX-License-Identifier: BSD-3-Clause
// A sum of every rank's values that does not depend on how they are split: Neumaier's
// compensated sum of a rank's values, then of the ranks' (sum, compensation) pairs in rank
// order, on every rank. Apps use it for the summaries their runs print (totals, norms).
#pragma once
#include <vector>

#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs {

// Collective: the sum of v (of v squared with `squares`) over all ranks.
double compensated_sum_over_ranks(const MpiContext& mpi, const std::vector<double>& v, bool squares = false);

}  // namespace hpcs
