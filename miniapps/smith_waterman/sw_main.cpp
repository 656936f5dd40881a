// SPDX-License-Identifier: BSD-3-Clause
// sw_miniapp: local alignment score, end and start of two long sequences (Smith-Waterman
// with affine gaps), traditional and multi-pass wavefronts, distributed over MPI ranks.
#include "hpcs/app_main.hpp"
#include "sw_app.hpp"

int main(int argc, char** argv) {
  return hpcs::app_main(argc, argv,
                        "Smith-Waterman local alignment (Gotoh affine gaps) with traditional and multi-pass "
                        "wavefronts, distributed over MPI ranks",
                        "sw_miniapp", hpcs::sw::default_options(), hpcs::sw::add_options, hpcs::sw::run);
}
