// SPDX-License-Identifier: BSD-3-Clause
// Host checks shared by the kernel files: a kernel gets the dynamic shared memory its shape
// needs (above 48 KiB only after opting in), and must fit the shape's threads with its
// registers; either failure is a readable hpcs::Error, never a failed launch.
#pragma once
#include <cuda_runtime.h>

#include <string>

#include "hpcs/cuda/check.hpp"
#include "hpcs/base/error.hpp"
#include "matrixchain_launch_shape.hpp"

namespace hpcs::matrixchain::cuda {

// Kernel attributes are global: the limit only ever grows, so a step (or another executor)
// that needs less never takes shared memory from one that needs more.
template <class Kernel>
void prepare_kernel(Kernel* kernel, std::size_t shared_bytes, int threads, const char* what) {
  cudaFuncAttributes a{};
  HPCS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
  if (static_cast<std::size_t>(a.maxDynamicSharedSizeBytes) < shared_bytes)
    HPCS_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(shared_bytes)));
  if (a.maxThreadsPerBlock < threads)
    throw Error(std::string(what) + ": " + std::to_string(threads) +
                " threads per block requested, its registers allow " + std::to_string(a.maxThreadsPerBlock));
}

// 1-D grids: the blocks of a launch as an unsigned int, refused past CUDA's grid limit.
inline unsigned grid_of(std::int64_t blocks, const char* what) {
  if (blocks > 2147483647LL)
    throw Error(std::string(what) + ": " + std::to_string(blocks) + " blocks exceed the grid limit");
  return static_cast<unsigned>(blocks);
}

}  // namespace hpcs::matrixchain::cuda
