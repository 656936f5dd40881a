// SPDX-License-Identifier: BSD-3-Clause
// How the plan's tiles fit a team: the automatic fast memory M, each step's kernel (a
// product's sums in registers or in scratch, its split along k), the chunk widths, and the
// refusal of a tile the backend cannot hold. No Kokkos types.
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

// M for fast_memory == 0: the thesis' 65536 on a host backend. On a GPU, for a plan of
// products only (naive, opcount) the largest power of two up to 16384 (128 x 128 patches)
// whose square patch a team holds in registers; for the fused plan, whose pairs keep T in
// scratch, the largest whose elements fill at most half the scratch (the other half streams
// chunks).
std::int64_t auto_fast_memory(Precision p, PlanKind plan);

// How a product runs: sums in registers (a compile-time 64/128-sided patch of 8 x 8 outputs
// a thread, or any tile in 4 x 4 or 8 x 8 outputs a thread), or in scratch (band_product:
// a tile whose micro-tiles outnumber the team, as on Kokkos Serial).
enum class GemmPath { Scratch, Generic4, Generic8, Fast64x64, Fast64x128, Fast128x64, Fast128x128 };
std::string to_string(GemmPath p);

// The layout of one step: its x-by-y patch (C of a product, T of a fused pair), k chunks of
// kc (x-by-kc of A and kc-by-y of B), and for a fused pair the streamed operand's chunks of
// wc columns of Z (left) or wc rows of X (right). A product on a register path has the team
// and the k split it launches with.
struct StepShape {
  int x = 0, y = 0, kc = 0, wc = 0;
  std::int64_t work = 0;  // elements of the chunk buffer (shared by both phases of a fused pair)
  std::size_t bytes = 0;  // team scratch per team
  GemmPath path = GemmPath::Scratch;
  int team = 0;            // register paths: threads per team
  int splits = 1;          // register paths: k slices (gemm_k_split, matrixchain_gemm_team_kokkos.hpp)
  std::int64_t slice = 0;  // k per slice
};

// The shape of a step whose elements have elem_bytes; throws hpcs::Error naming the step,
// its tile, M and the limit when the tile cannot fit. shaped: a fast patch's 128 side may
// become 64 where that pads the dimension less (--gemm-patch shaped, as cuda/*). share: the
// steps that may run beside this one (plan_concurrency); a product splits k for its 1 / share
// of the device's resident teams.
StepShape step_shape(const Step& s, std::size_t elem_bytes, double fast_memory, int index, bool shaped = true,
                     int share = 1);

// Teams of a fused kernel with `team` threads and `scratch` bytes of team scratch the device
// runs at once: the chunk groups' slots (fused_chunk_groups, matrixchain_chunk_groups.hpp).
// Exec().concurrency() / team on every backend: 1 on Serial (so one group: recomputing T
// there only costs), the host threads a team leaves on OpenMP (1 when a team takes them
// all). On CUDA also at most SMs x the teams an SM's shared memory holds (the team's
// scratch, Kokkos' team reduction space and the 1 KiB CUDA reserves per block), since a
// fused team's scratch, not its threads, is what limits it there; registers are not
// counted. An estimate: too many slots only cost a second wave's recomputed T, never bits.
std::int64_t fused_resident_teams(int team, std::size_t scratch);

// Why `name` cannot run the plan of (problem, tuning) in the team scratch; nullopt if it can.
std::optional<std::string> scratch_misfit(const std::string& name, const Problem& p, const Tuning& t);

}  // namespace hpcs::matrixchain::kokkos
