// SPDX-License-Identifier: BSD-3-Clause
// The row pump of cuda/multipass: the host loop between the running kernel's mapped rows
// and the MPI RowLink.
#pragma once
#include <cstdint>

#include "sw_mapped_rows.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw::cuda {

// While the kernel runs (on the default stream): moves the row above from `link` into
// `above` as it arrives, and the block's last row from `below` out to the rank below as
// the kernel publishes it, until the kernel is done and all `cols` columns are sent. A
// null `above` or `below`: no rank there. Throws if the kernel ends before publishing
// its last row.
void pump_rows(RowLink& link, MappedRows* above, MappedRows* below, std::int64_t cols);

}  // namespace hpcs::sw::cuda
