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
// Between MPI ranks the block runs as one dispatch once the whole row above has arrived, and
// its last row goes down after it (cuda/multipass overlaps ranks through mapped memory;
// portable Kokkos has no such memory).
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
  }

  Cell run(RowLink* link) override {
    ran_ = false;
    if (block_.rows == 0 || block_.cols == 0) return Cell{};
    const bool above = link && link->has_above(), below = link && link->has_below();
    const std::int64_t cols = block_.cols;
    Kokkos::deep_copy(row_best_, BestCell{0, 0, 0});
    Kokkos::deep_copy(counters_, std::int64_t(0));
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
    timer_.start();
    if (above) {
      link->wait_above(cols);
      copy_segment(above_h_, link->above_h(), 0, cols);
      copy_segment(above_f_, link->above_f(), 0, cols);
    }
    tiled::with_tile_shape(tiling_, block_.mode == Mode::Local, [&](auto SR, auto D, auto L) {
      Policy policy(tiles_down_, threads_);
      policy.set_scratch_size(0, Kokkos::PerTeam(scratch_ + kScratchSlack));
      Kokkos::parallel_for("hpcs::sw::kokkos_multipass", policy,
                           RowFunctor<SR(), D(), L()>{p, scratch_, counters_.data()});
    });
    if (below) {
      copy_out(link->below_h(), below_h_, 0, cols);  // deep_copy waits for the dispatch
      copy_out(link->below_f(), below_f_, 0, cols);
      link->publish_below(cols);
    }
    return finish();
  }

  nlohmann::json details() const override {
    return {{"launches", 1}, {"threads_per_block", threads_}, {"rows_of_tiles", tiles_down_}, {"ring_columns", ring_}};
  }

 private:
  int ring_ = 1;
  std::size_t scratch_ = 0;
  Kokkos::View<std::int32_t*> ring_h_, ring_f_, above_h_, above_f_, below_h_, below_f_;
  Kokkos::View<std::int64_t*> counters_;
};

}  // namespace

std::unique_ptr<Aligner> make_kokkos_multipass(const Tuning& t) { return std::make_unique<KokkosMultipass>(t); }

}  // namespace hpcs::sw::kokkos
