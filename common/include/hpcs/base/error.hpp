// SPDX-License-Identifier: BSD-3-Clause
// One exception type for every user-facing failure. Its message is printed as the
// one-line error, so it names the file (or option) and what is wrong with it.
#pragma once
#include <cstddef>
#include <stdexcept>
#include <string>

namespace hpcs {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

namespace detail {
// Length of the valid UTF-8 sequence at s[i] (1 for ASCII), 0 if the bytes there are not one.
inline std::size_t utf8_length(const std::string& s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // the range of the second byte
  if (c >= 0xC2 && c <= 0xDF) n = 2;
  else if (c >= 0xE0 && c <= 0xEF) n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else return 0;
  if (i + n > s.size() || b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
  return n;
}
}  // namespace detail

// Folds a message from a library (Kokkos and CUDA errors span several lines) onto one
// line, so every error a user sees is exactly one "error: ..." line. Bytes a terminal or a
// log would misread (control characters, NUL, broken UTF-8, e.g. from a file name or an
// attribute) are written as \xNN; valid UTF-8 stays as it is.
inline std::string one_line(const std::string& message) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  bool space = false;
  for (std::size_t i = 0; i < message.size();) {
    const char c = message[i];
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !out.empty();
      ++i;
      continue;
    }
    if (space) out += ' ';
    space = false;
    const auto u = static_cast<unsigned char>(c);
    const std::size_t n = detail::utf8_length(message, i);
    if (n == 0 || u < 0x20 || u == 0x7f) {
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
      ++i;
      continue;
    }
    out.append(message, i, n);
    i += n;
  }
  return out;
}

}  // namespace hpcs
