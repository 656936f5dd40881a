// SPDX-License-Identifier: BSD-3-Clause
// kokkos/band: the band of the skeleton on Kokkos' default execution space. gpu-tile 1: a
// parallel_for over the cells of one anti-diagonal; gpu-tile T: a team per T x T tile of a
// tile diagonal, its threads stepping the tile's anti-diagonals between team barriers (a
// thread owns rows t, t + team size, ...; under Serial one thread owns them all). Each row
// keeps its own tally (no atomics); the rows' tallies are summed on the host at the end.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <string>

#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/base/timer.hpp"
#include "wavefront_executor.hpp"

namespace hpcs::wavefront::kokkos {

namespace {
template <class T>
using HostView = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

template <class T>
HostView<T> host_view(std::vector<T>& v) {
  return HostView<T>(v.data(), v.size());
}

template <class App>
class KokkosBand final : public BandDevice<typename App::Element> {
 public:
  using Element = typename App::Element;
  using Space = Kokkos::DefaultExecutionSpace;

  KokkosBand(const Inputs& in, const App& app, const Tuning& t)
      : app_(app), blk_(rank_block(in.problem)), T_(t.gpu_tile), S_("wavefront S", blk_.cols + 1),
        E_("wavefront E", blk_.h + 2), K_("wavefront K", blk_.h + 2), rows_("wavefront row tallies", blk_.h + 2),
        host_rows_(static_cast<std::size_t>(blk_.h + 2)) {
    const Letters host = host_letters(in);
    if (host.a) a_ = copy_letters("wavefront a", host.a, blk_.h);
    if (host.b) b_ = copy_letters("wavefront b", host.b, blk_.cols);
    team_ = std::min<int>(
        T_, Kokkos::TeamPolicy<Space>(1, Kokkos::AUTO).team_size_max(TileFunctor{}, Kokkos::ParallelForTag()));
  }

  Tally run(const Region& band, RowPipeline* pipe, HostFrontier<Element>& f) override {
    WallTimer up;
    Kokkos::deep_copy(S_, host_view(f.S));
    Kokkos::deep_copy(E_, host_view(f.E));
    Kokkos::deep_copy(K_, host_view(f.K));
    Kokkos::deep_copy(rows_, Tally{});
    Kokkos::fence();
    this->transfer_seconds = up.seconds();
    this->transfer_bytes = 2.0 * static_cast<double>(f.S.size() + f.E.size() + f.K.size()) * sizeof(Element);
    Ops ops{this, band, f.S.data()};
    band_steps(ops, band, T_, blk_, pipe, f.S.data());
    Kokkos::fence();
    WallTimer down;
    Kokkos::deep_copy(host_view(f.S), S_);
    Kokkos::deep_copy(host_view(f.E), E_);
    Kokkos::deep_copy(host_view(f.K), K_);
    Kokkos::deep_copy(host_view(host_rows_), rows_);
    this->transfer_seconds += down.seconds();
    Tally t;
    for (const Tally& r : host_rows_) t.merge(r);
    return t;
  }
  std::string config() const override {
    return Space::name() + std::string(T_ > 1 ? ", teams of " + std::to_string(team_) : "");
  }

  // The tile kernel as a functor (team_size_max needs its type before a launch).
  struct TileFunctor {
    App app;
    Kokkos::View<Element*> S, E, K;
    Kokkos::View<Tally*> rows;
    Letters letters;
    Block blk;
    Region r;
    int T = 1;
    std::int64_t k = 0, I_lo = 0;
    using Team = typename Kokkos::TeamPolicy<Space>::member_type;
    using Scratch =
        Kokkos::View<Element*, typename Space::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

    KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
      const std::int64_t I = I_lo + team.league_rank(), J = k - I;
      const std::int64_t i0 = I * T + 1, j0 = J * T + 1;
      const int ncols = static_cast<int>(blk.cols - j0 + 1 < T ? blk.cols - j0 + 1 : T);
      Scratch col(team.team_scratch(0), T), w(team.team_scratch(0), T), nw(team.team_scratch(0), T);
      const int t0 = team.team_rank(), ts = team.team_size();
      for (int c = t0; c < ncols; c += ts) col(c) = S(j0 + c);
      for (int q = t0; q < T; q += ts)
        if (i0 + q <= blk.h) w(q) = E(i0 + q), nw(q) = K(i0 + q);
      team.team_barrier();
      for (int s = 0; s < 2 * T - 1; ++s) {
        for (int q = t0; q < T; q += ts) {
          const std::int64_t i = i0 + q, j = j0 + (s - q);
          if (s - q < 0 || s - q >= ncols || i > blk.h || i < r.i_lo || i > r.i_hi) continue;
          if (j < r.first_col(i) || j > r.last_col(i)) continue;
          Tally& t = rows(i);
          update_cell(app, letters, blk, i, j, col(s - q), w(q), nw(q), t);
        }
        team.team_barrier();
      }
      for (int c = t0; c < ncols; c += ts) S(j0 + c) = col(c);
      for (int q = t0; q < T; q += ts)
        if (i0 + q <= blk.h) E(i0 + q) = w(q), K(i0 + q) = nw(q);
    }
  };

  // band_steps' operations on Kokkos' default execution space (public: nvcc refuses device
  // lambdas in a private nested class).
  struct Ops {
    KokkosBand* self;
    Region r;
    Element* host_S;
    void diagonal(std::int64_t d) {
      const RowRange rows = diagonal_rows(r, d);
      if (rows.last < rows.first) return;
      const App app = self->app_;
      const auto S = self->S_, E = self->E_, K = self->K_;
      const auto tallies = self->rows_;
      const Letters letters = self->letters();
      const Block blk = self->blk_;
      Kokkos::parallel_for(
          "wavefront diagonal", Kokkos::RangePolicy<Space>(rows.first, rows.last + 1),
          KOKKOS_LAMBDA(const std::int64_t i) {
            Element w = E(i), nw = K(i);
            update_cell(app, letters, blk, i, d - i, S(d - i), w, nw, tallies(i));
            E(i) = w;
            K(i) = nw;
          });
    }
    void tiles(std::int64_t k) {
      const TileRange tr = tile_range(self->blk_, self->T_, k);
      if (tr.I_hi < tr.I_lo) return;
      TileFunctor f{self->app_, self->S_, self->E_, self->K_, self->rows_, self->letters(),
                    self->blk_, r,        self->T_, k,        tr.I_lo};
      const std::size_t scratch = TileFunctor::Scratch::shmem_size(self->T_) * 3;
      Kokkos::parallel_for("wavefront tiles",
                           Kokkos::TeamPolicy<Space>(static_cast<int>(tr.I_hi - tr.I_lo + 1), self->team_)
                               .set_scratch_size(0, Kokkos::PerTeam(scratch)),
                           f);
    }
    void put_top(std::int64_t j0, std::int64_t j1) {
      HostView<Element> h(host_S + j0, static_cast<std::size_t>(j1 - j0 + 1));
      Kokkos::deep_copy(Kokkos::subview(self->S_, std::make_pair(j0, j1 + 1)), h);
    }
    void get_bottom(std::int64_t j0, std::int64_t j1) {
      HostView<Element> h(host_S + j0, static_cast<std::size_t>(j1 - j0 + 1));
      Kokkos::deep_copy(h, Kokkos::subview(self->S_, std::make_pair(j0, j1 + 1)));
    }
  };

 private:
  static Kokkos::View<std::uint8_t*> copy_letters(const char* label, const std::uint8_t* host, std::int64_t n) {
    Kokkos::View<std::uint8_t*> v(std::string(label), n);
    Kokkos::deep_copy(
        v, Kokkos::View<const std::uint8_t*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>(host, n));
    return v;
  }
  Letters letters() const { return {a_.size() ? a_.data() : nullptr, b_.size() ? b_.data() : nullptr}; }

  App app_;
  Block blk_;
  int T_;
  int team_ = 1;
  Kokkos::View<Element*> S_, E_, K_;
  Kokkos::View<Tally*> rows_;
  std::vector<Tally> host_rows_;
  Kokkos::View<std::uint8_t*> a_, b_;
};
}  // namespace

std::unique_ptr<Executor> make_kokkos_band(const Inputs& in, const Tuning& t) {
  return make_band_executor<KokkosBand>(in, t);
}

}  // namespace hpcs::wavefront::kokkos
