// SPDX-License-Identifier: BSD-3-Clause
// The GPU variants' tuning spaces for --tune, each with the tunables its kernels read: the
// block (team) on every one, atoms per tile where atoms pass through shared memory (team
// scratch), vertices per thread and the atom splits where the kernel takes them. With
// several tunables the block keeps to 128..512 and vertices per thread to 2..8 (1 is the
// one-vertex shape of cuda/shared), so no space passes 36 points; --block and friends on
// the command line pin one.
#include "gem_launch_shape.hpp"
#include "gem_variants.hpp"

namespace hpcs::gem {

TuningSpace<Problem, Tuning> gem_space(const GemTunables& which) {
  const bool several = which.vertices_per_thread || which.atom_splits;
  TuningSpace<Problem, Tuning> s;
  Tunable<Problem, Tuning> block;
  block.name = "block";
  block.candidates = [several](const Problem&) {
    return several ? std::vector<std::int64_t>{128, 256, 512} : std::vector<std::int64_t>{64, 128, 256, 512, 1024};
  };
  block.get = [](const Tuning& u) { return std::int64_t{u.block}; };
  block.set = [](Tuning& u, std::int64_t v) { u.block = static_cast<int>(v); };
  block.coordinate = [](const Problem&, std::int64_t v) { return log2_coordinate(v); };
  s.push_back(block);

  if (which.vertices_per_thread) {
    Tunable<Problem, Tuning> vpt;
    vpt.name = "vertices-per-thread";
    vpt.candidates = [](const Problem&) { return std::vector<std::int64_t>{2, 4, 8}; };
    vpt.get = [](const Tuning& u) { return std::int64_t{u.vertices_per_thread}; };
    vpt.set = [](Tuning& u, std::int64_t v) { u.vertices_per_thread = static_cast<int>(v); };
    vpt.coordinate = [](const Problem&, std::int64_t v) { return log2_coordinate(v); };
    s.push_back(vpt);
  }

  if (which.tile_atoms) {
    Tunable<Problem, Tuning> tile;
    tile.name = "tile-atoms";
    // 0: a tile of the block size (one atom per thread), or the whole 48 KiB of shared memory
    // (fewer barriers, fewer blocks per SM). The precision is the problem's, so every rank agrees.
    tile.candidates = [](const Problem& p) { return std::vector<std::int64_t>{0, max_tile_atoms(p.precision)}; };
    tile.get = [](const Tuning& u) { return std::int64_t{u.tile_atoms}; };
    tile.set = [](Tuning& u, std::int64_t v) { u.tile_atoms = static_cast<int>(v); };
    tile.coordinate = [](const Problem&, std::int64_t v) { return log2_coordinate(v); };
    s.push_back(tile);
  }

  if (which.atom_splits) {
    Tunable<Problem, Tuning> splits;
    splits.name = "atom-splits";
    // 0: the automatic split (enough blocks for kTargetWaves waves), or none.
    splits.candidates = [](const Problem&) { return std::vector<std::int64_t>{0, 1}; };
    splits.get = [](const Tuning& u) { return std::int64_t{u.atom_splits}; };
    splits.set = [](Tuning& u, std::int64_t v) { u.atom_splits = static_cast<int>(v); };
    s.push_back(splits);
  }
  return s;
}

}  // namespace hpcs::gem
