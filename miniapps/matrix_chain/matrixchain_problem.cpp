// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_problem.hpp"

#include <cerrno>
#include <cstdlib>

#include "hpcs/base/error.hpp"
#include "hpcs/base/value_by_name.hpp"

namespace hpcs::matrixchain {

std::string to_string(Precision p) { return p == Precision::Float32 ? "float32" : "float64"; }
std::size_t bytes_of(Precision p) { return p == Precision::Float32 ? 4 : 8; }

std::string to_string(PlanKind k) {
  switch (k) {
    case PlanKind::Naive: return "naive";
    case PlanKind::OpCount: return "opcount";
    case PlanKind::Fused: return "fused";
  }
  return "?";
}

PlanKind plan_kind_by_name(const std::string& name) {
  using K = PlanKind;
  return value_by_name<K>(
      "--plan", name,
      {{to_string(K::Naive), K::Naive}, {to_string(K::OpCount), K::OpCount}, {to_string(K::Fused), K::Fused}});
}

std::string to_string(BetaConvention b) { return b == BetaConvention::Derived ? "derived" : "thesis"; }

BetaConvention beta_convention_by_name(const std::string& name) {
  return value_by_name<BetaConvention>("--beta-convention", name,
                                       {{"derived", BetaConvention::Derived}, {"thesis", BetaConvention::Thesis}});
}

void check_dims(const Dims& dims, const std::string& what, std::int64_t max_dim) {
  if (dims.size() < 2)
    throw Error(what + ": a chain needs at least two dimensions (one matrix); got " + std::to_string(dims.size()));
  for (std::size_t m = 0; m < dims.size(); ++m)
    if (dims[m] < 1 || dims[m] > max_dim)
      throw Error(what + ": dimension P" + std::to_string(m) + " = " + std::to_string(dims[m]) + " is outside 1.." +
                  std::to_string(max_dim));
}

Dims parse_dims(const std::string& text, const std::string& what) {
  Dims dims;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = text.find(',', pos);
    const std::string item = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    char* end = nullptr;
    errno = 0;
    const long long v = std::strtoll(item.c_str(), &end, 10);
    if (item.empty() || *end != '\0' || errno == ERANGE)
      throw Error(what + ": '" + item + "' is not a dimension (expected integers separated by commas)");
    dims.push_back(v);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  check_dims(dims, what);
  return dims;
}

std::string format_dims(const Dims& dims) {
  std::string s;
  for (std::size_t m = 0; m < dims.size(); ++m) s += (m ? "," : "") + std::to_string(dims[m]);
  return s;
}

}  // namespace hpcs::matrixchain
