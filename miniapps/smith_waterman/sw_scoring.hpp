// SPDX-License-Identifier: BSD-3-Clause
// Scoring: a substitution matrix over an alphabet's codes and affine gap penalties.
//
// Gap convention (as parasail, SSW and EMBOSS water): a gap of length k costs
//   gap_open + (k - 1) * gap_extend,
// i.e. E(i,j) = max(E(i,j-1) - extend, H(i,j-1) - open), likewise F. To reproduce BLAST's
// "open a, extend b" (a + k*b), use gap_open = a + b, gap_extend = b.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "sw_alphabet.hpp"

namespace hpcs::sw {

constexpr int kMaxLetters = 32;

struct Scoring {
  std::string name;                                         // "dna match 2 mismatch -2", "BLOSUM62", "file:my.mat"
  int letters = 0;                                          // alphabet size
  std::array<std::int16_t, kMaxLetters * kMaxLetters> s{};  // s[a * kMaxLetters + b]
  int gap_open = 0, gap_extend = 0;

  int score(int a, int b) const { return s[a * kMaxLetters + b]; }
  int max_score() const;  // the largest entry (> 0 for a useful local alignment)
};

// DNA: match / mismatch on A C G T; N scores `mismatch` against everything, itself too.
Scoring dna_scoring(int match, int mismatch, int gap_open, int gap_extend);

// A matrix in the NCBI text layout ('#' comments, a header of letters, one row per
// letter). Every letter of the alphabet must be in it. `source` names it in errors.
Scoring matrix_scoring(const std::string& ncbi_text, const std::string& source, const Alphabet& alphabet, int gap_open,
                       int gap_extend);
Scoring matrix_scoring_file(const std::string& path, const Alphabet& alphabet, int gap_open, int gap_extend);
Scoring blosum62(const Alphabet& protein, int gap_open, int gap_extend);

// Throws hpcs::Error unless gap_open >= 1, gap_extend >= 0 and some entry is positive
// (the pad and tie arguments of the tiled variants rely on gap_open >= 1).
void validate(const Scoring& s);

// Scores are 32-bit in every variant: refuses pairs whose best possible score
// (max_score x the shorter length) could come near the int32 range. `source` names the input.
void check_score_range(const Scoring& s, std::int64_t len_a, std::int64_t len_b, const std::string& source);

}  // namespace hpcs::sw
