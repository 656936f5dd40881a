// SPDX-License-Identifier: BSD-3-Clause
// Registers the raw CUDA variants of GEM, one per step of the thesis' optimization ladder
// (README.md): cuda/basic, cuda/regacc, cuda/split, cuda/shared, cuda/multivertex,
// cuda/tuned; the shared-memory steps with the named block sizes; each with the tuning
// space of the tunables it reads.
#include "gem_cuda_factories.hpp"
#include "gem_variants.hpp"
#include "hpcs/parallel/gpu.hpp"

namespace hpcs::gem {

namespace cuda {
void register_hcp(VariantList& list);  // gem_hcp.cu: cuda/hcp, off the ladder
}  // namespace cuda

void register_cuda_variants(VariantList& list) {
  const char* names[] = {"",          "cuda/basic", "cuda/regacc", "cuda/split", "cuda/shared", "cuda/multivertex",
                         "cuda/tuned"};
  for (int step = 1; step <= 6; ++step) {
    Variant v;
    v.name = names[step];
    v.backend = "cuda";
    v.step = step;
    v.make = [step](Precision p, const Tuning& t) {
      if (step <= 3) return cuda::make_register_step(step, p, t);
      if (step <= 5) return cuda::make_shared_step(step, p, t);
      return cuda::make_tuned(p, t);
    };
    v.why_not = [make = v.make](const Problem& p, const Tuning& t) -> std::optional<std::string> {
      if (auto why = no_gpu_reason()) return why;
      return reason_of([&] { make(p.precision, t); });
    };
    v.resolve = [step](const Problem& p, const Tuning& t) { return cuda::resolve_step(step, p, t); };
    if (step >= 4) v.tunings = block_tunings();
    // Steps 1-3 read the block only; tiles from step 4, vertices per thread from 5, splits at 6.
    v.space = gem_space({step >= 4, step >= 5, step == 6});
    list.push_back(v);
  }
  cuda::register_hcp(list);
}

}  // namespace hpcs::gem
