// SPDX-License-Identifier: BSD-3-Clause
// kokkos/tiled: a team per block of vertices; the atoms pass through team scratch in tiles
// (each atom read once per team instead of once per vertex), and the region / salt / phiType
// case is a template argument chosen on the host (kernel splitting), so without salt a pair
// costs one distance. Each thread keeps the vertices k = rank, rank + team size, ... of its
// team; their sums live in scratch between tiles.
#include "gem_data_kokkos.hpp"
#include "gem_kokkos_factories.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem::kokkos {
namespace {

using kokkos_teams::Scratch;
using Team = kokkos_teams::Member;

template <class C, class Real>
struct TiledPotential {
  DeviceMolecule<Real> m;
  int per_team = 0, tile = 0;

  KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
    const std::int64_t v0 = std::int64_t(team.league_rank()) * per_team;
    const int nv = int(v0 + per_team <= m.vertices ? per_team : m.vertices - v0);
    Scratch<Real> x(team.team_scratch(0), tile), y(team.team_scratch(0), tile), z(team.team_scratch(0), tile),
        q(team.team_scratch(0), tile), acc(team.team_scratch(0), per_team);
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, nv), [&](const int k) { acc(k) = 0; });
    for (std::int64_t a0 = 0; a0 < m.atoms; a0 += tile) {
      const int na = int(a0 + tile <= m.atoms ? tile : m.atoms - a0);
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, na), [&](const int i) {
        x(i) = m.ax(a0 + i), y(i) = m.ay(a0 + i), z(i) = m.az(a0 + i), q(i) = m.aq(a0 + i);
      });
      team.team_barrier();
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, nv), [&](const int k) {
        const std::int64_t v = v0 + k;
        const Real px = m.px(v), py = m.py(v), pz = m.pz(v);
        Real sum = 0;
        for (int i = 0; i < na; ++i) {
          const Real d = hd_sqrt((x(i) - px) * (x(i) - px) + (y(i) - py) * (y(i) - py) + (z(i) - pz) * (z(i) - pz));
          Real dp = d;
          if constexpr (C::salt) {
            const Real qx = m.qx(v), qy = m.qy(v), qz = m.qz(v);
            dp = hd_sqrt((x(i) - qx) * (x(i) - qx) + (y(i) - qy) * (y(i) - qy) + (z(i) - qz) * (z(i) - qz));
          }
          sum += q(i) * pair_term<C::region, C::salt, C::phi>(m.c, d, dp);
        }
        acc(k) += sum;
      });
    }
    team.team_barrier();
    Kokkos::parallel_for(Kokkos::TeamThreadRange(team, nv), [&](const int k) { m.phi(v0 + k) = acc(k); });
  }
};

template <class Real>
class KokkosTiled final : public KokkosEvaluator<Real> {
 public:
  explicit KokkosTiled(const Tuning& t) : per_team_(t.block), tile_(t.tile_atoms > 0 ? t.tile_atoms : t.block) {
    if (per_team_ < 1 || per_team_ > 4096) throw Error("--block " + std::to_string(per_team_) + ": expected 1 to 4096");
    if (tile_ > 16384) throw Error("--tile-atoms " + std::to_string(tile_) + ": at most 16384 atoms per tile");
    kokkos_teams::require_team_scratch(scratch_bytes(), "kokkos/tiled: " + config_tiles(),
                                       "make --tile-atoms or --block smaller");
  }
  std::string config() const override {
    return "team=" + std::to_string(team_) + " vertices=" + std::to_string(per_team_) +
           " tile=" + std::to_string(tile_);
  }

 private:
  using KokkosEvaluator<Real>::m_;
  void launch() override {
    with_case(m_.c, [&](auto c) { launch_case<decltype(c)>(); });
  }
  template <class C>
  void launch_case() {
    const TiledPotential<C, Real> f{m_, per_team_, tile_};
    const int league = int((m_.vertices + per_team_ - 1) / per_team_);
    const std::size_t scratch = scratch_bytes();
    Kokkos::TeamPolicy<Exec> probe(1, 1);
    probe.set_scratch_size(0, Kokkos::PerTeam(scratch));
    team_ = std::min(per_team_, probe.team_size_max(f, Kokkos::ParallelForTag()));
    Kokkos::TeamPolicy<Exec> policy(league, team_);
    Kokkos::parallel_for("hpcs::gem::tiled", policy.set_scratch_size(0, Kokkos::PerTeam(scratch)), f);
  }

  // Four atom arrays of a tile and the team's vertex sums.
  std::size_t scratch_bytes() const {
    return Scratch<Real>::shmem_size(tile_) * 4 + Scratch<Real>::shmem_size(per_team_);
  }
  std::string config_tiles() const {
    return "tile=" + std::to_string(tile_) + " atoms and " + std::to_string(per_team_) + " vertices per team in " +
           precision_name<Real>();
  }

  int per_team_, tile_, team_ = 0;
};

}  // namespace

std::unique_ptr<Evaluator> make_tiled(Precision p, const Tuning& t) {
  return make_in_precision<Evaluator, KokkosTiled>(p, t);
}

}  // namespace hpcs::gem::kokkos
