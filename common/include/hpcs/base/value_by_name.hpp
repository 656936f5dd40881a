// SPDX-License-Identifier: BSD-3-Clause
// Options that name one of a few values (--plan fused, --pattern hot-edge, --phi total):
// every app parses them alike and refuses another name with the same one-line error.
#pragma once
#include <initializer_list>
#include <string>
#include <utility>

#include "hpcs/base/error.hpp"

namespace hpcs {

// The value `name` stands for among `named`; else hpcs::Error "<option> <name>: expected a,
// b or c" listing the names in order.
template <class T>
T value_by_name(const std::string& option, const std::string& name,
                std::initializer_list<std::pair<std::string, T>> named) {
  std::string expected;
  std::size_t k = 0;
  for (const auto& [n, v] : named) {
    if (name == n) return v;
    expected += (k == 0 ? "" : k + 1 == named.size() ? " or " : ", ") + n;
    ++k;
  }
  throw Error(option + " " + name + ": expected " + expected);
}

}  // namespace hpcs
