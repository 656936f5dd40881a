// SPDX-License-Identifier: BSD-3-Clause
// The thesis' time model (Appendix A) and energy model (Appendix B) for our tilings.
// Equation numbers are the thesis'; [T~] marks a form the digest had to rebuild from
// garbled OCR (likely, unverified), [ours] a count we take from our own tiling where it
// differs from the printed one (each is checked against enumeration in
// tests/jacobi/test_jacobi_model.cpp).
//
// Symbols: t_T, t_S (= t_S1), t_S2 the tile sizes; w_tile = t_S + t_T - 2 (A.4); pitch =
// w_tile + t_S (A.5 prints + 2 more, digest 2.2); L, T_sync, T_sync' (our t_launch),
// C_iter, n_SM, n_V, M_SM, MTB_SM from the calibration. Words are 4 bytes (the thesis'
// unit), so a float64 value is 2 words in every transfer and footprint.
#include "jacobi_model.hpp"

#include <algorithm>
#include <cmath>

#include "hex_tiling.hpp"
#include "hpcs/base/ceil_div.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "jacobi_json.hpp"
#include "jacobi_model3d.hpp"

namespace hpcs::jacobi {

nlohmann::json Prediction::to_json() const {
  return {{"wavefronts", wavefronts},
          {"tiles_per_wavefront", tiles_per_wavefront},
          {"subprisms", subprisms},
          {"tiles", tiles},
          {"m_io_words", m_io_words},
          {"m_tile_words", m_tile_words},
          {"v_tile", v_tile},
          {"k", k},
          {"t_transfer_s", t_transfer},
          {"t_compute_s", t_compute},
          {"t_tile_s", t_tile},
          {"time_s", time},
          {"time_as_printed_s", time_as_printed},
          {"time_ideal_s", time_ideal},
          {"energy_static_j", number_or_null(energy_static)},
          {"energy_dynamic_j", number_or_null(energy_dynamic)},
          {"energy_j", number_or_null(energy)},
          {"c_iter_s", c_iter},
          {"c_iter_scale", c_iter_scale},
          {"c_iter_source", c_iter_source},
          {"note", note}};
}

StencilCost stencil_cost(Stencil s) {
  switch (s) {
    case Stencil::Heat:  // 2 sub + 4 add; 2c once, 2 x 0.125
      return {3.68 / 3.39, 6, 3, ""};
    case Stencil::Laplacian:  // 3 add + 1 sub; 4c, x 0.125
      return {3.11 / 3.39, 4, 2, ""};
    case Stencil::Gradient:  // 4 sub + 5 add; 4 squares
      return {6.09 / 3.39, 9, 4, "sqrt and division not priced"};
    case Stencil::Jacobi:
    default: return {};
  }
}

namespace {

// The tile sizes and word size every part of the model uses.
struct Shape {
  bool two_d = false;
  double words = 1;  // 4-byte words per value
  std::int64_t tT = 0, tS = 0, tS2 = 1, half = 0;
  std::int64_t w_tile = 0;  // A.4
};

Shape shape_of(const Problem& p, const Tuning& t, Precision prec) {
  Shape s;
  s.two_d = p.dims == 2;
  s.words = prec == Precision::Float64 ? 2.0 : 1.0;
  s.tT = t.t_T;
  s.tS = t.t_S1;
  s.tS2 = s.two_d ? t.t_S2 : 1;
  s.half = s.tT / 2;
  s.w_tile = s.tS + s.tT - 2;
  return s;
}

// --- Geometry ---------------------------------------------------------------------------
void geometry(Prediction& r, const Problem& p, const Tuning& t, const Shape& s, const HexTiling& hex) {
  // A.3 N_w = 2 floor(T / t_T) + eps [T~]. [ours] HexTiling::wavefronts() = (T-1)/(t_T/2) + 2:
  // our first wavefront holds only upper halves and the last is cut at T, so it is one
  // more than the thesis' count; each is charged a full tile below, as the thesis does.
  // A wavefront without hexagons (S smaller than one colour's offset) is no launch.
  // A.6 w = ceil(S / pitch) (+ delta) [T~]. [ours] HexTiling::tiles(i), which differs by
  // colour; A.2 sums over the wavefronts, so the exact w(i) of each is used.
  std::int64_t hexagons = 0;
  for (std::int64_t i = 0; i < hex.wavefronts(); ++i) {
    if (hex.tiles(i) == 0) continue;
    ++r.wavefronts;
    hexagons += hex.tiles(i);
    r.tiles_per_wavefront = std::max(r.tiles_per_wavefront, hex.tiles(i));
  }
  // A.17 N_sp = (S2 + t_T) / t_S2 [T~]; [ours] SkewedColumns::subprisms() =
  // ceil((S2 + t_T - 1) / t_S2), the sub-prisms our skewed prisms really have.
  r.subprisms = s.two_d ? SkewedColumns{t.t_S2, t.t_T, p.n2}.subprisms() : 1;
  // B.5 N_tiles = (2T/t_T)(S1/(t_S1 + w_tile))((S2 + t_T)/t_S2), partial tiles counted as
  // full; [ours] the exact count of hexagons (partial ones included) times sub-prisms.
  r.tiles = hexagons * r.subprisms;

  // A.8 m_io = m_i + m_o = 2 (t_S + 2 t_T) as printed (m_o = m_i). [ours] Our write-back
  // rule (leaves_tile) stores m_o = t_S + 2 t_T - 2 per column (digest 2.2 [CHK]): the
  // two end points of the widest lower row and of each shrinking upper row but the last,
  // then the last row; with t_S = 1 the two ends of one row meet once, so one less.
  // A.14/A.19 (2D): t_S2 columns per sub-prism, m_i = t_S2 (t_S1 + 2 t_T).
  const double m_i = static_cast<double>(s.tS2 * (s.tS + 2 * s.tT));
  const double m_o = static_cast<double>(s.tS2 * (s.tS + 2 * s.tT - 2 - (s.tS == 1 ? 1 : 0)));
  r.m_io_words = (m_i + m_o) * s.words;
  // A.9 text: M_tile = 2 (w_tile + 2) = 2 (t_S + t_T) words (two time rows plus halo).
  // A.20 (2D): M_tile = 2 (t_S1 + t_T + 1)(t_S2 + t_T + 1) [T~].
  r.m_tile_words = s.words * (s.two_d ? 2.0 * static_cast<double>((s.tS + s.tT + 1) * (s.tS2 + s.tT + 1))
                                      : 2.0 * static_cast<double>(s.tS + s.tT));
  // B.4 V_tile = t_S2 t_T (2 t_S1 + t_T - 2) / 2 (1D: t_S2 = 1), the hexagon's area.
  r.v_tile = static_cast<double>(s.tS2 * s.half * (2 * s.tS + s.tT - 2));
}

// --- k (A.12) ---------------------------------------------------------------------------
void resident_tiles(Prediction& r, const Calibration& cal, int k_in) {
  // 1 <= k <= min(floor(R_SM / R_tile), floor(M_SM / M_tile)), k <= MTB_SM. The register
  // bound is not modelled (R_tile is unknown before compiling; the thesis names this as the
  // model's blind spot, A.7).
  const double m_tile_bytes = 4.0 * r.m_tile_words;
  if (m_tile_bytes > cal.m_block_bytes)
    r.note = "M_tile (" + std::to_string(static_cast<long long>(m_tile_bytes)) +
             " bytes) exceeds the shared memory one block may use (" +
             std::to_string(static_cast<long long>(cal.m_block_bytes)) + ")";
  if (k_in > 0) {
    r.k = k_in;
  } else {
    const double by_shared = std::floor(cal.m_sm_bytes / m_tile_bytes);
    r.k = static_cast<int>(std::max(1.0, std::min(by_shared, static_cast<double>(cal.mtb_sm))));
  }
}

// --- Time (A.9-A.18) --------------------------------------------------------------------
void time_model(Prediction& r, const Problem& p, std::int64_t steps, const Shape& s, double c_iter,
                const Calibration& cal, const HexTiling& hex) {
  // A.9 / A.15: m' = m_io L + 2 T_sync (one barrier after the load, one before the store).
  r.t_transfer = r.m_io_words * cal.l_word + 2.0 * cal.t_sync;
  // A.10 / A.16 [T~: the t_S2 factor from the 3D analogue A.28]:
  // c = 2 C_iter sum_{x = t_S, t_S+2, .., w_tile} ceil(x t_S2 / n_V) + t_T T_sync;
  // each row width occurs twice (lower and upper half), each row ends with a barrier.
  double vec_rows = 0;
  for (std::int64_t x = s.tS; x <= s.w_tile; x += 2) vec_rows += static_cast<double>(ceil_div(x * s.tS2, cal.n_v));
  r.t_compute = 2.0 * c_iter * vec_rows + static_cast<double>(s.tT) * cal.t_sync;
  const double busy = std::max(r.t_transfer, r.t_compute);
  const double nsp = static_cast<double>(r.subprisms);
  auto tile_time = [&](int k) {
    // 1D, A.11 (k = 1) and A.13: T_tile(k) = m' + c + (k - 1) max(m', c): the first read and
    // the last write do not overlap, the other k - 1 tiles' transfers hide behind compute.
    if (!s.two_d) return r.t_transfer + r.t_compute + (k - 1) * busy;
    // 2D, A.17 [T~]: T_prism = (m' + c) N_sp for k = 1, m' + k max(m', c) N_sp for k > 1.
    return k == 1 ? (r.t_transfer + r.t_compute) * nsp : r.t_transfer + k * busy * nsp;
  };
  r.t_tile = tile_time(r.k);
  // A.2: T_alg = sum_i (ceil(w(i) / (k n_SM)) T_tile(k) + T_sync'), the busiest SM of each
  // launch plus one launch/host synchronisation; with w(i) = w it is A.7 / A.18.
  // [ours] An SM cannot hold more tiles than the launch gives it: with w(i) < k n_SM the
  // busiest SM runs k_i = ceil(w(i) / n_SM) tiles, so T_tile(k_i) is charged, not T_tile(k).
  // The thesis' GPUs (16-24 SMs, hundreds of tiles per wavefront) never reached this case;
  // on 132 SMs a 2D wavefront often has fewer prisms than k n_SM and the printed form
  // (kept as time_as_printed) charges k prisms per SM that are not there.
  r.time = r.time_as_printed = 0;
  for (std::int64_t i = 0; i < hex.wavefronts(); ++i) {
    const std::int64_t w = hex.tiles(i);
    if (w == 0) continue;
    const int k_i = static_cast<int>(std::min<std::int64_t>(r.k, ceil_div(w, cal.n_sm)));
    r.time +=
        static_cast<double>(ceil_div(w, static_cast<std::int64_t>(k_i) * cal.n_sm)) * tile_time(k_i) + cal.t_launch;
    r.time_as_printed +=
        static_cast<double>(ceil_div(w, static_cast<std::int64_t>(r.k) * cal.n_sm)) * r.t_tile + cal.t_launch;
  }
  // 8.3: T_ideal = C_iter S1 S2 T / (n_SM n_V).
  r.time_ideal = c_iter * static_cast<double>(p.interior()) * static_cast<double>(steps) /
                 (static_cast<double>(cal.n_sm) * cal.n_v);
}

// --- Energy (B.2-B.6) -------------------------------------------------------------------
void energy_model(Prediction& r, const Shape& s, const StencilCost& cost, Precision prec, const Calibration& cal,
                  double measured_seconds) {
  // B.6: E_tile = e_gs M_io + u_sr e_sr V_tile + E_iter V_tile, E_iter = sum_j op_j e_j.
  // J2D: u_sr = 6 (5 shared loads + 1 store per point), E_iter = 4 e_add + 1 e_mul.
  // J1D: the thesis tiles J1D by time skewing with register subtiles (digest 4.2); our 1D
  // tiling is hexagonal and every point reads its 3 inputs from shared memory and stores
  // itself there, exactly like an HHC column, so the HHC form is used with u_sr = 4 and
  // E_iter = 2 e_add + 1 e_mul (the operations of jacobi1d_update).
  const bool f64 = prec == Precision::Float64;
  const double e_add = f64 ? cal.e_dadd : cal.e_fadd, e_mul = f64 ? cal.e_dmul : cal.e_fmul;
  const double u_sr = s.two_d ? 6.0 : 4.0;
  // Other 2D stencils: their own adds and multiplies (stencil_cost), the same 6 shared
  // accesses (they read the same five points).
  const double e_iter = s.two_d ? cost.adds * e_add + cost.muls * e_mul : 2.0 * e_add + e_mul;
  const double e_tile = cal.e_gs * r.m_io_words + u_sr * s.words * cal.e_sr * r.v_tile + e_iter * r.v_tile;
  // B.2: E = E_stat + E_dyn, E_stat = P_stat T (the measured time when given: the thesis
  // decouples the energy model from the time model), E_dyn = N_tiles E_tile.
  r.energy_dynamic = static_cast<double>(r.tiles) * e_tile;
  r.energy_static = cal.p_stat * (measured_seconds > 0 ? measured_seconds : r.time);
  r.energy = r.energy_static + r.energy_dynamic;
}

}  // namespace

std::optional<std::string> model_lacks(const Problem& p, Precision prec, const Calibration& cal) {
  if (p.dims != 3 || cal.c_iter_3d_of(p.stencil, prec) > 0) return std::nullopt;
  return "the 3D prediction needs " + Calibration::c_iter_3d_key(p.stencil, prec) + " (C_iter of " +
         to_string(p.stencil) + " 3D, " + to_string(prec) + ") in the calibration file, which lacks it";
}

namespace {
// 3D: the HHC slab model (jacobi_model3d.hpp, A.21-A.31) with the calibration's constants and
// the stencil's own 3D C_iter (no 2D value stands in). [ours] float64: 2 words per value, as
// in 2D, so L per value doubles and the shared memory holds half the values.
Prediction predict_3d(const Problem& p, std::int64_t steps, const Tuning& t, Precision prec, const Calibration& cal,
                      int k_in) {
  if (const auto why = model_lacks(p, prec, cal)) throw Error("model: " + *why);
  const double words = prec == Precision::Float64 ? 2.0 : 1.0;
  SlabMachine m;
  m.n_sm = cal.n_sm;
  m.n_v = cal.n_v;
  m.mtb_sm = cal.mtb_sm;
  m.m_sm_bytes = cal.m_sm_bytes / words;
  m.l_word = cal.l_word * words;
  m.t_sync = cal.t_sync;
  m.t_launch = cal.t_launch;
  m.c_iter = cal.c_iter_3d_of(p.stencil, prec);
  const SlabTile tile{t.t_T, t.t_S1, t.t_S2, t.t_S3, t.slab_split};  // [ours] split: jacobi_model3d.hpp
  const SlabPrediction s = predict_slabs(p.n1, p.n2, p.n3, steps, tile, m, k_in);
  Prediction r;
  r.wavefronts = s.wavefronts;
  r.tiles_per_wavefront = s.tiles_per_wavefront;
  r.subprisms = s.subslabs;
  const HexTiling hex{t.t_T, t.t_S1, p.n1, steps};
  std::int64_t hexagons = 0;
  for (std::int64_t i = 0; i < hex.wavefronts(); ++i) hexagons += hex.tiles(i);
  r.tiles = hexagons * s.subslabs;
  r.m_io_words = words * (slab_words_in(tile) + slab_words_out(tile));
  r.m_tile_words = words * s.tile_words;
  r.v_tile = s.v_tile;
  r.k = s.k;
  r.t_transfer = s.t_transfer;
  r.t_compute = s.t_compute;
  r.t_tile = s.t_slab;
  r.time = s.time;
  r.time_as_printed = s.time_as_printed;
  // 8.3 as in 2D: T_ideal = C_iter S1 S2 S3 T / (n_SM n_V).
  r.time_ideal =
      m.c_iter * static_cast<double>(p.interior()) * static_cast<double>(steps) / (static_cast<double>(m.n_sm) * m.n_v);
  r.energy_static = r.energy_dynamic = r.energy = Calibration::kNotMeasured;  // no 3D energy model
  r.c_iter = m.c_iter;
  r.c_iter_source = "calibration (" + to_string(p.stencil) + " 3D, measured)";
  const double m_tile_bytes = 4.0 * r.m_tile_words;
  if (m_tile_bytes > cal.m_block_bytes)
    r.note = "M_tile (" + std::to_string(static_cast<long long>(m_tile_bytes)) +
             " bytes) exceeds the shared memory one block may use (" +
             std::to_string(static_cast<long long>(cal.m_block_bytes)) + "); ";
  r.note += "3D: HHC slab model (A.21-A.31), no energy model";
  if (s.split.groups > 1)
    r.note += "; [ours] --slab-split: " + std::to_string(s.split.groups) + " groups of " +
              std::to_string(s.split.rows) + " S2 sub-slab rows, pipeline fill " + std::to_string(s.split.fill);
  return r;
}
}  // namespace

Prediction predict(const Problem& p, std::int64_t steps, const Tuning& t, Precision prec, const Calibration& cal,
                   int k_in, double measured_seconds) {
  if (const auto why = check_tiles(p, t)) throw Error("model: " + *why);
  if (p.dims == 3) {
    if (steps < 0) throw Error("model: steps = " + std::to_string(steps) + " must not be negative");
    return predict_3d(p, steps, t, prec, cal, k_in);
  }
  if (steps < 0) throw Error("model: steps = " + std::to_string(steps) + " must not be negative");
  if (cal.n_sm <= 0 || cal.n_v <= 0 || cal.mtb_sm <= 0)
    throw Error("model: calibration of '" + cal.device + "' has no n_sm, n_v or mtb_sm");
  const Shape s = shape_of(p, t, prec);
  const HexTiling hex{t.t_T, t.t_S1, p.n1, steps};
  Prediction r;
  geometry(r, p, t, s, hex);
  resident_tiles(r, cal, k_in);
  const double measured = s.two_d ? (prec == Precision::Float64 ? cal.c_iter_2d_f64 : cal.c_iter_2d)
                                  : (prec == Precision::Float64 ? cal.c_iter_1d_f64 : cal.c_iter_1d);
  const StencilCost cost = s.two_d ? stencil_cost(p.stencil) : StencilCost{};
  // The stencil's own C_iter where the calibration measured it, else Jacobi 2D's scaled by
  // the thesis' ratio (labelled).
  const double own = s.two_d && p.stencil != Stencil::Jacobi ? cal.c_iter_2d_of(p.stencil, prec) : measured;
  const bool scaled = !(own > 0);
  r.c_iter_scale = scaled ? cost.c_iter_ratio : 1.0;
  r.c_iter = scaled ? measured * cost.c_iter_ratio : own;
  r.c_iter_source = !scaled ? (p.stencil == Stencil::Jacobi ? "calibration"
                                                            : "calibration (" + to_string(p.stencil) + " 2D, measured)")
                            : "calibration's Jacobi 2D C_iter x " + format_one("%.3f", cost.c_iter_ratio) +
                                  " (thesis Table A.4, GTX 980: " + to_string(p.stencil) +
                                  " 2D / Jacobi 2D; not measured for this stencil)";
  std::string why =
      scaled && p.stencil != Stencil::Jacobi ? "C_iter scaled from Jacobi by the thesis' GTX 980 ratio" : "";
  if (*cost.unpriced) why += (why.empty() ? "" : "; ") + std::string(cost.unpriced);
  if (!why.empty()) r.note = r.note.empty() ? why : r.note + "; " + why;
  time_model(r, p, steps, s, r.c_iter, cal, hex);
  energy_model(r, s, cost, prec, cal, measured_seconds);
  return r;
}

}  // namespace hpcs::jacobi
