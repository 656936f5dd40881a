// SPDX-License-Identifier: BSD-3-Clause
// The distributed Jacobi run under mpiexec (1, 2, 3 and 4 ranks): blocks of S1 rows with
// halos of depth h refreshed once per band of h steps give exactly (bitwise) the grid of
// the one-process reference_run, for every variant, 1D and 2D (3D: the independent loop of
// jacobi_independent3d.hpp, planes as rows), T = 0, 1, odd and not a
// multiple of t_T, blocks just as deep as the halo; thinner blocks are rejected with the
// numbers; the final grid written block by block reads back unchanged.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <random>

#include <unistd.h>

#include "hpcs/base/error.hpp"
#include "jacobi_distributed.hpp"
#include "jacobi_independent3d.hpp"
#include "jacobi_input.hpp"
#include "jacobi_output.hpp"
#include "jacobi_reference.hpp"
#include "mpi_test_context.hpp"

namespace hpcs::jacobi {
namespace {

GridSource random_source(int dims, std::int64_t n1, std::int64_t n2, std::uint64_t seed, std::int64_t n3 = 1) {
  GridSource s;
  s.problem.dims = dims;
  s.problem.n1 = n1;
  s.problem.n2 = dims == 1 ? 1 : n2;
  s.problem.n3 = dims == 3 ? n3 : 1;
  s.seed = seed;
  return s;
}

template <class Real>
std::vector<Real> whole_grid(const GridSource& s) {
  std::vector<Real> g(static_cast<std::size_t>(s.problem.stored()));
  for (std::int64_t i = 0; i < s.problem.rows(); ++i)
    for (std::int64_t j = 0; j < s.problem.cols(); ++j)
      g[static_cast<std::size_t>(i * s.problem.cols() + j)] = static_cast<Real>(generated_value(s, i, j));
  return g;
}

template <class Real>
std::unique_ptr<Solver<Real>> make(const Variant& v, const Tuning& t) {
  if constexpr (std::is_same_v<Real, float>) return v.make.make_float(t);
  else return v.make.make_double(t);
}

// This rank's own rows after `steps` distributed steps with halo depth h.
template <class Real>
std::vector<Real> run_own_rows(const MpiContext& mpi, const Variant& v, const Tuning& t, const Problem& g,
                               const std::vector<Real>& grid, std::int64_t steps, std::int64_t h,
                               HaloTraffic* traffic = nullptr) {
  const RankRows rows = rank_rows(g, mpi.size(), mpi.rank(), h);
  auto solver = make<Real>(v, t);
  solver->setup(rows.local(g), grid.data() + rows.local_begin * g.cols());
  const HaloTraffic tr = advance_distributed(mpi, *solver, g, rows, steps, h);
  if (traffic) *traffic = tr;
  std::vector<Real> own(static_cast<std::size_t>(rows.own_count * g.cols()));
  solver->read_rows(rows.own_begin - rows.local_begin, rows.own_count, own.data());
  return own;
}

template <class Real>
void expect_bitwise(const std::vector<Real>& got, const Real* want, std::size_t n) {
  ASSERT_EQ(got.size(), n);
  std::size_t bad = 0, first = n;
  for (std::size_t k = 0; k < n; ++k)
    if (std::memcmp(&got[k], &want[k], sizeof(Real)) != 0 && bad++ == 0) first = k;
  EXPECT_EQ(bad, 0u) << "first difference at own value " << first << ": " << got[first] << " != " << want[first];
}

// Every variant this build can run, with tiles it accepts (t_T = 4 unless noted).
std::vector<std::pair<Variant, Tuning>> runnable(const Problem& g, Precision prec, int t_T) {
  std::vector<std::pair<Variant, Tuning>> out;
  for (const auto& v : all_variants()) {
    if (unavailable(v)) continue;  // the same on every rank
    const Tuning t = resolve_tiles(g, Tuning{t_T, 3, 5, 0});
    if (v.make.tiled && v.why_not(Task{g, prec, 1}, t)) continue;  // check_tiles and the backend's limits
    out.emplace_back(v, t);
  }
  return out;
}

template <class Real>
void check_all_variants(int dims, std::int64_t n1, std::int64_t n2, Stencil stencil = Stencil::Jacobi) {
  const MpiContext& mpi = hpcs::testing::mpi();
  unsigned long long seed = std::random_device{}();
  MPI_Bcast(&seed, 1, MPI_UNSIGNED_LONG_LONG, 0, mpi.comm());
  const GridSource src = random_source(dims, n1, n2, seed);
  Problem g = src.problem;
  g.stencil = stencil;
  SCOPED_TRACE(::testing::Message() << "seed " << seed << ", ranks " << mpi.size() << ", " << dims << "D " << n1
                                    << " x " << g.n2 << ", " << sizeof(Real) * 8 << "-bit, " << to_string(stencil));
  const std::vector<Real> grid = whole_grid<Real>(src);
  const Precision prec = sizeof(Real) == 4 ? Precision::Float32 : Precision::Float64;
  const RankRows own = rank_rows(g, mpi.size(), mpi.rank(), 1);
  for (std::int64_t steps : {0, 1, 2, 7, 13}) {
    const std::vector<Real> want = reference_run(g, grid, steps);
    const Real* want_own = want.data() + own.own_begin * g.cols();
    const std::size_t n = static_cast<std::size_t>(own.own_count * g.cols());
    for (const auto& [v, t] : runnable(g, prec, 4)) {
      // The variant's own depth (1 naive, t_T tiled), and the deep halo for every variant.
      for (std::int64_t h : {v.make.tiled ? std::int64_t{t.t_T} : std::int64_t{1}, std::int64_t{4}}) {
        SCOPED_TRACE(::testing::Message() << v.name << ", T = " << steps << ", halo " << h);
        check_decomposition(g, mpi.size(), h, "test");
        expect_bitwise(run_own_rows(mpi, v, t, g, grid, steps, h), want_own, n);
      }
    }
  }
}

// n1 = 4 x ranks: every block exactly as deep as the halo of 4 rows; and awkward sizes.
TEST(JacobiMpi, Every1DVariantEqualsTheOneProcessReference) {
  const int p = hpcs::testing::mpi().size();
  for (std::int64_t n1 : {std::int64_t{4} * p, std::int64_t{4} * p + 3, std::int64_t{301}})
    check_all_variants<float>(1, n1, 1);
  check_all_variants<double>(1, 4 * p + 1, 1);
}

TEST(JacobiMpi, Every2DVariantEqualsTheOneProcessReference) {
  const int p = hpcs::testing::mpi().size();
  for (auto [n1, n2] : std::vector<std::pair<std::int64_t, std::int64_t>>{{4 * p, 1}, {4 * p + 2, 19}, {37, 70}})
    check_all_variants<float>(2, n1, n2);
  check_all_variants<double>(2, 4 * p + 1, 9);
}

// The other 2D stencils over the ranks (their reference against an independent loop:
// test_jacobi_stencils.cpp); blocks exactly as deep as the halo, and awkward sizes.
TEST(JacobiMpi, EveryStencilEveryVariantEqualsTheOneProcessReference) {
  const int p = hpcs::testing::mpi().size();
  for (Stencil s : {Stencil::Heat, Stencil::Laplacian, Stencil::Gradient}) {
    check_all_variants<float>(2, 4 * p, 7, s);
    check_all_variants<double>(2, 4 * p + 3, 19, s);
  }
}

// 3D: every variant on 1..4 ranks (planes of S1 split; naive ones with one-plane and 4-deep
// halos, kokkos/tiled's slabs, t_T = 4, t_S1 = 3, t_S2 = 5, t_S3 = 3, with halos of t_T and
// 4 planes; cuda/tiled the same where a GPU is) against the independent loop.
template <class Real>
void check_3d(std::int64_t n1, std::int64_t n2, std::int64_t n3, Stencil stencil) {
  const MpiContext& mpi = hpcs::testing::mpi();
  unsigned long long seed = std::random_device{}();
  MPI_Bcast(&seed, 1, MPI_UNSIGNED_LONG_LONG, 0, mpi.comm());
  const GridSource src = random_source(3, n1, n2, seed, n3);
  Problem g = src.problem;
  g.stencil = stencil;
  SCOPED_TRACE(::testing::Message() << "seed " << seed << ", ranks " << mpi.size() << ", 3D " << n1 << " x " << n2
                                    << " x " << n3 << ", " << sizeof(Real) * 8 << "-bit, " << to_string(stencil));
  const std::vector<Real> grid = whole_grid<Real>(src);
  const Precision prec = sizeof(Real) == 4 ? Precision::Float32 : Precision::Float64;
  const RankRows own = rank_rows(g, mpi.size(), mpi.rank(), 1);
  int ran = 0;
  for (std::int64_t steps : {0, 1, 5, 9}) {
    const std::vector<Real> want = testing_support::independent_run3d(g, grid, steps);
    const std::size_t n = static_cast<std::size_t>(own.own_count * g.cols());
    for (const auto& [v, resolved] : runnable(g, prec, 4)) {
      Tuning t = resolved;
      if (v.make.tiled) t.t_S3 = 3;  // sub-slabs of 5 x 3 columns, none of the sides a multiple
      if (v.make.tiled && v.why_not(Task{g, prec, 1}, t)) continue;
      for (std::int64_t h : {v.make.tiled ? std::int64_t{t.t_T} : std::int64_t{1}, std::int64_t{4}}) {
        SCOPED_TRACE(::testing::Message() << v.name << ", T = " << steps << ", halo " << h);
        check_decomposition(g, mpi.size(), h, "test");
        expect_bitwise(run_own_rows(mpi, v, t, g, grid, steps, h), want.data() + own.own_begin * g.cols(), n);
        ++ran;
      }
    }
  }
  EXPECT_GT(ran, 0);
}

TEST(JacobiMpi, Every3DStencilEveryVariantEqualsAnIndependentLoop) {
  const int p = hpcs::testing::mpi().size();
  for (Stencil s : {Stencil::Jacobi, Stencil::Heat, Stencil::Laplacian}) {
    check_3d<float>(4 * p, 5, 7, s);  // blocks exactly as deep as the 4-plane halo
    check_3d<double>(4 * p + 3, 1, 13, s);
    check_3d<float>(4 * p + 1, 6, 1, s);
  }
}

// Bands continue correctly across further calls (the timed repetitions do that), and a
// halo deeper than a neighbour's block is fine where it reaches the physical boundary
// (one or two ranks: it is clipped at rows 0 and n1 + 1).
TEST(JacobiMpi, ContinuedRunsAndHalosReachingTheBoundary) {
  const MpiContext& mpi = hpcs::testing::mpi();
  const Variant cpu = all_variants().front();
  for (auto [n1, h] :
       std::vector<std::pair<std::int64_t, std::int64_t>>{{3 * mpi.size() + 1, 2}, {2 * mpi.size(), 6}}) {
    SCOPED_TRACE(::testing::Message() << "n1 " << n1 << ", halo " << h);
    const GridSource src = random_source(2, n1, 6, 11);
    const Problem& g = src.problem;
    if (h > 3 && mpi.size() > 2) {
      EXPECT_THROW(check_decomposition(g, mpi.size(), h, "test"), Error);
      continue;
    }
    check_decomposition(g, mpi.size(), h, "test");
    const std::vector<float> grid = whole_grid<float>(src);
    const std::vector<float> want = reference_run(g, grid, 2 * 9);
    const RankRows rows = rank_rows(g, mpi.size(), mpi.rank(), h);
    auto s = make<float>(cpu, Tuning{});
    s->setup(rows.local(g), grid.data() + rows.local_begin * g.cols());
    advance_distributed(mpi, *s, g, rows, 9, h);
    advance_distributed(mpi, *s, g, rows, 9, h);
    std::vector<float> got(static_cast<std::size_t>(rows.own_count * g.cols()));
    s->read_rows(rows.own_begin - rows.local_begin, rows.own_count, got.data());
    expect_bitwise(got, want.data() + rows.own_begin * g.cols(), got.size());
  }
}

TEST(JacobiMpi, TrafficIsOneMessagePerNeighbourAndBand) {
  const MpiContext& mpi = hpcs::testing::mpi();
  const GridSource src = random_source(2, 8 * mpi.size(), 10, 3);
  const Problem& g = src.problem;
  const std::vector<double> grid = whole_grid<double>(src);
  HaloTraffic tr;
  run_own_rows(mpi, all_variants().front(), Tuning{}, g, grid, 13, 4, &tr);
  EXPECT_EQ(tr.bands, mpi.size() == 1 ? 1 : 4);  // one rank: all 13 steps at once; else 4 + 4 + 4 + 1
  const int neighbours = (mpi.rank() > 0) + (mpi.rank() + 1 < mpi.size());
  EXPECT_EQ(tr.messages, mpi.size() == 1 ? 0 : 4 * neighbours);
  EXPECT_EQ(tr.bytes, tr.messages * 4 * g.cols() * static_cast<std::int64_t>(sizeof(double)));
}

TEST(JacobiMpi, ThinBlocksAndTooManyRanksAreRejectedWithTheNumbers) {
  const MpiContext& mpi = hpcs::testing::mpi();
  const int p = mpi.size();
  Problem g;
  g.dims = 2;
  g.n2 = 5;
  if (p >= 3) {
    g.n1 = 4 * p - 2;  // the last two blocks have 3 rows; a rank not at the boundary needs 4 of one
    try {
      check_decomposition(g, p, 4, "t_T of cuda/tiled");
      ADD_FAILURE() << "no error";
    } catch (const Error& e) {
      const std::string m = e.what();
      EXPECT_NE(m.find("halo of 4 rows (t_T of cuda/tiled)"), std::string::npos) << m;
      EXPECT_NE(m.find("needs 4 halo rows from rank "), std::string::npos) << m;
      EXPECT_NE(m.find(", whose block has only 3 of the " + std::to_string(g.n1) + " interior rows"), std::string::npos)
          << m;
      EXPECT_NE(m.find("over " + std::to_string(p) + " ranks"), std::string::npos) << m;
      EXPECT_NE(m.find("or with a halo of at most 3 rows"), std::string::npos) << m;
    }
  } else {
    g.n1 = 4 * p - 2;
    EXPECT_NO_THROW(check_decomposition(g, p, 4, "t"));  // reaches the boundary
  }
  if (p >= 2) {
    g.n1 = p - 1;
    try {
      check_decomposition(g, p, 1, "one-deep halo");
      ADD_FAILURE() << "no error";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(std::to_string(p) + " ranks for " + std::to_string(p - 1) +
                                           " interior rows (S1): use at most " + std::to_string(p - 1)),
                std::string::npos)
          << e.what();
    }
  }
}

// Rank layouts on any number of ranks (no MPI needed): own rows partition the interior,
// output rows partition the whole grid, the halo counts match what neighbours send.
TEST(JacobiMpi, RankRowsPartitionTheGrid) {
  Problem g;
  g.dims = 1;
  for (std::int64_t n1 : {1, 5, 16, 33})
    for (int p = 1; p <= std::min<std::int64_t>(n1, 7); ++p)
      for (std::int64_t h : {1, 2, 4, 8}) {
        g.n1 = n1;
        bool valid = true;
        try {
          check_decomposition(g, p, h, "t");
        } catch (const Error&) {
          valid = false;
        }
        if (!valid) continue;
        SCOPED_TRACE(::testing::Message() << "n1 " << n1 << " ranks " << p << " h " << h);
        std::int64_t next_own = 1, next_out = 0;
        for (int r = 0; r < p; ++r) {
          const RankRows x = rank_rows(g, p, r, h);
          EXPECT_EQ(x.own_begin, next_own);
          EXPECT_EQ(x.out_begin, next_out);
          next_own = x.own_end();
          next_out = x.out_begin + x.out_count;
          EXPECT_GE(x.local_rows, x.own_count + 2);
          // The solver's first row is the physical boundary or the outermost exchanged row,
          // never more than h rows away (likewise at the other end).
          const std::int64_t local_end = x.local_begin + x.local_rows;
          EXPECT_TRUE(x.local_begin == 0 || x.local_begin == x.own_begin - x.halo_lo) << x.local_begin;
          EXPECT_TRUE(local_end == n1 + 2 || local_end == x.own_end() + x.halo_hi) << local_end;
          EXPECT_GE(x.local_begin, x.own_begin - h);
          EXPECT_LE(local_end, x.own_end() + h);
          EXPECT_LE(x.local_begin, x.own_begin - x.halo_lo);
          EXPECT_GE(local_end, x.own_end() + x.halo_hi);
          if (r > 0) EXPECT_EQ(x.halo_lo, rank_rows(g, p, r - 1, h).send_hi);
          if (r + 1 < p) EXPECT_EQ(x.halo_hi, rank_rows(g, p, r + 1, h).send_lo);
        }
        EXPECT_EQ(next_own, n1 + 1);
        EXPECT_EQ(next_out, n1 + 2);
      }
}

// Each rank contributes its rows, rank 0 writes them as they arrive; the file reads back
// as the grid (and as an input: inspect + hyperslab rows on every rank).
TEST(JacobiMpi, DistributedGridWriteReadsBack) {
  const MpiContext& mpi = hpcs::testing::mpi();
  const std::string path = (std::filesystem::temp_directory_path() / ("jacobi_mpi_grid_" + std::to_string(mpi.size()) +
                                                                      "_" + std::to_string(::getpid()) + ".h5"))
                               .string();
  std::string shared = path;  // rank 0's name on every rank
  int len = static_cast<int>(shared.size());
  MPI_Bcast(&len, 1, MPI_INT, 0, mpi.comm());
  shared.resize(static_cast<std::size_t>(len));
  MPI_Bcast(shared.data(), len, MPI_CHAR, 0, mpi.comm());
  for (int dims : {1, 2, 3}) {
    const GridSource src = random_source(dims, 3 * mpi.size() + 2, 7, 5, 6);
    const Problem& g = src.problem;
    const std::vector<double> grid = whole_grid<double>(src);
    const RankRows rows = rank_rows(g, mpi.size(), mpi.rank(), 1);
    write_grid_distributed(mpi, shared, g, Precision::Float64, rows.out_begin, rows.out_count,
                           grid.data() + rows.out_begin * g.cols(), {{"steps", 0}}, {{"miniapp", "jacobi"}});
    const GridSource back = inspect_grid_file(mpi, shared, "/grid");
    EXPECT_EQ(back.problem.dims, dims);
    EXPECT_EQ(back.problem.n1, g.n1);
    EXPECT_EQ(back.problem.n2, g.n2);
    EXPECT_EQ(back.problem.n3, g.n3);
    EXPECT_EQ(back.precision, Precision::Float64);
    // Every rank reads a different block of rows by hyperslab.
    const std::int64_t row0 = mpi.rank() % g.rows(), count = std::min<std::int64_t>(3, g.rows() - row0);
    const std::vector<double> got = load_rows<double>(mpi, back, row0, count);
    expect_bitwise(got, grid.data() + row0 * g.cols(), static_cast<std::size_t>(count * g.cols()));
    mpi.barrier();
  }
  if (mpi.root()) std::filesystem::remove(shared);
}

}  // namespace
}  // namespace hpcs::jacobi
