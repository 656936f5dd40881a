// SPDX-License-Identifier: BSD-3-Clause
#include "gem_surface.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <utility>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"

namespace hpcs::gem {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr int kAxisBits = 21;  // three cell coordinates packed into one 63-bit key
constexpr std::int64_t kAxisCells = std::int64_t{1} << kAxisBits;

// Unit directions of an n-point Fibonacci sphere. They are stored band by band (bands
// of z) with the longitude running back and forth, so consecutive points are neighbours
// and the atom that buried the previous point most likely buries this one too.
struct Dirs {
  std::vector<double> x, y, z;
};

Dirs fibonacci(std::int64_t n) {
  const double golden = kPi * (3.0 - std::sqrt(5.0));
  const std::int64_t bands = std::max<std::int64_t>(1, std::llround(std::sqrt(static_cast<double>(n)) / 2));
  std::vector<double> phi(static_cast<std::size_t>(n));
  for (std::int64_t k = 0; k < n; ++k) phi[k] = std::fmod(golden * static_cast<double>(k), 2 * kPi);
  std::vector<std::int64_t> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  auto band = [&](std::int64_t k) { return k * bands / n; };  // z falls with k
  std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
    if (band(a) != band(b)) return band(a) < band(b);
    return band(a) % 2 ? phi[a] > phi[b] : phi[a] < phi[b];
  });
  Dirs d;
  for (std::int64_t k : order) {
    const double z = 1.0 - (2.0 * static_cast<double>(k) + 1.0) / static_cast<double>(n);
    const double s = std::sqrt(std::max(0.0, 1.0 - z * z));
    d.x.push_back(s * std::cos(phi[k]));
    d.y.push_back(s * std::sin(phi[k]));
    d.z.push_back(z);
  }
  return d;
}

// The atoms in the 27 cells around one cell, gathered once for all the cell's atoms and
// read as contiguous arrays.
struct Candidates {
  std::vector<double> x, y, z, R;
  std::vector<std::uint32_t> pos;  // position in cell order
  std::vector<double> d2;          // scratch: squared distances to the current atom
  std::vector<std::uint32_t> hit;  // scratch: the candidates that overlap it
};

// Atoms binned in cubic cells, their centres and inflated radii copied in cell order so
// a cell's atoms, and the neighbours of consecutive atoms, sit together in memory.
// Occupied cells are found through an open-addressing hash, so memory follows the atom
// count however far apart the atoms lie.
class CellIndex {
 public:
  CellIndex(const Atoms& a, const std::vector<double>& big, double cell) : cell_(cell) {
    const std::vector<double>* c[3] = {&a.x, &a.y, &a.z};
    for (int d = 0; d < 3; ++d) {
      const auto mm = std::minmax_element(c[d]->begin(), c[d]->end());
      lo_[d] = *mm.first;
      if ((*mm.second - lo_[d]) / cell >= static_cast<double>(kAxisCells - 2)) {
        // the two atoms by their number in the input (a PQR file's ATOM order), values short
        const auto atom = [&](auto it) {
          return std::to_string(it - c[d]->begin() + 1) + " (" + "xyz"[d] + " " + format_one("%g", *it) + " A)";
        };
        throw Error("molecular surface: atoms " + atom(mm.first) + " and " + atom(mm.second) + " lie " +
                    format_one("%g", *mm.second - lo_[d]) + " A apart along " + "xyz"[d] +
                    ", more than the grid's 2^21 cells of " + format_one("%g", cell) + " A");
      }
    }
    std::vector<std::pair<std::uint64_t, std::uint32_t>> keyed(a.size());
    for (std::size_t i = 0; i < a.size(); ++i)
      keyed[i] = {key(coord(a.x[i], 0), coord(a.y[i], 1), coord(a.z[i], 2)), static_cast<std::uint32_t>(i)};
    std::sort(keyed.begin(), keyed.end());
    std::size_t slots = 16;
    for (shift_ = 60; slots < 2 * a.size(); --shift_) slots *= 2;  // load at most 1/2
    slot_.assign(slots, kNone);
    for (std::size_t b = 0, e = 0; b < keyed.size(); b = e) {
      for (e = b; e < keyed.size() && keyed[e].first == keyed[b].first; ++e) {
        const std::uint32_t i = keyed[e].second;
        atom_.push_back(i), x_.push_back(a.x[i]), y_.push_back(a.y[i]), z_.push_back(a.z[i]), R_.push_back(big[i]);
      }
      std::size_t s = hash(keyed[b].first);
      while (slot_[s] != kNone) s = (s + 1) & (slots - 1);
      slot_[s] = static_cast<std::uint32_t>(key_.size());
      key_.push_back(keyed[b].first);
      range_.push_back({static_cast<std::uint32_t>(b), static_cast<std::uint32_t>(e)});
    }
  }

  std::size_t cells() const { return key_.size(); }
  std::pair<std::uint32_t, std::uint32_t> range(std::size_t c) const { return range_[c]; }  // positions
  std::uint32_t atom(std::size_t r) const { return atom_[r]; }                              // r: position in cell order

  // Every atom in the 27 cells around cell c.
  void gather(std::size_t c, Candidates& out) const {
    for (auto* v : {&out.x, &out.y, &out.z, &out.R}) v->clear();
    out.pos.clear();
    const std::uint64_t m = kAxisCells - 1, k0 = key_[c];
    const std::int64_t at[3] = {static_cast<std::int64_t>(k0 >> (2 * kAxisBits)),
                                static_cast<std::int64_t>((k0 >> kAxisBits) & m), static_cast<std::int64_t>(k0 & m)};
    for (std::int64_t i = std::max<std::int64_t>(at[0] - 1, 0); i <= at[0] + 1; ++i)
      for (std::int64_t j = std::max<std::int64_t>(at[1] - 1, 0); j <= at[1] + 1; ++j)
        for (std::int64_t k = std::max<std::int64_t>(at[2] - 1, 0); k <= at[2] + 1; ++k) {
          const std::uint64_t want = key(i, j, k);
          for (std::size_t s = hash(want); slot_[s] != kNone; s = (s + 1) & (slot_.size() - 1)) {
            if (key_[slot_[s]] != want) continue;
            for (std::uint32_t r = range_[slot_[s]].first; r < range_[slot_[s]].second; ++r)
              out.x.push_back(x_[r]), out.y.push_back(y_[r]), out.z.push_back(z_[r]), out.R.push_back(R_[r]),
                  out.pos.push_back(r);
            break;
          }
        }
    out.d2.resize(out.x.size());
    out.hit.resize(out.x.size());
  }

 private:
  static constexpr std::uint32_t kNone = ~std::uint32_t{0};
  std::int64_t coord(double v, int d) const { return static_cast<std::int64_t>(std::floor((v - lo_[d]) / cell_)); }
  static std::uint64_t key(std::int64_t i, std::int64_t j, std::int64_t k) {
    return static_cast<std::uint64_t>(i) << (2 * kAxisBits) | static_cast<std::uint64_t>(j) << kAxisBits |
           static_cast<std::uint64_t>(k);
  }
  std::size_t hash(std::uint64_t key) const {  // Fibonacci hashing: the product's top bits
    return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
  }

  double lo_[3] = {0, 0, 0};
  double cell_;
  int shift_ = 60;                                              // 64 - log2(slots)
  std::vector<std::uint32_t> atom_;                             // atom indices in cell order
  std::vector<double> x_, y_, z_, R_;                           // their centres and inflated radii
  std::vector<std::uint64_t> key_;                              // occupied cells, ascending
  std::vector<std::pair<std::uint32_t, std::uint32_t>> range_;  // a cell's [begin, end) positions
  std::vector<std::uint32_t> slot_;                             // hash slot -> cell
};

// The directions u of an inflated sphere (centre C, radius R) that a neighbour at
// C + D buries: u . D > t, with t = (R^2 + |D|^2 - R_j^2) / (2 R). Equivalent to
// |C + R u - C_j| < R_j, without a square root or a division per neighbour. The cap
// is larger for a smaller cosine c = t / |D|; `order` is c |c|, which sorts the same.
struct Cap {
  double dx, dy, dz, t, order;
};

// The caps of the candidates overlapping the sphere (x, y, z, R) at position r, the
// biggest few first, so a buried point is usually rejected by the first test. False if
// one neighbour buries the whole sphere (c <= -1).
bool caps_of(double x, double y, double z, double R, std::uint32_t r, Candidates& n, std::vector<Cap>& caps) {
  caps.clear();
  // Branch-free selection of the overlapping candidates (about one in six): a branch
  // here is mispredicted often enough to dominate the run time.
  std::size_t hits = 0;
  for (std::size_t q = 0; q < n.x.size(); ++q) {
    const double dx = n.x[q] - x, dy = n.y[q] - y, dz = n.z[q] - z, reach = R + n.R[q];
    n.d2[q] = dx * dx + dy * dy + dz * dz;
    n.hit[hits] = static_cast<std::uint32_t>(q);
    hits += n.d2[q] < reach * reach;
  }
  const double half_inv_R = 0.5 / R;
  bool exposed = true;
  for (std::size_t h = 0; h < hits; ++h) {
    const std::uint32_t q = n.hit[h];
    const double d2 = n.d2[q], Rq = n.R[q];
    if (n.pos[q] == r || Rq <= 0) continue;
    if (d2 == 0) {  // same centre: buries all or nothing
      exposed = exposed && Rq <= R;
      continue;
    }
    const double t = (R * R + d2 - Rq * Rq) * half_inv_R;
    if (t <= 0 && t * t >= d2) exposed = false;
    caps.push_back({n.x[q] - x, n.y[q] - y, n.z[q] - z, t, t * std::fabs(t) / d2});
  }
  // Only the first few are tried before a buried point is found; sorting all would cost
  // more than the tests it saves.
  const auto head = caps.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(caps.size(), 8));
  std::partial_sort(caps.begin(), head, caps.end(), [](const Cap& p, const Cap& q) { return p.order < q.order; });
  return exposed;
}

// Atom i's kept points: its Fibonacci directions outside every cap, moved onto the atom.
void add_points(const Atoms& atoms, std::uint32_t i, const Dirs& d, const std::vector<Cap>& caps, Vertices& v) {
  const double cx = atoms.x[i], cy = atoms.y[i], cz = atoms.z[i], rad = atoms.radius[i];
  std::size_t last = 0;  // the cap that buried the previous point
  for (std::size_t k = 0; k < d.x.size(); ++k) {
    const double ux = d.x[k], uy = d.y[k], uz = d.z[k];
    auto buries = [&](const Cap& p) { return ux * p.dx + uy * p.dy + uz * p.dz > p.t; };
    if (!caps.empty() && buries(caps[last])) continue;
    bool buried = false;
    for (std::size_t m = 0; m < caps.size() && !buried; ++m)
      if (buries(caps[m])) buried = true, last = m;
    if (!buried) v.push_back(cx + rad * ux, cy + rad * uy, cz + rad * uz, ux, uy, uz);
  }
}

void check(const Atoms& atoms, const SurfaceOptions& o) {
  if (!(o.density > 0) || !std::isfinite(o.density))
    throw Error("molecular surface: density " + format_one("%g", o.density) +
                " must be a positive number (points/A^2)");
  if (!(o.probe >= 0) || !std::isfinite(o.probe))
    throw Error("molecular surface: probe radius " + format_one("%g", o.probe) + " must be 0 or more (A)");
  if (atoms.size() == 0) throw Error("molecular surface: no atoms");
  if (atoms.size() >= (std::size_t{1} << 32)) throw Error("molecular surface: more than 2^32 atoms");
  if (atoms.y.size() != atoms.size() || atoms.z.size() != atoms.size() || atoms.radius.size() != atoms.size())
    throw Error("molecular surface: the atom arrays have different lengths");
  for (std::size_t i = 0; i < atoms.size(); ++i)
    if (!std::isfinite(atoms.x[i]) || !std::isfinite(atoms.y[i]) || !std::isfinite(atoms.z[i]) ||
        !(atoms.radius[i] >= 0) || !std::isfinite(atoms.radius[i]))
      throw Error("molecular surface: atom " + std::to_string(i + 1) + " has a NaN, infinite or negative value");
  double points = 0;
  for (double r : atoms.radius)
    if (r > 0) points += std::round(o.density * 4 * kPi * (r + o.probe) * (r + o.probe));
  if (points > static_cast<double>(std::int64_t{1} << 31))
    throw Error("molecular surface: " + std::to_string(static_cast<long long>(points)) +
                " points expected before burial, more than 2^31 (lower the density)");
  if (points == 0) throw Error("molecular surface: every atom has radius 0, so there is no surface");
}

}  // namespace

Vertices molecular_surface(const Atoms& atoms, const SurfaceOptions& o) {
  check(atoms, o);
  std::vector<double> big(atoms.size());  // inflated radii
  for (std::size_t i = 0; i < atoms.size(); ++i) big[i] = atoms.radius[i] + o.probe;
  const double cell = 2 * *std::max_element(big.begin(), big.end());  // any overlapping pair is in adjacent cells
  const CellIndex index(atoms, big, cell);
  std::map<std::int64_t, Dirs> dirs_of;  // per point count; a molecule has few distinct radii
  Candidates near;
  std::vector<Cap> caps;
  Vertices v;
  for (std::size_t c = 0; c < index.cells(); ++c) {
    index.gather(c, near);
    for (std::uint32_t r = index.range(c).first; r < index.range(c).second; ++r) {
      const std::uint32_t i = index.atom(r);
      const auto count = std::llround(o.density * 4 * kPi * big[i] * big[i]);
      // A zero-radius atom still keeps the probe away, but its own points would all sit on
      // its centre, where GEM's 1/d diverges.
      if (count == 0 || atoms.radius[i] <= 0 || !caps_of(atoms.x[i], atoms.y[i], atoms.z[i], big[i], r, near, caps))
        continue;
      auto found = dirs_of.find(count);
      if (found == dirs_of.end()) found = dirs_of.emplace(count, fibonacci(count)).first;
      add_points(atoms, i, found->second, caps, v);
    }
  }
  return v;
}

}  // namespace hpcs::gem
