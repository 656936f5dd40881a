// SPDX-License-Identifier: BSD-3-Clause
// What the Kokkos Smith-Waterman aligners (kokkos/wavefront, kokkos/multipass) share: the
// team as the tile code sees it, the scratch alignment slack, whether kernels run as CUDA
// device code, and the copies between host arrays and views. Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "hpcs/base/error.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/kokkos_teams.hpp"
#include "sw_tile_host.hpp"
#include "sw_cell.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw::kokkos {

struct KokkosTeam {
  const kokkos_teams::Member& m;
  KOKKOS_INLINE_FUNCTION int rank() const { return m.team_rank(); }
  KOKKOS_INLINE_FUNCTION int size() const { return m.team_size(); }
  KOKKOS_INLINE_FUNCTION void barrier() const { m.team_barrier(); }
};

// A scratch request carries this many bytes more so the layout can start 16-byte aligned.
constexpr std::size_t kScratchSlack = 64;
KOKKOS_INLINE_FUNCTION void* aligned_scratch(const kokkos_teams::Member& m, std::size_t bytes) {
  auto* raw = static_cast<unsigned char*>(m.team_scratch(0).get_shmem(bytes + kScratchSlack));
  return kokkos_teams::in_team_shared(
      reinterpret_cast<unsigned char*>((reinterpret_cast<std::uintptr_t>(raw) + 15) / 16 * 16));
}

#if defined(KOKKOS_ENABLE_CUDA)
constexpr bool kDeviceCode = std::is_same_v<kokkos_teams::Exec, Kokkos::Cuda>;
#else
constexpr bool kDeviceCode = false;
#endif

template <class T>
using HostView = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// A device copy of n host values (at least one element, so empty inputs still get a view).
template <class T>
Kokkos::View<T*> copy_in(const char* label, const T* host, std::int64_t n) {
  Kokkos::View<T*> v(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing),
                     static_cast<std::size_t>(std::max<std::int64_t>(n, 1)));
  if (n > 0)
    Kokkos::deep_copy(Kokkos::subview(v, std::make_pair<std::size_t, std::size_t>(0, n)),
                      HostView<const T>(host, static_cast<std::size_t>(n)));
  return v;
}

// The score table as the tile code reads it: transposed, rows of tiled::kScoreStride.
inline Kokkos::View<std::int32_t*> score_table(const Scoring& s) {
  std::vector<std::int32_t> table(tiled::kScoreStride * tiled::kScoreStride, 0);
  for (int x = 0; x < s.letters; ++x)
    for (int y = 0; y < s.letters; ++y) table[y * tiled::kScoreStride + x] = s.score(x, y);
  return copy_in("sw::scores", table.data(), static_cast<std::int64_t>(table.size()));
}

// Columns [c0, c1) of a host row into a view, and back.
inline void copy_segment(const Kokkos::View<std::int32_t*>& dst, const std::int32_t* src, std::int64_t c0,
                         std::int64_t c1) {
  if (c1 <= c0) return;
  const auto range = std::make_pair<std::size_t, std::size_t>(c0, c1);
  Kokkos::deep_copy(Kokkos::subview(dst, range),
                    HostView<const std::int32_t>(src + c0, static_cast<std::size_t>(c1 - c0)));
}
inline void copy_out(std::int32_t* dst, const Kokkos::View<std::int32_t*>& src, std::int64_t c0, std::int64_t c1) {
  if (c1 <= c0) return;
  const auto range = std::make_pair<std::size_t, std::size_t>(c0, c1);
  Kokkos::deep_copy(HostView<std::int32_t>(dst + c0, static_cast<std::size_t>(c1 - c0)), Kokkos::subview(src, range));
}

// What both aligners keep and report: the tiling and team size, the timer around the
// dispatches and each row of tiles' best cell.
class KokkosTiledAligner : public Aligner {
 public:
  KokkosTiledAligner(const Tuning& t, int threads) : tiling_(t), threads_(threads) {}
  std::optional<double> device_seconds() const override {
    if (!ran_) return std::nullopt;
    return timer_.seconds();
  }
  // "dpx" as the CUDA variants say it: the cell update uses DPX only in CUDA device code.
  std::string config() const override {
    return tiling_config(tiling_) + " team=" + std::to_string(threads_) + (tiling_.dpx && kDeviceCode ? " dpx" : "");
  }

 protected:
  // The team this backend can run (else hpcs::Error naming the rule): on CUDA at least a warp
  // (Kokkos packs smaller teams several to a block and makes team_barrier() a fence only; the
  // pipelines need a real barrier, and a spinning team would hold its warp-mates), and at most
  // what the backend allows Functor<SR, Dpx, Local>'s kernel.
  template <template <int, bool, bool> class Functor>
  void check_team(const std::string& name) const {
#if defined(KOKKOS_ENABLE_CUDA)
    if (threads_ < 32)
      throw Error("tiling: " + name + " on CUDA needs teams of at least 32 threads (--tile-rows / --sub-rows = " +
                  std::to_string(threads_) + "): Kokkos' barrier for smaller teams is only a fence");
#endif
    tiled::with_tile_shape(tiling_, true, [&](auto SR, auto D, auto L) {
      const int max = kokkos_teams::Policy(1, 1).team_size_max(Functor<SR(), D(), L()>{}, Kokkos::ParallelForTag());
      if (threads_ > max)
        throw Error("tiling: " + name + " needs teams of --tile-rows / --sub-rows = " + std::to_string(threads_) +
                    " threads; this Kokkos backend allows at most " + std::to_string(max) +
                    (max == 1 ? " (make --tile-rows equal to --sub-rows)" : ""));
    });
  }

  // The block and scoring on the device: A, B, the score table, the gap costs, the rows of
  // tiles and their best cells.
  void upload(const Block& blk, const Scoring& s) {
    block_ = blk;
    open_ = s.gap_open;
    extend_ = s.gap_extend;
    tiles_down_ = static_cast<int>((blk.rows + tiling_.tile_rows - 1) / tiling_.tile_rows);
    a_ = copy_in("sw::a", blk.a, blk.rows);
    b_ = copy_in("sw::b", blk.b, blk.cols);
    scores_ = score_table(s);
    row_best_ = Kokkos::View<tiled::BestCell*>("sw::row_best", static_cast<std::size_t>(std::max(tiles_down_, 1)));
  }

  // After the dispatches: stops the timer and returns the best of row_best's cells (one per
  // row of tiles, or per ticket where a variant resizes it).
  Cell finish() {
    timer_.stop();
    Kokkos::fence();
    ran_ = true;
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), row_best_);
    return tiled::best_of(host.data(), host.extent(0));
  }

  Tuning tiling_;
  int threads_ = 1, tiles_down_ = 0;
  Block block_;
  std::int32_t open_ = 0, extend_ = 0;
  Kokkos::View<std::uint8_t*> a_, b_;
  Kokkos::View<std::int32_t*> scores_;
  Kokkos::View<tiled::BestCell*> row_best_;
  KokkosDeviceTimer timer_;
  bool ran_ = false;
};

}  // namespace hpcs::sw::kokkos
