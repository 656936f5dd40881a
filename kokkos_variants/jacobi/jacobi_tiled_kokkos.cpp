// SPDX-License-Identifier: BSD-3-Clause
// kokkos/tiled: the hexagonal (1D), HHC (2D) and slab (3D) tiling of hex_tiling.hpp with Kokkos
// teams: one TeamPolicy dispatch per wavefront, one team per hexagon (1D), prism (2D) or slab (3D),
// the tile's rows in level-0 team scratch, team_barrier() between time rows. The tile
// bodies and their memory protocol are in jacobi_team_tiles_kokkos.hpp; this file sizes teams
// and scratch, rejects what the backend cannot run, and dispatches the wavefronts.
#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>

#include "hex_tiling.hpp"
#include "jacobi_fast2d_kokkos.hpp"
#include "jacobi_grid_kokkos.hpp"
#include "jacobi_kokkos_factories.hpp"
#include "jacobi_team_tiles_kokkos.hpp"
#include "hpcs/base/precision_dispatch.hpp"
#include "hpcs/kokkos_team_sync.hpp"

namespace hpcs::jacobi::kokkos {
namespace {

using Policy1D = Kokkos::TeamPolicy<Kokkos::DefaultExecutionSpace>;
// 2D prisms: teams of at most 384 threads with registers for two of them per SM (ptxas:
// 80 registers and a few bytes of spill instead of 95-98). Unbounded, a change that
// added two registers left one team of 320 threads per H200 SM: 126 instead of 190 Gcell/s.
using Policy2D = Kokkos::TeamPolicy<Kokkos::DefaultExecutionSpace, Kokkos::LaunchBounds<384, 2>>;
using Policy3D = Kokkos::TeamPolicy<Kokkos::DefaultExecutionSpace>;
using Member = Policy1D::member_type;
static_assert(std::is_same_v<Member, Policy2D::member_type>);

constexpr std::size_t kAlign = 16;   // scratch requests carry this slack for get_shmem_aligned
constexpr int kDefaultTeam1D = 128;  // default teams: at most this many threads in 1D,
constexpr int kDefaultTeam2D = 256;  // about this many in 2D, at most this many in 3D
constexpr int kMinGpuTeam = 32;      // Kokkos' barrier for teams below a warp is only a fence
constexpr std::int64_t kMaxTile = 1 << 16;

struct KokkosTeam {
  const Member& m;
  KOKKOS_INLINE_FUNCTION int rank() const { return m.team_rank(); }
  KOKKOS_INLINE_FUNCTION int size() const { return m.team_size(); }
  KOKKOS_INLINE_FUNCTION void barrier() const { m.team_barrier(); }
};

template <class Real>
struct Hex1D {
  Hex1DArgs<Real> a;
  std::size_t scratch = 0;  // bytes used (the request adds kAlign)
  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    Real* rows = kokkos_teams::in_team_shared(static_cast<Real*>(m.team_scratch(0).get_shmem_aligned(scratch, kAlign)));
    hex1d_tile(a, m.league_rank(), rows, KokkosTeam{m});
  }
};

template <class Real, class St>
struct Hhc2D {
  Hhc2DArgs<Real> a;
  std::size_t scratch = 0;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    Real* rows = kokkos_teams::in_team_shared(static_cast<Real*>(m.team_scratch(0).get_shmem_aligned(scratch, kAlign)));
    hhc2d_tile<St>(a, m.league_rank(), rows, KokkosTeam{m});
  }
};

template <class Real, class St>
struct Hhc3D {
  Hhc3DArgs<Real> a;
  std::size_t scratch = 0;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    Real* rows = kokkos_teams::in_team_shared(static_cast<Real*>(m.team_scratch(0).get_shmem_aligned(scratch, kAlign)));
    hhc3d_tile<St>(a, m.league_rank(), rows, KokkosTeam{m});
  }
};

// --slab-split (jacobi_slab_tile.hpp): team (k, g) runs the S2 sub-slab rows of group g of
// hexagon k's slab and, before its pass s3 over them, waits until the counter of (k, g - 1)
// reads base + s3 + 1, which (k, g - 1) stores after its own pass s3. Counters only grow:
// every dispatch starts its tickets at ticket_base and its counter values at base, both
// above anything an earlier dispatch left, so the buffer is never reset.
//
// Deadlock freedom: a team takes its ticket (an atomic increment, so tickets are 0, 1, 2,
// ... in the order teams started) before anything else, and the ticket, not league_rank(),
// names its (k, g): g = ticket / hexagons, k = ticket % hexagons. The only team that
// (k, g) waits for, (k, g - 1), holds ticket - hexagons, a smaller one, so it has started
// and stays resident until done (teams are never swapped out); by induction on the ticket,
// ticket 0 never waits and every wait is for a team whose own waits end, so each one ends.
// On host backends (Serial: league order, one team at a time) the waits are always met.
struct KokkosSlabSync {
  const Member& m;
  std::int64_t* before = nullptr;  // the previous group's counter; none for group 0
  std::int64_t* mine = nullptr;
  std::int64_t base = 0;
  KOKKOS_INLINE_FUNCTION void wait(std::int64_t s3) const {
    if (before != nullptr) kokkos_teams::wait_until(m, before, base + s3 + 1);
  }
  KOKKOS_INLINE_FUNCTION void signal(std::int64_t s3) const { kokkos_teams::publish(m, mine, base + s3 + 1); }
};

template <class Real, class St>
struct Hhc3DSplit {
  Hhc3DArgs<Real> a;
  std::size_t scratch = 0;
  std::int64_t* counters = nullptr;  // [0]: the ticket; [1 + k groups + g]: team (k, g)'s passes
  std::int64_t ticket_base = 0, base = 0, hexagons = 1, groups = 1, rows = 1;
  KOKKOS_INLINE_FUNCTION void operator()(const Member& m) const {
    Real* sub = kokkos_teams::in_team_shared(static_cast<Real*>(m.team_scratch(0).get_shmem_aligned(scratch, kAlign)));
    std::int64_t ticket = 0;
    Kokkos::single(
        Kokkos::PerTeam(m),
        [&](std::int64_t& v) { v = Kokkos::atomic_fetch_add(counters, std::int64_t(1)) - ticket_base; }, ticket);
    const std::int64_t g = ticket / hexagons, k = ticket % hexagons;
    std::int64_t* mine = counters + 1 + k * groups + g;
    const std::int64_t n2 = a.s2.subprisms(), end = (g + 1) * rows < n2 ? (g + 1) * rows : n2;
    hhc3d_tile<St>(a, k, sub, KokkosTeam{m}, g * rows, end, KokkosSlabSync{m, g > 0 ? mine - 1 : nullptr, mine, base});
  }
};

struct Plan {
  Tuning tiles;
  int team = 1;
  int width = 0;
  int frame = 1;
  std::size_t scratch = 0;   // bytes used; the request adds kAlign
  Fast2dRun fast = nullptr;  // 2D: the fixed-shape path for full wavefronts (jacobi_fast2d_kokkos.hpp)
  std::optional<std::string> error;
};

std::string tiles_text(const Problem& p, const Tuning& t) {
  std::string s = "t_T=" + std::to_string(t.t_T) + " t_S1=" + std::to_string(t.t_S1);
  if (p.dims >= 2) s += " t_S2=" + std::to_string(t.t_S2);
  if (p.dims == 3) s += " t_S3=" + std::to_string(t.t_S3);
  return s;
}

template <class Real>
int team_max(const Problem& p, std::size_t request) {
  if (p.dims == 1)
    return Policy1D(1, 1)
        .set_scratch_size(0, Kokkos::PerTeam(request))
        .team_size_max(Hex1D<Real>{}, Kokkos::ParallelForTag());
  if (p.dims == 3)
    return with_stencil3d(p.stencil, [&](auto st) {
      return Policy3D(1, 1)
          .set_scratch_size(0, Kokkos::PerTeam(request))
          .team_size_max(Hhc3D<Real, decltype(st)>{}, Kokkos::ParallelForTag());
    });
  return with_stencil(p.stencil, [&](auto st) {  // the stencil's registers bound the team
    return Policy2D(1, 1)
        .set_scratch_size(0, Kokkos::PerTeam(request))
        .team_size_max(Hhc2D<Real, decltype(st)>{}, Kokkos::ParallelForTag());
  });
}

std::size_t scratch_bytes(const Problem& p, const Tuning& t, std::size_t real_size) {
  const int width = t.t_S1 + t.t_T - 2;
  const std::size_t values = p.dims == 1   ? hex1d_scratch_values(width)
                             : p.dims == 2 ? hhc2d_scratch_values(width, t.t_S2 + 2, t.t_T)
                                           : hhc3d_scratch_values(width, t.t_S2, t.t_S3);
  return values * real_size;
}

template <class Real>
Tuning resolve_for_backend(const Problem& p, const Tuning& requested) {
  Tuning t = resolve_tiles(p, requested, sizeof(Real) == 8 ? Precision::Float64 : Precision::Float32);
  // No tile given, Jacobi float32 on a GPU: the fast path's default shape (it fits Kokkos'
  // team scratch, where the shared 16/9/384 does not).
  if (p.dims == 2 && kGpuBackend && std::is_same_v<Real, float> && p.stencil == Stencil::Jacobi && requested.t_T == 0 &&
      requested.t_S1 == 0 && requested.t_S2 == 0 && (requested.threads == 0 || requested.threads == kFast2dDefaultS2)) {
    Tuning f = t;
    f.t_T = kFast2dDefaultT;
    f.t_S1 = kFast2dDefaultS1;
    f.t_S2 = kFast2dDefaultS2;
    if (!check_tiles(p, f)) return f;
  }
  if (p.dims != 2 || requested.t_S2 != 0 || check_tiles(p, t)) return t;
  // Largest multiple of 32 (down from the default) whose rows fit; if none does, the
  // plan refuses the tiles with the numbers.
  const auto max_scratch = static_cast<std::size_t>(Policy2D::scratch_size_max(0));
  while (t.t_S2 > 32 && scratch_bytes(p, t, sizeof(Real)) + kAlign > max_scratch) t.t_S2 = (t.t_S2 - 1) / 32 * 32;
  return t;
}

template <class Real>
Plan make_plan(const Problem& p, const Tuning& requested) {
  Plan plan;
  plan.tiles = resolve_for_backend<Real>(p, requested);
  const Tuning& t = plan.tiles;
  if (const auto why = check_tiles(p, t)) {
    plan.error = "kokkos/tiled: " + *why;
    return plan;
  }
  if (t.t_T > kMaxTile || t.t_S1 > kMaxTile || (p.dims >= 2 && t.t_S2 > kMaxTile) ||
      (p.dims == 3 && (t.t_S3 > kMaxTile || static_cast<std::int64_t>(t.t_S2) * t.t_S3 > kMaxTile))) {
    plan.error = "kokkos/tiled: tiles " + tiles_text(p, t) + " exceed " + std::to_string(kMaxTile);
    return plan;
  }
  plan.width = t.t_S1 + t.t_T - 2;
  plan.frame = p.dims == 2 ? t.t_S2 + 2 : 1;
  plan.scratch = scratch_bytes(p, t, sizeof(Real));
  const auto max_scratch = static_cast<std::size_t>(Policy1D::scratch_size_max(0));
  if (plan.scratch + kAlign > max_scratch) {
    plan.error = "kokkos/tiled: tiles " + tiles_text(p, t) + " need " + std::to_string(plan.scratch + kAlign) +
                 " bytes of team scratch for " + precision_name<Real>() + "; this Kokkos backend (" +
                 std::string(Kokkos::DefaultExecutionSpace::name()) + ") allows " + std::to_string(max_scratch) +
                 " per team (make t_T, t_S1" +
                 (p.dims == 2   ? ", t_S2"
                  : p.dims == 3 ? ", t_S2, t_S3"
                                : "") +
                 " smaller)";
    return plan;
  }
  if constexpr (std::is_same_v<Real, float>)
    if (p.dims == 2 && p.cols() < (1 << 22)) plan.fast = fast2d_for(t, p.stencil);  // the block's 32-bit offsets
  const int max_team = team_max<Real>(p, plan.scratch + kAlign);
  if (t.threads > 0) {
    if (t.threads > max_team) {
      plan.error = "kokkos/tiled: threads = " + std::to_string(t.threads) + " per team; this Kokkos backend (" +
                   std::string(Kokkos::DefaultExecutionSpace::name()) + ") allows " + std::to_string(max_team) +
                   " for these tiles";
      return plan;
    }
    if (kGpuBackend && t.threads < kMinGpuTeam) {
      plan.error = "kokkos/tiled: threads = " + std::to_string(t.threads) + " per team; on a GPU backend teams need " +
                   std::to_string(kMinGpuTeam) + " or more (Kokkos' barrier for smaller teams is only a fence)";
      return plan;
    }
    plan.team = t.threads;
  } else if (kGpuBackend) {
    // 1D: enough warps for one row of a hexagon (w_tile points), at most kDefaultTeam1D
    // (H200, 2^24 points: 128 threads ran 445 Gcell/s, 256 ran 384, 512 ran 283).
    // 2D: one thread per sub-prism column (hhc2d_tile walks a column down a run of rows),
    // times the whole number of runs nearest kDefaultTeam2D threads. H100, 8192^2: 320
    // threads (2 runs) for float32's t_S2 = 160 ran 190 Gcell/s against 173 with 160 and
    // 127 with 480; float64's t_S2 = 64 ran best with 192 (3 runs), 256 was 6% slower.
    std::int64_t want = 0;
    // 3D: a thread per point of a sub-slab's t_S2 x t_S3 columns, in whole warps, at most
    // kDefaultTeam2D (not yet measured on a GPU).
    if (p.dims == 1) {
      want = std::clamp<std::int64_t>((plan.width + 31) / 32, kMinGpuTeam / 32, kDefaultTeam1D / 32) * 32;
    } else if (p.dims == 3) {
      want = std::clamp<std::int64_t>((static_cast<std::int64_t>(t.t_S2) * t.t_S3 + 31) / 32, kMinGpuTeam / 32,
                                      kDefaultTeam2D / 32) *
             32;
    } else {
      want = static_cast<std::int64_t>(t.t_S2) * std::max(1, (kDefaultTeam2D + t.t_S2 / 2) / t.t_S2);
    }
    plan.team = static_cast<int>(std::min<std::int64_t>(want, max_team));
    if (plan.team < kMinGpuTeam) {
      plan.error = "kokkos/tiled: tiles " + tiles_text(p, t) + " leave room for teams of " + std::to_string(max_team) +
                   " threads only; on a GPU backend teams need " + std::to_string(kMinGpuTeam) + " or more";
      return plan;
    }
  } else {
    plan.team = 1;  // host backends: parallelism across the tiles of a wavefront
  }
  return plan;
}

template <class Real>
class KokkosTiled final : public KokkosGrid<Real> {
 public:
  explicit KokkosTiled(const Tuning& t) : requested_(t) {}

  nlohmann::json details() const override {
    const Problem& p = this->problem();
    nlohmann::json d = {{"dispatches", dispatches_},
                        {"wavefronts", wavefronts_},
                        {"tiles", tiles_},
                        {"t_T", plan_.tiles.t_T},
                        {"t_S1", plan_.tiles.t_S1},
                        {"team_size", plan_.team},
                        {"scratch_bytes_per_team", plan_.scratch + kAlign},
                        {"policy", "TeamPolicy"},
                        {"execution_space", Kokkos::DefaultExecutionSpace::name()}};
    if (p.dims == 2) {
      d["t_S2"] = plan_.tiles.t_S2;
      d["subprisms_per_prism"] = SkewedColumns{plan_.tiles.t_S2, plan_.tiles.t_T, p.n2}.subprisms();
      d["fast_kernel"] = plan_.fast != nullptr;
    } else if (p.dims == 3) {
      d["t_S2"] = plan_.tiles.t_S2;
      d["t_S3"] = plan_.tiles.t_S3;
      d["subslabs_per_slab"] = SkewedColumns{plan_.tiles.t_S2, plan_.tiles.t_T, p.n2}.subprisms() *
                               SkewedColumns{plan_.tiles.t_S3, plan_.tiles.t_T, p.n3}.subprisms();
      d["slab_split"] = plan_.tiles.slab_split;
      d["slab_groups"] =
          SlabGroups{SkewedColumns{plan_.tiles.t_S2, plan_.tiles.t_T, p.n2}.subprisms(), plan_.tiles.slab_split}.count;
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
      const int teams = static_cast<int>(n);
      if (p.dims == 1) {
        const Hex1D<Real> f{{h, w, {level0, level1}, plan_.width}, plan_.scratch};
        Kokkos::parallel_for("hpcs::jacobi::hex1d",
                             Policy1D(teams, plan_.team).set_scratch_size(0, Kokkos::PerTeam(request)), f);
      } else if (p.dims == 3) {
        dispatch3d(h, w, teams, request, level0, level1);
      } else if (plan_.fast && h.first_row(w) == 0 && h.last_row(w) == h.t_T - 1) {
        run_fast2d(steps, w, n, level0, level1);
      } else {
        const SkewedColumns sc{plan_.tiles.t_S2, plan_.tiles.t_T, p.n2};
        with_stencil(p.stencil, [&](auto st) {
          const Hhc2D<Real, decltype(st)> f{{h, sc, w, p.cols(), {level0, level1}, plan_.width, plan_.frame},
                                            plan_.scratch};
          Kokkos::parallel_for("hpcs::jacobi::hhc2d",
                               Policy2D(teams, plan_.team).set_scratch_size(0, Kokkos::PerTeam(request)), f);
        });
      }
      ++dispatches_;
      tiles_ += n;
    }
  }

 private:
  // A wavefront of full hexagons through the fast block (float32 only: plan_.fast is null
  // otherwise), with the parameters cuda/tiled builds for it (one thread per column).
  void run_fast2d(std::int64_t steps, std::int64_t w, std::int64_t n, Real* level0, Real* level1) {
    if constexpr (std::is_same_v<Real, float>) {
      Tuning t = plan_.tiles;
      t.threads = t.t_S2;
      const auto prm = blocks::hhc2d_params(this->problem(), t, steps, level0, level1, blocks::kRoundFixed);
      plan_.fast(prm, w, n);
    }
  }

  void dispatch3d(const HexTiling& h, std::int64_t w, int teams, std::size_t request, Real* level0, Real* level1) {
    const Problem& p = this->problem();
    const SkewedColumns s2{plan_.tiles.t_S2, plan_.tiles.t_T, p.n2}, s3{plan_.tiles.t_S3, plan_.tiles.t_T, p.n3};
    const Hhc3DArgs<Real> args{h, s2, s3, w, p.cols(), p.pitch(), {level0, level1}, plan_.width};
    const int team = plan_.team;
    const std::size_t scratch = plan_.scratch;
    const SlabGroups groups{s2.subprisms(), plan_.tiles.slab_split};
    if (groups.count == 1) {
      with_stencil3d(p.stencil, [&](auto st) {
        const Hhc3D<Real, decltype(st)> f{args, scratch};
        Kokkos::parallel_for("hpcs::jacobi::hhc3d", Policy3D(teams, team).set_scratch_size(0, Kokkos::PerTeam(request)),
                             f);
      });
      return;
    }
    // The counters: a ticket and one per (hexagon, group) of the widest wavefront so far; a
    // new buffer (zeros) restarts the bases.
    const std::int64_t need = 1 + static_cast<std::int64_t>(teams) * groups.count;
    if (static_cast<std::int64_t>(counters_.extent(0)) < need) {
      Kokkos::fence();  // the functors hold the old buffer's pointer, not the View
      counters_ = Kokkos::View<std::int64_t*>("hpcs::jacobi::hhc3d_counters", static_cast<std::size_t>(need));
      ticket_base_ = counter_base_ = 0;
    }
    const std::int64_t league = static_cast<std::int64_t>(teams) * groups.count;
    with_stencil3d(p.stencil, [&](auto st) {
      const Hhc3DSplit<Real, decltype(st)> f{args,          scratch, counters_.data(), ticket_base_,
                                             counter_base_, teams,   groups.count,     groups.rows};
      Kokkos::parallel_for("hpcs::jacobi::hhc3d_split",
                           Policy3D(static_cast<int>(league), team).set_scratch_size(0, Kokkos::PerTeam(request)), f);
    });
    ticket_base_ += league;
    counter_base_ += s3.subprisms();
  }

  Kokkos::View<std::int64_t*> counters_;
  std::int64_t ticket_base_ = 0, counter_base_ = 0;

  Tuning requested_;
  Plan plan_;
  std::int64_t dispatches_ = 0, wavefronts_ = 0, tiles_ = 0;
};

}  // namespace

Tuning tiled_resolve(const Problem& p, const Tuning& requested, Precision precision) {
  return precision == Precision::Float32 ? resolve_for_backend<float>(p, requested)
                                         : resolve_for_backend<double>(p, requested);
}

std::optional<std::string> tiled_rejects(const Problem& p, const Tuning& t, Precision precision) {
  const Plan plan = precision == Precision::Float32 ? make_plan<float>(p, t) : make_plan<double>(p, t);
  return plan.error;
}

SolverFactories tiled_factories() { return factories_of<KokkosTiled>(); }

}  // namespace hpcs::jacobi::kokkos
