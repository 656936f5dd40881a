// SPDX-License-Identifier: BSD-3-Clause
// The CUDA executors of the matrix chain and the device facts their variants decide with
// (no CUDA types: matrixchain_cuda.cpp registers with these).
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain::cuda {

// With `graph`, each executor replays its launches as one CUDA graph (matrixchain_chain_executor.cuh).
// matrixchain_cublas_executor.cu: every step a cublasSgemm / cublasDgemm (unfused plans only).
std::unique_ptr<Executor> make_cublas_executor(Precision p, bool graph);
// matrixchain_tiled_executor.cu: our tiled GEMM per product and, with `fused`, the fused two-product
// kernels; `name` heads its errors; `shaped`: fast_patch may narrow the GEMM patches.
std::unique_ptr<Executor> make_tiled_executor(const std::string& name, bool fused, Precision p, bool graph,
                                              bool shaped);

// matrixchain_fast_memory.cu, for the current device.
std::size_t shared_memory_per_block();  // opt-in bytes per block
int multiprocessors();                  // SMs of the current device
// Auto M of this backend: the largest power of two whose elements fill at most half of a
// block's shared memory, halved until a square patch fits the kernels' threads (H100:
// float32 16384, float64 8192).
std::int64_t cuda_auto_fast_memory(Precision p);
// The tuning with fast_memory 0 (auto) resolved; 65536 without a GPU (never throws then).
Tuning with_auto_fast_memory(const Problem& p, Tuning t);
// Why our kernels cannot run the plan of (p, t) here: a tile needing more threads or
// shared memory than this GPU gives a block, or a plan that cannot be built.
std::optional<std::string> tile_reason(const std::string& name, const Problem& p, const Tuning& t);

}  // namespace hpcs::matrixchain::cuda
