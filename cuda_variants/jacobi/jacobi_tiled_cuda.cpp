// SPDX-License-Identifier: BSD-3-Clause
// cuda/tiled learns the dimension at setup: 1D hexagonal, 2D HHC or 3D slabs behind one solver.
#include "hpcs/base/error.hpp"
#include "jacobi_cuda_factories.hpp"

namespace hpcs::jacobi::cuda {
namespace {

template <class Real>
class TiledByDimension final : public Solver<Real> {
 public:
  explicit TiledByDimension(const Tuning& t) : t_(t) {}
  void setup(const Problem& local, const Real* grid) override {
    if (auto why = tiled_dims_rejects(local)) throw Error(*why);
    static const SolverFactories hex1d = hex1d_factories(), hhc2d = hhc2d_factories(), hhc3d = hhc3d_factories();
    inner_ = (local.dims == 1 ? hex1d : local.dims == 2 ? hhc2d : hhc3d).template solver<Real>(t_);
    inner_->setup(local, grid);
  }
  void advance(std::int64_t steps) override { get().advance(steps); }
  void read_rows(std::int64_t row0, std::int64_t count, Real* out) const override { get().read_rows(row0, count, out); }
  void write_rows(std::int64_t row0, std::int64_t count, const Real* in) override { get().write_rows(row0, count, in); }
  void download(Real* grid) const override { get().download(grid); }
  std::optional<double> device_seconds() const override { return inner_ ? inner_->device_seconds() : std::nullopt; }
  nlohmann::json details() const override { return inner_ ? inner_->details() : nlohmann::json::object(); }

 private:
  Solver<Real>& get() const {
    if (!inner_) throw Error("cuda/tiled: advance or transfer before setup");
    return *inner_;
  }
  Tuning t_;
  std::unique_ptr<Solver<Real>> inner_;
};

}  // namespace

std::optional<std::string> tiled_dims_rejects(const Problem& p) {
  if (p.dims < 1 || p.dims > 3) return "cuda/tiled: " + std::to_string(p.dims) + "D: expected 1D, 2D or 3D";
  return std::nullopt;
}

SolverFactories tiled_factories() { return factories_of<TiledByDimension>(); }

}  // namespace hpcs::jacobi::cuda
