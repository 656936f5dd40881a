// SPDX-License-Identifier: BSD-3-Clause
// The run records as one table, the same columns for every app: written as CSV (--csv) and
// as the compound dataset /runs_table of the HDF5 results file (docs/output_format.md), so
// pandas.read_csv(FILE) and pandas.DataFrame(h5py.File(F)["runs_table"][()]) load a run set
// in one call. One definition of the columns serves both writers.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/report/report.hpp"

namespace hpcs {

enum class CellKind { Text, Integer, Real };

struct RunTableColumn {
  std::string name;
  CellKind kind;
};

struct RunTableCell {
  std::string text;            // Text
  std::int64_t integer = 0;    // Integer
  std::optional<double> real;  // Real; nullopt: not measured (empty in CSV, NaN in HDF5)
};

// What a row takes from the run as a whole.
struct RunTableContext {
  std::string device, git_revision, created_utc;
};

const std::vector<RunTableColumn>& run_table_columns();
std::vector<RunTableCell> run_table_row(const RunRecord& r, const RunTableContext& c);

namespace h5 {
class Group;
}
// Any table as the compound dataset `name` of `group`: one element per row, a member per
// column (Text: variable-length UTF-8, Integer: int64, Real: float64 with NaN for nullopt).
void write_compound_table(h5::Group& group, const std::string& name, const std::vector<RunTableColumn>& columns,
                          const std::vector<std::vector<RunTableCell>>& rows);
// The run table as the compound dataset `name` of `group` (one element per record).
void write_run_table(h5::Group& group, const std::string& name, const std::vector<RunRecord>& records,
                     const RunTableContext& context);

}  // namespace hpcs
