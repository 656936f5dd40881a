// SPDX-License-Identifier: BSD-3-Clause
// Device time of Kokkos work, so Kokkos and raw CUDA variants are timed alike: CUDA
// events on the default execution space's stream when Kokkos runs on CUDA; no device
// time otherwise (the harness then uses the wall clock). Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>

#include <optional>

#if defined(KOKKOS_ENABLE_CUDA)
#include "hpcs/cuda/check.hpp"
#endif

namespace hpcs {

class KokkosDeviceTimer {
 public:
#if defined(KOKKOS_ENABLE_CUDA)
  KokkosDeviceTimer() {
    HPCS_CUDA_CHECK(cudaEventCreate(&start_));
    HPCS_CUDA_CHECK(cudaEventCreate(&stop_));
  }
  ~KokkosDeviceTimer() {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }
  void start() { HPCS_CUDA_CHECK(cudaEventRecord(start_, stream())); }
  void stop() { HPCS_CUDA_CHECK(cudaEventRecord(stop_, stream())); }
  std::optional<double> seconds() const {
    HPCS_CUDA_CHECK(cudaEventSynchronize(stop_));
    float ms = 0;
    HPCS_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
    return 1e-3 * static_cast<double>(ms);
  }

 private:
  static cudaStream_t stream() { return Kokkos::DefaultExecutionSpace().cuda_stream(); }
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
#else
  KokkosDeviceTimer() = default;
  void start() {}
  void stop() {}
  std::optional<double> seconds() const { return std::nullopt; }
#endif
 public:
  KokkosDeviceTimer(const KokkosDeviceTimer&) = delete;
  KokkosDeviceTimer& operator=(const KokkosDeviceTimer&) = delete;
};

}  // namespace hpcs
