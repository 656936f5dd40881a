// SPDX-License-Identifier: BSD-3-Clause
// The hexagonal schedule covers every (t, x) exactly once and respects every dependence,
// and the write-back rule plus two parity buffers in "global memory" give the naive
// result: the protocol the CUDA and Kokkos tiled variants follow, checked on the CPU.
#include <gtest/gtest.h>

#include <map>
#include <tuple>
#include <vector>

#include "hex_tiling.hpp"
#include "jacobi_reference.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi {
namespace {

struct Owner {
  std::int64_t w = -1, k = -1;
  int r = -1;
};

void check_schedule(int t_T, int t_S, std::int64_t S, std::int64_t T) {
  SCOPED_TRACE(testing::Message() << "t_T=" << t_T << " t_S=" << t_S << " S=" << S << " T=" << T);
  const HexTiling h{t_T, t_S, S, T};
  std::vector<Owner> owner(static_cast<std::size_t>((T + 1) * (S + 2)));
  auto at = [&](std::int64_t t, std::int64_t x) -> Owner& { return owner[static_cast<std::size_t>(t * (S + 2) + x)]; };
  std::int64_t points = 0;
  for (std::int64_t w = 0; w < h.wavefronts(); ++w)
    for (std::int64_t k = 0; k < h.tiles(w); ++k)
      for (int r = 0; r < t_T; ++r) {
        const Span s = h.row(w, k, r);
        for (std::int64_t x = s.lo; x <= s.hi; ++x) {
          const std::int64_t t = h.time_of(w, r);
          ASSERT_GE(t, 1);
          ASSERT_LE(t, T);
          ASSERT_EQ(at(t, x).w, -1) << "(t=" << t << ", x=" << x << ") in two hexagons";
          at(t, x) = {w, k, r};
          ++points;
        }
      }
  ASSERT_EQ(points, S * T) << "some (t, x) in no hexagon";
  for (std::int64_t t = 2; t <= T; ++t)
    for (std::int64_t x = 1; x <= S; ++x)
      for (std::int64_t xx = x - 1; xx <= x + 1; ++xx) {
        if (xx < 1 || xx > S) continue;
        const Owner& c = at(t, x);
        const Owner& p = at(t - 1, xx);
        const bool ok = p.w < c.w || (p.w == c.w && p.k == c.k && p.r == c.r - 1);
        ASSERT_TRUE(ok) << "(t=" << t << ", x=" << x << ") in wavefront " << c.w << " needs (" << t - 1 << ", " << xx
                        << ") of wavefront " << p.w;
      }
  if (T > 0) {
    EXPECT_LE(h.wavefronts(), 2 * ((T + t_T - 1) / t_T) + 1);  // A.3: about 2 T / t_T
  }
}

TEST(HexSchedule, CoversEveryPointOnceAndRespectsDependences) {
  for (int t_T : {2, 4, 6, 8, 16})
    for (int t_S : {1, 2, 3, 5, 8, 32})
      for (std::int64_t S : {1, 2, 3, 7, 13, 40, 97})
        for (std::int64_t T : {0, 1, 2, 3, 5, 9, 17, 33}) check_schedule(t_T, t_S, S, T);
}

TEST(HexSchedule, GeometryMatchesTheDigest) {
  const HexTiling h{8, 5, 1000, 64};
  EXPECT_EQ(h.w_tile(), 5 + 8 - 2);
  EXPECT_EQ(h.pitch(), h.w_tile() + 5);
  // Area of an interior hexagon: (t_T / 2) (2 t_S + t_T - 2).
  std::int64_t area = 0;
  for (int r = 0; r < 8; ++r) area += h.row(3, 2, r).size();
  EXPECT_EQ(area, 4 * (2 * 5 + 8 - 2));
}

// Runs the tiled protocol on the CPU: each hexagon reads its inputs from two parity
// buffers ("global memory") or from its own previous row, and writes back only the points
// that leave the tile. Any stale read shows up as a difference from the naive sweep.
std::vector<double> run_hex_protocol(int t_T, int t_S, const std::vector<double>& init, std::int64_t S,
                                     std::int64_t T) {
  std::vector<double> glob[2] = {init, init};
  const HexTiling h{t_T, t_S, S, T};
  std::map<std::int64_t, double> prev, cur;  // the tile's own rows ("shared memory")
  for (std::int64_t w = 0; w < h.wavefronts(); ++w)
    for (std::int64_t k = 0; k < h.tiles(w); ++k) {
      prev.clear();
      for (int r = h.first_row(w); r <= h.last_row(w); ++r) {
        const std::int64_t t = h.time_of(w, r);
        const Span s = h.row(w, k, r);
        const std::vector<double>& in = glob[(t - 1) % 2];
        auto value = [&](std::int64_t x) {
          auto it = prev.find(x);
          return it != prev.end() ? it->second : in[static_cast<std::size_t>(x)];
        };
        cur.clear();
        for (std::int64_t x = s.lo; x <= s.hi; ++x) cur[x] = jacobi1d_update(value(x - 1), value(x), value(x + 1));
        for (std::int64_t x = s.lo; x <= s.hi; ++x)
          if (h.leaves_tile(w, k, r, x)) glob[t % 2][static_cast<std::size_t>(x)] = cur[x];
        prev.swap(cur);
      }
    }
  return glob[T % 2];
}

TEST(HexSchedule, ParityBuffersAndWriteBackReproduceTheNaiveSweep) {
  for (int t_T : {2, 4, 6, 10})
    for (int t_S : {1, 3, 7})
      for (std::int64_t S : {1, 2, 5, 31, 64})
        for (std::int64_t T : {0, 1, 2, 3, 7, 12, 21}) {
          SCOPED_TRACE(testing::Message() << "t_T=" << t_T << " t_S=" << t_S << " S=" << S << " T=" << T);
          std::vector<double> init(static_cast<std::size_t>(S + 2));
          for (std::size_t x = 0; x < init.size(); ++x) init[x] = static_cast<double>((x * 7919) % 101) - 50.0;
          const Problem p{1, S, 1};
          const auto want = reference_run(p, init, T);
          const auto got = run_hex_protocol(t_T, t_S, init, S, T);
          ASSERT_EQ(got, want);
        }
}

TEST(SkewedColumns, CoverEveryColumnOfEveryRowOnce) {
  for (int t_S2 : {1, 3, 32})
    for (int t_T : {2, 4, 8})
      for (std::int64_t n2 : {1, 2, 31, 100}) {
        const SkewedColumns sc{t_S2, t_T, n2};
        for (int r = 0; r < t_T; ++r) {
          std::int64_t next = 1;
          for (std::int64_t s = 0; s < sc.subprisms(); ++s) {
            const Span c = sc.columns(s, r);
            if (c.empty()) continue;
            ASSERT_EQ(c.lo, next) << "t_S2=" << t_S2 << " t_T=" << t_T << " n2=" << n2 << " r=" << r;
            next = c.hi + 1;
          }
          ASSERT_EQ(next, n2 + 1) << "t_S2=" << t_S2 << " t_T=" << t_T << " n2=" << n2 << " r=" << r;
        }
      }
}

}  // namespace
}  // namespace hpcs::jacobi
