// SPDX-License-Identifier: BSD-3-Clause
// The input vector of a rank: read from an HDF5 dataset (its hyperslab only) or
// generated. Generated values depend only on (seed, global index), so any number of
// ranks produces exactly the vector one rank would.
#pragma once
#include <cstdint>
#include <string>

#include "hpcs/parallel/host_memory.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "reduction_problem.hpp"

namespace hpcs::reduction {

// Value ranges: int32 uniform in [-2^30, 2^30) (a 32-bit accumulator would overflow);
// float32/float64 uniform in [-1, 1) (sums with heavy cancellation).
HostArray generate_slice(DType type, std::uint64_t seed, std::uint64_t begin, std::uint64_t count);

struct InputSlice {
  HostArray data;
  std::uint64_t global_n = 0;
  std::uint64_t begin = 0;
};

// Collective. Checks the dataset (exists, 1-D, int32/float32/float64, not empty) and
// that the slice fits in memory; throws hpcs::Error naming the file and the problem on
// every rank if any rank fails.
InputSlice load_slice(const MpiContext& mpi, const std::string& path, const std::string& dataset);
InputSlice generate_input(const MpiContext& mpi, DType type, std::uint64_t n, std::uint64_t seed);

}  // namespace hpcs::reduction
