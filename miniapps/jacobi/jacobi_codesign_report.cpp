// SPDX-License-Identifier: BSD-3-Clause
// --codesign's output: per stencil the Pareto front (area against the workload's time) as a
// ladder of budgets, the best design at 425-450 mm^2 beside the thesis' Table C.2 / 8.1, and
// the Maxwell dies against the best designs within their areas beside C.4.1; the CSV holds
// every design. All numbers are model outputs.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <ostream>
#include <tuple>

#include "hpcs/base/format.hpp"
#include "jacobi_design_mode.hpp"

namespace hpcs::jacobi {

namespace {

CodesignStencil of(const CodesignResult& r) { return {r.dims, r.stencil}; }

// Table C.2 / 8.1's rows: n_SM, n_V, M_SM (KB), area (mm^2, printed cut), GFLOPS.
struct ThesisRow {
  int n_sm, n_v, shared_kb;
  double area_printed, gflops;
};
ThesisRow table_c2(int dims, Stencil s) {
  if (dims == 3) return s == Stencil::Heat ? ThesisRow{18, 288, 192, 447, 3600} : ThesisRow{8, 896, 96, 446, 1427};
  switch (s) {
    case Stencil::Heat: return {22, 256, 12, 447, 3017};
    case Stencil::Laplacian: return {28, 160, 12, 426, 2549};
    case Stencil::Gradient: return {28, 160, 24, 431, 4963};
    case Stencil::Jacobi:
    default: return {32, 128, 24, 438, 2059};
  }
}

// C.4.1's gains of the best designs over the Maxwell dies for its 2D class (four 2D
// stencils) and its 3D class (Heat and Laplacian 3D), at the die's area and at its
// cache-less area, %.
struct ThesisGain {
  const char* preset;
  const char* title;
  double full, cacheless;
};
constexpr ThesisGain kThesisGains2D[] = {{"gtx980", "GTX 980", 104, 9.34}, {"titanx", "Titan X", 69, 28.44}};
constexpr ThesisGain kThesisGains3D[] = {{"gtx980", "GTX 980", 123, 9.22}, {"titanx", "Titan X", 126, 33.15}};

std::string hw(const HardwarePoint& hp) {
  return std::to_string(hp.n_sm) + " x " + std::to_string(hp.n_v) + ", " + std::to_string(hp.shared_kb) + " KB";
}

std::string span(const std::vector<int>& v) {
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return std::to_string(*lo) + ".." + std::to_string(*hi) + " (" + std::to_string(v.size()) + ")";
}

std::string tiles_text(const CodesignTile& t, int dims) {
  if (t.t_T == 0) return "none";
  return std::to_string(t.t_T) + "/" + std::to_string(t.t_S1) + (dims >= 2 ? "/" + std::to_string(t.t_S2) : "") +
         (dims == 3 ? "/" + std::to_string(t.t_S3) : "");
}

std::string design_row(const DesignResult& d) {
  return format_one("%7.1f", d.area_mm2) + format_one("%6.0f", d.hp.n_sm) + format_one("%6.0f", d.hp.n_v) +
         format_one("%8.0f", d.hp.shared_kb) + format_one("%12.4g", d.total_s) + format_one("%9.1f", d.gflops);
}

// The fastest design within `area` (a point of the front), or nullptr.
const DesignResult* best_within(const CodesignResult& r, double area) { return best_in_band(r, 0, area); }

void print_front(std::ostream& os, const CodesignResult& r, double budget) {
  std::size_t front = 0;
  for (const auto& d : r.designs) front += d.pareto;
  os << "  " << r.designs.size() << " designs within the budget"
     << (r.infeasible ? " (and " + std::to_string(r.infeasible) + " whose M_SM holds no legal tile)" : "") << ", "
     << front << " on the Pareto front (all in the CSV); the front at budgets of 50 mm^2 steps:\n"
     << "   budget     area  n_SM   n_V  M_SM KB    time [s]   GFLOPS\n";
  const DesignResult* last = nullptr;
  for (double b = 50; b < budget + 50; b += 50) {
    const DesignResult* d = best_within(r, std::min(b, budget));
    if (!d || d == last) continue;
    last = d;
    os << "  " << format_one("%7.0f", std::min(b, budget)) << "  " << design_row(*d) << "\n";
  }
}

void print_band(std::ostream& os, const CodesignResult& r, const CodesignConstants& c) {
  os << "  best design at 425-450 mm^2 (Table C.2 / 8.1):\n"
     << "                area  n_SM   n_V  M_SM KB    time [s]   GFLOPS\n";
  const DesignResult* b = best_in_band(r, 425, 450);
  if (b) os << "    model   " << design_row(*b) << "\n";
  else os << "    model     no design of the grid within the budget lies in 425-450 mm^2\n";
  if (r.dims >= 2) {
    const ThesisRow t = table_c2(r.dims, r.stencil);
    const DesignResult here = solve_design(r.dims, r.sizes, {t.n_sm, t.n_v, t.shared_kb}, c);
    os << "    thesis  " << format_one("%7.0f", t.area_printed) << format_one("%6.0f", t.n_sm)
       << format_one("%6.0f", t.n_v) << format_one("%8.0f", t.shared_kb) << "           -"
       << format_one("%9.0f", t.gflops) << "   (as printed)\n"
       << "    its design in this model " << design_row(here) << "\n";
  } else {
    os << "    thesis    none: the thesis' codesign has no 1D stencil\n";
  }
  if (!b) return;
  os << "  its tiles per size (t_T/t_S1" << (r.dims == 2 ? "/t_S2" : r.dims == 3 ? "/t_S2/t_S3" : "") << "):";
  for (std::size_t z = 0; z < r.sizes.size(); ++z)
    os << (z % 4 == 0 ? "\n   " : "") << format_one("%7.0f", r.sizes[z].s) << " x "
       << format_one("%-6.0f", r.sizes[z].t)
       << format_one(r.dims == 3 ? "%-16s" : "%-13s", tiles_text(b->tiles[z], r.dims).c_str());
  os << "\n";
}

void print_dies(std::ostream& os, const CodesignResult& r, const CodesignConstants& c, double budget) {
  os << "  against the Maxwell dies (C.4.1; the die's n_SM, n_V, M_SM in the same model, caches priced, not "
        "modelled):\n";
  for (const ThesisGain& g : r.dims == 3 ? kThesisGains3D : kThesisGains2D) {
    const ChipDesign die = *design_preset(g.preset);
    const AreaBreakdown a = chip_area(die);
    const DesignResult mine = solve_design(r.dims, r.sizes, {die.n_sm, die.n_v, static_cast<int>(die.shared_kb)}, c);
    os << "    " << g.title << " (" << hw(mine.hp) << "): " << format_one("%.4g", mine.total_s) << " s, "
       << format_one("%.1f", mine.gflops) << " GFLOPS\n";
    for (const auto& [area, thesis, what] : {std::tuple{a.total(), g.full, "its area"},
                                             std::tuple{a.without_caches(), g.cacheless, "its cache-less area"}}) {
      os << "      best within " << what << " " << format_one("%.2f", area) << " mm^2: ";
      const DesignResult* d = area <= budget ? best_within(r, area) : nullptr;
      if (d)
        os << hw(d->hp) << ", " << format_one("%.1f", d->area_mm2) << " mm^2, "
           << format_one("%+.1f%%", 100 * (mine.total_s / d->total_s - 1));
      else os << "none (above the budget or below the grid)";
      if (r.dims >= 2)
        os << "   (thesis, " << (r.dims == 3 ? "3D" : "2D") << " class: " << format_one("%+.2f%%", thesis) << ")";
      os << "\n";
    }
  }
}

}  // namespace

std::string codesign_name(const CodesignStencil& s) {
  return s.dims == 1 ? "jacobi1d" : to_string(s.stencil) + std::to_string(s.dims) + "d";
}

std::string codesign_title(const CodesignStencil& s) {
  std::string t = s.dims == 1 ? "jacobi" : to_string(s.stencil);
  t[0] = static_cast<char>(t[0] - 'a' + 'A');
  return t + " " + std::to_string(s.dims) + "D";
}

std::vector<CodesignResult> run_codesign(const CodesignRun& run) {
  std::vector<CodesignResult> out;
  for (const CodesignStencil& st : run.stencils) {
    const auto start = std::chrono::steady_clock::now();
    out.push_back(codesign_search(st.dims, run.sizes_for(st.dims), run.grid,
                                  for_stencil(run.constants, st.dims, st.stencil), run.budget_mm2, run.threads));
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    std::cerr << "codesign " << codesign_title(st) << ": " << out.back().designs.size() << " designs x "
              << out.back().tiles_enumerated << " tiles x " << run.sizes_for(st.dims).size() << " sizes in "
              << format_one("%.1f", took.count()) << " s\n";
  }
  return out;
}

void print_codesign(std::ostream& os, const CodesignRun& run, const std::vector<CodesignResult>& results) {
  const CodesignConstants& c = run.constants;
  const auto workload = [&](const std::vector<WorkloadSize>& sizes, const char* what) {
    const auto [s_lo, s_hi] =
        std::minmax_element(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) { return a.s < b.s; });
    const auto [t_lo, t_hi] =
        std::minmax_element(sizes.begin(), sizes.end(), [](const auto& a, const auto& b) { return a.t < b.t; });
    os << "  " << what << sizes.size() << " sizes, S " << s_lo->s << ".." << s_hi->s << ", T " << t_lo->t << ".."
       << t_hi->t;
  };
  os << "codesign (thesis Appendix C.8-C.19): MODEL OUTPUTS (time model of Appendix A, area model of C.4-C.7), not "
        "measurements\n"
     << "  constants: " << c.source << (run.what_if ? "  [WHAT-IF: measured times on 28 nm areas]" : "") << "\n"
     << "    C_iter 2D " << format_one("%.3g", c.c_iter_2d) << " s, 1D " << format_one("%.3g", c.c_iter_1d) << " s; L "
     << format_one("%.3g", c.l_word) << " s per word per SM; T_sync " << format_one("%.3g", c.t_sync) << " s; T_launch "
     << format_one("%.3g", c.t_launch) << " s; MTB_SM " << c.mtb_sm << "; " << format_one("%g", c.block_kb)
     << " KB per block at most\n"
     << "  areas: 28 nm (TSMC, Maxwell) coefficients, no caches, 2 KB of registers per vector unit; budget "
     << format_one("%g", run.budget_mm2) << " mm^2\n"
     << "  grid: n_SM " << span(run.grid.n_sm) << ", n_V " << span(run.grid.n_v) << ", M_SM "
     << span(run.grid.shared_kb) << " KB\n";
  if (!run.sizes.empty()) {
    workload(run.sizes, "workload: ");
    os << " with T <= S (2D: S x S; 1D: S^2 points), equal weights (C.18): time = the sum of T_alg\n";
  }
  if (!run.sizes3d.empty()) {
    workload(run.sizes3d, "workload 3D: ");
    os << " with T <= S, S x S x S points (default: the thesis' 3D time-model sizes, digest 1.3; C.3.1 gives 2D sides "
          "only), "
          "equal weights\n";
  }
  if (run.what_if)
    os << "  what-if: the 28 nm area coefficients do not transfer to the calibrated device's process; only its times "
          "do\n";
  for (const auto& r : results) {
    os << "\n"
       << codesign_title(of(r)) << ": " << r.tiles_enumerated << " legal tiles (C.10-C.16"
       << (r.dims == 1   ? "; 1D: t_T <= " + std::to_string(kMax1dT)
           : r.dims == 3 ? "; 3D: t_S3 a multiple of 32, M_tile 2 (t_S1+t_T+1)(t_S2+t_T+1)(t_S3+t_T+1) words, ours"
                         : "")
       << ") per point and size\n";
    if (r.dims == 1) {  // the t_T limit is ours: say whether it bound any answer
      std::size_t edge = 0, all = 0;
      for (const auto& d : r.designs)
        for (const auto& t : d.tiles) all += 1, edge += t.t_T == kMax1dT;
      os << "  best tiles at t_T = " << kMax1dT << ", the limit of ours: " << edge << " of " << all
         << " (design, size) pairs\n";
    }
    if (r.dims == 3) {  // no limit of ours: say where the block's limit puts the answers
      const double most_kb = *std::max_element(run.grid.shared_kb.begin(), run.grid.shared_kb.end());
      int top = 0;
      for (const auto& t : legal_tiles(3, std::min(c.block_kb, most_kb))) top = std::max(top, t.t_T);
      std::size_t edge = 0, all = 0;
      for (const auto& d : r.designs)
        for (const auto& t : d.tiles) all += 1, edge += t.t_T == top;
      os << "  no limit of ours: M_tile within " << format_one("%g", c.block_kb)
         << " KB bounds every size (t_T <= " << top << "); best tiles at that largest t_T: " << edge << " of " << all
         << " (design, size) pairs\n";
    }
    const CodesignConstants cs = for_stencil(c, r.dims, r.stencil);
    if (r.dims == 3)
      os << "  C_iter " << format_one("%.3g", cs.c_iter_3d)
         << " s (Jacobi 2D's x the thesis' Table A.4 ratio of the 3D stencil), " << flops_per_update(3, r.stencil)
         << " flops per update (our count, docs/jacobi.md)\n";
    else if (r.stencil != Stencil::Jacobi)
      os << "  C_iter " << format_one("%.3g", cs.c_iter_2d) << " s (Jacobi 2D's x the thesis' Table A.4 ratio), "
         << flops_per_update(2, r.stencil) << " flops per update\n";
    print_front(os, r, run.budget_mm2);
    print_band(os, r, cs);
    print_dies(os, r, cs, run.budget_mm2);
  }
}

void write_codesign_csv(std::ostream& os, const std::vector<CodesignResult>& results) {
  os << "stencil,n_sm,n_v,m_sm_kb,area_mm2,time_s,gflops,pareto,vector_unit_share,register_share,shared_share,"
        "overhead_share\n";
  for (const auto& r : results)
    for (const auto& d : r.designs) {
      const AreaBreakdown a = chip_area(design_of(d.hp));
      os << codesign_name(of(r)) << "," << d.hp.n_sm << "," << d.hp.n_v << "," << d.hp.shared_kb << ","
         << format_one("%.4f", d.area_mm2) << "," << format_one("%.9g", d.total_s) << ","
         << format_one("%.6g", d.gflops) << "," << (d.pareto ? 1 : 0) << ","
         << format_one("%.5f", a.vector_units / a.total()) << "," << format_one("%.5f", a.registers / a.total()) << ","
         << format_one("%.5f", a.shared / a.total()) << "," << format_one("%.5f", a.overhead / a.total()) << "\n";
    }
}

}  // namespace hpcs::jacobi
