// SPDX-License-Identifier: BSD-3-Clause
// The RK-1..RK-7 variants: plans the passes (each relaunches the kernel on the previous
// pass's partial sums until one value is left, as the paper does) and times them with
// CUDA events.
#include <algorithm>
#include <climits>
#include <string>
#include <type_traits>
#include <vector>

#include "reduction_cuda_factories.hpp"
#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "reduction_dispatch.hpp"
#include "reduction_passes.hpp"
#include "reduction_rk_kernels.cuh"

namespace hpcs::reduction::cuda {
namespace {
namespace k = cuda;

// RK kernels read s[tid + 32] in their warp tail: blocks of at least 64 threads.
constexpr int kMinBlock = 64;

// Step 8 stands for rk7_vec (cuda/rk7-vec), whose first pass only reads 16-byte vectors.
constexpr int kVecStep = 8;

template <class In, class Acc>
void launch(int step, int block, int unroll, unsigned blocks, const In* in, Acc* out, std::size_t n) {
  const std::size_t smem = std::size_t(block) * sizeof(Acc);
  if constexpr (std::is_same_v<In, float> || std::is_same_v<In, int> || std::is_same_v<In, double>) {
    if (step == kVecStep) {
      with_block<kMinBlock>(block, [&](auto B) {
        with_unroll(unroll, [&](auto U) { k::rk7_vec<B(), U(), In, Acc><<<blocks, B(), smem>>>(in, out, n); });
      });
      HPCS_CUDA_CHECK_LAUNCH();
      return;
    }
  }
  switch (step) {
    case 1: k::rk1<In, Acc><<<blocks, block, smem>>>(in, out, n); break;
    case 2: k::rk2<In, Acc><<<blocks, block, smem>>>(in, out, n); break;
    case 3: k::rk3<In, Acc><<<blocks, block, smem>>>(in, out, n); break;
    case 4: k::rk4<In, Acc><<<blocks, block, smem>>>(in, out, n); break;
    case 5: k::rk5<In, Acc><<<blocks, block, smem>>>(in, out, n); break;
    case 6:
      with_block<kMinBlock>(block, [&](auto B) { k::rk6<B(), In, Acc><<<blocks, B(), smem>>>(in, out, n); });
      break;
    default:
      with_block<kMinBlock>(block, [&](auto B) {
        with_unroll(unroll, [&](auto U) { k::rk7<B(), U(), In, Acc><<<blocks, B(), smem>>>(in, out, n); });
      });
  }
  HPCS_CUDA_CHECK_LAUNCH();
}

// RK-7's default grid: as many blocks as fit on the device at once.
template <class In, class Acc>
unsigned resident_blocks(int step, int block, int unroll) {
  int per_sm = 0;
  with_block<kMinBlock>(block, [&](auto B) {
    with_unroll(unroll, [&](auto U) {
      const std::size_t smem = std::size_t(B()) * sizeof(Acc);
      if (step == kVecStep)
        HPCS_CUDA_CHECK(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k::rk7_vec<B(), U(), In, Acc>, B(), smem));
      else
        HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k::rk7<B(), U(), In, Acc>, B(), smem));
    });
  });
  const auto& gpu = current_gpu();
  const int sms = gpu.device ? gpu.device->multiprocessors : 1;
  return static_cast<unsigned>(std::max(1, per_sm * sms));
}

template <class In, class Acc>
class RkReducer final : public Reducer {
 public:
  RkReducer(int step, const Tuning& t) : step_(step), tuning_(t) {
    with_block<kMinBlock>(t.block, [](auto) {});  // validates the block size
    if (step >= 7) {
      with_unroll(t.unroll, [](auto) {});
      grid_ = t.grid > 0 ? static_cast<unsigned>(t.grid) : resident_blocks<In, Acc>(step, t.block, t.unroll);
    }
  }

  void upload(const HostArray& x) override {
    const auto& v = std::get<std::vector<In>>(x);
    n_ = v.size();
    input_.allocate(n_);
    input_.upload(v.data(), n_);
    plan();
  }

  void run() override {
    timer_.start();
    for (std::size_t p = 0; p < passes_.size(); ++p) {
      const Pass& s = passes_[p];
      Acc* out = partials_[p % 2].get();
      if (p == 0) launch<In, Acc>(step_, tuning_.block, tuning_.unroll, unsigned(s.blocks), input_.get(), out, s.n);
      else  // the partial sums: a few thousand values, RK-7's scalar loads
        launch<Acc, Acc>(std::min(step_, 7), tuning_.block, 1, unsigned(s.blocks), partials_[(p - 1) % 2].get(), out,
                         s.n);
    }
    timer_.stop();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
  }

  Sum result() override {
    Acc value = 0;
    if (!passes_.empty()) partials_[(passes_.size() - 1) % 2].download(&value, 1);
    return to_sum(value);
  }

  std::optional<double> device_seconds() const override {
    if (passes_.empty()) return 0.0;
    return timer_.seconds();
  }

  std::string config() const override {
    std::string c = "block=" + std::to_string(tuning_.block);
    if (step_ >= 7) c += " grid=" + std::to_string(grid_) + " unroll=" + std::to_string(tuning_.unroll);
    return c;
  }

 private:
  void plan() {
    passes_ = plan_passes(std::min(step_, 7), n_, tuning_.block, grid_);
    const auto sizes = partial_buffer_sizes(passes_);
    for (int i = 0; i < 2; ++i)
      if (partials_[i].size() < sizes[i]) partials_[i].allocate(sizes[i]);
    for (const auto& p : passes_)
      if (p.blocks > static_cast<std::size_t>(INT_MAX)) throw Error("input too large for one grid");
  }

  int step_;
  Tuning tuning_;
  unsigned grid_ = 0;
  std::size_t n_ = 0;
  hpcs::cuda::DeviceBuffer<In> input_;
  hpcs::cuda::DeviceBuffer<Acc> partials_[2];
  std::vector<Pass> passes_;
  hpcs::cuda::EventTimer timer_;
};

}  // namespace

std::unique_ptr<Reducer> make_cuda_rk(int step, DType type, const Tuning& t) {  // 8: rk7_vec
  switch (type) {
    case DType::Int32: return std::make_unique<RkReducer<std::int32_t, std::int64_t>>(step, t);
    case DType::Float32: return std::make_unique<RkReducer<float, float>>(step, t);
    default: return std::make_unique<RkReducer<double, double>>(step, t);
  }
}

}  // namespace hpcs::reduction::cuda
