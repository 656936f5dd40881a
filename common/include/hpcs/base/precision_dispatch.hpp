// SPDX-License-Identifier: BSD-3-Clause
// The backends build their executors in the precision a run asks for: Impl<float> for
// Float32, Impl<double> for Float64 (the two values of every app's Precision).
#pragma once
#include <memory>
#include <utility>

namespace hpcs {

// One of the two instantiations of Impl, constructed from `args`, as the app's interface.
template <class Base, template <class> class Impl, class Precision, class... Args>
std::unique_ptr<Base> make_in_precision(Precision p, Args&&... args) {
  if (p == Precision::Float32) return std::make_unique<Impl<float>>(std::forward<Args>(args)...);
  return std::make_unique<Impl<double>>(std::forward<Args>(args)...);
}

// The name of a precision's type in messages and records: "float32" or "float64".
template <class Real>
constexpr const char* precision_name() {
  return sizeof(Real) == 4 ? "float32" : "float64";
}

}  // namespace hpcs
