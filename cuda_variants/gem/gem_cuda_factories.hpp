// SPDX-License-Identifier: BSD-3-Clause
// The factories of the CUDA GEM ladder (no CUDA types): each validates the tuning, throwing
// a one-line hpcs::Error that names the option, and builds the evaluator.
#pragma once
#include <memory>

#include "gem_variants.hpp"

namespace hpcs::gem::cuda {

// gem_ladder_basic.cu: 1 cuda/basic, 2 cuda/regacc, 3 cuda/split (one thread per vertex).
std::unique_ptr<Evaluator> make_register_step(int step, Precision p, const Tuning& t);
// gem_ladder_shared.cu: 4 cuda/shared, 5 cuda/multivertex (atoms in shared-memory tiles).
std::unique_ptr<Evaluator> make_shared_step(int step, Precision p, const Tuning& t);
// gem_tuned.cu: 6 cuda/tuned.
std::unique_ptr<Evaluator> make_tuned(Precision p, const Tuning& t);

// The tuning a step runs for the requested one: zeros become the step's defaults (tile =
// block from step 4, vertices per thread from step 5, and at step 6 the atom splits for the
// problem's vertices of all ranks on this GPU, so every rank splits alike). Invalid values
// are left for the factory to reject.
Tuning resolve_step(int step, const Problem& p, const Tuning& t);

}  // namespace hpcs::gem::cuda
