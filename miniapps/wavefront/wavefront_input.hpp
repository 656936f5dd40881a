// SPDX-License-Identifier: BSD-3-Clause
// The sequences of lcs and sw-linear: generated (uniform A, C, G, T from a seed) or read
// from a pair file of sw_miniapp's layout (gen_inputs sw; datasets /a and /b of uint8
// codes, root attributes alphabet = dna and letters = ACGTN), so both apps align the same
// pair. Each rank keeps its rows of A and all of B.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs::wavefront {

struct Sequences {
  std::vector<std::uint8_t> a_rows;  // this rank's letters of A (rows row_begin + 1 ..)
  std::vector<std::uint8_t> b;       // every letter of B (columns)
  std::int64_t len_a = 0, len_b = 0;
};

// Letters of a generated pair: codes 0..3 (ACGT), each from splitmix64 of the seed and its
// position, so every rank count gives the same pair.
Sequences generate_sequences(std::int64_t len_a, std::int64_t len_b, std::uint64_t seed, std::int64_t row_begin,
                             std::int64_t rows);

// Lengths of A and B in a pair file (collective; errors name the file and dataset).
struct PairShape {
  std::int64_t len_a = 0, len_b = 0;
};
PairShape read_pair_shape(const MpiContext& mpi, const std::string& path);

// This rank's rows of A and all of B (collective).
Sequences read_pair(const MpiContext& mpi, const std::string& path, std::int64_t row_begin, std::int64_t rows);

}  // namespace hpcs::wavefront
