// SPDX-License-Identifier: BSD-3-Clause
// cuda/cublas, the yardstick: every product of the unfused plan is one cuBLAS GEMM in the
// default math mode (no TF32). cuBLAS is column-major; a row-major C = A B is the
// column-major C^T = B^T A^T, which is the same memory, so no transposes are done.
#include <cublas_v2.h>

#include <string>

#include "matrixchain_chain_executor.cuh"
#include "matrixchain_cuda_factories.hpp"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::matrixchain::cuda {
namespace {

void check_cublas(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw Error(std::string("cuBLAS error: ") + what + " failed: " + cublasGetStatusString(s));
}

cublasStatus_t gemm(cublasHandle_t h, int m, int n, int k, const float* a, const float* b, float* c) {
  const float one = 1, zero = 0;
  return cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, a, m, b, k, &zero, c, m);
}
cublasStatus_t gemm(cublasHandle_t h, int m, int n, int k, const double* a, const double* b, double* c) {
  const double one = 1, zero = 0;
  return cublasDgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, a, m, b, k, &zero, c, m);
}

template <class Real>
class CublasExecutor final : public ChainExecutor<Real> {
 public:
  explicit CublasExecutor(bool graph) : ChainExecutor<Real>(graph) {}

  ~CublasExecutor() override {
    if (handle_) cublasDestroy(handle_);
  }

  std::string config() const override {
    return this->plan_text() + ": " + std::to_string(this->plan().steps.size()) + " x " +
           (sizeof(Real) == 4 ? "cublasSgemm" : "cublasDgemm") + " (CUBLAS_DEFAULT_MATH, row-major as C^T = B^T A^T)";
  }

 private:
  void check_plan(const Plan& plan) const override {
    for (const Step& s : plan.steps)
      if (s.kind != StepKind::Gemm)
        throw Error("cuda/cublas runs unfused plans only (the plan has a " + to_string(s.kind) + " step)");
  }

  void prepare() override {
    if (!handle_) check_cublas(cublasCreate(&handle_), "cublasCreate");
    check_cublas(cublasSetMathMode(handle_, CUBLAS_DEFAULT_MATH), "cublasSetMathMode");
    // A workspace of our own (32 MiB, NVIDIA's advice for Hopper), in graphs and out: cuBLAS
    // then allocates nothing while a graph is captured.
    if (!workspace_.get()) workspace_.allocate(kWorkspaceBytes);
    check_cublas(cublasSetWorkspace(handle_, workspace_.get(), kWorkspaceBytes), "cublasSetWorkspace");
  }

  void launch_step(std::size_t i, cudaStream_t stream) override {
    const Step& s = this->plan().steps[i];
    const std::vector<std::int64_t> p = local_dims(s, this->rows());
    if (p[0] == 0) return;
    check_cublas(cublasSetStream(handle_, stream), "cublasSetStream");
    // column-major: C^T (p2 x p0) = B^T (p2 x p1) A^T (p1 x p0)
    check_cublas(gemm(handle_, static_cast<int>(p[2]), static_cast<int>(p[0]), static_cast<int>(p[1]),
                      this->operand(s.in[1]), this->operand(s.in[0]), this->output(i)),
                 sizeof(Real) == 4 ? "cublasSgemm" : "cublasDgemm");
  }

  static constexpr std::size_t kWorkspaceBytes = std::size_t{32} << 20;
  cublasHandle_t handle_ = nullptr;
  hpcs::cuda::DeviceBuffer<unsigned char> workspace_;
};

}  // namespace

std::unique_ptr<Executor> make_cublas_executor(Precision p, bool graph) {
  return make_in_precision<Executor, CublasExecutor>(p, graph);
}

}  // namespace hpcs::matrixchain::cuda
