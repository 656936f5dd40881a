// SPDX-License-Identifier: BSD-3-Clause
// kokkos/naive: one parallel dispatch per time step over the interior, reading level t-1
// from one View and writing level t to the other: a Range in 1D, an MDRange in 2D with
// j (contiguous) fastest and tiles of 1 x threads, so that on CUDA (threadIdx.x walks the
// first MDRange dimension) consecutive threads take consecutive j.
//
// Each index does a few points, as cuda/naive's threads do: with one point per index
// Kokkos CUDA launched 128K-262K blocks per step and ran at 60% of cuda/naive on an H100
// (ncu: 82 vs 48 us per 1D step, 330 vs 198 us per 2D step, same DRAM bytes; block
// scheduling, not memory, was the limit). 1D: kPoints1D points `stride` apart (coalesced
// across indices); 2D: a column of kRows2D consecutive rows, walked with the (i-1, i, i+1)
// values in registers. 3D: the same MDRange over (S2 line and run of kRows2D S1 planes, k),
// k contiguous, each index walking its run of planes with (i-1, i, i+1) in registers.
#include <Kokkos_Core.hpp>

#include <cstdint>
#include <memory>

#include "jacobi_grid_kokkos.hpp"
#include "jacobi_kokkos_factories.hpp"
#include "jacobi_naive3d.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi::kokkos {
namespace {

constexpr int kMaxTileThreads = 1024;  // CUDA's block limit; MDRange tiles are blocks there
constexpr int kDefaultTileThreads = 256;
constexpr std::int64_t kPoints1D = 4;
constexpr std::int64_t kRows2D = 8;

template <class Real>
struct Step1D {
  const Real* in;
  Real* out;
  std::int64_t n;       // interior points 1..n
  std::int64_t stride;  // indices: point q + 1 + m * stride, m < kPoints1D
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t q) const {
    for (std::int64_t x = q + 1; x <= n; x += stride) out[x] = jacobi1d_update(in[x - 1], in[x], in[x + 1]);
  }
};

template <class Real, class St>
struct Step2D {
  const Real* in;
  Real* out;
  std::int64_t cols;
  std::int64_t n1;  // interior rows 1..n1
  // Rows 1 + b * kRows2D .. of column j.
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t b, const std::int64_t j) const {
    const std::int64_t i0 = 1 + b * kRows2D;
    const std::int64_t i1 = i0 + kRows2D - 1 < n1 ? i0 + kRows2D - 1 : n1;
    std::int64_t c = i0 * cols + j;
    Real up = in[c - cols], mid = in[c];
    for (std::int64_t i = i0; i <= i1; ++i, c += cols) {
      const Real down = in[c + cols];
      out[c] = St::apply(mid, up, down, in[c - 1], in[c + 1]);
      up = mid;
      mid = down;
    }
  }
};

template <class Real, class St>
struct Step3D {
  const Real* in;
  Real* out;
  std::int64_t plane, line;  // strides of i and j
  std::int64_t n1, n2;       // interior planes 1..n1, lines 1..n2
  // Planes 1 + b * kRows2D .. of line j, point k, with q = b * n2 + (j - 1).
  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t q, const std::int64_t k) const {
    naive3d_planes<St>(in, out, 1 + q / n2 * kRows2D, kRows2D, n1, 1 + q % n2, k, plane, line);
  }
};

template <class Real>
class KokkosNaive final : public KokkosGrid<Real> {
 public:
  explicit KokkosNaive(const Tuning& t) : tile_j_(t.threads > 0 ? t.threads : kDefaultTileThreads) {
    if (const auto why = naive_rejects(Problem{}, t)) throw Error(*why);
  }

  nlohmann::json details() const override {
    const Problem& p = this->problem();
    nlohmann::json d = {{"dispatches", dispatches_},
                        {"dispatches_per_step", 1},
                        {"policy", p.dims == 1 ? "RangePolicy" : "MDRangePolicy<Rank<2>>"}};
    if (p.dims >= 2) d["mdrange_tile"] = {1, tile_j_};
    d[p.dims == 1 ? "points_per_index" : "rows_per_index"] = p.dims == 1 ? kPoints1D : kRows2D;
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
        const std::int64_t stride = (p.n1 + kPoints1D - 1) / kPoints1D;
        Kokkos::parallel_for("hpcs::jacobi::naive1d", Kokkos::RangePolicy<Kokkos::IndexType<std::int64_t>>(0, stride),
                             Step1D<Real>{in, out, p.n1, stride});
      } else if (p.dims == 3) {
        run3d(in, out);
      } else {
        using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<2, Kokkos::Iterate::Right, Kokkos::Iterate::Right>,
                                             Kokkos::IndexType<std::int64_t>>;
        using Point = Policy::point_type;  // spelled out: {0, 1} also reads as a Kokkos::Cuda instance
        const Policy policy(Point{0, 1}, Point{(p.n1 + kRows2D - 1) / kRows2D, p.n2 + 1},
                            Policy::tile_type{1, tile_j_});
        with_stencil(p.stencil, [&](auto st) {
          Kokkos::parallel_for("hpcs::jacobi::naive2d", policy, Step2D<Real, decltype(st)>{in, out, p.cols(), p.n1});
        });
      }
      ++dispatches_;
    }
  }

 private:
  // Public members only may hold device lambdas on nvcc; a functor keeps this one private.
  void run3d(const Real* in, Real* out) const {
    const Problem& p = this->problem();
    using Policy = Kokkos::MDRangePolicy<Kokkos::Rank<2, Kokkos::Iterate::Right, Kokkos::Iterate::Right>,
                                         Kokkos::IndexType<std::int64_t>>;
    using Point = Policy::point_type;
    const std::int64_t runs = (p.n1 + kRows2D - 1) / kRows2D;
    const Policy policy(Point{0, 1}, Point{runs * p.n2, p.n3 + 1}, Policy::tile_type{1, tile_j_});
    with_stencil3d(p.stencil, [&](auto st) {
      Kokkos::parallel_for("hpcs::jacobi::naive3d", policy,
                           Step3D<Real, decltype(st)>{in, out, p.cols(), p.pitch(), p.n1, p.n2});
    });
  }

  std::int64_t tile_j_;
  std::int64_t dispatches_ = 0;
};

}  // namespace

std::optional<std::string> naive_rejects(const Problem&, const Tuning& t) {
  if (t.threads < 0 || t.threads > kMaxTileThreads)
    return "kokkos/naive: threads = " + std::to_string(t.threads) +
           " (the MDRange tile is 1 x threads) must lie in 1.." + std::to_string(kMaxTileThreads) +
           " (0: " + std::to_string(kDefaultTileThreads) + ")";
  return std::nullopt;
}

SolverFactories naive_factories() { return factories_of<KokkosNaive>(); }

}  // namespace hpcs::jacobi::kokkos
