// SPDX-License-Identifier: BSD-3-Clause
// --gpu-clock MHz (seed 003's clock study): the SM clock locked at one frequency through
// NVML for the run, only where the user has the permission (root, or the admin's
// `nvidia-smi -acp UNRESTRICTED`), and reset afterwards: when the lock goes out of scope,
// on an error, and from the SIGINT/SIGTERM handler (hpcs/io/temporary_files.hpp). Without
// the permission, or without NVML, the constructor throws one error naming the option and
// the reason, having changed nothing. Never use it on machines you do not own.
#pragma once
#include <memory>
#include <string>

namespace hpcs {

class GpuClockLock {
 public:
  GpuClockLock(const std::string& pci_bus_id, unsigned int mhz);  // throws hpcs::Error
  ~GpuClockLock();                                                // resets the locked clocks
  GpuClockLock(const GpuClockLock&) = delete;
  GpuClockLock& operator=(const GpuClockLock&) = delete;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hpcs
