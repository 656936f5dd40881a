// SPDX-License-Identifier: BSD-3-Clause
// GoogleTest main for tests that run under mpiexec (also fine with one process):
// MPI lives for the whole run, only rank 0 prints, and the exit code is non-zero on every
// rank if any rank failed. Tests must make the same collective calls on every rank (use
// EXPECT_*, not ASSERT_*, around collectives). Built with HPCS_TEST_DEVICES it also picks
// this rank's GPU and starts the backends' runtimes (Kokkos) around the tests.
#include <gtest/gtest.h>

#include "hpcs/parallel/mpi_context.hpp"
#if HPCS_TEST_DEVICES
#include "hpcs/harness/backend_runtime.hpp"
#include "hpcs/parallel/gpu.hpp"
#endif

namespace hpcs::testing {
const MpiContext* g_mpi = nullptr;
}

int main(int argc, char** argv) {
  hpcs::MpiContext mpi(argc, argv);
  hpcs::testing::g_mpi = &mpi;
  ::testing::InitGoogleTest(&argc, argv);
  if (!mpi.root()) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  int failed = 0;
  {
#if HPCS_TEST_DEVICES
    hpcs::select_gpu(mpi.local_rank());
    hpcs::BackendRuntimes runtimes(hpcs::current_gpu());
#endif
    failed = RUN_ALL_TESTS() != 0 ? 1 : 0;
  }
  int any = 0;
  MPI_Allreduce(&failed, &any, 1, MPI_INT, MPI_MAX, mpi.comm());
  return any;
}
