// SPDX-License-Identifier: BSD-3-Clause
// Host executors, compiled once per application (wavefront_cpu.cpp, with OpenMP): the
// serial reference and the CPU's tile wavefront over a region of the frontier.
#pragma once
#include <cstdint>

#include "hpcs/parallel/mpi_context.hpp"
#include "wavefront_dispatch.hpp"
#include "wavefront_frontier.hpp"
#include "wavefront_pipeline.hpp"
#include "wavefront_problem.hpp"

namespace hpcs::wavefront {

// The seed's serial loop, row by row over two rows: obviously correct and never tuned.
// Rank r waits for rank r - 1's whole last row, so ranks run one after the other.
template <class App>
Result serial_reference(const MpiContext& mpi, const App& app, const Letters& letters, const Block& blk);

// The cells of `region` in cpu_tile x cpu_tile tiles, a tile diagonal at a time, the tiles
// of a diagonal spread over `threads` host threads. With a pipeline (more than one rank),
// receives the top row before the first row needs it and sends the last row as it is done.
template <class App>
Tally cpu_region(const App& app, const Letters& letters, const Block& blk, HostFrontier<typename App::Element>& f,
                 const Region& region, int cpu_tile, int threads, RowPipeline* pipe);

// The frontier's final state as a result: the last row (last rank) and the block's part of
// the last column, checksum and best over every rank.
Result tally_result(const MpiContext& mpi, const void* last_row, const void* last_col, std::size_t element_bytes,
                    const Block& blk, const Tally& t);
template <class Element>
Result frontier_result(const MpiContext& mpi, const HostFrontier<Element>& f, const Block& blk, const Tally& t) {
  return tally_result(mpi, f.S.data() + 1, f.E.data() + 1, sizeof(Element), blk, t);
}

// Threads for the CPU tiles when the user gives none: the node's cores over its ranks.
int default_threads(const MpiContext& mpi);

#define HPCS_WAVEFRONT_DECLARE_HOST(App)                                                                       \
  extern template Result serial_reference<App>(const MpiContext&, const App&, const Letters&, const Block&);   \
  extern template Tally cpu_region<App>(const App&, const Letters&, const Block&, HostFrontier<App::Element>&, \
                                        const Region&, int, int, RowPipeline*);
HPCS_WAVEFRONT_FOR_EACH_APP(HPCS_WAVEFRONT_DECLARE_HOST)
#undef HPCS_WAVEFRONT_DECLARE_HOST

}  // namespace hpcs::wavefront
