// SPDX-License-Identifier: BSD-3-Clause
// Registers the Kokkos variants of Smith-Waterman: kokkos/wavefront (a dispatch per tile
// wavefront) and kokkos/multipass (one dispatch, a team per row of tiles waiting on the row
// above through counters; docs/smith_waterman.md), with the named tilings and the tiled
// variants' tuning space.
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/kokkos_views.hpp"
#include "sw_kokkos_factories.hpp"

namespace hpcs::sw {

void register_kokkos_variants(VariantList& list) {
  auto v = kokkos_variant<Variant>("kokkos/wavefront", kokkos::make_kokkos_wavefront);
  v.tunings = named_tilings();
  v.space = views_in_host_memory() ? host_tiled_space() : tiled_space();  // host: teams of one thread
  // Its own default tiling. On a GPU, the fastest of 165 shapes at 2^18 x 2^18 DNA on an H100:
  // wider tiles than the multi-pass kernel's shorten the chain of per-diagonal launches
  // (375 GCUPS against 188 at 2048 x 128, docs/results/kokkos_parity_h200.md). On a host
  // backend a team is one thread, so t_S = s_S.
  v.resolve = [](const Problem&, const Tuning& t) {
    return with_default_tiling(
        t, views_in_host_memory() ? TilingDefaults{16, 128, 16, 2} : TilingDefaults{1024, 512, 8, 2});
  };
  // Under a host backend its views are host memory: A's rows and B (a byte a letter), two
  // int32 columns per row of A and eight int32 rows per letter of B, so at most 33 bytes
  // beside each byte of input (the memory check before the runs counts them).
  v.host_copies = [](const Problem&, const Tuning&) { return views_in_host_memory() ? 33.0 : 0.0; };
  list.push_back(v);

  // kokkos/multipass: cuda/multipass's default shape on a GPU (a row of tiles is a pipeline
  // the whole width long, so narrow tiles cost it nothing); on a host backend teams of one.
  auto m = kokkos_variant<Variant>("kokkos/multipass", kokkos::make_kokkos_multipass);
  m.tunings = named_tilings();
  m.space = v.space;
  m.resolve = [](const Problem&, const Tuning& t) {
    return with_default_tiling(t, views_in_host_memory() ? TilingDefaults{16, 128, 16, 2} : kMultipassTiling);
  };
  // Host memory beside the input: A and B, and eight int32 rows per letter of B (two rows of
  // tiles' top rows, the rows above and below the block, H and F each).
  m.host_copies = [](const Problem&, const Tuning&) { return views_in_host_memory() ? 33.0 : 0.0; };
  list.push_back(m);
}

}  // namespace hpcs::sw
