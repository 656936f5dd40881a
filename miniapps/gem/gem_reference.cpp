// SPDX-License-Identifier: BSD-3-Clause
#include "gem_reference.hpp"

#include <algorithm>
#include <cmath>
#include <thread>

namespace hpcs::gem {

TermParts reference_parts(const Physics& p, double A, double d, double dp) {
  const double beta = p.eps_in / p.eps_out, a1 = 1 + kAlpha, amb = kAlpha * (1 - beta);
  const double K = 1 / (p.eps_out * (1 + kAlpha * beta));
  const double kappa = p.kappa_factor * std::sqrt(p.salt);
  const double r = A + p.proj, rp = A + p.ion_exc, r0 = p.r0_frac * A;
  const double coulomb = 1 / (p.eps_in * d);
  if (p.phi == PhiType::Coulomb) return {coulomb, coulomb};
  double parts[4] = {0, 0, 0, 0};  // the addends of the formula, whose magnitudes bound the rounding
  if (r > rp) {                    // region 3: beyond the ion-exclusion layer, full Debye-Hueckel
    parts[0] = K * a1 * std::exp(-kappa * (d - dp)) / (d * (1 + kappa * dp));
    parts[1] = -K * amb * std::exp(-kappa * (r - rp)) / (r * (1 + kappa * rp));
  } else if (r > A) {  // region 2: inside the ion-exclusion layer
    parts[0] = K * (a1 / d - amb / r);
    parts[1] = K * (amb / rp) * (1 - 1 / (1 + kappa * rp));
    parts[2] = K * a1 * (1 / (dp + kappa * dp * dp) - 1 / dp);
  } else {  // region 1: on (or inside) the surface, with the charge's image at r0
    parts[0] = 1 / (p.eps_in * d);
    parts[1] = -(1 / p.eps_in - 1 / p.eps_out) / ((1 + kAlpha * beta) * A) * A * A /
               std::sqrt((A * A - r0 * r0) * (A * A - r * r) + A * A * d * d);
    parts[2] = K * (a1 / dp) * (1 / (1 + kappa * dp) - 1);
    parts[3] = K * (amb / rp) * (1 - 1 / (1 + kappa * rp));
  }
  TermParts t{parts[0] + parts[1] + parts[2] + parts[3], 0};
  for (double x : parts) t.magnitude += std::fabs(x);
  if (p.phi == PhiType::Reaction) {
    t.value -= coulomb;
    t.magnitude += coulomb;
  }
  return t;
}

double reference_term(const Physics& p, double A, double d, double dp) { return reference_parts(p, A, d, dp).value; }

namespace {
void reference_range(const Physics& p, double A, const Atoms& a, const ShiftedVertices& v, std::size_t begin,
                     std::size_t end, ReferencePotentials& out) {
  for (std::size_t k = begin; k < end; ++k) {
    const double vertex_size = std::max({std::fabs(v.px[k]), std::fabs(v.py[k]), std::fabs(v.pz[k])});
    double sum = 0, abs_sum = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const double d = std::hypot(a.x[i] - v.px[k], a.y[i] - v.py[k], a.z[i] - v.pz[k]);
      const double dp = std::hypot(a.x[i] - v.qx[k], a.y[i] - v.qy[k], a.z[i] - v.qz[k]);
      const TermParts t = reference_parts(p, A, d, dp);
      const double q = a.charge[i] * p.charge_scale;
      sum += q * t.value;
      // Rounded coordinates move d by about u (|atom| + |vertex|) relative to d.
      const double atom_size = std::max({std::fabs(a.x[i]), std::fabs(a.y[i]), std::fabs(a.z[i])});
      abs_sum += std::fabs(q) * t.magnitude * (1 + (atom_size + vertex_size) / d);
    }
    out.phi[k] = sum;
    out.abs_sum[k] = abs_sum;
  }
}
}  // namespace

ReferencePotentials reference_potentials(const Physics& p, double A, const Atoms& atoms, const ShiftedVertices& v,
                                         unsigned threads) {
  ReferencePotentials out;
  out.phi.resize(v.size());
  out.abs_sum.resize(v.size());
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  const std::size_t n = v.size(), per = (n + threads - 1) / threads;
  std::vector<std::thread> team;
  for (std::size_t begin = 0; begin < n; begin += per)
    team.emplace_back(reference_range, std::cref(p), A, std::cref(atoms), std::cref(v), begin, std::min(n, begin + per),
                      std::ref(out));
  for (auto& t : team) t.join();
  return out;
}

}  // namespace hpcs::gem
