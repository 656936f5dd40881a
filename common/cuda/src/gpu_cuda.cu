// SPDX-License-Identifier: BSD-3-Clause
// GPU selection with the CUDA runtime: device = node-local rank % visible devices.
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#include <cstdlib>
#include <cstring>

#include <string>

#include "hpcs/parallel/gpu.hpp"

namespace hpcs {
namespace {
GpuSelection g_selection{std::nullopt, "not selected yet"};
}

GpuSelection select_gpu(int local_rank) {
  int count = 0;
  const cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    cudaGetLastError();
    g_selection = {std::nullopt, e != cudaSuccess ? std::string("no CUDA GPU visible (") + cudaGetErrorString(e) + ")"
                                                  : std::string("no CUDA GPU visible (0 devices)")};
    return g_selection;
  }
  GpuDevice d;
  d.index = local_rank % count;
  cudaDeviceProp prop{};
  if (cudaSetDevice(d.index) != cudaSuccess || cudaGetDeviceProperties(&prop, d.index) != cudaSuccess) {
    g_selection = {std::nullopt, "CUDA device " + std::to_string(d.index) +
                                     " cannot be used: " + cudaGetErrorString(cudaGetLastError())};
    return g_selection;
  }
  char bus[32] = {};
  if (cudaDeviceGetPCIBusId(bus, sizeof bus, d.index) != cudaSuccess) {
    g_selection = {std::nullopt, "CUDA device " + std::to_string(d.index) +
                                     " has no PCI bus id: " + cudaGetErrorString(cudaGetLastError())};
    return g_selection;
  }
  d.name = prop.name;
  d.pci_bus_id = bus;
  d.total_memory = prop.totalGlobalMem;
  d.multiprocessors = prop.multiProcessorCount;
  const auto version = [](int v) { return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10); };
  int driver = 0, runtime = 0;
  if (cudaDriverGetVersion(&driver) == cudaSuccess) d.driver_version = version(driver);
  if (cudaRuntimeGetVersion(&runtime) == cudaSuccess) d.runtime_version = version(runtime);
  g_selection = {d, ""};
  return g_selection;
}

const GpuSelection& current_gpu() { return g_selection; }

bool profile_range(bool start) {
  static const bool enabled = [] {
    const char* v = std::getenv("HPCS_PROFILE_RANGE");
    return v && std::strcmp(v, "1") == 0;
  }();
  if (!enabled || !g_selection.device) return false;
  cudaDeviceSynchronize();
  if (start) cudaProfilerStart();
  else cudaProfilerStop();
  return true;
}

}  // namespace hpcs
