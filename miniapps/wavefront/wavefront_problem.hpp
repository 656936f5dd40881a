// SPDX-License-Identifier: BSD-3-Clause
// The wavefront mini-app's types (no CUDA or Kokkos types): which application runs on the
// skeleton, the grid and this rank's block of rows, the seed's tunables, and a result.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace hpcs::wavefront {

constexpr int kMaxDsize = 8;  // synthetic elements: 1..8 doubles plus two ints

// Linear-gap Smith-Waterman scores (the seed's slide): match, mismatch, gap per letter.
struct LinearScoring {
  int match = 2, mismatch = -3, gap = 2;
};

// What a variant is asked to compute. Cells (i, j), 1 <= i <= rows, 1 <= j <= cols; row 0
// and column 0 are the application's first row and column. This rank owns global rows
// row_begin + 1 .. row_begin + local_rows (blocks of rows, as sw_miniapp).
struct Problem {
  std::string app = "synthetic";  // an application's kName (wavefront_dispatch.hpp lists them)
  std::int64_t rows = 0, cols = 0;
  int tsize = 1, dsize = 1;
  LinearScoring scoring;
  std::int64_t row_begin = 0, local_rows = 0;
  int ranks = 1;
  int host_threads = 1;  // the CPU tiles' threads when --threads is 0
  std::size_t element_bytes = 0;
};

// The two-GPU halo a run gets when it names none: 256 rows (or the first GPU's share less one)
// was the best of -1..256 on all 6 two-GPU instances on two H200s and on two H100s, and halo
// off was 1.4-11x slower (docs/results/autotune_h200x2.md, autotune_h100.md).
inline constexpr std::int64_t kAutoHalo = 256;

// The seed's tunables (Table 2), with its meanings: -1 switches band and halo off. halo -2
// (the default) is ours: kAutoHalo rows on two GPUs, off on one (resolve_tuning).
struct Tuning {
  int cpu_tile = 32;       // side of the CPU's square tiles
  std::int64_t band = -2;  // diagonals on each side of the middle one on the GPU(s); -1: CPU only; -2: all
  int gpu_tile = 1;        // side of the GPU's square tiles (a warp / team per tile); 1: a kernel per diagonal
  std::int64_t halo = -2;  // two GPUs: rows computed redundantly past the split; swaps every halo + 1 diagonals
  int gpu_count = 1;       // 0: CPU only, 1, 2 (one rank drives two devices)
  int threads = 0;         // host threads of the CPU tiles (0: the node's cores / its ranks)
  std::int64_t chunk = 0;  // columns per message between ranks (0: cols / 16, at least 256)
};

// What one run produces on this rank: element bytes of the last row (last rank only: the
// global last row, columns 0..cols) and of this rank's part of the last column (its rows),
// a checksum over every cell of the rank's rows, and the best cell (0: the app has none).
struct Result {
  std::vector<std::uint8_t> last_row, last_col;
  std::uint64_t checksum = 0;
  std::uint64_t best = 0;  // packed: score << 34 | (2^34 - 1 - (i * (cols + 1) + j))
  // Alike on every rank: hashes of the whole last row and last column, the cell (rows, cols).
  std::uint64_t row_hash = 0, col_hash = 0;
  std::vector<std::uint8_t> final_cell;
};

}  // namespace hpcs::wavefront
