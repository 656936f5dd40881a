// SPDX-License-Identifier: BSD-3-Clause
// Every matrix-chain variant of this build against the float64 reference: float32 and
// float64, uniform values (within the rounding bound the mini-app verifies with) and integer
// chains (exactly), every plan, several capacities M (so tiles from 8 x 8 up), dimensions
// that are not multiples of any tile (1 included), a single matrix. A band of rows gives
// the same bits as those rows of the whole product (results equal on any rank count).
// Variants that cannot run here skip with the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

#include "hpcs/base/error.hpp"
#include "matrixchain_input.hpp"
#include "matrixchain_reference.hpp"
#include "matrixchain_result.hpp"
#include "variant_params.hpp"

namespace hpcs::matrixchain {
namespace {

// Rows [first, first + rows) of A1 and all of A2..An, as a rank holding that band sees them.
ChainData chain_data(const Dims& d, Values values, std::uint64_t seed, Precision p, std::int64_t first = 0,
                     std::int64_t rows = -1) {
  ChainData c;
  c.dims = d;
  c.first_row = first;
  c.rows = rows < 0 ? d[0] : rows;
  for (int m = 1; m < static_cast<int>(d.size()); ++m) {
    const std::int64_t r0 = m == 1 ? first : 0, nr = c.rows_of(m), nc = c.cols_of(m);
    std::vector<double> a(static_cast<std::size_t>(nr * nc));
    for (std::int64_t r = 0; r < nr; ++r)
      for (std::int64_t k = 0; k < nc; ++k) {
        const double v = generated_value(d, m, r0 + r, k, values, seed);
        a[static_cast<std::size_t>(r * nc + k)] = p == Precision::Float32 ? static_cast<float>(v) : v;
      }
    c.matrices.push_back(std::move(a));
  }
  return c;
}

using ChainVariant = hpcs::testing::VariantTest<VariantList, all_variants>;

// Runs v on `in` with the resolved tuning (twice: repeatable); nullopt if it refuses.
std::optional<std::vector<double>> run(const Variant& v, const Problem& prob, Tuning t, const ChainData& in,
                                       std::string* config = nullptr) {
  t = v.resolve(prob, t);
  if (v.why_not(prob, t)) return std::nullopt;
  auto e = v.make(prob.precision, t);
  const Plan plan = plan_for(prob, t);
  e->setup(in, plan);
  e->run();
  e->run();
  std::vector<double> r(static_cast<std::size_t>(in.rows * in.dims.back()));
  e->result(r.data());
  if (config) *config = e->config();
  return r;
}

// got against the reference: exact for integer chains, else within the rounding bound.
void expect_matches(const std::vector<double>& got, const ChainData& in, Precision p, bool exact,
                    const std::string& what) {
  const std::vector<double> want = reference_product(in), scale = reference_product(in, true);
  const Check c = check_for(in.dims, p, exact);
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t k = 0; k < got.size(); ++k) {
    if (exact) ASSERT_EQ(got[k], want[k]) << what << " entry " << k;
    else
      ASSERT_LE(std::fabs(got[k] - want[k]), c.per_scale * scale[k])
          << what << " entry " << k << ": " << got[k] << " vs " << want[k];
  }
}

// The last two: products of few 128 x 128 patches and deep k, which cuda/* and kokkos/* on a
// GPU split over k, and (A1A2)(A3A4), whose two products cuda/* runs on two streams. Then a
// 1 x N and an N x 1 result.
const std::vector<Dims> kChains = {{37, 1, 129, 64, 77},
                                   {1, 1},
                                   {5, 3},
                                   {64, 128, 64},
                                   {19, 200, 3, 41, 8, 17},
                                   {130, 9, 70, 260, 11, 33, 90, 5},
                                   {7, 9},
                                   {200, 516, 300, 1028, 96},
                                   {260, 512, 132, 512, 260},
                                   {1, 40, 300, 17},
                                   {45, 70, 33, 1}};

TEST_P(ChainVariant, EqualsReferenceForEveryPlanAndCapacity) {
  const Variant& v = variant();
  if (auto why = v.why_not(Problem{{8, 8}, Precision::Float32, 1}, Tuning{}))
    GTEST_SKIP() << v.name << " skipped: " << *why;
  std::mt19937_64 rng(std::random_device{}());
  int ran = 0;
  for (const Dims& d : kChains)
    for (Precision p : {Precision::Float32, Precision::Float64})
      for (Values values : {Values::Uniform, Values::Integer})
        for (PlanKind plan : {PlanKind::Naive, PlanKind::OpCount, PlanKind::Fused})
          for (std::int64_t M : {64, 1024, 16384, 65536}) {
            const Problem prob{d, p, 1};
            const Tuning t{plan, M, rng() % 2 ? BetaConvention::Derived : BetaConvention::Thesis};
            const ChainData in = chain_data(d, values, rng(), p);
            std::string config;
            const auto got = run(v, prob, t, in, &config);
            if (!got) continue;  // a plan or tile this variant refuses
            ++ran;
            expect_matches(*got, in, p, values == Values::Integer,
                           v.name + " " + format_dims(d) + " " + to_string(p) + " " + to_string(values) + " plan " +
                               to_string(plan) + " M " + std::to_string(M) + " (" + config + ")");
            if (HasFatalFailure()) return;
          }
  EXPECT_GT(ran, 0) << v.name << " refused every case";
}

// The same bits for a band of rows as for those rows of the whole chain (any rank count).
// Not asked of the library variants (cpu/reference, cuda/cublas): OpenBLAS and cuBLAS choose
// their kernels by the matrix sizes (on an H100 cuBLAS differed in the last bits); they only
// have to stay within the bounds.
TEST_P(ChainVariant, BandsGiveTheSameBitsAsTheWholeChain) {
  const Variant& v = variant();
  if (v.name == "cpu/reference" || v.name == "cuda/cublas")
    GTEST_SKIP() << v.name << ": a BLAS library is not asked for the same bits on any row count";
  if (auto why = v.why_not(Problem{{8, 8}, Precision::Float32, 1}, Tuning{}))
    GTEST_SKIP() << v.name << " skipped: " << *why;
  // the second chain at M = 16384: 128 x 128 patches, and cuda/* splits its products over k
  for (const auto& [d, M] :
       {std::pair<Dims, std::int64_t>{{101, 67, 200, 45, 130}, 1024}, {{101, 516, 300, 1028, 96}, 16384}})
    for (PlanKind plan : {PlanKind::OpCount, PlanKind::Fused})
      for (Precision p : {Precision::Float32, Precision::Float64}) {
        const Problem prob{d, p, 3};
        const Tuning t{plan, M, BetaConvention::Derived};
        const auto whole = run(v, prob, t, chain_data(d, Values::Uniform, 3, p));
        if (!whole) continue;
        for (auto [first, rows] : {std::pair<std::int64_t, std::int64_t>{0, 34}, {34, 33}, {67, 34}, {100, 1}}) {
          const auto band = run(v, prob, t, chain_data(d, Values::Uniform, 3, p, first, rows));
          ASSERT_TRUE(band);
          for (std::int64_t k = 0; k < rows * d.back(); ++k)
            ASSERT_EQ((*band)[static_cast<std::size_t>(k)], (*whole)[static_cast<std::size_t>(first * d.back() + k)])
                << v.name << " plan " << to_string(plan) << " " << to_string(p) << " rows " << first << "+" << rows;
        }
      }
}

// The plan as one graph (the default: a CUDA graph, a Kokkos graph whose independent
// subtrees may run at once) and kernel by kernel (--cuda-graph off) give the same bits, run
// after run: a graph replays its first run, so a fused pair's counters must restart in it.
// Chains with independent subtrees ((A1A2)(A3A4) and deeper), fused plans, k split on a GPU.
TEST_P(ChainVariant, GraphAndKernelByKernelGiveTheSameBits) {
  const Variant& v = variant();
  if (v.name == "cpu/reference") GTEST_SKIP() << v.name << " runs no graph";
  if (auto why = v.why_not(Problem{{8, 8}, Precision::Float32, 1}, Tuning{}))
    GTEST_SKIP() << v.name << " skipped: " << *why;
  int compared = 0;
  for (const Dims& d : {Dims{260, 512, 132, 512, 260}, Dims{130, 9, 70, 260, 11, 33, 90, 5}})
    for (PlanKind plan : {PlanKind::OpCount, PlanKind::Fused})
      for (Precision p : {Precision::Float32, Precision::Float64}) {
        const Problem prob{d, p, 1};
        const ChainData in = chain_data(d, Values::Uniform, 11, p);
        std::vector<std::vector<double>> results;  // graph: runs 1..3, then kernel by kernel: runs 1..3
        std::string config;
        for (const bool graph : {true, false}) {
          Tuning t{plan, 4096, BetaConvention::Derived};
          t.cuda_graph = graph;
          t = v.resolve(prob, t);
          if (v.why_not(prob, t)) break;
          auto e = v.make(p, t);
          const Plan plan_of_t = plan_for(prob, t);  // the executor keeps a reference to it
          e->setup(in, plan_of_t);
          for (int r = 0; r < 3; ++r) {
            e->run();
            results.emplace_back(static_cast<std::size_t>(in.rows * d.back()));
            e->result(results.back().data());
          }
          if (graph) config = e->config();
        }
        if (results.size() != 6) continue;  // a plan this variant refuses
        ++compared;
        for (std::size_t r = 1; r < results.size(); ++r)
          for (std::size_t k = 0; k < results[r].size(); ++k)
            ASSERT_EQ(results[r][k], results[0][k]) << v.name << " " << format_dims(d) << " plan " << to_string(plan)
                                                    << " " << to_string(p) << (r < 3 ? " graph" : " kernel by kernel")
                                                    << " run " << r % 3 + 1 << " entry " << k << " (" << config << ")";
      }
  EXPECT_GT(compared, 0) << v.name << " refused every case";
}

// cuda/fused's chunk groups (fused_chunk_groups) move chunks of R between blocks, never a
// term: the result has the same bits for any group count, one group (the kernel as it was
// before chunk groups) included, and integer chains stay exact. The resident-block count is
// forced (HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS) so that groups of one chunk, of several chunks
// with a shorter last one, and a single group all run whatever the GPU. Chains: a small T
// with a long streamed dimension, fused left and right (the shape that left the GPU idle).
TEST(CudaFusedChunkGroups, SameBitsForAnyGroupCount) {
  const VariantList all = all_variants();
  const auto it = std::find_if(all.begin(), all.end(), [](const Variant& v) { return v.name == "cuda/fused"; });
  if (it == all.end()) GTEST_SKIP() << "no cuda/fused in this build";
  const Variant& v = *it;
  if (auto why = v.why_not(Problem{{8, 8}, Precision::Float32, 1}, Tuning{}))
    GTEST_SKIP() << v.name << " skipped: " << *why;
  constexpr const char* kSlots = "HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS";
  int grouped = 0;
  for (const Dims& d : {Dims{64, 40, 24, 2984}, Dims{2984, 24, 40, 64}, Dims{200, 48, 96, 1000}})
    for (Precision p : {Precision::Float32, Precision::Float64})
      for (Values values : {Values::Uniform, Values::Integer})
        for (std::int64_t M : {1024, 16384}) {
          const Problem prob{d, p, 1};
          const Tuning t{PlanKind::Fused, M, BetaConvention::Derived};
          const ChainData in = chain_data(d, values, 7, p);
          std::optional<std::vector<double>> first;
          for (const char* slots : {"1", "3", "7", "40", "100000"}) {
            ::setenv(kSlots, slots, 1);
            std::string config;
            const auto got = run(v, prob, t, in, &config);
            ::unsetenv(kSlots);
            const std::string what = format_dims(d) + " " + to_string(p) + " " + to_string(values) + " M " +
                                     std::to_string(M) + " slots " + slots + " (" + config + ")";
            ASSERT_TRUE(got) << what;
            grouped += config.find("chunk groups") != std::string::npos;
            if (!first) {
              EXPECT_EQ(config.find("chunk groups"), std::string::npos) << what;  // one slot: one group
              expect_matches(*got, in, p, values == Values::Integer, what);
              if (HasFatalFailure()) return;
              first = got;
              continue;
            }
            ASSERT_EQ(got->size(), first->size()) << what;
            for (std::size_t k = 0; k < got->size(); ++k) ASSERT_EQ((*got)[k], (*first)[k]) << what << " entry " << k;
          }
        }
  EXPECT_GT(grouped, 0) << "no case ran with more than one chunk group";
}

// kokkos/fused's chunk groups, as cuda/fused's above: a T patch's chunks cut over several
// teams move chunks of R between teams, never a term, so the result has the same bits for
// any group count, one group (the kernel as it was, and what Kokkos Serial's one slot gives)
// included. The slots are forced (HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS, fused_slots) so that
// groups of one chunk, of several with a shorter last one, and a single group all run on
// any backend. Chains: a small T with a long streamed dimension, fused left and right, of
// many chunks, with one band of T patches and with two (where teams wait on each other),
// and one with two fused pairs. Those bits are also
// kokkos/unfused's of the same parenthesization where its products are not split over k
// (each element one multiply-add chain in ascending k, T the same product): so fused, with
// or without groups, is exactly the unfused chain.
TEST(KokkosFusedChunkGroups, SameBitsForAnyGroupCountAndAsUnfused) {
  const VariantList all = all_variants();
  const auto find = [&](const std::string& name) {
    const auto it = std::find_if(all.begin(), all.end(), [&](const Variant& v) { return v.name == name; });
    return it == all.end() ? nullptr : &*it;
  };
  const Variant* fused = find("kokkos/fused");
  const Variant* unfused = find("kokkos/unfused");
  if (!fused || !unfused) GTEST_SKIP() << "no kokkos/fused or kokkos/unfused in this build";
  if (auto why = fused->why_not(Problem{{8, 8}, Precision::Float32, 1}, Tuning{}))
    GTEST_SKIP() << fused->name << " skipped: " << *why;
  constexpr const char* kSlots = "HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS";
  // the parenthesization without the fused plan's marks: "[A1(A2A3)]R" -> "(A1(A2A3))"
  const auto bare = [](const std::string& tree) {
    std::string out;
    for (char c : tree)
      if (c == '[') out += '(';
      else if (c == ']') out += ')';
      else if (c != 'L' && c != 'R') out += c;
    return out;
  };
  int grouped_left = 0, grouped_right = 0, unfused_compared = 0, unfused_split = 0;
  // (the third and fourth at M = 4096: 2 x 2 patches of T, so teams wait on the band before)
  for (const Dims& d : {Dims{64, 40, 24, 2984}, Dims{2984, 24, 40, 64}, Dims{64, 40, 100, 2984},
                        Dims{2984, 100, 40, 64}, Dims{37, 90, 64, 40, 24, 1500}})
    for (Precision p : {Precision::Float32, Precision::Float64})
      for (Values values : {Values::Uniform, Values::Integer})
        for (std::int64_t M : {1024, 4096}) {
          const Problem prob{d, p, 1};
          const Tuning t{PlanKind::Fused, M, BetaConvention::Derived};
          const ChainData in = chain_data(d, values, 11, p);
          const std::string what =
              format_dims(d) + " " + to_string(p) + " " + to_string(values) + " M " + std::to_string(M);
          std::optional<std::vector<double>> first;
          for (const char* slots : {"1", "2", "3", "7", "40", "100000"}) {
            ::setenv(kSlots, slots, 1);
            std::string config;
            const auto got = run(*fused, prob, t, in, &config);
            ::unsetenv(kSlots);
            const std::string case_what = what + " slots " + slots + " (" + config + ")";
            ASSERT_TRUE(got) << case_what;
            const bool grouped = config.find("chunk groups") != std::string::npos;
            grouped_left += grouped && config.find("fused-left") != std::string::npos;
            grouped_right += grouped && config.find("fused-right") != std::string::npos;
            if (!first) {
              EXPECT_FALSE(grouped) << case_what;  // one slot: one group
              expect_matches(*got, in, p, values == Values::Integer, case_what);
              if (HasFatalFailure()) return;
              first = got;
              continue;
            }
            ASSERT_EQ(got->size(), first->size()) << case_what;
            for (std::size_t k = 0; k < got->size(); ++k)
              ASSERT_EQ((*got)[k], (*first)[k]) << case_what << " entry " << k;
          }
          // kokkos/unfused on the plan of the same parenthesization, if it has one
          const std::string tree = bare(plan_for(prob, fused->resolve(prob, t)).tree);
          for (PlanKind kind : {PlanKind::Naive, PlanKind::OpCount}) {
            const Tuning u = unfused->resolve(prob, Tuning{kind, M, BetaConvention::Derived});
            if (unfused->why_not(prob, u) || plan_for(prob, u).tree != tree) continue;
            std::string config;
            const auto got = run(*unfused, prob, u, in, &config);
            ASSERT_TRUE(got) << what << " unfused";
            if (config.find(" k in ") != std::string::npos) {  // split over k (a GPU): other sums
              ++unfused_split;
              break;
            }
            ++unfused_compared;
            ASSERT_EQ(got->size(), first->size()) << what << " (" << config << ")";
            for (std::size_t k = 0; k < got->size(); ++k)
              ASSERT_EQ((*got)[k], (*first)[k]) << what << " kokkos/unfused (" << config << ") entry " << k;
            break;
          }
        }
  EXPECT_GT(grouped_left, 0) << "no fused left step ran with more than one chunk group";
  EXPECT_GT(grouped_right, 0) << "no fused right step ran with more than one chunk group";
  // (on Kokkos Serial no product is split: every chain is compared)
  EXPECT_GT(unfused_compared + unfused_split, 0) << "kokkos/unfused never ran the fused plan's parenthesization";
}

INSTANTIATE_TEST_SUITE_P(All, ChainVariant, ::testing::ValuesIn(hpcs::testing::names_of(ChainVariant::variants())),
                         hpcs::testing::param_name);

// The rounding bound must see a kernel that drops one term of one sum.
TEST(ChainVerification, BoundCatchesADroppedTerm) {
  for (Precision p : {Precision::Float32, Precision::Float64}) {
    const Dims d = {60, 300, 40, 250, 30};
    const ChainData in = chain_data(d, Values::Uniform, 5, p);
    const std::vector<double> want = reference_product(in), scale = reference_product(in, true);
    ChainData wrong = in;
    wrong.matrices[2][7] = 0;  // one term of A3's products gone
    const std::vector<double> got = reference_product(wrong);
    const Check c = check_for(d, p, false);
    int violations = 0;
    for (std::size_t k = 0; k < got.size(); ++k) violations += std::fabs(got[k] - want[k]) > c.per_scale * scale[k];
    EXPECT_GT(violations, 0) << to_string(p);
  }
}

// Integer chains: every partial sum of every product provably below 2^24.
TEST(ChainInputs, IntegerChainsStayExactInFloat32) {
  for (const Dims& d : kChains) {
    double bound = 1;
    for (int m = 1; m + 1 < static_cast<int>(d.size()); ++m) bound *= static_cast<double>(integer_row_nonzeros(d, m));
    EXPECT_LE(bound, 16777216.0) << format_dims(d);
    const ChainData in = chain_data(d, Values::Integer, 9, Precision::Float32);
    for (double x : reference_product(in, true)) EXPECT_LE(x, bound);
  }
}

}  // namespace
}  // namespace hpcs::matrixchain
