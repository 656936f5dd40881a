// SPDX-License-Identifier: BSD-3-Clause
// kokkos/naive: one parallel dispatch per time step over the interior, reading level t-1
// from one View and writing level t to the other: a Range in 1D, an MDRange in 2D with
// j (contiguous) fastest and tiles of 1 x threads, so that on CUDA (threadIdx.x walks the
// first MDRange dimension) consecutive threads take consecutive j.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <memory>

#include "jacobi_kokkos_grid.hpp"
#include "jacobi_kokkos_solvers.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi::kokkos {
namespace {

constexpr int kMaxTileThreads = 1024;  // CUDA's block limit; MDRange tiles are blocks there
constexpr int kDefaultTileThreads = 256;

template <class Real>
struct Step1D {
  const Real* in;
  Real* out;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t x) const {
    out[x] = jacobi1d_update(in[x - 1], in[x], in[x + 1]);
  }
};

template <class Real>
struct Step2D {
  const Real* in;
  Real* out;
  std::int64_t cols;
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i, const std::int64_t j) const {
    const std::int64_t c = i * cols + j;
    out[c] = jacobi2d_update(in[c], in[c - cols], in[c + cols], in[c - 1], in[c + 1]);
  }
};

template <class Real>
class KokkosNaive final : public KokkosGrid<Real> {
 public:
  explicit KokkosNaive(const Tiles& t) : tile_j_(t.threads > 0 ? t.threads : kDefaultTileThreads) {
    if (const auto why = naive_rejects(Problem{}, t)) throw Error(*why);
  }

  nlohmann::json details() const override {
    const Problem& p = this->problem();
    nlohmann::json d = {{"dispatches", dispatches_},
                        {"dispatches_per_step", 1},
                        {"policy", p.dims == 1 ? "RangePolicy" : "MDRangePolicy<Rank<2>>"}};
    if (p.dims == 2) d["mdrange_tile"] = {1, tile_j_};
    return d;
  }

 protected:
  void prepare(const Problem&) override { dispatches_ = 0; }

  void run(std::int64_t steps, Real* level0, Real* level1) override {
    const Problem& p = this->problem();
    Real* level[2] = {level0, level1};
    for (std::int64_t t = 1; t <= steps; ++t) {
      const Real* in = level[(t - 1) % 2];
      Real* out = level[t % 2];
      if (p.dims == 1) {
        Kokkos::parallel_for("hpcs::jacobi::naive1d", Kokkos::RangePolicy<Kokkos::IndexType<std::int64_t>>(1, p.n1 + 1),
                             Step1D<Real>{in, out});
      } else {
        using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<2, Kokkos::Iterate::Right, Kokkos::Iterate::Right>,
                                             Kokkos::IndexType<std::int64_t>>;
        const Policy policy({1, 1}, {p.n1 + 1, p.n2 + 1}, {1, tile_j_});
        Kokkos::parallel_for("hpcs::jacobi::naive2d", policy, Step2D<Real>{in, out, p.cols()});
      }
      ++dispatches_;
    }
  }

 private:
  std::int64_t tile_j_;
  std::int64_t dispatches_ = 0;
};

}  // namespace

std::optional<std::string> naive_rejects(const Problem&, const Tiles& t) {
  if (t.threads < 0 || t.threads > kMaxTileThreads)
    return "kokkos/naive: threads = " + std::to_string(t.threads) + " (the MDRange tile is 1 x threads) must lie in 1.." +
           std::to_string(kMaxTileThreads) + " (0: " + std::to_string(kDefaultTileThreads) + ")";
  return std::nullopt;
}

template <class Real>
std::unique_ptr<Solver<Real>> make_naive(const Tiles& t) {
  return std::make_unique<KokkosNaive<Real>>(t);
}

template std::unique_ptr<Solver<float>> make_naive<float>(const Tiles&);
template std::unique_ptr<Solver<double>> make_naive<double>(const Tiles&);

}  // namespace hpcs::jacobi::kokkos
