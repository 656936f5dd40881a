// SPDX-License-Identifier: BSD-3-Clause
// Device time of Kokkos work, so Kokkos and raw CUDA variants are timed alike: CUDA
// events on the default execution space's stream when Kokkos runs on CUDA; no device
// time otherwise (the harness then uses the wall clock). Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>

#include <optional>

#if defined(KOKKOS_ENABLE_CUDA)
#include "hpcs/cuda/event_timer.hpp"
#endif

namespace hpcs {

class KokkosDeviceTimer {
 public:
#if defined(KOKKOS_ENABLE_CUDA)
  KokkosDeviceTimer() = default;
  // The raw CUDA variants' event pair, on the stream Kokkos launches into.
  void start() { events_.start(stream()); }
  void stop() { events_.stop(stream()); }
  std::optional<double> seconds() const { return events_.seconds(); }

 private:
  static cudaStream_t stream() { return Kokkos::DefaultExecutionSpace().cuda_stream(); }
  cuda::EventTimer events_;
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
