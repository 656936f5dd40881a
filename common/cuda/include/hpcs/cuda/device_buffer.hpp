// SPDX-License-Identifier: BSD-3-Clause
// Owner of a device allocation. Kernels get the raw pointer; an allocation failure
// throws with the size and the device's free memory, so "out of GPU memory" is a
// readable one-line error.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <string>

#include "hpcs/cuda/check.hpp"

namespace hpcs::cuda {

template <class T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t count) { allocate(count); }
  ~DeviceBuffer() { release(); }
  DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(o.ptr_), count_(o.count_) {
    o.ptr_ = nullptr;
    o.count_ = 0;
  }
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
      release();
      ptr_ = o.ptr_;
      count_ = o.count_;
      o.ptr_ = nullptr;
      o.count_ = 0;
    }
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  void allocate(std::size_t count) {
    release();
    if (count == 0) return;
    const cudaError_t e = cudaMalloc(reinterpret_cast<void**>(&ptr_), count * sizeof(T));
    if (e != cudaSuccess) {
      cudaGetLastError();  // clear the sticky-free error state of a failed allocation
      std::size_t free_b = 0, total_b = 0;
      cudaMemGetInfo(&free_b, &total_b);
      char msg[256];
      std::snprintf(msg, sizeof msg, "out of GPU memory: cannot allocate %.3f GiB (%.3f GiB free of %.3f GiB): %s",
                    count * sizeof(T) / 1073741824.0, free_b / 1073741824.0, total_b / 1073741824.0,
                    cudaGetErrorString(e));
      ptr_ = nullptr;
      throw Error(msg);
    }
    count_ = count;
  }
  void release() {
    if (ptr_) cudaFree(ptr_);
    ptr_ = nullptr;
    count_ = 0;
  }
  void upload(const T* host, std::size_t count) {
    if (count) HPCS_CUDA_CHECK(cudaMemcpy(ptr_, host, count * sizeof(T), cudaMemcpyHostToDevice));
  }
  void download(T* host, std::size_t count) const {
    if (count) HPCS_CUDA_CHECK(cudaMemcpy(host, ptr_, count * sizeof(T), cudaMemcpyDeviceToHost));
  }
  T* get() const { return ptr_; }
  std::size_t size() const { return count_; }

 private:
  T* ptr_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace hpcs::cuda
