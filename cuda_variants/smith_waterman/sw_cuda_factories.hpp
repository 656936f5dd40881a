// SPDX-License-Identifier: BSD-3-Clause
// Factories of the CUDA aligners (no CUDA types in this header); sw_cuda.cpp registers them.
#pragma once
#include <memory>

#include "sw_variants.hpp"

namespace hpcs::sw::cuda {

std::unique_ptr<Aligner> make_cuda_traditional(const Tuning& t);  // one launch per tile wavefront
std::unique_ptr<Aligner> make_cuda_multipass(const Tuning& t);    // one launch
std::unique_ptr<Aligner> make_cuda_multipass16(const Tuning& t);  // one launch, two cells per 16x2 instruction

}  // namespace hpcs::sw::cuda
