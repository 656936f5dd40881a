// SPDX-License-Identifier: BSD-3-Clause
// MSMS .vert surface vertices, as GEM reads them: '#' comment lines, then the header
// "nvert nsphere density probe_radius" (e.g. "5884 382 3.00 1.50"), then nvert lines
// "x y z nx ny nz face nearest_sphere type". Only the first six numbers of a vertex line
// are used; normals are renormalised to unit length (MSMS prints three decimals).
#pragma once
#include <string>

#include "gem_problem.hpp"

namespace hpcs::gem {

// Throws hpcs::Error naming file and line for a missing or malformed header, a vertex
// line with fewer than six numbers or a NaN/infinite one, a zero normal, or a vertex
// count that differs from the header's ("header says N vertices, file has M").
Vertices read_msms_vert(const std::string& path);

}  // namespace hpcs::gem
