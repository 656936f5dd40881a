// SPDX-License-Identifier: BSD-3-Clause
// The thesis' silicon-area model of a GPU-like accelerator (Appendix C, C.4-C.7), with its
// TSMC 28 nm coefficients: CACTI 6.5 linear fits for the memories and GTX 980 die-photo
// measurements for the logic (digest ../shared/docs/papers/001_hhc_energy_matrixchain.md,
// section 5.2). Used by --area and by the codesign search (jacobi_codesign.hpp).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace hpcs::jacobi {

// The 28 nm coefficients, mm^2 (per KB where a capacity multiplies them). Each memory is a
// linear fit beta * KB + alpha of CACTI 6.5 estimates (Appendix C.2.2, Fig. C.2).
namespace area28 {
// Register file per vector unit: 'RAM', 2 read + 1 write ports, 32 bit, fit over 0.5-8 KB.
constexpr double kBetaRegister = 0.004305;   // beta_R, per KB per vector unit (C.2.2)
constexpr double kAlphaRegister = 0.001947;  // alpha_R, per vector unit (C.2.2)
// Shared memory per SM: 'RAM', 8 read-write ports, 32 bit, fit over 24-384 KB.
constexpr double kBetaShared = 0.01565;   // beta_M, per KB per SM (C.2.2)
constexpr double kAlphaShared = 0.09281;  // alpha_M, per SM (C.2.2)
// L1 per SM pair: fully associative, 128 B lines, 8R + 8W ports, fit over 3-96 KB.
constexpr double kBetaL1 = 0.1604;    // beta_L1, per KB per SM pair (C.2.2)
constexpr double kAlphaL1 = 0.08204;  // alpha_L1, per SM pair (C.2.2)
// L2, modelled per SM (C.6 adds it per SM: the digest's [CHK] of 7.317 below), fit over
// 32-512 KB per SM.
constexpr double kBetaL2 = 0.04197;  // beta_L2, per KB (C.2.2)
constexpr double kAlphaL2 = 0.7685;  // alpha_L2, per SM (C.2.2)
// From the GTX 980 die photo (C.2.2): one vector unit's logic without its register file
// (core, its SFU and LSU share), and the overhead region (I/O pads, memory controllers,
// GigaThread, raster, PCIe: 102.65 mm^2) per SM. C.5's per-SM alpha (fetch-decode unit,
// I-cache, the LSU's shared part) has no value of its own: C.6 folds it into alpha_oh.
constexpr double kBetaVectorUnit = 0.04282;  // beta_VU (C.2.2)
constexpr double kAlphaOverhead = 6.4156;    // alpha_oh = 102.65 / 16 (C.2.2)
// C.7 prints these rounded (0.0447 = beta_VU + alpha_R, 0.0043, 0.015, 0.08 = beta_L1 / 2,
// 0.041, 7.317 = alpha_oh + alpha_M + alpha_L1 / 2 + alpha_L2, digest 5.2 [CHK]); only the
// unrounded C.2.2 values give the GTX 980's 397.99 mm^2, so those are used.
}  // namespace area28

// A chip: the codesign's variables (n_SM, n_V, M_SM) and the memories the area model prices.
// Capacities in KB. The codesign's designs have no caches (the thesis' Table C.2 areas are
// cache-less, digest 5.2 [CHK]); the GTX 980 and Titan X have both.
struct ChipDesign {
  std::string name;          // a preset's name, or empty
  int n_sm = 0;              // SMs
  int n_v = 0;               // vector units (cores) per SM
  double shared_kb = 0;      // M_SM: shared memory per SM
  double register_kb = 2;    // R_VU: register file per vector unit (512 x 32 bit on Maxwell)
  double l1_pair_kb = 0;     // L1 per pair of SMs (GTX 980: 48)
  double l2_sm_kb = 0;       // L2 per SM (Maxwell: 128)
  double published_mm2 = 0;  // the vendor's die area, where known (0: none)
};

// C.4-C.6: A_tot = n_SM A_SM + A_cache + A_oh, term by term, mm^2.
struct AreaBreakdown {
  double vector_units = 0;  // n_SM n_V beta_VU
  double registers = 0;     // n_SM n_V (beta_R R_VU + alpha_R)
  double shared = 0;        // n_SM (beta_M M_SM + alpha_M)
  double l1 = 0;            // n_SM / 2 (beta_L1 L1 + alpha_L1); 0 without L1
  double l2 = 0;            // n_SM (beta_L2 L2_SM + alpha_L2); 0 without L2
  double overhead = 0;      // n_SM alpha_oh
  double total() const { return vector_units + registers + shared + l1 + l2 + overhead; }
  double without_caches() const { return total() - l1 - l2; }
};

AreaBreakdown chip_area(const ChipDesign& d);

// The thesis' two Maxwell dies (Table A.2, C.2.2-C.2.3) and their cache-less versions
// (C.4.1): gtx980, gtx980-nocache, titanx, titanx-nocache.
std::vector<ChipDesign> design_presets();
std::optional<ChipDesign> design_preset(const std::string& name);
std::string design_preset_names();  // "gtx980, gtx980-nocache, titanx or titanx-nocache"

// Throws hpcs::Error naming the option when a value is out of range (`options` names the
// option of each field: "--area-sm", ...); the ranges are documented in docs/jacobi.md.
struct DesignOptionNames {
  std::string n_sm = "--area-sm", n_v = "--area-v", shared = "--area-smem", registers = "--area-regs", l1 = "--area-l1",
              l2 = "--area-l2";
};
void check_design(const ChipDesign& d, const DesignOptionNames& options = {});

// Capacities outside the range a CACTI fit was made over (extrapolated): one line each.
std::vector<std::string> extrapolation_notes(const ChipDesign& d);

}  // namespace hpcs::jacobi
