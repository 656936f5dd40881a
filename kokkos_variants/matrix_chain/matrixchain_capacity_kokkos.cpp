// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_capacity_kokkos.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>

#include "hpcs/base/error.hpp"
#include "matrixchain_gemm_kokkos.hpp"
#include "matrixchain_variants.hpp"

// (after Kokkos_Core.hpp, which defines KOKKOS_ENABLE_CUDA)
#if defined(KOKKOS_ENABLE_CUDA)
#include <cuda_runtime_api.h>  // fused_resident_teams: the SMs and their shared memory
#endif

namespace hpcs::matrixchain::kokkos {
namespace {

// Chunk widths wanted when the scratch allows: long enough to amortize a barrier, short
// enough that two chunk buffers stay well inside the half of scratch M leaves.
constexpr std::int64_t kChunkK = 32;
constexpr std::int64_t kChunkStream = 64;
// A products-only plan's auto M on a GPU, largest first: 128 x 128 and 64 x 64 patches, the
// compile-time register kernels'.
constexpr std::int64_t kRegisterFastMemory[] = {16384, 4096};

template <class T>
std::size_t shmem(std::int64_t n) {
  return Scratch<T>::shmem_size(static_cast<std::size_t>(n));
}

template <class Real>
std::size_t bytes_of_shape(const StepShape& s, bool fused) {
  return shmem<Real>(std::int64_t(s.x) * s.y) + shmem<Real>(s.work) + (fused ? shmem<std::int64_t>(1) : 0);
}

// The scratch (bytes) of the register kernel of `path` on an x-by-y patch, and the most
// threads its team may have with it.
template <class Real>
std::pair<std::size_t, int> register_needs(GemmPath path, int x, int y) {
  std::pair<std::size_t, int> need{0, 0};
  with_register_kernel<Real>(path, [&](auto kernel) {
    need.first = kernel.scratch_bytes(x, y);
    typename decltype(kernel)::Policy probe(1, 1);
    probe.set_scratch_size(kScratchLevel, Kokkos::PerTeam(need.first));
    need.second = probe.team_size_max(kernel, Kokkos::ParallelForTag());
  });
  return need;
}

// Teams of `team` threads the device runs at once: a register path's thread holds up to 128
// (float32) or 255 (float64) registers, so an SM runs a quarter or an eighth of the threads it
// could (Exec().concurrency(): SMs x 2048 on an H100/H200). 0 on Serial: no split.
template <class Real>
std::int64_t resident_teams(int team) {
  const std::int64_t share = sizeof(Real) == 4 ? 4 : 8;
  return std::int64_t(Exec().concurrency()) / (std::int64_t(team) * share);
}

GemmPath fast_path(int x, int y) {
  if (x == 128) return y == 128 ? GemmPath::Fast128x128 : GemmPath::Fast128x64;
  return y == 128 ? GemmPath::Fast64x128 : GemmPath::Fast64x64;
}

// A 128 side becomes 64 where that pads the dimension less (936 rows: 960, not 1024).
int narrowed(int side, std::int64_t p) {
  const auto padded = [p](std::int64_t w) { return (p + w - 1) / w * w; };
  return side == 128 && padded(64) < padded(128) ? 64 : side;
}

// The register path of a product's x-by-y tile (global dims p), if a team can run one: the
// compile-time kernel for 64/128 sides, else 8 x 8 outputs a thread while that leaves 128 or
// more threads (cuda/*'s rule), else 4 x 4, else whichever of the two the team holds.
template <class Real>
bool register_shape(StepShape& s, const std::vector<std::int64_t>& p, bool shaped, int share) {
  struct Candidate {
    GemmPath path;
    int x, y, micro;
  };
  Candidate c[3];
  int n = 0;
  const auto fast_side = [](int t) { return t == 64 || t == 128; };
  if (fast_side(s.x) && fast_side(s.y)) {
    const int x = shaped ? narrowed(s.x, p[0]) : s.x, y = shaped ? narrowed(s.y, p[2]) : s.y;
    c[n++] = {fast_path(x, y), x, y, 8};
  }
  const bool wide = std::int64_t(s.x / 8) * (s.y / 8) >= 128;
  c[n++] = {wide ? GemmPath::Generic8 : GemmPath::Generic4, s.x, s.y, wide ? 8 : 4};
  c[n++] = {wide ? GemmPath::Generic4 : GemmPath::Generic8, s.x, s.y, wide ? 4 : 8};
  for (int i = 0; i < n; ++i) {
    const std::int64_t micro_tiles = std::int64_t(c[i].x / c[i].micro) * (c[i].y / c[i].micro);
    if (micro_tiles > 1024) continue;  // more threads than any backend's team
    const int team = int(std::max<std::int64_t>(micro_tiles, kMinTeam));
    const auto [bytes, most] = register_needs<Real>(c[i].path, c[i].x, c[i].y);
    if (bytes > scratch_limit() || team > most) continue;
    s.path = c[i].path, s.x = c[i].x, s.y = c[i].y, s.kc = kRegChunk, s.bytes = bytes;
    s.work = std::int64_t(register_gemm_values(s.x, s.y));
    s.team = team;
    const KSplit k = gemm_k_split(p[0], p[1], p[2], s.x, s.y, resident_teams<Real>(team) / std::max(1, share));
    s.splits = k.splits, s.slice = k.slice;
    return true;
  }
  return false;
}

template <class Real>
StepShape shape_for(const Step& step, double fast_memory, int index, bool shaped, int share) {
  const bool fused = step.kind != StepKind::Gemm;
  StepShape s;
  s.x = static_cast<int>(step.tile.x), s.y = static_cast<int>(step.tile.y);
  if (!fused && register_shape<Real>(s, step.p, shaped, share)) return s;
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

std::int64_t fused_resident_teams(int team, [[maybe_unused]] std::size_t scratch) {
  const std::int64_t threads = std::max(team, 1);
  std::int64_t slots = std::int64_t(Exec().concurrency()) / threads;
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<Exec, Kokkos::Cuda>) {
    int device = 0, sms = 0, shared = 0;
    if (cudaGetDevice(&device) == cudaSuccess &&
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) == cudaSuccess &&
        cudaDeviceGetAttribute(&shared, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device) == cudaSuccess &&
        sms > 0) {
      const std::int64_t per_team = std::int64_t(scratch) + std::int64_t(sizeof(double)) * (threads + 2) + 1024;
      slots = std::min<std::int64_t>(slots, std::int64_t(sms) * std::max<std::int64_t>(1, shared / per_team));
    }
  }
#endif
  return std::max<std::int64_t>(1, slots);
}

std::string scratch_name() {
  return std::string("Kokkos ") + Exec::name() + " team scratch level " + std::to_string(kScratchLevel);
}

std::int64_t auto_fast_memory(Precision p, PlanKind plan) {
  if (!kGpuBackend) return kThesisFastMemory;
  if (plan != PlanKind::Fused)
    for (const std::int64_t M : kRegisterFastMemory) {
      StepShape s;
      s.x = s.y = static_cast<int>(std::lround(std::sqrt(double(M))));
      const bool fits = p == Precision::Float32 ? register_shape<float>(s, {M, M, M}, false, 1)
                                                : register_shape<double>(s, {M, M, M}, false, 1);
      if (fits && s.path != GemmPath::Generic4 && s.path != GemmPath::Generic8) return M;
    }
  const std::size_t half = scratch_limit() / 2;
  std::int64_t M = 1;
  while (std::size_t(2 * M) * bytes_of(p) <= half) M *= 2;
  return M;
}

StepShape step_shape(const Step& s, std::size_t elem_bytes, double fast_memory, int index, bool shaped, int share) {
  if (elem_bytes == sizeof(float)) return shape_for<float>(s, fast_memory, index, shaped, share);
  return shape_for<double>(s, fast_memory, index, shaped, share);
}

std::string to_string(GemmPath p) {
  switch (p) {
    case GemmPath::Scratch: return "sums in scratch";
    case GemmPath::Generic4: return "4x4 sums a thread";
    case GemmPath::Generic8: return "8x8 sums a thread";
    default: return "8x8 sums a thread, fixed patch";
  }
}

std::optional<std::string> scratch_misfit(const std::string& name, const Problem& p, const Tuning& t) {
  return reason_of([&] {
    const Plan plan = plan_for(p, t);
    for (std::size_t k = 0; k < plan.steps.size(); ++k) {
      try {
        step_shape(plan.steps[k], bytes_of(p.precision), plan.fast_memory, static_cast<int>(k), t.gemm_shaped);
      } catch (const Error& e) {
        throw Error(name + " (" + to_string(p.precision) + "): " + e.what());
      }
    }
  });
}

}  // namespace hpcs::matrixchain::kokkos
