// SPDX-License-Identifier: BSD-3-Clause
// cuda/unfused and cuda/fused: the plan's steps with our own kernels, one launch each (two
// with split-K). A fused step owns its ticket and flag counters. Launched one by one they
// are zeroed once at setup and only grow, each run starting from run * (blocks, chunk
// groups included) and run * (blocks in turn per chunk), so a run adds no memset launch; in
// a CUDA graph (whose arguments are fixed) a memset node zeroes them before the step and
// every run starts at 0.
#include <string>
#include <vector>

#include "matrixchain_chain_executor.cuh"
#include "matrixchain_cuda_factories.hpp"
#include "hpcs/base/ceil_div.hpp"
#include "hpcs/base/precision_dispatch.hpp"
#include "matrixchain_launch_shape.hpp"
#include "matrixchain_tiled_kernels.hpp"

namespace hpcs::matrixchain::cuda {
namespace {

template <class Real>
class TiledExecutor final : public ChainExecutor<Real> {
 public:
  TiledExecutor(std::string name, bool fused, bool graph, bool shaped)
      : ChainExecutor<Real>(graph), name_(std::move(name)), fused_(fused), shaped_(shaped) {}

  std::string config() const override {
    std::string text = this->plan_text() + ":";
    const Plan& plan = this->plan();
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
      const Launch& l = launches_[i];
      text += (i ? ", " : " ") + to_string(plan.steps[i].kind) + " " + std::to_string(plan.steps[i].tile.x) + "x" +
              std::to_string(plan.steps[i].tile.y) + " (" +
              (l.fast.applies()
                   ? "fast " + std::to_string(l.fast.x) + "x" + std::to_string(l.fast.y) + " kernel, " +
                         std::to_string(l.fast.x * l.fast.y / 64) + " threads"
                   : std::to_string(l.shape.micro) + "x" + std::to_string(l.shape.micro) + " per thread, " +
                         std::to_string(l.shape.threads) + " threads, k chunk " + std::to_string(l.shape.chunk)) +
              (l.split.splits > 1 ? ", split-K " + std::to_string(l.split.splits) : std::string()) +
              (l.groups.groups > 1 ? ", chunk groups " + std::to_string(l.groups.groups) : std::string()) + ")";
    }
    return plan.steps.empty() ? text + " no products" : text;
  }

  std::vector<std::int64_t> chunk_groups() const override {
    std::vector<std::int64_t> g;
    for (const Launch& l : launches_) g.push_back(l.groups.groups);
    return g;
  }

 private:
  struct Launch {
    KernelShape shape;
    FastPatch fast;                          // Gemm: the fast kernel's patch, if it runs
    KSplit split;                            // Gemm: k slices
    hpcs::cuda::DeviceBuffer<Real> partial;  // their partial products (split-K only)
    std::int64_t row_bands = 0, col_bands = 0, chunks = 0;
    ChunkGroups groups;                          // fused: blocks per T patch
    hpcs::cuda::DeviceBuffer<Counter> counters;  // fused: the ticket, then the flags
  };

  void check_plan(const Plan& plan) const override {
    for (const Step& s : plan.steps)
      if (!fused_ && s.kind != StepKind::Gemm)
        throw Error(name_ + " runs unfused plans only (the plan has a " + to_string(s.kind) + " step)");
    const Precision p = precision_of<Real>();
    if (auto why = plan_refusal(name_, plan, p, shared_memory_per_block(), cuda_auto_fast_memory(p))) throw Error(*why);
  }

  void prepare() override {
    const Plan& plan = this->plan();
    const std::size_t shared = shared_memory_per_block();
    const int sms = multiprocessors();
    launches_.clear();
    launches_.resize(plan.steps.size());
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
      const Step& s = plan.steps[i];
      const std::vector<std::int64_t> p = local_dims(s, this->rows());
      Launch& l = launches_[i];
      l.shape = kernel_shape(s.kind, s.tile, precision_of<Real>(), shared);
      if (s.kind == StepKind::Gemm) {
        // From the global dims: the same patch and split, so the same sums, on any rank count.
        l.fast = fast_patch(s.tile, s.p[0], s.p[1], s.p[2], shaped_);
        prepare_gemm<Real>(l.shape, l.fast);
        // float32: the resident blocks of this step's share of the GPU. A product beside
        // another lane's gets half, so the two fill it together with half the slices and half
        // the partial sums (thesis chain on an H100, 64 x 64 patches: 0.110 -> 0.095 ms). Not
        // float64: its multiply-adds take twice as long beside the same partial sums, and
        // halving made the thesis chain slower (0.211 -> 0.267 ms with 128 x 128 patches;
        // docs/results/matrixchain_h100.md, run 7).
        const int share = sizeof(Real) == 4 ? this->concurrency(i) : 1;
        const std::int64_t slots = static_cast<std::int64_t>(sms) * gemm_blocks_per_sm<Real>(l.shape, l.fast) / share;
        const Tile patch = l.fast.applies() ? Tile{l.fast.x, l.fast.y} : s.tile;
        l.split = gemm_k_split(s.p[0], s.p[1], s.p[2], patch, l.fast.applies() ? kFastChunk : l.shape.chunk, slots);
        if (l.split.splits > 1) l.partial.allocate(static_cast<std::size_t>(l.split.splits * p[0] * p[2]));
        continue;
      }
      prepare_fused<Real>(s.kind, l.shape);
      const bool left = s.kind == StepKind::FusedLeft;
      // T's patches tile (p0, p2) on the left, (p1, p3) on the right.
      l.row_bands = ceil_div(left ? p[0] : p[1], s.tile.x);
      l.col_bands = ceil_div(left ? p[2] : p[3], s.tile.y);
      l.chunks = left ? ceil_div(p[3], s.tile.y) : ceil_div(p[0], s.tile.x);
      // One wave of the fused kernel's resident blocks (fused_chunk_groups); the groups only
      // move chunks between blocks, so the bits do not depend on the GPU's size.
      // HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS replaces the wave (fused_slots; tests: 1 gives one
      // group, as before chunk groups; the bits must not change).
      const std::int64_t slots =
          fused_slots(static_cast<std::int64_t>(sms) * fused_blocks_per_sm<Real>(s.kind, l.shape));
      l.groups = fused_chunk_groups(l.row_bands * l.col_bands, l.chunks, slots);
      const std::int64_t flags = (left ? l.row_bands : l.col_bands) * l.chunks;
      l.counters.allocate(static_cast<std::size_t>(1 + flags));
      HPCS_CUDA_CHECK(cudaMemset(l.counters.get(), 0, l.counters.size() * sizeof(Counter)));
    }
  }

  void launch_step(std::size_t i, cudaStream_t stream) override {
    const Step& s = this->plan().steps[i];
    const std::vector<std::int64_t> p = local_dims(s, this->rows());
    const Launch& l = launches_[i];
    const int chunk_log2 = log2_of(l.shape.chunk);
    if (s.kind == StepKind::Gemm) {
      GemmParams<Real> g;
      g.a = this->operand(s.in[0]), g.b = this->operand(s.in[1]), g.c = this->output(i);
      g.p0 = p[0], g.p1 = p[1], g.p2 = p[2];
      g.x = static_cast<int>(s.tile.x), g.y = static_cast<int>(s.tile.y), g.chunk_log2 = chunk_log2;
      if (l.fast.applies()) g.x = l.fast.x, g.y = l.fast.y;
      g.k_splits = l.split.splits, g.k_slice = l.split.slice, g.partial = l.partial.get();
      launch_gemm(g, l.shape, l.fast.applies(), stream);
      return;
    }
    const bool left = s.kind == StepKind::FusedLeft;
    FusedParams<Real> f;
    f.x_mat = this->operand(s.in[0]), f.y_mat = this->operand(s.in[1]), f.z_mat = this->operand(s.in[2]);
    f.r = this->output(i);
    f.p0 = p[0], f.p1 = p[1], f.p2 = p[2], f.p3 = p[3];
    f.x = static_cast<int>(s.tile.x), f.y = static_cast<int>(s.tile.y), f.chunk_log2 = chunk_log2;
    f.row_bands = l.row_bands, f.col_bands = l.col_bands, f.chunks = l.chunks;
    f.groups = l.groups.groups, f.per_group = l.groups.per_group;
    f.ticket = l.counters.get(), f.flags = l.counters.get() + 1;
    // Every run adds one ticket per block and, to each flag, one per block in its turn.
    if (this->capturing())
      HPCS_CUDA_CHECK(cudaMemsetAsync(l.counters.get(), 0, l.counters.size() * sizeof(Counter), stream));
    const auto runs = static_cast<Counter>(this->capturing() ? 0 : this->runs());
    f.ticket_base = runs * static_cast<Counter>(l.row_bands * l.col_bands * l.groups.groups);
    f.flag_base = runs * static_cast<Counter>(left ? l.col_bands : l.row_bands);
    if (left) launch_fused_left(f, l.shape, stream);
    else launch_fused_right(f, l.shape, stream);
  }

  std::string name_;
  bool fused_;
  bool shaped_;  // fast GEMM patches narrowed per shape (fast_patch)
  std::vector<Launch> launches_;
};

}  // namespace

std::unique_ptr<Executor> make_tiled_executor(const std::string& name, bool fused, Precision p, bool graph,
                                              bool shaped) {
  return make_in_precision<Executor, TiledExecutor>(p, name, fused, graph, shaped);
}

}  // namespace hpcs::matrixchain::cuda
