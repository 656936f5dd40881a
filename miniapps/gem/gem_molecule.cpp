// SPDX-License-Identifier: BSD-3-Clause
#include "gem_molecule.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "hpcs/base/splitmix64.hpp"

namespace hpcs::gem {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kSpacing = 1.0;    // A between atom centres, at least
constexpr double kMaxCharge = 0.9;  // e
constexpr int kTriesBeforeGrowth = 1000;

// splitmix64 stream: portable (no std:: distributions, whose output differs between
// standard libraries), and seeds 42 and 43 give unrelated streams.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  double uniform() {  // [0, 1)
    const std::uint64_t r = hpcs::splitmix64(state_);
    state_ += 0x9E3779B97F4A7C15ull;
    return static_cast<double>(r >> 11) * 0x1p-53;
  }
  double bell() {  // mean 0, deviation 1, within +-3.46 (Irwin-Hall of 4): no libm, no tails
    return (uniform() + uniform() + uniform() + uniform() - 2.0) * std::sqrt(3.0);
  }

 private:
  std::uint64_t state_;
};

// Dense cell grid over the box [-half, half] with linked lists of the atoms per cell.
// Cells are at least kSpacing wide, so a too-close atom is in one of the 27 around.
class SpacingGrid {
 public:
  SpacingGrid(const double half[3], std::size_t atoms) {
    const double cells_wanted = 4.0 * static_cast<double>(atoms) + 64;
    for (cell_ = kSpacing;; cell_ *= 1.25) {  // bounded memory for long thin ellipsoids
      double total = 1;
      for (int d = 0; d < 3; ++d) total *= std::ceil(2 * half[d] / cell_) + 1;
      if (total <= cells_wanted) break;
    }
    std::size_t total = 1;
    for (int d = 0; d < 3; ++d) {
      half_[d] = half[d];
      n_[d] = static_cast<std::int64_t>(std::ceil(2 * half[d] / cell_)) + 1;
      total *= static_cast<std::size_t>(n_[d]);
    }
    head_.assign(total, -1);
  }
  bool covers(const double half[3]) const { return half[0] <= half_[0] && half[1] <= half_[1] && half[2] <= half_[2]; }
  bool clear(const Atoms& a, double x, double y, double z) const {
    const std::int64_t c[3] = {cell_of(x, 0), cell_of(y, 1), cell_of(z, 2)};
    for (std::int64_t i = std::max<std::int64_t>(c[0] - 1, 0); i <= std::min(c[0] + 1, n_[0] - 1); ++i)
      for (std::int64_t j = std::max<std::int64_t>(c[1] - 1, 0); j <= std::min(c[1] + 1, n_[1] - 1); ++j)
        for (std::int64_t k = std::max<std::int64_t>(c[2] - 1, 0); k <= std::min(c[2] + 1, n_[2] - 1); ++k)
          for (std::int32_t m = head_[index(i, j, k)]; m >= 0; m = next_[m]) {
            const double dx = a.x[m] - x, dy = a.y[m] - y, dz = a.z[m] - z;
            if (dx * dx + dy * dy + dz * dz < kSpacing * kSpacing) return false;
          }
    return true;
  }
  void insert(const Atoms& a, std::size_t m) {
    const std::size_t at = index(cell_of(a.x[m], 0), cell_of(a.y[m], 1), cell_of(a.z[m], 2));
    next_.resize(std::max(next_.size(), m + 1));
    next_[m] = head_[at];
    head_[at] = static_cast<std::int32_t>(m);
  }

 private:
  std::int64_t cell_of(double v, int d) const {
    return std::clamp(static_cast<std::int64_t>(std::floor((v + half_[d]) / cell_)), std::int64_t{0}, n_[d] - 1);
  }
  std::size_t index(std::int64_t i, std::int64_t j, std::int64_t k) const {
    return static_cast<std::size_t>((i * n_[1] + j) * n_[2] + k);
  }
  double half_[3] = {0, 0, 0}, cell_ = kSpacing;
  std::int64_t n_[3] = {1, 1, 1};
  std::vector<std::int32_t> head_, next_;
};

void check(const MoleculeOptions& o) {
  if (o.atoms < 1 || o.atoms > 100000000)
    throw Error("synthetic molecule: " + std::to_string(o.atoms) + " atoms; allowed are 1 to 1e8");
  if (!(o.atoms_per_A3 > 0) || !(o.atoms_per_A3 <= 0.5))
    throw Error("synthetic molecule: density " + format_one("%g", o.atoms_per_A3) +
                " atoms/A^3 must be above 0 and at most 0.5 (proteins have about 0.11)");
  for (int d = 0; d < 3; ++d)
    if (!(o.axes[d] > 0) || !std::isfinite(o.axes[d]))
      throw Error("synthetic molecule: ellipsoid axis ratio " + format_one("%g", o.axes[d]) + " must be positive");
  if (!std::isfinite(o.net_charge) || std::fabs(std::round(o.net_charge)) > kMaxCharge * static_cast<double>(o.atoms))
    throw Error("synthetic molecule: net charge " + format_one("%g", o.net_charge) + " e needs more than " +
                format_one("%g", kMaxCharge) + " e per atom for " + std::to_string(o.atoms) + " atoms");
}

// Random sequential placement inside the ellipsoid; after kTriesBeforeGrowth misses in a
// row the ellipsoid grows by 1% (existing atoms stay inside), so it always finishes.
Atoms place(const MoleculeOptions& o, Rng& rng) {
  const double volume = static_cast<double>(o.atoms) / o.atoms_per_A3;
  const double scale = std::cbrt(3 * volume / (4 * kPi * o.axes[0] * o.axes[1] * o.axes[2]));
  double semi[3], room[3];
  for (int d = 0; d < 3; ++d) semi[d] = scale * o.axes[d], room[d] = 1.1 * semi[d];
  auto grid = std::make_unique<SpacingGrid>(room, static_cast<std::size_t>(o.atoms));
  Atoms a;
  for (auto* v : {&a.x, &a.y, &a.z}) v->reserve(static_cast<std::size_t>(o.atoms));
  for (int misses = 0; a.size() < static_cast<std::size_t>(o.atoms);) {
    double u[3], r2;
    do {
      for (double& c : u) c = 2 * rng.uniform() - 1;
      r2 = u[0] * u[0] + u[1] * u[1] + u[2] * u[2];
    } while (r2 > 1);
    const double x = semi[0] * u[0], y = semi[1] * u[1], z = semi[2] * u[2];
    if (grid->clear(a, x, y, z)) {
      a.x.push_back(x), a.y.push_back(y), a.z.push_back(z);
      grid->insert(a, a.size() - 1);
      misses = 0;
    } else if (++misses == kTriesBeforeGrowth) {
      misses = 0;
      for (double& s : semi) s *= 1.01;
      if (grid->covers(semi)) continue;
      for (int d = 0; d < 3; ++d) room[d] = 1.1 * semi[d];
      grid = std::make_unique<SpacingGrid>(room, static_cast<std::size_t>(o.atoms));
      for (std::size_t m = 0; m < a.size(); ++m) grid->insert(a, m);
    }
  }
  return a;
}

// Element by the protein mix, charge around the element's typical Amber values: polar
// and aliphatic H, carbonyl and other C, backbone-like N, carbonyl/carboxylate O.
void assign_elements(Atoms& a, Rng& rng) {
  a.charge.resize(a.size());
  a.radius.resize(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double u = rng.uniform(), v = rng.uniform(), g = rng.bell();
    double r, q;
    if (u < 0.5) r = 1.2, q = v < 0.2 ? 0.35 + 0.05 * g : 0.08 + 0.05 * g;
    else if (u < 0.8) r = 1.7, q = v < 0.25 ? 0.6 + 0.1 * g : -0.05 + 0.15 * g;
    else if (u < 0.9) r = 1.55, q = -0.45 + 0.15 * g;
    else r = 1.5, q = -0.6 + 0.1 * g;
    a.radius[i] = r;
    a.charge[i] = std::clamp(q, -kMaxCharge, kMaxCharge);
  }
}

// Spreads (target - sum) over the atoms that still have room below the bound, then puts
// the last rounding residue on the atom with the most room: the sum is then the target
// to rounding of the final sum.
void shift_to_net(std::vector<double>& q, double target) {
  auto residual = [&] {
    long double s = 0;
    for (double c : q) s += c;
    return static_cast<double>(static_cast<long double>(target) - s);
  };
  for (int pass = 0; pass < 100; ++pass) {
    const double res = residual();
    std::size_t free = 0;
    for (double c : q) free += res > 0 ? c < kMaxCharge : c > -kMaxCharge;
    if (std::fabs(res) < 1e-13 || free == 0) break;
    const double step = res / static_cast<double>(free);
    for (double& c : q)
      if (res > 0 ? c < kMaxCharge : c > -kMaxCharge) c = std::clamp(c + step, -kMaxCharge, kMaxCharge);
  }
  const double res = residual();
  auto most_room = std::min_element(q.begin(), q.end(), [&](double a, double b) { return res > 0 ? a < b : a > b; });
  *most_room += res;
}

}  // namespace

Atoms synthetic_molecule(const MoleculeOptions& o) {
  check(o);
  Rng rng(o.seed);
  Atoms a = place(o, rng);
  assign_elements(a, rng);
  shift_to_net(a.charge, std::round(o.net_charge));
  return a;
}

}  // namespace hpcs::gem
