// SPDX-License-Identifier: BSD-3-Clause
// The host executors of every application (explicit instantiations at the end).
#include <omp.h>

#include <algorithm>
#include <cstring>
#include <thread>

#include "hpcs/base/error.hpp"
#include "wavefront_host.hpp"

namespace hpcs::wavefront {

#pragma omp declare reduction(merge:Tally : omp_out.merge(omp_in))

namespace {
constexpr int kReferenceTag = 4005;

void check_mpi(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw Error(std::string("wavefront reference: ") + what + " failed");
}

// One tile: its rows in order, each row's cells of the region left to right.
template <class App>
Tally run_tile(const App& app, const Letters& letters, const Block& blk, HostFrontier<typename App::Element>& f,
               const Region& r, std::int64_t i0, std::int64_t i1, std::int64_t j0, std::int64_t j1) {
  using Element = typename App::Element;
  Tally t;
  Element* S = f.S.data();
  for (std::int64_t i = std::max(i0, r.i_lo); i <= std::min(i1, r.i_hi); ++i) {
    const std::int64_t jb = std::max(j0, r.first_col(i)), je = std::min(j1, r.last_col(i));
    if (jb > je) continue;
    Element w = f.E[i], nw = f.K[i];
    for (std::int64_t j = jb; j <= je; ++j) update_cell(app, letters, blk, i, j, S[j], w, nw, t);
    f.E[i] = w;
    f.K[i] = nw;
  }
  return t;
}
}  // namespace

int default_threads(const MpiContext& mpi) {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  return std::max(1, cores / std::max(1, mpi.local_size()));
}

Result tally_result(const MpiContext& mpi, const void* last_row, const void* last_col, std::size_t bytes,
                    const Block& blk, const Tally& t) {
  Result res;
  const bool last = mpi.rank() + 1 == mpi.size();
  const auto* col = static_cast<const std::uint8_t*>(last_col);
  const auto* row = static_cast<const std::uint8_t*>(last_row);
  res.last_col.assign(col, col + static_cast<std::size_t>(blk.h) * bytes);
  if (last) res.last_row.assign(row, row + static_cast<std::size_t>(blk.cols) * bytes);
  // Order-free hashes of the two edges (a sum over elements of hash(position, bytes)).
  const auto hash_of = [&](const std::vector<std::uint8_t>& v, std::int64_t first) {
    std::uint64_t h = 0;
    for (std::size_t k = 0; k * bytes < v.size(); ++k) {
      std::uint64_t x = mix64(static_cast<std::uint64_t>(first) + k);
      for (std::size_t b = 0; b < bytes; ++b) x = mix64(x ^ v[k * bytes + b]);
      h += x;
    }
    return h;
  };
  const std::uint64_t local[3] = {t.checksum, hash_of(res.last_col, blk.row0 + 1), hash_of(res.last_row, 1)};
  std::uint64_t sums[3];
  check_mpi(MPI_Allreduce(local, sums, 3, MPI_UINT64_T, MPI_SUM, mpi.comm()), "MPI_Allreduce of the checksums");
  check_mpi(MPI_Allreduce(&t.best, &res.best, 1, MPI_UINT64_T, MPI_MAX, mpi.comm()), "MPI_Allreduce of the best cell");
  res.checksum = sums[0];
  res.col_hash = sums[1];
  res.row_hash = sums[2];
  res.final_cell.resize(bytes);
  if (last) std::memcpy(res.final_cell.data(), row + (blk.cols - 1) * bytes, bytes);
  check_mpi(MPI_Bcast(res.final_cell.data(), static_cast<int>(bytes), MPI_BYTE, mpi.size() - 1, mpi.comm()),
            "MPI_Bcast of the last cell");
  return res;
}

template <class App>
Result serial_reference(const MpiContext& mpi, const App& app, const Letters& letters, const Block& blk) {
  using Element = typename App::Element;
  const std::int64_t C = blk.cols;
  std::vector<Element> up(static_cast<std::size_t>(C + 1)), row(static_cast<std::size_t>(C + 1));
  std::vector<Element> last_col(static_cast<std::size_t>(blk.h));
  if (blk.row0 == 0) {
    for (std::int64_t j = 0; j <= C; ++j) up[j] = app.first_row(j);
  } else {
    up[0] = app.first_col(blk.row0);
    check_mpi(MPI_Recv(up.data() + 1, static_cast<int>(C * static_cast<std::int64_t>(sizeof(Element))), MPI_BYTE,
                       mpi.rank() - 1, kReferenceTag, mpi.comm(), MPI_STATUS_IGNORE),
              "MPI_Recv of the rank above's last row");
  }
  Tally t;
  for (std::int64_t i = 1; i <= blk.h; ++i) {
    Cell c;
    c.i = blk.row0 + i;
    if (letters.a) c.a = letters.a[i - 1];
    row[0] = app.first_col(c.i);
    for (std::int64_t j = 1; j <= C; ++j) {
      c.j = j;
      if (letters.b) c.b = letters.b[j - 1];
      row[j] = app.cell(c, row[j - 1], up[j], up[j - 1]);
      count_cell(t, app, c.i, j, C, row[j]);
    }
    last_col[i - 1] = row[C];
    std::swap(row, up);
  }
  if (mpi.rank() + 1 < mpi.size())
    check_mpi(MPI_Send(up.data() + 1, static_cast<int>(C * static_cast<std::int64_t>(sizeof(Element))), MPI_BYTE,
                       mpi.rank() + 1, kReferenceTag, mpi.comm()),
              "MPI_Send of the last row");
  return tally_result(mpi, up.data() + 1, last_col.data(), sizeof(Element), blk, t);
}

template <class App>
Tally cpu_region(const App& app, const Letters& letters, const Block& blk, HostFrontier<typename App::Element>& f,
                 const Region& r, int T, int threads, RowPipeline* pipe) {
  Tally total;
  if (r.empty()) return total;
  const std::int64_t NI = (blk.h + T - 1) / T, NJ = (blk.cols + T - 1) / T;
  // Tile (I, J) holds local diagonals I T + J T + 2 .. (I + 1) T + (J + 1) T.
  const std::int64_t k_lo = std::max<std::int64_t>(0, (r.d_from - 2 * T + T - 1) / T);
  const std::int64_t k_hi = std::min<std::int64_t>(NI + NJ - 2, (r.d_to - 2) / T);
  for (std::int64_t k = k_lo; k <= k_hi; ++k) {
    if (pipe && pipe->receives() && r.i_lo == 1 && k < NJ)
      pipe->receive_until(std::min({blk.cols, (k + 1) * T, r.last_col(1)}), f.S.data());
    const std::int64_t I_lo = std::max<std::int64_t>(0, k - NJ + 1), I_hi = std::min(k, NI - 1);
    Tally t;
#pragma omp parallel for num_threads(threads) schedule(dynamic) reduction(merge : t)
    for (std::int64_t I = I_lo; I <= I_hi; ++I) {
      const std::int64_t J = k - I;
      const std::int64_t i0 = I * T + 1, i1 = std::min(blk.h, (I + 1) * T);
      const std::int64_t j0 = J * T + 1, j1 = std::min(blk.cols, (J + 1) * T);
      if (i0 + j0 > r.d_to || i1 + j1 < r.d_from || i1 < r.i_lo || i0 > r.i_hi || j0 > r.j_hi) continue;
      t.merge(run_tile(app, letters, blk, f, r, i0, i1, j0, j1));
    }
    total.merge(t);
    if (pipe && pipe->sends()) {
      // The last row's tiles (NI - 1, J) with J <= k - NI + 1 are done.
      const std::int64_t done = std::min((k - NI + 2) * T, r.d_to - blk.h);
      const std::int64_t j = pipe->sendable(done);
      if (j > pipe->sent()) pipe->send_until(j, f.S.data());
    }
  }
  return total;
}

#define HPCS_WAVEFRONT_INSTANTIATE_HOST(App)                                                                           \
  template Result serial_reference<App>(const MpiContext&, const App&, const Letters&, const Block&);                  \
  template Tally cpu_region<App>(const App&, const Letters&, const Block&, HostFrontier<App::Element>&, const Region&, \
                                 int, int, RowPipeline*);
HPCS_WAVEFRONT_FOR_EACH_APP(HPCS_WAVEFRONT_INSTANTIATE_HOST)

}  // namespace hpcs::wavefront
