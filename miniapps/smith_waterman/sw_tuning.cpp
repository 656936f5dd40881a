// SPDX-License-Identifier: BSD-3-Clause
// The tiled variants' tuning space for --tune: the paper's t_S, t_T, s_S, s_T around the
// named tilings (all three are points of it), 36 points before the variants' rules (their
// why_not) drop what they cannot run. A host backend's teams of one thread need t_S = s_S:
// pin --tile-rows and --sub-rows there. --band-cols (automatic), --dpx (a switch, not a
// size) and --chunk (the ranks' message size, not the tile's) keep the command line's.
#include "sw_variants.hpp"

namespace hpcs::sw {

namespace {
Tunable<Problem, Tuning> side(const char* name, std::vector<std::int64_t> values, int Tuning::*field) {
  Tunable<Problem, Tuning> t;
  t.name = name;
  t.candidates = [values](const Problem&) { return values; };
  t.get = [field](const Tuning& u) { return std::int64_t{u.*field}; };
  t.set = [field](Tuning& u, std::int64_t v) { u.*field = static_cast<int>(v); };
  t.coordinate = [](const Problem&, std::int64_t v) { return log2_coordinate(v); };
  return t;
}
}  // namespace

TuningSpace<Problem, Tuning> tiled_space() {
  return {side("tile-rows", {512, 1024, 2048}, &Tuning::tile_rows), side("tile-cols", {128, 256}, &Tuning::tile_cols),
          side("sub-rows", {8, 16}, &Tuning::sub_rows), side("sub-cols", {2, 4, 8}, &Tuning::sub_cols)};
}

}  // namespace hpcs::sw
