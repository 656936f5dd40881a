// SPDX-License-Identifier: BSD-3-Clause
// Sequence pairs: the HDF5 layout, reading a rank's rows of A (and all of B), and
// generating random pairs with an optional planted similar region.
//
// HDF5 layout: datasets /a and /b of uint8 letter codes (1-D, may be empty), each with a
// "name" attribute; root attributes "alphabet" (dna|protein) and "letters" (the alphabet's
// letters in code order, checked on reading).
#pragma once
#include <cstdint>
#include <string>

#include "hpcs/parallel/mpi_context.hpp"
#include "sw_alphabet.hpp"
#include "sw_problem.hpp"

namespace hpcs::sw {

struct SequencePair {
  Alphabet alphabet;
  Codes a_rows;  // this rank's rows of A: A[a_begin+1 .. a_begin+a_rows.size()]
  std::int64_t a_begin = 0;
  std::int64_t len_a = 0;  // whole A
  Codes b;                 // all of B
  std::string name_a, name_b;
};

// Collective: checks the file and reads this rank's block of A rows and all of B. Errors
// (missing datasets or attributes, wrong types or ranks, codes outside the alphabet)
// name the file and leave every rank together.
SequencePair load_pair(const MpiContext& mpi, const std::string& path);

struct PlantedRegion {
  std::int64_t length = 0;            // letters copied from A into B (0: none)
  double mutation = 0.1;              // per-letter substitution rate (and indel rate / 10)
  std::int64_t at_a = -1, at_b = -1;  // 0-based starts in A and B (-1: random)
};

struct GeneratedPair {
  Alphabet alphabet;
  Codes a, b;
  std::int64_t plant_a = -1, plant_b = -1, plant_len_b = 0;  // where the region went
};

// The one check of a planted region against the lengths, shared by sw_miniapp and
// gen_inputs sw: "--plant 2000: longer than the shorter sequence (--len-a 10, --len-b 12)",
// a mutation rate outside [0, 1], starts that do not fit.
void check_planted_region(const PlantedRegion& plant, std::int64_t len_a, std::int64_t len_b);

// Uniform random letters (ACGT, or the 20 standard amino acids) from `seed`; with a
// planted region, a mutated copy of A's segment replaces B's at the same length.
GeneratedPair generate_pair(const Alphabet& alphabet, std::int64_t len_a, std::int64_t len_b, std::uint64_t seed,
                            const PlantedRegion& plant);

// Collective: the rank's share of a generated pair (every rank generates the same pair).
SequencePair generated_slice(const MpiContext& mpi, GeneratedPair pair);

// Writes a pair file (atomically); used by gen_inputs.
void write_pair(const std::string& path, const Alphabet& alphabet, const Codes& a, const Codes& b,
                const std::string& name_a, const std::string& name_b,
                const std::vector<std::pair<std::string, std::int64_t>>& extra_attributes);

}  // namespace hpcs::sw
