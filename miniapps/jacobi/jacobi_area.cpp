// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_area.hpp"

#include <cmath>

#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"

namespace hpcs::jacobi {

AreaBreakdown chip_area(const ChipDesign& d) {
  using namespace area28;
  const double sms = d.n_sm, units = static_cast<double>(d.n_sm) * d.n_v;
  AreaBreakdown a;
  // C.5: beta n_V, the per-core logic (core, SFU, LSU share), measured without registers.
  a.vector_units = units * kBetaVectorUnit;
  // C.6: the memories of A_MperSM, each a CACTI fit; a cache of 0 KB is no cache at all
  // (no alpha either), as the thesis' cache-less areas are.
  a.registers = units * (kBetaRegister * d.register_kb + kAlphaRegister);
  a.shared = sms * (kBetaShared * d.shared_kb + kAlphaShared);
  if (d.l1_pair_kb > 0) a.l1 = sms / 2 * (kBetaL1 * d.l1_pair_kb + kAlphaL1);
  if (d.l2_sm_kb > 0) a.l2 = sms * (kBetaL2 * d.l2_sm_kb + kAlphaL2);
  // C.6: A_oh = n_SM alpha_oh (the thesis' choice: overhead grows with the SMs).
  a.overhead = sms * kAlphaOverhead;
  return a;
}

std::vector<ChipDesign> design_presets() {
  // Table A.2 (16 / 24 SMs of 128 cores, 96 KB shared), C.2.2 (512 32-bit registers per
  // core, 48 KB L1 per SM pair, 128 KB L2 per SM) and the published dies (C.2.2-C.2.3).
  const ChipDesign gtx980{"gtx980", 16, 128, 96, 2, 48, 128, 398};
  const ChipDesign titanx{"titanx", 24, 128, 96, 2, 48, 128, 601};
  std::vector<ChipDesign> out;
  for (const ChipDesign& d : {gtx980, titanx}) {
    out.push_back(d);
    ChipDesign bare = d;  // C.4.1: "delete" the caches (237 and 356 mm^2)
    bare.name += "-nocache";
    bare.l1_pair_kb = bare.l2_sm_kb = bare.published_mm2 = 0;
    out.push_back(bare);
  }
  return out;
}

std::optional<ChipDesign> design_preset(const std::string& name) {
  for (const ChipDesign& d : design_presets())
    if (d.name == name) return d;
  return std::nullopt;
}

std::string design_preset_names() {
  const auto all = design_presets();
  std::string s;
  for (std::size_t k = 0; k < all.size(); ++k) s += (k == 0 ? "" : k + 1 == all.size() ? " or " : ", ") + all[k].name;
  return s;
}

namespace {
// Bounds that keep a design a chip (and the arithmetic far from overflow), not the fits'.
constexpr int kMaxSms = 1024, kMaxUnits = 16384;
constexpr double kMaxKb = 65536;

void check_count(const std::string& option, int v, int max, const char* what) {
  if (v < 1 || v > max)
    throw Error(option + " " + std::to_string(v) + ": " + what + " must be 1 to " + std::to_string(max));
}

void check_kb(const std::string& option, double v, bool zero_ok, const char* what) {
  const bool low = zero_ok ? v < 0 : v <= 0;
  if (!std::isfinite(v) || low || v > kMaxKb)
    throw Error(option + " " + format_one("%g", v) + ": " + what + " must be " + (zero_ok ? "0 (none)" : "above 0") +
                " to " + format_one("%.0f", kMaxKb) + " KB");
}
}  // namespace

void check_design(const ChipDesign& d, const DesignOptionNames& o) {
  check_count(o.n_sm, d.n_sm, kMaxSms, "the number of SMs");
  check_count(o.n_v, d.n_v, kMaxUnits, "the vector units per SM");
  check_kb(o.shared, d.shared_kb, false, "the shared memory per SM");
  check_kb(o.registers, d.register_kb, false, "the register file per vector unit");
  check_kb(o.l1, d.l1_pair_kb, true, "the L1 per SM pair");
  check_kb(o.l2, d.l2_sm_kb, true, "the L2 per SM");
}

std::vector<std::string> extrapolation_notes(const ChipDesign& d) {
  std::vector<std::string> notes;
  const auto outside = [&](const char* what, double kb, double lo, double hi) {
    if (kb < lo || kb > hi)
      notes.push_back(std::string(what) + " " + format_one("%g", kb) + " KB lies outside the CACTI fit's " +
                      format_one("%g", lo) + "-" + format_one("%g", hi) + " KB: extrapolated");
  };
  outside("register file per vector unit", d.register_kb, 0.5, 8);
  outside("shared memory per SM", d.shared_kb, 24, 384);
  if (d.l1_pair_kb > 0) outside("L1 per SM pair", d.l1_pair_kb, 3, 96);
  if (d.l2_sm_kb > 0) outside("L2 per SM", d.l2_sm_kb, 32, 512);
  return notes;
}

}  // namespace hpcs::jacobi
