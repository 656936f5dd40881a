// SPDX-License-Identifier: BSD-3-Clause
// Device side of cuda/multipass: the kernel, its parameters and its spin waits. Included
// only by sw_multipass.cu (which launches it), so the kernel keeps that file's anonymous
// namespace and translation unit.
//
// The kernel: the thesis' one-kernel multi-pass wavefront (Ranasinghe 2014, 3.4).
// One launch for the whole block; one thread block per row of tiles, which takes its row
// from an atomic ticket (so a block only ever waits on blocks already running: no
// deadlock, whatever order the hardware starts blocks in). The hardware keeps P_h blocks
// resident and starts the next row as one finishes, so the table is swept in passes of
// P_h rows whose row-to-row data stays in L2.
//
// Inside a row, the threads form one pipeline along the whole row (thread p works on
// column chunk step - p), so the pipeline fills and drains once per row, not once per
// tile; H and F climb from thread to thread through a ring in shared memory. Tiles are
// the unit of row-to-row synchronization: row r publishes tile c (H and F of its top row,
// to a 2-slot ring in global memory) with a release store of lock[r] = c + 1; row r+1
// acquires it before reading. No volatile, no disabled L1: acquire/release through
// ::cuda::atomic_ref, and __ldcg for the data. The first row of tiles reads the row above
// the block (from the rank above, through mapped host memory) and the last one writes
// the block's last row for the rank below, both with system-scope acquire/release.
//
// Column bands (--band-cols): a ticket t is row r = t % R of band b = t / R, the columns
// [b W, (b + 1) W). A row starts band b from the column state band b - 1 left (H and E
// of each cell row, and the corner H of the row above), so the block's last row starts
// after about ceil(R / P_h) bands instead of ceil(R / P_h) - 1 whole rows of tiles: the
// pass lag that kept the next rank idle (docs/smith_waterman.md, "Across MPI ranks").
// A ticket waits only on smaller tickets (b, r - 1) and (b - 1, r): no deadlock.
#pragma once
#include <cuda/atomic>

#include <cstdint>

#include "sw_cuda_common.cuh"
#include "sw_tile.hpp"

namespace hpcs::sw::cuda {
namespace {
namespace k = tiled;
using k::BestCell;

struct MultipassParams {
  const std::uint8_t* a;
  const std::uint8_t* b;
  const std::int32_t* scores;
  std::int64_t rows, cols, row0;
  int tile_rows, tile_cols, sub_cols, ring_mask;
  int rows_of_tiles;       // R: tickets of a band
  std::int64_t band_cols;  // W: columns of a band, a multiple of tile_cols
  std::int32_t open, extend, no_score;
  std::int32_t* ring_h;  // [2][cols]: top rows of the last two rows of tiles
  std::int32_t* ring_f;
  int* locks;      // tiles published by each row of tiles
  int* band_done;  // bands each row of tiles has handed over (col_h, col_e, corner)
  int* ticket;
  BestCell* row_best;   // [tickets]
  std::int32_t* col_h;  // [rows]: H and E of each cell row at the last column of its previous band
  std::int32_t* col_e;
  std::int32_t* corner;         // [tickets]: H of the ticket's last row at its band's last column
  const std::int32_t* above_h;  // mapped host memory, or null (the table's top edge)
  const std::int32_t* above_f;
  const long long* above_ready;
  std::int32_t* below_h;  // mapped host memory, or null
  std::int32_t* below_f;
  long long* below_ready;
  // cuda/multipass16 only (sw_multipass16_kernel.cuh)
  int letters;                 // the alphabet's size: rows of the score profile
  std::int32_t limit16;        // largest H entering a row of tiles that keeps its cells in 16 bits; < 0: never
  unsigned long long* cols32;  // columns x rows of tiles run in int32 (a counter), or null
};

constexpr long long kSpinTimeoutNs = 120'000'000'000LL;  // a lost producer must not hang the job

__device__ long long now_ns() {
  long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Thread 0 waits (acquire) until a device-scope counter reaches `value`: tiles published
// by a row (locks) or bands it handed over (band_done).
__device__ void wait_at_least(int& counter, int value) {
  const long long start = now_ns();
  ::cuda::atomic_ref<int, ::cuda::thread_scope_device> c(counter);
  while (c.load(::cuda::memory_order_acquire) < value)
    if (now_ns() - start > kSpinTimeoutNs) __trap();
}

// Thread 0 waits until tile c of the row above is there (columns up to col_end).
__device__ void wait_for_input(const MultipassParams& p, int r, int c, std::int64_t col_end) {
  const long long start = now_ns();
  if (r > 0) {
    wait_at_least(p.locks[r - 1], c + 1);
  } else if (p.above_ready) {
    ::cuda::atomic_ref<const long long, ::cuda::thread_scope_system> ready(*p.above_ready);
    while (ready.load(::cuda::memory_order_acquire) < col_end)
      if (now_ns() - start > kSpinTimeoutNs) __trap();
  }
}

// Shared-memory layout of a block: the transposed score table, then the ring of columns
// in flight (H and F between threads, B's letter offset), then the best-cell scratch.
struct Smem {
  std::int32_t* scores;
  std::int32_t* sky_h;
  std::int32_t* sky_f;
  std::int32_t* sky_b;
  BestCell* scratch;
};

// One row of tiles across one band, left to right, as one pipeline of threads (see the top
// of the file). `first`: block row of the thread's first row.
template <int SR, bool Dpx, bool Local, bool Masked>
__device__ void row_of_tiles(const MultipassParams& p, const Smem& m, k::Rows<SR>& t, int ticket, std::int64_t first,
                             int valid) {
  const int tid = threadIdx.x, threads = blockDim.x;
  const int r = ticket % p.rows_of_tiles, band = ticket / p.rows_of_tiles;
  const int chunk_cols = p.sub_cols;
  const int chunks_per_tile = p.tile_cols / chunk_cols;
  const std::int64_t c_begin = band * p.band_cols, c_end = min(p.cols, c_begin + p.band_cols);
  const bool last_band = c_end == p.cols;
  const int tile0 = static_cast<int>(c_begin / p.tile_cols);  // global index of the band's first tile
  const int chunks = static_cast<int>((c_end - c_begin + chunk_cols - 1) / chunk_cols);
  const int tiles = static_cast<int>((c_end - c_begin + p.tile_cols - 1) / p.tile_cols);
  const bool last_row = r == p.rows_of_tiles - 1;
  const std::int32_t* in_h = r > 0 ? p.ring_h + ((r - 1) & 1) * p.cols : nullptr;
  const std::int32_t* in_f = r > 0 ? p.ring_f + ((r - 1) & 1) * p.cols : nullptr;
  std::int32_t* out_h = last_row ? p.below_h : p.ring_h + (r & 1) * p.cols;
  std::int32_t* out_f = last_row ? p.below_f : p.ring_f + (r & 1) * p.cols;

  if (band > 0) {  // resume from the column state the previous band of this row left
    if (tid == 0) {
      wait_at_least(p.band_done[r], band);
      if (r > 0) wait_at_least(p.band_done[r - 1], band);
      wait_for_input(p, r, tile0, min(c_end, c_begin + p.tile_cols));
      // H below-left of the band's first cell: the row above's last row at the previous
      // band's last column.
      t.diag = r > 0 ? __ldcg(p.corner + ticket - p.rows_of_tiles - 1)
                     : (p.above_h ? __ldcv(p.above_h + c_begin - 1) : (Local ? 0 : kNeg));
    }
    __syncthreads();
#pragma unroll
    for (int q = 0; q < SR; ++q)
      if (q < valid) {
        t.h[q] = __ldcg(p.col_h + first + q);
        t.e[q] = __ldcg(p.col_e + first + q);
        t.hm[q] = t.h[q] - p.open;
      }
    if (tid > 0) t.diag = first - 1 < p.rows ? __ldcg(p.col_h + first - 1) : (Local ? 0 : kNeg);
  }

  // The step loop works in band-local columns (pointers shifted to the band's first
  // column): the same registers as with one band.
  const int width = static_cast<int>(c_end - c_begin);
  const std::int32_t jbase = static_cast<std::int32_t>(c_begin) + 1;  // 1-based column of local column 0
  const std::uint8_t* bb = p.b + c_begin;
  const std::int32_t* above_h = p.above_h ? p.above_h + c_begin : nullptr;
  const std::int32_t* above_f = p.above_h ? p.above_f + c_begin : nullptr;
  if (in_h) {
    in_h += c_begin;
    in_f += c_begin;
  }
  if (out_h) {
    out_h += c_begin;
    out_f += c_begin;
  }
  for (int step = 0; step < chunks + threads - 1; ++step) {
    // Thread 0 starts a tile: wait for the row above, then stage its H, F and B's letters.
    if (step % chunks_per_tile == 0 && step / chunks_per_tile < tiles) {
      const int c = step / chunks_per_tile, c0 = c * p.tile_cols;
      const int c1 = min(width, c0 + p.tile_cols);
      if (tid == 0) wait_for_input(p, r, tile0 + c, c_begin + c1);
      __syncthreads();
      for (int col = c0 + tid; col < c1; col += threads) {
        const int slot = col & p.ring_mask;
        if (in_h) {
          m.sky_h[slot] = __ldcg(in_h + col);
          m.sky_f[slot] = __ldcg(in_f + col);
        } else if (above_h) {
          m.sky_h[slot] = __ldcv(above_h + col);
          m.sky_f[slot] = __ldcv(above_f + col);
        } else {  // the table's top edge
          m.sky_h[slot] = Local ? 0 : kNeg;
          m.sky_f[slot] = kNeg;
        }
        m.sky_b[slot] = bb[col] * k::kScoreStride;
      }
      __syncthreads();
    }
    // Every thread: its chunk of columns, once the pipeline has reached it.
    const int g = step - tid;
    if (g >= 0 && g < chunks) {
      const int j0 = g * chunk_cols, j1 = min(width, j0 + chunk_cols);
      for (int j = j0; j < j1; ++j) {
        const int slot = j & p.ring_mask;
        std::int32_t up_h = m.sky_h[slot], up_f = m.sky_f[slot];
        k::column<SR, Dpx, Local, Masked>(t, m.scores + m.sky_b[slot], up_h, up_f, jbase + j, p.open, p.extend, valid);
        m.sky_h[slot] = up_h;
        m.sky_f[slot] = up_f;
      }
    }
    __syncthreads();
    // The top thread finished a tile: publish the row's top H and F for the row below.
    const int done = step - (threads - 1);
    if (done >= 0 && ((done + 1) % chunks_per_tile == 0 || done == chunks - 1)) {
      const int c = done / chunks_per_tile, c0 = c * p.tile_cols, c1 = min(width, c0 + p.tile_cols);
      if (out_h) {
        for (int col = c0 + tid; col < c1; col += threads) {
          const int slot = col & p.ring_mask;
          out_h[col] = m.sky_h[slot];
          out_f[col] = m.sky_f[slot];
        }
      }
      if (last_row) __threadfence_system();
      else __threadfence();
      __syncthreads();
      if (tid == 0) {
        ::cuda::atomic_ref<int, ::cuda::thread_scope_device>(p.locks[r])
            .store(tile0 + c + 1, ::cuda::memory_order_release);
        if (last_row && p.below_ready)
          ::cuda::atomic_ref<long long, ::cuda::thread_scope_system>(*p.below_ready)
              .store(c_begin + c1, ::cuda::memory_order_release);
      }
    }
  }
  // Hand the band over: H and E of every cell row at the band's last column, and the last
  // row's H there (the next row's corner), then band_done[r] (outside the step loop, which
  // keeps the loop's registers as without bands).
  if (!last_band) {
#pragma unroll
    for (int q = 0; q < SR; ++q)
      if (q < valid) {
        p.col_h[first + q] = t.h[q];
        p.col_e[first + q] = t.e[q];
      }
    if (tid == 0) p.corner[ticket] = m.sky_h[(width - 1) & p.ring_mask];
    __threadfence();
    __syncthreads();
    if (tid == 0)
      ::cuda::atomic_ref<int, ::cuda::thread_scope_device>(p.band_done[r])
          .store(band + 1, ::cuda::memory_order_release);
  }
}

template <int SR, bool Dpx, bool Local>
__global__ void multipass_kernel(const MultipassParams p) {
  extern __shared__ __align__(16) unsigned char smem[];
  const k::TileScratch ts = k::carve_tile_scratch(smem, p.ring_mask + 1);
  Smem m{ts.scores, ts.sky_h, ts.sky_f, ts.sky_b, ts.best};
  __shared__ int ticket_of_block;

  const int tid = threadIdx.x, threads = blockDim.x;
  for (int x = tid; x < 32 * 32; x += threads) m.scores[x] = p.scores[x];
  if (tid == 0) ticket_of_block = atomicAdd(p.ticket, 1);  // tickets in the order blocks start
  __syncthreads();
  const int ticket = ticket_of_block;
  const int r = ticket % p.rows_of_tiles;
  const std::int64_t first = static_cast<std::int64_t>(r) * p.tile_rows + static_cast<std::int64_t>(tid) * SR;
  const int valid =
      static_cast<int>(max(static_cast<std::int64_t>(0), min(static_cast<std::int64_t>(SR), p.rows - first)));
  const std::int64_t table_row = p.row0 + first + 1;  // 1-based row of the thread's first row

  k::Rows<SR> t;
  k::init_left_edge(t, Local ? 0 : kNeg, (Local || table_row == 1) ? 0 : kNeg, p.open, p.no_score);
#pragma unroll
  for (int q = 0; q < SR; ++q) t.code[q] = q < valid ? p.a[first + q] : 0;
  // A partial last row of tiles needs the masked loop only to hand the block's real last row
  // to a rank below. Without one, nothing reads what its rows past the block compute (best
  // cells and band hand-overs skip them: `valid`), so it runs the plain loop: the masked one
  // ran at about 2/3 of the speed and, as the last row, set the whole sweep's time (45,000^2:
  // 36.1 ms against 24.0 ms for 45,056 x 45,000 on an H100; docs/smith_waterman.md).
  if (static_cast<std::int64_t>(r + 1) * p.tile_rows > p.rows && p.below_h)
    row_of_tiles<SR, Dpx, Local, true>(p, m, t, ticket, first, valid);
  else row_of_tiles<SR, Dpx, Local, false>(p, m, t, ticket, first, valid);

  BestCell mine{0, 0, 0};
  k::thread_best(t, table_row, valid, mine.score, mine.i, mine.j);
  k::block_best(cuda::CudaTeam{}, m.scratch, mine, &p.row_best[ticket]);
}

}  // namespace
}  // namespace hpcs::sw::cuda
