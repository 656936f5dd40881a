// SPDX-License-Identifier: BSD-3-Clause
// Writing grids as HDF5 in the input layout (jacobi_input.hpp), so a final grid can be
// the next run's input: one dataset (rank 1, 2 or 3, float32/float64, boundary included),
// written block by block as hyperslabs into a temporary file that commit() renames into
// place (nothing is left behind when anything fails first).
#pragma once
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "hpcs/io/h5.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "jacobi_problem.hpp"

namespace hpcs::jacobi {

class GridWriter {
 public:
  GridWriter(const std::string& path, const Problem& p, Precision prec, const std::string& dataset = "/grid");
  // Rows [row0, row0 + rows) of the grid (rows x cols() values), converted to the file's type.
  template <class Real>
  void write_rows(std::int64_t row0, std::int64_t rows, const Real* values);
  // Scalars of `grid` become attributes of the dataset (objects are stored as JSON text);
  // `file` goes to the root group (write_json: objects become groups).
  void attributes(const nlohmann::json& grid, const nlohmann::json& file);
  void commit();

 private:
  std::string path_, dataset_;
  Problem problem_;
  h5::Writer writer_;
  h5::Id ds_;
};

// Collective: writes the global grid to `path`, each rank contributing its rows
// [row0, row0 + rows) (rank order, covering every row once); rank 0 writes them as they
// arrive, so serial HDF5 suffices and no rank holds more than its own block plus one.
// Every rank throws the same error if writing fails; the file is then not created.
template <class Real>
void write_grid_distributed(const MpiContext& mpi, const std::string& path, const Problem& global, Precision prec,
                            std::int64_t row0, std::int64_t rows, const Real* values, const nlohmann::json& grid_attrs,
                            const nlohmann::json& file_attrs);

}  // namespace hpcs::jacobi
