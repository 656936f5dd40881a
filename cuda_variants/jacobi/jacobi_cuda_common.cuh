// SPDX-License-Identifier: BSD-3-Clause
// What every CUDA Jacobi solver shares: the grid in two device buffers (time level t of an
// advance in buffer (cur + t) % 2, boundaries in both and never written), CUDA-event
// device time of the advances, row transfers, and the shared-memory policy of the tiled
// blocks (plain loads/stores, cp.async for global-to-shared copies).
#pragma once
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "jacobi_hex_rows.hpp"
#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "hpcs/base/error.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi::cuda {

// Memory policy of jacobi_hex1d_block.hpp / jacobi_hhc2d_block.hpp on the GPU. Host-device only so the
// block templates (HPCS_HD) may call it; the host side is never instantiated.
template <class Real>
struct DeviceMem {
  blocks::RowInfo* rows_;
  Real* b0;
  Real* b1;
  Real* b2;
  HPCS_HD blocks::RowInfo* rows() const { return rows_; }
  HPCS_HD Real* buf(int b) const { return b == 0 ? b0 : (b == 1 ? b1 : b2); }
  HPCS_HD Real ld(const Real* base, int idx) const { return base[idx]; }
  HPCS_HD void st(Real* base, int idx, Real v) const { base[idx] = v; }
  HPCS_HD void gst(Real* dst, Real v) const { *dst = v; }
  HPCS_HD void copy(Real* base, int idx, const Real* src) const {
#ifdef __CUDA_ARCH__
    __pipeline_memcpy_async(base + idx, src, sizeof(Real));
#endif
  }
  HPCS_HD void commit() const {
#ifdef __CUDA_ARCH__
    __pipeline_commit();
#endif
  }
  HPCS_HD void wait_prior1() const {
#ifdef __CUDA_ARCH__
    __pipeline_wait_prior(1);
#endif
  }
  HPCS_HD void wait_all() const {
#ifdef __CUDA_ARCH__
    __pipeline_wait_prior(0);
#endif
  }
};

// Bytes of the per-block row table, rounded so the buffers after it stay 16-byte aligned.
HPCS_HD inline std::size_t rows_bytes(int t_T) {
  return (static_cast<std::size_t>(t_T + 1) * sizeof(blocks::RowInfo) + 15) / 16 * 16;
}

struct DeviceLimits {
  int max_smem_optin = 0;  // per block, bytes
  int sms = 0;
};
// Limits of the current device; nullopt without one (unavailable() says why).
inline std::optional<DeviceLimits> device_limits() {
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) {
    cudaGetLastError();
    return std::nullopt;
  }
  DeviceLimits d;
  HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&d.max_smem_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev));
  HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&d.sms, cudaDevAttrMultiProcessorCount, dev));
  return d;
}

inline std::string precision_name(Precision p) { return to_string(p); }

// Threads the kernel can run per block with its register use; reason if fewer than asked.
template <class Kernel>
std::optional<std::string> check_kernel_threads(Kernel k, int threads, const char* what) {
  cudaFuncAttributes a{};
  HPCS_CUDA_CHECK(cudaFuncGetAttributes(&a, k));
  if (threads > a.maxThreadsPerBlock)
    return std::string(what) + ": threads = " + std::to_string(threads) + " per block; the kernel uses " +
           std::to_string(a.numRegs) + " registers per thread, so at most " + std::to_string(a.maxThreadsPerBlock);
  return std::nullopt;
}

template <class Kernel>
int blocks_per_sm(Kernel k, int threads, std::size_t smem) {
  int n = 0;
  HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, threads, smem));
  return n;
}

// The tiled solvers' launches: one per wavefront of `h` that has tiles, launch(w, tiles)
// starting wavefront w's blocks. Notes the wavefronts and the widest one (the solvers'
// details) and returns the launches.
template <class Launch>
std::int64_t launch_wavefronts(const HexTiling& h, std::int64_t& wavefronts, std::int64_t& widest, Launch&& launch) {
  std::int64_t launches = 0;
  wavefronts = h.wavefronts();
  for (std::int64_t w = 0; w < h.wavefronts(); ++w) {
    const std::int64_t tiles = h.tiles(w);
    if (tiles == 0) continue;
    widest = std::max(widest, tiles);
    launch(w, tiles);
    HPCS_CUDA_CHECK_LAUNCH();
    ++launches;
  }
  return launches;
}

template <class Real>
class CudaSolver : public Solver<Real> {
 public:
  void setup(const Problem& local, const Real* grid) override {
    p_ = local;
    const auto n = static_cast<std::size_t>(local.stored());
    for (auto& b : buf_) {
      b.allocate(n);
      b.upload(grid, n);
    }
    cur_ = 0;
    seconds_ = 0;
    launches_ = 0;
    if (!timer_) timer_ = std::make_unique<hpcs::cuda::EventTimer>();
    prepare();
  }
  void advance(std::int64_t steps) override {
    if (steps < 0) throw Error("advance: steps = " + std::to_string(steps) + " must not be negative");
    if (steps == 0) return;
    timer_->start();
    if (p_.interior() > 0) launches_ += launch(steps, buf_[cur_].get(), buf_[1 - cur_].get());
    timer_->stop();
    seconds_ += timer_->seconds();  // waits: advance returns when the device is done
    if (steps % 2) cur_ = 1 - cur_;
  }
  void read_rows(std::int64_t row0, std::int64_t count, Real* out) const override {
    if (count <= 0) return;
    HPCS_CUDA_CHECK(cudaMemcpy(out, buf_[cur_].get() + row0 * p_.cols(), bytes(count), cudaMemcpyDeviceToHost));
  }
  void write_rows(std::int64_t row0, std::int64_t count, const Real* in) override {
    if (count <= 0) return;
    for (const auto& b : buf_)
      HPCS_CUDA_CHECK(cudaMemcpy(b.get() + row0 * p_.cols(), in, bytes(count), cudaMemcpyHostToDevice));
  }
  void download(Real* grid) const override { buf_[cur_].download(grid, static_cast<std::size_t>(p_.stored())); }
  std::optional<double> device_seconds() const override { return seconds_; }

 protected:
  // Launches `steps` >= 1 steps with level 0 in `a`; level t lands in (t even ? a : b).
  // Returns the number of kernel launches.
  virtual std::int64_t launch(std::int64_t steps, Real* a, Real* b) = 0;
  virtual void prepare() {}

  Problem p_;
  std::int64_t launches_ = 0;

 private:
  std::size_t bytes(std::int64_t rows) const { return static_cast<std::size_t>(rows * p_.cols()) * sizeof(Real); }

  hpcs::cuda::DeviceBuffer<Real> buf_[2];
  int cur_ = 0;
  double seconds_ = 0;
  std::unique_ptr<hpcs::cuda::EventTimer> timer_;
};

}  // namespace hpcs::jacobi::cuda
