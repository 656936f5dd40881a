// SPDX-License-Identifier: BSD-3-Clause
#include "sw_fasta.hpp"

#include <algorithm>
#include <cstdint>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "sw_fasta_scan.hpp"

namespace hpcs::sw {

namespace {
// Exactly `cap` bytes of room: std::string::reserve may round up to twice the old capacity.
void set_capacity(std::string& s, std::size_t cap) {
  std::string t;
  t.reserve(cap);
  t.append(s);
  s.swap(t);
}

// Geometric growth, never past what the rest of a plain file can hold (the last record of
// a file then ends without spare room).
void append_letter(std::string& s, char c, std::uint64_t more) {
  if (s.size() == s.capacity()) {
    std::uint64_t cap = std::max<std::uint64_t>(2 * s.capacity(), 4096);
    if (more != UINT64_MAX) cap = std::min<std::uint64_t>(cap, s.size() + 1 + more);
    set_capacity(s, static_cast<std::size_t>(cap));
  }
  s.push_back(c);
}

// At a record's end: give back spare room beyond an eighth (growth can leave up to half).
void fit(std::string& s) {
  if (s.capacity() - s.size() > s.size() / 8 + 64) set_capacity(s, s.size());
}

// Line and column of letter `k` of the record headed on `header_line`, by reading the file
// again; false if it no longer holds that letter there (changed since).
bool locate_letter(const std::string& path, const FastaRecord& r, std::size_t k, std::int64_t& line,
                   std::int64_t& column) {
  bool in_record = false, found = false;
  std::size_t seen = 0;
  try {
    scan_fasta(
        path, [&](const std::string&, std::int64_t l) { in_record = l == r.header_line; },
        [&](char c, std::int64_t l, std::int64_t col, std::uint64_t) {
          if (!in_record || seen++ < k) return true;
          found = c == r.letters[k];
          line = l;
          column = col;
          return false;
        });
  } catch (const Error&) {
    return false;
  }
  return found;
}
}  // namespace

std::vector<FastaRecord> read_fasta(const std::string& path) {
  std::vector<FastaRecord> records;
  scan_fasta(
      path,
      [&](const std::string& name, std::int64_t line) {
        if (!records.empty()) fit(records.back().letters);
        records.push_back(FastaRecord{name, {}, static_cast<int>(line)});
      },
      [&](char c, std::int64_t, std::int64_t, std::uint64_t more) {
        append_letter(records.back().letters, c, more);
        return true;
      });
  if (records.empty()) throw Error(path + ": no FASTA record (empty file?)");
  fit(records.back().letters);
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
    if (c < 0) {
      const std::string what =
          ": '" + printable(std::string_view(&r.letters[k], 1)) + "' is not a " + alphabet.name + " letter";
      std::int64_t line = 0, column = 0;
      if (locate_letter(path, r, k, line, column))
        throw Error(path + ": line " + std::to_string(line) + ", column " + std::to_string(column) + what);
      throw Error(path + ": record '" + r.name + "', letter " + std::to_string(k + 1) + what);
    }
    codes[k] = static_cast<std::uint8_t>(c);
  }
  return codes;
}

}  // namespace hpcs::sw
