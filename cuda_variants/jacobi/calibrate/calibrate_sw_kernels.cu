// SPDX-License-Identifier: BSD-3-Clause
// The micro-benchmarks behind Smith-Waterman's energy constants (docs/smith_waterman.md):
// int32 add and max chains, the two DPX instructions the SW cell update calls, and a copy
// through shared memory whose data stay in L2. Like calibrate_kernels.cu, every result
// stays alive through a store the compiler cannot prove dead.
//
// Integer chains cannot be written as x = x + a; x = x + b (the compiler sums a + b once,
// integers being associative), nor as max chains alone (max of fixed operands converges,
// and max(x, max(x, y)) folds): each chain couples two or three values that feed each
// other, so every operation depends on the one before and the data keep changing. Checked
// with nvcc 13.0 for sm_90 (PTX op counts and the kernels' SASS sizes): one instruction per
// operation counted in units(), the DPX intrinsics fused to one instruction each.
#include <cstdint>
#include <string>

#include "calibrate_copy.cuh"
#include "calibrate_kernels.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"

namespace hpcs::jacobi::calib {
namespace {

using hpcs::cuda::DeviceBuffer;
using hpcs::cuda::EventTimer;

constexpr int kIntThreads = 256;
constexpr int kIntUnroll = 32;  // steps per loop trip: the loop's own instructions are a few %
constexpr int kIntTrips = 4096;

// Two's-complement wrap without signed-overflow UB (the chains overflow on purpose).
__device__ __forceinline__ int wrap_add(int a, int b) {
  return static_cast<int>(static_cast<unsigned>(a) + static_cast<unsigned>(b));
}

// Per unrolled step: Add 2 adds; MaxAdd 2 x (max, add); DpxAddMax 3 __viaddmax_s32;
// DpxMax3Add 3 x (__vimax3_s32_relu, add). Max then add has no fused instruction, so
// the max stays one IMNMX (an add then a max would become one VIADDMNMX on sm_90).
template <IntOp kOp>
__global__ void __launch_bounds__(kIntThreads) int_chain(int trips, int a, int b, int* sink) {
  int x = static_cast<int>(threadIdx.x) + a, y = static_cast<int>(blockIdx.x) ^ b, z = a - b;
  for (int i = 0; i < trips; ++i) {
#pragma unroll
    for (int u = 0; u < kIntUnroll; ++u) {
      if constexpr (kOp == IntOp::Add) {
        x = wrap_add(x, y);
        y = wrap_add(y, x);
      } else if constexpr (kOp == IntOp::MaxAdd) {
        x = wrap_add(max(x, y), y);
        y = wrap_add(max(y, x), x);
      } else if constexpr (kOp == IntOp::DpxAddMax) {
        x = __viaddmax_s32(x, y, z);
        y = __viaddmax_s32(y, z, x);
        z = __viaddmax_s32(z, x, y);
      } else {
        x = wrap_add(__vimax3_s32_relu(x, y, z), z);
        y = wrap_add(__vimax3_s32_relu(y, z, x), x);
        z = wrap_add(__vimax3_s32_relu(z, x, y), y);
      }
    }
  }
  if (x == -12345 && y == 12345) sink[blockIdx.x * blockDim.x + threadIdx.x] = z;
}

// The global copy of calibrate_kernels.cu, `passes` times per launch over buffers that fit
// in L2, loading through L2 (copy_chunks<true>); each pass shifts which block takes which chunk.
__global__ void __launch_bounds__(kCopyThreads)
    copy_via_shared_l2(const float4* __restrict__ in, float4* __restrict__ out, long long n4, int passes) {
  __shared__ float4 buf[kCopyThreads * kCopyUnroll];
  for (int pass = 0; pass < passes; ++pass)
    copy_chunks<true>(in, out, n4, (blockIdx.x + static_cast<long long>(pass)) % gridDim.x, buf);
}

template <class Kernel>
int resident_blocks(Kernel k, int threads) {
  int n = 0;
  HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, threads, 0));
  if (n < 1) throw Error("micro-benchmark kernel cannot be resident with " + std::to_string(threads) + " threads");
  return n;
}

template <IntOp kOp>
class IntChain final : public Repeatable {
 public:
  explicit IntChain(int n_sm) {
    blocks_ = n_sm * resident_blocks(int_chain<kOp>, kIntThreads);
    sink_.allocate(static_cast<std::size_t>(blocks_) * kIntThreads);
  }
  double run(int launches) override {
    EventTimer t;
    t.start();
    for (int i = 0; i < launches; ++i) {
      int_chain<kOp><<<blocks_, kIntThreads>>>(kIntTrips, 3, -5, sink_.get());
      HPCS_CUDA_CHECK_LAUNCH();
    }
    t.stop();
    return t.seconds();
  }
  // The measured instruction per step: adds, maxes, DPX add-max or DPX max3 (see int_chain).
  double units() const override {
    const double per_step = kOp == IntOp::Add || kOp == IntOp::MaxAdd ? 2.0 : 3.0;
    return static_cast<double>(blocks_) * kIntThreads * kIntTrips * kIntUnroll * per_step;
  }
  std::string describe() const override {
    const char* what = kOp == IntOp::Add         ? "int32 add chain"
                       : kOp == IntOp::MaxAdd    ? "int32 max chain (one add after each max)"
                       : kOp == IntOp::DpxAddMax ? "DPX __viaddmax_s32 chain"
                                                 : "DPX __vimax3_s32_relu chain (one add after each)";
    return std::string(what) + ", " + std::to_string(blocks_) + " blocks x " + std::to_string(kIntThreads) + " threads";
  }

 private:
  int blocks_ = 0;
  DeviceBuffer<int> sink_;
};

class L2Copy final : public Repeatable {
 public:
  L2Copy(std::size_t floats, int n_sm, int passes)
      : n4_(static_cast<long long>(floats / 4)), passes_(passes), in_(floats), out_(floats) {
    fill_pattern<<<4 * n_sm, 256>>>(in_.get(), static_cast<long long>(floats));
    HPCS_CUDA_CHECK_LAUNCH();
    HPCS_CUDA_CHECK(cudaMemset(out_.get(), 0, floats * sizeof(float)));
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    blocks_ = n_sm * resident_blocks(copy_via_shared_l2, kCopyThreads);
  }
  double run(int launches) override {
    EventTimer t;
    t.start();
    for (int i = 0; i < launches; ++i) {
      copy_via_shared_l2<<<blocks_, kCopyThreads>>>(reinterpret_cast<const float4*>(in_.get()),
                                                    reinterpret_cast<float4*>(out_.get()), n4_, passes_);
      HPCS_CUDA_CHECK_LAUNCH();
    }
    t.stop();
    return t.seconds();
  }
  double units() const override { return 2.0 * 4.0 * static_cast<double>(n4_) * passes_; }
  std::string describe() const override {
    return "copy L2->shared->L2, " + std::to_string(4 * n4_) + " floats in and out, " + std::to_string(passes_) +
           " passes a launch, " + std::to_string(blocks_) + " blocks x " + std::to_string(kCopyThreads) + " threads";
  }

 private:
  long long n4_;
  int passes_;
  DeviceBuffer<float> in_, out_;
  int blocks_ = 0;
};

}  // namespace

std::unique_ptr<Repeatable> make_int_chain(IntOp op, int n_sm) {
  switch (op) {
    case IntOp::Add: return std::make_unique<IntChain<IntOp::Add>>(n_sm);
    case IntOp::MaxAdd: return std::make_unique<IntChain<IntOp::MaxAdd>>(n_sm);
    case IntOp::DpxAddMax: return std::make_unique<IntChain<IntOp::DpxAddMax>>(n_sm);
    case IntOp::DpxMax3Add: return std::make_unique<IntChain<IntOp::DpxMax3Add>>(n_sm);
  }
  throw Error("unknown integer operation");
}

std::unique_ptr<Repeatable> make_l2_copy(std::size_t floats, int n_sm, int passes) {
  const std::size_t chunk = 4 * kCopyThreads * kCopyUnroll;
  if (passes < 1) throw Error("L2 copy: passes must be >= 1");
  return std::make_unique<L2Copy>((floats + chunk - 1) / chunk * chunk, n_sm, passes);
}

}  // namespace hpcs::jacobi::calib
