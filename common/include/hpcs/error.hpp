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

}  // namespace hpcs
