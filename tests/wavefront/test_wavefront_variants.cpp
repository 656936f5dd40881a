// SPDX-License-Identifier: BSD-3-Clause
// Every executor of the wavefront skeleton against the serial reference, bit for bit, under
// 1, 2 and 3 ranks: every application (synthetic at dsize 1 and 5, nash, lcs, sw-linear),
// grids that are multiples of no tile (and single rows and columns), CPU tiles, GPU tiles
// and band edges at many positions, small pipeline chunks. A changed cell function or a
// changed input must change the result (the comparison can fail).
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "hpcs/parallel/decomposition.hpp"
#include "mpi_test_context.hpp"
#include "wavefront_cell.hpp"
#include "wavefront_variants.hpp"

namespace hpcs::wavefront {
namespace {

struct Grid {
  std::int64_t rows, cols;
};

// The problem and this rank's letters, as App::load() makes them.
struct Instance {
  Problem problem;
  Sequences sequences;
};

Instance make_instance(const MpiContext& mpi, const std::string& app, Grid g, int tsize, int dsize,
                       std::uint64_t seed) {
  Instance in;
  Problem& p = in.problem;
  p.app = app;
  p.rows = g.rows;
  p.cols = g.cols;
  p.tsize = tsize;
  p.dsize = dsize;
  const hpcs::Block blk = block_of(static_cast<std::uint64_t>(g.rows), mpi.size(), mpi.rank());
  p.row_begin = static_cast<std::int64_t>(blk.begin);
  p.local_rows = static_cast<std::int64_t>(blk.count);
  p.ranks = mpi.size();
  p.host_threads = 2;
  in.sequences = generate_sequences(g.rows, g.cols, seed, p.row_begin, p.local_rows);
  return in;
}

Result run(const Variant& v, const Instance& inst, const Tuning& t) {
  Inputs in{&testing::mpi(), inst.problem, &inst.sequences};
  auto exec = v.make(in, v.resolve(inst.problem, t));
  exec->run();
  return exec->result();
}

std::uint64_t shared_seed(const MpiContext& mpi) {
  std::random_device rd;
  unsigned long long seed = (std::uint64_t{rd()} << 32) ^ rd();
  MPI_Bcast(&seed, 1, MPI_UNSIGNED_LONG_LONG, 0, mpi.comm());
  return seed;
}

// Whether every rank's parts agree (results are distributed).
bool same_everywhere(const MpiContext& mpi, const Result& a, const Result& b) {
  int same = a.last_row == b.last_row && a.last_col == b.last_col && a.checksum == b.checksum && a.best == b.best &&
             a.row_hash == b.row_hash && a.col_hash == b.col_hash && a.final_cell == b.final_cell;
  int all = 0;
  MPI_Allreduce(&same, &all, 1, MPI_INT, MPI_MIN, mpi.comm());
  return all == 1;
}

// Tunings that put the band's edges, tiles and chunks at many places: the CPU's tile sizes
// for cpu/tiled; band x gpu-tile (and a few CPU tiles around the band) for the devices.
std::vector<Tuning> tunings(const Grid& g, bool device) {
  std::vector<Tuning> out;
  Tuning t;
  t.threads = 2;
  t.chunk = 16;
  const auto add = [&](int cpu, std::int64_t band, int gpu) {
    t.cpu_tile = cpu;
    t.band = band;
    t.gpu_tile = gpu;
    out.push_back(t);
  };
  const std::int64_t diagonals = g.rows + g.cols - 1;
  if (!device) {
    for (int cpu : {1, 3, 8, 64}) add(cpu, -2, 1);
    return out;
  }
  for (std::int64_t band :
       {std::int64_t{-2}, std::int64_t{-1}, std::int64_t{0}, std::int64_t{2}, diagonals / 3, diagonals})
    for (int gpu : {1, 2, 5, 32}) add(3, band, gpu);
  for (int cpu : {1, 8}) add(cpu, diagonals / 4, 4);
  // Two GPUs (cuda/band where two are visible): halo off, every diagonal, up to the cap, and
  // the default (-2: the first GPU's share less one on these grids).
  t.gpu_count = 2;
  for (std::int64_t halo : {-2, -1, 0, 1, 3, 8})
    for (int gpu : {1, 4}) {
      t.halo = halo;
      add(3, halo == 3 ? diagonals / 3 : -2, gpu);
    }
  return out;
}

TEST(WavefrontVariants, EveryExecutorReproducesTheSerialReference) {
  const MpiContext& mpi = testing::mpi();
  const std::uint64_t seed = shared_seed(mpi);
  SCOPED_TRACE("seed " + std::to_string(seed) + ", ranks " + std::to_string(mpi.size()));
  struct Case {
    std::string app;
    int tsize, dsize;
  };
  const std::vector<Case> cases = {{"synthetic", 3, 1}, {"synthetic", 2, 5}, {"nash", 4, 1},
                                   {"lcs", 1, 1},       {"sw-linear", 1, 1}, {"edit-distance", 1, 1}};
  std::vector<Grid> grids = {{37, 53}, {61, 29}, {3, 1}, {1, 40}};
  if (mpi.size() > 1) grids.erase(grids.begin() + 3);  // a row per rank at least
  int compared = 0;
  for (const Case& c : cases)
    for (const Grid& g : grids) {
      if (g.rows < mpi.size()) continue;
      SCOPED_TRACE(c.app + " dsize " + std::to_string(c.dsize) + ", " + std::to_string(g.rows) + " x " +
                   std::to_string(g.cols));
      const Instance inst = make_instance(mpi, c.app, g, c.tsize, c.dsize, seed);
      const VariantList variants = all_variants();
      const Result want = run(variants[0], inst, Tuning{});  // cpu/reference
      ASSERT_EQ(variants[0].name, "cpu/reference");
      for (const Variant& v : variants) {
        if (v.name == "cpu/reference") continue;
        for (const Tuning& t : tunings(g, v.backend != "cpu")) {
          // Alike on every rank (a halo's cap depends on the rank's rows), as the harness agrees.
          int runnable = !v.why_not(inst.problem, v.resolve(inst.problem, t)), everywhere = 0;
          MPI_Allreduce(&runnable, &everywhere, 1, MPI_INT, MPI_MIN, mpi.comm());
          if (!everywhere) continue;
          SCOPED_TRACE(v.name + " cpu-tile " + std::to_string(t.cpu_tile) + " band " + std::to_string(t.band) +
                       " gpu-tile " + std::to_string(t.gpu_tile));
          EXPECT_TRUE(same_everywhere(mpi, run(v, inst, t), want));
          ++compared;
        }
      }
    }
  // cpu/tiled alone (no device backend): its 4 tile sides on every case and grid.
  EXPECT_GE(compared, static_cast<int>(cases.size()) * 3 * 4);
}

// Every band width on a small grid: the band's edges at every anti-diagonal, with a
// kernel per diagonal and with tiles straddling them.
TEST(WavefrontVariants, EveryBandWidth) {
  const MpiContext& mpi = testing::mpi();
  const Grid g{13, 11};
  const Instance inst = make_instance(mpi, "sw-linear", g, 1, 1, 5);
  const VariantList variants = all_variants();
  const Result want = run(variants[0], inst, Tuning{});
  int compared = 0;
  for (const Variant& v : variants) {
    if (v.backend == "cpu") continue;
    for (std::int64_t band = -2; band <= g.rows + g.cols - 1; ++band)
      for (int gpu : {1, 3}) {
        Tuning t;
        t.band = band;
        t.gpu_tile = gpu;
        t.cpu_tile = 4;
        t.threads = 2;
        t.chunk = 3;
        int runnable = !v.why_not(inst.problem, v.resolve(inst.problem, t)), everywhere = 0;
        MPI_Allreduce(&runnable, &everywhere, 1, MPI_INT, MPI_MIN, mpi.comm());
        if (!everywhere) continue;
        SCOPED_TRACE(v.name + " band " + std::to_string(band) + " gpu-tile " + std::to_string(gpu));
        EXPECT_TRUE(same_everywhere(mpi, run(v, inst, t), want));
        ++compared;
      }
  }
  RecordProperty("compared", compared);
}

TEST(WavefrontVariants, TheComparisonSeesAChangedCellOrInput) {
  const MpiContext& mpi = testing::mpi();
  const Grid g{19, 23};
  const VariantList variants = all_variants();
  const Result base = run(variants[0], make_instance(mpi, "synthetic", g, 3, 2, 1), Tuning{});
  EXPECT_FALSE(same_everywhere(mpi, base, run(variants[0], make_instance(mpi, "synthetic", g, 4, 2, 1), Tuning{})))
      << "tsize changes every cell";
  const Result lcs = run(variants[0], make_instance(mpi, "lcs", g, 1, 1, 1), Tuning{});
  EXPECT_FALSE(same_everywhere(mpi, lcs, run(variants[0], make_instance(mpi, "lcs", g, 1, 1, 2), Tuning{})))
      << "other letters";
  Result tampered = lcs;
  if (mpi.rank() == 0) tampered.last_col[0] ^= 1;
  EXPECT_FALSE(same_everywhere(mpi, lcs, tampered));
}

// The applications' cells against hand-worked values.
TEST(WavefrontVariants, DefaultHaloIs256OnTwoGpusWithinTheShareAndOffOnOne) {
  Problem p;
  Tuning t;
  EXPECT_EQ(t.halo, -2);
  const auto halo_of = [&](std::int64_t local_rows, int gpus) {
    p.local_rows = local_rows;
    t.gpu_count = gpus;
    return resolve_tuning(p, t).halo;
  };
  EXPECT_EQ(halo_of(100000, 2), kAutoHalo);
  EXPECT_EQ(halo_of(2 * kAutoHalo + 2, 2), kAutoHalo);
  EXPECT_EQ(halo_of(2 * kAutoHalo + 1, 2), kAutoHalo - 1);  // a share of 256 rows: 255
  EXPECT_EQ(halo_of(101, 2), 49);
  EXPECT_EQ(halo_of(2, 2), 0);
  EXPECT_EQ(halo_of(1, 2), -1);  // no share: band_tuning_problem says why
  for (int gpus : {0, 1}) EXPECT_EQ(halo_of(100000, gpus), -1);
  t.halo = 7;  // a given halo stays as given
  EXPECT_EQ(halo_of(100000, 2), 7);
}

TEST(WavefrontApps, LcsAndSwLinearOnKnownStrings) {
  const MpiContext& mpi = testing::mpi();
  if (mpi.size() > 1) GTEST_SKIP() << "one rank";
  // Codes A=0 C=1 G=2 T=3. LCS("GATTACA", "TACGA") = 4 ("TACA").
  Instance inst = make_instance(mpi, "lcs", {7, 5}, 1, 1, 0);
  inst.sequences.a_rows = {2, 0, 3, 3, 0, 1, 0};
  inst.sequences.b = {3, 0, 1, 2, 0};
  const Result r = run(all_variants()[0], inst, Tuning{});
  std::int32_t length = 0;
  std::memcpy(&length, r.final_cell.data(), 4);
  EXPECT_EQ(length, 4);
  // sw-linear, match 2 mismatch -3 gap 2: "ACGT" in "TTACGTT" scores 8.
  Instance sw = make_instance(mpi, "sw-linear", {4, 7}, 1, 1, 0);
  sw.sequences.a_rows = {0, 1, 2, 3};
  sw.sequences.b = {3, 3, 0, 1, 2, 3, 3};
  const Result s = run(all_variants()[0], sw, Tuning{});
  EXPECT_EQ(s.best >> kPositionBits, 8u);
  // edit-distance (docs/wavefront.md's example): "kitten" -> "sitting" is 3; on codes,
  // ACGTTA -> TCGTTAG (one substitution, one insertion) is 2.
  Instance ed = make_instance(mpi, "edit-distance", {6, 7}, 1, 1, 0);
  ed.sequences.a_rows = {0, 1, 2, 3, 3, 0};
  ed.sequences.b = {3, 1, 2, 3, 3, 0, 2};
  const Result e = run(all_variants()[0], ed, Tuning{});
  std::memcpy(&length, e.final_cell.data(), 4);
  EXPECT_EQ(length, 2);
}

}  // namespace
}  // namespace hpcs::wavefront
