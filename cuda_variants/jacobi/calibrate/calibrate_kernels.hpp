// SPDX-License-Identifier: BSD-3-Clause
// The micro-benchmarks behind the model constants (digest 3.6, 4.3, 8.3), each dominated by
// the operation it measures. Host-side interface without CUDA types; every CUDA call and
// launch is checked (a failure throws hpcs::Error).
#pragma once
#include <cstddef>
#include <memory>
#include <string>

#include "jacobi_problem.hpp"

namespace hpcs::jacobi::calib {

struct DeviceFacts {
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int n_sm = 0;
  int n_v = 0;                  // FP32 lanes per SM (from the compute capability)
  double smem_sm_bytes = 0;     // shared memory per SM
  double smem_block_bytes = 0;  // per block, opt-in maximum
  int regs_sm = 0;
  int max_blocks_sm = 0;
  double global_bytes = 0;
  double l2_bytes = 0;
};
DeviceFacts device_facts(int device);

// FP32 lanes per SM of a compute capability (CUDA programming guide, arithmetic throughput
// table); throws for one it does not know.
int fp32_lanes_per_sm(int major, int minor);

// A kernel run repeatedly: run(n) enqueues n launches back to back, waits, and returns
// their device time (CUDA events). units() is the work of one launch: words moved or
// operations done, as its name says.
class Repeatable {
 public:
  virtual ~Repeatable() = default;
  virtual double run(int launches) = 0;
  virtual double units() const = 0;
  virtual std::string describe() const = 0;
};

// Streaming copy global -> shared -> global (float4, coalesced, a neighbour's element read
// back from shared) over `floats` floats in and out at full occupancy. units: global words
// (read + written); the same number of words go to and come from shared memory.
std::unique_ptr<Repeatable> make_copy(std::size_t floats, int n_sm);

enum class Op { FAdd, FMul, DAdd, DMul };
// Dependent chains of one operation per thread at full occupancy; units: operations.
std::unique_ptr<Repeatable> make_chain(Op op, int n_sm);

// Smith-Waterman's integer operations (calibrate_sw_kernels.cu): dependent chains at full
// occupancy whose operands keep changing. units: the instructions named, one per operation:
//   Add         int32 adds
//   MaxAdd      int32 maxes, each followed by one add (e_imax = per unit - e_iadd)
//   DpxAddMax   __viaddmax_s32, max(a + b, c) in one DPX instruction
//   DpxMax3Add  __vimax3_s32_relu, max(a, b, c, 0) in one DPX instruction, each followed by
//               one add (e_dpx_max = per unit - e_iadd)
enum class IntOp { Add, MaxAdd, DpxAddMax, DpxMax3Add };
std::unique_ptr<Repeatable> make_int_chain(IntOp op, int n_sm);

// make_copy's copy over `floats` floats in and out that stay in L2, `passes` times per
// launch (loads bypass L1). units: words read + written between L2 and the SMs; as many
// go to and from shared memory (e_ls = per unit - e_sr, as e_gs).
std::unique_ptr<Repeatable> make_l2_copy(std::size_t floats, int n_sm, int passes);

// Conflict-free shared <-> register swaps of two words per thread; units: shared words
// moved (loads + stores).
std::unique_ptr<Repeatable> make_shared_pingpong(int n_sm);

// Seconds per __syncthreads of a block of `threads`, one block per SM: the difference of
// two loop lengths, so the launch drops out.
double barrier_seconds(int n_sm, int threads);

// Seconds per empty launch of n_sm blocks followed by a host synchronisation (wall clock).
double launch_seconds(int n_sm, int launches);

// C_iter of one tile configuration: a compute-only copy of the tiled update (the stencil
// expression of jacobi_stencil.hpp over a shared-memory hexagon, row by row with a barrier
// after each, no global transfers), repeated until it runs ~target_seconds.
struct CiterSample {
  int dims = 1;
  bool f64 = false;
  int t_T = 0, t_S1 = 0, t_S2 = 1, t_S3 = 1, threads = 0;
  long long blocks = 0, reps = 0;
  double seconds = 0, iterations = 0;
  double c_iter = 0;  // seconds * n_SM * n_V / iterations
};
// Throws if the configuration cannot run (shared memory, threads). `stencil`: the 2D update
// each iteration applies (jacobi_stencil.hpp); 1D has Jacobi only.
CiterSample c_iter_sample(int dims, bool f64, int t_T, int t_S1, int t_S2, int threads, double target_seconds,
                          const DeviceFacts& dev, Stencil stencil = Stencil::Jacobi);
// Dynamic shared memory a configuration needs (two time buffers plus halo).
std::size_t c_iter_shared_bytes(int dims, bool f64, int t_T, int t_S1, int t_S2);

// C_iter of one 3D slab configuration: the same compute-only walk over a sub-slab of
// t_S2 x t_S3 columns in shared memory (halo of one along S2 and S3), the 3D stencil's update
// (Jacobi3D, Heat3D, Laplacian3D of jacobi_stencil.hpp), a barrier after each row; iterations
// counted as A.27's V_tile. Throws for Gradient (no 3D form) or a configuration that cannot run.
CiterSample c_iter_sample_3d(bool f64, int t_T, int t_S1, int t_S2, int t_S3, int threads, double target_seconds,
                             const DeviceFacts& dev, Stencil stencil);
std::size_t c_iter_shared_bytes_3d(bool f64, int t_T, int t_S1, int t_S2, int t_S3);

}  // namespace hpcs::jacobi::calib
