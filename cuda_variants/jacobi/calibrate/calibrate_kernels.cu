// SPDX-License-Identifier: BSD-3-Clause
// Micro-benchmark kernels of jacobi_calibrate. Each keeps its result alive through a store
// the compiler cannot prove dead, and none is built with fast-math, so no chain is folded.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include "calibrate_copy.cuh"
#include "calibrate_kernels.hpp"
#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/timer.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi::calib {
namespace {

using hpcs::cuda::DeviceBuffer;
using hpcs::cuda::EventTimer;

// ---- kernels -----------------------------------------------------------------------------

__global__ void __launch_bounds__(kCopyThreads)
    copy_via_shared(const float4* __restrict__ in, float4* __restrict__ out, long long n4) {
  __shared__ float4 buf[kCopyThreads * kCopyUnroll];
  copy_chunks<false>(in, out, n4, blockIdx.x, buf);
}

constexpr int kChainThreads = 256;
constexpr int kChainUnroll = 32;  // pairs of operations per loop trip: the loop's own work is ~3%

// x = x op a; x = x op b: a dependent chain (no reassociation without fast-math); a and b
// are run-time values so nothing folds, and x stays near 1 (no overflow or denormals).
template <class Real, bool kMul>
__global__ void __launch_bounds__(kChainThreads) chain(int trips, Real a, Real b, Real* sink) {
  Real x = Real(1) + Real(threadIdx.x) * Real(1e-3);
  for (int i = 0; i < trips; ++i) {
#pragma unroll
    for (int u = 0; u < kChainUnroll; ++u) {
      if (kMul) {
        x = x * a;
        x = x * b;
      } else {
        x = x + a;
        x = x + b;
      }
    }
  }
  if (x == Real(-12345)) sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

constexpr int kPingThreads = 1024;
constexpr int kPingUnroll = 16;

// Each thread swaps its own two words between shared memory and registers: 2 loads and 2
// stores per swap, a warp touches 32 consecutive words (conflict-free), and volatile keeps
// every access. The two words differ, so the data really toggles.
__global__ void __launch_bounds__(kPingThreads) shared_pingpong(int trips, float* sink) {
  __shared__ float a[kPingThreads], b[kPingThreads];
  volatile float* va = a;
  volatile float* vb = b;
  const int t = threadIdx.x;
  va[t] = 1.0f + 0.37f * t;
  vb[t] = -3.0f - 0.11f * t;
  for (int i = 0; i < trips; ++i) {
#pragma unroll
    for (int u = 0; u < kPingUnroll; ++u) {
      const float r1 = va[t];
      const float r2 = vb[t];
      va[t] = r2;
      vb[t] = r1;
    }
  }
  if (va[t] == -12345.0f) sink[blockIdx.x * blockDim.x + t] = vb[t];
}

__global__ void barrier_loop(int trips, int* sink) {
  for (int i = 0; i < trips; ++i) {
#pragma unroll
    for (int u = 0; u < 16; ++u) __syncthreads();
  }
  if (trips < 0 && threadIdx.x == 0) sink[blockIdx.x] = 1;
}

__global__ void empty_kernel() {}

// Compute-only hexagon (1D): rows of width t_S + 2d, d = 0..t_T/2-1 and back, over a
// shared line of w_tile + 2 points, `reps` hexagons per block, a barrier after each row.
template <class Real>
__global__ void hex1d_compute(int t_S, int t_T, int reps, Real* sink) {
  extern __shared__ unsigned char raw[];
  const int half = t_T / 2, width = t_S + t_T;  // w_tile + 2
  Real* prev = reinterpret_cast<Real*>(raw);
  Real* cur = prev + width;
  for (int x = threadIdx.x; x < width; x += blockDim.x) prev[x] = cur[x] = Real(x % 17 + blockIdx.x % 5);
  __syncthreads();
  for (int rep = 0; rep < reps; ++rep)
    for (int r = 0; r < t_T; ++r) {
      const int d = r < half ? r : t_T - 1 - r;
      const int lo = half - d, hi = half + t_S - 1 + d;
      for (int x = lo + static_cast<int>(threadIdx.x); x <= hi; x += blockDim.x)
        cur[x] = jacobi1d_update(prev[x - 1], prev[x], prev[x + 1]);
      __syncthreads();
      Real* s = prev;
      prev = cur;
      cur = s;
    }
  if (threadIdx.x == 0) sink[blockIdx.x] = prev[half];
}

// Compute-only sub-prism (2D): the same hexagon along S1 with t_S2 columns per row, a
// (w_tile + 2) x (t_S2 + 2) shared plane per time level; threads (32, threads / 32).
template <class Real, class Stencil2D>
__global__ void hhc2d_compute(int t_S1, int t_S2, int t_T, int reps, Real* sink) {
  extern __shared__ unsigned char raw[];
  const int half = t_T / 2, rows = t_S1 + t_T, cols = t_S2 + 2;
  Real* prev = reinterpret_cast<Real*>(raw);
  Real* cur = prev + rows * cols;
  const int tid = threadIdx.y * blockDim.x + threadIdx.x, nthr = blockDim.x * blockDim.y;
  for (int q = tid; q < rows * cols; q += nthr) prev[q] = cur[q] = Real(q % 19 + blockIdx.x % 7);
  __syncthreads();
  for (int rep = 0; rep < reps; ++rep)
    for (int r = 0; r < t_T; ++r) {
      const int d = r < half ? r : t_T - 1 - r;
      const int lo = half - d, hi = half + t_S1 - 1 + d;
      for (int i = lo + static_cast<int>(threadIdx.y); i <= hi; i += blockDim.y)
        for (int j = 1 + static_cast<int>(threadIdx.x); j <= t_S2; j += blockDim.x) {
          const int q = i * cols + j;
          cur[q] = Stencil2D::apply(prev[q], prev[q - cols], prev[q + cols], prev[q - 1], prev[q + 1]);
        }
      __syncthreads();
      Real* s = prev;
      prev = cur;
      cur = s;
    }
  if (tid == 0) sink[blockIdx.x] = prev[half * cols + 1];
}

// Compute-only sub-slab (3D): the same hexagon along S1 with t_S2 x t_S3 columns per row, a
// (w_tile + 2) x (t_S2 + 2) x (t_S3 + 2) shared block per time level (halo of one along S2 and
// S3); a 1-D block whose threads share a row's points, k fastest, as the slab tile body.
template <class Real, class Stencil3D>
__global__ void hhc3d_compute(int t_S1, int t_S2, int t_S3, int t_T, int reps, Real* sink) {
  extern __shared__ unsigned char raw[];
  const int half = t_T / 2, rows = t_S1 + t_T, pitch = t_S3 + 2, plane = (t_S2 + 2) * pitch;
  const int columns = t_S2 * t_S3;
  Real* prev = reinterpret_cast<Real*>(raw);
  Real* cur = prev + rows * plane;
  const int tid = static_cast<int>(threadIdx.x), nthr = static_cast<int>(blockDim.x);
  for (int q = tid; q < rows * plane; q += nthr) prev[q] = cur[q] = Real(q % 23 + blockIdx.x % 7);
  __syncthreads();
  for (int rep = 0; rep < reps; ++rep)
    for (int r = 0; r < t_T; ++r) {
      const int d = r < half ? r : t_T - 1 - r;
      const int lo = half - d, hi = half + t_S1 - 1 + d;
      const int points = (hi - lo + 1) * columns;
      for (int p = tid; p < points; p += nthr) {
        const int i = lo + p / columns, jk = p % columns;
        const int q = i * plane + (1 + jk / t_S3) * pitch + 1 + jk % t_S3;
        cur[q] = Stencil3D::apply(prev[q], prev[q - plane], prev[q + plane], prev[q - pitch], prev[q + pitch],
                                  prev[q - 1], prev[q + 1]);
      }
      __syncthreads();
      Real* s = prev;
      prev = cur;
      cur = s;
    }
  if (tid == 0) sink[blockIdx.x] = prev[half * plane + pitch + 1];
}

// ---- helpers -----------------------------------------------------------------------------

template <class Kernel>
int blocks_per_sm(Kernel k, int threads, std::size_t dynamic_smem) {
  int n = 0;
  HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, threads, dynamic_smem));
  if (n < 1) throw Error("micro-benchmark kernel cannot be resident with " + std::to_string(threads) + " threads");
  return n;
}

class Copy final : public Repeatable {
 public:
  Copy(std::size_t floats, int n_sm) : n4_(static_cast<long long>(floats / 4)), in_(floats), out_(floats) {
    fill_pattern<<<4 * n_sm, 256>>>(in_.get(), static_cast<long long>(floats));
    HPCS_CUDA_CHECK_LAUNCH();
    HPCS_CUDA_CHECK(cudaMemset(out_.get(), 0, floats * sizeof(float)));
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    blocks_ = n_sm * blocks_per_sm(copy_via_shared, kCopyThreads, 0);
  }
  double run(int launches) override {
    EventTimer t;
    t.start();
    for (int i = 0; i < launches; ++i) {
      copy_via_shared<<<blocks_, kCopyThreads>>>(reinterpret_cast<const float4*>(in_.get()),
                                                 reinterpret_cast<float4*>(out_.get()), n4_);
      HPCS_CUDA_CHECK_LAUNCH();
    }
    t.stop();
    return t.seconds();
  }
  double units() const override { return 2.0 * 4.0 * static_cast<double>(n4_); }
  std::string describe() const override {
    return "copy global->shared->global, " + std::to_string(4 * n4_) + " floats, " + std::to_string(blocks_) +
           " blocks x " + std::to_string(kCopyThreads) + " threads";
  }

 private:
  long long n4_;
  DeviceBuffer<float> in_, out_;
  int blocks_ = 0;
};

template <class Real, bool kMul>
class Chain final : public Repeatable {
 public:
  explicit Chain(int n_sm) {
    blocks_ = n_sm * blocks_per_sm(chain<Real, kMul>, kChainThreads, 0);
    sink_.allocate(static_cast<std::size_t>(blocks_) * kChainThreads);
  }
  double run(int launches) override {
    const Real a = kMul ? Real(1.0001) : Real(0.5), b = kMul ? Real(0.9999) : Real(-0.49);
    EventTimer t;
    t.start();
    for (int i = 0; i < launches; ++i) {
      chain<Real, kMul><<<blocks_, kChainThreads>>>(kTrips, a, b, sink_.get());
      HPCS_CUDA_CHECK_LAUNCH();
    }
    t.stop();
    return t.seconds();
  }
  double units() const override { return static_cast<double>(blocks_) * kChainThreads * kTrips * 2.0 * kChainUnroll; }
  std::string describe() const override {
    return std::string("dependent chain of ") + (sizeof(Real) == 8 ? "float64 " : "float32 ") + (kMul ? "mul" : "add") +
           ", " + std::to_string(blocks_) + " blocks x " + std::to_string(kChainThreads) + " threads";
  }

 private:
  static constexpr int kTrips = 4096;
  int blocks_ = 0;
  DeviceBuffer<Real> sink_;
};

class PingPong final : public Repeatable {
 public:
  explicit PingPong(int n_sm) {
    blocks_ = n_sm * blocks_per_sm(shared_pingpong, kPingThreads, 0);
    sink_.allocate(static_cast<std::size_t>(blocks_) * kPingThreads);
  }
  double run(int launches) override {
    EventTimer t;
    t.start();
    for (int i = 0; i < launches; ++i) {
      shared_pingpong<<<blocks_, kPingThreads>>>(kTrips, sink_.get());
      HPCS_CUDA_CHECK_LAUNCH();
    }
    t.stop();
    return t.seconds();
  }
  double units() const override { return static_cast<double>(blocks_) * kPingThreads * kTrips * kPingUnroll * 4.0; }
  std::string describe() const override {
    return "shared<->register swaps, " + std::to_string(blocks_) + " blocks x " + std::to_string(kPingThreads) +
           " threads";
  }

 private:
  static constexpr int kTrips = 2048;
  int blocks_ = 0;
  DeviceBuffer<float> sink_;
};

std::int64_t hex_area(int t_T, int t_S) { return static_cast<std::int64_t>(t_T / 2) * (2 * t_S + t_T - 2); }

// Times launch(reps) long enough (~target seconds): a warm-up, a one-hexagon probe scaled up,
// then the best of three; fills s.reps and s.seconds.
template <class Launch>
void time_reps(Launch launch, double target, CiterSample& s) {
  launch(1);  // warm-up (module load, clocks)
  const double one = launch(1);
  auto reps_for = [&](double seconds, long long reps) {
    return std::max(1LL,
                    std::min(1LL << 22, static_cast<long long>(std::ceil(reps * target / std::max(seconds, 1e-7)))));
  };
  s.reps = reps_for(one, 1);
  // The one-hexagon probe is mostly launch latency: scale once more from a real length.
  const double probe = launch(static_cast<int>(s.reps));
  if (probe < 0.5 * target) s.reps = reps_for(probe, s.reps);
  s.seconds = std::numeric_limits<double>::infinity();
  for (int i = 0; i < 3; ++i) s.seconds = std::min(s.seconds, launch(static_cast<int>(s.reps)));
}

template <class Real, class Stencil3D>
CiterSample c_iter3d_typed(int t_T, int t_S1, int t_S2, int t_S3, int threads, double target, const DeviceFacts& dev) {
  CiterSample s;
  s.dims = 3;
  s.f64 = sizeof(Real) == 8;
  s.t_T = t_T;
  s.t_S1 = t_S1;
  s.t_S2 = t_S2;
  s.t_S3 = t_S3;
  s.threads = threads;
  if (t_T < 2 || t_T % 2 || t_S1 < 1 || t_S2 < 1 || t_S3 < 1 || threads < 32 || threads > 1024 || threads % 32)
    throw Error("C_iter 3D configuration out of range");
  const std::size_t smem = c_iter_shared_bytes_3d(s.f64, t_T, t_S1, t_S2, t_S3);
  auto k = hhc3d_compute<Real, Stencil3D>;
  if (smem > 48 * 1024)
    HPCS_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(k), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(smem)));
  s.blocks = 4LL * blocks_per_sm(k, threads, smem) * dev.n_sm;  // four full waves
  DeviceBuffer<Real> sink(static_cast<std::size_t>(s.blocks));
  time_reps(
      [&](int reps) {
        EventTimer t;
        t.start();
        k<<<static_cast<unsigned>(s.blocks), threads, smem>>>(t_S1, t_S2, t_S3, t_T, reps, sink.get());
        HPCS_CUDA_CHECK_LAUNCH();
        t.stop();
        return t.seconds();
      },
      target, s);
  s.iterations = static_cast<double>(s.blocks) * static_cast<double>(s.reps) * static_cast<double>(t_S2) *
                 static_cast<double>(t_S3) * static_cast<double>(hex_area(t_T, t_S1));
  s.c_iter = s.seconds * dev.n_sm * dev.n_v / s.iterations;
  return s;
}

template <class Real, class Stencil2D>
CiterSample c_iter_typed(int dims, int t_T, int t_S1, int t_S2, int threads, double target, const DeviceFacts& dev) {
  CiterSample s;
  s.dims = dims;
  s.f64 = sizeof(Real) == 8;
  s.t_T = t_T;
  s.t_S1 = t_S1;
  s.t_S2 = dims == 2 ? t_S2 : 1;
  s.threads = threads;
  if (t_T < 2 || t_T % 2 || t_S1 < 1 || s.t_S2 < 1 || threads < 32 || threads > 1024 || threads % 32)
    throw Error("C_iter configuration out of range");
  const std::size_t smem = c_iter_shared_bytes(dims, s.f64, t_T, t_S1, s.t_S2);
  auto k1 = hex1d_compute<Real>;
  auto k2 = hhc2d_compute<Real, Stencil2D>;
  if (smem > 48 * 1024) {
    HPCS_CUDA_CHECK(
        cudaFuncSetAttribute(dims == 1 ? reinterpret_cast<const void*>(k1) : reinterpret_cast<const void*>(k2),
                             cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
  }
  const int per_sm = dims == 1 ? blocks_per_sm(k1, threads, smem) : blocks_per_sm(k2, threads, smem);
  s.blocks = 4LL * per_sm * dev.n_sm;  // four full waves: every SM gets the same work
  DeviceBuffer<Real> sink(static_cast<std::size_t>(s.blocks));
  const dim3 block2(32, threads / 32);
  auto launch = [&](int reps) {
    EventTimer t;
    t.start();
    if (dims == 1) hex1d_compute<Real><<<static_cast<unsigned>(s.blocks), threads, smem>>>(t_S1, t_T, reps, sink.get());
    else k2<<<static_cast<unsigned>(s.blocks), block2, smem>>>(t_S1, s.t_S2, t_T, reps, sink.get());
    HPCS_CUDA_CHECK_LAUNCH();
    t.stop();
    return t.seconds();
  };
  time_reps(launch, target, s);
  s.iterations = static_cast<double>(s.blocks) * static_cast<double>(s.reps) * static_cast<double>(s.t_S2) *
                 static_cast<double>(hex_area(t_T, t_S1));
  s.c_iter = s.seconds * dev.n_sm * dev.n_v / s.iterations;
  return s;
}

}  // namespace

int fp32_lanes_per_sm(int major, int minor) {
  switch (major) {
    case 5: return 128;
    case 6: return minor == 0 ? 64 : 128;
    case 7: return 64;
    case 8: return minor == 0 ? 64 : 128;
    case 9: return 128;
    case 10:
    case 11:
    case 12: return 128;
    default:
      throw Error("compute capability " + std::to_string(major) + "." + std::to_string(minor) +
                  ": FP32 lanes per SM unknown (add it to fp32_lanes_per_sm)");
  }
}

DeviceFacts device_facts(int device) {
  cudaDeviceProp p{};
  HPCS_CUDA_CHECK(cudaGetDeviceProperties(&p, device));
  DeviceFacts f;
  f.name = p.name;
  f.cc_major = p.major;
  f.cc_minor = p.minor;
  f.n_sm = p.multiProcessorCount;
  f.n_v = fp32_lanes_per_sm(p.major, p.minor);
  f.smem_sm_bytes = static_cast<double>(p.sharedMemPerMultiprocessor);
  f.smem_block_bytes = static_cast<double>(p.sharedMemPerBlockOptin);
  f.regs_sm = p.regsPerMultiprocessor;
  f.max_blocks_sm = p.maxBlocksPerMultiProcessor;
  f.global_bytes = static_cast<double>(p.totalGlobalMem);
  f.l2_bytes = static_cast<double>(p.l2CacheSize);
  return f;
}

std::unique_ptr<Repeatable> make_copy(std::size_t floats, int n_sm) {
  const std::size_t chunk = 4 * kCopyThreads * kCopyUnroll;
  return std::make_unique<Copy>((floats + chunk - 1) / chunk * chunk, n_sm);
}

std::unique_ptr<Repeatable> make_chain(Op op, int n_sm) {
  switch (op) {
    case Op::FAdd: return std::make_unique<Chain<float, false>>(n_sm);
    case Op::FMul: return std::make_unique<Chain<float, true>>(n_sm);
    case Op::DAdd: return std::make_unique<Chain<double, false>>(n_sm);
    case Op::DMul: return std::make_unique<Chain<double, true>>(n_sm);
  }
  throw Error("unknown operation");
}

std::unique_ptr<Repeatable> make_shared_pingpong(int n_sm) { return std::make_unique<PingPong>(n_sm); }

double barrier_seconds(int n_sm, int threads) {
  DeviceBuffer<int> sink(static_cast<std::size_t>(n_sm));
  auto time = [&](int trips) {
    double best = std::numeric_limits<double>::infinity();
    for (int i = 0; i < 5; ++i) {
      EventTimer t;
      t.start();
      barrier_loop<<<n_sm, threads>>>(trips, sink.get());
      HPCS_CUDA_CHECK_LAUNCH();
      t.stop();
      best = std::min(best, t.seconds());
    }
    return best;
  };
  const int short_trips = 1000, long_trips = 101000;
  const double d = time(long_trips) - time(short_trips);
  return d / (16.0 * (long_trips - short_trips));
}

double launch_seconds(int n_sm, int launches) {
  for (int i = 0; i < 100; ++i) {  // warm-up
    empty_kernel<<<n_sm, 256>>>();
    HPCS_CUDA_CHECK_LAUNCH();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
  }
  WallTimer w;
  for (int i = 0; i < launches; ++i) {
    empty_kernel<<<n_sm, 256>>>();
    HPCS_CUDA_CHECK_LAUNCH();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
  }
  return w.seconds() / launches;
}

std::size_t c_iter_shared_bytes_3d(bool f64, int t_T, int t_S1, int t_S2, int t_S3) {
  const std::size_t word = f64 ? 8 : 4;
  return 2 * word * static_cast<std::size_t>(t_S1 + t_T) * static_cast<std::size_t>(t_S2 + 2) *
         static_cast<std::size_t>(t_S3 + 2);
}

CiterSample c_iter_sample_3d(bool f64, int t_T, int t_S1, int t_S2, int t_S3, int threads, double target_seconds,
                             const DeviceFacts& dev, Stencil stencil) {
  if (stencil == Stencil::Gradient) throw Error("C_iter: 3D has no Gradient stencil");
  return with_stencil3d(stencil, [&](auto policy) {
    using P = decltype(policy);
    return f64 ? c_iter3d_typed<double, P>(t_T, t_S1, t_S2, t_S3, threads, target_seconds, dev)
               : c_iter3d_typed<float, P>(t_T, t_S1, t_S2, t_S3, threads, target_seconds, dev);
  });
}

std::size_t c_iter_shared_bytes(int dims, bool f64, int t_T, int t_S1, int t_S2) {
  const std::size_t word = f64 ? 8 : 4;
  const std::size_t rows = static_cast<std::size_t>(t_S1 + t_T);  // w_tile + 2
  return 2 * word * rows * (dims == 2 ? static_cast<std::size_t>(t_S2 + 2) : 1);
}

CiterSample c_iter_sample(int dims, bool f64, int t_T, int t_S1, int t_S2, int threads, double target_seconds,
                          const DeviceFacts& dev, Stencil stencil) {
  if (dims == 1 && stencil != Stencil::Jacobi) throw Error("C_iter: 1D has the Jacobi stencil only");
  return with_stencil(stencil, [&](auto policy) {
    using P = decltype(policy);
    return f64 ? c_iter_typed<double, P>(dims, t_T, t_S1, t_S2, threads, target_seconds, dev)
               : c_iter_typed<float, P>(dims, t_T, t_S1, t_S2, threads, target_seconds, dev);
  });
}

}  // namespace hpcs::jacobi::calib
