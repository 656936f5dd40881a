// SPDX-License-Identifier: BSD-3-Clause
// cuda/hcp: Hierarchical Charge Partitioning (miniapps/gem/gem_hcp.hpp) on the GPU. One
// thread per vertex walks the hierarchy in device memory: the groups' spheres in double (so
// float32 and float64 approximate the same groups as cpu/hcp), atoms and approximate charges
// in the variant's precision, the accumulator in a register. The region / salt / phiType
// case is a template argument chosen on the host (kernel splitting, with_case). Neighbouring
// vertices of our surfaces are neighbours in space, so a warp mostly takes the same branches.
#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "gem_hcp.hpp"
#include "gem_pair.hpp"
#include "gem_variants.hpp"
#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem::cuda {
namespace {

struct DeviceVertices {
  const double *px, *py, *pz, *qx, *qy, *qz;  // pushed out by p (d) and by the ion-exclusion radius (d')
  std::int64_t n;
};

template <class C, class Real>
__global__ void hcp_kernel(HcpView<Real> h, DeviceVertices v, PairConstants<Real> c, Real* __restrict__ phi) {
  const std::int64_t k = std::int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (k >= v.n) return;
  HcpPairSum<C, Real> add{
      c, Real(v.px[k]), Real(v.py[k]), Real(v.pz[k]), Real(v.qx[k]), Real(v.qy[k]), Real(v.qz[k]), Real(0)};
  hcp_walk(h, v.px[k], v.py[k], v.pz[k], add);
  phi[k] = add.sum;
}

template <class T>
void to_device(hpcs::cuda::DeviceBuffer<T>& to, const std::vector<T>& from) {
  to.allocate(from.size());
  to.upload(from.data(), from.size());
}

template <class Real>
void charges_to_device(hpcs::cuda::DeviceBuffer<HcpCharge<Real>>& to, const std::vector<HcpCharge<double>>& from) {
  to_device(to, hcp_charges_as<Real>(from));
}

template <class Real>
class CudaHcp final : public Evaluator {
 public:
  explicit CudaHcp(const Tuning& t) : block_(t.block) {
    if (block_ < 1 || block_ > 1024) throw Error("--block " + std::to_string(block_) + ": expected 1 to 1024");
  }

  void setup(const Inputs& in) override {
    const HcpHierarchy h = build_hcp(in.atoms, in.q, in.hcp);
    charges_to_device(atoms_, h.atoms), charges_to_device(approx1_, h.approx1), charges_to_device(approx2_, h.approx2);
    to_device(sphere1_, h.sphere1), to_device(sphere2_, h.sphere2), to_device(first1_, h.first1);
    to_device(first2_, h.first2);
    groups2_ = static_cast<int>(h.sphere2.size());
    const ShiftedVertices& v = in.vertices;
    to_device(v_[0], v.px), to_device(v_[1], v.py), to_device(v_[2], v.pz);
    to_device(v_[3], v.qx), to_device(v_[4], v.qy), to_device(v_[5], v.qz);
    n_ = static_cast<std::int64_t>(v.size());
    phi_.allocate(v.size());
    c_ = in.constants.as<Real>();
    tolerance_ = in.hcp.tolerance;
    with_case(c_, [&](auto cs) {  // the registers of this case's kernel allow the block?
      cudaFuncAttributes a{};
      HPCS_CUDA_CHECK(cudaFuncGetAttributes(&a, hcp_kernel<decltype(cs), Real>));
      if (block_ > a.maxThreadsPerBlock)
        throw Error("--block " + std::to_string(block_) + ": cuda/hcp fits at most " +
                    std::to_string(a.maxThreadsPerBlock) + " threads per block (its registers)");
    });
  }

  void run() override {
    timer_.start();
    if (n_ > 0) {
      const HcpView<Real> h{atoms_.get(),   sphere1_.get(), first1_.get(),  approx1_.get(),
                            sphere2_.get(), first2_.get(),  approx2_.get(), groups2_};
      const DeviceVertices v{v_[0].get(), v_[1].get(), v_[2].get(), v_[3].get(), v_[4].get(), v_[5].get(), n_};
      const unsigned grid = static_cast<unsigned>((n_ + block_ - 1) / block_);
      with_case(c_, [&](auto cs) { hcp_kernel<decltype(cs), Real><<<grid, block_>>>(h, v, c_, phi_.get()); });
      HPCS_CUDA_CHECK_LAUNCH();
    }
    timer_.stop();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    ran_ = true;
  }

  void potentials(double* out) override {
    std::vector<Real> host(static_cast<std::size_t>(n_));
    phi_.download(host.data(), host.size());
    for (std::size_t k = 0; k < host.size(); ++k) out[k] = static_cast<double>(host[k]);
  }
  std::optional<double> device_seconds() const override {
    if (!ran_) return std::nullopt;
    return timer_.seconds();
  }
  double tolerance() const override { return tolerance_; }
  std::string config() const override {
    return "block=" + std::to_string(block_) + ", thread per vertex, " + precision_name<Real>();
  }

 private:
  int block_;
  hpcs::cuda::DeviceBuffer<HcpCharge<Real>> atoms_, approx1_, approx2_;
  hpcs::cuda::DeviceBuffer<HcpSphere> sphere1_, sphere2_;
  hpcs::cuda::DeviceBuffer<int> first1_, first2_;
  hpcs::cuda::DeviceBuffer<double> v_[6];
  hpcs::cuda::DeviceBuffer<Real> phi_;
  int groups2_ = 0;
  std::int64_t n_ = 0;
  PairConstants<Real> c_;
  double tolerance_ = 0;
  hpcs::cuda::EventTimer timer_;
  bool ran_ = false;
};

std::unique_ptr<Evaluator> make_cuda_hcp(Precision p, const Tuning& t) {
  return make_in_precision<Evaluator, CudaHcp>(p, t);
}

}  // namespace

// Called by register_cuda_variants (gem_cuda.cpp): cuda/hcp, off the ladder of exact steps.
void register_hcp(VariantList& list) {
  Variant v;
  v.name = "cuda/hcp";
  v.backend = "cuda";
  v.make = make_cuda_hcp;
  v.why_not = [](const Problem& p, const Tuning& t) -> std::optional<std::string> {
    if (auto why = no_gpu_reason()) return why;
    return reason_of([&] { make_cuda_hcp(p.precision, t); });
  };
  v.space = gem_space({});  // the block of its kernel; the approximation's settings are not tunables
  list.push_back(v);
}

}  // namespace hpcs::gem::cuda
