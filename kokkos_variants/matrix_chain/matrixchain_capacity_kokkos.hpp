// SPDX-License-Identifier: BSD-3-Clause
// How the plan's tiles fit the team scratch: the automatic fast memory M, the chunk
// widths of each step, and the refusal of a tile the backend cannot hold. No Kokkos types.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "matrixchain_plan.hpp"
#include "matrixchain_problem.hpp"

namespace hpcs::matrixchain::kokkos {

// Team scratch one team may take (bytes) and where it lives, e.g. "Kokkos Cuda team
// scratch level 0". Needs Kokkos initialized on a GPU backend.
std::size_t scratch_limit();
std::string scratch_name();

// M for fast_memory == 0: the thesis' 65536 on a host backend; on a GPU the largest power
// of two whose elements fill at most half the scratch (the other half streams chunks).
std::int64_t auto_fast_memory(Precision p);

// The scratch layout of one step: its x-by-y patch (C of a product, T of a fused pair),
// k chunks of kc (x-by-kc of A and kc-by-y of B), and for a fused pair the streamed
// operand's chunks of wc columns of Z (left) or wc rows of X (right).
struct StepShape {
  int x = 0, y = 0, kc = 0, wc = 0;
  std::int64_t work = 0;  // elements of the chunk buffer (shared by both phases of a fused pair)
  std::size_t bytes = 0;  // team scratch per team
};

// The shape of a step whose elements have elem_bytes; throws hpcs::Error naming the step,
// its tile, M and the limit when the tile cannot fit.
StepShape step_shape(const Step& s, std::size_t elem_bytes, double fast_memory, int index);

// Why `name` cannot run the plan of (problem, tuning) in the team scratch; nullopt if it can.
std::optional<std::string> scratch_misfit(const std::string& name, const Problem& p, const Tuning& t);

}  // namespace hpcs::matrixchain::kokkos
