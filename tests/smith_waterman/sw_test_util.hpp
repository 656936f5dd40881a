// SPDX-License-Identifier: BSD-3-Clause
// Helpers shared by the Smith-Waterman tests.
#pragma once
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "sw_alignment.hpp"
#include "sw_reference.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw::testing {

inline Codes random_codes(std::mt19937_64& rng, std::size_t n, int letters) {
  std::uniform_int_distribution<int> d(0, letters - 1);
  Codes c(n);
  for (auto& x : c) x = static_cast<std::uint8_t>(d(rng));
  return c;
}

inline Block whole(const Codes& a, const Codes& b, Mode mode = Mode::Local) {
  Block blk;
  blk.a = a.data();
  blk.rows = static_cast<std::int64_t>(a.size());
  blk.b = b.data();
  blk.cols = static_cast<std::int64_t>(b.size());
  blk.mode = mode;
  return blk;
}

// The host tests of the shared tile code: a team's tile shape (t_S, t_T, s_T) and, for
// each shape, sizes that are not multiples of it and both DP modes; A and B random DNA with
// an 80-letter stretch of A copied into B where A is long enough. f(shape, block) runs
// inside SCOPED_TRACEs that name the case.
struct TileShape {
  int tile_rows, tile_cols, sub_cols;
};
template <class F>
void for_each_tile_case(std::mt19937_64& rng, const std::vector<TileShape>& shapes,
                        const std::vector<std::pair<int, int>>& sizes, F&& f) {
  for (const TileShape sh : shapes)
    for (auto [n, m] : sizes)
      for (Mode mode : {Mode::Local, Mode::Anchored}) {
        SCOPED_TRACE(std::to_string(sh.tile_rows) + "x" + std::to_string(sh.tile_cols) + "/" +
                     std::to_string(sh.sub_cols) + " " + std::to_string(n) + "x" + std::to_string(m) +
                     (mode == Mode::Local ? " local" : " anchored"));
        Codes a = random_codes(rng, n, 4), b = random_codes(rng, m, 4);
        if (n > 100) std::copy(a.begin() + 10, a.begin() + 90, b.begin() + 20);
        f(sh, whole(a, b, mode));
      }
}

using MakeAligner = std::function<std::unique_ptr<Aligner>()>;

// The alignment an aligner finds (forward pass, then its own reverse passes).
inline Alignment align_with(const MakeAligner& make, const Codes& a, const Codes& b, const Scoring& s) {
  auto fwd = make();
  fwd->setup(whole(a, b), s);
  const Cell end = fwd->run(nullptr);
  return find_start(end, a.data(), b.data(), s, [&](const Codes& ar, const Codes& br) {
    auto r = make();
    r->setup(whole(ar, br, Mode::Anchored), s);
    return r->run(nullptr);
  });
}

inline Alignment reference_alignment(const Codes& a, const Codes& b, const Scoring& s, std::int64_t chunk = 4096) {
  Tuning t;
  t.chunk = chunk;
  return align_with([t] { return make_cpu_reference(t); }, a, b, s);
}

inline void expect_same(const Alignment& got, const Alignment& want) {
  EXPECT_EQ(got.score, want.score);
  EXPECT_EQ(got.end_i, want.end_i);
  EXPECT_EQ(got.end_j, want.end_j);
  EXPECT_EQ(got.start_i, want.start_i);
  EXPECT_EQ(got.start_j, want.start_j);
}

inline std::vector<Scoring> test_scorings() {
  return {dna_scoring(2, -3, 7, 2), dna_scoring(5, -4, 10, 1), dna_scoring(1, -1, 1, 0),
          blosum62(Alphabet::protein(), 11, 1), blosum62(Alphabet::protein(), 3, 3)};
}

inline int proper_letters(const Scoring& s) { return s.letters == 5 ? 4 : 20; }

// band_cols: cuda/multipass's column bands (0: automatic); the other variants ignore it.
inline Tuning tiling(int tile_rows, int tile_cols, int sub_rows, int sub_cols, std::int64_t chunk = 4096,
                     std::int64_t band_cols = 0) {
  return Tuning{tile_rows, tile_cols, sub_rows, sub_cols, Tuning{}.dpx, band_cols, chunk};  // dpx: the default
}

// The first of `candidates` the variant accepts here (Kokkos::Serial allows one-thread teams).
inline Tuning first_accepted(const Variant& info, const std::vector<Tuning>& candidates) {
  for (const Tuning& t : candidates) {
    try {
      info.make(t);
      return t;
    } catch (const std::exception&) {
    }
  }
  throw std::runtime_error(info.name + " accepts none of the test tilings");
}

}  // namespace hpcs::sw::testing
