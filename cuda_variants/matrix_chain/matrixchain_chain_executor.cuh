// SPDX-License-Identifier: BSD-3-Clause
// What every CUDA executor of a plan shares: setup converts this rank's matrices to the
// precision and uploads them, and allocates one output per step (its local dimensions);
// run enqueues the steps (independent subtrees on their own streams) between two events
// and waits; result downloads the last step's output (A1's band itself for a one-matrix
// chain). With `graph` (the default) the first run captures the launches into a CUDA graph
// and every run replays it: one launch a run instead of one per kernel, event and wait, so a
// chain of small products is not paced by the host (the timed span is the same).
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "hpcs/base/error.hpp"
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain::cuda {

template <class Real>
constexpr Precision precision_of() {
  return sizeof(Real) == 4 ? Precision::Float32 : Precision::Float64;
}

template <class Real>
class ChainExecutor : public Executor {
 public:
  static constexpr int kMaxLanes = 4;

  explicit ChainExecutor(bool graph) : graph_(graph) {}

  ~ChainExecutor() override {
    drop_graph();
    for (cudaEvent_t e : done_) cudaEventDestroy(e);
    for (cudaEvent_t e : lane_end_) cudaEventDestroy(e);
    if (fork_) cudaEventDestroy(fork_);
    for (cudaStream_t s : lane_streams_)
      if (s) cudaStreamDestroy(s);
  }

  void setup(const ChainData& in, const Plan& plan) final {
    drop_graph();
    in_ = &in;
    plan_ = &plan;
    check_plan(plan);
    const int n = in.n();
    if (static_cast<int>(in.matrices.size()) != n)
      throw Error("the chain has " + std::to_string(n) + " matrices but " + std::to_string(in.matrices.size()) +
                  " were given");
    // Blocking streams: they also wait for the uploads below, made on the default stream.
    lane_ = plan_lanes(plan, kMaxLanes);
    concurrency_ = plan_concurrency(plan, lane_);
    lanes_ = 1;
    for (int l : lane_) lanes_ = std::max(lanes_, l + 1);
    while (static_cast<int>(lane_streams_.size()) < lanes_) {
      cudaStream_t s = nullptr;
      HPCS_CUDA_CHECK(cudaStreamCreate(&s));
      lane_streams_.push_back(s);
    }
    stream_ = lane_streams_.front();
    if (!fork_) HPCS_CUDA_CHECK(cudaEventCreateWithFlags(&fork_, cudaEventDisableTiming));
    while (done_.size() < plan.steps.size()) done_.push_back(new_event());
    while (static_cast<int>(lane_end_.size()) < lanes_) lane_end_.push_back(new_event());
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
    runs_ = 0;
  }

  void run() final {
    const bool graph = graph_ && !plan_->steps.empty();
    if (graph && !graph_exec_) capture();
    timer_.start(stream_);
    if (graph) HPCS_CUDA_CHECK(cudaGraphLaunch(graph_exec_, stream_));
    else enqueue();
    timer_.stop(stream_);
    HPCS_CUDA_CHECK(cudaStreamSynchronize(stream_));
    ++runs_;
    ran_ = true;
  }

  void result(double* out) final {
    const hpcs::cuda::DeviceBuffer<Real>& last = plan_->steps.empty() ? inputs_.front() : outputs_.back();
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
  virtual void check_plan(const Plan& plan) const = 0;          // throws hpcs::Error for a plan it cannot run
  virtual void prepare() {}                                     // after the buffers exist
  virtual void launch_step(std::size_t i, cudaStream_t s) = 0;  // step i of the plan, on s

  const Plan& plan() const { return *plan_; }
  // True while run() records the launches into the graph: a step whose kernel keeps state
  // across runs (the fused steps' counters) must then reset it inside the graph.
  bool capturing() const { return capturing_; }
  std::int64_t rows() const { return in_->rows; }
  // Lanes that may run while step i runs (plan_concurrency): its share of the GPU is 1 / that.
  int concurrency(std::size_t i) const { return concurrency_[i]; }
  unsigned long long runs() const { return runs_; }  // runs since setup (run() counts them)
  const Real* operand(const Operand& o) const {
    return o.input() ? inputs_[static_cast<std::size_t>(o.matrix - 1)].get()
                     : outputs_[static_cast<std::size_t>(o.step)].get();
  }
  Real* output(std::size_t step) { return outputs_[step].get(); }
  // "plan fused M=16384 float32", the start of config().
  std::string plan_text() const {
    return "plan " + to_string(plan_->kind) + " M=" + std::to_string(static_cast<long long>(plan_->fast_memory)) + " " +
           to_string(precision_of<Real>()) + (lanes_ > 1 ? ", " + std::to_string(lanes_) + " streams" : "") +
           (graph_ ? ", CUDA graph" : "");
  }

 private:
  static cudaEvent_t new_event() {
    cudaEvent_t e = nullptr;
    HPCS_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
    return e;
  }

  // Every step on its lane's stream: lanes fork from the main stream and join it again.
  void enqueue() {
    HPCS_CUDA_CHECK(cudaEventRecord(fork_, stream_));
    for (int l = 1; l < lanes_; ++l) HPCS_CUDA_CHECK(cudaStreamWaitEvent(lane_streams_[l], fork_, 0));
    const std::vector<Step>& steps = plan_->steps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const cudaStream_t s = lane_streams_[static_cast<std::size_t>(lane_[i])];
      for (const Operand& o : steps[i].in)
        if (!o.input() && lane_[static_cast<std::size_t>(o.step)] != lane_[i])
          HPCS_CUDA_CHECK(cudaStreamWaitEvent(s, done_[static_cast<std::size_t>(o.step)], 0));
      launch_step(i, s);
      HPCS_CUDA_CHECK(cudaEventRecord(done_[i], s));
    }
    for (int l = 1; l < lanes_; ++l) {  // join: the main stream waits for every lane
      HPCS_CUDA_CHECK(
          cudaEventRecord(lane_end_[static_cast<std::size_t>(l)], lane_streams_[static_cast<std::size_t>(l)]));
      HPCS_CUDA_CHECK(cudaStreamWaitEvent(stream_, lane_end_[static_cast<std::size_t>(l)], 0));
    }
  }

  void capture() {
    HPCS_CUDA_CHECK(cudaStreamBeginCapture(stream_, cudaStreamCaptureModeThreadLocal));
    capturing_ = true;
    cudaGraph_t g = nullptr;
    try {
      enqueue();
    } catch (...) {
      capturing_ = false;
      if (cudaStreamEndCapture(stream_, &g) == cudaSuccess && g) cudaGraphDestroy(g);
      cudaGetLastError();  // the capture's own error, if any, is not the one to report
      throw;
    }
    capturing_ = false;
    HPCS_CUDA_CHECK(cudaStreamEndCapture(stream_, &g));
    const cudaError_t e = cudaGraphInstantiateWithFlags(&graph_exec_, g, 0);
    cudaGraphDestroy(g);
    HPCS_CUDA_CHECK(e);
  }

  void drop_graph() {
    if (graph_exec_) cudaGraphExecDestroy(graph_exec_);
    graph_exec_ = nullptr;
  }

  const bool graph_;
  bool capturing_ = false;
  cudaGraphExec_t graph_exec_ = nullptr;
  const ChainData* in_ = nullptr;
  const Plan* plan_ = nullptr;
  cudaStream_t stream_ = nullptr;  // the main stream: lane 0
  std::vector<cudaStream_t> lane_streams_;
  std::vector<int> lane_;         // each step's lane
  std::vector<int> concurrency_;  // lanes running beside each step
  int lanes_ = 1;
  cudaEvent_t fork_ = nullptr;
  std::vector<cudaEvent_t> done_;      // recorded after each step
  std::vector<cudaEvent_t> lane_end_;  // each lane's end, for the join
  unsigned long long runs_ = 0;
  std::vector<hpcs::cuda::DeviceBuffer<Real>> inputs_;   // A1's band, A2 .. An
  std::vector<hpcs::cuda::DeviceBuffer<Real>> outputs_;  // one per step
  hpcs::cuda::EventTimer timer_;
  bool ran_ = false;
};

}  // namespace hpcs::matrixchain::cuda
