// SPDX-License-Identifier: BSD-3-Clause
// Registers the raw CUDA variants of Jacobi: cuda/naive (one launch per time step) and
// cuda/tiled (1D hexagonal, 2D HHC, with the named tunings of tiled variants).
#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "jacobi_cuda_solvers.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {
namespace {

// cuda/tiled learns the dimension at setup: 1D hexagonal or 2D HHC behind one solver.
template <class Real>
class TiledByDimension final : public Solver<Real> {
 public:
  explicit TiledByDimension(const Tiles& t) : t_(t) {}
  void setup(const Problem& local, const Real* grid) override {
    static const SolverFactories hex1d = cuda_impl::hex1d_factories(), hhc2d = cuda_impl::hhc2d_factories();
    inner_ = (local.dims == 1 ? hex1d : hhc2d).template solver<Real>(t_);
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
  Tiles t_;
  std::unique_ptr<Solver<Real>> inner_;
};

}  // namespace

void register_cuda_variants(VariantList& list) {
  Variant naive = new_variant("cuda/naive", "cuda", false);
  static_cast<SolverFactories&>(naive.make) = cuda_impl::naive_factories();
  naive.why_not = [](const Task& task, const Tiles& t) -> std::optional<std::string> {
    if (auto why = no_gpu_reason()) return why;
    return cuda_impl::naive_rejects(task.grid, t);
  };
  list.push_back(naive);

  Variant tiled = new_variant("cuda/tiled", "cuda", true);
  static_cast<SolverFactories&>(tiled.make) = factories_of<TiledByDimension>();
  tiled.why_not = [](const Task& task, const Tiles& t) -> std::optional<std::string> {
    if (auto why = no_gpu_reason()) return why;
    const Problem& p = task.grid;
    return p.dims == 1 ? cuda_impl::hex1d_rejects(p, t, task.precision) : cuda_impl::hhc2d_rejects(p, t, task.precision);
  };
  list.push_back(tiled);
}

}  // namespace hpcs::jacobi
