// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_reference.hpp"

#include <cmath>
#include <functional>

#if defined(HPCS_MATRIXCHAIN_CBLAS)
#include <cblas.h>
#endif

namespace hpcs::matrixchain {

void reference_gemm(std::int64_t m, std::int64_t n, std::int64_t k, const double* a, const double* b, double* c) {
#if defined(HPCS_MATRIXCHAIN_CBLAS)
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
              1.0, a, static_cast<int>(k), b, static_cast<int>(n), 0.0, c, static_cast<int>(n));
#else
  // i-k-j: the inner loop runs along rows of B and C
  for (std::int64_t i = 0; i < m; ++i) {
    double* ci = c + i * n;
    for (std::int64_t j = 0; j < n; ++j) ci[j] = 0;
    for (std::int64_t p = 0; p < k; ++p) {
      const double aip = a[i * k + p];
      const double* bp = b + p * n;
      for (std::int64_t j = 0; j < n; ++j) ci[j] += aip * bp[j];
    }
  }
#endif
}

std::string reference_library() {
#if defined(HPCS_MATRIXCHAIN_CBLAS)
  return "CBLAS dgemm";
#else
  return "float64 loops (no CBLAS found at configure time)";
#endif
}

std::vector<double> reference_product(const ChainData& in, bool absolute) {
  const ChainAnalysis tree(in.dims, kThesisFastMemory, BetaConvention::Derived);  // OpTree only
  const auto matrix = [&](int m) {
    std::vector<double> a = in.matrices[static_cast<std::size_t>(m - 1)];
    if (absolute)
      for (double& v : a) v = std::fabs(v);
    return a;
  };
  // (i..j) of the chain: rows of A_i (this rank's band when i = 1) x P[j]
  std::function<std::vector<double>(int, int)> product = [&](int i, int j) -> std::vector<double> {
    if (i == j) return matrix(i);
    const int k = tree.split(i, j);
    const std::vector<double> a = product(i, k), b = product(k + 1, j);
    const std::int64_t rows = in.rows_of(i), inner = in.cols_of(k), cols = in.cols_of(j);
    std::vector<double> c(static_cast<std::size_t>(rows * cols));
    reference_gemm(rows, cols, inner, a.data(), b.data(), c.data());
    return c;
  };
  return product(1, in.n());
}

namespace {
class CpuReference final : public Executor {
 public:
  void setup(const ChainData& in, const Plan&) override { in_ = &in; }
  void run() override { r_ = reference_product(*in_); }
  void result(double* out) override { std::copy(r_.begin(), r_.end(), out); }
  std::string config() const override { return "float64, op-count order, " + reference_library(); }

 private:
  const ChainData* in_ = nullptr;
  std::vector<double> r_;
};
}  // namespace

std::unique_ptr<Executor> make_cpu_reference() { return std::make_unique<CpuReference>(); }

}  // namespace hpcs::matrixchain
