// SPDX-License-Identifier: BSD-3-Clause
// cuda/band on one GPU: the frontier goes up at the band's first diagonal and comes back
// after its last; in between, a launch per diagonal or tile diagonal.
#include <string>

#include "hpcs/gpu.hpp"
#include "wavefront_band_cuda.hpp"
#include "wavefront_executor.hpp"
#include "wavefront_kernels.cuh"

namespace hpcs::wavefront {

namespace {
template <class App>
class CudaBand final : public BandDevice<typename App::Element> {
 public:
  using Element = typename App::Element;
  CudaBand(const Inputs& in, const App& app, const Tuning& t)
      : app_(app), blk_(rank_block(in.problem)), T_(t.gpu_tile), dev_(blk_, host_letters(in)) {}

  Tally run(const Region& band, RowPipeline* pipe, HostFrontier<Element>& f) override {
    dev_.upload(f, stream_.get());
    cuda::Launcher<App> launch{app_, dev_.state(), blk_, band, T_, stream_.get()};
    cuda::StepOps<App> ops{launch, dev_, f.S.data()};
    band_steps(ops, band, T_, blk_, pipe, f.S.data());
    return dev_.download(f, stream_.get());
  }
  std::string config() const override { return current_gpu().device ? current_gpu().device->name : "GPU"; }

 private:
  App app_;
  Block blk_;
  int T_;
  cuda::Stream stream_;
  cuda::DeviceFrontier<Element> dev_;
};
}  // namespace

int cuda_device_count() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return n;
}

std::unique_ptr<Executor> make_cuda_band(const Inputs& in, const Tuning& t) {
  if (auto why = band_tuning_problem(in.problem, t)) throw Error(*why);
  return visit_app(in.problem, [&](const auto& app) -> std::unique_ptr<Executor> {
    using App = std::decay_t<decltype(app)>;
    const bool device = t.gpu_count > 0 && t.band != -1;
    auto band = device ? std::make_unique<CudaBand<App>>(in, app, t) : nullptr;
    return std::make_unique<SkeletonExecutor<App>>(in, app, t, std::move(band), tuning_config(in.problem, t, true));
  });
}

}  // namespace hpcs::wavefront
