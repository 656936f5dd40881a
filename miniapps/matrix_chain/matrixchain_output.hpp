// SPDX-License-Identifier: BSD-3-Clause
// R as HDF5, on request (--output-result): one 2-D float64 dataset /R, each rank's rows
// streamed to rank 0 and written as they arrive (serial HDF5 suffices), with the run's
// metadata; written to a temporary name and renamed when complete.
#pragma once
#include <nlohmann/json.hpp>

#include <string>

#include "hpcs/parallel/mpi_context.hpp"
#include "matrixchain_result.hpp"

namespace hpcs::matrixchain {

// Collective; every rank throws the same error if writing fails (no file is then left).
void write_result_matrix(const MpiContext& mpi, const std::string& path, const Result& r, std::int64_t first_row,
                         const std::string& variant, const nlohmann::json& meta);

}  // namespace hpcs::matrixchain
