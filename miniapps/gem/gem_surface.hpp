// SPDX-License-Identifier: BSD-3-Clause
// Our own molecular surface (MSMS is not packaged): points with unit outward normals on
// the contact part of the solvent-excluded surface (SES), the part GEM samples.
//
// Method (the SAS-projected contact surface): each atom's sphere inflated by the probe
// radius (the solvent-accessible surface, SAS) gets round(density * 4 pi (r + probe)^2)
// Fibonacci-sphere points (deterministic, evenly spread); points inside any other atom's
// inflated sphere are dropped; each kept point is then moved back by `probe` towards its
// atom's centre. There the probe, centred on the SAS point, touches that atom, so the
// point lies on the SES and the normal is the radial direction. With probe 0 this is
// the plain surface of the union of the atom spheres.
//
// Re-entrant patches (where the probe touches two or three atoms at once) are left out,
// so crevices are slightly under-covered. That is fine for GEM, which samples the
// potential on the surface and needs every point clear of every atom centre (1/d terms):
// each point is exactly r_i from its own atom's centre and at least r_j from every other
// one, since its probe sphere overlaps no atom. As the points move inwards with their
// sphere, a contact patch carries density * ((r + probe) / r)^2 points per A^2.
// Buried cavities a probe fits into are kept (MSMS keeps only the outer surface by
// default). Atoms of radius 0 (some force fields' hydrogens) get no points of their
// own, which would all lie on the atom's centre, but still keep the probe away.
#pragma once
#include "gem_problem.hpp"

namespace hpcs::gem {

struct SurfaceOptions {
  double density = 3.0;  // points per A^2 of the inflated (SAS) spheres (MSMS's -de counts on the SES)
  double probe = 1.5;    // A; 0: contact surface of the atom spheres
};

// Vertices come grouped by atom, the atoms in grid-cell order; the same atoms and
// options give the same vertices in the same order.
// Throws hpcs::Error for density <= 0, probe < 0, non-finite options, no atoms, a NaN,
// infinite or negative coordinate or radius, only zero radii, more than 2^31 expected
// points (before dropping buried ones), or atoms spread over more than 2^21 grid cells
// along an axis (millimetres: not one molecule).
Vertices molecular_surface(const Atoms& atoms, const SurfaceOptions& o);

}  // namespace hpcs::gem
