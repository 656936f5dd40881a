// SPDX-License-Identifier: BSD-3-Clause
// Factories of the CUDA aligners (no CUDA types in this header); sw_cuda.cpp registers them.
#pragma once
#include <memory>

#include "sw_variants.hpp"

namespace hpcs::sw::cuda {

std::unique_ptr<Aligner> make_cuda_traditional(const Tuning& t);  // one launch per tile wavefront
std::unique_ptr<Aligner> make_cuda_multipass(const Tuning& t);    // one launch

}  // namespace hpcs::sw::cuda
