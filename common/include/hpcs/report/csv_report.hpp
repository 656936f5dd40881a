// SPDX-License-Identifier: BSD-3-Clause
// --csv FILE: the run's records as one CSV table (a header row, one row per record), the
// columns every app shares (docs/output_format.md), for spreadsheets and pandas.read_csv.
#pragma once
#include <string>
#include <vector>

#include "hpcs/measure/provenance.hpp"
#include "hpcs/report/report.hpp"
#include "hpcs/report/run_table.hpp"

namespace hpcs {

// The column names, in order.
const std::vector<std::string>& csv_columns();

// Writes `path` (temporary name, renamed when complete; throws hpcs::Error naming the file).
void write_csv(const std::string& path, const std::vector<RunRecord>& records, const Provenance& prov);

// Any table (the tuning table) the same way: a header row of the column names, RFC 4180.
void write_csv_table(const std::string& path, const std::vector<RunTableColumn>& columns,
                     const std::vector<std::vector<RunTableCell>>& rows);

}  // namespace hpcs
