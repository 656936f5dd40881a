// SPDX-License-Identifier: BSD-3-Clause
// What every CUDA GEM step shares: setup uploads the molecule (and lets the step prepare),
// run times the step's kernels with CUDA events and waits for them, potentials downloads.
// Also the launch checks of the factories: the block size a kernel's registers allow.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <optional>
#include <string>

#include "gem_cuda_terms.cuh"
#include "gem_launch_shape.hpp"
#include "gem_device_molecule.cuh"
#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::gem::cuda {

template <class Real>
class CudaEvaluator : public Evaluator {
 public:
  void setup(const Inputs& in) override {
    m_.upload(in, layout());
    constants_ = in.constants;
    prepare(in);
  }
  void run() override {
    timer_.start();
    if (m_.vertices() > 0) launch();
    timer_.stop();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    ran_ = true;
  }
  void potentials(double* out) override { m_.download(out); }
  std::optional<double> device_seconds() const override {
    if (!ran_) return std::nullopt;
    return timer_.seconds();
  }

 protected:
  virtual AtomLayout layout() const = 0;
  virtual void prepare(const Inputs&) {}
  virtual void launch() = 0;  // the kernels of one run, on the default stream
  std::string case_text() const { return case_name(constants_.region, constants_.salt, constants_.phi); }

  DeviceMolecule<Real> m_;
  PairConstants<double> constants_;

 private:
  hpcs::cuda::EventTimer timer_;
  bool ran_ = false;
};

// The most threads per block a kernel's registers (and local memory) allow.
template <class Kernel>
int max_threads_of(Kernel* kernel) {
  cudaFuncAttributes a{};
  HPCS_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
  return a.maxThreadsPerBlock;
}

// The same over the kernels of every case: kernel_of(case tag) returns the instantiation.
template <class KernelOf>
int max_threads_over_cases(KernelOf&& kernel_of) {
  int most = 1024;
  for_each_kernel_case([&](auto c) { most = std::min(most, max_threads_of(kernel_of(c))); });
  return most;
}

// Throws the --block error when `block` exceeds what the kernels allow.
inline void check_block_fits(int block, int most, const std::string& what) {
  if (block > most)
    throw Error("--block " + std::to_string(block) + ": " + what + " fits at most " + std::to_string(most) +
                " threads per block (its registers)");
}

template <class Real>
Precision precision_of() {
  return sizeof(Real) == 4 ? Precision::Float32 : Precision::Float64;
}

}  // namespace hpcs::gem::cuda
