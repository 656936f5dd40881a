// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_plan.hpp"

#include <algorithm>
#include <functional>
#include <limits>

#include "hpcs/base/error.hpp"

namespace hpcs::matrixchain {

namespace {
double d(std::int64_t v) { return static_cast<double>(v); }
}  // namespace

std::string to_string(StepKind k) {
  static const char* const names[] = {"gemm", "fused-left", "fused-right"};  // in StepKind's order
  return names[static_cast<int>(k)];
}

ChainAnalysis::ChainAnalysis(Dims dims, double fast_memory, BetaConvention beta)
    : p_(std::move(dims)), n_(static_cast<int>(p_.size()) - 1), M_(fast_memory), beta_(beta) {
  check_dims(p_, "the chain");
  if (!(M_ >= 1)) throw Error("fast memory M must be at least 1 element");
  const std::size_t cells = static_cast<std::size_t>(n_ + 2) * static_cast<std::size_t>(n_ + 2);
  op_.assign(cells, 0), S_.assign(cells, 0), F_.assign(cells, 0), split_.assign(cells, 0), nodes_.assign(cells, {});
  const auto& P = p_;
  // Alg. 10: the textbook op-count DP; the first k of the minimum on ties, except where A1
  // is in the product: ranks hold row bands of A1, so work on products without A1 is done
  // on every rank, and among orders of equal op count the one that replicates the least
  // scales best (a chain of equal dims becomes ((A1 A2) A3) ... instead of A1 (A2 (A3 ...))).
  std::vector<double> replicated(static_cast<std::size_t>(n_ + 1), 0.0);  // of (1..j)
  for (int len = 2; len <= n_; ++len)
    for (int i = 1; i + len - 1 <= n_; ++i) {
      const int j = i + len - 1;
      double best = std::numeric_limits<double>::infinity(), best_rep = best;
      for (int k = i; k < j; ++k) {
        const double c = opcount(i, k) + opcount(k + 1, j) + d(P[i - 1]) * d(P[k]) * d(P[j]);
        const double rep = i == 1 ? replicated[static_cast<std::size_t>(k)] + opcount(k + 1, j) : 0.0;
        if (c < best || (c == best && rep < best_rep)) best = c, best_rep = rep, split_[idx(i, j)] = k;
      }
      op_[idx(i, j)] = best;
      if (i == 1) replicated[static_cast<std::size_t>(j)] = best_rep;
    }
  // Alg. 11 / D.18 (S) and D.19-D.26 (F) over OpTree, children before parents.
  for (int len = 2; len <= n_; ++len)
    for (int i = 1; i + len - 1 <= n_; ++i) {
      const int j = i + len - 1, k = split(i, j);
      const Dims3 p3{d(P[i - 1]), d(P[k]), d(P[j])};
      NodeCosts c;
      c.i = i, c.j = j, c.k = k;
      c.tile0 = gemm_tile(p3, M_);
      const double product = gemm_closed(p3, c.tile0.x, c.tile0.y);  // its own write included
      S_[idx(i, j)] = unfused(i, k) + unfused(k + 1, j) + product;
      c.h0 = w(i, k) + w(k + 1, j) + product - w(i, j);
      c.F0 = fused(i, k) + fused(k + 1, j) + c.h0;
      c.F = c.F0;
      c.can_left = k > i;       // the left child is a product
      c.can_right = j > k + 1;  // the right child is a product
      if (c.can_left) {
        const int k1 = split(i, k);
        const Dims4 p4{d(P[i - 1]), d(P[k1]), d(P[k]), d(P[j])};
        c.tile_l = left_tile(p4, M_);
        // the closed form holds R's final write; the local cost leaves it to the parent
        c.hl = w(i, k1) + w(k1 + 1, k) + w(k + 1, j) + left_closed(p4, c.tile_l.x, c.tile_l.y) - w(i, j);
        c.Fl = fused(i, k1) + fused(k1 + 1, k) + fused(k + 1, j) + c.hl;
        if (c.Fl < c.F) c.F = c.Fl, c.choice = Fuse::Left;
      }
      if (c.can_right) {
        const int k2 = split(k + 1, j);
        const Dims4 p4{d(P[i - 1]), d(P[k]), d(P[k2]), d(P[j])};
        c.tile_r = right_tile(p4, M_, beta_);
        c.hr = w(k + 1, k2) + w(k2 + 1, j) + w(i, k) + right_closed(p4, c.tile_r.x, c.tile_r.y, beta_) - w(i, j);
        c.Fr = fused(i, k) + fused(k + 1, k2) + fused(k2 + 1, j) + c.hr;
        if (c.Fr < c.F) c.F = c.Fr, c.choice = Fuse::Right;
      }
      F_[idx(i, j)] = c.F;
      nodes_[idx(i, j)] = c;
    }
}

double ChainAnalysis::w(int i, int j) const { return i == j ? 0.0 : d(p_[i - 1]) * d(p_[j]); }

double ChainAnalysis::F_total() const { return fused(1, n_) + d(p_[0]) * d(p_[n_]); }

double ChainAnalysis::naive_opcount() const {
  double c = 0;
  for (int m = 2; m <= n_; ++m) c += d(p_[0]) * d(p_[m - 1]) * d(p_[m]);
  return c;
}

double ChainAnalysis::naive_traffic() const {
  double c = 0;
  for (int m = 2; m <= n_; ++m) {
    const Dims3 p3{d(p_[0]), d(p_[m - 1]), d(p_[m])};
    const RealTile t = gemm_tile(p3, M_);
    c += gemm_closed(p3, t.x, t.y);
  }
  return c;
}

std::string ChainAnalysis::tree(int i, int j, bool marks) const {
  if (i == j) return "A" + std::to_string(i);
  const NodeCosts& c = node(i, j);
  const int k = c.k;
  if (marks && c.choice == Fuse::Left) {
    const int k1 = split(i, k);
    return "[(" + tree(i, k1, true) + tree(k1 + 1, k, true) + ")" + tree(k + 1, j, true) + "]";
  }
  if (marks && c.choice == Fuse::Right) {
    const int k2 = split(k + 1, j);
    return "[" + tree(i, k, true) + "(" + tree(k + 1, k2, true) + tree(k2 + 1, j, true) + ")]";
  }
  return "(" + tree(i, k, marks) + tree(k + 1, j, marks) + ")";
}

std::string ChainAnalysis::optree() const { return n_ == 1 ? "A1" : tree(1, n_, false); }
std::string ChainAnalysis::fused_tree() const { return n_ == 1 ? "A1" : tree(1, n_, true); }

Plan make_plan(const ChainAnalysis& a, PlanKind kind, std::int64_t granule) {
  Plan plan;
  plan.kind = kind;
  plan.fast_memory = a.fast_memory();
  plan.beta = a.beta();
  plan.granule = granule;
  const Dims& P = a.dims();
  const double M = a.fast_memory();
  const auto add = [&](StepKind sk, int first, int last, std::vector<Operand> in, std::vector<std::int64_t> p,
                       RealTile model, double dim_x, double dim_y) {
    Step s;
    s.kind = sk, s.first = first, s.last = last, s.in = std::move(in), s.p = std::move(p);
    s.model_tile = model;
    s.tile = executed_tile(model, dim_x, dim_y, M, granule);
    plan.steps.push_back(std::move(s));
    return Operand{0, static_cast<int>(plan.steps.size()) - 1};
  };
  const auto gemm = [&](Operand x, Operand y, int first, int k, int last) {
    const Dims3 p3{d(P[first - 1]), d(P[k]), d(P[last])};
    return add(StepKind::Gemm, first, last, {x, y}, {P[first - 1], P[k], P[last]}, gemm_tile(p3, M), p3[0], p3[2]);
  };
  if (a.n() == 1) {
    plan.tree = "A1";
    return plan;
  }
  if (kind == PlanKind::Naive) {
    Operand acc{1, -1};
    for (int m = 2; m <= a.n(); ++m) acc = gemm(acc, Operand{m, -1}, 1, m - 1, m);
    plan.predicted = a.naive_traffic();
    plan.multiply_adds = a.naive_opcount();
    plan.tree = "A1";
    for (int m = 2; m <= a.n(); ++m) plan.tree = "(" + plan.tree + "A" + std::to_string(m) + ")";
    return plan;
  }
  const bool fuse = kind == PlanKind::Fused;
  std::function<Operand(int, int)> emit = [&](int i, int j) -> Operand {
    if (i == j) return Operand{i, -1};
    const NodeCosts& c = a.node(i, j);
    const int k = c.k;
    const Fuse f = fuse ? c.choice : Fuse::None;
    if (f == Fuse::Left) {
      const int k1 = a.split(i, k);
      const Operand x = emit(i, k1), y = emit(k1 + 1, k), z = emit(k + 1, j);
      return add(StepKind::FusedLeft, i, j, {x, y, z}, {P[i - 1], P[k1], P[k], P[j]}, c.tile_l, d(P[i - 1]), d(P[k]));
    }
    if (f == Fuse::Right) {
      const int k2 = a.split(k + 1, j);
      const Operand x = emit(i, k), y = emit(k + 1, k2), z = emit(k2 + 1, j);
      return add(StepKind::FusedRight, i, j, {x, y, z}, {P[i - 1], P[k], P[k2], P[j]}, c.tile_r, d(P[k]), d(P[j]));
    }
    const Operand x = emit(i, k), y = emit(k + 1, j);
    return gemm(x, y, i, k, j);
  };
  emit(1, a.n());
  plan.predicted = fuse ? a.F_total() : a.S_total();
  plan.multiply_adds = a.opcount(1, a.n());
  plan.tree = fuse ? a.fused_tree() : a.optree();
  return plan;
}

std::vector<std::int64_t> local_dims(const Step& s, std::int64_t rows) {
  std::vector<std::int64_t> p = s.p;
  if (s.first == 1) p[0] = rows;
  return p;
}

Traffic plan_traffic(const Plan& plan, std::int64_t rows, const std::vector<std::int64_t>& groups) {
  Traffic total;
  for (std::size_t i = 0; i < plan.steps.size(); ++i) {
    const Step& s = plan.steps[i];
    const std::vector<std::int64_t> p = local_dims(s, rows);
    const std::int64_t g = i < groups.size() ? groups[i] : 1;
    Traffic t;
    if (s.kind == StepKind::Gemm) t = gemm_counted({d(p[0]), d(p[1]), d(p[2])}, s.tile);
    else if (s.kind == StepKind::FusedLeft) t = left_counted({d(p[0]), d(p[1]), d(p[2]), d(p[3])}, s.tile, g);
    else t = right_counted({d(p[0]), d(p[1]), d(p[2]), d(p[3])}, s.tile, g);
    total.reads += t.reads, total.writes += t.writes;
  }
  return total;
}

std::vector<int> plan_lanes(const Plan& plan, int max_lanes) {
  const std::size_t n = plan.steps.size();
  std::vector<int> lane(n, 0);
  std::vector<bool> continued(n, false);
  int opened = 0;
  for (std::size_t i = 0; i < n; ++i) {
    int mine = -1;
    for (const Operand& o : plan.steps[i].in)
      if (!o.input() && !continued[static_cast<std::size_t>(o.step)]) {
        continued[static_cast<std::size_t>(o.step)] = true;
        mine = lane[static_cast<std::size_t>(o.step)];
        break;
      }
    lane[i] = mine >= 0 ? mine : opened++ % std::max(1, max_lanes);
  }
  return lane;
}

std::vector<int> plan_concurrency(const Plan& plan, const std::vector<int>& lanes) {
  const std::size_t n = plan.steps.size();
  // feeds[a][b]: step a's output reaches step b (operands are always earlier steps).
  std::vector<std::vector<bool>> feeds(n, std::vector<bool>(n, false));
  for (std::size_t b = 0; b < n; ++b)
    for (const Operand& o : plan.steps[b].in) {
      if (o.input()) continue;
      const auto a = static_cast<std::size_t>(o.step);
      feeds[a][b] = true;
      for (std::size_t k = 0; k < a; ++k)
        if (feeds[k][a]) feeds[k][b] = true;
    }
  std::vector<int> count(n, 1);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<int> seen{lanes.at(i)};
    for (std::size_t j = 0; j < n; ++j)
      if (j != i && !feeds[i][j] && !feeds[j][i] && std::find(seen.begin(), seen.end(), lanes.at(j)) == seen.end())
        seen.push_back(lanes.at(j));
    count[i] = static_cast<int>(seen.size());
  }
  return count;
}

double plan_multiply_adds(const Plan& plan, std::int64_t rows) {
  double total = 0;
  for (const Step& s : plan.steps) {
    const std::vector<std::int64_t> p = local_dims(s, rows);
    const double p0 = d(p[0]), p1 = d(p[1]), p2 = d(p[2]);
    if (s.kind == StepKind::Gemm) total += p0 * p1 * p2;
    else if (s.kind == StepKind::FusedLeft) total += p0 * p1 * p2 + p0 * p2 * d(p[3]);
    else total += p1 * p2 * d(p[3]) + p0 * p1 * d(p[3]);
  }
  return total;
}

}  // namespace hpcs::matrixchain
