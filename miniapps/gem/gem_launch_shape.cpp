// SPDX-License-Identifier: BSD-3-Clause
#include "gem_launch_shape.hpp"

#include <algorithm>

#include "hpcs/base/error.hpp"

namespace hpcs::gem {

void check_block(int block) {
  if (block < 32 || block > 1024 || block % 32 != 0)
    throw Error("--block " + std::to_string(block) + ": expected a multiple of 32 from 32 to 1024");
}

int vertices_per_thread_or_default(int requested, Precision p) {
  if (requested == 0) return p == Precision::Float32 ? 4 : 2;
  if (requested != 1 && requested != 2 && requested != 4 && requested != 8)
    throw Error("--vertices-per-thread " + std::to_string(requested) +
                ": expected 1, 2, 4 or 8 (0: 4 in float32, 2 in float64)");
  return requested;
}

int tile_atoms_or_default(int requested, int block, Precision p) {
  const int most = max_tile_atoms(p);
  if (requested < 0 || requested > most)
    throw Error("--tile-atoms " + std::to_string(requested) + ": expected 0 (the block size) to " +
                std::to_string(most) + " atoms in " + to_string(p) + " (48 KiB of shared memory)");
  return requested == 0 ? std::min(block, most) : requested;
}

void check_atom_splits(int requested) {
  if (requested < 0 || requested > 65535)
    throw Error("--atom-splits " + std::to_string(requested) + ": expected 0 (automatic) to 65535");
}

int auto_atom_splits(std::int64_t vertices, std::int64_t atoms, int block, int vertices_per_thread,
                     const DeviceFill& fill) {
  if (vertices <= 0 || atoms <= 0) return 1;
  const std::int64_t per_block = std::int64_t(block) * vertices_per_thread;
  const std::int64_t vertex_blocks = (vertices + per_block - 1) / per_block;
  const std::int64_t wave = std::int64_t(std::max(1, fill.sms)) * std::max(1, fill.threads_per_sm / block);
  const std::int64_t target = kTargetWaves * wave;
  if (vertex_blocks >= target) return 1;
  std::int64_t splits = (target + vertex_blocks - 1) / vertex_blocks;
  splits = std::min(splits, std::max<std::int64_t>(1, atoms / kMinAtomsPerSplit));
  return static_cast<int>(std::clamp<std::int64_t>(splits, 1, 65535));
}

int atoms_per_split(std::int64_t atoms, int splits) {
  if (atoms <= 0) return 0;
  const std::int64_t s = std::max(1, splits);
  return static_cast<int>((atoms + s - 1) / s);
}

int effective_splits(std::int64_t atoms, int per_split) {
  if (atoms <= 0 || per_split <= 0) return 1;
  return static_cast<int>((atoms + per_split - 1) / per_split);
}

std::string case_name(int region, bool salt, int phi) {
  const char* phis[] = {"", "coulomb", "reaction", "total"};
  if (phi == 1) return "coulomb (any region)";
  return "region " + std::to_string(region) + (salt ? ", salt, " : ", no salt, ") + phis[phi];
}

}  // namespace hpcs::gem
