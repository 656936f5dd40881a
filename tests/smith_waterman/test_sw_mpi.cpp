// SPDX-License-Identifier: BSD-3-Clause
// The distributed alignment under mpiexec (1, 2, 3 and 4 ranks): every variant, rows of A
// split over the ranks with the last row of each block streamed to the next in chunks,
// gives exactly the single-process reference alignment, including more ranks than rows
// and an empty A.
#include <gtest/gtest.h>

#include <random>

#include "mpi_test_context.hpp"
#include "sw_distributed.hpp"
#include "sw_test_util.hpp"

namespace hpcs::sw {
namespace {
using namespace hpcs::sw::testing;

TEST(SwMpi, EveryVariantEqualsTheSingleProcessReference) {
  const MpiContext& mpi = hpcs::testing::mpi();
  unsigned long long seed = std::random_device{}();
  MPI_Bcast(&seed, 1, MPI_UNSIGNED_LONG_LONG, 0, mpi.comm());
  SCOPED_TRACE("seed " + std::to_string(seed) + ", ranks " + std::to_string(mpi.size()));
  const Scoring s = dna_scoring(2, -3, 7, 2);
  for (auto [n, m] : std::vector<std::pair<int, int>>{{0, 50}, {2, 40}, {3, 1}, {777, 1201}, {3001, 2500}}) {
    SCOPED_TRACE(std::to_string(n) + " x " + std::to_string(m));
    PlantedRegion plant;
    plant.length = std::min(n, m) / 3;
    const GeneratedPair g = generate_pair(Alphabet::dna(), n, m, seed, plant);
    const Alignment want = reference_alignment(g.a, g.b, s);
    const SequencePair pair = generated_slice(mpi, g);
    for (const auto& info : all_variants()) {
      if (info.why_not(Problem{}, Tuning{})) continue;  // the same on every rank
      SCOPED_TRACE(info.name);
      for (std::int64_t chunk : {std::int64_t{64}, std::int64_t{1000}}) {
        const Tuning t = first_accepted(info, {tiling(128, 64, 4, 4, chunk, 128), tiling(8, 64, 8, 4, chunk, 128)});
        auto aligner = info.make(t);
        aligner->setup(rank_block(pair, Mode::Local), s);
        const Cell end = run_distributed(mpi, *aligner, pair, chunk);
        const Alignment got = find_start_distributed(mpi, end, pair, s, [&] { return info.make(t); });
        expect_same(got, want);
      }
    }
  }
}

}  // namespace
}  // namespace hpcs::sw
