// SPDX-License-Identifier: BSD-3-Clause
// Parameterised tests over an app's variants: their names, names GoogleTest accepts, and
// the variant a test's parameter names.
#pragma once
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include "hpcs/base/error.hpp"

namespace hpcs::testing {

template <class List>
std::vector<std::string> names_of(const List& variants) {
  std::vector<std::string> names;
  for (const auto& v : variants) names.push_back(v.name);
  return names;
}

// The variant called `name` in `variants` (an app's all_variants()); hpcs::Error if none is.
template <class List>
const auto& variant_named(const List& variants, const std::string& name) {
  for (const auto& v : variants)
    if (v.name == name) return v;
  throw Error("no variant " + name);
}

// "cuda/rk7" -> "cuda_rk7"
inline std::string param_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

// A test parameterised by variant name over an app's variants (`AllVariants`: its
// all_variants(), built once): variant() is the one this instance runs.
template <class List, List (*AllVariants)()>
class VariantTest : public ::testing::TestWithParam<std::string> {
 public:
  static const List& variants() {
    static const List list = AllVariants();
    return list;
  }

 protected:
  const auto& variant() const { return variant_named(variants(), GetParam()); }
};

}  // namespace hpcs::testing
