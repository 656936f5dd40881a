// SPDX-License-Identifier: BSD-3-Clause
// The HCP variants' potentials: the exact sum when the cutoff exceeds the molecule (float64
// rounding, 3 regions x salt x 3 potentials), an error that falls as the cutoff grows and
// meets the default tolerance at the defaults, odd sizes, the GPU variants against cpu/hcp
// within their rounding (skipped with the reason where they cannot run), and the check that
// verifies an approximation against its tolerance rather than the rounding bound.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "gem_molecule.hpp"
#include "gem_reference.hpp"
#include "gem_result.hpp"
#include "gem_surface.hpp"
#include "gem_variants.hpp"
#include "hpcs/base/error.hpp"
#include "mpi_test_context.hpp"
#include "variant_params.hpp"

namespace hpcs::gem {
namespace {

Inputs inputs_of(const Atoms& atoms, const Vertices& v, const Physics& p, double cutoff) {
  Inputs in;
  in.physics = p;
  in.atoms = atoms;
  in.A = estimate_A(atoms);
  in.vertices = shift_vertices(v, p);
  in.constants = pair_constants(p, in.A);
  for (double q : atoms.charge) in.q.push_back(q * p.charge_scale);
  in.hcp.cutoff = cutoff;
  return in;
}

// Atoms in a ball of radius 15, vertices on a sphere of radius 18 with radial normals.
Inputs ball_inputs(int atoms, int vertices, const Physics& p, double cutoff, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(-1, 1);
  Atoms a;
  while (static_cast<int>(a.size()) < atoms) {
    const double x = u(rng), y = u(rng), z = u(rng);
    if (x * x + y * y + z * z <= 1) a.push_back(15 * x, 15 * y, 15 * z, 0.9 * u(rng), 1.2 + 0.5 * (u(rng) + 1));
  }
  Vertices v;
  for (int k = 0; k < vertices; ++k) {
    double x = u(rng), y = u(rng), z = u(rng);
    const double n = std::sqrt(x * x + y * y + z * z) + 1e-12;
    v.push_back(18 * x / n, 18 * y / n, 18 * z / n, x / n, y / n, z / n);
  }
  return inputs_of(a, v, p, cutoff);
}

const Variant& variant(const std::string& name) {
  static const VariantList list = all_variants();
  return hpcs::testing::variant_named(list, name);
}

std::vector<double> potentials(const std::string& name, Precision prec, const Inputs& in) {
  auto e = variant(name).make(prec, Tuning{});
  e->setup(in);
  e->run();
  EXPECT_EQ(e->tolerance(), in.hcp.tolerance) << name << " reports its approximation";
  std::vector<double> out(in.vertices.size());
  e->potentials(out.data());
  return out;
}

// max |got - want| / RMS(want)
double relative_max_error(const std::vector<double>& got, const std::vector<double>& want) {
  double worst = 0, squares = 0;
  for (std::size_t k = 0; k < got.size(); ++k) {
    worst = std::max(worst, std::fabs(got[k] - want[k]));
    squares += want[k] * want[k];
  }
  return worst / std::sqrt(squares / double(want.size()));
}

TEST(HcpPotential, ExactWhenTheCutoffExceedsTheMolecule) {
  std::mt19937_64 rng(21);
  for (double proj : {0.0, 1.0, 3.0})
    for (double salt : {0.0, 0.15})
      for (PhiType phi : {PhiType::Total, PhiType::Reaction, PhiType::Coulomb})
        for (double cutoff : {double(INFINITY), 40.0}) {  // 40: beyond every atom-vertex distance (at most 36 A)
          Physics p;
          p.proj = proj, p.salt = salt, p.phi = phi;
          const Inputs in = ball_inputs(120, 50, p, cutoff, rng);
          const ReferencePotentials ref = reference_potentials(p, in.A, in.atoms, in.vertices, 1);
          const std::vector<double> got = potentials("cpu/hcp", Precision::Float64, in);
          const double per_sum = 0x1p-53 * (4 * std::sqrt(120.0) + 16);
          for (std::size_t k = 0; k < got.size(); ++k)
            ASSERT_LE(std::fabs(got[k] - ref.phi[k]), per_sum * ref.abs_sum[k])
                << "p=" << proj << " salt=" << salt << " " << to_string(phi) << " cutoff " << cutoff << " vertex " << k;
        }
}

// In every region, with and without salt, for every potential: an approximation (not the
// exact sum) whose error falls as the cutoff grows.
TEST(HcpPotential, ApproximatesInEveryCase) {
  std::mt19937_64 rng(22);
  for (double proj : {0.0, 1.0, 3.0})
    for (double salt : {0.0, 0.15})
      for (PhiType phi : {PhiType::Total, PhiType::Reaction, PhiType::Coulomb}) {
        Physics p;
        p.proj = proj, p.salt = salt, p.phi = phi;
        Inputs in = ball_inputs(600, 40, p, 0, rng);
        const ReferencePotentials ref = reference_potentials(p, in.A, in.atoms, in.vertices, 1);
        const std::string what = "p=" + std::to_string(proj) + " salt=" + std::to_string(salt) + " " + to_string(phi);
        double last = INFINITY;
        for (double cutoff : {4.0, 8.0, 16.0}) {
          in.hcp.cutoff = cutoff;
          const double e = relative_max_error(potentials("cpu/hcp", Precision::Float64, in), ref.phi);
          EXPECT_GT(e, 1e-9) << what << ", cutoff " << cutoff << ": nothing was approximated";
          EXPECT_LT(e, last) << what << ", cutoff " << cutoff;
          last = e;
        }
        EXPECT_LT(last, 0.05) << what;
      }
}

// GEM's data set size (1uwo_A: 1,441 atoms) with our surface: the error falls as the cutoff
// grows, and the default cutoff meets the default tolerance.
TEST(HcpPotential, ErrorFallsAsTheCutoffGrows) {
  MoleculeOptions m;
  m.atoms = 1441;
  const Atoms atoms = synthetic_molecule(m);
  const Vertices v = molecular_surface(atoms, SurfaceOptions{0.5, 1.5});
  const Physics p;
  const Inputs exact = inputs_of(atoms, v, p, INFINITY);
  const ReferencePotentials ref = reference_potentials(p, exact.A, atoms, exact.vertices);
  double last = INFINITY;
  for (double cutoff : {0.0, 5.0, 10.0, 20.0, 40.0}) {
    const std::vector<double> got = potentials("cpu/hcp", Precision::Float64, inputs_of(atoms, v, p, cutoff));
    const double e = relative_max_error(got, ref.phi);
    EXPECT_LT(e, last) << "cutoff " << cutoff;
    last = e;
  }
  const double at_default = relative_max_error(
      potentials("cpu/hcp", Precision::Float64, inputs_of(atoms, v, p, HcpOptions{}.cutoff)), ref.phi);
  EXPECT_GT(at_default, 0) << "the default cutoff approximates nothing at this size";
  EXPECT_LT(at_default, HcpOptions{}.tolerance);
}

// Odd sizes (1 atom, 1 vertex, vertex counts off the threads' chunks): cpu/hcp gives, bit for
// bit, a sequential walk with the reference's pair formula; a lone atom's two charges are
// the atom itself (its charge at its place, the other sign 0), exact even at cutoff 0.
TEST(HcpPotential, OddSizes) {
  std::mt19937_64 rng(23);
  const Physics p;
  for (auto [atoms, vertices] : {std::pair{1, 1}, {1, 300}, {333, 1}, {2, 2}, {500, 129}})
    for (double cutoff : {0.0, 5.0, double(INFINITY)}) {
      const Inputs in = ball_inputs(atoms, vertices, p, cutoff, rng);
      const std::vector<double> got = potentials("cpu/hcp", Precision::Float64, in);
      const std::string what =
          std::to_string(atoms) + " x " + std::to_string(vertices) + ", cutoff " + std::to_string(cutoff);
      ASSERT_EQ(got.size(), std::size_t(vertices)) << what;
      const HcpHierarchy h = build_hcp(in.atoms, in.q, in.hcp);
      const ShiftedVertices& v = in.vertices;
      for (std::size_t k = 0; k < got.size(); ++k) {
        double sum = 0;
        auto add = [&](const HcpCharge<double>& c) {
          const double d = std::hypot(c.x - v.px[k], c.y - v.py[k], c.z - v.pz[k]);
          const double dp = std::hypot(c.x - v.qx[k], c.y - v.qy[k], c.z - v.qz[k]);
          sum += c.q * reference_term(p, in.A, d, dp);
        };
        hcp_walk(h.view(), v.px[k], v.py[k], v.pz[k], add);
        ASSERT_EQ(got[k], sum) << what << " vertex " << k;
      }
      if (atoms == 1) {
        const ReferencePotentials ref = reference_potentials(p, in.A, in.atoms, in.vertices, 1);
        EXPECT_LE(relative_max_error(got, ref.phi), 1e-12) << what;
      }
    }
}

// The GPU HCP variants against cpu/hcp (the same groups, by construction): within the
// rounding of their precision, at a cutoff where most pairs are approximated.
class HcpGpuVariant : public ::testing::TestWithParam<std::string> {};

TEST_P(HcpGpuVariant, MatchesCpuHcpWithinRounding) {
  const Variant& v = variant(GetParam());
  if (auto why = v.why_not(Problem{}, Tuning{})) GTEST_SKIP() << v.name << " skipped: " << *why;
  std::mt19937_64 rng(24);
  for (Precision prec : {Precision::Float32, Precision::Float64})
    for (double proj : {0.0, 1.0, 3.0})
      for (double salt : {0.0, 0.15}) {
        Physics p;
        p.proj = proj, p.salt = salt;
        const Inputs in = ball_inputs(700, 257, p, 6.0, rng);
        const ReferencePotentials ref = reference_potentials(p, in.A, in.atoms, in.vertices, 1);
        const std::vector<double> cpu = potentials("cpu/hcp", Precision::Float64, in);
        const std::vector<double> got = potentials(v.name, prec, in);
        const double u = prec == Precision::Float32 ? 0x1p-24 : 0x1p-53;
        for (std::size_t k = 0; k < got.size(); ++k)
          ASSERT_LE(std::fabs(got[k] - cpu[k]), u * (4 * std::sqrt(700.0) + 16) * ref.abs_sum[k])
              << v.name << " " << to_string(prec) << " p=" << proj << " salt=" << salt << " vertex " << k;
      }
}

std::vector<std::string> gpu_hcp_names() {
  std::vector<std::string> names;
  for (const auto& v : all_variants())
    if (v.name != "cpu/hcp" && v.name.size() > 4 && v.name.substr(v.name.size() - 4) == "/hcp") names.push_back(v.name);
  if (names.empty()) names.push_back("cpu/hcp");  // a build without GPU backends: against itself
  return names;
}

INSTANTIATE_TEST_SUITE_P(All, HcpGpuVariant, ::testing::ValuesIn(gpu_hcp_names()), hpcs::testing::param_name);

// An approximation passes within its tolerance x RMS and fails beyond it, although the
// float32 rounding bound would accept both; an exact result is still held to rounding.
TEST(HcpVerification, ApproximationCheckedAgainstItsTolerance) {
  const MpiContext& mpi = hpcs::testing::mpi();
  Result want;
  want.phi = {3, -4, 5, -2};
  want.abs_sum = {1e6, 1e6, 1e6, 1e6};  // float32 rounding bound u (4 sqrt(100) + 16) 1e6 = 3.3
  summarize(mpi, want);
  Problem p;
  p.atoms = 100;
  for (double factor : {0.5, 1.5}) {
    Result got = want;
    got.tolerance = 1e-2;
    got.phi[2] += factor * got.tolerance * want.rms;
    const Verification v = compare_potentials(mpi, p, got, want, "cpu/reference");
    EXPECT_EQ(v.failed(), factor > 1) << v.detail;
    EXPECT_NE(v.detail.find("approximation"), std::string::npos) << v.detail;
  }
  for (double diff : {1.0, 4.0}) {  // exact: held to the rounding bound
    Result exact = want;
    exact.phi[1] += diff;
    EXPECT_EQ(compare_potentials(mpi, p, exact, want, "cpu/reference").failed(), diff > 3.4) << diff;
  }
}

}  // namespace
}  // namespace hpcs::gem
