// SPDX-License-Identifier: BSD-3-Clause
// Parameterised tests over an app's variants: their names, and names GoogleTest accepts.
#pragma once
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

namespace hpcs::testing {

template <class List>
std::vector<std::string> names_of(const List& variants) {
  std::vector<std::string> names;
  for (const auto& v : variants) names.push_back(v.name);
  return names;
}

// "cuda/rk7" -> "cuda_rk7"
inline std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

}  // namespace hpcs::testing
