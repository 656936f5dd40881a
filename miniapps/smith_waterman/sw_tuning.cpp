// SPDX-License-Identifier: BSD-3-Clause
// The tiled variants' tuning space for --tune: the paper's t_S, t_T, s_S, s_T around the
// named tilings (all three are points of it), 36 points before the variants' rules (their
// why_not) drop what they cannot run. A host backend's teams are one thread, so t_S = s_S:
// host_tiled_space() offers rows of 8 and 16 (18 legal points of 36). --band-cols (automatic),
// --dpx (a switch, not a size) and --chunk (the ranks' message size, not the tile's) keep
// the command line's. cuda/multipass16 has its own (24 points): rows a thread in lanes.
#include "hpcs/harness/field_tunable.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw {

TuningSpace<Problem, Tuning> tiled_space() {
  return {size_tunable<Problem>("tile-rows", &Tuning::tile_rows, {512, 1024, 2048}),
          size_tunable<Problem>("tile-cols", &Tuning::tile_cols, {128, 256}),
          size_tunable<Problem>("sub-rows", &Tuning::sub_rows, {8, 16}),
          size_tunable<Problem>("sub-cols", &Tuning::sub_cols, {2, 4, 8})};
}

TuningSpace<Problem, Tuning> packed_tiled_space() {
  return {size_tunable<Problem>("tile-rows", &Tuning::tile_rows, {1024, 2048, 4096}),
          size_tunable<Problem>("tile-cols", &Tuning::tile_cols, {64, 128}),
          size_tunable<Problem>("sub-rows", &Tuning::sub_rows, {16, 32}),
          size_tunable<Problem>("sub-cols", &Tuning::sub_cols, {2, 4})};
}

TuningSpace<Problem, Tuning> host_tiled_space() {
  return {size_tunable<Problem>("tile-rows", &Tuning::tile_rows, {8, 16}),
          size_tunable<Problem>("tile-cols", &Tuning::tile_cols, {64, 128, 256}),
          size_tunable<Problem>("sub-rows", &Tuning::sub_rows, {8, 16}),
          size_tunable<Problem>("sub-cols", &Tuning::sub_cols, {2, 4, 8})};
}

}  // namespace hpcs::sw
