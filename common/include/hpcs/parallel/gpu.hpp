// SPDX-License-Identifier: BSD-3-Clause
// GPU selection without CUDA types: one GPU per node-local rank. Implemented with the
// CUDA runtime when the suite is built with CUDA, and as "no GPU" otherwise.
#pragma once
#include <cstddef>
#include <optional>
#include <string>

namespace hpcs {

struct GpuDevice {
  int index = -1;  // CUDA runtime index (after CUDA_VISIBLE_DEVICES)
  std::string name;
  std::string pci_bus_id;  // e.g. 0000:1B:00.0; NVML is matched by this, not by index
  std::size_t total_memory = 0;
  int multiprocessors = 0;
  std::string driver_version;   // CUDA driver API version the driver supports, e.g. "13.0"
  std::string runtime_version;  // CUDA runtime the binary was linked with
};

struct GpuSelection {
  std::optional<GpuDevice> device;
  std::string reason;  // why there is no device (printed in skip messages)
};

// Picks device local_rank % visible-count and makes it current for this thread.
GpuSelection select_gpu(int local_rank);

// The selection made by the last select_gpu() call (or "not selected yet").
const GpuSelection& current_gpu();

// Why GPU variants cannot run in this process (no GPU visible, ...); nullopt when they can.
inline std::optional<std::string> no_gpu_reason() {
  const GpuSelection& gpu = current_gpu();
  if (gpu.device) return std::nullopt;
  return gpu.reason;
}

// "NVIDIA H200 (0000:1B:00.0)", or "cpu" without a device: how results name a rank's device.
std::string device_description(const GpuSelection& gpu);

// Marks the start/end of a profiled range (cudaProfilerStart/Stop) when the environment
// sets HPCS_PROFILE_RANGE=1, so Nsight Compute's range replay can total the counters of
// every kernel in one repetition. Returns whether profiling is on (false without CUDA).
bool profile_range(bool start);

}  // namespace hpcs
