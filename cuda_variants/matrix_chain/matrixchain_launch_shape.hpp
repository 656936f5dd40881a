// SPDX-License-Identifier: BSD-3-Clause
// The launch shape of the tiled kernels for a step's tile (host only, no CUDA types): how
// many outputs each thread keeps, how many threads a block has, how deep a k chunk is
// staged and how much shared memory that takes. The executor launches with it and the
// variants' why_not refuses a tile with it, so both agree on what fits.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "matrixchain_chunk_groups.hpp"
#include "matrixchain_plan.hpp"

namespace hpcs::matrixchain::cuda {

constexpr int kFastTile = 128;  // the compile-time GEMM kernel's widest patch side (matrixchain_gemm_kernels.cu)
constexpr int kFastChunk = 8;
constexpr int kMaxChunk = 8;  // k elements per staged chunk at most
constexpr int kPad = 4;       // elements added to each shared row: no bank conflicts, 16-byte rows
constexpr int kStages = 2;    // staged chunks in flight (double buffering)

struct KernelShape {
  int micro = 8;  // each thread keeps micro x micro outputs
  int threads = 0;
  int chunk = kMaxChunk;         // k per staged chunk (8, 4, 2 or 1)
  std::size_t shared_bytes = 0;  // dynamic shared memory of the generic and fused kernels
};

// 8, or 4 when 8 x 8 outputs per thread would leave the block fewer than 128 threads.
int micro_tile(const Tile& t);
// The most threads per block the kernels' registers allow (launch bounds): 512, or 256 for
// 8 x 8 float64 outputs per thread.
int max_threads(Precision p, int micro);
// Dynamic shared memory of a step's kernel: the staged chunks, and the fused kernels' T patch.
std::size_t shared_bytes(StepKind kind, const Tile& t, Precision p, int chunk);

// Why a tile cannot run on a GPU allowing `shared_limit` bytes per block ("needs 1024
// threads ...; this kernel allows 512 per block"); nullopt: it can.
std::optional<std::string> shape_problem(StepKind kind, const Tile& t, Precision p, std::size_t shared_limit);
// The shape a step launches with (the deepest chunk that fits); call after shape_problem.
KernelShape kernel_shape(StepKind kind, const Tile& t, Precision p, std::size_t shared_limit);

// The patch of the compile-time GEMM kernel a step runs (x rows by y columns, each 128 or
// 64), or none (0 x 0: the generic kernel). It applies to tiles with 128 or 64 on each side
// and 4-element vectors along k of A and along the columns of B and C. `shaped`: a 128 side
// becomes 64 where that pads its dimension less (p0 = 936: 15 x 64 rows, not 8 x 128), which
// moves more than the plan's tile counts, as split-K does; give the global dims, so that the
// patch, the split and the sums are the same on any rank count.
struct FastPatch {
  int x = 0, y = 0;
  bool applies() const { return x > 0 && y > 0; }
};
FastPatch fast_patch(const Tile& tile, std::int64_t p0, std::int64_t p1, std::int64_t p2, bool shaped);

// Split-K of a GEMM step: into how many k slices (each at least kMinSlice deep, a multiple
// of the kernel's `chunk`) a product is cut when its `tile` patches alone would leave some
// of the GPU's `slots` idle (slots: the kernel's blocks resident on the whole GPU at once,
// SMs x blocks per SM). 1: no split. Give the step's *global* dims: the split then does not
// depend on the rank count, so neither does the order of any sum (same bits on 1 and p
// ranks). kMinSlice 32: on an H100 the thesis chain ran 0.124 / 0.121 / 0.118 ms with
// slices of at least 128 / 64 / 32 (CUDA graph, docs/results/matrixchain_h100.md, run 5).
constexpr int kMinSlice = 32;
struct KSplit {
  int splits = 1;
  std::int64_t slice = 0;  // k per slice (the whole p1 without a split)
};
KSplit gemm_k_split(std::int64_t p0, std::int64_t p1, std::int64_t p2, const Tile& tile, int chunk, std::int64_t slots);

// Chunk groups of a fused step (cut a T patch's streamed chunks over several blocks):
// shared with kokkos/fused, matrixchain_chunk_groups.hpp.
using matrixchain::ChunkGroups;
using matrixchain::fused_chunk_groups;
using matrixchain::fused_slots;

// The first step of `plan` whose tile cannot run, as "<name>: the gemm tile 256 x 256
// (M = 65536, float32) needs ...; use --fast-memory <suggested> or auto"; nullopt: all can.
std::optional<std::string> plan_refusal(const std::string& name, const Plan& plan, Precision p,
                                        std::size_t shared_limit, std::int64_t suggested_fast_memory);

}  // namespace hpcs::matrixchain::cuda
