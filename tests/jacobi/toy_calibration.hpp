// SPDX-License-Identifier: BSD-3-Clause
// Toy model constants: round numbers so the hand arithmetic of the model tests stays readable.
#pragma once
#include "jacobi_calibration.hpp"

namespace hpcs::jacobi::testing_support {

inline Calibration toy() {
  Calibration c;
  c.device = "Toy GPU";
  c.measured_at = "by hand";
  // the device: SMs, vector width, shared memory per SM and block, registers, blocks per SM
  c.n_sm = 2, c.n_v = 4, c.m_sm_bytes = 1024, c.m_block_bytes = 512, c.r_sm = 65536, c.mtb_sm = 8;
  // seconds: a word from global memory, a barrier, a launch
  c.l_word = 1e-9, c.t_sync = 1e-8, c.t_launch = 1e-6;
  // seconds per update: 1D and 2D, float32 and float64
  c.c_iter_1d = 2e-9, c.c_iter_2d = 3e-9, c.c_iter_1d_f64 = 4e-9, c.c_iter_2d_f64 = 6e-9;
  // watts and joules: static power, global and shared accesses, float and double add/multiply
  c.p_stat = 10, c.e_gs = 1e-9, c.e_sr = 1e-10;
  c.e_fadd = 1e-11, c.e_fmul = 2e-11, c.e_dadd = 3e-11, c.e_dmul = 4e-11;
  return c;
}

}  // namespace hpcs::jacobi::testing_support
