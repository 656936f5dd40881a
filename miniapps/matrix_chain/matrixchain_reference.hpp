// SPDX-License-Identifier: BSD-3-Clause
// The ground truth: the chain multiplied in float64 in the op-count order (OpTree), with
// CBLAS dgemm (Debian's OpenBLAS) where the build found it and plain loops otherwise.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain {

// This rank's rows x P[n] of A1 .. An (of |A1| .. |An| with `absolute`: the scale the
// rounding error of any summation order is bounded by).
std::vector<double> reference_product(const ChainData& in, bool absolute = false);

// C (m x n) = A (m x k) B (k x n), row-major, float64.
void reference_gemm(std::int64_t m, std::int64_t n, std::int64_t k, const double* a, const double* b, double* c);

std::string reference_library();  // "OpenBLAS cblas_dgemm" or "loops"

std::unique_ptr<Executor> make_cpu_reference();

}  // namespace hpcs::matrixchain
