// SPDX-License-Identifier: BSD-3-Clause
// The arithmetic of RK-1..RK-7 shared by the CUDA and Kokkos variants: how a thread
// loads its elements and how a block (team) combines them in shared (scratch) memory.
// The models differ only in the barrier they pass in (__syncthreads or team_barrier)
// and in the CUDA-only warp tail of RK-5..7.
//
// `s` holds one value per thread, `tid` is the thread's index in the block, `bs` the
// block size (a power of two). Every tree leaves the block's sum in s[0].
#pragma once
#include <cstddef>

#include "hpcs/base/hd.hpp"

namespace hpcs::reduction::body {

// RK-1..3: element i (0 past the end).
template <class In, class Acc>
HPCS_HD inline Acc load_one(const In* in, std::size_t n, std::size_t i) {
  return i < n ? Acc(in[i]) : Acc(0);
}

// RK-4..6: "first add during load": elements i and i + offset.
template <class In, class Acc>
HPCS_HD inline Acc load_pair(const In* in, std::size_t n, std::size_t i, std::size_t offset) {
  Acc v = i < n ? Acc(in[i]) : Acc(0);
  if (i + offset < n) v += Acc(in[i + offset]);
  return v;
}

// RK-7: algorithmic cascading (Brent). Harris's loop
//   while (i < n) { sum += in[i] + in[i + offset]; i += grid_size; }
// with Unroll of its steps loaded before they are added, so that enough loads are in
// flight to cover memory latency (Unroll = 1 is the 2007 loop).
template <int Unroll, class In, class Acc>
HPCS_HD inline Acc load_cascaded(const In* in, std::size_t n, std::size_t i, std::size_t offset,
                                 std::size_t grid_size) {
  Acc sum = 0;
  if constexpr (Unroll > 1) {
    while (i + (Unroll - 1) * grid_size + offset < n) {
      In a[Unroll], b[Unroll];
      HPCS_UNROLL
      for (int u = 0; u < Unroll; ++u) {
        a[u] = in[i + u * grid_size];
        b[u] = in[i + u * grid_size + offset];
      }
      HPCS_UNROLL
      for (int u = 0; u < Unroll; ++u) sum += Acc(a[u]) + Acc(b[u]);
      i += Unroll * grid_size;
    }
  }
  for (; i < n; i += grid_size) sum += load_pair<In, Acc>(in, n, i, offset);
  return sum;
}

// RK-1: interleaved addressing; `tid % (2s)` diverges inside every warp and is a slow modulo.
template <class Acc, class Barrier>
HPCS_HD inline void tree_interleaved_divergent(Acc* s, unsigned tid, unsigned bs, Barrier&& sync) {
  for (unsigned stride = 1; stride < bs; stride *= 2) {
    if (tid % (2 * stride) == 0) s[tid] += s[tid + stride];
    sync();
  }
}

// RK-2: strided index and a non-divergent branch, but shared-memory bank conflicts.
template <class Acc, class Barrier>
HPCS_HD inline void tree_interleaved_strided(Acc* s, unsigned tid, unsigned bs, Barrier&& sync) {
  for (unsigned stride = 1; stride < bs; stride *= 2) {
    const unsigned index = 2 * stride * tid;
    if (index < bs) s[index] += s[index + stride];
    sync();
  }
}

// RK-3/4 (and RK-5 down to one warp): sequential addressing, conflict free, until
// `stop` threads would be active (s[0..2*stop) then still holds partial sums).
template <class Acc, class Barrier>
HPCS_HD inline void tree_sequential(Acc* s, unsigned tid, unsigned bs, unsigned stop, Barrier&& sync) {
  for (unsigned stride = bs / 2; stride > stop; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    sync();
  }
}

// RK-6/7: complete unrolling with the block size known at compile time, down to
// `Stop` active threads (32 for the CUDA warp tail, 0 for a full tree).
template <unsigned Block, unsigned Stop, class Acc, class Barrier>
HPCS_HD inline void tree_unrolled(Acc* s, unsigned tid, Barrier&& sync) {
  HPCS_UNROLL
  for (unsigned stride = 512; stride > Stop; stride >>= 1) {
    if (Block >= 2 * stride) {
      if (tid < stride) s[tid] += s[tid + stride];
      sync();
    }
  }
}

}  // namespace hpcs::reduction::body
