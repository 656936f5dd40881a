// SPDX-License-Identifier: BSD-3-Clause
// Device time of a region of one stream, measured with a pair of CUDA events.
#pragma once
#include <cuda_runtime.h>

#include "hpcs/cuda/check.hpp"

namespace hpcs::cuda {

class EventTimer {
 public:
  EventTimer() {
    HPCS_CUDA_CHECK(cudaEventCreate(&start_));
    HPCS_CUDA_CHECK(cudaEventCreate(&stop_));
  }
  ~EventTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;

  void start(cudaStream_t s = nullptr) { HPCS_CUDA_CHECK(cudaEventRecord(start_, s)); }
  void stop(cudaStream_t s = nullptr) { HPCS_CUDA_CHECK(cudaEventRecord(stop_, s)); }
  // Waits for the stop event; seconds between the two events.
  double seconds() const {
    HPCS_CUDA_CHECK(cudaEventSynchronize(stop_));
    float ms = 0;
    HPCS_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
    return 1e-3 * static_cast<double>(ms);
  }

 private:
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
};

}  // namespace hpcs::cuda
