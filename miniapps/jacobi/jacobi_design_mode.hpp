// SPDX-License-Identifier: BSD-3-Clause
// The chip-design modes of jacobi_miniapp (thesis Appendix C): --area prints a design's area
// and its breakdown (jacobi_area.hpp), --codesign searches the hardware points under an
// area budget with the time model (jacobi_codesign.hpp). Both print and exit: no grid, no
// GPU, rank 0 prints.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/harness/cli.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "jacobi_area.hpp"
#include "jacobi_codesign.hpp"

namespace hpcs::jacobi {

struct DesignOptions {
  // --area: a preset, whose fields the --area-* values replace, or the values alone.
  bool area = false;
  std::string preset;
  std::optional<int> n_sm, n_v;
  std::optional<double> shared_kb, register_kb, l1_kb, l2_kb;
  // --codesign: the search, its grid, workload, budget and CSV.
  bool codesign = false;
  double budget_mm2 = 650;  // C.3.2 ran 200-650 mm^2
  std::vector<std::string> stencils;
  std::vector<int> sm, v, smem;
  std::vector<std::int64_t> sides, steps;
  std::optional<double> l_word;  // replaces L (Table A.3's exponent is illegible)
  std::string output;
  unsigned threads = 0;
};

void add_design_options(CLI::App& cli, DesignOptions& d);

// The mode's exit code, or nullopt without --area / --codesign. `calibration`: --calibration
// (the codesign's what-if constants; empty: the thesis' GTX 980).
std::optional<int> design_mode(const MpiContext& mpi, const CommonOptions& o, const DesignOptions& d,
                               const std::string& calibration);

// --area's design from the options (a preset, then the values given); checked.
ChipDesign area_design(const DesignOptions& d);
void print_area(std::ostream& os, const ChipDesign& d);

// --codesign (jacobi_codesign_report.cpp): the search per stencil, the printed summary
// beside the thesis' Table C.2 and C.4.1, and the CSV of every design.
// A stencil of the search: Jacobi 1D, a 2D stencil, or Heat / Laplacian 3D (dims 3).
struct CodesignStencil {
  int dims = 2;
  Stencil stencil = Stencil::Jacobi;
  bool operator==(const CodesignStencil& o) const { return dims == o.dims && stencil == o.stencil; }
};
std::string codesign_name(const CodesignStencil& s);   // "jacobi1d", "heat2d", "heat3d", ...
std::string codesign_title(const CodesignStencil& s);  // "Jacobi 1D", "Heat 2D", "Heat 3D", ...

struct CodesignRun {
  std::vector<CodesignStencil> stencils;
  HardwareGrid grid;
  std::vector<WorkloadSize> sizes;    // 1D and 2D stencils
  std::vector<WorkloadSize> sizes3d;  // 3D stencils (S^3; the thesis' 3D sizes unless --codesign-s/-t)
  const std::vector<WorkloadSize>& sizes_for(int dims) const { return dims == 3 ? sizes3d : sizes; }
  CodesignConstants constants;
  bool what_if = false;  // constants from a calibration file
  double budget_mm2 = 650;
  unsigned threads = 0;
};
CodesignRun codesign_run(const DesignOptions& d, const std::string& calibration);  // checked
std::vector<CodesignResult> run_codesign(const CodesignRun& run);
void print_codesign(std::ostream& os, const CodesignRun& run, const std::vector<CodesignResult>& results);
void write_codesign_csv(std::ostream& os, const std::vector<CodesignResult>& results);

}  // namespace hpcs::jacobi
