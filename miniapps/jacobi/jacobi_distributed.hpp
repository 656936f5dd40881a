// SPDX-License-Identifier: BSD-3-Clause
// Jacobi over MPI ranks: contiguous blocks of S1 rows (block_of over the n1 interior rows).
//
// With halo depth h, a rank's solver holds its own rows plus up to h rows of each
// neighbour (clipped at the physical boundary rows 0 and n1 + 1). The outermost of those
// rows is the solver's fixed boundary during a band of h steps; errors from holding it
// fixed move inwards one row per step, so after h steps every own row is still exact (its
// dependency cone stays inside the halo). After each band the ranks replace their halo
// rows by the neighbours' exact own rows: naive variants use h = 1 (one exchange per
// step, nothing recomputed), tiled ones h = t_T (one exchange per band, the overlap
// recomputed). The result is bit-identical to one rank.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "hpcs/parallel/mpi_context.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

struct RankRows {
  std::int64_t own_begin = 0, own_count = 0;     // global interior rows this rank owns
  std::int64_t local_begin = 0, local_rows = 0;  // global rows in its solver's grid
  std::int64_t halo_lo = 0, halo_hi = 0;         // rows refreshed from rank - 1 / rank + 1
  std::int64_t send_lo = 0, send_hi = 0;         // own rows sent to rank - 1 / rank + 1
  std::int64_t own_end() const { return own_begin + own_count; }
  // Rows this rank writes to an output grid: its own, plus the physical boundary row at
  // the top (rank 0) or bottom (last rank).
  std::int64_t out_begin = 0, out_count = 0;
  Problem local(const Problem& global) const;  // the solver's problem
};

// Throws hpcs::Error (the same text on every rank) when ranks x halo cannot work: more
// ranks than interior rows, or a rank whose halo needs more rows than its neighbour owns
// (`why_h` says where h comes from, e.g. "t_T of cuda/tiled").
// What ranks split: "interior points" (1D), "interior rows (S1)" (2D), "interior planes (S1)" (3D).
std::string interior_items(const Problem& g);
void check_decomposition(const Problem& global, int ranks, std::int64_t h, const std::string& why_h);

// Rows of `rank` for halo depth h >= 1 (check_decomposition first).
RankRows rank_rows(const Problem& global, int ranks, int rank, std::int64_t h);

struct HaloTraffic {
  std::int64_t bands = 0, messages = 0, bytes = 0;  // sent by this rank
};

// Collective: advances `solver` (set up on rank_rows(...).local(global) with those rows)
// by `steps` in bands of h, refreshing the halos after every band, so the state stays
// exact on every rank and a further call continues correctly. A failure on any rank
// aborts the job (the others would wait for its rows).
template <class Real>
HaloTraffic advance_distributed(const MpiContext& mpi, Solver<Real>& solver, const Problem& global,
                                const RankRows& rows, std::int64_t steps, std::int64_t h);

// Collective: the global rows [first, first + count) of every rank's `values` (owned
// rows of each rank, e.g. out rows), delivered in global row order to `sink` on rank 0
// one rank at a time. `values` holds this rank's rows x cols.
template <class Real>
void stream_rows_to_root(const MpiContext& mpi, std::int64_t first, std::int64_t count, std::int64_t cols,
                         const Real* values,
                         const std::function<void(std::int64_t row0, std::int64_t rows, const Real*)>& sink);

// Collective: sum of doubles over ranks, added in rank order (deterministic for a given
// number of ranks, unlike MPI_Allreduce).
double sum_in_rank_order(const MpiContext& mpi, double mine);

}  // namespace hpcs::jacobi
