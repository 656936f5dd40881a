// SPDX-License-Identifier: BSD-3-Clause
// FASTA reading: '>' headers (the name is the first word), multi-line sequences, lower
// case, blank lines and ';' comment lines; letters are checked against an alphabet with
// the file, line and column of any invalid one.
#pragma once
#include <string>
#include <vector>

#include "sw_alphabet.hpp"
#include "sw_problem.hpp"

namespace hpcs::sw {

struct FastaRecord {
  std::string name;
  std::string letters;  // as written, whitespace removed
  int header_line = 0;
  std::vector<int> line_of;  // line of each letter (for error messages)
  std::vector<int> column_of;
};

// Throws hpcs::Error for a missing file, no records, text before the first header, or
// an empty record.
std::vector<FastaRecord> read_fasta(const std::string& path);

// "dna" if every letter is a DNA letter (A C G T U N and IUPAC codes), else "protein".
std::string guess_alphabet(const std::vector<FastaRecord>& records);

// Letter codes; throws naming file, line and column of a letter outside the alphabet.
Codes encode(const FastaRecord& record, const Alphabet& alphabet, const std::string& path);

}  // namespace hpcs::sw
