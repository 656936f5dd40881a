// SPDX-License-Identifier: BSD-3-Clause
// What the Jacobi mini-app reports beyond the common table: the model's constants and
// predictions (--model), the record's fields (rates, halo traffic, tiles), the detail and
// model tables, and the final grid file (--output-grid).
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/report/report.hpp"
#include "jacobi_calibration.hpp"
#include "jacobi_model.hpp"
#include "jacobi_trial.hpp"

namespace hpcs::jacobi {

// The model's constants, when --model, --sweep, --tune or --calibration asks for them.
struct CalibrationChoice {
  std::optional<Calibration> cal;
  std::string path, note;  // note: why there is none
};

// Collective: `path` (an error when unusable), else the file for this rank's device if there
// is one and every rank can use it (else a note).
CalibrationChoice choose_calibration(const MpiContext& mpi, const std::string& path);

// The record's fields of a run of `steps` steps: rates, halo traffic, tiles.
void add_run_fields(RunRecord& r, const RunFacts& f, std::int64_t steps);
// The model's prediction for the run (tiled runs), measured time and blocks per SM included:
// the record's "model", and its predicted time as the tuning table's column predicted_s.
Prediction add_model_fields(RunRecord& r, const RunFacts& f, std::int64_t steps, Precision prec, const Calibration& cal,
                            const nlohmann::json& details);

// Rate, norm, checksum and halo traffic per record; then, with --model, the predictions.
void print_run_details(std::ostream& os, const std::vector<RunRecord>& records);
void print_models(std::ostream& os, const std::vector<RunRecord>& records, const CalibrationChoice& cal);

// Collective: writes the final grid (own rows of every rank, the boundary rows from the
// input) of the run `record` to `path`, with its attributes and the run's metadata.
void write_final_grid(const MpiContext& mpi, const std::string& path, const GridSource& src, const Task& task,
                      std::int64_t steps, const InitialRows& input, const Result& grid, const RunRecord& record,
                      const nlohmann::json& meta);

}  // namespace hpcs::jacobi
