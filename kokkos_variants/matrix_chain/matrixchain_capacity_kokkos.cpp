// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_capacity_kokkos.hpp"

#include <algorithm>

#include "hpcs/base/error.hpp"
#include "matrixchain_space_kokkos.hpp"
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain::kokkos {
namespace {

// Chunk widths wanted when the scratch allows: long enough to amortize a barrier, short
// enough that two chunk buffers stay well inside the half of scratch M leaves.
constexpr std::int64_t kChunkK = 32;
constexpr std::int64_t kChunkStream = 64;

template <class T>
std::size_t shmem(std::int64_t n) {
  return Scratch<T>::shmem_size(static_cast<std::size_t>(n));
}

template <class Real>
std::size_t bytes_of_shape(const StepShape& s, bool fused) {
  return shmem<Real>(std::int64_t(s.x) * s.y) + shmem<Real>(s.work) + (fused ? shmem<std::int64_t>(1) : 0);
}

template <class Real>
StepShape shape_for(const Step& step, double fast_memory, int index) {
  const bool fused = step.kind != StepKind::Gemm;
  StepShape s;
  s.x = static_cast<int>(step.tile.x), s.y = static_cast<int>(step.tile.y);
  const std::size_t limit = scratch_limit();
  // The streamed operand's chunk is depth x wc: y rows of Z (left) or x columns of X (right).
  const std::int64_t depth = step.kind == StepKind::FusedLeft ? s.y : s.x;
  const std::size_t fixed = bytes_of_shape<Real>(s, fused);  // the patch (work = 0)
  const std::int64_t slack = 64;                             // elements kept back for the buffers' alignment
  const std::int64_t room = limit > fixed ? std::int64_t((limit - fixed) / sizeof(Real)) - slack : 0;
  s.kc = static_cast<int>(std::clamp<std::int64_t>(room / (s.x + s.y), 0, kChunkK));
  if (fused) s.wc = static_cast<int>(std::clamp<std::int64_t>(room / depth, 0, kChunkStream) / kMicro * kMicro);
  s.work = std::max(std::int64_t(s.kc) * (s.x + s.y), depth * s.wc);
  s.bytes = bytes_of_shape<Real>(s, fused);
  if (s.kc < 1 || (fused && s.wc < kMicro) || s.bytes > limit || s.x % kMicro || s.y % kMicro) {
    StepShape least = s;  // one k at a time, one micro-tile of streamed chunk
    least.kc = 1, least.wc = fused ? kMicro : 0;
    least.work = std::max(std::int64_t(s.x) + s.y, depth * least.wc);
    throw Error("step " + std::to_string(index) + " (" + to_string(step.kind) + ") tile " + std::to_string(s.x) + "x" +
                std::to_string(s.y) + " at M=" + std::to_string(static_cast<long long>(fast_memory)) + " needs " +
                std::to_string(bytes_of_shape<Real>(least, fused)) + " bytes of " + scratch_name() + ", which holds " +
                std::to_string(limit) + " per team");
  }
  return s;
}

}  // namespace

std::size_t scratch_limit() {
#if KOKKOS_VERSION >= 30000
  return static_cast<std::size_t>(Policy::scratch_size_max(kScratchLevel));
#else
  return kScratchLevel == 0 ? 32 * 1024 : 20 * 1024 * 1024;  // older Kokkos: its documented defaults
#endif
}

std::string scratch_name() {
  return std::string("Kokkos ") + Exec::name() + " team scratch level " + std::to_string(kScratchLevel);
}

std::int64_t auto_fast_memory(Precision p) {
  if (!kGpuBackend) return kThesisFastMemory;
  const std::size_t half = scratch_limit() / 2;
  std::int64_t M = 1;
  while (std::size_t(2 * M) * bytes_of(p) <= half) M *= 2;
  return M;
}

StepShape step_shape(const Step& s, std::size_t elem_bytes, double fast_memory, int index) {
  if (elem_bytes == sizeof(float)) return shape_for<float>(s, fast_memory, index);
  return shape_for<double>(s, fast_memory, index);
}

std::optional<std::string> scratch_misfit(const std::string& name, const Problem& p, const Tuning& t) {
  return reason_of([&] {
    const Plan plan = plan_for(p, t);
    for (std::size_t k = 0; k < plan.steps.size(); ++k) {
      try {
        step_shape(plan.steps[k], bytes_of(p.precision), plan.fast_memory, static_cast<int>(k));
      } catch (const Error& e) {
        throw Error(name + " (" + to_string(p.precision) + "): " + e.what());
      }
    }
  });
}

}  // namespace hpcs::matrixchain::kokkos
