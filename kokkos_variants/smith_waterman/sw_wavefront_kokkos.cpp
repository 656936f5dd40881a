// SPDX-License-Identifier: BSD-3-Clause
// kokkos/wavefront: the traditional tiled wavefront in Kokkos. One parallel_for over a
// TeamPolicy per tile wavefront; a team is a tile (t_S / s_S threads), its level-0
// scratch holds the tile's row and the score table, team_barrier() separates pipeline
// steps. The tile itself is sw_tile.hpp, the same code cuda/traditional runs.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <type_traits>

#include "hpcs/error.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "sw_tile.hpp"
#include "sw_kokkos_aligners.hpp"

namespace hpcs::sw {
namespace {

using Exec = Kokkos::DefaultExecutionSpace;
using Policy = Kokkos::TeamPolicy<Exec>;
using Member = Policy::member_type;
using tiled::BestCell;

struct KokkosTeam {
  const Member& m;
  KOKKOS_INLINE_FUNCTION int rank() const { return m.team_rank(); }
  KOKKOS_INLINE_FUNCTION int size() const { return m.team_size(); }
  KOKKOS_INLINE_FUNCTION void barrier() const { m.team_barrier(); }
};

constexpr std::size_t kScratchSlack = 64;

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

template <int V>
using Int = std::integral_constant<int, V>;

template <class F>
void with_shape(int sub_rows, bool dpx, bool local, F&& f) {
  auto flags = [&](auto SR) {
    if (dpx && local) f(SR, std::true_type{}, std::true_type{});
    else if (dpx) f(SR, std::true_type{}, std::false_type{});
    else if (local) f(SR, std::false_type{}, std::true_type{});
    else f(SR, std::false_type{}, std::false_type{});
  };
  switch (sub_rows) {
    case 4: flags(Int<4>{}); break;
    case 8: flags(Int<8>{}); break;
    case 16: flags(Int<16>{}); break;
    default: throw Error("--sub-rows " + std::to_string(sub_rows) + ": kokkos/wavefront supports 4, 8 or 16");
  }
}

template <class T>
using HostView = Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

class KokkosWavefront final : public Aligner {
 public:
  explicit KokkosWavefront(const Tuning& t) : tiling_(t) {
    if (t.tile_rows < 1 || t.tile_cols < 1 || t.sub_rows < 1 || t.sub_cols < 1)
      throw Error("tiling: --tile-rows, --tile-cols, --sub-rows and --sub-cols must be positive");
    if (t.tile_rows % t.sub_rows != 0)
      throw Error("--tile-rows " + std::to_string(t.tile_rows) + " is not a multiple of --sub-rows " + std::to_string(t.sub_rows));
    if (t.tile_cols % t.sub_cols != 0)
      throw Error("--tile-cols " + std::to_string(t.tile_cols) + " is not a multiple of --sub-cols " + std::to_string(t.sub_cols));
    threads_ = t.tile_rows / t.sub_rows;
#if defined(KOKKOS_ENABLE_CUDA)
    // Kokkos packs teams smaller than a warp several to a block and then makes
    // team_barrier() a fence only (it assumes warp-synchronous execution); the tile
    // pipeline needs a real barrier.
    if (threads_ < 32)
      throw Error("tiling: kokkos/wavefront on CUDA needs teams of at least 32 threads (--tile-rows / --sub-rows = " +
                  std::to_string(threads_) + "): Kokkos' barrier for smaller teams is only a fence");
#endif
    with_shape(t.sub_rows, t.dpx, true, [&](auto SR, auto D, auto L) {
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
    const bool above = link && link->has_above(), below = link && link->has_below();
    Kokkos::deep_copy(row_best_, BestCell{0, 0, 0});
    tiled::TileArgs p{};
    p.a = a_.data();
    p.b = b_.data();
    p.scores = scores_.data();
    p.rows = block_.rows;
    p.cols = block_.cols;
    p.row0 = block_.row0;
    p.tile_rows = tiling_.tile_rows;
    p.tile_cols = tiling_.tile_cols;
    p.sub_cols = tiling_.sub_cols;
    p.open = open_;
    p.extend = extend_;
    p.no_score = block_.mode == Mode::Local ? -1 : kNeg - (1 << 20);
    p.col_h = col_h_.data();
    p.col_e = col_e_.data();
    p.row_best = row_best_.data();
    if (above) {
      p.above_h = above_h_.data();
      p.above_f = above_f_.data();
    }
    std::int64_t fed = 0;
    timer_.start();
    for (int w = 0; w < tiles_down_ + tiles_across_ - 1; ++w) {
      const int r_first = std::max(0, w - tiles_across_ + 1), r_last = std::min(w, tiles_down_ - 1);
      if (above && r_first == 0) {
        const std::int64_t need = std::min<std::int64_t>(block_.cols, static_cast<std::int64_t>(w + 1) * tiling_.tile_cols);
        link->wait_above(need);
        copy_segment(above_h_, link->above_h(), fed, need);
        copy_segment(above_f_, link->above_f(), fed, need);
        fed = need;
      }
      p.wavefront = w;
      p.first_row_of_tiles = r_first;
      p.in_h = row_h_[(w + 2) % 3].data();
      p.in_f = row_f_[(w + 2) % 3].data();
      p.corner_h = row_h_[(w + 1) % 3].data();
      p.out_h = row_h_[w % 3].data();
      p.out_f = row_f_[w % 3].data();
      with_shape(tiling_.sub_rows, tiling_.dpx, block_.mode == Mode::Local, [&](auto SR, auto D, auto L) {
        Policy policy(r_last - r_first + 1, threads_);
        policy.set_scratch_size(0, Kokkos::PerTeam(scratch_ + kScratchSlack));
        Kokkos::parallel_for("hpcs::sw::kokkos_wavefront", policy, TileFunctor<SR(), D(), L()>{p, scratch_});
      });
      if (below && r_last == tiles_down_ - 1) {
        const std::int64_t c0 = static_cast<std::int64_t>(w - r_last) * tiling_.tile_cols;
        const std::int64_t c1 = std::min<std::int64_t>(block_.cols, c0 + tiling_.tile_cols);
        copy_out(link->below_h(), row_h_[w % 3], c0, c1);
        copy_out(link->below_f(), row_f_[w % 3], c0, c1);
        link->publish_below(c1);
      } else if (link) {
        link->progress();
      }
    }
    timer_.stop();
    Kokkos::fence();
    ran_ = true;
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), row_best_);
    Cell best{};
    for (int r = 0; r < tiles_down_; ++r) {
      const BestCell& c = host(r);
      if (c.i != 0 && (best.i == 0 || better(c.score, c.i, c.j, best.score, best.i, best.j))) best = {c.score, c.i, c.j};
    }
    return best;
  }

  std::optional<double> device_seconds() const override {
    if (!ran_) return std::nullopt;
    return timer_.seconds();
  }
  std::string config() const override {
    return "tile=" + std::to_string(tiling_.tile_rows) + "x" + std::to_string(tiling_.tile_cols) + " sub=" +
           std::to_string(tiling_.sub_rows) + "x" + std::to_string(tiling_.sub_cols) + " team=" + std::to_string(threads_);
  }
  nlohmann::json details() const override {
    return {{"launches", tiles_down_ + tiles_across_ - 1}, {"threads_per_block", threads_}, {"rows_of_tiles", tiles_down_}};
  }

 private:
  template <class T>
  static Kokkos::View<T*> copy_in(const char* label, const T* host, std::int64_t n) {
    Kokkos::View<T*> v(Kokkos::view_alloc(std::string(label), Kokkos::WithoutInitializing), static_cast<std::size_t>(std::max<std::int64_t>(n, 1)));
    if (n > 0)
      Kokkos::deep_copy(Kokkos::subview(v, std::make_pair<std::size_t, std::size_t>(0, n)),
                        HostView<const T>(host, static_cast<std::size_t>(n)));
    return v;
  }
  static void copy_segment(const Kokkos::View<std::int32_t*>& dst, const std::int32_t* src, std::int64_t c0, std::int64_t c1) {
    if (c1 <= c0) return;
    const auto range = std::make_pair<std::size_t, std::size_t>(c0, c1);
    Kokkos::deep_copy(Kokkos::subview(dst, range), HostView<const std::int32_t>(src + c0, static_cast<std::size_t>(c1 - c0)));
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

}  // namespace hpcs::sw
