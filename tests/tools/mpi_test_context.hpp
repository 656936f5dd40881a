// SPDX-License-Identifier: BSD-3-Clause
// The MPI context of the test process (set by gtest_mpi_main.cpp).
#pragma once
#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs::testing {
extern const MpiContext* g_mpi;
inline const MpiContext& mpi() { return *g_mpi; }
}  // namespace hpcs::testing
