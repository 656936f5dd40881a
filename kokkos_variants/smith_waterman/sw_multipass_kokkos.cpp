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
// Columns in bands, by ticket (sw_multipass_row.hpp): on one rank, one dispatch runs every
// band (tickets band-major), so a row of tiles of the next pass starts after one band of the
// row that frees its team. The width follows cuda/multipass's rule (the span of the resident
// rows' pipeline; one band while every row of tiles is resident). Between MPI ranks it runs a
// dispatch per band (an eighth of B), the row above arriving and the last row leaving band by
// band, so ranks overlap band by band; cuda/multipass overlaps them tile by tile through mapped
// host memory, which portable Kokkos lacks.

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>

#include "hpcs/base/error.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/kokkos_team_sync.hpp"
#include "hpcs/kokkos_teams.hpp"
#include "sw_kokkos_common.hpp"
#include "sw_kokkos_factories.hpp"
#include "sw_band_rule.hpp"
#include "sw_multipass_row.hpp"
#include "sw_tile_host.hpp"

namespace hpcs::sw::kokkos {
namespace {

using kokkos_teams::Member;
using kokkos_teams::Policy;
using tiled::BestCell;

// counters[0]: the ticket (never reset within a run: a dispatch per band continues the count);
// counters[1 + i]: the row body's counter i (tiles published, bands handed over).
struct RowSync {
  const Member& m;
  std::int64_t* counters;
  KOKKOS_INLINE_FUNCTION void wait(int counter, std::int64_t value) const {
    kokkos_teams::wait_until(m, counters + 1 + counter, value);
  }
  KOKKOS_INLINE_FUNCTION void publish(int counter, std::int64_t value) const {
    kokkos_teams::publish(m, counters + 1 + counter, value);
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
    // A local copy: the functor lives in parameter space, read through a generic pointer that
    // every scratch store might alias; a copy the stores cannot reach stays in registers.
    const tiled::MultipassRowArgs p = args;
    tiled::multipass_row<SR, Dpx, Local>(p, static_cast<int>(ticket), KokkosTeam{m}, s, RowSync{m, counters});
  }
};

class KokkosMultipass final : public KokkosTiledAligner {
 public:
  explicit KokkosMultipass(const Tuning& t) : KokkosTiledAligner(t, tiled::tile_threads(t)) {
    check_team<RowFunctor>("kokkos/multipass");
    resident_ = resident_teams();
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
    counters_ = Kokkos::View<std::int64_t*>("sw::counters", 2 * static_cast<std::size_t>(tiles_down_) + 1);
    const auto rows = static_cast<std::size_t>(std::max<std::int64_t>(blk.rows, 1));
    col_h_ = Kokkos::View<std::int32_t*>("sw::col_h", rows);
    col_e_ = Kokkos::View<std::int32_t*>("sw::col_e", rows);
  }

  Cell run(RowLink* link) override {
    ran_ = false;
    if (block_.rows == 0 || block_.cols == 0) return Cell{};
    const bool above = link && link->has_above(), below = link && link->has_below();
    const std::int64_t cols = block_.cols;
    ranks_ = above || below;
    const std::int64_t band = band_width(ranks_), bands = (cols + band - 1) / band;
    const auto tickets = static_cast<std::size_t>(bands * tiles_down_);
    if (corner_.extent(0) < tickets) corner_ = Kokkos::View<std::int32_t*>("sw::corner", tickets);
    if (row_best_.extent(0) != tickets) row_best_ = Kokkos::View<BestCell*>("sw::row_best", tickets);
    Kokkos::deep_copy(row_best_, BestCell{0, 0, 0});
    Kokkos::deep_copy(counters_, std::int64_t(0));  // tickets, tiles and bands only grow within a run
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
    p.band_cols = band;
    p.col_h = col_h_.data();
    p.col_e = col_e_.data();
    p.corner = corner_.data();
    // One dispatch for every band; between ranks one per band (rows above arrive, the last
    // row leaves, band by band).
    const std::int64_t per_dispatch = ranks_ ? 1 : bands;
    timer_.start();
    for (std::int64_t b0 = 0; b0 < bands; b0 += per_dispatch) {
      const std::int64_t c0 = b0 * band, c1 = std::min(cols, (b0 + per_dispatch) * band);
      if (above) {
        link->wait_above(c1);
        copy_segment(above_h_, link->above_h(), c0, c1);
        copy_segment(above_f_, link->above_f(), c0, c1);
      }
      tiled::with_tile_shape(tiling_, block_.mode == Mode::Local, [&](auto SR, auto D, auto L) {
        Policy policy(static_cast<int>(per_dispatch * tiles_down_), threads_);
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
    const std::int64_t bands = block_.cols > 0 ? (block_.cols + band - 1) / band : 0;
    return {{"launches", ranks_ ? bands : std::min<std::int64_t>(bands, 1)},
            {"band_cols", band},
            {"resident_rows", resident_},
            {"threads_per_block", threads_},
            {"rows_of_tiles", tiles_down_},
            {"ring_columns", ring_}};
  }

 private:
  // Columns per band: --band-cols if given; between ranks an eighth of the width (whole
  // tiles), so the rank below starts after an eighth of the work; on one rank on a GPU,
  // cuda/multipass's rule (sw_band_rule.hpp): one band while every row of tiles is
  // resident, else the columns the resident rows' pipeline spans. A host backend keeps one
  // band (its teams are threads that run to the end; bands would only add restarts).
  std::int64_t band_width(bool between_ranks) const {
    const std::int64_t cols = std::max<std::int64_t>(block_.cols, 1);
    if (tiling_.band_cols > 0) return tiling_.band_cols;
    if (between_ranks) {
      const std::int64_t eighth = (cols + kBandsBetweenRanks - 1) / kBandsBetweenRanks;
      return (eighth + tiling_.tile_cols - 1) / tiling_.tile_cols * tiling_.tile_cols;
    }
    if (!kKokkosOnGpu) return cols;
    return multipass_band_cols(tiling_, cols, tiles_down_, resident_, threads_);
  }
  static constexpr std::int64_t kBandsBetweenRanks = 8;

  // Teams resident at once: SMs x teams per SM, the latter from the largest team Kokkos
  // would launch this kernel with (its register limit: about 156 registers at 16 rows a thread
  // allow 384 threads, so 3 teams of 128: 396 on an H200, as cuda/multipass). Kokkos caps a
  // team at 1024 threads, so a lean kernel is undercounted: narrower bands, same results.
  // Host backends: their threads.
  std::int64_t resident_teams() const {
    const auto threads = static_cast<std::int64_t>(Kokkos::DefaultExecutionSpace().concurrency());
#if defined(KOKKOS_ENABLE_CUDA) && KOKKOS_VERSION >= 40000
    if (std::is_same_v<kokkos_teams::Exec, Kokkos::Cuda>) {
      const cudaDeviceProp prop = Kokkos::Cuda().cuda_device_prop();
      std::int64_t per_sm = 1;
      tiled::with_tile_shape(tiling_, true, [&](auto SR, auto D, auto L) {
        const int max =
            kokkos_teams::Policy(1, 1).team_size_max(RowFunctor<SR(), D(), L()>{}, Kokkos::ParallelForTag());
        per_sm = std::max(1, std::min(max, prop.maxThreadsPerMultiProcessor) / threads_);
      });
      return per_sm * prop.multiProcessorCount;
    }
#endif
    return std::max<std::int64_t>(1, threads / threads_);
  }

  int ring_ = 1;
  std::int64_t resident_ = 1;
  std::size_t scratch_ = 0;
  Kokkos::View<std::int32_t*> ring_h_, ring_f_, above_h_, above_f_, below_h_, below_f_, col_h_, col_e_, corner_;
  bool ranks_ = false;  // the last run had a rank above or below
  Kokkos::View<std::int64_t*> counters_;
};

}  // namespace

std::unique_ptr<Aligner> make_kokkos_multipass(const Tuning& t) { return std::make_unique<KokkosMultipass>(t); }

}  // namespace hpcs::sw::kokkos
