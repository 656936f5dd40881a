// SPDX-License-Identifier: BSD-3-Clause
// The app's own modes: --plan-only prints the planner's analysis of the chain (no matrices
// are read or multiplied); --study runs the random study of Table D.1. Rank 0 prints.
#include <cmath>
#include <iostream>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "matrixchain_app.hpp"
#include "matrixchain_study.hpp"

namespace hpcs::matrixchain {

namespace {
std::string tile_text(const RealTile& t) { return format_one("%.1f", t.x) + " x " + format_one("%.1f", t.y); }

void print_analysis(std::ostream& os, const ChainAnalysis& a) {
  const int n = a.n();
  const Dims& P = a.dims();
  os << "chain: P = " << format_dims(P) << " (" << n << " matrices), M = " << format_one("%.0f", a.fast_memory())
     << " elements (sqrt " << format_one("%.1f", std::sqrt(a.fast_memory())) << "), beta convention "
     << to_string(a.beta()) << "\n";
  if (n < 2) {
    os << "a single matrix: nothing to multiply\n";
    return;
  }
  os << "OpTree " << a.optree() << ": " << format_one("%.0f", a.opcount(1, n))
     << " multiply-adds (left to right: " << format_one("%.0f", a.naive_opcount())
     << ")\n\nsplit table k(i, j):\n   i\\j";
  for (int j = 2; j <= n; ++j) os << format_one("%5.0f", j);
  os << "\n";
  for (int i = 1; i < n; ++i) {
    os << format_one("%5.0f", i) << " ";
    for (int j = 2; j <= n; ++j) os << (j > i ? format_one("%5.0f", a.split(i, j)) : "     ");
    os << "\n";
  }
  os << "\nfusion DP per node of OpTree (elements; local costs exclude the node's own write):\n"
     << "  node      k            h0            hl            hr            F0            Fl            Fr  choice  "
        "tile\n";
  for (int len = 2; len <= n; ++len)
    for (int i = 1; i + len - 1 <= n; ++i) {
      const int j = i + len - 1;
      // only OpTree's nodes
      bool on_tree = false;
      for (int pi = 1, pj = n;;) {
        if (pi == i && pj == j) {
          on_tree = true;
          break;
        }
        if (pi == pj) break;
        const int k = a.split(pi, pj);
        if (j <= k) pj = k;
        else if (i > k) pi = k + 1;
        else break;
      }
      if (!on_tree) continue;
      const NodeCosts& c = a.node(i, j);
      const auto opt = [](bool on, double v) { return on ? format_one("%13.0f", v) : std::string("            -"); };
      const char* choice = c.choice == Fuse::None ? "none " : c.choice == Fuse::Left ? "left " : "right";
      const RealTile& t = c.choice == Fuse::None ? c.tile0 : c.choice == Fuse::Left ? c.tile_l : c.tile_r;
      os << format_one("%3.0f", i) << ".." << format_one("%-3.0f", j) << format_one("%3.0f", c.k) << " "
         << format_one("%13.0f", c.h0) << " " << opt(c.can_left, c.hl) << " " << opt(c.can_right, c.hr) << " "
         << format_one("%13.0f", c.F0) << " " << opt(c.can_left, c.Fl) << " " << opt(c.can_right, c.Fr) << "  "
         << choice << "   " << tile_text(t) << "\n";
    }
  const double S = a.S_total(), F = a.F_total();
  os << "\nS (OpTree unfused, D.18)     = " << format_one("%.0f", S) << " elements\n"
     << "F + P0 Pn (fused, D.23)      = " << format_one("%.0f", F) << " elements ("
     << format_one("%+.2f", 100 * (F - S) / S) << "% against S)\n"
     << "left to right, unfused       = " << format_one("%.0f", a.naive_traffic()) << " elements\n"
     << "fused plan: " << a.fused_tree() << "\n";
}

void print_plan(std::ostream& os, const Plan& plan, std::int64_t rows) {
  os << "\nplan " << to_string(plan.kind) << " (tiles in multiples of " << plan.granule << "): " << plan.tree << "\n";
  for (std::size_t s = 0; s < plan.steps.size(); ++s) {
    const Step& st = plan.steps[s];
    std::string dims;
    for (std::size_t k = 0; k < st.p.size(); ++k) dims += (k ? " x " : "") + std::to_string(st.p[k]);
    os << "  step " << s << ": " << to_string(st.kind) << " A" << st.first << "..A" << st.last << " (" << dims
       << "), model tile " << tile_text(st.model_tile) << ", runs " << st.tile.x << " x " << st.tile.y << "\n";
  }
  const Traffic t = plan_traffic(plan, rows);
  os << "  traffic of the executed tiles: " << format_one("%.0f", t.total()) << " elements ("
     << format_one("%.0f", t.reads) << " read, " << format_one("%.0f", t.writes)
     << " written); the model at its own tiles: " << format_one("%.0f", plan.predicted) << "\n";
}
}  // namespace

std::optional<int> App::own_mode(const MpiContext& mpi, const CommonOptions& o, int, char**) {
  if (opt_.study.on) {
    const StudyOptions& s = opt_.study;
    // An empty range once printed an empty table (and min-dim above max-dim, garbage sizes).
    if (s.min_n > s.max_n)
      throw Error("--study-min-n " + std::to_string(s.min_n) + " is above --study-max-n " + std::to_string(s.max_n) +
                  ": no chain length to study");
    if (s.min_dim > s.max_dim)
      throw Error("--study-min-dim " + std::to_string(s.min_dim) + " is above --study-max-dim " +
                  std::to_string(s.max_dim) + ": no dimension to draw");
    if (mpi.root()) {
      std::cout << "random study (thesis Table D.1): " << s.chains << " chains per n, P[m] uniform in [" << s.min_dim
                << ", " << s.max_dim << "], seed " << s.seed << ", beta convention " << to_string(tuning.beta)
                << "; % = 100 (S - (F + P0 Pn)) / S\n";
      print_study(std::cout, study(s.min_n, s.max_n, s.chains, s.min_dim, s.max_dim, s.seed, 65536, tuning.beta),
                  study(s.min_n, s.max_n, s.chains, s.min_dim, s.max_dim, s.seed, 98304, tuning.beta));
    }
    return 0;
  }
  if (!opt_.plan_only) return std::nullopt;
  const Dims dims = o.input.empty() ? collective(mpi, [&] { return parse_dims(opt_.dims, "--dims"); })
                                    : inspect_chain_file(mpi, o.input);
  const double M = static_cast<double>(tuning.fast_memory > 0 ? tuning.fast_memory : kThesisFastMemory);
  if (mpi.root()) {
    const ChainAnalysis a(dims, M, tuning.beta);
    print_analysis(std::cout, a);
    for (PlanKind k : {PlanKind::Naive, PlanKind::OpCount, PlanKind::Fused})
      print_plan(std::cout, make_plan(a, k, kTileGranule), dims[0]);
  }
  return 0;
}

}  // namespace hpcs::matrixchain
