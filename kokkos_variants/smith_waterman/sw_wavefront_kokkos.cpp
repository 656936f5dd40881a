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
#include "sw_tile.hpp"
#include "sw_tile_host.hpp"
#include "sw_kokkos_factories.hpp"

namespace hpcs::sw::kokkos {
namespace {

using kokkos_teams::Exec;
using kokkos_teams::Member;
using kokkos_teams::Policy;
using tiled::BestCell;

struct KokkosTeam {
  const Member& m;
  KOKKOS_INLINE_FUNCTION int rank() const { return m.team_rank(); }
  KOKKOS_INLINE_FUNCTION int size() const { return m.team_size(); }
  KOKKOS_INLINE_FUNCTION void barrier() const { m.team_barrier(); }
};

constexpr std::size_t kScratchSlack = 64;
#if defined(KOKKOS_ENABLE_CUDA)
constexpr bool kDeviceCode = std::is_same_v<Exec, Kokkos::Cuda>;
#else
constexpr bool kDeviceCode = false;
#endif

template <int SR, bool Dpx, bool Local>
struct TileFunctor {
  tiled::TileArgs args;
  std::size_t scratch_bytes;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    // The scratch request carries kScratchSlack bytes so the layout can start 16-byte aligned.
    auto* raw = static_cast<unsigned char*>(m.team_scratch(0).get_shmem(scratch_bytes + kScratchSlack));
    void* base = reinterpret_cast<void*>((reinterpret_cast<std::uintptr_t>(raw) + 15) / 16 * 16);
    tiled::tile<SR, Dpx, Local>(args, args.first_row_of_tiles + m.league_rank(), KokkosTeam{m},
                                tiled::carve_tile_scratch(base, args.tile_cols));
  }
};

template <class T>
using HostView = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

class KokkosWavefront final : public Aligner {
 public:
  explicit KokkosWavefront(const Tuning& t) : tiling_(t), threads_(tiled::tile_threads(t)) {
#if defined(KOKKOS_ENABLE_CUDA)
    // Kokkos packs teams smaller than a warp several to a block and then makes
    // team_barrier() a fence only (it assumes warp-synchronous execution); the tile
    // pipeline needs a real barrier.
    if (threads_ < 32)
      throw Error("tiling: kokkos/wavefront on CUDA needs teams of at least 32 threads (--tile-rows / --sub-rows = " +
                  std::to_string(threads_) + "): Kokkos' barrier for smaller teams is only a fence");
#endif
    tiled::with_tile_shape(t, true, [&](auto SR, auto D, auto L) {
      const int max = Policy(1, 1).team_size_max(TileFunctor<SR(), D(), L()>{}, Kokkos::ParallelForTag());
      if (threads_ > max)
        throw Error("tiling: kokkos/wavefront needs teams of --tile-rows / --sub-rows = " + std::to_string(threads_) +
                    " threads; this Kokkos backend allows at most " + std::to_string(max) +
                    (max == 1 ? " (make --tile-rows equal to --sub-rows)" : ""));
    });
    scratch_ = tiled::tile_scratch_bytes(t.tile_cols, threads_);
  }

  void setup(const Block& blk, const Scoring& s) override {
    block_ = blk;
    open_ = s.gap_open;
    extend_ = s.gap_extend;
    tiles_down_ = static_cast<int>((blk.rows + tiling_.tile_rows - 1) / tiling_.tile_rows);
    tiles_across_ = static_cast<int>((blk.cols + tiling_.tile_cols - 1) / tiling_.tile_cols);
    a_ = copy_in("sw::a", blk.a, blk.rows);
    b_ = copy_in("sw::b", blk.b, blk.cols);
    std::vector<std::int32_t> table(32 * 32, 0);
    for (int x = 0; x < s.letters; ++x)
      for (int y = 0; y < s.letters; ++y) table[y * 32 + x] = s.score(x, y);
    scores_ = copy_in("sw::scores", table.data(), 32 * 32);
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
    row_best_ = Kokkos::View<BestCell*>("sw::row_best", static_cast<std::size_t>(std::max(tiles_down_, 1)));
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
    timer_.stop();
    Kokkos::fence();
    ran_ = true;
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), row_best_);
    return tiled::best_of(host.data(), static_cast<std::size_t>(tiles_down_));
  }

  std::optional<double> device_seconds() const override {
    if (!ran_) return std::nullopt;
    return timer_.seconds();
  }
  // "dpx" as the CUDA variants say it: the cell update uses DPX only in CUDA device code.
  std::string config() const override {
    return tiling_config(tiling_) + " team=" + std::to_string(threads_) + (tiling_.dpx && kDeviceCode ? " dpx" : "");
  }
  nlohmann::json details() const override {
    return {
        {"launches", tiles_down_ + tiles_across_ - 1}, {"threads_per_block", threads_}, {"rows_of_tiles", tiles_down_}};
  }

 private:
  template <class T>
  static Kokkos::View<T*> copy_in(const char* label, const T* host, std::int64_t n) {
    Kokkos::View<T*> v(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing),
                       static_cast<std::size_t>(std::max<std::int64_t>(n, 1)));
    if (n > 0)
      Kokkos::deep_copy(Kokkos::subview(v, std::make_pair<std::size_t, std::size_t>(0, n)),
                        HostView<const T>(host, static_cast<std::size_t>(n)));
    return v;
  }
  static void copy_segment(const Kokkos::View<std::int32_t*>& dst, const std::int32_t* src, std::int64_t c0,
                           std::int64_t c1) {
    if (c1 <= c0) return;
    const auto range = std::make_pair<std::size_t, std::size_t>(c0, c1);
    Kokkos::deep_copy(Kokkos::subview(dst, range),
                      HostView<const std::int32_t>(src + c0, static_cast<std::size_t>(c1 - c0)));
  }
  static void copy_out(std::int32_t* dst, const Kokkos::View<std::int32_t*>& src, std::int64_t c0, std::int64_t c1) {
    const auto range = std::make_pair<std::size_t, std::size_t>(c0, c1);
    Kokkos::deep_copy(HostView<std::int32_t>(dst + c0, static_cast<std::size_t>(c1 - c0)), Kokkos::subview(src, range));
  }

  Tuning tiling_;
  int threads_ = 1, tiles_down_ = 0, tiles_across_ = 0;
  std::size_t scratch_ = 0;
  Block block_;
  std::int32_t open_ = 0, extend_ = 0;
  Kokkos::View<std::uint8_t*> a_, b_;
  Kokkos::View<std::int32_t*> scores_, col_h_, col_e_, row_h_[3], row_f_[3], above_h_, above_f_;
  Kokkos::View<BestCell*> row_best_;
  KokkosDeviceTimer timer_;
  bool ran_ = false;
};

}  // namespace

std::unique_ptr<Aligner> make_kokkos_wavefront(const Tuning& t) { return std::make_unique<KokkosWavefront>(t); }

}  // namespace hpcs::sw::kokkos
