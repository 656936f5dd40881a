// SPDX-License-Identifier: BSD-3-Clause
// One exception type for every user-facing failure. Its message is printed as the
// one-line error, so it names the file (or option) and what is wrong with it.
#pragma once
#include <stdexcept>
#include <string>

namespace hpcs {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// Folds a message from a library (Kokkos and CUDA errors span several lines) onto one
// line, so every error a user sees is exactly one "error: ..." line.
inline std::string one_line(const std::string& message) {
  std::string out;
  bool space = false;
  for (char c : message) {
    if (c == '\n' || c == '\r' || c == '\t' || c == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  return out;
}

}  // namespace hpcs
