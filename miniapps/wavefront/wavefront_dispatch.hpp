// SPDX-License-Identifier: BSD-3-Clause
// From the run-time choice (--app, --dsize) to the application type the executors are
// compiled for: visit_app(problem, f) calls f(app) with the app's cell functor.
#pragma once
#include <utility>

#include "hpcs/error.hpp"
#include "wavefront_apps.hpp"
#include "wavefront_problem.hpp"

namespace hpcs::wavefront {

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
  switch (p.app) {
    case AppKind::Synthetic: return visit_synthetic(p.dsize, p.tsize, std::forward<F>(f));
    case AppKind::Nash: return f(Nash{p.tsize});
    case AppKind::Lcs: return f(Lcs{});
    case AppKind::SwLinear: return f(SwLinear{p.scoring.match, p.scoring.mismatch, p.scoring.gap});
  }
  throw Error("unknown application");
}

// The same for code instantiated once per type (explicit instantiations): X(App).
#define HPCS_WAVEFRONT_FOR_EACH_APP(X)                                                             \
  X(::hpcs::wavefront::Synthetic<1>) X(::hpcs::wavefront::Synthetic<2>) X(::hpcs::wavefront::Synthetic<3>) \
  X(::hpcs::wavefront::Synthetic<4>) X(::hpcs::wavefront::Synthetic<5>) X(::hpcs::wavefront::Synthetic<6>) \
  X(::hpcs::wavefront::Synthetic<7>) X(::hpcs::wavefront::Synthetic<8>) X(::hpcs::wavefront::Nash)         \
  X(::hpcs::wavefront::Lcs) X(::hpcs::wavefront::SwLinear)

}  // namespace hpcs::wavefront
