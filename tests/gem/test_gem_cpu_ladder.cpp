// SPDX-License-Identifier: BSD-3-Clause
// The CPU ladder (gem_cpu_ladder.hpp) beyond what the variant tests cover: every instruction
// set this CPU runs (not only the widest, which cpu/simd picks), OpenMP on 1 to 3 threads,
// atom counts around the vector widths (4, 8, 16 floats), and the ISA each run records.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

#include "gem_cpu_ladder.hpp"
#include "gem_ball_inputs.hpp"
#include "gem_reference.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::gem {
namespace {

using testing::ball_inputs;

// Within the bound the mini-app verifies with (gem_result.hpp).
void expect_reference(Evaluator& e, Precision prec, const Inputs& in, const std::string& what) {
  const ReferencePotentials ref = reference_potentials(in.physics, in.A, in.atoms, in.vertices, 1);
  e.setup(in);
  e.run();
  std::vector<double> got(in.vertices.size());
  e.potentials(got.data());
  const double u = prec == Precision::Float32 ? 0x1p-24 : 0x1p-53;
  const double per_sum = u * (4 * std::sqrt(static_cast<double>(in.q.size())) + 16);
  for (std::size_t k = 0; k < got.size(); ++k)
    ASSERT_LE(std::fabs(got[k] - ref.phi[k]), per_sum * ref.abs_sum[k])
        << what << " vertex " << k << ": " << got[k] << " vs " << ref.phi[k] << " (" << e.config() << ")";
}

TEST(GemCpuLadder, EveryIsaAndThreadCountEqualsReference) {
  std::mt19937_64 rng(std::random_device{}());
  testing::for_each_case([&](Precision prec, const Physics& p, const std::string& what) {
    const Inputs in = ball_inputs(45, 23, p, rng);
    expect_reference(*make_cpu_serial(prec), prec, in, "serial " + what);
    for (SimdIsa isa : supported_isas()) {
      expect_reference(*make_cpu_simd(prec, isa), prec, in, std::string("simd ") + isa_name(isa) + " " + what);
      expect_reference(*make_cpu_openmp(prec, isa, 2), prec, in, std::string("openmp ") + isa_name(isa) + " " + what);
    }
  });
}

// Remainders of every vector width (a lane mask or a scalar tail), and more threads than
// chunks of vertices.
TEST(GemCpuLadder, AtomCountsAroundTheVectorWidths) {
  std::mt19937_64 rng(std::random_device{}());
  const Physics p;
  for (int atoms : {1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 129})
    for (SimdIsa isa : supported_isas())
      for (int threads : {1, 3}) {
        const Inputs in = ball_inputs(atoms, threads == 1 ? 5 : 97, p, rng);
        const std::string what =
            std::to_string(atoms) + " atoms, " + isa_name(isa) + ", " + std::to_string(threads) + " threads";
        expect_reference(*make_cpu_simd(Precision::Float32, isa), Precision::Float32, in, "simd " + what);
        expect_reference(*make_cpu_openmp(Precision::Float32, isa, threads), Precision::Float32, in, "openmp " + what);
      }
}

bool known_isa(const std::string& name) {
  return name == "default" || name == "sse2" || name == "avx2" || name == "avx512f";
}

// The ISA in a run's config is one of the known names and one this CPU has; the widest
// unless HPCS_GEM_SIMD_ISA picks another; a name the CPU lacks is an error naming those it has.
TEST(GemCpuLadder, RecordsTheIsaThatRan) {
  const std::vector<SimdIsa> have = supported_isas();
  ASSERT_FALSE(have.empty());
  for (SimdIsa isa : have) EXPECT_TRUE(known_isa(isa_name(isa))) << isa_name(isa);
  unsetenv("HPCS_GEM_SIMD_ISA");
  EXPECT_EQ(chosen_isa(), have.back());
  std::mt19937_64 rng(1);
  const Inputs in = ball_inputs(20, 10, Physics{}, rng);
  for (SimdIsa isa : have) {
    auto e = make_cpu_openmp(Precision::Float32, isa, 3);
    e->setup(in);
    e->run();
    EXPECT_EQ(e->config(), std::string("float32, ") + isa_name(isa) + ", 3 threads");
    setenv("HPCS_GEM_SIMD_ISA", isa_name(isa), 1);
    EXPECT_EQ(chosen_isa(), isa);
  }
  EXPECT_EQ(make_cpu_serial(Precision::Float64)->config(), "float64, scalar, 1 thread");
  setenv("HPCS_GEM_SIMD_ISA", "sse9", 1);
  try {
    chosen_isa();
    ADD_FAILURE() << "HPCS_GEM_SIMD_ISA=sse9 accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("HPCS_GEM_SIMD_ISA=sse9: this CPU runs "), std::string::npos) << e.what();
  }
  unsetenv("HPCS_GEM_SIMD_ISA");
}

// The ladder's place in the list: after cpu/hcp, backend cpu, steps 1-3 in order.
TEST(GemCpuLadder, StepsOfTheCpuBackend) {
  const VariantList list = all_variants();
  ASSERT_GE(list.size(), 5u);
  EXPECT_EQ(list[1].name, "cpu/hcp");
  const char* names[] = {"cpu/serial", "cpu/simd", "cpu/openmp"};
  for (int s = 0; s < 3; ++s) {
    EXPECT_EQ(list[2 + s].name, names[s]);
    EXPECT_EQ(list[2 + s].backend, "cpu");
    EXPECT_EQ(list[2 + s].step, s + 1);
  }
}

}  // namespace
}  // namespace hpcs::gem
