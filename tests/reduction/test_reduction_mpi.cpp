// SPDX-License-Identifier: BSD-3-Clause
// The distributed reduction under mpiexec (1, 2 and 4 ranks): every variant reduces its
// rank's slice and the partial sums are combined with MPI; the result must match a
// reference computed by each rank over the whole vector (independent of the split),
// including more ranks than elements. Also: reading a file's slices on every rank.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <random>

#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "mpi_test_context.hpp"
#include "reduction_input.hpp"
#include "reduction_reference.hpp"

namespace hpcs::reduction {
namespace {

std::uint64_t shared_seed(const MpiContext& mpi) {
  std::random_device rd;
  unsigned long long seed = (std::uint64_t{rd()} << 32) ^ rd();
  MPI_Bcast(&seed, 1, MPI_UNSIGNED_LONG_LONG, 0, mpi.comm());
  return seed;
}

// The reference of the whole vector, computed by this rank alone.
Sum whole_vector_sum(DType t, std::uint64_t seed, std::uint64_t n) {
  auto r = make_cpu_reference(t);
  const HostArray all = generate_slice(t, seed, 0, n);
  r->upload(all);
  r->run();
  return r->result();
}

TEST(ReductionMpi, EveryVariantMatchesTheWholeVectorReference) {
  const MpiContext& mpi = testing::mpi();
  const std::uint64_t seed = shared_seed(mpi);
  SCOPED_TRACE("seed " + std::to_string(seed) + ", ranks " + std::to_string(mpi.size()));
  for (DType t : {DType::Int32, DType::Float32, DType::Float64})
    for (std::uint64_t n : {1ull, 2ull, 3ull, 5ull, 1000ull, (1ull << 20) + 7}) {
      SCOPED_TRACE(std::string(dtype_name(t)) + " n " + std::to_string(n));
      const InputSlice in = generate_input(mpi, t, n, seed);
      const GlobalReference ref = global_reference(mpi, in.data, n);
      const Sum whole = whole_vector_sum(t, seed, n);
      if (t == DType::Int32) EXPECT_EQ(ref.sum.integer, whole.integer);
      else EXPECT_NEAR(ref.sum.real, whole.real, 1e-12 * ref.sum_abs) << "reference independent of the split";
      for (const auto& info : all_variants()) {
        if (info.why_not(Problem{}, Tuning{})) continue;  // same answer on every rank: same collectives
        SCOPED_TRACE(info.name);
        std::optional<std::string> error;
        Sum local;
        std::unique_ptr<Reducer> r;
        try {
          r = info.make(t, Tuning{});
          r->upload(in.data);
          r->run();
          local = r->result();
        } catch (const std::exception& e) {
          error = e.what();
        }
        Sum global;
        try {
          global = combine_partials(mpi, t, local, error);
        } catch (const std::exception& e) {
          ADD_FAILURE() << "failed on some rank: " << e.what();
          continue;
        }
        const Verification v = verify(global, ref);
        EXPECT_FALSE(v.failed()) << v.detail;
      }
    }
}

TEST(ReductionMpi, FileSlicesMatchTheGenerator) {
  const MpiContext& mpi = testing::mpi();
  const std::uint64_t seed = shared_seed(mpi);
  const std::string dir = (std::filesystem::temp_directory_path() / "hpcs_reduction_mpi").string();
  std::string path = dir + "_" + std::to_string(seed % 1000000) + ".h5";
  const std::uint64_t n = 4099;
  if (mpi.root()) {
    h5::Writer w(path);
    {
      h5::Group root = w.root();
      root.dataset("data", std::get<std::vector<float>>(generate_slice(DType::Float32, seed, 0, n)));
    }
    w.commit();
  }
  mpi.barrier();
  const InputSlice in = load_slice(mpi, path, "data");
  const InputSlice gen = generate_input(mpi, DType::Float32, n, seed);
  EXPECT_EQ(in.global_n, n);
  EXPECT_EQ(in.begin, gen.begin);
  EXPECT_EQ(std::get<std::vector<float>>(in.data), std::get<std::vector<float>>(gen.data));
  EXPECT_THROW(load_slice(mpi, path, "missing"), Error);  // thrown on every rank together
  mpi.barrier();
  if (mpi.root()) std::filesystem::remove(path);
}

TEST(ReductionMpi, FailureOnOneRankStopsEveryRank) {
  const MpiContext& mpi = testing::mpi();
  const std::optional<std::string> error =
      mpi.rank() == mpi.size() - 1 ? std::optional<std::string>("planted failure") : std::nullopt;
  try {
    combine_partials(mpi, DType::Float32, Sum{}, error);
    ADD_FAILURE() << "combine_partials must throw on every rank";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("planted failure"), std::string::npos);
  }
}

}  // namespace
}  // namespace hpcs::reduction
