// SPDX-License-Identifier: BSD-3-Clause
// Chunk groups of the fused pairs (cuda/fused, kokkos/fused): host code shared by both
// backends, no device types. A fused step computes a patch of T, then streams the third
// matrix in chunks; with a small T and a long streamed dimension its patches alone are a
// few blocks (teams) each streaming hundreds of chunks in turn. So a patch's chunks are cut
// into `groups` runs of consecutive chunks, one block (team) per (patch, group), each
// computing the same T again (the same bits: one chain per element in the same order) and
// streaming only its run. The groups only move chunks of R between blocks, never a term:
// every R element is the same multiply-add chain for any count.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "hpcs/base/ceil_div.hpp"

namespace hpcs::matrixchain {

// Chunk groups of a fused step: into how many groups of consecutive R chunks phase 2 is
// cut. A small T with a long streamed dimension (189 x 74 T, 48334 columns of Z) gave 2 x 2
// patches, i.e. 4 blocks on 132 SMs, each streaming 755 chunks one after the other.
// groups = the whole waves of `slots` (the fused kernel's blocks or teams resident on the
// device at once, e.g. SMs x blocks per SM) the patches leave room for, so every block
// starts in the first wave and none runs phase 1 in a second one; at most `chunks`, and
// evened out so no group is empty: ceil(chunks / ceil(chunks / g)). 1 when the patches
// alone fill the device (or slots <= patches: a host backend of few threads). Give the
// step's local dims' patches and chunks.
struct ChunkGroups {
  std::int64_t groups = 1;
  std::int64_t per_group = 0;  // chunks per group (the last one may have fewer)
};

inline ChunkGroups fused_chunk_groups(std::int64_t patches, std::int64_t chunks, std::int64_t slots) {
  ChunkGroups c;
  c.per_group = std::max<std::int64_t>(0, chunks);
  if (patches <= 0 || chunks <= 1) return c;
  const std::int64_t want = std::clamp<std::int64_t>(slots / patches, 1, chunks);
  c.per_group = ceil_div(chunks, want);
  c.groups = ceil_div(chunks, c.per_group);
  return c;
}

// The slots a backend estimated (`device`), or HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS=N (at least
// 1) where set: the one place that reads the test hook, for cuda/fused and kokkos/fused.
// Tests force any group count with it (1: one group, the kernels as before chunk groups);
// the bits must not change.
inline std::int64_t fused_slots(std::int64_t device) {
  if (const char* forced = std::getenv("HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS"); forced && *forced)
    return std::max<std::int64_t>(1, std::atoll(forced));
  return device;
}

}  // namespace hpcs::matrixchain
