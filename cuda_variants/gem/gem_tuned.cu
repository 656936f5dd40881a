// SPDX-License-Identifier: BSD-3-Clause
// Step 6, cuda/tuned: step 5's tile kernel with the reciprocal-square-root terms
// (gem_fast_pair.hpp) and a launch shape chosen for the molecule. When the vertex blocks
// are too few to fill the GPU (fewer than kTargetWaves waves over the SMs), the atom loop is split
// across `splits` blocks per vertex block (grid.y): split s sums atoms [s c, (s + 1) c)
// into row s of a [splits x vertices] buffer, and sum_splits adds the rows in order
// 0, 1, ... So a vertex's sum depends on the split count alone: the same bits on every run,
// and on any rank count since the count is resolved from all ranks' vertices (no atomics).
#include <string>

#include "gem_cuda_evaluator.cuh"
#include "gem_cuda_factories.hpp"
#include "gem_fast_pair.hpp"
#include "gem_tile_kernel.cuh"
#include "hpcs/parallel/gpu.hpp"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem::cuda {
namespace {

template <class Real>
__global__ void sum_splits(const Real* __restrict__ partial, Real* __restrict__ phi, std::int64_t n, int splits) {
  const std::int64_t k = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= n) return;
  Real sum = partial[k];
  for (int s = 1; s < splits; ++s) sum += partial[std::int64_t(s) * n + k];
  phi[k] = sum;
}

constexpr int kSumBlock = 256;

DeviceFill device_fill() {
  int dev = 0;
  DeviceFill f;
  HPCS_CUDA_CHECK(cudaGetDevice(&dev));
  HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&f.sms, cudaDevAttrMultiProcessorCount, dev));
  HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&f.threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, dev));
  return f;
}

template <class Real>
class TunedStep final : public CudaEvaluator<Real> {
 public:
  explicit TunedStep(const Tuning& t) : block_(t.block), requested_splits_(t.atom_splits) {
    const Precision p = precision_of<Real>();
    check_block(block_);
    vpt_ = vertices_per_thread_or_default(t.vertices_per_thread, p);
    tile_ = tile_atoms_or_default(t.tile_atoms, block_, p);
    check_atom_splits(requested_splits_);
    int most = 1024;
    with_vertices_per_thread(vpt_, [&](auto V) {
      most = max_threads_over_cases(
          [](auto cs) { return tile_kernel<decltype(cs), decltype(V)::value, FastTerms<Real>>; });
    });
    check_block_fits(block_, most,
                     "cuda/tuned in " + to_string(p) + " with " + std::to_string(vpt_) + " vertices per thread");
  }

  std::string config() const override {
    const std::int64_t per_block = std::int64_t(block_) * vpt_;
    return "block=" + std::to_string(block_) + " vertices/thread=" + std::to_string(vpt_) +
           " tile=" + std::to_string(tile_) +
           " atoms grid=" + std::to_string((this->m_.vertices() + per_block - 1) / per_block) + "x" +
           std::to_string(splits_) + " atom splits=" + std::to_string(splits_) + " of " + std::to_string(per_split_) +
           " atoms" + (requested_splits_ == 0 ? " (automatic)" : "") + ", rsqrt terms, one kernel per case (" +
           this->case_text() + ")";
  }

 private:
  AtomLayout layout() const override { return AtomLayout::Packed; }

  void prepare(const Inputs&) override {
    const int n = this->m_.atoms();
    const int wanted = requested_splits_ > 0 ? requested_splits_
                                             : auto_atom_splits(this->m_.vertices(), n, block_, vpt_, device_fill());
    per_split_ = n > 0 ? atoms_per_split(n, wanted) : 0;
    splits_ = effective_splits(n, per_split_);
    if (splits_ > 1) partial_.allocate(std::size_t(splits_) * std::size_t(this->m_.vertices()));
  }

  void launch() override {
    const std::int64_t n = this->m_.vertices();
    Real* out = splits_ > 1 ? partial_.get() : this->m_.phi();
    const TileArgs<FastTerms<Real>> args{this->m_.atoms_packed(),
                                         this->m_.atoms(),
                                         per_split_,
                                         tile_,
                                         this->m_.vertex_view(),
                                         out,
                                         FastTerms<Real>{fast_constants<Real>(this->constants_)}};
    with_vertices_per_thread(vpt_, [&](auto V) {
      with_kernel_case(this->constants_, [&](auto cs) { launch_tile<decltype(cs), V()>(args, block_, splits_); });
    });
    if (splits_ > 1) {
      sum_splits<Real>
          <<<unsigned((n + kSumBlock - 1) / kSumBlock), kSumBlock>>>(partial_.get(), this->m_.phi(), n, splits_);
      HPCS_CUDA_CHECK_LAUNCH();
    }
  }

  int block_, requested_splits_, vpt_ = 1, tile_ = 0;
  int splits_ = 1, per_split_ = 0;
  hpcs::cuda::DeviceBuffer<Real> partial_;
};

}  // namespace

std::unique_ptr<Evaluator> make_tuned(Precision p, const Tuning& t) {
  return make_in_precision<Evaluator, TunedStep>(p, t);
}

Tuning resolve_step(int step, const Problem& p, const Tuning& t) {
  Tuning r = t;
  try {
    if (step >= 4 && r.tile_atoms == 0) r.tile_atoms = tile_atoms_or_default(0, r.block, p.precision);
    if (step >= 5 && r.vertices_per_thread == 0) r.vertices_per_thread = vertices_per_thread_or_default(0, p.precision);
    if (step == 6 && r.atom_splits == 0 && !no_gpu_reason()) {
      check_block(r.block);
      const int vpt = vertices_per_thread_or_default(r.vertices_per_thread, p.precision);
      r.atom_splits = auto_atom_splits(p.vertices, p.atoms, r.block, vpt, device_fill());
    }
  } catch (const Error&) {
    return t;  // an invalid shape: the factory names it
  }
  return r;
}

}  // namespace hpcs::gem::cuda
