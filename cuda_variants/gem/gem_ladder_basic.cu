// SPDX-License-Identifier: BSD-3-Clause
// Steps 1-3 of the CUDA ladder, one thread per vertex, atoms read from global memory:
//  1 cuda/basic   the thesis' basic kernel (digest 2.1): phi[v] += term in global memory for
//                 every atom, the vertex re-read from global memory inside the atom loop (the
//                 pointers may alias, so neither is kept in a register), region / salt /
//                 phiType decided per pair;
//  2 cuda/regacc  register accumulator and register preloading: the vertex in registers
//                 before the loop, one store at the end; still per-pair choices;
//  3 cuda/split   kernel splitting: the case is a template argument the host picks, so the
//                 uniform branches leave the loop, and without salt d' is never computed.
#include <string>

#include "gem_cuda_evaluator.cuh"
#include "gem_cuda_factories.hpp"
#include "gem_vertex_regs.cuh"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem::cuda {
namespace {

template <class Real>
__device__ Real squared_distance(Real ax, Real ay, Real az, Real x, Real y, Real z) {
  return (ax - x) * (ax - x) + (ay - y) * (ay - y) + (az - z) * (az - z);
}

template <class Real>
__global__ void basic_kernel(AtomSoa<Real> a, VertexView<Real> v, Real* phi, PairConstants<Real> c) {
  const std::int64_t k = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= v.n) return;
  phi[k] = 0;
  for (int i = 0; i < a.n; ++i) {
    const Real d = hd_sqrt(squared_distance(a.x[i], a.y[i], a.z[i], v.px[k], v.py[k], v.pz[k]));
    const Real dp = hd_sqrt(squared_distance(a.x[i], a.y[i], a.z[i], v.qx[k], v.qy[k], v.qz[k]));
    phi[k] += a.q[i] * pair_term_runtime(c, d, dp);
  }
}

template <class C, class Terms>
__global__ void register_kernel(AtomSoa<typename Terms::Real> a, VertexView<typename Terms::Real> v,
                                typename Terms::Real* __restrict__ phi, Terms terms) {
  using Real = typename Terms::Real;
  const std::int64_t k = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= v.n) return;
  VertexRegs<C, 1, Real> regs;
  regs.load(v, k, 0);
  for (int i = 0; i < a.n; ++i) regs.add(Atom4<Real>{a.x[i], a.y[i], a.z[i], a.q[i]}, terms);
  regs.store(phi, v.n, k, 0);
}

const char* const kNames[] = {"", "cuda/basic", "cuda/regacc", "cuda/split"};

template <class Real>
class RegisterStep final : public CudaEvaluator<Real> {
 public:
  RegisterStep(int step, const Tuning& t) : step_(step), block_(t.block) {
    check_block(block_);
    check_block_fits(block_, max_threads(), std::string(kNames[step_]) + " in " + to_string(precision_of<Real>()));
  }

  std::string config() const override {
    const char* how[] = {"", "per-pair cases, accumulator in global memory", "per-pair cases, register accumulator",
                         "one kernel per case"};
    std::string c = "block=" + std::to_string(block_) + " grid=" + std::to_string(grid()) + ", " + how[step_];
    return step_ == 3 ? c + " (" + this->case_text() + ")" : c;
  }

 private:
  AtomLayout layout() const override { return AtomLayout::Soa; }

  void launch() override {
    const auto a = this->m_.atoms_soa();
    const auto v = this->m_.vertex_view();
    const PairConstants<Real> c = this->constants_.template as<Real>();
    const unsigned blocks = static_cast<unsigned>(grid());
    if (step_ == 1) {
      basic_kernel<Real><<<blocks, block_>>>(a, v, this->m_.phi(), c);
    } else if (step_ == 2) {
      register_kernel<RuntimeCase, RuntimeTerms<Real>><<<blocks, block_>>>(a, v, this->m_.phi(), RuntimeTerms<Real>{c});
    } else {
      with_kernel_case(c, [&](auto cs) {
        register_kernel<decltype(cs), ExactTerms<Real>><<<blocks, block_>>>(a, v, this->m_.phi(), ExactTerms<Real>{c});
      });
    }
    HPCS_CUDA_CHECK_LAUNCH();
  }

  int max_threads() const {
    if (step_ == 1) return max_threads_of(basic_kernel<Real>);
    if (step_ == 2) return max_threads_of(register_kernel<RuntimeCase, RuntimeTerms<Real>>);
    return max_threads_over_cases([](auto cs) { return register_kernel<decltype(cs), ExactTerms<Real>>; });
  }

  std::int64_t grid() const { return (this->m_.vertices() + block_ - 1) / block_; }

  int step_, block_;
};

}  // namespace

std::unique_ptr<Evaluator> make_register_step(int step, Precision p, const Tuning& t) {
  return make_in_precision<Evaluator, RegisterStep>(p, step, t);
}

}  // namespace hpcs::gem::cuda
