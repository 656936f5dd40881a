// SPDX-License-Identifier: BSD-3-Clause
// Steps 4-5 of the CUDA ladder, kernel splitting kept (one kernel per case, IEEE sqrt and
// division as in step 3), atoms staged in shared memory (gem_tile_kernel.cuh):
//  4 cuda/shared       one vertex per thread; a block stages `tile` atoms at a time
//                      (packed x, y, z, q) and every thread reads them from shared memory;
//  5 cuda/multivertex  VPT vertices per thread in registers (1, 2, 4, 8; default 4 in
//                      float32, 2 in float64): each atom read from shared memory once per
//                      thread serves VPT pairs, and the block covers block x VPT vertices.
#include <string>

#include "gem_cuda_evaluator.cuh"
#include "gem_cuda_factories.hpp"
#include "gem_tile_kernel.cuh"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem::cuda {
namespace {

template <class Real>
class SharedStep final : public CudaEvaluator<Real> {
 public:
  SharedStep(int step, const Tuning& t) : block_(t.block) {
    const Precision p = precision_of<Real>();
    check_block(block_);
    vpt_ = step == 4 ? 1 : vertices_per_thread_or_default(t.vertices_per_thread, p);
    tile_ = tile_atoms_or_default(t.tile_atoms, block_, p);
    int most = 1024;
    with_vertices_per_thread(vpt_, [&](auto V) {
      most = max_threads_over_cases(
          [](auto cs) { return tile_kernel<decltype(cs), decltype(V)::value, ExactTerms<Real>>; });
    });
    check_block_fits(block_, most,
                     std::string(step == 4 ? "cuda/shared" : "cuda/multivertex") + " in " + to_string(p) + " with " +
                         std::to_string(vpt_) + " vertices per thread");
  }

  std::string config() const override {
    const std::int64_t per_block = std::int64_t(block_) * vpt_;
    return "block=" + std::to_string(block_) + " vertices/thread=" + std::to_string(vpt_) +
           " tile=" + std::to_string(tile_) +
           " atoms grid=" + std::to_string((this->m_.vertices() + per_block - 1) / per_block) +
           ", one kernel per case (" + this->case_text() + ")";
  }

 private:
  AtomLayout layout() const override { return AtomLayout::Packed; }

  void launch() override {
    const PairConstants<Real> c = this->constants_.template as<Real>();
    const TileArgs<ExactTerms<Real>> args{this->m_.atoms_packed(), this->m_.atoms(), this->m_.atoms(),   tile_,
                                          this->m_.vertex_view(),  this->m_.phi(),   ExactTerms<Real>{c}};
    with_vertices_per_thread(
        vpt_, [&](auto V) { with_kernel_case(c, [&](auto cs) { launch_tile<decltype(cs), V()>(args, block_, 1); }); });
  }

  int block_, vpt_ = 1, tile_ = 0;
};

}  // namespace

std::unique_ptr<Evaluator> make_shared_step(int step, Precision p, const Tuning& t) {
  return make_in_precision<Evaluator, SharedStep>(p, step, t);
}

}  // namespace hpcs::gem::cuda
