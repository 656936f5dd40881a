// SPDX-License-Identifier: BSD-3-Clause
// --area and --codesign: their options, the checks that give one error line naming the
// option, --area's printout, and the dispatch (the codesign's tables are in
// jacobi_codesign_report.cpp).
#include "jacobi_design_mode.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <tuple>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "hpcs/base/value_by_name.hpp"
#include "hpcs/harness/run_report.hpp"
#include "hpcs/io/atomic_text_file.hpp"
#include "jacobi_calibration.hpp"

namespace hpcs::jacobi {

namespace {
// Long names (without dashes) of each mode's own options: given without the mode, an error.
const std::vector<std::string> kAreaOptions{"area-design", "area-sm", "area-v", "area-smem",
                                            "area-regs",   "area-l1", "area-l2"};
const std::vector<std::string> kCodesignOptions{"codesign-budget", "codesign-stencils", "codesign-sm", "codesign-v",
                                                "codesign-smem",   "codesign-s",        "codesign-t",  "codesign-l",
                                                "codesign-output", "codesign-threads"};
}  // namespace

void add_design_options(CLI::App& cli, DesignOptions& d) {
  cli.add_flag("--area", d.area, "Print a chip design's area (thesis Appendix C, 28 nm) and its breakdown, and exit");
  cli.add_option("--area-design", d.preset, "--area: start from gtx980, gtx980-nocache, titanx or titanx-nocache");
  cli.add_option("--area-sm", d.n_sm, "--area: SMs (n_SM)");
  cli.add_option("--area-v", d.n_v, "--area: vector units per SM (n_V)");
  cli.add_option("--area-smem", d.shared_kb, "--area: shared memory per SM, KB (M_SM)");
  cli.add_option("--area-regs", d.register_kb, "--area: register file per vector unit, KB (R_VU; default 2)");
  cli.add_option("--area-l1", d.l1_kb, "--area: L1 per SM pair, KB (default 0: none)");
  cli.add_option("--area-l2", d.l2_kb, "--area: L2 per SM, KB (default 0: none)");
  cli.add_flag("--codesign", d.codesign,
               "Search chip designs (n_SM, n_V, M_SM) under an area budget with the time model's best tiles, print "
               "the Pareto front and exit (thesis Appendix C)");
  cli.add_option("--codesign-budget", d.budget_mm2, "--codesign: largest area, mm^2")->capture_default_str();
  cli.add_option("--codesign-stencils", d.stencils,
                 "--codesign: jacobi1d, jacobi2d, heat2d, laplacian2d, gradient2d, heat3d, laplacian3d (default "
                 "jacobi2d and jacobi1d)")
      ->delimiter(',');
  cli.add_option("--codesign-sm", d.sm, "--codesign: n_SM values (default 2..32 even)")->delimiter(',');
  cli.add_option("--codesign-v", d.v, "--codesign: n_V values (default 32..2048 by 32)")->delimiter(',');
  cli.add_option("--codesign-smem", d.smem, "--codesign: M_SM values, KB (default 12, 24, 36, 48..480 by 48)")
      ->delimiter(',');
  cli.add_option("--codesign-s", d.sides,
                 "--codesign: problem sides S (default 4096, 8192, 12288, 16384; 3D stencils S^3: 384, 512, 640)")
      ->delimiter(',');
  cli.add_option("--codesign-t", d.steps,
                 "--codesign: time steps T, each with every S >= T (default 1024..16384; 3D: 128..640 by 128)")
      ->delimiter(',');
  cli.add_option("--codesign-l", d.l_word,
                 "--codesign: L, seconds per 4-byte word per SM, in place of the constants' (default: the thesis' "
                 "4.71e-10, read from an illegible exponent)");
  cli.add_option("--codesign-output", d.output, "--codesign: write every design as CSV to this file");
  cli.add_option("--codesign-threads", d.threads, "--codesign: worker threads (0: one per core)")
      ->capture_default_str();
}

ChipDesign area_design(const DesignOptions& o) {
  ChipDesign d;
  if (!o.preset.empty()) {
    const auto p = design_preset(o.preset);
    if (!p) throw Error("--area-design " + printable(o.preset) + ": expected " + design_preset_names());
    d = *p;
  } else if (!o.n_sm || !o.n_v || !o.shared_kb) {
    throw Error("--area: give --area-design NAME (" + design_preset_names() +
                "), or --area-sm, --area-v and --area-smem");
  }
  const bool changed = o.n_sm || o.n_v || o.shared_kb || o.register_kb || o.l1_kb || o.l2_kb;
  if (o.n_sm) d.n_sm = *o.n_sm;
  if (o.n_v) d.n_v = *o.n_v;
  if (o.shared_kb) d.shared_kb = *o.shared_kb;
  if (o.register_kb) d.register_kb = *o.register_kb;
  if (o.l1_kb) d.l1_pair_kb = *o.l1_kb;
  if (o.l2_kb) d.l2_sm_kb = *o.l2_kb;
  if (changed && !d.name.empty()) d.name += " (changed)", d.published_mm2 = 0;
  check_design(d);
  return d;
}

void print_area(std::ostream& os, const ChipDesign& d) {
  const AreaBreakdown a = chip_area(d);
  const double total = a.total();
  os << "chip area (thesis Appendix C, C.4-C.7; TSMC 28 nm: CACTI 6.5 fits and GTX 980 die photo)"
     << (d.name.empty() ? "" : ": " + d.name) << "\n"
     << "  n_SM " << d.n_sm << ", n_V " << d.n_v << " per SM, M_SM " << format_one("%g", d.shared_kb)
     << " KB shared per SM, R_VU " << format_one("%g", d.register_kb) << " KB registers per vector unit, L1 "
     << format_one("%g", d.l1_pair_kb) << " KB per SM pair, L2 " << format_one("%g", d.l2_sm_kb) << " KB per SM\n";
  const auto row = [&](const char* what, double mm2) {
    os << "  " << format_one("%-52s", what) << format_one("%9.2f", mm2) << format_one("%7.1f%%", 100 * mm2 / total)
       << "\n";
  };
  os << "  " << format_one("%-52s", "part") << "     mm^2   share\n";
  row("vector-unit logic (n_SM n_V beta_VU)", a.vector_units);
  row("register files (n_SM n_V (beta_R R_VU + alpha_R))", a.registers);
  row("shared memory (n_SM (beta_M M_SM + alpha_M))", a.shared);
  row("L1 (n_SM/2 (beta_L1 L1 + alpha_L1))", a.l1);
  row("L2 (n_SM (beta_L2 L2_SM + alpha_L2))", a.l2);
  row("overhead (n_SM alpha_oh)", a.overhead);
  os << "  " << format_one("%-52s", "total") << format_one("%9.2f", total) << " mm^2";
  if (d.published_mm2 > 0)
    os << " (published die " << format_one("%g", d.published_mm2) << " mm^2, "
       << format_one("%+.3f%%", 100 * (total - d.published_mm2) / d.published_mm2) << ")";
  os << "\n";
  if (a.l1 > 0 || a.l2 > 0)
    os << "  " << format_one("%-52s", "without caches (C.4.1)") << format_one("%9.2f", a.without_caches()) << " mm^2\n";
  for (const auto& note : extrapolation_notes(d)) os << "  note: " << note << "\n";
}

CodesignRun codesign_run(const DesignOptions& o, const std::string& calibration) {
  CodesignRun r;
  for (const auto& s : o.stencils) {
    const CodesignStencil st = value_by_name<CodesignStencil>("--codesign-stencils", s,
                                                              {{"jacobi1d", {1, Stencil::Jacobi}},
                                                               {"jacobi2d", {2, Stencil::Jacobi}},
                                                               {"heat2d", {2, Stencil::Heat}},
                                                               {"laplacian2d", {2, Stencil::Laplacian}},
                                                               {"gradient2d", {2, Stencil::Gradient}},
                                                               {"heat3d", {3, Stencil::Heat}},
                                                               {"laplacian3d", {3, Stencil::Laplacian}}});
    if (std::find(r.stencils.begin(), r.stencils.end(), st) == r.stencils.end()) r.stencils.push_back(st);
  }
  if (r.stencils.empty()) r.stencils = {{2, Stencil::Jacobi}, {1, Stencil::Jacobi}};
  r.grid = thesis_hardware_grid();
  if (!o.sm.empty()) r.grid.n_sm = o.sm;
  if (!o.v.empty()) r.grid.n_v = o.v;
  if (!o.smem.empty()) r.grid.shared_kb = o.smem;
  for (auto* list : {&r.grid.n_sm, &r.grid.n_v, &r.grid.shared_kb}) {  // a value given twice is one point
    std::sort(list->begin(), list->end());
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  const DesignOptionNames names{"--codesign-sm", "--codesign-v", "--codesign-smem", "", "", ""};
  for (int n : r.grid.n_sm) check_design(design_of({n, 32, 12}), names);
  for (int v : r.grid.n_v) check_design(design_of({2, v, 12}), names);
  for (int m : r.grid.shared_kb) check_design(design_of({2, 32, m}), names);
  const int most_kb = *std::max_element(r.grid.shared_kb.begin(), r.grid.shared_kb.end());
  for (const CodesignStencil& st : r.stencils) {  // C.10: the smallest legal tile must fit some M_SM
    const int dims = st.dims;
    const double need = tile_bytes(dims, dims == 1   ? CodesignTile{2, 32, 1}
                                         : dims == 2 ? CodesignTile{2, 1, 32}
                                                     : slab_tile(2, 1, 1, 32));
    if (most_kb * 1024.0 < need)
      throw Error("--codesign-smem " + std::to_string(most_kb) + ": no M_SM of the grid holds a " + codesign_title(st) +
                  " tile (the smallest, t_T 2" +
                  (dims == 1   ? ", t_S1 32"
                   : dims == 2 ? ", t_S1 1, t_S2 32"
                               : ", t_S1 1, t_S2 1, t_S3 32") +
                  ", needs " + format_one("%.0f", need) + " bytes; C.10)");
  }
  const auto check_list = [](const char* option, const std::vector<std::int64_t>& list, std::int64_t max) {
    for (std::int64_t x : list)
      if (x < 1 || x > max)
        throw Error(std::string(option) + " " + std::to_string(x) + ": must be 1 to " + std::to_string(max));
  };
  check_list("--codesign-s", o.sides, std::int64_t{1} << 20);
  check_list("--codesign-t", o.steps, std::int64_t{1} << 24);
  // The lists given replace the defaults of every dimension; 3D's defaults are the thesis'
  // 3D sizes (its codesign workload, C.3.1, lists 2D sides only).
  const auto sizes_of = [&](std::vector<std::int64_t> sides, std::vector<std::int64_t> steps) {
    for (auto* list : {&sides, &steps}) {
      std::sort(list->begin(), list->end());
      list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    const auto sizes = workload_sizes(sides, steps);
    if (sizes.empty()) throw Error("--codesign-t: no T is at most one of the sides S of --codesign-s (C.3.1: T <= S)");
    return sizes;
  };
  const bool planar = std::any_of(r.stencils.begin(), r.stencils.end(), [](const auto& st) { return st.dims < 3; });
  const bool solid = std::any_of(r.stencils.begin(), r.stencils.end(), [](const auto& st) { return st.dims == 3; });
  if (planar)
    r.sizes = sizes_of(o.sides.empty() ? thesis_sides() : o.sides, o.steps.empty() ? thesis_steps() : o.steps);
  if (solid)
    r.sizes3d = sizes_of(o.sides.empty() ? thesis_sides_3d() : o.sides, o.steps.empty() ? thesis_steps_3d() : o.steps);
  if (!std::isfinite(o.budget_mm2) || o.budget_mm2 <= 0)
    throw Error("--codesign-budget " + format_one("%g", o.budget_mm2) + ": must be a positive area in mm^2");
  const double smallest = smallest_area(r.grid);
  if (o.budget_mm2 < smallest) {
    const HardwarePoint hp{*std::min_element(r.grid.n_sm.begin(), r.grid.n_sm.end()),
                           *std::min_element(r.grid.n_v.begin(), r.grid.n_v.end()),
                           *std::min_element(r.grid.shared_kb.begin(), r.grid.shared_kb.end())};
    throw Error("--codesign-budget " + format_one("%g", o.budget_mm2) + ": below the smallest design of the grid (" +
                std::to_string(hp.n_sm) + " SMs x " + std::to_string(hp.n_v) + " vector units, " +
                std::to_string(hp.shared_kb) + " KB: " + format_one("%.2f", smallest) + " mm^2)");
  }
  r.budget_mm2 = o.budget_mm2;
  r.threads = o.threads;
  r.what_if = !calibration.empty();
  r.constants = r.what_if ? constants_from(load_calibration(calibration), calibration) : thesis_gtx980_constants();
  if (o.l_word) {
    if (!std::isfinite(*o.l_word) || *o.l_word <= 0 || *o.l_word > 1)
      throw Error("--codesign-l " + format_one("%g", *o.l_word) + ": must be a time above 0 and at most 1 s per word");
    r.constants.l_word = *o.l_word;
    r.constants.source += ", L replaced by --codesign-l";
  }
  return r;
}

std::optional<int> design_mode(const MpiContext& mpi, const CommonOptions& o, const DesignOptions& d,
                               const std::string& calibration) {
  for (const auto& [on, mode, names] :
       {std::tuple{d.area, "--area", &kAreaOptions}, std::tuple{d.codesign, "--codesign", &kCodesignOptions}})
    if (!on)
      for (const auto& name : *names)
        if (o.given_options.count(name)) throw Error("--" + name + ": only with " + mode);
  if (!d.area && !d.codesign) return std::nullopt;
  if (d.area && d.codesign) throw Error("--area and --codesign are two modes: give one");
  if (o.given_options.count("sweep"))
    throw Error(std::string("--sweep: not with ") + (d.area ? "--area" : "--codesign") + " (it prints and exits)");
  if (d.area) {
    const ChipDesign design = area_design(d);
    if (mpi.root()) print_area(std::cout, design);
    return 0;
  }
  const CodesignRun run = collective(mpi, [&] { return codesign_run(d, calibration); });
  probe_outputs(mpi, {calibration}, {d.output});
  collective(mpi, [&] {
    if (!mpi.root()) return;
    const auto results = run_codesign(run);
    print_codesign(std::cout, run, results);
    if (!d.output.empty())
      write_text_file_atomically(d.output, [&](std::ostream& os) { write_codesign_csv(os, results); });
  });
  return 0;
}

}  // namespace hpcs::jacobi
