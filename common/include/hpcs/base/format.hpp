// SPDX-License-Identifier: BSD-3-Clause
// One value through a printf format, as a std::string: the readable tables and one-line
// summaries of every app format their numbers this way; text from an input file goes into
// a message through printable().
#pragma once
#include <cstdio>
#include <string>
#include <string_view>

namespace hpcs {

namespace detail {
template <class T>
std::string format_one_value(const char* f, T v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}
}  // namespace detail

// `f` holds one conversion for a double ("%.3g"; integers convert to double, so "%5.0f"),
// or for a C string ("%-20s"); at most 63 characters come back.
inline std::string format_one(const char* f, double v) { return detail::format_one_value(f, v); }
inline std::string format_one(const char* f, const char* s) { return detail::format_one_value(f, s); }

// Bytes outside printable ASCII as \xNN (a NUL is "\x00"), cut after max_len characters with
// "...", so an error message never carries raw control bytes from a file.
inline std::string printable(std::string_view s, std::size_t max_len = 40) {
  static const char* const kHex = "0123456789abcdef";
  std::string out;
  for (std::size_t k = 0; k < s.size() && k < max_len; ++k) {
    const auto c = static_cast<unsigned char>(s[k]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  if (s.size() > max_len) out += "...";
  return out;
}

}  // namespace hpcs
