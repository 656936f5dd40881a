// SPDX-License-Identifier: BSD-3-Clause
#include "gem_problem.hpp"

#include "hpcs/error.hpp"

namespace hpcs::gem {

std::string to_string(PhiType p) {
  switch (p) {
    case PhiType::Coulomb: return "coulomb";
    case PhiType::Reaction: return "reaction";
    default: return "total";
  }
}

PhiType phi_type_by_name(const std::string& name) {
  if (name == "coulomb") return PhiType::Coulomb;
  if (name == "reaction") return PhiType::Reaction;
  if (name == "total") return PhiType::Total;
  throw Error("--phi " + name + ": expected coulomb, reaction or total");
}

std::string to_string(Precision p) { return p == Precision::Float32 ? "float32" : "float64"; }

}  // namespace hpcs::gem
