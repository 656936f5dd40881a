// SPDX-License-Identifier: BSD-3-Clause
#include "sw_fasta.hpp"

#include <cctype>
#include <fstream>

#include "hpcs/error.hpp"
#include "hpcs/input_file.hpp"

namespace hpcs::sw {

std::vector<FastaRecord> read_fasta(const std::string& path) {
  std::ifstream in = open_input_file(path, "a FASTA file");
  std::vector<FastaRecord> records;
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == ';') continue;
    if (line[0] == '>') {
      FastaRecord r;
      const auto end = line.find_first_of(" \t", 1);
      r.name = line.substr(1, end == std::string::npos ? std::string::npos : end - 1);
      r.header_line = line_no;
      records.push_back(std::move(r));
      continue;
    }
    if (records.empty())
      throw Error(path + ": line " + std::to_string(line_no) + ": not FASTA (expected a '>' header first)");
    for (std::size_t c = 0; c < line.size(); ++c) {
      if (std::isspace(static_cast<unsigned char>(line[c]))) continue;
      records.back().letters.push_back(line[c]);
      records.back().line_of.push_back(line_no);
      records.back().column_of.push_back(static_cast<int>(c) + 1);
    }
  }
  if (records.empty()) throw Error(path + ": no FASTA record (empty file?)");
  for (const auto& r : records)
    if (r.letters.empty())
      throw Error(path + ": record '" + r.name + "' (line " + std::to_string(r.header_line) + ") is empty");
  return records;
}

std::string guess_alphabet(const std::vector<FastaRecord>& records) {
  const Alphabet dna = Alphabet::dna();
  for (const auto& r : records)
    for (char c : r.letters)
      if (dna.encode(c) < 0) return "protein";
  return "dna";
}

Codes encode(const FastaRecord& r, const Alphabet& alphabet, const std::string& path) {
  Codes codes(r.letters.size());
  for (std::size_t k = 0; k < r.letters.size(); ++k) {
    const int c = alphabet.encode(r.letters[k]);
    if (c < 0)
      throw Error(path + ": line " + std::to_string(r.line_of[k]) + ", column " + std::to_string(r.column_of[k]) +
                  ": '" + std::string(1, r.letters[k]) + "' is not a " + alphabet.name + " letter");
    codes[k] = static_cast<std::uint8_t>(c);
  }
  return codes;
}

}  // namespace hpcs::sw
