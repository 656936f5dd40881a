// SPDX-License-Identifier: BSD-3-Clause
// The launch-shape rules of the GPU GEM variants (CUDA and Kokkos), in plain C++: what each
// Tuning field may be (one-line hpcs::Error naming the option otherwise), the defaults a
// zero stands for, and the automatic atom splits of the tuned variants.
#pragma once
#include <cstdint>
#include <string>

#include "gem_problem.hpp"

namespace hpcs::gem {

// Shared memory (team scratch) a tile may take without opting in to more (48 KiB on every
// CUDA GPU).
constexpr int kTileBytes = 48 * 1024;
// An atom in shared memory: x, y, z, q of the precision (16 B in float32, 32 B in float64).
inline int atom_bytes(Precision p) { return p == Precision::Float32 ? 16 : 32; }
inline int max_tile_atoms(Precision p) { return kTileBytes / atom_bytes(p); }

// --block: a multiple of 32 from 32 to 1024.
void check_block(int block);
// --vertices-per-thread: 1, 2, 4 or 8; 0 is 4 in float32 and 2 in float64.
int vertices_per_thread_or_default(int requested, Precision p);
// --tile-atoms: 1 to max_tile_atoms(p); 0 is the block size.
int tile_atoms_or_default(int requested, int block, Precision p);
// --atom-splits: 0 (automatic) to 65535 (the grid's y dimension).
void check_atom_splits(int requested);

// What fills a GPU: its SMs and the threads one SM holds at once (Kokkos: 1 x its concurrency).
struct DeviceFill {
  int sms = 1;
  int threads_per_sm = 2048;
};

// The tuned variants' automatic split of the atom loop: 1 when the vertex blocks make at least
// kTargetWaves waves over the SMs (a wave: sms x threads_per_sm / block blocks); otherwise enough
// splits for kTargetWaves waves, but no split of fewer than kMinAtomsPerSplit atoms and at most
// 65535. Chosen from the whole problem, never a rank's share, so the sum's order (the bits) does
// not depend on the rank count; 16 waves leave each of up to 8 ranks two waves. On 4 H200 at
// 476,040 atoms two waves (4 splits) gave 86.7% efficiency, 32 splits 97.4%, and one rank ran
// 3% faster too (a smaller last wave): docs/results/multigpu_h200x4.md.
constexpr int kMinAtomsPerSplit = 64;
constexpr int kTargetWaves = 16;
int auto_atom_splits(std::int64_t vertices, std::int64_t atoms, int block, int vertices_per_thread,
                     const DeviceFill& fill);

// Atoms per split for `splits` requested splits of `atoms` (ceil), and the splits that
// leaves non-empty (at least 1).
int atoms_per_split(std::int64_t atoms, int splits);
int effective_splits(std::int64_t atoms, int per_split);

// "region 1, no salt, total": the kernel case a run used.
std::string case_name(int region, bool salt, int phi);

}  // namespace hpcs::gem
