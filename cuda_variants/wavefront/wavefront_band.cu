// SPDX-License-Identifier: BSD-3-Clause
// cuda/band on one GPU: the frontier goes up at the band's first diagonal and comes back
// after its last; in between, a launch per diagonal or tile diagonal.
#include <memory>
#include <string>

#include "hpcs/parallel/gpu.hpp"
#include "hpcs/base/timer.hpp"
#include "wavefront_cuda_factories.hpp"
#include "wavefront_executor.hpp"
#include "wavefront_kernels.cuh"

namespace hpcs::wavefront::cuda {

namespace {
template <class App>
class CudaBand final : public BandDevice<typename App::Element> {
 public:
  using Element = typename App::Element;
  CudaBand(const Inputs& in, const App& app, const Tuning& t)
      : app_(app), blk_(rank_block(in.problem)), T_(t.gpu_tile), dev_(blk_, host_letters(in)) {}

  Tally run(const Region& band, RowPipeline* pipe, HostFrontier<Element>& f) override {
    WallTimer up;
    dev_.upload(f, stream_.get());
    HPCS_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));  // to time the copies apart
    this->transfer_seconds = up.seconds();
    this->transfer_bytes = 2.0 * static_cast<double>(f.S.size() + f.E.size() + f.K.size()) * sizeof(Element);
    cuda::Launcher<App> launch{app_, dev_.state(), blk_, band, T_, stream_.get()};
    cuda::StepOps<App> ops{launch, dev_, f.S.data()};
    if (pipe && (pipe->receives() || pipe->sends())) {
      band_steps(ops, band, T_, blk_, pipe, f.S.data());  // copies for the ranks between launches
    } else {
      // The band's launches are the same every repetition: one CUDA graph, captured once,
      // instead of a launch per diagonal (launch latency is most of a short diagonal's time).
      if (!graph_ || !same_region(band, graph_region_)) {
        graph_.reset();
        HPCS_CUDA_CHECK(cudaStreamBeginCapture(stream_.get(), cudaStreamCaptureModeThreadLocal));
        band_steps(ops, band, T_, blk_, nullptr, f.S.data());
        cudaGraph_t g = nullptr;
        HPCS_CUDA_CHECK(cudaStreamEndCapture(stream_.get(), &g));
        graph_ = std::make_unique<cuda::Graph>(g);
        graph_region_ = band;
      }
      graph_->launch(stream_.get());
    }
    HPCS_CUDA_CHECK(cudaStreamSynchronize(stream_.get()));
    WallTimer down;
    const Tally t = dev_.download(f, stream_.get());
    this->transfer_seconds += down.seconds();
    return t;
  }
  std::string config() const override {
    return (current_gpu().device ? current_gpu().device->name : std::string("GPU")) + (graph_ ? ", CUDA graph" : "");
  }

 private:
  static bool same_region(const Region& a, const Region& b) {
    return a.d_from == b.d_from && a.d_to == b.d_to && a.i_lo == b.i_lo && a.i_hi == b.i_hi && a.j_hi == b.j_hi;
  }
  App app_;
  Block blk_;
  int T_;
  cuda::Stream stream_;
  cuda::DeviceFrontier<Element> dev_;
  std::unique_ptr<cuda::Graph> graph_;
  Region graph_region_;
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
  return make_band_executor<CudaBand>(in, t);
}

}  // namespace hpcs::wavefront::cuda
