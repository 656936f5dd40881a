// SPDX-License-Identifier: BSD-3-Clause
// kokkos/tuned: what cuda/tuned does, in portable Kokkos. A team of T threads owns T x VPT
// vertices, each thread VPT of them in registers (k = first + j T, so loads stay coalesced);
// the team walks its split of the atom loop in tiles staged in team scratch, so one scratch
// read serves VPT pairs; the pair arithmetic is gem_fast_pair.hpp's (reciprocal square
// roots on the GPU, 1 / sqrt on the host). When the vertex teams cannot fill the device,
// the atom loop is split over `splits` teams per vertex block, each writing a row of partial
// sums that a second loop adds in order: no atomics, the same bits on every run and rank
// count (the split count is resolved from all ranks' vertices).
#include "gem_fast_pair.hpp"
#include "gem_data_kokkos.hpp"
#include "gem_kokkos_factories.hpp"
#include "gem_launch_shape.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/precision_dispatch.hpp"

namespace hpcs::gem::kokkos {
namespace {

using kokkos_teams::Scratch;
using Team = kokkos_teams::Member;

template <class C, int VPT, class Real>
struct TunedPotential {
  DeviceMolecule<Real> m;
  Kokkos::View<Real*> out;  // rows of m.vertices partial sums, one per split (m.phi without splits)
  FastConstants<Real> k;
  int vertex_blocks = 1, per_split = 0, tile = 0;

  KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
    const int block = team.league_rank() % vertex_blocks, split = team.league_rank() / vertex_blocks;
    const int threads = team.team_size();
    const std::int64_t first = std::int64_t(block) * threads * VPT + team.team_rank(), n = m.vertices;
    Real px[VPT], py[VPT], pz[VPT], qx[VPT], qy[VPT], qz[VPT], acc[VPT];
    for (int j = 0; j < VPT; ++j) {  // slots past the last vertex compute the last one, unstored
      const std::int64_t v = first + std::int64_t(j) * threads < n ? first + std::int64_t(j) * threads : n - 1;
      px[j] = m.px(v), py[j] = m.py(v), pz[j] = m.pz(v), acc[j] = 0;
      qx[j] = C::salt ? m.qx(v) : Real(0), qy[j] = C::salt ? m.qy(v) : Real(0), qz[j] = C::salt ? m.qz(v) : Real(0);
    }
    Scratch<Real> x(team.team_scratch(0), tile), y(team.team_scratch(0), tile), z(team.team_scratch(0), tile),
        q(team.team_scratch(0), tile);
    const std::int64_t begin = std::int64_t(split) * per_split;
    const std::int64_t end = begin + per_split < m.atoms ? begin + per_split : m.atoms;
    for (std::int64_t a0 = begin; a0 < end; a0 += tile) {
      const int count = int(a0 + tile <= end ? tile : end - a0);
      team.team_barrier();  // the previous tile is no longer read
      Kokkos::parallel_for(Kokkos::TeamThreadRange(team, count), [&](const int i) {
        x(i) = m.ax(a0 + i), y(i) = m.ay(a0 + i), z(i) = m.az(a0 + i), q(i) = m.aq(a0 + i);
      });
      team.team_barrier();
      for (int i = 0; i < count; ++i) {
        const Real ax = x(i), ay = y(i), az = z(i), aq = q(i);
        for (int j = 0; j < VPT; ++j) {
          const Real dx = ax - px[j], dy = ay - py[j], dz = az - pz[j];
          const Real d2 = dx * dx + dy * dy + dz * dz;
          Real dp2 = d2;
          if constexpr (C::salt) {
            const Real ex = ax - qx[j], ey = ay - qy[j], ez = az - qz[j];
            dp2 = ex * ex + ey * ey + ez * ez;
          }
          acc[j] += aq * fast_pair_term<C::region, C::salt, C::phi>(k, d2, dp2);
        }
      }
    }
    for (int j = 0; j < VPT; ++j)
      if (first + std::int64_t(j) * threads < n)
        out(std::int64_t(split) * n + first + std::int64_t(j) * threads) = acc[j];
  }
};

template <class Real>
class KokkosTuned final : public KokkosEvaluator<Real> {
 public:
  explicit KokkosTuned(Precision p, const Tuning& t)
      : block_(t.block), vpt_(vertices_per_thread_or_default(t.vertices_per_thread, p)),
        tile_(tile_atoms_or_default(t.tile_atoms, t.block, p)), requested_splits_(t.atom_splits) {
    if (block_ < 1 || block_ > 1024) throw Error("--block " + std::to_string(block_) + ": expected 1 to 1024");
    check_atom_splits(requested_splits_);
    kokkos_teams::require_team_scratch(
        scratch_bytes(), "kokkos/tuned: tile=" + std::to_string(tile_) + " atoms in " + precision_name<Real>(),
        "make --tile-atoms smaller");
  }

  void setup(const Inputs& in) override {
    KokkosEvaluator<Real>::setup(in);
    k_ = fast_constants<Real>(in.constants);
    const std::int64_t n = m_.vertices;
    const int wanted = requested_splits_ > 0 ? requested_splits_ : auto_atom_splits(n, m_.atoms, block_, vpt_, fill());
    per_split_ = atoms_per_split(m_.atoms, wanted);
    splits_ = effective_splits(m_.atoms, per_split_);
    if (splits_ > 1) partial_ = Kokkos::View<Real*>("hpcs::gem::partial", std::size_t(splits_) * std::size_t(n));
  }

  std::string config() const override {
    return "team=" + std::to_string(team_) + " vertices/thread=" + std::to_string(vpt_) +
           " tile=" + std::to_string(tile_) + " atom splits=" + std::to_string(splits_) +
           (requested_splits_ == 0 ? " (automatic)" : "") + ", rsqrt terms, one kernel per case";
  }

  // What fills the device: Kokkos' concurrency (threads in flight) as one "SM".
  static DeviceFill fill() { return {1, std::max(1, int(Exec().concurrency()))}; }

  // Four atom arrays of a tile.
  std::size_t scratch_bytes() const { return Scratch<Real>::shmem_size(tile_) * 4; }

  // Public: nvcc refuses an extended lambda (the split sum's) in a private member function.
  void launch() override {
    if (m_.vertices > 0)
      with_vertices_per_thread(vpt_,
                               [&](auto V) { with_case(m_.c, [&](auto c) { launch_case<decltype(c), V()>(); }); });
    if (splits_ > 1) {
      const auto partial = partial_;
      const auto phi = m_.phi;
      const std::int64_t n = m_.vertices;
      const int splits = splits_;
      Kokkos::parallel_for(
          "hpcs::gem::sum_splits", Kokkos::RangePolicy<Exec>(0, n), KOKKOS_LAMBDA(const std::int64_t v) {
            Real sum = partial(v);
            for (int s = 1; s < splits; ++s) sum += partial(std::int64_t(s) * n + v);
            phi(v) = sum;
          });
    }
  }

 private:
  using KokkosEvaluator<Real>::m_;
  template <class C, int VPT>
  void launch_case() {
    const std::size_t scratch = scratch_bytes();
    TunedPotential<C, VPT, Real> f{m_, splits_ > 1 ? partial_ : m_.phi, k_, 1, per_split_, tile_};
    Kokkos::TeamPolicy<Exec> probe(1, 1);
    probe.set_scratch_size(0, Kokkos::PerTeam(scratch));
    team_ = std::min(block_, probe.team_size_max(f, Kokkos::ParallelForTag()));
    const std::int64_t per_block = std::int64_t(team_) * VPT;
    f.vertex_blocks = int((m_.vertices + per_block - 1) / per_block);
    Kokkos::TeamPolicy<Exec> policy(f.vertex_blocks * splits_, team_);
    Kokkos::parallel_for("hpcs::gem::tuned", policy.set_scratch_size(0, Kokkos::PerTeam(scratch)), f);
  }

  FastConstants<Real> k_{};
  int block_, vpt_, tile_, requested_splits_, team_ = 0, splits_ = 1, per_split_ = 0;
  Kokkos::View<Real*> partial_;
};

}  // namespace

std::unique_ptr<Evaluator> make_tuned(Precision p, const Tuning& t) {
  return make_in_precision<Evaluator, KokkosTuned>(p, p, t);
}

Tuning resolve_tuned(const Problem& p, const Tuning& t) {
  Tuning r = t;
  try {
    if (r.tile_atoms == 0) r.tile_atoms = tile_atoms_or_default(0, r.block, p.precision);
    if (r.vertices_per_thread == 0) r.vertices_per_thread = vertices_per_thread_or_default(0, p.precision);
    if (r.atom_splits == 0 && r.block >= 1)
      r.atom_splits = auto_atom_splits(p.vertices, p.atoms, r.block, r.vertices_per_thread, KokkosTuned<float>::fill());
  } catch (const Error&) {
    return t;  // an invalid shape: the factory names it
  }
  return r;
}

}  // namespace hpcs::gem::kokkos
