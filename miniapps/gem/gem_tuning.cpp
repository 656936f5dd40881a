// SPDX-License-Identifier: BSD-3-Clause
// The GPU variants' tuning spaces for --tune, each with the tunables its kernels read: the
// block (team) on every one, atoms per tile where atoms pass through shared memory (team
// scratch), vertices per thread and the atom splits where the kernel takes them. With
// several tunables the block keeps to 128..512 and vertices per thread to 2..8 (1 is the
// one-vertex shape of cuda/shared), so no space passes 36 points; --block and friends on
// the command line pin one.
#include "gem_launch_shape.hpp"
#include "gem_variants.hpp"
#include "hpcs/harness/field_tunable.hpp"

namespace hpcs::gem {

TuningSpace<Problem, Tuning> gem_space(const GemTunables& which) {
  const bool several = which.vertices_per_thread || which.atom_splits;
  TuningSpace<Problem, Tuning> s;
  s.push_back(size_tunable<Problem>(
      "block", &Tuning::block,
      several ? std::vector<std::int64_t>{128, 256, 512} : std::vector<std::int64_t>{64, 128, 256, 512, 1024}));
  if (which.vertices_per_thread)
    s.push_back(size_tunable<Problem>("vertices-per-thread", &Tuning::vertices_per_thread, {2, 4, 8}));
  // 0: a tile of the block size (one atom per thread), or the whole 48 KiB of shared memory
  // (fewer barriers, fewer blocks per SM). The precision is the problem's, so every rank agrees.
  if (which.tile_atoms)
    s.push_back(size_tunable<Problem>("tile-atoms", &Tuning::tile_atoms, [](const Problem& p) {
      return std::vector<std::int64_t>{0, max_tile_atoms(p.precision)};
    }));
  // 0: the automatic split (enough blocks for kTargetWaves waves), or none.
  if (which.atom_splits) s.push_back(field_tunable<Problem>("atom-splits", &Tuning::atom_splits, {0, 1}));
  return s;
}

}  // namespace hpcs::gem
