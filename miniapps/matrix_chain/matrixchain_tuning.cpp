// SPDX-License-Identifier: BSD-3-Clause
// The tiled executors' tuning space for --tune: the fast-memory capacity M the planner
// sizes tiles (and, for the fused plan, chooses pairs) for. 0 is the variant's own M (what
// a block's shared memory or a team's scratch holds; the thesis' 65536 on a host backend),
// then the powers of two of the named tunings and around them; an M whose tiles the variant
// cannot hold is dropped by its why_not. The plan, the CUDA graph and the GEMM patch are
// switches between algorithms, not sizes: their named tunings (naive, opcount, nograph,
// planpatch) compare them, and they keep the command line's here.
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain {

TuningSpace<Problem, Tuning> fast_memory_space() {
  Tunable<Problem, Tuning> m;
  m.name = "fast-memory";
  m.candidates = [](const Problem&) { return std::vector<std::int64_t>{0, 2048, 4096, 8192, 16384, 32768}; };
  m.get = [](const Tuning& u) { return u.fast_memory; };
  m.set = [](Tuning& u, std::int64_t v) { u.fast_memory = v; };
  m.coordinate = [](const Problem&, std::int64_t v) { return log2_coordinate(v); };
  return {m};
}

}  // namespace hpcs::matrixchain
