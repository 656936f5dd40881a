// SPDX-License-Identifier: BSD-3-Clause
// The tiled executors' tuning space for --tune: the fast-memory capacity M the planner
// sizes tiles (and, for the fused plan, chooses pairs) for. 0 is the variant's own M (what
// a block's shared memory or a team's scratch holds; the thesis' 65536 on a host backend),
// then the powers of two of the named tunings and around them; an M whose tiles the variant
// cannot hold is dropped by its why_not. The plan, the CUDA graph and the GEMM patch are
// switches between algorithms, not sizes: their named tunings (naive, opcount, nograph,
// planpatch) compare them, and they keep the command line's here.
#include "hpcs/harness/field_tunable.hpp"
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain {

TuningSpace<Problem, Tuning> fast_memory_space() {
  return {size_tunable<Problem>("fast-memory", &Tuning::fast_memory, {0, 2048, 4096, 8192, 16384, 32768})};
}

}  // namespace hpcs::matrixchain
