// SPDX-License-Identifier: BSD-3-Clause
#include "sw_distributed.hpp"

#include <algorithm>

#include "hpcs/base/error.hpp"
#include "hpcs/base/stderr_line.hpp"
#include "sw_alignment.hpp"
#include "sw_link_mpi.hpp"

namespace hpcs::sw {

Block rank_block(const SequencePair& pair, Mode mode) {
  Block b;
  b.a = pair.a_rows.data();
  b.rows = static_cast<std::int64_t>(pair.a_rows.size());
  b.b = pair.b.data();
  b.cols = static_cast<std::int64_t>(pair.b.size());
  b.row0 = pair.a_begin;
  b.mode = mode;
  return b;
}

Cell combine_cells(const MpiContext& mpi, const Cell& local) {
  const long long mine[3] = {local.score, local.i, local.j};
  std::vector<long long> all(3 * static_cast<std::size_t>(mpi.size()));
  MPI_Allgather(mine, 3, MPI_LONG_LONG, all.data(), 3, MPI_LONG_LONG, mpi.comm());
  Cell best{};
  bool any = false;
  for (int r = 0; r < mpi.size(); ++r) {
    const Cell c{static_cast<std::int32_t>(all[3 * r]), all[3 * r + 1], all[3 * r + 2]};
    if (c.i == 0) continue;  // a rank without rows (or an empty table)
    if (!any || better(c, best)) best = c;
    any = true;
  }
  return best;
}

Cell run_distributed(const MpiContext& mpi, Aligner& aligner, const SequencePair& pair, std::int64_t chunk) {
  // Ranks past the rows of A have nothing to do (block decomposition puts them last).
  const int active = static_cast<int>(std::min<std::int64_t>(mpi.size(), pair.len_a));
  Cell local{};
  try {
    if (mpi.rank() < active) {
      MpiRowLink link(mpi.comm(), mpi.rank() > 0 ? mpi.rank() - 1 : -1, mpi.rank() + 1 < active ? mpi.rank() + 1 : -1,
                      static_cast<std::int64_t>(pair.b.size()), chunk);
      local = aligner.run(&link);
      link.finish();
    } else if (pair.len_a == 0 && mpi.rank() == 0) {
      local = aligner.run(nullptr);  // empty A: nothing to align, but the variant still runs
    }
  } catch (const std::exception& e) {
    write_stderr_line("error: rank " + std::to_string(mpi.rank()) + ": " + one_line(e.what()));
    MPI_Abort(mpi.comm(), 1);
  }
  return combine_cells(mpi, local);
}

Alignment find_start_distributed(const MpiContext& mpi, const Cell& end, const SequencePair& pair,
                                 const Scoring& scoring, const std::function<std::unique_ptr<Aligner>()>& make) {
  if (end.score <= 0) return Alignment{};
  // Gather A[1..end.i] on rank 0: every rank sends the part of its rows inside it.
  const std::int64_t lo = std::min(pair.a_begin, end.i);
  const std::int64_t hi = std::min(pair.a_begin + static_cast<std::int64_t>(pair.a_rows.size()), end.i);
  const int mine = static_cast<int>(hi - lo);
  std::vector<int> counts(static_cast<std::size_t>(mpi.size())), displs(counts.size());
  MPI_Gather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, mpi.comm());
  Codes prefix;
  if (mpi.root()) {
    for (std::size_t r = 1; r < counts.size(); ++r) displs[r] = displs[r - 1] + counts[r - 1];
    prefix.resize(static_cast<std::size_t>(end.i));
  }
  MPI_Gatherv(pair.a_rows.data(), mine, MPI_UINT8_T, prefix.data(), counts.data(), displs.data(), MPI_UINT8_T, 0,
              mpi.comm());
  long long out[5] = {0, 0, 0, 0, 0};
  std::optional<std::string> error;
  if (mpi.root()) {
    try {
      const Alignment al =
          find_start(end, prefix.data(), pair.b.data(), scoring, [&](const Codes& ar, const Codes& br) {
            auto aligner = make();
            Block blk;
            blk.a = ar.data();
            blk.rows = static_cast<std::int64_t>(ar.size());
            blk.b = br.data();
            blk.cols = static_cast<std::int64_t>(br.size());
            blk.mode = Mode::Anchored;
            aligner->setup(blk, scoring);
            return aligner->run(nullptr);
          });
      out[0] = al.score;
      out[1] = al.start_i;
      out[2] = al.start_j;
      out[3] = al.end_i;
      out[4] = al.end_j;
    } catch (const std::exception& e) {
      error = e.what();
    }
  }
  mpi.agree(error);
  MPI_Bcast(out, 5, MPI_LONG_LONG, 0, mpi.comm());
  return Alignment{static_cast<std::int32_t>(out[0]), out[1], out[2], out[3], out[4]};
}

}  // namespace hpcs::sw
