// SPDX-License-Identifier: BSD-3-Clause
// The vendor baseline: cub::DeviceReduce::Sum (temporary storage sized once at upload).
#include <cub/device/device_reduce.cuh>

#include <type_traits>
#include <vector>

#include "reduction_cuda_factories.hpp"
#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "reduction_dispatch.hpp"

namespace hpcs::reduction::cuda {
namespace {

template <class In, class Acc>
class CubReducer final : public Reducer {
 public:
  void upload(const HostArray& x) override {
    const auto& v = std::get<std::vector<In>>(x);
    n_ = v.size();
    input_.allocate(n_);
    input_.upload(v.data(), n_);
    out_.allocate(1);
    temp_bytes_ = 0;
    HPCS_CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, temp_bytes_, input_.get(), out_.get(), n_));
    temp_.allocate(temp_bytes_);
  }

  void run() override {
    if (n_ == 0) return;
    timer_.start();
    HPCS_CUDA_CHECK(cub::DeviceReduce::Sum(temp_.get(), temp_bytes_, input_.get(), out_.get(), n_));
    timer_.stop();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
  }

  Sum result() override {
    Acc value = 0;
    if (n_ > 0) out_.download(&value, 1);
    return to_sum(value);
  }

  std::optional<double> device_seconds() const override { return n_ == 0 ? 0.0 : timer_.seconds(); }
  std::string config() const override { return "cub::DeviceReduce::Sum"; }

 private:
  std::size_t n_ = 0, temp_bytes_ = 0;
  hpcs::cuda::DeviceBuffer<In> input_;
  hpcs::cuda::DeviceBuffer<Acc> out_;
  hpcs::cuda::DeviceBuffer<unsigned char> temp_;
  hpcs::cuda::EventTimer timer_;
};

}  // namespace

std::unique_ptr<Reducer> make_cuda_cub(DType type) {
  switch (type) {
    case DType::Int32: return std::make_unique<CubReducer<std::int32_t, std::int64_t>>();
    case DType::Float32: return std::make_unique<CubReducer<float, float>>();
    default: return std::make_unique<CubReducer<double, double>>();
  }
}

}  // namespace hpcs::reduction::cuda
