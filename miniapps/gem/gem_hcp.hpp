// SPDX-License-Identifier: BSD-3-Clause
// Hierarchical Charge Partitioning (HCP; Anandakrishnan et al. 2010, digest 2.8) for GEM:
// an accuracy/speed knob. Our atoms carry no residues, so groups are spatial: level 1 cells
// of edge --hcp-cell, level 2 cells of kHcpLevel2^3 level-1 cells. A group stands for its
// atoms by two charges, its positive charge at the centroid of its positive charges and
// its negative charge at that of its negative ones (total charge and dipole kept exactly),
// wherever the vertex lies beyond the level's cutoff from the group's bounding sphere.
// The walk (hcp_walk) is HPCS_HD so the CPU, CUDA and Kokkos variants share it.
#pragma once
#include <array>
#include <cstddef>
#include <vector>

#include "gem_pair.hpp"
#include "gem_problem.hpp"
#include "hpcs/base/hd.hpp"

namespace hpcs::gem {

struct HcpOptions {
  double cutoff = 30.0;     // A: a level-1 group farther than this from a vertex is its 2 charges
  double cell = 6.0;        // A: level-1 cell edge (about a residue)
  double tolerance = 2e-2;  // verification: max |phi - exact| <= tolerance x RMS(exact); docs/gem.md
};

// A level-2 cell is kHcpLevel2 level-1 cells a side; its cutoff is kHcpLevel2 x --hcp-cutoff,
// so both levels approximate at the same ratio of group size to distance.
constexpr int kHcpLevel2 = 4;

// Throws hpcs::Error naming the option for values HCP cannot take (negative, NaN, ...).
void check_hcp(const HcpOptions& o);

// An atom or an approximate charge (charges scaled by the charge scale); aligned so a GPU
// reads one with a 128-bit (float32) or two (float64) loads.
template <class Real>
struct alignas(4 * sizeof(Real)) HcpCharge {
  Real x, y, z, q;
};

// A group's bounding sphere: centre and (its level's cutoff + radius)^2. Kept in double on
// every backend, so a float32 and a float64 run approximate the same groups.
struct HcpSphere {
  double x, y, z, reach2;
};

HPCS_HD inline bool hcp_far(const HcpSphere& s, double x, double y, double z) {
  const double dx = x - s.x, dy = y - s.y, dz = z - s.z;
  return dx * dx + dy * dy + dz * dz > s.reach2;
}

// Non-owning view of a hierarchy (host vectors or device copies).
template <class Real>
struct HcpView {
  const HcpCharge<Real>* atoms;  // sorted so each group's atoms are contiguous
  const HcpSphere* sphere1;      // level 1: group g holds atoms first1[g] .. first1[g + 1] - 1
  const int* first1;
  const HcpCharge<Real>* approx1;  // 2 per group: positive, negative
  const HcpSphere* sphere2;        // level 2: group G holds level-1 groups first2[G] .. first2[G + 1] - 1
  const int* first2;
  const HcpCharge<Real>* approx2;
  int groups2;
};

// Calls add(charge) for every charge that stands for the molecule at (x, y, z): the two
// charges of each far group, the atoms of the others.
template <class Real, class Add>
HPCS_HD inline void hcp_walk(const HcpView<Real>& h, double x, double y, double z, Add& add) {
  for (int G = 0; G < h.groups2; ++G) {
    if (hcp_far(h.sphere2[G], x, y, z)) {
      add(h.approx2[2 * G]), add(h.approx2[2 * G + 1]);
      continue;
    }
    for (int g = h.first2[G]; g < h.first2[G + 1]; ++g) {
      if (hcp_far(h.sphere1[g], x, y, z)) {
        add(h.approx1[2 * g]), add(h.approx1[2 * g + 1]);
        continue;
      }
      for (int i = h.first1[g]; i < h.first1[g + 1]; ++i) add(h.atoms[i]);
    }
  }
}

// The GPU variants' add: one charge's potential at the vertex (P, Q in the variant's
// precision) summed in a register, the case C (gem_pair.hpp's Case) fixed at compile time.
template <class C, class Real>
struct HcpPairSum {
  PairConstants<Real> c;
  Real px, py, pz, qx, qy, qz;
  Real sum;
  HPCS_HD void operator()(const HcpCharge<Real>& a) {
    const Real d = hd_sqrt((a.x - px) * (a.x - px) + (a.y - py) * (a.y - py) + (a.z - pz) * (a.z - pz));
    Real dp = d;  // without salt no term reads d'
    if constexpr (C::salt) dp = hd_sqrt((a.x - qx) * (a.x - qx) + (a.y - qy) * (a.y - qy) + (a.z - qz) * (a.z - qz));
    sum += a.q * pair_term<C::region, C::salt, C::phi>(c, d, dp);
  }
};

struct HcpHierarchy {
  std::vector<HcpCharge<double>> atoms;  // sorted by level-2, then level-1 cell
  std::vector<std::size_t> input_index;  // where each sorted atom was in the input
  std::vector<HcpSphere> sphere1, sphere2;
  std::vector<int> first1, first2;  // groups + 1 entries
  std::vector<HcpCharge<double>> approx1, approx2;
  HcpView<double> view() const {
    return {atoms.data(),   sphere1.data(), first1.data(),  approx1.data(),
            sphere2.data(), first2.data(),  approx2.data(), static_cast<int>(sphere2.size())};
  }
};

// Charges in a variant's precision (the GPU variants' uploads).
template <class Real>
std::vector<HcpCharge<Real>> hcp_charges_as(const std::vector<HcpCharge<double>>& c) {
  std::vector<HcpCharge<Real>> out(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) out[i] = {Real(c[i].x), Real(c[i].y), Real(c[i].z), Real(c[i].q)};
  return out;
}

// q: the scaled charges of `atoms`. Throws hpcs::Error for bad options.
HcpHierarchy build_hcp(const Atoms& atoms, const std::vector<double>& q, const HcpOptions& o);

// The two charges of atoms[begin, end): positive, then negative (charge 0 at the atoms'
// centre where a sign is missing).
std::array<HcpCharge<double>, 2> two_charges(const HcpCharge<double>* begin, const HcpCharge<double>* end);
// Centre (mean of the atoms) and reach2 = (cutoff + largest distance to it)^2.
HcpSphere bounding_sphere(const HcpCharge<double>* begin, const HcpCharge<double>* end, double cutoff);

}  // namespace hpcs::gem
