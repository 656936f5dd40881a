// SPDX-License-Identifier: BSD-3-Clause
#include "gem_physics.hpp"

#include <cmath>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"

namespace hpcs::gem {

double estimate_A(const Atoms& a) {
  double m = 0, cx = 0, cy = 0, cz = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double w = a.radius[i] * a.radius[i] * a.radius[i];
    m += w, cx += w * a.x[i], cy += w * a.y[i], cz += w * a.z[i];
  }
  if (m <= 0) throw Error("the electrostatic size needs atoms with positive radii");
  cx /= m, cy /= m, cz /= m;
  // Second moments about the centre of mass, each atom adding its own R^2 / 5 per axis.
  double xx = 0, yy = 0, zz = 0, xy = 0, yz = 0, xz = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const double w = a.radius[i] * a.radius[i] * a.radius[i], self = a.radius[i] * a.radius[i] / 5.0;
    const double x = a.x[i] - cx, y = a.y[i] - cy, z = a.z[i] - cz;
    xx += w * (x * x + self), yy += w * (y * y + self), zz += w * (z * z + self);
    xy += w * x * y, yz += w * y * z, xz += w * x * z;
  }
  // The inertia tensor from the second moments (I11 = Syy + Szz, I12 = -Sxy, ...).
  const double i11 = yy + zz, i22 = xx + zz, i33 = xx + yy, i12 = -xy, i23 = -yz, i13 = -xz;
  const double det = i11 * i22 * i33 + 2 * i12 * i23 * i13 - i11 * i23 * i23 - i22 * i13 * i13 - i33 * i12 * i12;
  return std::sqrt(2.5 / m) * std::pow(det, 1.0 / 6.0);
}

void check_physics(const Physics& p) {
  const auto bad = [](const char* option, double v, const char* rule) {
    throw Error(std::string(option) + " " + format_one("%g", v) + ": " + rule);
  };
  if (!(p.eps_in > 0) || !std::isfinite(p.eps_in)) bad("--eps-in", p.eps_in, "a dielectric constant must be positive");
  if (!(p.eps_out > 0) || !std::isfinite(p.eps_out))
    bad("--eps-out", p.eps_out, "a dielectric constant must be positive");
  if (!(p.salt >= 0) || !std::isfinite(p.salt)) bad("--salt", p.salt, "a concentration must not be negative");
  if (!std::isfinite(p.proj) || std::fabs(p.proj) > 1e3) bad("--proj", p.proj, "expected a length in A");
  if (!(p.ion_exc > 0) || p.ion_exc > 1e3) bad("--ion-exc", p.ion_exc, "expected a positive length in A");
  if (!(p.A >= 0) || !std::isfinite(p.A)) bad("--A", p.A, "expected a size in A (0: estimate it)");
  if (!(p.r0_frac >= 0 && p.r0_frac < 1)) bad("--r0-frac", p.r0_frac, "expected 0 <= r0/A < 1");
  if (!(p.charge_scale > 0) || !std::isfinite(p.charge_scale))
    bad("--charge-scale", p.charge_scale, "must be positive");
}

int region_of(const Physics& p) {
  if (p.proj > p.ion_exc) return 3;
  if (p.proj > 0) return 2;
  return 1;
}

PairConstants<double> pair_constants(const Physics& p, double A) {
  const double beta = p.eps_in / p.eps_out, a1 = 1 + kAlpha, amb = kAlpha * (1 - beta);
  const double K = 1 / (p.eps_out * (1 + kAlpha * beta));
  const double kappa = p.kappa_factor * std::sqrt(p.salt);
  const double r = A + p.proj, rp = A + p.ion_exc, r0 = p.r0_frac * A;
  PairConstants<double> c;
  c.region = region_of(p);
  c.phi = static_cast<int>(p.phi);
  c.salt = kappa > 0;
  c.inv_eps_in = 1 / p.eps_in;
  c.k_a = K * a1;
  c.kappa = kappa;
  c.c3 = K * amb * std::exp(-kappa * (r - rp)) / (r * (1 + kappa * rp));
  c.c2b = K * amb / rp * (1 - 1 / (1 + kappa * rp));
  c.c2 = -K * amb / r + c.c2b;
  c.s1 = (1 / p.eps_in - 1 / p.eps_out) / ((1 + kAlpha * beta) * A) * A * A;
  c.c1 = (A * A - r0 * r0) * (A * A - r * r);
  c.a2 = A * A;
  return c;
}

ShiftedVertices shift_vertices(const Vertices& v, const Physics& p) {
  ShiftedVertices s;
  for (std::size_t i = 0; i < v.size(); ++i) {
    s.px.push_back(v.x[i] + p.proj * v.nx[i]);
    s.py.push_back(v.y[i] + p.proj * v.ny[i]);
    s.pz.push_back(v.z[i] + p.proj * v.nz[i]);
    s.qx.push_back(v.x[i] + p.ion_exc * v.nx[i]);
    s.qy.push_back(v.y[i] + p.ion_exc * v.ny[i]);
    s.qz.push_back(v.z[i] + p.ion_exc * v.nz[i]);
  }
  return s;
}

}  // namespace hpcs::gem
