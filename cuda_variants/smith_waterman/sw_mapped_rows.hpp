// SPDX-License-Identifier: BSD-3-Clause
// Pinned, mapped host staging for the rows between ranks (cuda/multipass): the H and F of
// a row and a ready counter, which the kernel reads or writes through device pointers
// while the host moves them to or from the RowLink (sw_multipass_pump.cpp).
#pragma once
#include <algorithm>
#include <cstdint>

#include "hpcs/cuda/check.hpp"

namespace hpcs::sw::cuda {

struct MappedRows {
  std::int32_t* h = nullptr;
  std::int32_t* f = nullptr;
  long long* ready = nullptr;
  std::int64_t cols = 0;
  void allocate(std::int64_t n) {
    release();
    cols = n;
    HPCS_CUDA_CHECK(cudaHostAlloc(&h, std::max<std::int64_t>(n, 1) * sizeof(std::int32_t), cudaHostAllocMapped));
    HPCS_CUDA_CHECK(cudaHostAlloc(&f, std::max<std::int64_t>(n, 1) * sizeof(std::int32_t), cudaHostAllocMapped));
    HPCS_CUDA_CHECK(cudaHostAlloc(&ready, sizeof(long long), cudaHostAllocMapped));
    *ready = 0;
  }
  void release() {
    if (h) cudaFreeHost(h);
    if (f) cudaFreeHost(f);
    if (ready) cudaFreeHost(ready);
    h = f = nullptr;
    ready = nullptr;
  }
  template <class T>
  static T* device(T* host) {
    T* d = nullptr;
    HPCS_CUDA_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d), host, 0));
    return d;
  }
  ~MappedRows() { release(); }
};

}  // namespace hpcs::sw::cuda
