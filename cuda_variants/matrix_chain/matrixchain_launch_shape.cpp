// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_launch_shape.hpp"

#include <algorithm>

#include "hpcs/base/ceil_div.hpp"

namespace hpcs::matrixchain::cuda {

namespace {
// A kernel's own __shared__ variables (the block's ticket) beside the dynamic buffer.
constexpr std::size_t kStaticShared = 16;

std::int64_t threads_of(const Tile& t, int micro) { return (t.x / micro) * (t.y / micro); }

std::string kib(std::size_t bytes) { return std::to_string((bytes + 1023) / 1024) + " KiB"; }
}  // namespace

int micro_tile(const Tile& t) { return threads_of(t, 8) >= 128 ? 8 : 4; }

int max_threads(Precision p, int micro) { return micro == 8 && p == Precision::Float64 ? 256 : 512; }

std::size_t shared_bytes(StepKind kind, const Tile& t, Precision p, int chunk) {
  const auto x = static_cast<std::size_t>(t.x), y = static_cast<std::size_t>(t.y);
  std::size_t elements = kStages * static_cast<std::size_t>(chunk) * ((x + kPad) + (y + kPad));
  if (kind == StepKind::FusedLeft) elements += y * (x + kPad);   // T transposed: y rows of x
  if (kind == StepKind::FusedRight) elements += x * (y + kPad);  // T: x rows of y
  return elements * bytes_of(p);
}

std::optional<std::string> shape_problem(StepKind kind, const Tile& t, Precision p, std::size_t shared_limit) {
  const int micro = micro_tile(t);
  const std::int64_t threads = threads_of(t, micro);
  if (threads > max_threads(p, micro))
    return "needs " + std::to_string(threads) + " threads (" + std::to_string(micro) + " x " + std::to_string(micro) +
           " outputs each); this kernel allows " + std::to_string(max_threads(p, micro)) + " per block in " +
           to_string(p);
  const std::size_t least = shared_bytes(kind, t, p, 1) + kStaticShared;
  if (least > shared_limit)
    return "needs " + kib(least) + " of shared memory; this GPU allows " + kib(shared_limit) + " per block";
  return std::nullopt;
}

KernelShape kernel_shape(StepKind kind, const Tile& t, Precision p, std::size_t shared_limit) {
  KernelShape s;
  s.micro = micro_tile(t);
  s.threads = static_cast<int>(threads_of(t, s.micro));
  s.chunk = kMaxChunk;
  while (s.chunk > 1 && shared_bytes(kind, t, p, s.chunk) + kStaticShared > shared_limit) s.chunk /= 2;
  s.shared_bytes = shared_bytes(kind, t, p, s.chunk);
  return s;
}

std::optional<std::string> plan_refusal(const std::string& name, const Plan& plan, Precision p,
                                        std::size_t shared_limit, std::int64_t suggested_fast_memory) {
  for (const Step& s : plan.steps) {
    const std::optional<std::string> why = shape_problem(s.kind, s.tile, p, shared_limit);
    if (!why) continue;
    return name + ": the " + to_string(s.kind) + " tile " + std::to_string(s.tile.x) + " x " +
           std::to_string(s.tile.y) + " (M = " + std::to_string(static_cast<long long>(plan.fast_memory)) + ", " +
           to_string(p) + ") " + *why + "; use --fast-memory " + std::to_string(suggested_fast_memory) + " or auto";
  }
  return std::nullopt;
}

FastPatch fast_patch(const Tile& tile, std::int64_t p0, std::int64_t p1, std::int64_t p2, bool shaped) {
  const auto side = [](std::int64_t t) { return t == 64 || t == kFastTile ? static_cast<int>(t) : 0; };
  FastPatch f{side(tile.x), side(tile.y)};
  if (f.x == 0 || f.y == 0 || p1 % 4 != 0 || p2 % 4 != 0) return {};
  // A 128-wide side becomes 64 where that pads the dimension less (936 rows: 960, not 1024).
  const auto narrow = [](int t, std::int64_t p) {
    const auto padded = [p](std::int64_t w) { return (p + w - 1) / w * w; };
    return t == kFastTile && padded(64) < padded(kFastTile) ? 64 : t;
  };
  if (shaped) f.x = narrow(f.x, p0), f.y = narrow(f.y, p2);
  return f;
}

KSplit gemm_k_split(std::int64_t p0, std::int64_t p1, std::int64_t p2, const Tile& tile, int chunk,
                    std::int64_t slots) {
  const std::int64_t blocks =
      ceil_div(p0, std::max<std::int64_t>(1, tile.x)) * ceil_div(p2, std::max<std::int64_t>(1, tile.y));
  const std::int64_t most = std::max<std::int64_t>(1, p1 / kMinSlice);
  const std::int64_t want = std::clamp<std::int64_t>(blocks > 0 ? slots / blocks : 1, 1, most);
  KSplit k;
  k.slice = ceil_div(ceil_div(p1, want), std::max(1, chunk)) * std::max(1, chunk);
  k.splits = static_cast<int>(ceil_div(p1, k.slice));
  if (k.splits <= 1) k.splits = 1, k.slice = p1;
  return k;
}

}  // namespace hpcs::matrixchain::cuda
