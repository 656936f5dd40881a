// SPDX-License-Identifier: BSD-3-Clause
#include "gem_problem.hpp"

#include "hpcs/base/value_by_name.hpp"

namespace hpcs::gem {

std::string to_string(PhiType p) {
  switch (p) {
    case PhiType::Coulomb: return "coulomb";
    case PhiType::Reaction: return "reaction";
    default: return "total";
  }
}

PhiType phi_type_by_name(const std::string& name) {
  return value_by_name<PhiType>(
      "--phi", name, {{"coulomb", PhiType::Coulomb}, {"reaction", PhiType::Reaction}, {"total", PhiType::Total}});
}

std::string to_string(Precision p) { return p == Precision::Float32 ? "float32" : "float64"; }

}  // namespace hpcs::gem
