// SPDX-License-Identifier: BSD-3-Clause
#include "gem_vert.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>

#include "gem_input.hpp"
#include "gem_pqr.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::gem {

namespace {

// Vertex counts beyond this are certainly not a real surface (and would not fit the
// kernels' 32-bit indices); refusing them keeps a corrupt header from driving reserve().
constexpr std::int64_t kMaxVertices = std::int64_t{1} << 31;

std::int64_t parse_header(const std::vector<std::string_view>& tok, const std::string& at) {
  const std::string expected = " (expected 'nvert nsphere density probe_radius', e.g. '5884 382 3.00 1.50')";
  if (tok.size() != 4) throw Error(at + ": header has " + std::to_string(tok.size()) + " fields" + expected);
  std::int64_t counts[2] = {0, 0};
  for (int k = 0; k < 2; ++k) {
    const auto r = std::from_chars(tok[k].data(), tok[k].data() + tok[k].size(), counts[k]);
    if (r.ec != std::errc() || r.ptr != tok[k].data() + tok[k].size() || counts[k] < 0)
      throw Error(at + ": header field '" + text::printable(tok[k]) + "' is not a count" + expected);
  }
  for (int k = 2; k < 4; ++k) {
    double v = 0;
    if (text::parse_double(tok[k], v) != text::Parse::Ok)
      throw Error(at + ": header field '" + text::printable(tok[k]) + "' is not a number" + expected);
  }
  if (counts[0] == 0) throw Error(at + ": header says 0 vertices; a surface needs at least one");
  if (counts[0] > kMaxVertices)
    throw Error(at + ": header says " + std::to_string(counts[0]) + " vertices (limit 2^31)");
  return counts[0];
}

void parse_vertex(const std::vector<std::string_view>& tok, const std::string& at, Vertices& v) {
  static const char* const kName[6] = {"x", "y", "z", "nx", "ny", "nz"};
  if (tok.size() < 6)
    throw Error(at + ": " + std::to_string(tok.size()) + " fields; a vertex line needs x y z nx ny nz");
  double f[6];
  for (int k = 0; k < 6; ++k) {
    const auto p = text::parse_double(tok[k], f[k]);
    if (p == text::Parse::NotNumber)
      throw Error(at + ": " + kName[k] + " '" + text::printable(tok[k]) + "' is not a number");
    if (p == text::Parse::NotFinite)
      throw Error(at + ": " + kName[k] + " is not finite (NaN, infinite or out of range)");
  }
  for (int k = 0; k < 3; ++k)  // named here by its line, not later by an index in the output
    if (auto why = beyond_limit(kName[k], f[k])) throw Error(at + ": " + *why);
  const double len = std::hypot(f[3], f[4], f[5]);
  // MSMS normals are unit vectors to three decimals; anything this short has no direction.
  if (!(len > 1e-6)) throw Error(at + ": zero normal (nx ny nz all 0)");
  v.push_back(f[0], f[1], f[2], f[3] / len, f[4] / len, f[5] / len);
}

}  // namespace

Vertices read_msms_vert(const std::string& path) {
  std::ifstream in = text::open_input(path, "an MSMS .vert file");
  Vertices v;
  std::int64_t expected = -1;
  long header_line = 0, line_no = 0;
  std::string line;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto tok = text::split(line);
    if (tok.empty() || tok[0][0] == '#') continue;
    if (expected < 0) {
      expected = parse_header(tok, text::where(path, line_no));
      header_line = line_no;
      const auto reserve = static_cast<std::size_t>(std::min<std::int64_t>(expected, 1 << 24));
      for (auto* a : {&v.x, &v.y, &v.z, &v.nx, &v.ny, &v.nz}) a->reserve(reserve);
      continue;
    }
    parse_vertex(tok, text::where(path, line_no), v);
  }
  const std::string shown = text::printable(path, 4096);
  if (in.bad()) throw Error(shown + ": read error after line " + std::to_string(line_no));
  if (expected < 0) throw Error(shown + ": no header line 'nvert nsphere density probe_radius' (empty file?)");
  if (static_cast<std::int64_t>(v.size()) != expected)
    throw Error(text::where(path, header_line) + ": header says " + std::to_string(expected) + " vertices, file has " +
                std::to_string(v.size()));
  return v;
}

}  // namespace hpcs::gem
