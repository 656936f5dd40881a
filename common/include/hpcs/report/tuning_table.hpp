// SPDX-License-Identifier: BSD-3-Clause
// The tuning table (--tune-table FILE.csv, and /tuning_table of the HDF5 results): one row
// per measured point, with the instance's features, the tunables and their model
// coordinates, the time, the rate and the energy. Columns: variant, source, model_class,
// feature columns, one column per tunable and one "<tunable>_coord" each, then config,
// time_s, time_min_s, rate, rate_unit, joules_per_rep, verification, then the app's own
// columns: the values of a record's "tuning_columns" object (Jacobi's model-predicted time),
// empty where a record has none. Records without a "tuning" field (variants with no
// tunables) are rows too, their tunables empty.
#pragma once
#include <string>
#include <vector>

#include "hpcs/report/report.hpp"
#include "hpcs/report/run_table.hpp"

namespace hpcs {

struct Table {
  std::vector<RunTableColumn> columns;
  std::vector<std::vector<RunTableCell>> rows;
};

Table tuning_table(const std::vector<RunRecord>& records);
// Whether any record was tuned (a table worth writing into the results file).
bool has_tuning(const std::vector<RunRecord>& records);

}  // namespace hpcs
