// Throughput of DPX and packed-16 integer ops on sm_90 (exploration, not part of the suite).
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
#define CK(x)                                                              \
  do {                                                                     \
    cudaError_t e_ = (x);                                                  \
    if (e_ != cudaSuccess) {                                               \
      printf("cuda error %s line %d\n", cudaGetErrorString(e_), __LINE__); \
      return 1;                                                            \
    }                                                                      \
  } while (0)
template <int OP>
__device__ __forceinline__ unsigned op(unsigned x, unsigned d, unsigned y) {
  if constexpr (OP == 0) return (unsigned)__viaddmax_s32((int)x, (int)d, (int)y);
  if constexpr (OP == 1) return __viaddmax_s16x2(x, d, y);
  if constexpr (OP == 2) return __vimax3_s16x2_relu(x, d, y);
  if constexpr (OP == 3) {
    bool lo, hi;
    unsigned r = __vibmax_s16x2(x, y, &lo, &hi);
    return r + (lo ? d : 0u) + (hi ? 1u : 0u);
  }
  if constexpr (OP == 4) return __vadd2(x, d) ^ y;
  if constexpr (OP == 5) return __vmaxs2(x, y) + d;
  if constexpr (OP == 6) return (unsigned)__vimax3_s32_relu((int)x, (int)d, (int)y);
  if constexpr (OP == 7) return x + d + y;
  if constexpr (OP == 8) return __viaddmax_s16x2_relu(x, d, y);
  if constexpr (OP == 9) return (unsigned)max((int)x, (int)y) + d;
  if constexpr (OP == 10) return __vimax_s16x2_relu(x, y) + d;
  if constexpr (OP == 11) return __vsub2(x, d) ^ y;
  return x;
}
template <int OP>
__global__ void bench(unsigned* out, unsigned d, int iters) {
  unsigned x[8];
#pragma unroll
  for (int k = 0; k < 8; ++k) x[k] = threadIdx.x * 7u + k * 131u + blockIdx.x;
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int r = 0; r < 16; ++r)
#pragma unroll
      for (int k = 0; k < 8; ++k) x[k] = op<OP>(x[k], d, x[(k + 3) & 7]);
  }
  unsigned s = 0;
#pragma unroll
  for (int k = 0; k < 8; ++k) s ^= x[k];
  if (s == 0x12345678u) out[0] = s;
}
template <int OP>
int run(const char* name, unsigned* out, int sms, double clk_ghz) {
  const int blocks = sms * 8, threads = 256, iters = 4096;
  bench<OP><<<blocks, threads>>>(out, 0xfffefffeu, 16);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  cudaEventRecord(a);
  bench<OP><<<blocks, threads>>>(out, 0xfffefffeu, iters);
  cudaEventRecord(b);
  CK(cudaGetLastError());
  CK(cudaEventSynchronize(b));
  float ms;
  cudaEventElapsedTime(&ms, a, b);
  double ops = double(blocks) * threads * iters * 16 * 8;
  double per_clk_sm = ops / (ms * 1e-3) / (clk_ghz * 1e9) / sms;
  printf("%-28s %8.3f ms  %.3e ops/s  %6.1f lane-ops/clk/SM (at %.2f GHz)\n", name, ms, ops / (ms * 1e-3), per_clk_sm,
         clk_ghz);
  return 0;
}
int main() {
  cudaDeviceProp p;
  CK(cudaGetDeviceProperties(&p, 0));
  int clk_khz = 0;
  cudaDeviceGetAttribute(&clk_khz, cudaDevAttrClockRate, 0);
  double ghz = clk_khz / 1e6;
  printf(
      "%s, %d SMs, max clock %.3f GHz (ops/clk figures use it; counted per op call, an op may be several "
      "instructions)\n",
      p.name, p.multiProcessorCount, ghz);
  unsigned* out;
  CK(cudaMalloc(&out, 4));
  run<7>("iadd3 (x+d+y)", out, p.multiProcessorCount, ghz);
  run<9>("max+add s32", out, p.multiProcessorCount, ghz);
  run<0>("__viaddmax_s32", out, p.multiProcessorCount, ghz);
  run<6>("__vimax3_s32_relu", out, p.multiProcessorCount, ghz);
  run<1>("__viaddmax_s16x2", out, p.multiProcessorCount, ghz);
  run<8>("__viaddmax_s16x2_relu", out, p.multiProcessorCount, ghz);
  run<2>("__vimax3_s16x2_relu", out, p.multiProcessorCount, ghz);
  run<10>("__vimax_s16x2_relu+add", out, p.multiProcessorCount, ghz);
  run<3>("__vibmax_s16x2+2sel+2add", out, p.multiProcessorCount, ghz);
  run<4>("__vadd2^y", out, p.multiProcessorCount, ghz);
  run<11>("__vsub2^y", out, p.multiProcessorCount, ghz);
  run<5>("__vmaxs2+add", out, p.multiProcessorCount, ghz);
  return 0;
}
