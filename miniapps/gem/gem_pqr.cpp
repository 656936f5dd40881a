// SPDX-License-Identifier: BSD-3-Clause
#include "gem_pqr.hpp"

#include "gem_input.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "hpcs/io/atomic_text_file.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "hpcs/io/input_file.hpp"

namespace hpcs::gem {

namespace text {

std::string printable(std::string_view s, std::size_t max_len) { return hpcs::printable(s, max_len); }

std::string where(const std::string& path, long line) { return printable(path, 4096) + ":" + std::to_string(line); }

std::ifstream open_input(const std::string& path, const std::string& kind) {
  const std::string shown = printable(path, 4096);
  require_regular_file(path, kind);  // a FIFO would block open() forever
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int e = errno;
    throw Error(shown + ": cannot read" + (e ? " (" + std::string(std::strerror(e)) + ")" : std::string()));
  }
  skip_utf8_bom(in);  // it once hid the first record
  return in;
}

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t k = 0;
  while (k < line.size()) {
    while (k < line.size() && (line[k] == ' ' || line[k] == '\t')) ++k;
    const std::size_t start = k;
    while (k < line.size() && line[k] != ' ' && line[k] != '\t') ++k;
    if (k > start) out.push_back(line.substr(start, k - start));
  }
  return out;
}

Parse parse_double(std::string_view s, double& out) {
  // from_chars takes no '+' sign; hand-written PQR files sometimes have one.
  if (s.size() > 1 && s[0] == '+' && s[1] != '-' && s[1] != '+') s.remove_prefix(1);
  if (s.empty()) return Parse::NotNumber;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  if (r.ptr != s.data() + s.size()) return Parse::NotNumber;
  if (r.ec == std::errc::result_out_of_range) {
    // from_chars leaves `out` alone here; strtod tells overflow (+-HUGE_VAL) from underflow.
    out = std::strtod(std::string(s).c_str(), nullptr);
    return std::isfinite(out) ? Parse::Ok : Parse::NotFinite;
  }
  if (r.ec != std::errc()) return Parse::NotNumber;
  return std::isfinite(out) ? Parse::Ok : Parse::NotFinite;
}

}  // namespace text

namespace {

const char* const kField[5] = {"x", "y", "z", "charge", "radius"};

// "ATOM", "HETATM", or either run into a long serial ("HETATM12345").
bool is_atom_record(std::string_view first) {
  std::string_view rest;
  if (first.substr(0, 6) == "HETATM") rest = first.substr(6);
  else if (first.substr(0, 4) == "ATOM") rest = first.substr(4);
  else return false;
  return std::all_of(rest.begin(), rest.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// The five numbers, each checked to be a number; returns the index of the first field
// that is not (5 if all are). Values that parse but are not finite count as numbers here.
int parse_five(const std::string_view* fields, double* v) {
  for (int f = 0; f < 5; ++f)
    if (text::parse_double(fields[f], v[f]) == text::Parse::NotNumber) return f;
  return 5;
}

bool parse_columns(std::string_view line, double* v) {
  if (line.size() < 54) return false;
  std::string_view f[5];
  for (int c = 0; c < 3; ++c) {
    const auto t = text::split(line.substr(30 + 8 * c, 8));
    if (t.size() != 1) return false;
    f[c] = t[0];
  }
  const auto rest = text::split(line.substr(54));
  if (rest.size() < 2) return false;
  f[3] = rest[0];
  f[4] = rest[1];
  return parse_five(f, v) == 5;
}

// Whether the line can be the whitespace layout: ATOM serial name residue [chain] number
// x y z charge radius, at least 10 fields (a record run into its serial, "HETATM12345",
// counts as two). With exactly 10, the fifth field must not be a chain ID alone (letters):
// then a field is missing, and the last five would be read shifted (number as x, ...).
bool whitespace_layout(const std::vector<std::string_view>& tok) {
  const std::size_t record = tok[0].substr(0, 6) == "HETATM" ? 6 : 4;
  const std::size_t merged = tok[0].size() > record ? 1 : 0;
  const std::size_t n = tok.size() + merged;
  if (n < 10) return false;
  if (n > 10) return true;
  const std::string_view fifth = tok[4 - merged];
  return !std::all_of(fifth.begin(), fifth.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); });
}

void parse_atom_line(std::string_view line, const std::vector<std::string_view>& tok, const std::string& at,
                     Atoms& atoms) {
  double v[5];
  const bool spaced = whitespace_layout(tok);
  const int bad = spaced ? parse_five(tok.data() + tok.size() - 5, v) : 0;
  if ((!spaced || bad < 5) && !parse_columns(line, v)) {
    const std::string what = spaced ? "'" + text::printable(tok[tok.size() - 5 + bad]) + "' is not a number"
                                    : "too few fields (" + std::to_string(tok.size()) +
                                          "): a field is missing, and the line is not in fixed columns either";
    throw Error(at + ": " + what +
                " (expected ATOM serial name residue [chain] number x y z charge radius, or x y z"
                " in columns 31-54 followed by charge and radius)");
  }
  for (int f = 0; f < 5; ++f)
    if (!std::isfinite(v[f])) throw Error(at + ": " + kField[f] + " is not finite (NaN, infinite or out of range)");
  for (int f = 0; f < 5; ++f)  // named by its line, not printed whole (a 31-digit number once was)
    if (auto why = beyond_limit(kField[f], v[f])) throw Error(at + ": " + *why);
  if (v[4] < 0) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v[4]);
    throw Error(at + ": radius " + std::string(buf, r.ptr) + " is negative");
  }
  atoms.push_back(v[0], v[1], v[2], v[3], v[4]);
}

}  // namespace

Atoms read_pqr(const std::string& path) {
  std::ifstream in = text::open_input(path, "a PQR file");
  Atoms atoms;
  std::string line;
  long line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto tok = text::split(line);
    if (tok.empty() || !is_atom_record(tok[0])) continue;  // REMARK, TER, END, blank lines
    parse_atom_line(line, tok, text::where(path, line_no), atoms);
  }
  if (in.bad()) throw Error(text::printable(path, 4096) + ": read error after line " + std::to_string(line_no));
  if (atoms.size() == 0) throw Error(text::printable(path, 4096) + ": no ATOM or HETATM records");
  return atoms;
}

namespace {

void check_writable(const Atoms& a) {
  const std::size_t n = a.x.size();
  if (a.y.size() != n || a.z.size() != n || a.charge.size() != n || a.radius.size() != n)
    throw Error("write_pqr: the atom arrays have different lengths");
  for (std::size_t i = 0; i < n; ++i)
    if (!std::isfinite(a.x[i]) || !std::isfinite(a.y[i]) || !std::isfinite(a.z[i]) || !std::isfinite(a.charge[i]) ||
        !std::isfinite(a.radius[i]))
      throw Error("write_pqr: atom " + std::to_string(i + 1) + " has a NaN or infinite value");
}

void put(std::ostream& out, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back exactly
  out << ' ';
  out.write(buf, r.ptr - buf);
}

}  // namespace

void write_pqr(const std::string& path, const Atoms& atoms) {
  check_writable(atoms);
  write_text_file_atomically(path, [&](std::ostream& out) {
    out << "REMARK   GEM atoms: x y z (A) charge (e) radius (A)\n";
    for (std::size_t i = 0; i < atoms.size(); ++i) {
      out << "ATOM " << i + 1 << " X GEM 1";
      for (double v : {atoms.x[i], atoms.y[i], atoms.z[i], atoms.charge[i], atoms.radius[i]}) put(out, v);
      out << '\n';
    }
    out << "END\n";
  });
}

}  // namespace hpcs::gem
