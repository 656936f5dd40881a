// SPDX-License-Identifier: BSD-3-Clause
// Sequences in HDF5 pair files (Smith-Waterman's /a and /b, which the wavefront reads too):
// a sequence is a 1-D dataset of uint8 letter codes.
#pragma once
#include <cstdint>
#include <string>

#include "hpcs/io/h5.hpp"

namespace hpcs {

// The length of sequence dataset `name` of `r`; hpcs::Error "<file>: dataset '<name>' has 2
// dimensions; expected a 1-D sequence" or "... holds int32; expected uint8 letter codes".
std::int64_t sequence_dataset_length(const h5::Reader& r, const std::string& name);

}  // namespace hpcs
