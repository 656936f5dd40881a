// SPDX-License-Identifier: BSD-3-Clause
// This backend's fast memory M: a block's shared memory, read off the current device. Auto
// M leaves half of it to the staged chunks, so any tile of M elements fits (launch_shape).
#include <cuda_runtime.h>

#include "matrixchain_cuda_factories.hpp"
#include "hpcs/cuda/check.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "matrixchain_launch_shape.hpp"

namespace hpcs::matrixchain::cuda {

namespace {
// Whether the square patch of M (sides rounded down to the granule) runs in every kernel.
bool square_patch_fits(std::int64_t M, Precision p, std::size_t shared_limit) {
  std::int64_t side = kTileGranule;
  while ((side + kTileGranule) * (side + kTileGranule) <= M) side += kTileGranule;
  const Tile t{side, side};
  for (StepKind k : {StepKind::Gemm, StepKind::FusedLeft, StepKind::FusedRight})
    if (shape_problem(k, t, p, shared_limit)) return false;
  return true;
}
}  // namespace

std::size_t shared_memory_per_block() {
  int device = 0, bytes = 0;
  HPCS_CUDA_CHECK(cudaGetDevice(&device));
  HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  return static_cast<std::size_t>(bytes);
}

int multiprocessors() {
  int device = 0, sms = 0;
  HPCS_CUDA_CHECK(cudaGetDevice(&device));
  HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  return sms;
}

std::int64_t cuda_auto_fast_memory(Precision p) {
  const std::size_t shared = shared_memory_per_block(), element = bytes_of(p);
  std::int64_t M = kTileGranule * kTileGranule;
  while (static_cast<std::size_t>(2 * M) * element <= shared / 2) M *= 2;
  while (M > kTileGranule * kTileGranule && !square_patch_fits(M, p, shared)) M /= 2;
  return M;
}

Tuning with_auto_fast_memory(const Problem& p, Tuning t) {
  if (t.fast_memory == 0) t.fast_memory = no_gpu_reason() ? kThesisFastMemory : cuda_auto_fast_memory(p.precision);
  return t;
}

std::optional<std::string> tile_reason(const std::string& name, const Problem& p, const Tuning& t) {
  std::optional<std::string> why;
  if (auto failed = reason_of([&] {
        const Plan plan = plan_for(p, t);
        why = plan_refusal(name, plan, p.precision, shared_memory_per_block(), cuda_auto_fast_memory(p.precision));
      }))
    return name + ": " + *failed;
  return why;
}

}  // namespace hpcs::matrixchain::cuda
