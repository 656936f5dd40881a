// SPDX-License-Identifier: BSD-3-Clause
// Calibration files: one flat JSON object per device whose keys are the Calibration
// members; every key Jacobi's model reads is required, so a file from an older
// jacobi_calibrate fails loudly instead of silently feeding 0 into the model. The keys
// added for Smith-Waterman (e_iadd ... e_ls) are optional: the committed files predate them.
#include "jacobi_calibration.hpp"

#include <utility>

#include "hpcs/io/calibration_file.hpp"

namespace hpcs::jacobi {
namespace {
using calibration_field::energy;
using calibration_field::number_or_null;
using calibration_field::optional_energy;
using calibration_field::optional_positive;
using calibration_field::positive;
using calibration_field::positive_int;
using calibration_field::text;

// The file's numbers (key, member, how it is read); every key Jacobi's model reads is
// required, Smith-Waterman's energies are optional (the committed files predate them).
enum class Read { Positive, OptionalPositive, Energy, OptionalEnergy };
struct NumberField {
  const char* key;
  double Calibration::*member;
  Read read;
};
constexpr NumberField kNumbers[] = {
    {"m_sm_bytes", &Calibration::m_sm_bytes, Read::Positive},
    {"m_block_bytes", &Calibration::m_block_bytes, Read::Positive},
    {"l_word", &Calibration::l_word, Read::Positive},
    {"t_sync", &Calibration::t_sync, Read::Positive},
    {"t_launch", &Calibration::t_launch, Read::Positive},
    {"c_iter_1d", &Calibration::c_iter_1d, Read::Positive},
    {"c_iter_2d", &Calibration::c_iter_2d, Read::Positive},
    {"c_iter_1d_f64", &Calibration::c_iter_1d_f64, Read::Positive},
    {"c_iter_2d_f64", &Calibration::c_iter_2d_f64, Read::Positive},
    {"c_iter_heat2d", &Calibration::c_iter_heat2d, Read::OptionalPositive},
    {"c_iter_heat2d_f64", &Calibration::c_iter_heat2d_f64, Read::OptionalPositive},
    {"c_iter_laplacian2d", &Calibration::c_iter_laplacian2d, Read::OptionalPositive},
    {"c_iter_laplacian2d_f64", &Calibration::c_iter_laplacian2d_f64, Read::OptionalPositive},
    {"c_iter_gradient2d", &Calibration::c_iter_gradient2d, Read::OptionalPositive},
    {"c_iter_gradient2d_f64", &Calibration::c_iter_gradient2d_f64, Read::OptionalPositive},
    {"c_iter_jacobi3d", &Calibration::c_iter_jacobi3d, Read::OptionalPositive},
    {"c_iter_jacobi3d_f64", &Calibration::c_iter_jacobi3d_f64, Read::OptionalPositive},
    {"c_iter_heat3d", &Calibration::c_iter_heat3d, Read::OptionalPositive},
    {"c_iter_heat3d_f64", &Calibration::c_iter_heat3d_f64, Read::OptionalPositive},
    {"c_iter_laplacian3d", &Calibration::c_iter_laplacian3d, Read::OptionalPositive},
    {"c_iter_laplacian3d_f64", &Calibration::c_iter_laplacian3d_f64, Read::OptionalPositive},
    {"p_stat", &Calibration::p_stat, Read::Energy},
    {"e_gs", &Calibration::e_gs, Read::Energy},
    {"e_sr", &Calibration::e_sr, Read::Energy},
    {"e_fadd", &Calibration::e_fadd, Read::Energy},
    {"e_fmul", &Calibration::e_fmul, Read::Energy},
    {"e_dadd", &Calibration::e_dadd, Read::Energy},
    {"e_dmul", &Calibration::e_dmul, Read::Energy},
    {"e_iadd", &Calibration::e_iadd, Read::OptionalEnergy},
    {"e_imax", &Calibration::e_imax, Read::OptionalEnergy},
    {"e_dpx_addmax", &Calibration::e_dpx_addmax, Read::OptionalEnergy},
    {"e_dpx_max", &Calibration::e_dpx_max, Read::OptionalEnergy},
    {"e_ls", &Calibration::e_ls, Read::OptionalEnergy}};
constexpr std::pair<const char*, int Calibration::*> kCounts[] = {{"n_sm", &Calibration::n_sm},
                                                                  {"n_v", &Calibration::n_v},
                                                                  {"r_sm", &Calibration::r_sm},
                                                                  {"mtb_sm", &Calibration::mtb_sm}};
}  // namespace

nlohmann::json Calibration::to_json() const {
  nlohmann::json j = {{"device", device}, {"measured_at", measured_at}, {"details", details}};
  for (const auto& [key, member] : kCounts) j[key] = this->*member;
  for (const NumberField& f : kNumbers)
    j[f.key] = f.read == Read::Positive ? nlohmann::json(this->*f.member) : number_or_null(this->*f.member);
  j["units"] = {{"m_sm_bytes", "bytes"},
                {"l_word", "s per 4-byte word per SM"},
                {"t_sync", "s"},
                {"t_launch", "s"},
                {"c_iter", "s per iteration per vector unit"},
                {"p_stat", "W"},
                {"e_gs", "J per 4-byte word"},
                {"e_sr", "J per 4-byte word"},
                {"e_fadd", "J per operation"},
                {"e_iadd", "J per int32 add instruction"},
                {"e_imax", "J per int32 max instruction"},
                {"e_dpx_addmax", "J per __viaddmax_s32 (DPX: max(a + b, c), one instruction)"},
                {"e_dpx_max", "J per __vimax3_s32_relu (DPX: max(a, b, c, 0), one instruction)"},
                {"e_ls", "J per 4-byte word between L2 and shared memory"}};
  return j;
}

Calibration Calibration::from_json(const nlohmann::json& j) {
  Calibration c;
  c.device = text(j, "device");
  c.measured_at = text(j, "measured_at");
  for (const auto& [key, member] : kCounts) c.*member = positive_int(j, key);
  for (const NumberField& f : kNumbers)
    c.*f.member = f.read == Read::Positive           ? positive(j, f.key)
                  : f.read == Read::OptionalPositive ? optional_positive(j, f.key)
                  : f.read == Read::Energy           ? energy(j, f.key)
                                                     : optional_energy(j, f.key);
  if (j.contains("details")) c.details = j["details"];
  return c;
}

double Calibration::c_iter_2d_of(Stencil s, Precision p) const {
  const bool f64 = p == Precision::Float64;
  switch (s) {
    case Stencil::Heat: return f64 ? c_iter_heat2d_f64 : c_iter_heat2d;
    case Stencil::Laplacian: return f64 ? c_iter_laplacian2d_f64 : c_iter_laplacian2d;
    case Stencil::Gradient: return f64 ? c_iter_gradient2d_f64 : c_iter_gradient2d;
    case Stencil::Jacobi:
    default: return f64 ? c_iter_2d_f64 : c_iter_2d;
  }
}

double Calibration::c_iter_3d_of(Stencil s, Precision p) const {
  const bool f64 = p == Precision::Float64;
  switch (s) {
    case Stencil::Jacobi: return f64 ? c_iter_jacobi3d_f64 : c_iter_jacobi3d;
    case Stencil::Heat: return f64 ? c_iter_heat3d_f64 : c_iter_heat3d;
    case Stencil::Laplacian: return f64 ? c_iter_laplacian3d_f64 : c_iter_laplacian3d;
    default: return kNotMeasured;  // no 3D Gradient
  }
}

std::string Calibration::c_iter_3d_key(Stencil s, Precision p) {
  return "c_iter_" + to_string(s) + "3d" + (p == Precision::Float64 ? "_f64" : "");
}

Calibration load_calibration(const std::string& path) {
  return read_calibration_file(path, [](const nlohmann::json& j) { return Calibration::from_json(j); });
}

void save_calibration(const std::string& path, const Calibration& c) { write_calibration_json(path, c.to_json()); }

}  // namespace hpcs::jacobi
