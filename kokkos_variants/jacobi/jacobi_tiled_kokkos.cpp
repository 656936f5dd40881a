// SPDX-License-Identifier: BSD-3-Clause
// kokkos/tiled: the hexagonal (1D) and HHC (2D) tiling of hex_tiling.hpp with Kokkos
// teams. One TeamPolicy dispatch per wavefront, one team per hexagon (1D) or prism (2D).
// A team computes its tile row by row (team_barrier() between time rows), keeps the
// rows it produces in level-0 scratch, reads from global memory only inputs its tile did
// not produce, and writes back only points that leave the tile (leaves_tile: a consumer
// at the next level is outside the hexagon's next row, or the row is the tile's last).
// Time level t of an advance lives in global buffer t % 2, as in
// tests/jacobi/test_hex_schedule.cpp, which checks this protocol on the CPU.
//
// 2D: a prism is the hexagon (t, S1) times all S2 columns, walked as time-skewed
// sub-prisms of t_S2 columns (SkewedColumns). Row r of sub-prism s is stored in the frame
// "column j at position j - (s t_S2 + 1 - r) + 2", so the inputs (t-1, j-1..j+1) of
// position c sit at positions c-2..c of row r-1; positions 0 and 1 hold the last two
// columns of the previous sub-prism's row r-1, which each sub-prism leaves in a small
// carry array (two of them, by sub-prism parity, so no extra barrier is needed).
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>

#include "hex_tiling.hpp"
#include "jacobi_kokkos_grid.hpp"
#include "jacobi_kokkos_solvers.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi::kokkos {
namespace {

using Policy = Kokkos::TeamPolicy<Kokkos::DefaultExecutionSpace>;
using Member = Policy::member_type;

constexpr std::size_t kAlign = 16;      // scratch requests carry this slack for get_shmem_aligned
constexpr int kDefaultGpuTeam = 256;    // default team: enough threads for one row, at most this
constexpr int kMinGpuTeam = 32;         // Kokkos' barrier for teams below a warp is only a fence
constexpr std::int64_t kMaxTile = 1 << 16;

template <class Real>
struct Hex1D {
  HexTiling h;
  std::int64_t w = 0;
  Real* level[2] = {nullptr, nullptr};
  int width = 0;            // w_tile: one scratch row
  std::size_t scratch = 0;  // bytes of the two scratch rows

  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    Real* rows = static_cast<Real*>(m.team_scratch(0).get_shmem_aligned(scratch, kAlign));
    const std::int64_t k = m.league_rank();
    const std::int64_t left = h.x0(w, k) - (h.half() - 1);  // first point of the widest rows
    for (int r = h.first_row(w); r <= h.last_row(w); ++r) {
      const std::int64_t t = h.time_of(w, r);
      const Span s = h.row(w, k, r), below = h.row(w, k, r - 1);
      const Real* in = level[(t - 1) & 1];
      Real* out = level[t & 1];
      const Real* prev = rows + ((r + 1) & 1) * width;
      Real* cur = rows + (r & 1) * width;
      for (std::int64_t x = s.lo + m.team_rank(); x <= s.hi; x += m.team_size()) {
        const Real a = below.contains(x - 1) ? prev[x - 1 - left] : in[x - 1];
        const Real b = below.contains(x) ? prev[x - left] : in[x];
        const Real c = below.contains(x + 1) ? prev[x + 1 - left] : in[x + 1];
        const Real v = jacobi1d_update(a, b, c);
        cur[x - left] = v;
        if (h.leaves_tile(w, k, r, x)) out[x] = v;
      }
      m.team_barrier();
    }
  }
};

template <class Real>
struct Hhc2D {
  HexTiling h;
  SkewedColumns sc;
  std::int64_t w = 0;
  std::int64_t cols = 0;  // stored columns, n2 + 2
  Real* level[2] = {nullptr, nullptr};
  int width = 0;          // w_tile: rows of S1 in one scratch buffer
  int frame = 0;          // t_S2 + 2 positions per S1 row
  std::size_t scratch = 0;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    Real* rows = static_cast<Real*>(m.team_scratch(0).get_shmem_aligned(scratch, kAlign));
    Real* carry = rows + 2 * width * frame;  // [sub-prism parity][row r][S1 row][2]
    const int tS2 = sc.t_S2, rank = m.team_rank(), size = m.team_size();
    const std::int64_t n2 = sc.n2, k = m.league_rank();
    const std::int64_t top = h.x0(w, k) - (h.half() - 1);
    for (std::int64_t s = 0; s < sc.subprisms(); ++s) {
      for (int r = h.first_row(w); r <= h.last_row(w); ++r) {
        const std::int64_t t = h.time_of(w, r);
        const Span si = h.row(w, k, r), below = h.row(w, k, r - 1), cj = sc.columns(s, r);
        const std::int64_t col0 = s * tS2 + 1 - r;  // the column at frame position 2
        const Real* in = level[(t - 1) & 1];
        Real* out = level[t & 1];
        const Real* prev = rows + ((r + 1) & 1) * width * frame;
        Real* cur = rows + (r & 1) * width * frame;
        Real* carry_out = carry + ((s & 1) * h.t_T + r) * width * 2;
        const Real* carry_in = carry + (((s + 1) & 1) * h.t_T + r) * width * 2;
        // Level t-1 at (i, j), which is frame position c of row r-1 when this prism made it.
        auto input = [&](std::int64_t i, int c, std::int64_t j) -> Real {
          return below.contains(i) && j >= 1 && j <= n2 ? prev[(i - top) * frame + c] : in[i * cols + j];
        };
        const std::int64_t nj = cj.size(), points = si.size() * nj;
        for (std::int64_t e = rank; e < points; e += size) {
          const std::int64_t i = si.lo + e / nj, j = cj.lo + e % nj;
          const int c = static_cast<int>(j - col0) + 2;
          const Real v = jacobi2d_update(input(i, c - 1, j), input(i - 1, c - 1, j), input(i + 1, c - 1, j),
                                         input(i, c - 2, j - 1), input(i, c, j + 1));
          const std::int64_t at = (i - top) * frame;
          cur[at + c] = v;
          if (c >= tS2) carry_out[(i - top) * 2 + (c - tS2)] = v;
          if (h.leaves_tile(w, k, r, i)) out[i * cols + j] = v;
        }
        if (s > 0) {
          // The previous sub-prism's last two columns of row r, read by row r + 1. With
          // t_S2 = 1 the second-last of them is itself a carried column: pass it on.
          for (std::int64_t e = rank; e < 2 * si.size(); e += size) {
            const std::int64_t il = si.lo - top + e / 2;
            const int q = static_cast<int>(e % 2);
            cur[il * frame + q] = carry_in[il * 2 + q];
            if (tS2 == 1 && q == 1) carry_out[il * 2] = carry_in[il * 2 + 1];
          }
        }
        m.team_barrier();
      }
    }
  }
};

struct Plan {
  Tiles tiles;
  int team = 1;
  int width = 0;
  int frame = 1;
  std::size_t scratch = 0;  // bytes used; the request adds kAlign
  std::optional<std::string> error;
};

std::string tiles_text(const Problem& p, const Tiles& t) {
  std::string s = "t_T=" + std::to_string(t.t_T) + " t_S1=" + std::to_string(t.t_S1);
  if (p.dims == 2) s += " t_S2=" + std::to_string(t.t_S2);
  return s;
}

template <class Real>
int team_max(int dims, std::size_t request) {
  const Policy policy = Policy(1, 1).set_scratch_size(0, Kokkos::PerTeam(request));
  return dims == 1 ? policy.team_size_max(Hex1D<Real>{}, Kokkos::ParallelForTag())
                   : policy.team_size_max(Hhc2D<Real>{}, Kokkos::ParallelForTag());
}

template <class Real>
Plan make_plan(const Problem& p, const Tiles& requested) {
  Plan plan;
  plan.tiles = resolve_tiles(p, requested);
  const Tiles& t = plan.tiles;
  if (const auto why = check_tiles(p, t)) {
    plan.error = "kokkos/tiled: " + *why;
    return plan;
  }
  if (t.t_T > kMaxTile || t.t_S1 > kMaxTile || (p.dims == 2 && t.t_S2 > kMaxTile)) {
    plan.error = "kokkos/tiled: tiles " + tiles_text(p, t) + " exceed " + std::to_string(kMaxTile);
    return plan;
  }
  plan.width = t.t_S1 + t.t_T - 2;
  plan.frame = p.dims == 2 ? t.t_S2 + 2 : 1;
  const std::size_t width = static_cast<std::size_t>(plan.width);
  const std::size_t values = p.dims == 1 ? 2 * width
                                         : 2 * width * static_cast<std::size_t>(plan.frame) +
                                               4 * static_cast<std::size_t>(t.t_T) * width;
  plan.scratch = values * sizeof(Real);
  const auto max_scratch = static_cast<std::size_t>(Policy::scratch_size_max(0));
  if (plan.scratch + kAlign > max_scratch) {
    plan.error = "kokkos/tiled: tiles " + tiles_text(p, t) + " need " + std::to_string(plan.scratch + kAlign) +
                 " bytes of team scratch for " + (sizeof(Real) == 4 ? "float32" : "float64") +
                 "; this Kokkos backend allows " + std::to_string(max_scratch) + " per team (make t_T, t_S1" +
                 (p.dims == 2 ? ", t_S2" : "") + " smaller)";
    return plan;
  }
  const int max_team = team_max<Real>(p.dims, plan.scratch + kAlign);
  if (t.threads > 0) {
    if (t.threads > max_team) {
      plan.error = "kokkos/tiled: threads = " + std::to_string(t.threads) + " per team; this Kokkos backend allows " +
                   std::to_string(max_team) + " for these tiles";
      return plan;
    }
    if (kGpuBackend && t.threads < kMinGpuTeam) {
      plan.error = "kokkos/tiled: threads = " + std::to_string(t.threads) + " per team; on a GPU backend teams need " +
                   std::to_string(kMinGpuTeam) + " or more (Kokkos' barrier for smaller teams is only a fence)";
      return plan;
    }
    plan.team = t.threads;
  } else if (kGpuBackend) {
    // Enough threads for one row of a tile (w_tile points, times t_S2 columns in 2D).
    const std::int64_t points = static_cast<std::int64_t>(plan.width) * (p.dims == 2 ? t.t_S2 : 1);
    const std::int64_t warps = std::clamp<std::int64_t>((points + 31) / 32, kMinGpuTeam / 32, kDefaultGpuTeam / 32);
    plan.team = std::min(static_cast<int>(warps * 32), max_team);
  } else {
    plan.team = 1;  // host backends: parallelism across the tiles of a wavefront
  }
  return plan;
}

template <class Real>
class KokkosTiled final : public KokkosGrid<Real> {
 public:
  explicit KokkosTiled(const Tiles& t) : requested_(t) {}

  nlohmann::json details() const override {
    const Problem& p = this->problem();
    nlohmann::json d = {{"dispatches", dispatches_},
                        {"wavefronts", wavefronts_},
                        {"tiles", tiles_},
                        {"t_T", plan_.tiles.t_T},
                        {"t_S1", plan_.tiles.t_S1},
                        {"team_size", plan_.team},
                        {"scratch_bytes_per_team", plan_.scratch + kAlign},
                        {"policy", "TeamPolicy"}};
    if (p.dims == 2) {
      d["t_S2"] = plan_.tiles.t_S2;
      d["subprisms_per_prism"] = SkewedColumns{plan_.tiles.t_S2, plan_.tiles.t_T, p.n2}.subprisms();
    }
    return d;
  }

 protected:
  void prepare(const Problem& p) override {
    plan_ = make_plan<Real>(p, requested_);
    if (plan_.error) throw Error(*plan_.error);
    dispatches_ = wavefronts_ = tiles_ = 0;
  }

  void run(std::int64_t steps, Real* level0, Real* level1) override {
    const Problem& p = this->problem();
    const HexTiling h{plan_.tiles.t_T, plan_.tiles.t_S1, p.n1, steps};
    const std::size_t request = plan_.scratch + kAlign;
    for (std::int64_t w = 0; w < h.wavefronts(); ++w) {
      ++wavefronts_;
      const std::int64_t n = h.tiles(w);
      if (n == 0) continue;
      const Policy policy = Policy(static_cast<int>(n), plan_.team).set_scratch_size(0, Kokkos::PerTeam(request));
      if (p.dims == 1) {
        Hex1D<Real> f{h, w, {level0, level1}, plan_.width, plan_.scratch};
        Kokkos::parallel_for("hpcs::jacobi::hex1d", policy, f);
      } else {
        Hhc2D<Real> f{h, SkewedColumns{plan_.tiles.t_S2, plan_.tiles.t_T, p.n2}, w, p.cols(), {level0, level1},
                      plan_.width, plan_.frame, plan_.scratch};
        Kokkos::parallel_for("hpcs::jacobi::hhc2d", policy, f);
      }
      ++dispatches_;
      tiles_ += n;
    }
  }

 private:
  Tiles requested_;
  Plan plan_;
  std::int64_t dispatches_ = 0, wavefronts_ = 0, tiles_ = 0;
};

}  // namespace

std::optional<std::string> tiled_rejects(const Problem& p, const Tiles& t, Precision precision) {
  const Plan plan = precision == Precision::Float32 ? make_plan<float>(p, t) : make_plan<double>(p, t);
  return plan.error;
}

template <class Real>
std::unique_ptr<Solver<Real>> make_tiled(const Tiles& t) {
  return std::make_unique<KokkosTiled<Real>>(t);
}

template std::unique_ptr<Solver<float>> make_tiled<float>(const Tiles&);
template std::unique_ptr<Solver<double>> make_tiled<double>(const Tiles&);

}  // namespace hpcs::jacobi::kokkos
