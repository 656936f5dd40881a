// SPDX-License-Identifier: BSD-3-Clause
#include "reduction_problem.hpp"

#include "hpcs/base/error.hpp"

namespace hpcs::reduction {

const char* dtype_name(DType t) {
  switch (t) {
    case DType::Int32: return "int32";
    case DType::Float32: return "float32";
    default: return "float64";
  }
}

std::size_t dtype_bytes(DType t) { return t == DType::Float64 ? 8 : 4; }

DType parse_dtype(const std::string& s) {
  if (s == "int32") return DType::Int32;
  if (s == "float32") return DType::Float32;
  if (s == "float64") return DType::Float64;
  throw Error("--type " + s + ": expected int32, float32 or float64");
}

DType dtype_of(const HostArray& a) {
  return static_cast<DType>(a.index());  // variant order matches DType
}

std::size_t size_of(const HostArray& a) {
  return std::visit([](const auto& v) { return v.size(); }, a);
}

}  // namespace hpcs::reduction
