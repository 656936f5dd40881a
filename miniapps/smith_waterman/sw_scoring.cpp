// SPDX-License-Identifier: BSD-3-Clause
#include "sw_scoring.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include "hpcs/base/error.hpp"
#include "hpcs/io/input_file.hpp"

namespace hpcs::sw {

namespace {
// NCBI's BLOSUM62 (ncbi-data: data/BLOSUM62), scale ln(2)/2.
const char* const kBlosum62 = R"(# Entries for the BLOSUM62 matrix at a scale of ln(2)/2.0.
   A  R  N  D  C  Q  E  G  H  I  L  K  M  F  P  S  T  W  Y  V  B  J  Z  X  *
A  4 -1 -2 -2  0 -1 -1  0 -2 -1 -1 -1 -1 -2 -1  1  0 -3 -2  0 -2 -1 -1 -1 -4
R -1  5  0 -2 -3  1  0 -2  0 -3 -2  2 -1 -3 -2 -1 -1 -3 -2 -3 -1 -2  0 -1 -4
N -2  0  6  1 -3  0  0  0  1 -3 -3  0 -2 -3 -2  1  0 -4 -2 -3  4 -3  0 -1 -4
D -2 -2  1  6 -3  0  2 -1 -1 -3 -4 -1 -3 -3 -1  0 -1 -4 -3 -3  4 -3  1 -1 -4
C  0 -3 -3 -3  9 -3 -4 -3 -3 -1 -1 -3 -1 -2 -3 -1 -1 -2 -2 -1 -3 -1 -3 -1 -4
Q -1  1  0  0 -3  5  2 -2  0 -3 -2  1  0 -3 -1  0 -1 -2 -1 -2  0 -2  4 -1 -4
E -1  0  0  2 -4  2  5 -2  0 -3 -3  1 -2 -3 -1  0 -1 -3 -2 -2  1 -3  4 -1 -4
G  0 -2  0 -1 -3 -2 -2  6 -2 -4 -4 -2 -3 -3 -2  0 -2 -2 -3 -3 -1 -4 -2 -1 -4
H -2  0  1 -1 -3  0  0 -2  8 -3 -3 -1 -2 -1 -2 -1 -2 -2  2 -3  0 -3  0 -1 -4
I -1 -3 -3 -3 -1 -3 -3 -4 -3  4  2 -3  1  0 -3 -2 -1 -3 -1  3 -3  3 -3 -1 -4
L -1 -2 -3 -4 -1 -2 -3 -4 -3  2  4 -2  2  0 -3 -2 -1 -2 -1  1 -4  3 -3 -1 -4
K -1  2  0 -1 -3  1  1 -2 -1 -3 -2  5 -1 -3 -1  0 -1 -3 -2 -2  0 -3  1 -1 -4
M -1 -1 -2 -3 -1  0 -2 -3 -2  1  2 -1  5  0 -2 -1 -1 -1 -1  1 -3  2 -1 -1 -4
F -2 -3 -3 -3 -2 -3 -3 -3 -1  0  0 -3  0  6 -4 -2 -2  1  3 -1 -3  0 -3 -1 -4
P -1 -2 -2 -1 -3 -1 -1 -2 -2 -3 -3 -1 -2 -4  7 -1 -1 -4 -3 -2 -2 -3 -1 -1 -4
S  1 -1  1  0 -1  0  0  0 -1 -2 -2  0 -1 -2 -1  4  1 -3 -2 -2  0 -2  0 -1 -4
T  0 -1  0 -1 -1 -1 -1 -2 -2 -1 -1 -1 -1 -2 -1  1  5 -2 -2  0 -1 -1 -1 -1 -4
W -3 -3 -4 -4 -2 -2 -3 -2 -2 -3 -2 -3 -1  1 -4 -3 -2 11  2 -3 -4 -2 -2 -1 -4
Y -2 -2 -2 -3 -2 -1 -2 -3  2 -1 -1 -2 -1  3 -3 -2 -2  2  7 -1 -3 -1 -2 -1 -4
V  0 -3 -3 -3 -1 -2 -2 -3 -3  3  1 -2  1 -1 -2 -2  0 -3 -1  4 -3  2 -2 -1 -4
B -2 -1  4  4 -3  0  1 -1  0 -3 -4  0 -3 -3 -2  0 -1 -4 -3 -3  4 -3  0 -1 -4
J -1 -2 -3 -3 -1 -2 -3 -4 -3  3  3 -3  2  0 -3 -2 -1 -2 -1  2 -3  3 -3 -1 -4
Z -1  0  0  1 -3  4  4 -2  0 -3 -3  1 -1 -3 -1  0 -1 -2 -2 -2  0 -3  4 -1 -4
X -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -4
* -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4  1
)";

Scoring with_gaps(Scoring s, int gap_open, int gap_extend) {
  s.gap_open = gap_open;
  s.gap_extend = gap_extend;
  validate(s);
  return s;
}
}  // namespace

int Scoring::max_score() const {
  int m = s[0];
  for (int a = 0; a < letters; ++a)
    for (int b = 0; b < letters; ++b) m = std::max(m, score(a, b));
  return m;
}

void validate(const Scoring& s) {
  if (s.gap_open < 1) throw Error("--gap-open " + std::to_string(s.gap_open) + ": must be at least 1");
  if (s.gap_extend < 0) throw Error("--gap-extend " + std::to_string(s.gap_extend) + ": must be 0 or more");
  if (s.gap_open > (1 << 20) || s.gap_extend > (1 << 20)) throw Error("gap penalties above 2^20 are not supported");
  if (s.max_score() <= 0) throw Error("scoring " + s.name + ": no positive score, so every local alignment is empty");
}

Scoring dna_scoring(int match, int mismatch, int gap_open, int gap_extend) {
  if (match < -1000 || match > 1000 || mismatch < -1000 || mismatch > 1000)
    throw Error("--match/--mismatch: scores must lie in [-1000, 1000]");
  const Alphabet dna = Alphabet::dna();
  Scoring s;
  s.name = "dna match " + std::to_string(match) + " mismatch " + std::to_string(mismatch);
  s.letters = dna.size();
  const int n = dna.encode('N');
  for (int a = 0; a < s.letters; ++a)
    for (int b = 0; b < s.letters; ++b)
      s.s[a * kMaxLetters + b] = static_cast<std::int16_t>(a == b && a != n ? match : mismatch);
  return with_gaps(s, gap_open, gap_extend);
}

Scoring matrix_scoring(const std::string& text, const std::string& source, const Alphabet& alphabet, int gap_open,
                       int gap_extend) {
  std::istringstream in(text);
  std::vector<char> header;
  std::vector<std::vector<int>> rows(256);
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream ls(line);
    if (header.empty()) {
      for (std::string tok; ls >> tok;) {
        if (tok.size() != 1)
          throw Error(source + ": line " + std::to_string(line_no) + ": header entry '" + tok + "' is not one letter");
        header.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(tok[0]))));
      }
      continue;
    }
    std::string letter;
    ls >> letter;
    if (letter.size() != 1)
      throw Error(source + ": line " + std::to_string(line_no) + ": row label '" + letter + "' is not one letter");
    std::vector<int> values;
    for (std::string tok; ls >> tok;) {
      try {
        std::size_t used = 0;
        values.push_back(std::stoi(tok, &used));
        if (used != tok.size()) throw std::invalid_argument(tok);
      } catch (const std::exception&) {
        throw Error(source + ": line " + std::to_string(line_no) + ": '" + tok + "' is not an integer score");
      }
    }
    if (values.size() != header.size())
      throw Error(source + ": line " + std::to_string(line_no) + ": " + std::to_string(values.size()) + " scores for " +
                  std::to_string(header.size()) + " columns");
    rows[static_cast<unsigned char>(std::toupper(static_cast<unsigned char>(letter[0])))] = values;
  }
  if (header.empty()) throw Error(source + ": no matrix (expected a header line of letters)");
  Scoring s;
  s.name = source;
  s.letters = alphabet.size();
  for (int a = 0; a < s.letters; ++a) {
    const char la = alphabet.letters[a];
    const auto& row = rows[static_cast<unsigned char>(la)];
    if (row.empty())
      throw Error(source + ": no row for letter '" + std::string(1, la) + "' of alphabet " + alphabet.name);
    for (int b = 0; b < s.letters; ++b) {
      const char lb = alphabet.letters[b];
      const auto col = std::find(header.begin(), header.end(), lb);
      if (col == header.end())
        throw Error(source + ": no column for letter '" + std::string(1, lb) + "' of alphabet " + alphabet.name);
      const int v = row[static_cast<std::size_t>(col - header.begin())];
      if (v < -1000 || v > 1000) throw Error(source + ": score " + std::to_string(v) + " outside [-1000, 1000]");
      s.s[a * kMaxLetters + b] = static_cast<std::int16_t>(v);
    }
  }
  return with_gaps(s, gap_open, gap_extend);
}

Scoring matrix_scoring_file(const std::string& path, const Alphabet& alphabet, int gap_open, int gap_extend) {
  std::ifstream in = open_input_file(path, "a substitution matrix (NCBI text)");
  std::stringstream ss;
  ss << in.rdbuf();
  return matrix_scoring(ss.str(), path, alphabet, gap_open, gap_extend);
}

Scoring blosum62(const Alphabet& protein, int gap_open, int gap_extend) {
  return matrix_scoring(kBlosum62, "BLOSUM62", protein, gap_open, gap_extend);
}

void check_score_range(const Scoring& s, std::int64_t len_a, std::int64_t len_b, const std::string& source) {
  // 2^30 leaves room for H - gap_open and the kernels' sentinels below zero.
  constexpr std::int64_t kLimit = std::int64_t{1} << 30;
  const std::int64_t best = static_cast<std::int64_t>(s.max_score()) * std::min(len_a, len_b);
  if (best >= kLimit)
    throw Error(source + ": scores could reach " + std::to_string(best) + " (" + s.name + ", " + std::to_string(len_a) +
                " x " + std::to_string(len_b) +
                "), beyond the 32-bit range of the kernels (limit 2^30); use smaller scores");
}

}  // namespace hpcs::sw
