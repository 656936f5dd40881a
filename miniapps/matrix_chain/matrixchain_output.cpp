// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_output.hpp"

#include <optional>

#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/report/results_file.hpp"

namespace hpcs::matrixchain {

namespace {
class ResultWriter {
 public:
  ResultWriter(const std::string& path, std::int64_t rows, std::int64_t cols)
      : path_(path), cols_(cols), writer_(path) {
    const hsize_t dims[2] = {static_cast<hsize_t>(rows), static_cast<hsize_t>(cols)};
    h5::Id space(H5Screate_simple(2, dims, nullptr), H5Sclose);
    h5::Group root = writer_.root();
    ds_ = h5::Id(H5Dcreate2(root.id(), "R", H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                 H5Dclose);
    if (!ds_) throw Error(path + ": cannot create dataset '/R': " + h5::failure_cause());
  }
  void write_rows(std::int64_t row0, std::int64_t rows, const double* v) {
    if (rows == 0) return;
    const hsize_t start[2] = {static_cast<hsize_t>(row0), 0},
                  count[2] = {static_cast<hsize_t>(rows), static_cast<hsize_t>(cols_)};
    h5::Id file_space(H5Dget_space(ds_.get()), H5Sclose);
    h5::Id mem_space(H5Screate_simple(2, count, nullptr), H5Sclose);
    if (H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, start, nullptr, count, nullptr) < 0 ||
        H5Dwrite(ds_.get(), H5T_NATIVE_DOUBLE, mem_space.get(), file_space.get(), H5P_DEFAULT, v) < 0)
      throw Error(path_ + ": cannot write rows " + std::to_string(row0) + ".." + std::to_string(row0 + rows - 1) +
                  " of '/R': " + h5::failure_cause());
  }
  void finish(const nlohmann::json& meta, const std::string& variant) {
    h5::Group root = writer_.root();
    write_json(root, meta);
    root.attribute("variant", variant);
    ds_.reset();
    writer_.commit();
  }

 private:
  std::string path_;
  std::int64_t cols_;
  h5::Writer writer_;
  h5::Id ds_;
};
}  // namespace

void write_result_matrix(const MpiContext& mpi, const std::string& path, const Result& r, std::int64_t first_row,
                         const std::string& variant, const nlohmann::json& meta) {
  std::optional<ResultWriter> writer;
  collective(mpi, [&] {
    if (mpi.root()) writer.emplace(path, r.rows, r.cols);
  });
  // rank by rank: each sends its first row and row count, then its rows in pieces below 2^31 values
  std::optional<std::string> error;
  const std::int64_t mine[2] = {first_row, r.cols > 0 ? static_cast<std::int64_t>(r.r.size()) / r.cols : 0};
  const std::int64_t piece_rows =
      std::max<std::int64_t>(1, (std::int64_t{1} << 28) / std::max<std::int64_t>(r.cols, 1));
  for (int src = 0; src < mpi.size(); ++src) {
    std::int64_t band[2] = {mine[0], mine[1]};
    if (src != 0) {
      if (mpi.rank() == src) MPI_Send(mine, 2, MPI_INT64_T, 0, 0, mpi.comm());
      if (mpi.root()) MPI_Recv(band, 2, MPI_INT64_T, src, 0, mpi.comm(), MPI_STATUS_IGNORE);
    }
    std::vector<double> buffer;
    for (std::int64_t done = 0; done < band[1]; done += piece_rows) {
      const std::int64_t rows = std::min(piece_rows, band[1] - done);
      const double* values = r.r.data() + done * r.cols;
      if (src != 0) {
        const int count = static_cast<int>(rows * r.cols);
        if (mpi.rank() == src) MPI_Send(values, count, MPI_DOUBLE, 0, 1, mpi.comm());
        if (mpi.root()) {
          buffer.resize(static_cast<std::size_t>(count));
          MPI_Recv(buffer.data(), count, MPI_DOUBLE, src, 1, mpi.comm(), MPI_STATUS_IGNORE);
          values = buffer.data();
        }
      }
      if (mpi.root() && !error) {
        try {
          writer->write_rows(band[0] + done, rows, values);
        } catch (const std::exception& e) {
          error = e.what();  // keep receiving so no rank waits forever
        }
      }
    }
  }
  mpi.agree(error);
  collective(mpi, [&] {
    if (mpi.root()) writer->finish(meta, variant);
  });
}

}  // namespace hpcs::matrixchain
