// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_reference.hpp"

#include <algorithm>
#include <cstring>

#include "jacobi_stencil.hpp"

namespace hpcs::jacobi {

namespace {
// 3D: plane i (cols() values), line j (pitch() values), point k contiguous.
template <class Real>
void reference_step3d(const Problem& p, const Real* cur, Real* next) {
  with_stencil3d(p.stencil, [&](auto st) {
    using St = decltype(st);
    const std::int64_t plane = p.cols(), line = p.pitch();
    for (std::int64_t i = 1; i <= p.n1; ++i)
      for (std::int64_t j = 1; j <= p.n2; ++j) {
        const Real* in = cur + i * plane + j * line;
        Real* out = next + i * plane + j * line;
        for (std::int64_t k = 1; k <= p.n3; ++k)
          out[k] = St::apply(in[k], in[k - plane], in[k + plane], in[k - line], in[k + line], in[k - 1], in[k + 1]);
      }
  });
}
}  // namespace

template <class Real>
void reference_step(const Problem& p, const Real* cur, Real* next) {
  if (p.dims == 1) {
    for (std::int64_t i = 1; i <= p.n1; ++i) next[i] = jacobi1d_update(cur[i - 1], cur[i], cur[i + 1]);
    return;
  }
  if (p.dims == 3) {
    reference_step3d(p, cur, next);
    return;
  }
  with_stencil(p.stencil, [&](auto st) {
    using St = decltype(st);
    const std::int64_t c = p.cols();
    for (std::int64_t i = 1; i <= p.n1; ++i) {
      const Real* row = cur + i * c;
      Real* out = next + i * c;
      for (std::int64_t j = 1; j <= p.n2; ++j)
        out[j] = St::apply(row[j], row[j - c], row[j + c], row[j - 1], row[j + 1]);
    }
  });
}

template <class Real>
std::vector<Real> reference_run(const Problem& p, const std::vector<Real>& grid, std::int64_t steps) {
  std::vector<Real> a = grid, b = grid;  // both hold the boundary
  for (std::int64_t s = 0; s < steps; ++s) {
    reference_step(p, a.data(), b.data());
    a.swap(b);
  }
  return a;
}

namespace {

template <class Real>
class CpuReference final : public Solver<Real> {
 public:
  void setup(const Problem& local, const Real* grid) override {
    p_ = local;
    buf_[0].assign(grid, grid + local.stored());
    buf_[1] = buf_[0];
    cur_ = 0;
  }
  void advance(std::int64_t steps) override {
    for (std::int64_t s = 0; s < steps; ++s) {
      reference_step(p_, buf_[cur_].data(), buf_[1 - cur_].data());
      cur_ = 1 - cur_;
    }
  }
  void read_rows(std::int64_t row0, std::int64_t count, Real* out) const override {
    std::copy_n(buf_[cur_].data() + row0 * p_.cols(), count * p_.cols(), out);
  }
  void write_rows(std::int64_t row0, std::int64_t count, const Real* in) override {
    for (auto& b : buf_) std::copy_n(in, count * p_.cols(), b.data() + row0 * p_.cols());
  }
  void download(Real* grid) const override { std::copy(buf_[cur_].begin(), buf_[cur_].end(), grid); }

 private:
  Problem p_;
  std::vector<Real> buf_[2];
  int cur_ = 0;
};

}  // namespace

template <class Real>
std::unique_ptr<Solver<Real>> make_cpu_reference() {
  return std::make_unique<CpuReference<Real>>();
}

#define HPCS_JACOBI_INSTANTIATE(Real)                                                                     \
  template void reference_step<Real>(const Problem&, const Real*, Real*);                                 \
  template std::vector<Real> reference_run<Real>(const Problem&, const std::vector<Real>&, std::int64_t); \
  template std::unique_ptr<Solver<Real>> make_cpu_reference<Real>();
HPCS_JACOBI_INSTANTIATE(float)
HPCS_JACOBI_INSTANTIATE(double)
#undef HPCS_JACOBI_INSTANTIATE

}  // namespace hpcs::jacobi
