// SPDX-License-Identifier: BSD-3-Clause
// One value through a printf format, as a std::string: the readable tables and one-line
// summaries of every app format their numbers this way.
#pragma once
#include <cstdio>
#include <string>

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

}  // namespace hpcs
