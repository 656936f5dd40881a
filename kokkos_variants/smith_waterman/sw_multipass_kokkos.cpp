// SPDX-License-Identifier: BSD-3-Clause
// kokkos/multipass: the thesis' one-kernel multi-pass wavefront in Kokkos. One parallel_for
// over a TeamPolicy whose league is the rows of tiles; a team runs one row of tiles across the
// whole of B (sw_multipass_row.hpp) and waits, tile by tile, for the row above through a
// counter in device memory (hpcs/kokkos_team_sync.hpp). The backend keeps as many teams
// running as it can and starts the next as one finishes: the passes of the thesis.
//
// Deadlock freedom, as for Jacobi's split slabs: a team's first act is to take a ticket (an
// atomic increment, so tickets run 0, 1, 2, ... in the order teams started), and the ticket,
// not league_rank(), names its row of tiles. Row r waits only for row r - 1, which holds a
// smaller ticket: it has started and keeps its execution resources until it is done (a CUDA
// block stays resident; a host thread runs its team to the end). By induction on the ticket,
// every wait ends. On Serial teams run one at a time in ticket order, so every wait is met.
//
// Between MPI ranks (and with --band-cols) it runs the block as a dispatch per band of columns,
// each starting from the state the previous band left (H and E of every cell row, each row of
// tiles' corner): a band waits for its columns of the row above and sends its columns of the
// last row down, so ranks overlap band by band. cuda/multipass overlaps them tile by tile
// through mapped host memory, which portable Kokkos lacks; each band pays the pipeline's fill.

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

#include "hpcs/base/error.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/kokkos_team_sync.hpp"
#include "hpcs/kokkos_teams.hpp"
#include "sw_kokkos_common.hpp"
#include "sw_kokkos_factories.hpp"
#include "sw_multipass_row.hpp"
#include "sw_tile_host.hpp"

namespace hpcs::sw::kokkos {
namespace {

using kokkos_teams::Member;
using kokkos_teams::Policy;
using tiled::BestCell;

// counters[0]: the ticket; counters[1 + r]: tiles row of tiles r has published.
struct RowSync {
  const Member& m;
  std::int64_t* counters;
  KOKKOS_INLINE_FUNCTION void wait(int row, std::int64_t tiles) const {
    kokkos_teams::wait_until(m, counters + 1 + row, tiles);
  }
  KOKKOS_INLINE_FUNCTION void publish(int row, std::int64_t tiles) const {
    kokkos_teams::publish(m, counters + 1 + row, tiles);
  }
};

template <int SR, bool Dpx, bool Local>
struct RowFunctor {
  tiled::MultipassRowArgs args;
  std::size_t scratch_bytes;
  std::int64_t* counters;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    const tiled::TileScratch s = tiled::carve_tile_scratch(aligned_scratch(m, scratch_bytes), args.ring_mask + 1);
    std::int64_t ticket = 0;
    Kokkos::single(
        Kokkos::PerTeam(m), [&](std::int64_t& v) { v = Kokkos::atomic_fetch_add(counters, std::int64_t(1)); }, ticket);
    tiled::multipass_row<SR, Dpx, Local>(args, static_cast<int>(ticket), KokkosTeam{m}, s, RowSync{m, counters});
  }
};

class KokkosMultipass final : public KokkosTiledAligner {
 public:
  explicit KokkosMultipass(const Tuning& t) : KokkosTiledAligner(t, tiled::tile_threads(t)) {
    check_team<RowFunctor>("kokkos/multipass");
    if (t.band_cols < 0 || t.band_cols % t.tile_cols != 0)
      throw Error("--band-cols " + std::to_string(t.band_cols) +
                  ": kokkos/multipass takes 0 (automatic) or a positive multiple of --tile-cols " +
                  std::to_string(t.tile_cols));
    ring_ = tiled::multipass_ring_columns(t.tile_cols, threads_, t.sub_cols);
    scratch_ = tiled::tile_scratch_bytes(ring_, threads_);  // the tile's layout, the ring as its row
    kokkos_teams::require_team_scratch(
        scratch_ + kScratchSlack,
        "tiling: kokkos/multipass's ring of " + std::to_string(ring_) + " columns and score table",
        "use smaller --tile-cols or --sub-cols");
  }

  void setup(const Block& blk, const Scoring& s) override {
    upload(blk, s);
    const auto cols = static_cast<std::size_t>(std::max<std::int64_t>(blk.cols, 1));
    ring_h_ = Kokkos::View<std::int32_t*>("sw::ring_h", 2 * cols);
    ring_f_ = Kokkos::View<std::int32_t*>("sw::ring_f", 2 * cols);
    for (auto* v : {&above_h_, &above_f_, &below_h_, &below_f_}) *v = Kokkos::View<std::int32_t*>("sw::edge_row", cols);
    counters_ = Kokkos::View<std::int64_t*>("sw::counters", static_cast<std::size_t>(tiles_down_) + 1);
    const auto rows = static_cast<std::size_t>(std::max<std::int64_t>(blk.rows, 1));
    col_h_ = Kokkos::View<std::int32_t*>("sw::col_h", rows);
    col_e_ = Kokkos::View<std::int32_t*>("sw::col_e", rows);
    corner_ = Kokkos::View<std::int32_t*>("sw::corner", 2 * static_cast<std::size_t>(std::max(tiles_down_, 1)));
  }

  Cell run(RowLink* link) override {
    ran_ = false;
    if (block_.rows == 0 || block_.cols == 0) return Cell{};
    const bool above = link && link->has_above(), below = link && link->has_below();
    const std::int64_t cols = block_.cols;
    ranks_ = above || below;
    Kokkos::deep_copy(row_best_, BestCell{0, 0, 0});
    tiled::MultipassRowArgs p{};
    tiled::set_block(p, block_, a_.data(), b_.data(), scores_.data(), tiling_, open_, extend_);
    p.ring_mask = ring_ - 1;
    p.rows_of_tiles = tiles_down_;
    p.ring_h = ring_h_.data();
    p.ring_f = ring_f_.data();
    p.above_h = above ? above_h_.data() : nullptr;
    p.above_f = above ? above_f_.data() : nullptr;
    p.below_h = below ? below_h_.data() : nullptr;
    p.below_f = below ? below_f_.data() : nullptr;
    p.row_best = row_best_.data();
    p.col_h = col_h_.data();
    p.col_e = col_e_.data();
    p.corner = corner_.data();
    const std::int64_t band = band_width(ranks_);
    timer_.start();
    for (std::int64_t c0 = 0; c0 < cols; c0 += band) {
      const std::int64_t c1 = std::min(cols, c0 + band);
      if (above) {
        link->wait_above(c1);
        copy_segment(above_h_, link->above_h(), c0, c1);
        copy_segment(above_f_, link->above_f(), c0, c1);
      }
      Kokkos::deep_copy(counters_, std::int64_t(0));
      p.c_begin = c0;
      p.c_end = c1;
      p.band = static_cast<int>(c0 / band);
      tiled::with_tile_shape(tiling_, block_.mode == Mode::Local, [&](auto SR, auto D, auto L) {
        Policy policy(tiles_down_, threads_);
        policy.set_scratch_size(0, Kokkos::PerTeam(scratch_ + kScratchSlack));
        Kokkos::parallel_for("hpcs::sw::kokkos_multipass", policy,
                             RowFunctor<SR(), D(), L()>{p, scratch_, counters_.data()});
      });
      if (below) {
        copy_out(link->below_h(), below_h_, c0, c1);  // deep_copy waits for the dispatch
        copy_out(link->below_f(), below_f_, c0, c1);
        link->publish_below(c1);
      } else if (link) {
        link->progress();
      }
    }
    return finish();
  }

  nlohmann::json details() const override {
    const std::int64_t band = band_width(ranks_);
    return {{"launches", block_.cols > 0 ? (block_.cols + band - 1) / band : 0},
            {"band_cols", band},
            {"threads_per_block", threads_},
            {"rows_of_tiles", tiles_down_},
            {"ring_columns", ring_}};
  }

 private:
  // Columns per dispatch: --band-cols if given; else the whole width on one rank, and between
  // ranks an eighth of it (whole tiles), so the rank below starts after an eighth of the work.
  std::int64_t band_width(bool between_ranks) const {
    const std::int64_t cols = std::max<std::int64_t>(block_.cols, 1);
    if (tiling_.band_cols > 0) return tiling_.band_cols;
    if (!between_ranks) return cols;
    const std::int64_t eighth = (cols + kBandsBetweenRanks - 1) / kBandsBetweenRanks;
    return (eighth + tiling_.tile_cols - 1) / tiling_.tile_cols * tiling_.tile_cols;
  }
  static constexpr std::int64_t kBandsBetweenRanks = 8;

  int ring_ = 1;
  std::size_t scratch_ = 0;
  Kokkos::View<std::int32_t*> ring_h_, ring_f_, above_h_, above_f_, below_h_, below_f_, col_h_, col_e_, corner_;
  bool ranks_ = false;  // the last run had a rank above or below
  Kokkos::View<std::int64_t*> counters_;
};

}  // namespace

std::unique_ptr<Aligner> make_kokkos_multipass(const Tuning& t) { return std::make_unique<KokkosMultipass>(t); }

}  // namespace hpcs::sw::kokkos
