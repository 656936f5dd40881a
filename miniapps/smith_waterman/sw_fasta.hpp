// SPDX-License-Identifier: BSD-3-Clause
// FASTA reading: '>' headers (the name is the first word), multi-line sequences, lower
// case, blank lines and ';' comment lines, plain or gzip-compressed (by content, not by
// name); letters are checked against an alphabet with the file, line and column of any
// invalid one. A record holds its letters and nothing per letter (about one byte each):
// the line and column of a bad letter are found by reading the file again.
#pragma once
#include <string>
#include <vector>

#include "sw_alphabet.hpp"
#include "sw_problem.hpp"

namespace hpcs::sw {

struct FastaRecord {
  std::string name;
  std::string letters;  // as written, whitespace removed
  int header_line = 0;  // finds the record again when an error names a letter's line
};

// Throws hpcs::Error for a missing file, no records, text before the first header, an
// empty record, or corrupt or truncated gzip data.
std::vector<FastaRecord> read_fasta(const std::string& path);

// "dna" if every letter is a DNA letter (A C G T U N and IUPAC codes), else "protein".
std::string guess_alphabet(const std::vector<FastaRecord>& records);

// Letter codes; throws naming file, line and column of a letter outside the alphabet
// (`path` is the file the record was read from).
Codes encode(const FastaRecord& record, const Alphabet& alphabet, const std::string& path);

}  // namespace hpcs::sw
