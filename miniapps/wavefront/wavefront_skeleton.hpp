// SPDX-License-Identifier: BSD-3-Clause
// The skeleton's run on one rank: the CPU computes the ramp-up corner in tiles, the device
// (one or two GPUs) the 2 band + 1 anti-diagonals around the middle one, the CPU the ramp-
// down corner; the frontier crosses at the band's edges only. Backends implement
// BandDevice; band_steps() is their host loop (a diagonal or a tile diagonal per launch,
// the rank pipeline between launches).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

#include "hpcs/base/timer.hpp"
#include "wavefront_host.hpp"

namespace hpcs::wavefront {

// Local diagonals of each phase (empty regions where a phase has nothing).
struct Plan {
  Region before, band, after;
};

// band -2: every cell on the device; -1 (or no device): none; b >= 0: the middle local
// diagonal (2 + h + cols) / 2 and b on each side, clipped to the block.
inline Plan make_plan(const Block& blk, std::int64_t band, bool device) {
  const std::int64_t first = 2, last = blk.h + blk.cols;
  Region all{first, last, 1, blk.h, blk.cols, 1};
  Plan p{all, all, all};
  p.band.d_to = p.after.d_to = first - 1;  // empty
  if (!device || band == -1) return p;
  const std::int64_t mid = (first + last) / 2;
  const std::int64_t lo = band == -2 ? first : std::max(first, mid - band);
  const std::int64_t hi = band == -2 ? last : std::min(last, mid + band);
  p.before.d_to = lo - 1;
  p.band.d_from = lo;
  p.band.d_to = hi;
  p.after.d_from = hi + 1;
  p.after.d_to = last;
  return p;
}

// A device's part of the run. run() uploads the frontier, computes the region and
// downloads it; through the pipeline it uses f.S as the host side of the rows it moves.
template <class Element>
class BandDevice {
 public:
  virtual ~BandDevice() = default;
  virtual Tally run(const Region& band, RowPipeline* pipe, HostFrontier<Element>& f) = 0;
  virtual std::string config() const = 0;
  // Seconds of the last run's frontier copies (up and down), and their bytes.
  double transfer_seconds = 0, transfer_bytes = 0;
};

// Wall seconds of one repetition's phases on this rank.
struct PhaseTimes {
  double before = 0, band = 0, after = 0;
};

// One repetition on this rank: the three phases; the result is the final frontier's.
template <class App>
Tally run_skeleton(const App& app, const Letters& host_letters, const Block& blk, const Tuning& t,
                   BandDevice<typename App::Element>* device, RowPipeline* pipe, HostFrontier<typename App::Element>& f,
                   PhaseTimes& times) {
  WallTimer timer;
  start_frontier(app, blk, f);
  const Plan plan = make_plan(blk, t.band, device != nullptr);
  Tally tally = cpu_region(app, host_letters, blk, f, plan.before, t.cpu_tile, t.threads, pipe);
  times.before = timer.seconds();
  if (!plan.band.empty()) tally.merge(device->run(plan.band, pipe, f));
  times.band = timer.seconds() - times.before;
  tally.merge(cpu_region(app, host_letters, blk, f, plan.after, t.cpu_tile, t.threads, pipe));
  if (pipe) pipe->finish();
  times.after = timer.seconds() - times.before - times.band;
  return tally;
}

// The host loop of a device over a region: Ops launches diagonal(d) (gpu-tile 1) or
// tiles(k) (tile diagonal k of T x T tiles), and copies top-row columns up (put_top) and
// bottom-row columns down (get_bottom) between launches for the rank pipeline.
template <class Ops>
void band_steps(Ops& ops, const Region& r, int T, const Block& blk, RowPipeline* pipe, void* host_S) {
  const bool top = pipe && pipe->receives() && r.i_lo == 1;
  const bool bottom = pipe && pipe->sends() && r.i_hi == blk.h;
  const auto receive = [&](std::int64_t need) {
    if (!top || pipe->received() >= std::min(need, blk.cols)) return;
    const std::int64_t from = pipe->received() + 1;
    pipe->receive_until(need, host_S);
    ops.put_top(from, pipe->received());
  };
  const auto send = [&](std::int64_t done_columns) {  // of the last row
    if (!bottom) return;
    const std::int64_t j = pipe->sendable(std::min(done_columns, r.d_to - blk.h));
    if (j <= pipe->sent()) return;
    ops.get_bottom(pipe->sent() + 1, j);
    pipe->send_until(j, host_S);
  };
  if (T == 1) {
    for (std::int64_t d = r.d_from; d <= r.d_to; ++d) {
      receive(std::min(d - 1, r.last_col(1)));
      ops.diagonal(d);
      send(d - blk.h);
    }
    return;
  }
  const std::int64_t NI = (blk.h + T - 1) / T, NJ = (blk.cols + T - 1) / T;
  const std::int64_t k_lo = std::max<std::int64_t>(0, (r.d_from - T - 1) / T);
  const std::int64_t k_hi = std::min<std::int64_t>(NI + NJ - 2, (r.d_to - 2) / T);
  for (std::int64_t k = k_lo; k <= k_hi; ++k) {
    if (k < NJ) receive(std::min((k + 1) * T, r.last_col(1)));
    ops.tiles(k);
    send((k - NI + 2) * T);  // the last row's tiles (NI - 1, J <= k - NI + 1) are done
  }
}

// Tiles of tile diagonal k: rows of tiles I_lo..I_hi (tile (I, k - I)).
struct TileRange {
  std::int64_t I_lo = 0, I_hi = -1;
};
inline TileRange tile_range(const Block& blk, int T, std::int64_t k) {
  const std::int64_t NI = (blk.h + T - 1) / T, NJ = (blk.cols + T - 1) / T;
  return {std::max<std::int64_t>(0, k - NJ + 1), std::min(k, NI - 1)};
}

// Rows of diagonal d in region r.
struct RowRange {
  std::int64_t first = 1, last = 0;
};
HPCS_HD inline RowRange diagonal_rows(const Region& r, std::int64_t d) {
  RowRange rr;
  rr.first = d - r.j_hi > r.i_lo ? d - r.j_hi : r.i_lo;
  rr.last = d - 1 < r.i_hi ? d - 1 : r.i_hi;
  return rr;
}

}  // namespace hpcs::wavefront
