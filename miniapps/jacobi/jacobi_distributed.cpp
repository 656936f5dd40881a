// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_distributed.hpp"

#include <algorithm>
#include <climits>
#include <optional>
#include <type_traits>

#include "hpcs/parallel/decomposition.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/stderr_line.hpp"

namespace hpcs::jacobi {

namespace {
constexpr int kTagUp = 101, kTagDown = 102, kTagRows = 103;
// Values per MPI message when streaming whole blocks (counts are ints).
constexpr std::int64_t kChunkValues = std::int64_t{1} << 26;

template <class Real>
MPI_Datatype mpi_type() {
  return std::is_same_v<Real, float> ? MPI_FLOAT : MPI_DOUBLE;
}

// Interior rows [begin, end) of `rank` (global row numbers; row 0 is the boundary).
struct Own {
  std::int64_t begin, end;
  std::int64_t count() const { return end - begin; }
};
Own own_rows(const Problem& g, int ranks, int rank) {
  const Block b = block_of(static_cast<std::uint64_t>(g.n1), ranks, rank);
  return {1 + static_cast<std::int64_t>(b.begin), 1 + static_cast<std::int64_t>(b.end())};
}

// Why the halo of depth h does not fit `ranks` blocks (nullopt: it does). A rank's halo
// rows must all be owned by its direct neighbour, so one message per side refreshes them.
std::optional<std::string> halo_violation(const Problem& g, int ranks, std::int64_t h) {
  const std::string over =
      " of the " + std::to_string(g.n1) + " interior rows over " + std::to_string(ranks) + " ranks";
  for (int r = 0; r < ranks; ++r) {
    const Own me = own_rows(g, ranks, r);
    if (r > 0) {
      const std::int64_t need = std::min(h, me.begin - 1), have = own_rows(g, ranks, r - 1).count();
      if (need > have)
        return "rank " + std::to_string(r) + " needs " + std::to_string(need) + " halo rows from rank " +
               std::to_string(r - 1) + ", whose block has only " + std::to_string(have) + over;
    }
    if (r + 1 < ranks) {
      const std::int64_t need = std::min(h, g.n1 + 1 - me.end), have = own_rows(g, ranks, r + 1).count();
      if (need > have)
        return "rank " + std::to_string(r) + " needs " + std::to_string(need) + " halo rows from rank " +
               std::to_string(r + 1) + ", whose block has only " + std::to_string(have) + over;
    }
  }
  return std::nullopt;
}

template <class Real>
void send_values(const Real* v, std::int64_t n, int dest, MPI_Comm comm) {
  for (std::int64_t k = 0; k < n; k += kChunkValues)
    MPI_Send(v + k, static_cast<int>(std::min(kChunkValues, n - k)), mpi_type<Real>(), dest, kTagRows, comm);
}
template <class Real>
void recv_values(Real* v, std::int64_t n, int src, MPI_Comm comm) {
  for (std::int64_t k = 0; k < n; k += kChunkValues)
    MPI_Recv(v + k, static_cast<int>(std::min(kChunkValues, n - k)), mpi_type<Real>(), src, kTagRows, comm,
             MPI_STATUS_IGNORE);
}
}  // namespace

Problem RankRows::local(const Problem& global) const {
  Problem p = global;
  p.n1 = local_rows - 2;
  return p;
}

std::string interior_items(const Problem& g) {
  return g.dims == 1 ? "interior points" : g.dims == 2 ? "interior rows (S1)" : "interior planes (S1)";
}

void check_decomposition(const Problem& g, int ranks, std::int64_t h, const std::string& why_h) {
  require_share_per_rank(static_cast<std::uint64_t>(std::max<std::int64_t>(g.n1, 0)), ranks, interior_items(g),
                         "the grid");
  if (h < 1) throw Error("halo depth " + std::to_string(h) + " (" + why_h + "): must be at least 1");
  const auto why = halo_violation(g, ranks, h);
  if (!why) return;
  int fewer = ranks - 1;
  while (fewer > 1 && halo_violation(g, fewer, h)) --fewer;
  std::int64_t shallower = h - 1;
  while (shallower > 1 && halo_violation(g, ranks, shallower)) --shallower;
  throw Error("halo of " + std::to_string(h) + " rows (" + why_h + "): " + *why + "; run on at most " +
              std::to_string(fewer) + " ranks, or with a halo of at most " + std::to_string(shallower) +
              " rows (--tile-t, --halo-depth)");
}

RankRows rank_rows(const Problem& g, int ranks, int rank, std::int64_t h) {
  const Own me = own_rows(g, ranks, rank);
  RankRows r;
  r.own_begin = me.begin;
  r.own_count = me.count();
  r.local_begin = std::max<std::int64_t>(0, me.begin - h);
  r.local_rows = std::min(g.n1 + 2, me.end + h) - r.local_begin;
  r.halo_lo = std::min(h, me.begin - 1);
  r.halo_hi = std::min(h, g.n1 + 1 - me.end);
  // What the neighbours' halos take from this block (their halo_hi / halo_lo).
  r.send_lo = rank > 0 ? std::min(h, g.n1 + 1 - me.begin) : 0;
  r.send_hi = rank + 1 < ranks ? std::min(h, me.end - 1) : 0;
  r.out_begin = rank == 0 ? 0 : me.begin;
  r.out_count = (rank + 1 == ranks ? g.n1 + 2 : me.end) - r.out_begin;
  return r;
}

template <class Real>
HaloTraffic advance_distributed(const MpiContext& mpi, Solver<Real>& solver, const Problem& global,
                                const RankRows& rows, std::int64_t steps, std::int64_t h) {
  HaloTraffic traffic;
  const std::int64_t cols = global.cols();
  const int up = mpi.rank() + 1 < mpi.size() ? mpi.rank() + 1 : MPI_PROC_NULL;
  const int down = mpi.rank() > 0 ? mpi.rank() - 1 : MPI_PROC_NULL;
  std::vector<Real> out_lo(rows.send_lo * cols), out_hi(rows.send_hi * cols);
  std::vector<Real> in_lo(rows.halo_lo * cols), in_hi(rows.halo_hi * cols);
  const std::int64_t own0 = rows.own_begin - rows.local_begin;  // local index of the first own row
  try {
    for (const auto* v : {&out_lo, &out_hi, &in_lo, &in_hi})
      if (v->size() > static_cast<std::size_t>(INT_MAX))
        throw Error("halo of " + std::to_string(h) + " rows x " + std::to_string(cols) +
                    " columns exceeds one MPI message");
    for (std::int64_t done = 0; done < steps;) {
      // One rank has no halo to refresh: one advance of all steps (a tiled variant then runs
      // whole hexagons instead of restarting its schedule every h steps).
      const std::int64_t band = mpi.size() == 1 ? steps - done : std::min(h, steps - done);
      solver.advance(band);
      done += band;
      ++traffic.bands;
      if (mpi.size() == 1) continue;
      MPI_Request req[4];
      MPI_Irecv(in_lo.data(), static_cast<int>(in_lo.size()), mpi_type<Real>(), down, kTagUp, mpi.comm(), &req[0]);
      MPI_Irecv(in_hi.data(), static_cast<int>(in_hi.size()), mpi_type<Real>(), up, kTagDown, mpi.comm(), &req[1]);
      if (rows.send_lo) solver.read_rows(own0, rows.send_lo, out_lo.data());
      if (rows.send_hi) solver.read_rows(own0 + rows.own_count - rows.send_hi, rows.send_hi, out_hi.data());
      MPI_Isend(out_lo.data(), static_cast<int>(out_lo.size()), mpi_type<Real>(), down, kTagDown, mpi.comm(), &req[2]);
      MPI_Isend(out_hi.data(), static_cast<int>(out_hi.size()), mpi_type<Real>(), up, kTagUp, mpi.comm(), &req[3]);
      MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
      if (rows.halo_lo) solver.write_rows(own0 - rows.halo_lo, rows.halo_lo, in_lo.data());
      if (rows.halo_hi) solver.write_rows(own0 + rows.own_count, rows.halo_hi, in_hi.data());
      for (const auto* v : {&out_lo, &out_hi})
        if (!v->empty()) {
          ++traffic.messages;
          traffic.bytes += static_cast<std::int64_t>(v->size() * sizeof(Real));
        }
    }
  } catch (const std::exception& e) {
    write_stderr_line("error: rank " + std::to_string(mpi.rank()) + ": " + one_line(e.what()));
    MPI_Abort(mpi.comm(), 1);
  }
  return traffic;
}

template <class Real>
void stream_rows_to_root(const MpiContext& mpi, std::int64_t first, std::int64_t count, std::int64_t cols,
                         const Real* values, const std::function<void(std::int64_t, std::int64_t, const Real*)>& sink) {
  const long long mine[2] = {first, count};
  std::vector<long long> all(2 * static_cast<std::size_t>(mpi.size()));
  MPI_Gather(mine, 2, MPI_LONG_LONG, all.data(), 2, MPI_LONG_LONG, 0, mpi.comm());
  std::optional<std::string> error;
  if (mpi.root()) {
    std::vector<Real> buffer;
    for (int r = 0; r < mpi.size(); ++r) {
      const std::int64_t row0 = all[2 * r], rows = all[2 * r + 1];
      const Real* block = values;
      if (r > 0) {  // received even after an error, so the sender is not left waiting
        buffer.resize(static_cast<std::size_t>(rows * cols));
        recv_values(buffer.data(), rows * cols, r, mpi.comm());
        block = buffer.data();
      }
      if (error || rows == 0) continue;
      try {
        sink(row0, rows, block);
      } catch (const std::exception& e) {
        error = e.what();
      }
    }
  } else {
    send_values(values, count * cols, 0, mpi.comm());
  }
  mpi.agree(error);
}

double sum_in_rank_order(const MpiContext& mpi, double mine) {
  std::vector<double> all(static_cast<std::size_t>(mpi.size()));
  MPI_Allgather(&mine, 1, MPI_DOUBLE, all.data(), 1, MPI_DOUBLE, mpi.comm());
  double sum = 0;
  for (double v : all) sum += v;
  return sum;
}

#define HPCS_JACOBI_DISTRIBUTED(Real)                                                                               \
  template HaloTraffic advance_distributed<Real>(const MpiContext&, Solver<Real>&, const Problem&, const RankRows&, \
                                                 std::int64_t, std::int64_t);                                       \
  template void stream_rows_to_root<Real>(const MpiContext&, std::int64_t, std::int64_t, std::int64_t, const Real*, \
                                          const std::function<void(std::int64_t, std::int64_t, const Real*)>&);
HPCS_JACOBI_DISTRIBUTED(float)
HPCS_JACOBI_DISTRIBUTED(double)
#undef HPCS_JACOBI_DISTRIBUTED

}  // namespace hpcs::jacobi
