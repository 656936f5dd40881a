// SPDX-License-Identifier: BSD-3-Clause
// Types of the matrix-chain mini-app (no CUDA or Kokkos types): the chain's dimensions,
// the planner's settings (the launch shape of this app: which plan, how much fast memory),
// and what a variant is asked to run.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace hpcs::matrixchain {

// A_1 .. A_n with A_m of P[m-1] x P[m]: dims holds P[0..n] (n + 1 values, n >= 1).
using Dims = std::vector<std::int64_t>;

enum class Precision { Float32, Float64 };
std::string to_string(Precision p);
std::size_t bytes_of(Precision p);

// Which plan an executor runs (thesis App. D): naive = left to right ((A1 A2) A3) ...,
// unfused; opcount = the minimum-op-count tree (OpTree), every product unfused; fused =
// OpTree with the hyper-node fusion markings F.
enum class PlanKind { Naive, OpCount, Fused };
std::string to_string(PlanKind k);
PlanKind plan_kind_by_name(const std::string& name);  // throws hpcs::Error

// The right fuse's beta (digest 6.2): derived from the fused loop nest (P[i-1] / P[k2]) or
// the thesis' printed definition (P[i-1] / P[k]), which its worked example needs.
enum class BetaConvention { Derived, Thesis };
std::string to_string(BetaConvention b);
BetaConvention beta_convention_by_name(const std::string& name);  // throws hpcs::Error

// The thesis' fast-memory capacity (elements); M = 64K, sqrt(M) = 256.
constexpr std::int64_t kThesisFastMemory = 65536;

// The planner's settings, bound to the command line (the app's launch shape).
struct Tuning {
  PlanKind plan = PlanKind::Fused;
  std::int64_t fast_memory = 0;  // M in elements; 0: auto (each variant resolves it)
  BetaConvention beta = BetaConvention::Derived;
  bool cuda_graph = true;   // CUDA and Kokkos executors: run the plan as one graph (--cuda-graph)
  bool gemm_shaped = true;  // CUDA and Kokkos: the register-blocked GEMM's patch side may be 64 for 128
};

// What a variant is asked to run: the global chain and its element type.
struct Problem {
  Dims dims;
  Precision precision = Precision::Float32;
  int ranks = 1;
};

// Throws hpcs::Error naming `what` if dims cannot be a chain: fewer than 2 values, a
// dimension below 1, or more than `max_dim`.
void check_dims(const Dims& dims, const std::string& what, std::int64_t max_dim = std::int64_t{1} << 24);
Dims parse_dims(const std::string& text, const std::string& what);  // "936,1008,552"; throws
std::string format_dims(const Dims& dims);                          // "936,1008,552"

}  // namespace hpcs::matrixchain
