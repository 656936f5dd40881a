// SPDX-License-Identifier: BSD-3-Clause
#include "gem_hcp.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <numeric>
#include <string>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"

namespace hpcs::gem {

void check_hcp(const HcpOptions& o) {
  const auto bad = [](const char* option, double v, const char* rule) {
    throw Error(std::string(option) + " " + format_one("%g", v) + ": " + rule);
  };
  if (!(o.cutoff >= 0)) bad("--hcp-cutoff", o.cutoff, "expected a distance >= 0 in A");
  if (!(o.cell > 0) || !std::isfinite(o.cell)) bad("--hcp-cell", o.cell, "expected a positive cell edge in A");
  if (!(o.tolerance > 0) || !std::isfinite(o.tolerance))
    bad("--hcp-tolerance", o.tolerance, "expected a positive fraction of the reference's RMS");
}

std::array<HcpCharge<double>, 2> two_charges(const HcpCharge<double>* begin, const HcpCharge<double>* end) {
  // sums of q, q x, q y, q z per sign, and the plain centre for a missing sign
  double s[2][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}}, c[3] = {0, 0, 0};
  for (const HcpCharge<double>* a = begin; a != end; ++a) {
    double* t = s[a->q < 0 ? 1 : 0];
    t[0] += a->q, t[1] += a->q * a->x, t[2] += a->q * a->y, t[3] += a->q * a->z;
    c[0] += a->x, c[1] += a->y, c[2] += a->z;
  }
  const double n = static_cast<double>(end - begin);
  std::array<HcpCharge<double>, 2> out;
  for (int k = 0; k < 2; ++k) {
    if (s[k][0] != 0) out[k] = {s[k][1] / s[k][0], s[k][2] / s[k][0], s[k][3] / s[k][0], s[k][0]};
    else out[k] = {c[0] / n, c[1] / n, c[2] / n, 0.0};
  }
  return out;
}

HcpSphere bounding_sphere(const HcpCharge<double>* begin, const HcpCharge<double>* end, double cutoff) {
  double c[3] = {0, 0, 0};
  for (const HcpCharge<double>* a = begin; a != end; ++a) c[0] += a->x, c[1] += a->y, c[2] += a->z;
  const double n = static_cast<double>(end - begin);
  const double x = c[0] / n, y = c[1] / n, z = c[2] / n;
  double r = 0;
  for (const HcpCharge<double>* a = begin; a != end; ++a) r = std::max(r, std::hypot(a->x - x, a->y - y, a->z - z));
  // Rounding of the vertex-centre distance must never move an atom inside the reach.
  r = r * (1 + 1e-12) + 1e-9;
  return {x, y, z, (cutoff + r) * (cutoff + r)};
}

namespace {
using Cell = std::array<long long, 3>;

// Level-1 cell of every atom, from the molecule's lower corner.
std::vector<Cell> cells_of(const Atoms& a, double edge) {
  double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  const std::vector<double>* axis[3] = {&a.x, &a.y, &a.z};
  for (int d = 0; d < 3; ++d)
    for (double v : *axis[d]) lo[d] = std::min(lo[d], v), hi[d] = std::max(hi[d], v);
  for (int d = 0; d < 3; ++d)
    if (!((hi[d] - lo[d]) / edge < 1e12))
      throw Error("--hcp-cell " + format_one("%g", edge) + ": over 1e12 cells across the molecule");
  std::vector<Cell> cells(a.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int d = 0; d < 3; ++d) cells[i][d] = static_cast<long long>(std::floor(((*axis[d])[i] - lo[d]) / edge));
  return cells;
}

Cell parent(const Cell& c) { return {c[0] / kHcpLevel2, c[1] / kHcpLevel2, c[2] / kHcpLevel2}; }

// Appends the sphere and two charges of atoms[begin, end) to a level.
void add_group(const HcpHierarchy& h, std::size_t begin, std::size_t end, double cutoff, std::vector<HcpSphere>& sphere,
               std::vector<HcpCharge<double>>& approx) {
  sphere.push_back(bounding_sphere(h.atoms.data() + begin, h.atoms.data() + end, cutoff));
  const auto two = two_charges(h.atoms.data() + begin, h.atoms.data() + end);
  approx.insert(approx.end(), two.begin(), two.end());
}
}  // namespace

HcpHierarchy build_hcp(const Atoms& atoms, const std::vector<double>& q, const HcpOptions& o) {
  check_hcp(o);
  if (atoms.size() > static_cast<std::size_t>(INT_MAX)) throw Error("hcp: more than INT_MAX atoms");
  const std::vector<Cell> cell = cells_of(atoms, o.cell);
  HcpHierarchy h;
  h.input_index.resize(atoms.size());
  std::iota(h.input_index.begin(), h.input_index.end(), std::size_t{0});
  // Level-1 cells nest in level-2 cells: sort by the parent first, input order within a cell.
  std::stable_sort(h.input_index.begin(), h.input_index.end(), [&](std::size_t a, std::size_t b) {
    const Cell pa = parent(cell[a]), pb = parent(cell[b]);
    return pa != pb ? pa < pb : cell[a] < cell[b];
  });
  for (std::size_t i : h.input_index) h.atoms.push_back({atoms.x[i], atoms.y[i], atoms.z[i], q[i]});
  const double cutoff2 = kHcpLevel2 * o.cutoff;
  for (std::size_t k = 0; k < h.atoms.size(); ++k) {
    const Cell& c = cell[h.input_index[k]];
    const bool new1 = k == 0 || c != cell[h.input_index[k - 1]];
    const bool new2 = k == 0 || parent(c) != parent(cell[h.input_index[k - 1]]);
    if (new2) h.first2.push_back(static_cast<int>(h.first1.size()));
    if (new1) h.first1.push_back(static_cast<int>(k));
  }
  h.first1.push_back(static_cast<int>(h.atoms.size()));
  h.first2.push_back(static_cast<int>(h.first1.size() - 1));
  for (std::size_t g = 0; g + 1 < h.first1.size(); ++g)
    add_group(h, std::size_t(h.first1[g]), std::size_t(h.first1[g + 1]), o.cutoff, h.sphere1, h.approx1);
  for (std::size_t G = 0; G + 1 < h.first2.size(); ++G)
    add_group(h, std::size_t(h.first1[std::size_t(h.first2[G])]), std::size_t(h.first1[std::size_t(h.first2[G + 1])]),
              cutoff2, h.sphere2, h.approx2);
  return h;
}

}  // namespace hpcs::gem
