// SPDX-License-Identifier: BSD-3-Clause
// What every CUDA executor of a plan shares: setup converts this rank's matrices to the
// precision and uploads them, and allocates one output per step (its local dimensions);
// run enqueues the steps on one stream between two events and waits; result downloads
// the last step's output (A1's band itself for a one-matrix chain).
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "hpcs/error.hpp"
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain::cuda_impl {

template <class Real>
constexpr Precision precision_of() {
  return sizeof(Real) == 4 ? Precision::Float32 : Precision::Float64;
}

template <class Real>
class ChainExecutor : public Executor {
 public:
  ~ChainExecutor() override {
    if (stream_) cudaStreamDestroy(stream_);
  }

  void setup(const ChainData& in, const Plan& plan) final {
    in_ = &in;
    plan_ = &plan;
    check_plan(plan);
    const int n = in.n();
    if (static_cast<int>(in.matrices.size()) != n)
      throw Error("the chain has " + std::to_string(n) + " matrices but " + std::to_string(in.matrices.size()) +
                  " were given");
    // A blocking stream: it also waits for the uploads below, made on the default stream.
    if (!stream_) HPCS_CUDA_CHECK(cudaStreamCreate(&stream_));
    inputs_.clear();
    inputs_.resize(static_cast<std::size_t>(n));
    std::vector<Real> host;
    for (int m = 1; m <= n; ++m) {
      const std::vector<double>& a = in.matrices[static_cast<std::size_t>(m - 1)];
      const auto count = static_cast<std::size_t>(in.rows_of(m) * in.cols_of(m));
      if (a.size() != count)
        throw Error("matrix A" + std::to_string(m) + " holds " + std::to_string(a.size()) + " values, not " +
                    std::to_string(count));
      host.assign(a.begin(), a.end());
      inputs_[static_cast<std::size_t>(m - 1)].allocate(count);
      inputs_[static_cast<std::size_t>(m - 1)].upload(host.data(), count);
    }
    outputs_.clear();
    outputs_.resize(plan.steps.size());
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
      const std::vector<std::int64_t> p = local_dims(plan.steps[i], in.rows);
      outputs_[i].allocate(static_cast<std::size_t>(p.front() * p.back()));
    }
    prepare();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    ran_ = false;
  }

  void run() final {
    timer_.start(stream_);
    launch_steps();
    timer_.stop(stream_);
    HPCS_CUDA_CHECK(cudaStreamSynchronize(stream_));
    ran_ = true;
  }

  void result(double* out) final {
    const cuda::DeviceBuffer<Real>& last = plan_->steps.empty() ? inputs_.front() : outputs_.back();
    const auto count = static_cast<std::size_t>(in_->rows * in_->dims.back());
    std::vector<Real> host(count);
    last.download(host.data(), count);
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<double>(host[i]);
  }

  std::optional<double> device_seconds() const final {
    if (!ran_) return std::nullopt;
    return timer_.seconds();
  }

 protected:
  virtual void check_plan(const Plan& plan) const = 0;  // throws hpcs::Error for a plan it cannot run
  virtual void prepare() {}                              // after the buffers exist
  virtual void launch_steps() = 0;                       // every step, in order, on stream()

  const Plan& plan() const { return *plan_; }
  std::int64_t rows() const { return in_->rows; }
  cudaStream_t stream() const { return stream_; }
  const Real* operand(const Operand& o) const {
    return o.input() ? inputs_[static_cast<std::size_t>(o.matrix - 1)].get() : outputs_[static_cast<std::size_t>(o.step)].get();
  }
  Real* output(std::size_t step) { return outputs_[step].get(); }
  // "plan fused M=16384 float32", the start of config().
  std::string plan_text() const {
    return "plan " + to_string(plan_->kind) + " M=" + std::to_string(static_cast<long long>(plan_->fast_memory)) + " " +
           to_string(precision_of<Real>());
  }

 private:
  const ChainData* in_ = nullptr;
  const Plan* plan_ = nullptr;
  cudaStream_t stream_ = nullptr;
  std::vector<cuda::DeviceBuffer<Real>> inputs_;   // A1's band, A2 .. An
  std::vector<cuda::DeviceBuffer<Real>> outputs_;  // one per step
  cuda::EventTimer timer_;
  bool ran_ = false;
};

}  // namespace hpcs::matrixchain::cuda_impl
