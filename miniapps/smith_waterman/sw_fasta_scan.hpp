// SPDX-License-Identifier: BSD-3-Clause
// The FASTA grammar in one pass over the bytes, with no line buffer (a chromosome on one
// line costs nothing extra): read_fasta() keeps the letters, and an error report walks the
// file again to find the line and column of one letter, so both see the same rules.
// A line is read as std::getline would give it, less one trailing '\r': blank or ';' lines
// are skipped, '>' starts a record named by its first word, any other line before the
// first header is an error, and whitespace inside sequence lines is dropped.
#pragma once
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

#include "hpcs/base/error.hpp"
#include "sw_fasta_input.hpp"

namespace hpcs::sw {

// Calls on_header(name, line) for each record and on_letter(c, line, column, more) for each
// letter, `more` bounding the letters that can still follow (UINT64_MAX: unknown, gzip);
// on_letter returns false to stop. Returns false if stopped. Throws for text before the
// first header and for what FastaInput throws.
template <class OnHeader, class OnLetter>
bool scan_fasta(const std::string& path, OnHeader&& on_header, OnLetter&& on_letter) {
  enum class State { LineStart, Name, SkipLine, Sequence, LeadingCr };
  FastaInput in(path);
  std::vector<char> buf(std::size_t{1} << 18);
  State state = State::LineStart;
  std::int64_t line = 1, column = 0;
  bool have_header = false;
  std::string name;
  auto end_header = [&](bool at_line_end) {
    if (at_line_end && !name.empty() && name.back() == '\r') name.pop_back();
    on_header(name, line);
    have_header = true;
  };
  auto not_fasta = [&] {
    throw Error(path + ": line " + std::to_string(line) + ": not FASTA (expected a '>' header first)");
  };
  for (std::size_t n; (n = in.read(buf.data(), buf.size())) > 0;) {
    const std::uint64_t after_chunk = in.gzip() ? UINT64_MAX : in.plain_bytes_left();
    for (std::size_t i = 0; i < n; ++i) {
      const char c = buf[i];
      if (c == '\n') {
        if (state == State::Name) end_header(true);
        state = State::LineStart;
        ++line;
        column = 0;
        continue;
      }
      ++column;
      if (state == State::LineStart) {
        if (c == ';') {
          state = State::SkipLine;
          continue;
        }
        if (c == '>') {
          state = State::Name;
          name.clear();
          continue;
        }
        if (!have_header) {
          if (c != '\r') not_fasta();
          state = State::LeadingCr;  // blank if the line ends here ("\r\n")
          continue;
        }
        state = State::Sequence;
      }
      switch (state) {
        case State::Sequence:
          if (!std::isspace(static_cast<unsigned char>(c))) {
            const std::uint64_t more = after_chunk == UINT64_MAX ? UINT64_MAX : after_chunk + (n - i - 1);
            if (!on_letter(c, line, column, more)) return false;
          }
          break;
        case State::Name:
          if (c == ' ' || c == '\t') {
            end_header(false);
            state = State::SkipLine;
          } else {
            name.push_back(c);
          }
          break;
        case State::LeadingCr:
          not_fasta();  // '\r' and more: not a blank line
          break;
        default: break;
      }
    }
  }
  if (state == State::Name) end_header(true);
  return true;
}

}  // namespace hpcs::sw
