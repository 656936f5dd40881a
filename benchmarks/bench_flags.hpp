// SPDX-License-Identifier: BSD-3-Clause
// Our own `--name=value` flags of a benchmark binary, taken out of argv before Google
// Benchmark parses the rest; sizes may be written as powers of two ("2^24").
#pragma once
#include <cstdint>
#include <sstream>
#include <string>

namespace hpcs {

inline std::int64_t parse_size(const std::string& s) {
  const auto caret = s.find('^');
  if (caret != std::string::npos) return std::int64_t{1} << std::stoll(s.substr(caret + 1));
  return std::stoll(s);
}

// Calls f(item) for each item of a comma-separated list.
template <class F>
void each_item(const std::string& list, F&& f) {
  std::stringstream ss(list);
  for (std::string item; std::getline(ss, item, ',');) f(item);
}

// Calls take(name, value) for every `--name=value` argument; those it accepts (returns true)
// leave argv, the others stay for Google Benchmark.
template <class Take>
void take_own_flags(int& argc, char** argv, Take&& take) {
  int out = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const auto eq = a.find('=');
    const bool ours = a.rfind("--", 0) == 0 && eq != std::string::npos && take(a.substr(2, eq - 2), a.substr(eq + 1));
    if (!ours) argv[out++] = argv[i];
  }
  argc = out;
}

}  // namespace hpcs
