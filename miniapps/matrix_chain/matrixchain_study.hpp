// SPDX-License-Identifier: BSD-3-Clause
// The random study of the thesis' Table D.1: over random chains of each length, how much
// the fused plan F (+ P0 Pn) moves less than the unfused S, at two capacities. The thesis
// does not say how its chains were drawn; ours are written down here: every P[m] uniform
// in [min_dim, max_dim], independently, from a splitmix64 stream of the seed.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <vector>

#include "matrixchain_problem.hpp"

namespace hpcs::matrixchain {

struct StudyRow {
  int n = 0;
  double mean = 0, min = 0, max = 0;  // % reduction 100 (S - F) / S
  double fused_share = 0;             // % of chains where F chose at least one fused pair
};

Dims random_chain(int n, std::int64_t min_dim, std::int64_t max_dim, std::uint64_t seed, std::uint64_t index);

std::vector<StudyRow> study(int min_n, int max_n, int chains, std::int64_t min_dim, std::int64_t max_dim,
                            std::uint64_t seed, double fast_memory, BetaConvention beta);

// The table beside the thesis' averages (M = 64K and 96K columns).
void print_study(std::ostream& os, const std::vector<StudyRow>& m64, const std::vector<StudyRow>& m96);

}  // namespace hpcs::matrixchain
