// SPDX-License-Identifier: BSD-3-Clause
// cuda/band with --gpu-count 2: one rank drives two GPUs. GPU 0 owns the rank's rows
// 1..s, GPU 1 rows s+1..h (s = h / 2), so each anti-diagonal of the band is split between
// them. Data flows one way (a cell needs rows above it only): GPU 1 needs GPU 0's last
// rows. With halo g, GPU 1 also computes GPU 0's last g rows (a triangle that shrinks by a
// row per diagonal, recomputed and not counted), so it needs GPU 0's state only once per
// window of g + 1 diagonals: E and K of those g rows and S of g + 1 columns, copied
// peer to peer through a staging buffer (double-buffered, so GPU 0 runs ahead).
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "hpcs/base/timer.hpp"
#include "wavefront_cuda_factories.hpp"
#include "wavefront_executor.hpp"
#include "wavefront_kernels.cuh"

namespace hpcs::wavefront::cuda {

namespace {

// What one GPU holds: its frontier, stream and events, made on that device.
template <class Element>
struct Gpu {
  int device;
  cuda::Stream stream;
  cuda::DeviceFrontier<Element> frontier;
  Gpu(int d, const Block& blk, const Letters& letters) : device(d), frontier(blk, letters) {}
};

template <class Element>
std::unique_ptr<Gpu<Element>> make_gpu(int device, const Block& blk, const Letters& letters) {
  cuda::DeviceGuard on(device);
  return std::make_unique<Gpu<Element>>(device, blk, letters);
}

template <class App>
class CudaDualBand final : public BandDevice<typename App::Element> {
 public:
  using Element = typename App::Element;
  CudaDualBand(const Inputs& in, const App& app, const Tuning& t, int dev0, int dev1)
      : app_(app), blk_(rank_block(in.problem)), T_(t.gpu_tile), g_(std::max<std::int64_t>(0, t.halo)),
        split_(blk_.h / 2) {
    const Letters letters = host_letters(in);
    gpu_[0] = make_gpu<Element>(dev0, blk_, letters);
    gpu_[1] = make_gpu<Element>(dev1, blk_, letters);
    for (int k = 0; k < 2; ++k) {  // peer access where the pair has it; copies work either way
      cuda::DeviceGuard on(gpu_[k]->device);
      const cudaError_t e = cudaDeviceEnablePeerAccess(gpu_[1 - k]->device, 0);
      if (e != cudaSuccess) cudaGetLastError();
    }
    // An event belongs to the device it was made on: GPU 0 records the snapshot, GPU 1 the copies.
    for (auto& st : staging_) {
      {
        cuda::DeviceGuard on(dev0);
        st.S.allocate(static_cast<std::size_t>(g_ + 1));
        st.EK.allocate(static_cast<std::size_t>(2 * g_ + 1));
      }
      cuda::DeviceGuard on(dev1);
      st.copied = std::make_unique<cuda::Event>();
    }
    cuda::DeviceGuard on(dev0);
    snapshot_ = std::make_unique<cuda::Event>();
  }

  Tally run(const Region& band, RowPipeline* pipe, HostFrontier<Element>& f) override {
    WallTimer up;
    for (auto& g : gpu_) {
      cuda::DeviceGuard on(g->device);
      g->frontier.upload(f, g->stream.get());
      HPCS_CUDA_CHECK(cudaStreamSynchronize(g->stream.get()));  // to time the copies apart
    }
    this->transfer_seconds = up.seconds();
    this->transfer_bytes = 4.0 * static_cast<double>(f.S.size() + f.E.size() + f.K.size()) * sizeof(Element);
    const std::int64_t s = split_, g = g_;
    for (std::int64_t d = band.d_from, w = 0; d <= band.d_to; d += g + 1, ++w) {
      const std::int64_t e = std::min(d + g, band.d_to);
      if (d > band.d_from) exchange(d, w);
      Region r0 = band, r1 = band;
      r0.d_from = r1.d_from = d;
      r0.d_to = r1.d_to = e;
      r0.i_hi = std::min(band.i_hi, s);
      r1.i_lo = std::max(band.i_lo, s - g + 1);
      r1.j_hi = std::min(band.j_hi, d - (s - g + 1));
      r1.i_owned = s + 1;
      steps(0, r0, pipe, f);
      steps(1, r1, pipe, f);
    }
    for (auto& g : gpu_) {
      cuda::DeviceGuard on(g->device);
      HPCS_CUDA_CHECK(cudaStreamSynchronize(g->stream.get()));
    }
    WallTimer down;
    Tally t;
    for (int k = 0; k < 2; ++k) {
      cuda::DeviceGuard on(gpu_[k]->device);
      host_[k].S.resize(f.S.size());
      host_[k].E.resize(f.E.size());
      host_[k].K.resize(f.K.size());
      t.merge(gpu_[k]->frontier.download(host_[k], gpu_[k]->stream.get()));
    }
    // Each row from its owner; column j's lowest cell lies in row min(h, d_to - j).
    for (std::int64_t i = 1; i <= blk_.h; ++i) {
      const auto& from = host_[i <= s ? 0 : 1];
      f.E[i] = from.E[i];
      f.K[i] = from.K[i];
    }
    for (std::int64_t j = 1; j <= blk_.cols; ++j) f.S[j] = host_[std::min(blk_.h, band.d_to - j) <= s ? 0 : 1].S[j];
    this->transfer_seconds += down.seconds();
    return t;
  }
  std::string config() const override {
    return "2 GPUs (devices " + std::to_string(gpu_[0]->device) + ", " + std::to_string(gpu_[1]->device) +
           "), rows split at " + std::to_string(split_);
  }

 private:
  struct Staging {
    hpcs::cuda::DeviceBuffer<Element> S, EK;  // S of g + 1 columns; E then K of g rows
    std::unique_ptr<cuda::Event> copied;      // GPU 1 has read it (an event of GPU 1)
    bool used = false;
  };

  void steps(int k, const Region& r, RowPipeline* pipe, HostFrontier<Element>& f) {
    if (r.empty()) return;
    Gpu<Element>& gpu = *gpu_[k];
    cuda::DeviceGuard on(gpu.device);
    cuda::Launcher<App> launch{app_, gpu.frontier.state(), blk_, r, T_, gpu.stream.get()};
    cuda::StepOps<App> ops{launch, gpu.frontier, f.S.data()};
    band_steps(ops, r, T_, blk_, pipe, f.S.data());
  }

  // Before window w (first diagonal d): GPU 0's E, K of the halo rows and S of the columns
  // GPU 1's first diagonal reads, as they stand after diagonal d - 1, into GPU 1's frontier.
  void exchange(std::int64_t d, std::int64_t w) {
    const std::int64_t s = split_, g = g_;
    const std::int64_t j0 = std::max<std::int64_t>(1, d - s - 1), j1 = std::min<std::int64_t>(blk_.cols, d - s - 1 + g);
    const std::int64_t rows = g, i0 = s - g + 1;
    Staging& st = staging_[w % 2];
    Gpu<Element>& a = *gpu_[0];
    Gpu<Element>& b = *gpu_[1];
    const std::size_t es = sizeof(Element);
    {
      cuda::DeviceGuard on(a.device);
      if (st.used) HPCS_CUDA_CHECK(cudaStreamWaitEvent(a.stream.get(), st.copied->get(), 0));
      if (j1 >= j0)
        HPCS_CUDA_CHECK(cudaMemcpyAsync(st.S.get(), a.frontier.S.get() + j0, (j1 - j0 + 1) * es,
                                        cudaMemcpyDeviceToDevice, a.stream.get()));
      if (rows > 0) {
        HPCS_CUDA_CHECK(
            cudaMemcpyAsync(st.EK.get(), a.frontier.E.get() + i0, rows * es, cudaMemcpyDeviceToDevice, a.stream.get()));
        HPCS_CUDA_CHECK(cudaMemcpyAsync(st.EK.get() + rows, a.frontier.K.get() + i0, rows * es,
                                        cudaMemcpyDeviceToDevice, a.stream.get()));
      }
      HPCS_CUDA_CHECK(cudaEventRecord(snapshot_->get(), a.stream.get()));
    }
    cuda::DeviceGuard on(b.device);
    HPCS_CUDA_CHECK(cudaStreamWaitEvent(b.stream.get(), snapshot_->get(), 0));
    if (j1 >= j0)
      HPCS_CUDA_CHECK(cudaMemcpyPeerAsync(b.frontier.S.get() + j0, b.device, st.S.get(), a.device, (j1 - j0 + 1) * es,
                                          b.stream.get()));
    if (rows > 0) {
      HPCS_CUDA_CHECK(
          cudaMemcpyPeerAsync(b.frontier.E.get() + i0, b.device, st.EK.get(), a.device, rows * es, b.stream.get()));
      HPCS_CUDA_CHECK(cudaMemcpyPeerAsync(b.frontier.K.get() + i0, b.device, st.EK.get() + rows, a.device, rows * es,
                                          b.stream.get()));
    }
    HPCS_CUDA_CHECK(cudaEventRecord(st.copied->get(), b.stream.get()));
    st.used = true;
  }

  App app_;
  Block blk_;
  int T_;
  std::int64_t g_, split_;
  std::array<std::unique_ptr<Gpu<Element>>, 2> gpu_;
  std::array<Staging, 2> staging_;
  std::unique_ptr<cuda::Event> snapshot_;  // GPU 0's
  std::array<HostFrontier<Element>, 2> host_;
};
}  // namespace

std::unique_ptr<Executor> make_cuda_dual_band(const Inputs& in, const Tuning& t) {
  const int count = cuda_device_count();
  if (count < 2) throw Error("--gpu-count 2: " + std::to_string(count) + " GPU(s) visible");
  int dev0 = 0;
  HPCS_CUDA_CHECK(cudaGetDevice(&dev0));
  return make_band_executor<CudaDualBand>(in, t, dev0, (dev0 + 1) % count);
}

}  // namespace hpcs::wavefront::cuda
