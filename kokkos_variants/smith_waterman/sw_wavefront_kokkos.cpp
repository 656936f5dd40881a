// SPDX-License-Identifier: BSD-3-Clause
// kokkos/wavefront: the traditional tiled wavefront in Kokkos. One parallel_for over a
// TeamPolicy per tile wavefront; a team is a tile (t_S / s_S threads), its level-0
// scratch holds the tile's row and the score table, team_barrier() separates pipeline
// steps. The tile itself is sw_tile.hpp, the same code cuda/traditional runs.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "hpcs/base/error.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/kokkos_teams.hpp"
#include "sw_kokkos_common.hpp"
#include "sw_tile.hpp"
#include "sw_tile_host.hpp"
#include "sw_kokkos_factories.hpp"

namespace hpcs::sw::kokkos {
namespace {

using kokkos_teams::Exec;
using kokkos_teams::Member;
using kokkos_teams::Policy;
using tiled::BestCell;

template <int SR, bool Dpx, bool Local>
struct TileFunctor {
  tiled::TileArgs args;
  std::size_t scratch_bytes;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    void* base = aligned_scratch(m, scratch_bytes);
    tiled::tile<SR, Dpx, Local>(args, args.first_row_of_tiles + m.league_rank(), KokkosTeam{m},
                                tiled::carve_tile_scratch(base, args.tile_cols));
  }
};

class KokkosWavefront final : public KokkosTiledAligner {
 public:
  explicit KokkosWavefront(const Tuning& t) : KokkosTiledAligner(t, tiled::tile_threads(t)) {
    check_team<TileFunctor>("kokkos/wavefront");
    scratch_ = tiled::tile_scratch_bytes(t.tile_cols, threads_);
  }

  void setup(const Block& blk, const Scoring& s) override {
    upload(blk, s);
    tiles_across_ = static_cast<int>((blk.cols + tiling_.tile_cols - 1) / tiling_.tile_cols);
    const auto rows = static_cast<std::size_t>(std::max<std::int64_t>(blk.rows, 1));
    const auto cols = static_cast<std::size_t>(std::max<std::int64_t>(blk.cols, 1));
    col_h_ = Kokkos::View<std::int32_t*>("sw::col_h", rows);
    col_e_ = Kokkos::View<std::int32_t*>("sw::col_e", rows);
    for (int k = 0; k < 3; ++k) {
      row_h_[k] = Kokkos::View<std::int32_t*>("sw::row_h", cols);
      row_f_[k] = Kokkos::View<std::int32_t*>("sw::row_f", cols);
    }
    above_h_ = Kokkos::View<std::int32_t*>("sw::above_h", cols);
    above_f_ = Kokkos::View<std::int32_t*>("sw::above_f", cols);
  }

  Cell run(RowLink* link) override {
    ran_ = false;
    if (block_.rows == 0 || block_.cols == 0) return Cell{};
    const bool above = link && link->has_above();
    Kokkos::deep_copy(row_best_, BestCell{0, 0, 0});
    tiled::TileArgs p{};
    tiled::set_block(p, block_, a_.data(), b_.data(), scores_.data(), tiling_, open_, extend_);
    tiled::set_buffers(p, col_h_.data(), col_e_.data(), row_best_.data(), above ? above_h_.data() : nullptr,
                       above ? above_f_.data() : nullptr, link && link->has_below());
    std::int32_t* const row_h[3] = {row_h_[0].data(), row_h_[1].data(), row_h_[2].data()};
    std::int32_t* const row_f[3] = {row_f_[0].data(), row_f_[1].data(), row_f_[2].data()};
    const auto feed_above = [&](std::int64_t c0, std::int64_t c1) {
      copy_segment(above_h_, link->above_h(), c0, c1);
      copy_segment(above_f_, link->above_f(), c0, c1);
    };
    const auto launch = [&](int w, int r_first, int r_last) {
      tiled::set_wavefront(p, w, row_h, row_f);
      p.first_row_of_tiles = r_first;
      tiled::with_tile_shape(tiling_, block_.mode == Mode::Local, [&](auto SR, auto D, auto L) {
        Policy policy(r_last - r_first + 1, threads_);
        policy.set_scratch_size(0, Kokkos::PerTeam(scratch_ + kScratchSlack));
        Kokkos::parallel_for("hpcs::sw::kokkos_wavefront", policy, TileFunctor<SR(), D(), L()>{p, scratch_});
      });
    };
    const auto publish_below = [&](int w, std::int64_t c0, std::int64_t c1) {
      copy_out(link->below_h(), row_h_[w % 3], c0, c1);
      copy_out(link->below_f(), row_f_[w % 3], c0, c1);
    };
    timer_.start();
    tiled::run_wavefronts(block_, tiling_, tiles_down_, tiles_across_, link, feed_above, launch, publish_below);
    return finish();
  }

  nlohmann::json details() const override {
    return {
        {"launches", tiles_down_ + tiles_across_ - 1}, {"threads_per_block", threads_}, {"rows_of_tiles", tiles_down_}};
  }

 private:
  int tiles_across_ = 0;
  std::size_t scratch_ = 0;
  Kokkos::View<std::int32_t*> col_h_, col_e_, row_h_[3], row_f_[3], above_h_, above_f_;
};

}  // namespace

std::unique_ptr<Aligner> make_kokkos_wavefront(const Tuning& t) { return std::make_unique<KokkosWavefront>(t); }

}  // namespace hpcs::sw::kokkos
