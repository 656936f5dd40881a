// SPDX-License-Identifier: BSD-3-Clause
// Device side of cuda/multipass16: the multi-pass kernel (sw_multipass_kernel.cuh) with two
// cells per instruction. Included only by sw_multipass.cu, after sw_multipass_kernel.cuh.
//
// Lanes. A thread owns 2 SP rows as two "virtual threads" of the same pipeline: the lo lane
// (rows first .. first + SP - 1) works on column chunk step - 2 tid, the hi lane (the next SP
// rows) one chunk behind, on the columns the lo lane finished in the previous step. Both
// lanes' cells of a row pair k are independent, so one 16x2 instruction updates both
// (__viaddmax_s16x2[_relu], __vadd2, __vmaxs2). The lo lane hands its top row to
// the hi lane through the ring in shared memory, in place, as thread p hands it to p + 1.
//
// Exactness. A cell's H is at most the largest H entering the row of tiles (its top input up
// to the cell's column, the band's left state) plus max_score x t_S: a path inside it makes
// at most t_S pairs, gaps cost. While that bound stays <= limit16 (32767 - max_score x
// (t_S + 1), set by the host), every value fits 16 bits and the packed lanes compute what
// int32 would. Thread 0 checks each tile of top input as it stages it; from the first tile
// whose input could break the bound, the row of tiles runs in int32 (each lane on its own),
// so results are always those of cuda/multipass. The host runs cuda/multipass's kernel when
// the scoring cannot use 16 bits at all (anchored pass, large gap costs or scores).
#pragma once
#include <cstdint>

#include "sw_multipass_kernel.cuh"

namespace hpcs::sw::cuda {
namespace {

constexpr std::int32_t kNeg16 = -16384;  // -infinity of E and F in 16 bits: loses to any H - open here

__device__ __forceinline__ std::uint32_t pack16(std::int32_t lo, std::int32_t hi) {
  return __byte_perm(static_cast<std::uint32_t>(lo), static_cast<std::uint32_t>(hi), 0x5410);
}
__device__ __forceinline__ std::int32_t lo16(std::uint32_t x) { return static_cast<std::int16_t>(x & 0xffffu); }
__device__ __forceinline__ std::int32_t hi16(std::uint32_t x) { return static_cast<std::int32_t>(x) >> 16; }

// The gap costs as 16x2 operands: open, -open, -extend, -min(open, extend).
struct GapConst16 {
  std::uint32_t open2, negopen2, negext2, neggap2;
};

// A thread's 2 SP rows. Packed: w[0][k] and w[1][k] hold H and E + open of rows k (low half)
// and SP + k (high half) as 16x2; diag[0] both lanes' H below-left. Unpacked (int32): w[0..1]
// the lo lane's, w[2..3] the hi lane's, diag[0] and diag[1] each lane's. One set of registers
// for both forms. Each lane keeps its best cell in the suite's order (higher score, then smaller
// row, then smaller column): score, row within the lane, column; `best2` packs both scores.
template <int SP>
struct PairRows {
  std::uint32_t w[4][SP];
  std::uint32_t diag[2];
  std::int32_t best[2], best_k[2], best_j[2];
  std::uint32_t best2;
  bool packed;
};

template <int SP>
__device__ __forceinline__ void pack_rows(PairRows<SP>& t) {
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int k = 0; k < SP; ++k)
      t.w[i][k] = pack16(max(static_cast<std::int32_t>(t.w[i][k]), kNeg16),
                         max(static_cast<std::int32_t>(t.w[i + 2][k]), kNeg16));
  t.diag[0] = pack16(static_cast<std::int32_t>(t.diag[0]), static_cast<std::int32_t>(t.diag[1]));
  t.best2 = pack16(t.best[0], t.best[1]);
  t.packed = true;
}

template <int SP>
__device__ __forceinline__ void unpack_rows(PairRows<SP>& t) {
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int k = 0; k < SP; ++k) {
      t.w[i + 2][k] = static_cast<std::uint32_t>(hi16(t.w[i][k]));
      t.w[i][k] = static_cast<std::uint32_t>(lo16(t.w[i][k]));
    }
  t.diag[1] = static_cast<std::uint32_t>(hi16(t.diag[0]));
  t.diag[0] = static_cast<std::uint32_t>(lo16(t.diag[0]));
  t.packed = false;
}

// Lane L's best after a column j whose largest H (over the lane's rows) reached its best:
// the first row in order with the largest H. h(k): H of the lane's row k at j. Rows from
// `valid` on lie past the block and do not count.
template <int SP, int L, class H>
__device__ __forceinline__ void lane_best(PairRows<SP>& t, H h, std::int32_t j, int valid) {
#pragma unroll
  for (int k = 0; k < SP; ++k) {
    const std::int32_t v = h(k);
    if (k < valid && (v > t.best[L] || (v == t.best[L] && k < t.best_k[L]))) {
      t.best[L] = v;
      t.best_k[L] = k;
      t.best_j[L] = j;
    }
  }
}

// Scores of B's letter at `entry` (its offset in the block's profile, staged in the ring)
// against the thread's rows: entry k packs (score of row k, score of row SP + k); 16-byte
// loads, a warp's threads on consecutive addresses.
template <int SP>
__device__ __forceinline__ void load_scores(const uint4* prof, int entry, int threads, std::uint32_t (&s)[SP]) {
  const uint4* base = prof + entry + threadIdx.x;
#pragma unroll
  for (int q = 0; q < SP / 4; ++q) {
    const uint4 v = base[q * threads];
    s[4 * q] = v.x;
    s[4 * q + 1] = v.y;
    s[4 * q + 2] = v.z;
    s[4 * q + 3] = v.w;
  }
}

// The cell update in the form whose only dependence from row to row is one instruction,
// with E' = E + open and F' = F + open (g = min(extend, open)):
//   E'(k) = max(E'(k) - extend, H(k))          from the previous column
//   M(k)  = max(E'(k) - open, D(k) + s, 0)     D: H below-left
//   H(k)  = max(F'(k) - open, M(k))
//   F'(k + 1) = max(F'(k) - g, M(k))
// the same values as Gotoh's F(k + 1) = max(F(k) - extend, H(k) - open): H(k) - open is
// max(M(k), F(k)) - open and F(k) - open never exceeds F(k) - g.

// One column of both lanes, packed: the lo lane at column jlo, the hi lane at jhi. up_h and
// up_f: H and F entering each lane's first row (packed); on return, leaving its last row.
template <int SP>
__device__ __forceinline__ void packed_column(PairRows<SP>& t, const std::uint32_t (&slo)[SP],
                                              const std::uint32_t (&shi)[SP], std::uint32_t& up_h, std::uint32_t& up_f,
                                              std::int32_t jlo, std::int32_t jhi, const GapConst16& g, int valid_lo,
                                              int valid_hi) {
  std::uint32_t d = t.diag[0];
  t.diag[0] = up_h;
  std::uint32_t fs = __viaddmax_s16x2(__vadd2(up_f, g.open2), g.negext2, up_h);  // F'(0)
  std::uint32_t most = 0;  // the column's largest H of each lane (H >= 0)
  std::uint32_t h = 0;
#pragma unroll
  for (int k = 0; k < SP; ++k) {
    const std::uint32_t s = __byte_perm(slo[k], shi[k], 0x7610);  // lo half from slo, hi half from shi
    const std::uint32_t e = __viaddmax_s16x2(t.w[1][k], g.negext2, t.w[0][k]);
    const std::uint32_t m = __viaddmax_s16x2_relu(e, g.negopen2, __vadd2(d, s));
    h = __viaddmax_s16x2(fs, g.negopen2, m);
    d = t.w[0][k];
    t.w[0][k] = h;
    t.w[1][k] = e;
    most = __vmaxs2(most, h);
    if (k + 1 < SP) fs = __viaddmax_s16x2(fs, g.neggap2, m);
  }
  up_h = h;
  up_f = __vsub2(fs, g.open2);
  // A lane's best can change only where its column reached it: rare after the first columns.
  // (Not __vibmax_s16x2: with its result assigned to its first argument its predicates came
  // out always true on sm_90, docs/results/smith_waterman_s16_h200.md.)
  // (most - best2 cannot overflow: most <= 32767 - max score, best >= -1.)
  if ((__vsub2(most, t.best2) & 0x80008000u) != 0x80008000u) {
    lane_best<SP, 0>(
        t, [&](int k) { return lo16(t.w[0][k]); }, jlo, valid_lo);
    lane_best<SP, 1>(
        t, [&](int k) { return hi16(t.w[0][k]); }, jhi, valid_hi);
    t.best2 = pack16(t.best[0], t.best[1]);
  }
}

// One column of lane L in int32 (unpacked rows). Masked: rows from `valid` on lie past the
// block and pass H and F through (a partial last row of tiles that a rank below reads).
template <int SP, int L, bool Masked>
__device__ __forceinline__ void lane_column(PairRows<SP>& t, const std::uint32_t (&sc)[SP], std::int32_t& up_h,
                                            std::int32_t& up_f, std::int32_t j, std::int32_t open, std::int32_t extend,
                                            int valid) {
  const std::int32_t gap = min(open, extend);
  std::int32_t d = static_cast<std::int32_t>(t.diag[L]);
  t.diag[L] = static_cast<std::uint32_t>(up_h);
  std::int32_t fs = __viaddmax_s32(up_f + open, -extend, up_h), most = -1;  // F'(0)
#pragma unroll
  for (int k = 0; k < SP; ++k) {
    if (Masked && k >= valid) continue;
    const std::int32_t s = L == 0 ? lo16(sc[k]) : hi16(sc[k]);
    const std::int32_t e =
        __viaddmax_s32(static_cast<std::int32_t>(t.w[2 * L + 1][k]), -extend, static_cast<std::int32_t>(t.w[2 * L][k]));
    const std::int32_t m = __viaddmax_s32_relu(e, -open, d + s);
    const std::int32_t h = __viaddmax_s32(fs, -open, m);
    d = static_cast<std::int32_t>(t.w[2 * L][k]);
    t.w[2 * L][k] = static_cast<std::uint32_t>(h);
    t.w[2 * L + 1][k] = static_cast<std::uint32_t>(e);
    up_h = h;
    up_f = fs - open;
    fs = __viaddmax_s32(fs, -gap, m);
    most = max(most, h);
  }
  if (most >= t.best[L])
    lane_best<SP, L>(
        t, [&](int k) { return static_cast<std::int32_t>(t.w[2 * L][k]); }, j, valid);
}

// Shared memory of a block: the ring of columns in flight (H and F as pairs, and where B's
// letter's scores start in the profile), the score profile of the block's rows (letters x
// SP / 4 x threads 16-byte entries), the best cells.
struct Smem16 {
  int2* sky_hf;
  std::int32_t* sky_b;
  uint4* prof;
  BestCell* scratch;
};

__host__ __device__ inline std::size_t ring16_bytes(int ring) {
  return (3 * static_cast<std::size_t>(ring) * 4 + 15) / 16 * 16;
}
inline std::size_t multipass16_smem_bytes(int ring, int threads, int letters, int sp) {
  return ring16_bytes(ring) + static_cast<std::size_t>(letters) * (sp / 4) * threads * sizeof(uint4) +
         static_cast<std::size_t>(threads) * sizeof(BestCell);
}

// Lane L's columns [j0, j1) of the band (j1 clipped to the band), in int32.
template <int SP, int L, bool Masked>
__device__ __forceinline__ void lane_chunk(const MultipassParams& p, const Smem16& m, PairRows<SP>& t, int j0, int j1,
                                           std::int32_t jbase, int valid) {
  for (int j = j0; j < j1; ++j) {
    const int slot = j & p.ring_mask;
    std::uint32_t sc[SP];
    load_scores<SP>(m.prof, m.sky_b[slot], blockDim.x, sc);
    int2 hf = m.sky_hf[slot];
    lane_column<SP, L, Masked>(t, sc, hf.x, hf.y, jbase + j, p.open, p.extend, valid);
    m.sky_hf[slot] = hf;
  }
}

// One row of tiles across one band (as row_of_tiles in sw_multipass_kernel.cuh, with the
// pipeline twice as long: 2 x threads lanes).
template <int SP, bool Masked>
__device__ void row_of_tiles16(const MultipassParams& p, const Smem16& m, PairRows<SP>& t, int ticket,
                               std::int64_t first, int valid) {
  const int tid = threadIdx.x, threads = blockDim.x, lanes = 2 * threads;
  const int r = ticket % p.rows_of_tiles, band = ticket / p.rows_of_tiles;
  const int sc = p.sub_cols;
  const int chunks_per_tile = p.tile_cols / sc;
  const std::int64_t c_begin = band * p.band_cols, c_end = min(p.cols, c_begin + p.band_cols);
  const bool last_band = c_end == p.cols;
  const int tile0 = static_cast<int>(c_begin / p.tile_cols);
  const int width = static_cast<int>(c_end - c_begin);
  const int chunks = (width + sc - 1) / sc;
  const int tiles = (width + p.tile_cols - 1) / p.tile_cols;
  const bool last_row = r == p.rows_of_tiles - 1;
  const int valid_lo = min(valid, SP), valid_hi = max(0, valid - SP);
  const std::int32_t* in_h = r > 0 ? p.ring_h + ((r - 1) & 1) * p.cols : nullptr;
  const std::int32_t* in_f = r > 0 ? p.ring_f + ((r - 1) & 1) * p.cols : nullptr;
  std::int32_t* out_h = last_row ? p.below_h : p.ring_h + (r & 1) * p.cols;
  std::int32_t* out_f = last_row ? p.below_f : p.ring_f + (r & 1) * p.cols;
  // First band-local column run in int32 (block-uniform; only ever lowered).
  int first32 = (Masked || p.limit16 < 0) ? 0 : width;

  if (band > 0) {  // resume from the column state the previous band of this row left
    if (tid == 0) {
      wait_at_least(p.band_done[r], band);
      if (r > 0) wait_at_least(p.band_done[r - 1], band);
      wait_for_input(p, r, tile0, min(c_end, c_begin + p.tile_cols));
      t.diag[0] =
          r > 0 ? __ldcg(p.corner + ticket - p.rows_of_tiles - 1) : (p.above_h ? __ldcv(p.above_h + c_begin - 1) : 0);
    }
    __syncthreads();
    if (tid > 0) t.diag[0] = first - 1 < p.rows ? __ldcg(p.col_h + first - 1) : 0;
    t.diag[1] = first + SP - 1 < p.rows ? __ldcg(p.col_h + first + SP - 1) : 0;
    std::int32_t most = max(static_cast<std::int32_t>(t.diag[0]), static_cast<std::int32_t>(t.diag[1]));
#pragma unroll
    for (int L = 0; L < 2; ++L)
#pragma unroll
      for (int k = 0; k < SP; ++k)
        if (L * SP + k < valid) {
          const std::int32_t h = __ldcg(p.col_h + first + L * SP + k);
          t.w[2 * L][k] = static_cast<std::uint32_t>(h);
          t.w[2 * L + 1][k] = static_cast<std::uint32_t>(__ldcg(p.col_e + first + L * SP + k) + p.open);
          most = max(most, h);
        }
    if (__syncthreads_or(most > p.limit16)) first32 = 0;
  }

  const std::int32_t jbase = static_cast<std::int32_t>(c_begin) + 1;
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
  const int letter_entries = (SP / 4) * threads;  // profile entries per letter
  const std::int32_t gap = min(p.open, p.extend);
  const GapConst16 gc{pack16(p.open, p.open), pack16(-p.open, -p.open), pack16(-p.extend, -p.extend),
                      pack16(-gap, -gap)};
  // Tiles staged and published so far, counted instead of divided per step.
  int staged = 0, published = 0, publish_at = min(chunks_per_tile, chunks) - 1;
  for (int step = 0; step < chunks + lanes - 1; ++step) {
    // Thread 0 starts a tile: wait for the row above, then stage its H, F and B's letters,
    // and see whether its H could take the row's cells past 16 bits.
    if (staged < tiles && step == staged * chunks_per_tile) {
      const int c = staged++, c0 = c * p.tile_cols;
      const int c1 = min(width, c0 + p.tile_cols);
      bool over = false;
      if (tid == 0) wait_for_input(p, r, tile0 + c, c_begin + c1);
      __syncthreads();
      for (int col = c0 + tid; col < c1; col += threads) {
        const int slot = col & p.ring_mask;
        std::int32_t h = 0, f = kNeg16;  // the table's top edge
        if (in_h) {
          h = __ldcg(in_h + col);
          f = __ldcg(in_f + col);
        } else if (above_h) {
          h = __ldcv(above_h + col);
          f = __ldcv(above_f + col);
        }
        m.sky_hf[slot] = make_int2(h, max(f, kNeg16));
        m.sky_b[slot] = bb[col] * letter_entries;
        over |= h > p.limit16;
      }
      if (__syncthreads_or(over)) first32 = min(first32, c0);
    }
    const int safe_end = min(width, first32);
    const int glo = step - 2 * tid, ghi = glo - 1;
    const bool lo_on = glo >= 0 && glo < chunks, hi_on = ghi >= 0 && ghi < chunks;
    if (lo_on && hi_on && t.packed && (glo + 1) * sc <= safe_end) {
      for (int x = 0; x < sc; ++x) {
        const int jl = glo * sc + x, jh = ghi * sc + x;
        const int sl = jl & p.ring_mask, sh = jh & p.ring_mask;
        std::uint32_t slo[SP], shi[SP];
        load_scores<SP>(m.prof, m.sky_b[sl], threads, slo);
        load_scores<SP>(m.prof, m.sky_b[sh], threads, shi);
        const int2 in_lo = m.sky_hf[sl], in_hi = m.sky_hf[sh];
        std::uint32_t up_h = pack16(in_lo.x, in_hi.x), up_f = pack16(in_lo.y, in_hi.y);
        packed_column<SP>(t, slo, shi, up_h, up_f, jbase + jl, jbase + jh, gc, valid_lo, valid_hi);
        m.sky_hf[sl] = make_int2(lo16(up_h), lo16(up_f));
        m.sky_hf[sh] = make_int2(hi16(up_h), hi16(up_f));
      }
    } else if (lo_on || hi_on) {  // a lane starting or ending, or int32: each lane on its own
      if (t.packed) unpack_rows(t);
      if (lo_on) lane_chunk<SP, 0, Masked>(p, m, t, glo * sc, min(width, glo * sc + sc), jbase, valid_lo);
      if (hi_on) lane_chunk<SP, 1, Masked>(p, m, t, ghi * sc, min(width, ghi * sc + sc), jbase, valid_hi);
      if (lo_on && (glo + 2) * sc <= safe_end) pack_rows(t);  // the next step can be packed
    }
    __syncthreads();
    // The top lane finished a tile: publish the row's top H and F for the row below.
    if (step - (lanes - 1) == publish_at) {
      const int c = published++, c0 = c * p.tile_cols, c1 = min(width, c0 + p.tile_cols);
      publish_at = min((c + 2) * chunks_per_tile, chunks) - 1;
      if (out_h) {
        for (int col = c0 + tid; col < c1; col += threads) {
          const int2 hf = m.sky_hf[col & p.ring_mask];
          out_h[col] = hf.x;
          out_f[col] = hf.y;
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
  if (t.packed) unpack_rows(t);
  if (tid == 0 && p.cols32) atomicAdd(p.cols32, static_cast<unsigned long long>(width - min(width, first32)));
  if (!last_band) {  // hand the band over, as row_of_tiles does
#pragma unroll
    for (int L = 0; L < 2; ++L)
#pragma unroll
      for (int k = 0; k < SP; ++k)
        if (L * SP + k < valid) {
          p.col_h[first + L * SP + k] = static_cast<std::int32_t>(t.w[2 * L][k]);
          p.col_e[first + L * SP + k] = static_cast<std::int32_t>(t.w[2 * L + 1][k]) - p.open;
        }
    if (tid == 0) p.corner[ticket] = m.sky_hf[(width - 1) & p.ring_mask].x;
    __threadfence();
    __syncthreads();
    if (tid == 0)
      ::cuda::atomic_ref<int, ::cuda::thread_scope_device>(p.band_done[r])
          .store(band + 1, ::cuda::memory_order_release);
  }
}

// Local alignment only (the host sees to it). SP: row pairs per thread (--sub-rows / 2).
template <int SP>
__global__ void __maxnreg__(SP == 16 ? 168 : 128) multipass16_kernel(const MultipassParams p) {
  extern __shared__ __align__(16) unsigned char smem[];
  const int tid = threadIdx.x, threads = blockDim.x;
  const int ring = p.ring_mask + 1;
  Smem16 m;
  m.sky_hf = reinterpret_cast<int2*>(smem);
  m.sky_b = reinterpret_cast<std::int32_t*>(m.sky_hf + ring);
  m.prof = reinterpret_cast<uint4*>(smem + ring16_bytes(ring));
  m.scratch = reinterpret_cast<BestCell*>(m.prof + p.letters * (SP / 4) * threads);
  __shared__ int ticket_of_block;
  if (tid == 0) ticket_of_block = atomicAdd(p.ticket, 1);  // tickets in the order blocks start
  __syncthreads();
  const int ticket = ticket_of_block;
  const int r = ticket % p.rows_of_tiles;
  const std::int64_t first = static_cast<std::int64_t>(r) * p.tile_rows + static_cast<std::int64_t>(tid) * 2 * SP;
  const int valid =
      static_cast<int>(max(static_cast<std::int64_t>(0), min(static_cast<std::int64_t>(2 * SP), p.rows - first)));
  const std::int64_t table_row = p.row0 + first + 1;

  // The profile of the thread's rows: for each letter b, (score of row k, of row SP + k).
  {
    int code[2 * SP];
#pragma unroll
    for (int q = 0; q < 2 * SP; ++q) code[q] = q < valid ? p.a[first + q] : 0;
    for (int b = 0; b < p.letters; ++b) {
      const std::int32_t* row = p.scores + b * k::kScoreStride;
#pragma unroll
      for (int q = 0; q < SP / 4; ++q) {
        std::uint32_t v[4];
#pragma unroll
        for (int i = 0; i < 4; ++i) v[i] = pack16(row[code[4 * q + i]], row[code[SP + 4 * q + i]]);
        m.prof[(b * (SP / 4) + q) * threads + tid] = make_uint4(v[0], v[1], v[2], v[3]);
      }
    }
  }
  PairRows<SP> t;
#pragma unroll
  for (int L = 0; L < 2; ++L) {
#pragma unroll
    for (int k = 0; k < SP; ++k) {
      t.w[2 * L][k] = 0;  // H at the left edge (local), E' = -infinity
      t.w[2 * L + 1][k] = static_cast<std::uint32_t>(kNeg16);
    }
    t.diag[L] = 0;
    t.best[L] = p.no_score;
    t.best_k[L] = SP;
    t.best_j[L] = 0;
  }
  t.best2 = pack16(p.no_score, p.no_score);
  t.packed = false;
  __syncthreads();  // the profile
  if (static_cast<std::int64_t>(r + 1) * p.tile_rows > p.rows && p.below_h)
    row_of_tiles16<SP, true>(p, m, t, ticket, first, valid);
  else row_of_tiles16<SP, false>(p, m, t, ticket, first, valid);

  // The thread's best cell: the lo lane's rows come first.
  BestCell mine{0, 0, 0};
#pragma unroll
  for (int L = 0; L < 2; ++L)
    if (t.best_j[L] != 0 && (mine.i == 0 || t.best[L] > mine.score)) {
      mine.score = t.best[L];
      mine.i = table_row + L * SP + t.best_k[L];
      mine.j = t.best_j[L];
    }
  k::block_best(cuda::CudaTeam{}, m.scratch, mine, &p.row_best[ticket]);
}

}  // namespace
}  // namespace hpcs::sw::cuda
