// SPDX-License-Identifier: BSD-3-Clause
// The list of applications and the step from the run-time choice (--app, --dsize) to the
// type the executors are compiled for: visit_app(problem, f) calls f(app). A new
// application is its struct in wavefront_apps.hpp plus one entry in HPCS_WAVEFRONT_APPS.
#pragma once
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "hpcs/base/error.hpp"
#include "wavefront_apps.hpp"
#include "wavefront_problem.hpp"

// X-macro lists, one application per line:
// clang-format off
// The applications besides synthetic (whose element size is a run-time choice: 1..8).
#define HPCS_WAVEFRONT_APPS(X)      \
  X(::hpcs::wavefront::Nash)        \
  X(::hpcs::wavefront::Lcs)         \
  X(::hpcs::wavefront::SwLinear)    \
  X(::hpcs::wavefront::EditDistance)

// Every type the executors are instantiated for: X(App).
#define HPCS_WAVEFRONT_FOR_EACH_APP(X)  \
  X(::hpcs::wavefront::Synthetic<1>)    \
  X(::hpcs::wavefront::Synthetic<2>)    \
  X(::hpcs::wavefront::Synthetic<3>)    \
  X(::hpcs::wavefront::Synthetic<4>)    \
  X(::hpcs::wavefront::Synthetic<5>)    \
  X(::hpcs::wavefront::Synthetic<6>)    \
  X(::hpcs::wavefront::Synthetic<7>)    \
  X(::hpcs::wavefront::Synthetic<8>)    \
  HPCS_WAVEFRONT_APPS(X)
// clang-format on

namespace hpcs::wavefront {

// Whether an application reads letters of two sequences (App::kLetters).
template <class App, class = void>
struct UsesLetters {
  static constexpr bool value = false;
};
template <class App>
struct UsesLetters<App, decltype(void(App::kLetters))> {
  static constexpr bool value = App::kLetters;
};

template <class F>
decltype(auto) visit_synthetic(int dsize, int tsize, F&& f) {
  switch (dsize) {
    case 1: return f(Synthetic<1>{tsize});
    case 2: return f(Synthetic<2>{tsize});
    case 3: return f(Synthetic<3>{tsize});
    case 4: return f(Synthetic<4>{tsize});
    case 5: return f(Synthetic<5>{tsize});
    case 6: return f(Synthetic<6>{tsize});
    case 7: return f(Synthetic<7>{tsize});
    case 8: return f(Synthetic<8>{tsize});
    default: throw Error("--dsize " + std::to_string(dsize) + ": expected 1.." + std::to_string(kMaxDsize));
  }
}

template <class F>
decltype(auto) visit_app(const Problem& p, F&& f) {
  if (p.app == "synthetic") return visit_synthetic(p.dsize, p.tsize, std::forward<F>(f));
#define HPCS_WAVEFRONT_VISIT(App) \
  if (p.app == App::kName) return f(App::from(p));
  HPCS_WAVEFRONT_APPS(HPCS_WAVEFRONT_VISIT)
#undef HPCS_WAVEFRONT_VISIT
  throw Error("--app '" + p.app + "': unknown application");
}

// Every --app name, in the list's order.
inline std::vector<std::string> app_names() {
  std::vector<std::string> names = {"synthetic"};
#define HPCS_WAVEFRONT_NAME(App) names.push_back(App::kName);
  HPCS_WAVEFRONT_APPS(HPCS_WAVEFRONT_NAME)
#undef HPCS_WAVEFRONT_NAME
  return names;
}

// What the app-level code needs to know of an application, without its type.
struct AppTraits {
  std::string name, final_name;
  bool letters = false, best = false, granularity = false;  // granularity: tsize matters
  std::size_t element_bytes = 0;
};
inline AppTraits traits_of(const Problem& p) {
  return visit_app(p, [&](const auto& app) {
    using App = std::decay_t<decltype(app)>;
    AppTraits t;
    t.name = App::kName;
    t.final_name = App::kFinal;
    t.letters = UsesLetters<App>::value;
    t.best = HasBest<App>::value;
    t.granularity = p.app == "synthetic" || p.app == "nash";
    t.element_bytes = sizeof(typename App::Element);
    return t;
  });
}

// The last cell's value as the results show it (App::final_value of its bytes).
inline double final_value(const Problem& p, const std::vector<std::uint8_t>& bytes) {
  return visit_app(p, [&](const auto& app) {
    using App = std::decay_t<decltype(app)>;
    typename App::Element e;
    std::memcpy(&e, bytes.data(), sizeof e);
    return static_cast<double>(App::final_value(e));
  });
}

}  // namespace hpcs::wavefront
