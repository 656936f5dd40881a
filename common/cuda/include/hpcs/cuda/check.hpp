// SPDX-License-Identifier: BSD-3-Clause
// Every CUDA call is checked; a failure throws hpcs::Error with the call, file and line.
// HPCS_CUDA_CHECK_LAUNCH() checks the last error right after a kernel launch.
#pragma once
#include <cuda_runtime.h>

#include <string>

#include "hpcs/base/error.hpp"

namespace hpcs::cuda {

[[noreturn]] inline void fail(cudaError_t e, const char* what, const char* file, int line) {
  throw Error(std::string("CUDA error: ") + what + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) +
              ") at " + file + ":" + std::to_string(line));
}

}  // namespace hpcs::cuda

#define HPCS_CUDA_CHECK(call)                                                                         \
  do {                                                                                                \
    const cudaError_t hpcs_cuda_err_ = (call);                                                        \
    if (hpcs_cuda_err_ != cudaSuccess) ::hpcs::cuda::fail(hpcs_cuda_err_, #call, __FILE__, __LINE__); \
  } while (0)

#define HPCS_CUDA_CHECK_LAUNCH() HPCS_CUDA_CHECK(cudaGetLastError())
