// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_output.hpp"

#include <optional>
#include <type_traits>

#include "hpcs/base/error.hpp"
#include "hpcs/report/results_file.hpp"
#include "jacobi_distributed.hpp"

namespace hpcs::jacobi {

GridWriter::GridWriter(const std::string& path, const Problem& p, Precision prec, const std::string& dataset)
    : path_(path), dataset_(dataset), problem_(p), writer_(path) {
  const hsize_t dims[3] = {static_cast<hsize_t>(p.rows()), static_cast<hsize_t>(p.dims == 3 ? p.n2 + 2 : p.cols()),
                           static_cast<hsize_t>(p.pitch())};
  h5::Id space(H5Screate_simple(p.dims, dims, nullptr), H5Sclose);
  h5::Id lcpl(H5Pcreate(H5P_LINK_CREATE), H5Pclose);
  H5Pset_create_intermediate_group(lcpl.get(), 1);  // --dataset /a/b/grid
  h5::Group root = writer_.root();
  const hid_t type = prec == Precision::Float32 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE;
  ds_ =
      h5::Id(H5Dcreate2(root.id(), dataset.c_str(), type, space.get(), lcpl.get(), H5P_DEFAULT, H5P_DEFAULT), H5Dclose);
  if (!ds_) throw Error(path + ": cannot create dataset '" + dataset + "': " + h5::failure_cause());
}

template <class Real>
void GridWriter::write_rows(std::int64_t row0, std::int64_t rows, const Real* values) {
  if (rows == 0) return;
  // Whole rows: 3D rows are S1 planes of (n2 + 2) x (n3 + 2).
  const bool three = problem_.dims == 3;
  const hsize_t start[3] = {static_cast<hsize_t>(row0), 0, 0};
  const hsize_t count[3] = {static_cast<hsize_t>(rows), static_cast<hsize_t>(three ? problem_.n2 + 2 : problem_.cols()),
                            static_cast<hsize_t>(problem_.pitch())};
  h5::Id file_space(H5Dget_space(ds_.get()), H5Sclose);
  h5::Id mem_space(H5Screate_simple(problem_.dims, count, nullptr), H5Sclose);
  const hid_t mem_type = std::is_same_v<Real, float> ? H5T_NATIVE_FLOAT : H5T_NATIVE_DOUBLE;
  if (H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, start, nullptr, count, nullptr) < 0 ||
      H5Dwrite(ds_.get(), mem_type, mem_space.get(), file_space.get(), H5P_DEFAULT, values) < 0)
    throw Error(path_ + ": cannot write rows " + std::to_string(row0) + ".." + std::to_string(row0 + rows - 1) +
                " of '" + dataset_ + "': " + h5::failure_cause());
}

void GridWriter::attributes(const nlohmann::json& grid, const nlohmann::json& file) {
  h5::Group root = writer_.root();
  write_json(root, file);
  h5::Id again(H5Dopen2(root.id(), dataset_.c_str(), H5P_DEFAULT), H5Dclose);
  h5::Group ds(std::move(again), path_ + ":" + dataset_);
  nlohmann::json flat = nlohmann::json::object();
  for (auto it = grid.begin(); it != grid.end(); ++it)
    flat[it.key()] = it.value().is_structured() ? nlohmann::json(it.value().dump()) : it.value();
  write_json(ds, flat);
}

void GridWriter::commit() {
  ds_.reset();
  writer_.commit();
}

template <class Real>
void write_grid_distributed(const MpiContext& mpi, const std::string& path, const Problem& global, Precision prec,
                            std::int64_t row0, std::int64_t rows, const Real* values, const nlohmann::json& grid_attrs,
                            const nlohmann::json& file_attrs) {
  std::optional<GridWriter> writer;
  collective(mpi, [&] {
    if (mpi.root()) writer.emplace(path, global, prec);
  });
  stream_rows_to_root<Real>(mpi, row0, rows, global.cols(), values,
                            [&](std::int64_t r0, std::int64_t n, const Real* v) { writer->write_rows(r0, n, v); });
  collective(mpi, [&] {
    if (!mpi.root()) return;
    writer->attributes(grid_attrs, file_attrs);
    writer->commit();
  });
}

template void GridWriter::write_rows<float>(std::int64_t, std::int64_t, const float*);
template void GridWriter::write_rows<double>(std::int64_t, std::int64_t, const double*);
template void write_grid_distributed<float>(const MpiContext&, const std::string&, const Problem&, Precision,
                                            std::int64_t, std::int64_t, const float*, const nlohmann::json&,
                                            const nlohmann::json&);
template void write_grid_distributed<double>(const MpiContext&, const std::string&, const Problem&, Precision,
                                             std::int64_t, std::int64_t, const double*, const nlohmann::json&,
                                             const nlohmann::json&);

}  // namespace hpcs::jacobi
