// SPDX-License-Identifier: BSD-3-Clause
// One alignment over MPI ranks: rank r owns a block of A's rows and all of B; the row
// between rank r and r+1 streams in column chunks (MpiRowLink), so every rank works on
// the wavefront at once. The best cells are then reduced with the suite-wide order, and
// rank 0 finds the start cell (gathering A's prefix) and broadcasts the alignment.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "hpcs/parallel/mpi_context.hpp"
#include "sw_input.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw {

// This rank's block of the table (rows a_begin+1 .. a_begin+rows, all of B).
Block rank_block(const SequencePair& pair, Mode mode);

// Collective. Runs `aligner` (set up on rank_block) with links to the neighbouring ranks
// and returns the table's best cell on every rank. A failure on any rank aborts the job
// (other ranks would wait for its rows forever).
Cell run_distributed(const MpiContext& mpi, Aligner& aligner, const SequencePair& pair, std::int64_t chunk);

// Collective: the best of the ranks' cells (suite-wide order).
Cell combine_cells(const MpiContext& mpi, const Cell& local);

// Collective: the alignment ending at `end`; rank 0 runs the reverse pass with aligners
// from `make` (set up in Anchored mode on one device) and broadcasts the result.
Alignment find_start_distributed(const MpiContext& mpi, const Cell& end, const SequencePair& pair,
                                 const Scoring& scoring, const std::function<std::unique_ptr<Aligner>()>& make);

}  // namespace hpcs::sw
