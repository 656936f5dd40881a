// SPDX-License-Identifier: BSD-3-Clause
// cuda/band: the skeleton with its band on one GPU (wavefront_band.cu) or split between two
// (wavefront_dual_band.cu, --gpu-count 2).
#pragma once
#include <memory>

#include "wavefront_variants.hpp"

namespace hpcs::wavefront::cuda {

// GPUs visible to this process (0 without a driver or device).
int cuda_device_count();

std::unique_ptr<Executor> make_cuda_band(const Inputs& in, const Tuning& t);
std::unique_ptr<Executor> make_cuda_dual_band(const Inputs& in, const Tuning& t);

}  // namespace hpcs::wavefront::cuda
