// SPDX-License-Identifier: BSD-3-Clause
// The CUDA variants of the Smith-Waterman mini-app (no CUDA types in this header).
#pragma once
#include <memory>

#include "sw_variant.hpp"

namespace hpcs::sw {

// Adds cuda/traditional (one launch per tile wavefront) and cuda/multipass (one launch).
void register_sw_cuda(VariantList& list);

std::unique_ptr<Aligner> make_cuda_traditional(const Tiling& t);
std::unique_ptr<Aligner> make_cuda_multipass(const Tiling& t);

}  // namespace hpcs::sw
