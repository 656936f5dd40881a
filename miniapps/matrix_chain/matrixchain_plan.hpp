// SPDX-License-Identifier: BSD-3-Clause
// The planner shared by every variant (thesis App. D, digest 6.3): the op-count DP
// (OpTree), the unfused data-movement cost S over it, the hyper-node fusion DP F with its
// legality rules (a fused child is consumed: no three-product fusion), and the plan an
// executor runs: products and fused pairs in dependency order, each with its tile.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "matrixchain_model.hpp"
#include "matrixchain_problem.hpp"

namespace hpcs::matrixchain {

enum class Fuse { None, Left, Right };

// The fusion DP at one internal node (i, j) of OpTree with split k (local costs exclude the
// node's own write; costs in elements).
struct NodeCosts {
  int i = 0, j = 0, k = 0;
  double h0 = 0, hl = 0, hr = 0;  // (D.20-D.22)
  double F0 = 0, Fl = 0, Fr = 0;  // (D.24-D.26)
  bool can_left = false, can_right = false;
  double F = 0;  // (D.23)
  Fuse choice = Fuse::None;
  RealTile tile0, tile_l, tile_r;  // the model's tiles of each choice
};

// Everything the planner derives from (P, M, beta).
class ChainAnalysis {
 public:
  ChainAnalysis(Dims dims, double fast_memory, BetaConvention beta);

  int n() const { return n_; }
  const Dims& dims() const { return p_; }
  double fast_memory() const { return M_; }
  BetaConvention beta() const { return beta_; }

  double opcount(int i, int j) const { return op_[idx(i, j)]; }  // multiply-adds of OpTree (i..j)
  int split(int i, int j) const { return split_[idx(i, j)]; }    // k: (i..k)(k+1..j)
  double unfused(int i, int j) const { return S_[idx(i, j)]; }   // S (D.18), its own write included
  double fused(int i, int j) const { return F_[idx(i, j)]; }     // F (D.23), its own write excluded
  const NodeCosts& node(int i, int j) const { return nodes_[idx(i, j)]; }

  double S_total() const { return unfused(1, n_); }
  double F_total() const;          // F(1, n) + P0 Pn
  double naive_opcount() const;    // multiply-adds of ((A1 A2) A3) ...
  double naive_traffic() const;    // its unfused traffic at sqrt(M) tiles
  std::string optree() const;      // "((A1(A2A3))((A4A5)A6))"
  std::string fused_tree() const;  // OpTree with fused pairs marked: "[A1(A2A3)]R"

  double w(int i, int j) const;  // (D.19) the write of node (i, j): 0 for a leaf

 private:
  std::size_t idx(int i, int j) const { return static_cast<std::size_t>(i) * (n_ + 2) + j; }
  std::string tree(int i, int j, bool marks) const;
  Dims p_;
  int n_ = 0;
  double M_ = 0;
  BetaConvention beta_;
  std::vector<double> op_, S_, F_;
  std::vector<int> split_;
  std::vector<NodeCosts> nodes_;
};

// An operand of a step: input matrix A_matrix (1..n), or the output of an earlier step.
struct Operand {
  int matrix = 0;  // 1..n when an input
  int step = -1;   // >= 0 when a step's output
  bool input() const { return step < 0; }
};

enum class StepKind { Gemm, FusedLeft, FusedRight };
std::string to_string(StepKind k);

// One launch-level unit of the plan. Gemm: C = A B over p = (p0, p1, p2); FusedLeft:
// R = (X Y) Z and FusedRight: R = X (Y Z) over p = (p0, p1, p2, p3) (matrixchain_model.hpp).
// Its result is A_first .. A_last, p0 x p_last rows by columns; p0 is the global P[first-1]
// (a rank runs it on its rows of A1 when first == 1).
struct Step {
  StepKind kind = StepKind::Gemm;
  int first = 1, last = 1;
  std::vector<Operand> in;      // 2 (Gemm) or 3 (fused)
  std::vector<std::int64_t> p;  // 3 or 4 dimensions
  RealTile model_tile;          // the model's tile
  Tile tile;                    // the tile the kernels run
  std::int64_t rows() const { return p.front(); }
  std::int64_t cols() const { return p.back(); }
};

struct Plan {
  PlanKind kind = PlanKind::Fused;
  double fast_memory = 0;
  BetaConvention beta = BetaConvention::Derived;
  std::int64_t granule = 8;
  std::vector<Step> steps;  // in execution order; the last one's output is the result
  double predicted = 0;     // the model's traffic of the plan (S, F + P0 Pn, or the naive S)
  double multiply_adds = 0;
  std::string tree;  // the plan's parenthesization, fused pairs in [ ]
};

// The plan of `kind` over the global chain, tiles rounded to multiples of `granule`.
Plan make_plan(const ChainAnalysis& a, PlanKind kind, std::int64_t granule = 8);

// The dimensions a step runs on a rank that holds `rows` rows of A1.
std::vector<std::int64_t> local_dims(const Step& s, std::int64_t rows);

// What the plan's kernels move on a rank with `rows` rows of A1 (counted: ceilings of
// partial tiles), and the multiply-adds they do. `groups`: the chunk groups each step ran
// with (Executor::chunk_groups; empty or a missing step: 1), see left_counted.
Traffic plan_traffic(const Plan& plan, std::int64_t rows, const std::vector<std::int64_t>& groups = {});

// Independent subtrees of a plan can run at once (a GPU half idle on one small product can
// take the other): each step's lane (a stream), in [0, max_lanes). A step continues the lane
// of its first operand step that no earlier step continued, else opens the next lane
// (round robin); it waits for operands on other lanes. A left-deep chain is all lane 0.
std::vector<int> plan_lanes(const Plan& plan, int max_lanes);
// How many lanes may run at once while each step runs: 1 + the other lanes holding a step
// that neither feeds the step nor consumes it (the thesis tree's lanes {0, 0, 1, 1, 0}: 2, 2,
// 2, 2, 1). The GPU executors size a product's split-K for its share of the GPU.
std::vector<int> plan_concurrency(const Plan& plan, const std::vector<int>& lanes);
double plan_multiply_adds(const Plan& plan, std::int64_t rows);

}  // namespace hpcs::matrixchain
