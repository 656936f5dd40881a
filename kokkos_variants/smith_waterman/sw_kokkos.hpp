// SPDX-License-Identifier: BSD-3-Clause
// The Kokkos variants of the Smith-Waterman mini-app (no Kokkos types in this header).
#pragma once
#include "sw_variant.hpp"

namespace hpcs::sw {

// Adds kokkos/wavefront: one parallel dispatch per tile wavefront, a team per tile with
// its scratch, the tile code shared with cuda/traditional. There is no kokkos/multipass:
// it needs one team to spin-wait on another, and Kokkos promises neither that the teams
// of a league run concurrently nor that a waiting team lets others progress
// (docs/smith_waterman.md).
void register_sw_kokkos(VariantList& list);

}  // namespace hpcs::sw
