// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_cuda.hpp"

#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "jacobi_cuda_solvers.hpp"

namespace hpcs::jacobi {
namespace {

// cuda/tiled learns the dimension at setup: 1D hexagonal or 2D HHC behind one solver.
template <class Real>
class TiledByDimension final : public Solver<Real> {
 public:
  explicit TiledByDimension(const Tiles& t) : t_(t) {}
  void setup(const Problem& local, const Real* grid) override {
    inner_ = local.dims == 1 ? cuda_impl::make_hex1d<Real>(t_) : cuda_impl::make_hhc2d<Real>(t_);
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

void register_jacobi_cuda(VariantList& list) {
  const auto no_gpu = []() -> std::optional<std::string> {
    const auto& gpu = current_gpu();
    if (gpu.device) return std::nullopt;
    return gpu.reason;
  };
  VariantInfo naive;
  naive.name = "cuda/naive";
  naive.backend = "cuda";
  naive.make_float = [](const Tiles& t) { return cuda_impl::make_naive<float>(t); };
  naive.make_double = [](const Tiles& t) { return cuda_impl::make_naive<double>(t); };
  naive.unavailable = no_gpu;
  naive.rejects = [](const Problem& p, const Tiles& t, Precision) { return cuda_impl::naive_rejects(p, t); };
  list.push_back(naive);

  VariantInfo tiled;
  tiled.name = "cuda/tiled";
  tiled.backend = "cuda";
  tiled.tiled = true;
  tiled.make_float = [](const Tiles& t) -> std::unique_ptr<Solver<float>> { return std::make_unique<TiledByDimension<float>>(t); };
  tiled.make_double = [](const Tiles& t) -> std::unique_ptr<Solver<double>> { return std::make_unique<TiledByDimension<double>>(t); };
  tiled.unavailable = no_gpu;
  tiled.rejects = [](const Problem& p, const Tiles& t, Precision prec) {
    return p.dims == 1 ? cuda_impl::hex1d_rejects(p, t, prec) : cuda_impl::hhc2d_rejects(p, t, prec);
  };
  list.push_back(tiled);
}

}  // namespace hpcs::jacobi
