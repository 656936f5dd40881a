// SPDX-License-Identifier: BSD-3-Clause
// Jacobi inputs and outputs: generated values, grid files written and read back by
// hyperslab blocks (with type conversion), and every bad file or size rejected with a
// one-line message naming the file and the problem; a failed write leaves nothing.
#include <gtest/gtest.h>
#include <hdf5.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>

#include "expect_error.hpp"
#include "hpcs/base/error.hpp"
#include "jacobi_input.hpp"
#include "jacobi_output.hpp"
#include "mpi_test_context.hpp"

namespace hpcs::jacobi {
namespace {
namespace fs = std::filesystem;
using hpcs::testing::expect_error;

class JacobiInputs : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("jacobi_inputs_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  // A raw HDF5 file with one dataset (what other tools might write).
  std::string raw(const std::string& name, hid_t type, std::vector<hsize_t> dims, const void* data) {
    const std::string p = path(name);
    const hid_t f = H5Fcreate(p.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    const hid_t s =
        dims.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr);
    const hid_t d = H5Dcreate2(f, "grid", type, s, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    H5Dwrite(d, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data);
    H5Dclose(d);
    H5Sclose(s);
    H5Fclose(f);
    return p;
  }

  fs::path dir_;
};

TEST_F(JacobiInputs, GeneratedValuesAreDeterministicUniformAndIndependentOfTheRows) {
  GridSource s;
  s.problem = generated_problem(2, std::nullopt, 10, 6);
  EXPECT_EQ(s.problem.n1, 6);
  EXPECT_EQ(s.problem.n2, 10);
  double lo = 1, hi = -1, sum = 0;
  for (std::int64_t i = 0; i < s.problem.rows(); ++i)
    for (std::int64_t j = 0; j < s.problem.cols(); ++j) {
      const double v = generated_value(s, i, j);
      EXPECT_EQ(v, generated_value(s, i, j));
      lo = std::min(lo, v);
      hi = std::max(hi, v);
      sum += v;
    }
  EXPECT_GE(lo, -1.0);
  EXPECT_LT(hi, 1.0);
  EXPECT_LT(lo, -0.5);  // 96 draws spread over the range
  EXPECT_GT(hi, 0.5);
  GridSource other = s;
  other.seed = 43;
  EXPECT_NE(generated_value(s, 3, 4), generated_value(other, 3, 4));
  // Rows loaded for a rank are the same values whatever block they come in.
  const auto all = load_rows<double>(hpcs::testing::mpi(), s, 0, s.problem.rows());
  const auto part = load_rows<double>(hpcs::testing::mpi(), s, 3, 2);
  for (std::size_t k = 0; k < part.size(); ++k)
    EXPECT_EQ(part[k], all[static_cast<std::size_t>(3 * s.problem.cols()) + k]);
  GridSource hot = s;
  hot.pattern = Pattern::HotEdge;
  EXPECT_EQ(generated_value(hot, 0, 5), 1.0);
  EXPECT_EQ(generated_value(hot, 1, 0), 0.0);
  EXPECT_EQ(generated_value(hot, 7, 5), 0.0);
}

TEST_F(JacobiInputs, GeneratedSizesAndDefaults) {
  EXPECT_EQ(generated_problem(1, std::nullopt, std::nullopt, std::nullopt).n1, 131072);
  const Problem d2 = generated_problem(2, std::nullopt, std::nullopt, std::nullopt);
  EXPECT_EQ(d2.n1, 384);
  EXPECT_EQ(d2.n2, 512);
  const Problem both = generated_problem(2, 100, std::nullopt, 7);
  EXPECT_EQ(both.n1, 7);
  EXPECT_EQ(both.n2, 100);
  expect_error([] { generated_problem(2, std::nullopt, 0, 5); }, "--nx 0: a grid needs at least one interior point");
  expect_error([] { generated_problem(1, -3, std::nullopt, std::nullopt); }, "--n -3:");
  expect_error([] { generated_problem(1, 5, 4, std::nullopt); }, "--nx/--ny are for --dims 2");
  expect_error([] { generated_problem(2, std::nullopt, std::int64_t{1} << 40, std::int64_t{1} << 40); },
               "absurd grid size");
  expect_error([] { check_grid_memory(std::int64_t{1} << 46, 8, 5, "--n 70368744177664"); },
               "--n 70368744177664 needs");
}

// 3D: --nx is S3 (contiguous), --ny S2, --nz S1 (split over ranks), as x is contiguous in 2D.
TEST_F(JacobiInputs, Generated3DSizesAndDefaults) {
  const Problem d3 = generated_problem(3, std::nullopt, std::nullopt, std::nullopt, std::nullopt);
  EXPECT_EQ(d3.dims, 3);
  EXPECT_EQ(d3.n1, 64);
  EXPECT_EQ(d3.n2, 64);
  EXPECT_EQ(d3.n3, 64);
  const Problem p = generated_problem(3, 10, 7, std::nullopt, 3);
  EXPECT_EQ(p.n1, 3);
  EXPECT_EQ(p.n2, 10);
  EXPECT_EQ(p.n3, 7);
  EXPECT_EQ(p.cols(), 12 * 9);
  EXPECT_EQ(p.interior(), 3 * 10 * 7);
  expect_error([] { generated_problem(3, std::nullopt, 4, 5, 0); }, "--nz 0: a grid needs at least one interior point");
  expect_error([] { generated_problem(3, std::nullopt, 4, 0, 6); }, "--ny 0: a grid needs");
  expect_error([] { generated_problem(2, std::nullopt, 4, 5, 6); }, "--nz is for --dims 3");
  expect_error([] { generated_problem(1, 5, std::nullopt, std::nullopt, 6); }, "--nz is for --dims 3");
  expect_error([] { generated_problem(4, 5, std::nullopt, std::nullopt); }, "--dims 4: expected 1, 2 or 3");
  expect_error([] { generated_problem(3, std::int64_t{1} << 20, std::nullopt, std::nullopt); },
               "--nx 1048576 --ny 1048576 --nz 1048576: absurd grid size");
}

TEST_F(JacobiInputs, GridFilesRoundTripByHyperslabRowsWithConversion) {
  for (int dims : {1, 2, 3}) {
    Problem p;
    p.dims = dims;
    p.n1 = 9;
    p.n2 = dims == 1 ? 1 : 4;
    p.n3 = dims == 3 ? 5 : 1;
    std::vector<double> grid(static_cast<std::size_t>(p.stored()));
    for (std::size_t k = 0; k < grid.size(); ++k) grid[k] = 0.1 * static_cast<double>(k) - 1.0;
    const std::string file = path("grid" + std::to_string(dims) + ".h5");
    GridWriter w(file, p, Precision::Float64, "/data/g");
    w.write_rows(0, 4, grid.data());  // two blocks, as ranks deliver them
    w.write_rows(4, p.rows() - 4, grid.data() + 4 * p.cols());
    w.attributes({{"steps", 3}, {"provenance", {{"a", 1}}}}, {{"miniapp", "jacobi"}});
    w.commit();
    const GridSource s = inspect_grid_file(hpcs::testing::mpi(), file, "/data/g");
    EXPECT_EQ(s.problem.dims, dims);
    EXPECT_EQ(s.problem.n1, 9);
    EXPECT_EQ(s.problem.n2, p.n2);
    EXPECT_EQ(s.problem.n3, p.n3);
    EXPECT_EQ(s.precision, Precision::Float64);
    const auto rows = load_rows<float>(hpcs::testing::mpi(), s, 5, 3);
    ASSERT_EQ(rows.size(), static_cast<std::size_t>(3 * p.cols()));
    for (std::size_t k = 0; k < rows.size(); ++k)
      EXPECT_EQ(rows[k], static_cast<float>(grid[static_cast<std::size_t>(5 * p.cols()) + k]));
    EXPECT_TRUE(load_rows<double>(hpcs::testing::mpi(), s, 2, 0).empty());  // a rank with nothing to read
  }
}

TEST_F(JacobiInputs, BadFilesAreRejectedNamingFileAndProblem) {
  const auto& mpi = hpcs::testing::mpi();
  const std::vector<float> f(128, 0.0f);
  const std::vector<std::int32_t> ints(64, 0);
  expect_error([&] { inspect_grid_file(mpi, path("missing.h5"), "/grid"); }, "missing.h5: no such file");
  const std::string ok = raw("ok.h5", H5T_NATIVE_FLOAT, {4, 5}, f.data());
  expect_error([&] { inspect_grid_file(mpi, ok, "/nope"); }, "ok.h5: no dataset '/nope'");
  const std::string r4 = raw("r4.h5", H5T_NATIVE_FLOAT, {3, 3, 3, 3}, f.data());
  expect_error([&] { inspect_grid_file(mpi, r4, "/grid"); },
               "r4.h5: dataset '/grid' has 4 dimensions; expected 1 (Jacobi 1D line), 2 (2D grid) or 3 (3D grid)");
  const std::string thin3 = raw("thin3.h5", H5T_NATIVE_FLOAT, {3, 2, 4}, f.data());
  expect_error([&] { inspect_grid_file(mpi, thin3, "/grid"); },
               "thin3.h5: dataset '/grid' is 3 x 2 x 4: a grid needs at least 3 points");
  std::vector<double> nan3(3 * 4 * 5, 0.5);
  nan3[2 * 20 + 1 * 5 + 3] = std::nan("");
  const GridSource s3 = inspect_grid_file(mpi, raw("nan3.h5", H5T_NATIVE_DOUBLE, {3, 4, 5}, nan3.data()), "/grid");
  EXPECT_EQ(s3.problem.dims, 3);
  EXPECT_EQ(s3.problem.n3, 3);
  expect_error([&] { load_rows<double>(mpi, s3, 0, 3); },
               "nan3.h5: dataset '/grid' holds a value that is not finite "
               "in float64 (NaN or infinite) at point (2, 1, 3)");
  const float one = 0;
  const std::string r0 = raw("r0.h5", H5T_NATIVE_FLOAT, {}, &one);
  expect_error([&] { inspect_grid_file(mpi, r0, "/grid"); }, "r0.h5: dataset '/grid' has 0 dimensions");
  const std::string i32 = raw("i32.h5", H5T_NATIVE_INT32, {4, 5}, ints.data());
  expect_error([&] { inspect_grid_file(mpi, i32, "/grid"); },
               "i32.h5: dataset '/grid' holds int32; expected float32 or float64");
  const std::string thin = raw("thin.h5", H5T_NATIVE_FLOAT, {2, 5}, f.data());
  expect_error([&] { inspect_grid_file(mpi, thin, "/grid"); },
               "thin.h5: dataset '/grid' is 2 x 5: a grid needs at least 3 points");
  const std::string line2 = raw("line2.h5", H5T_NATIVE_DOUBLE, {2}, f.data());
  expect_error([&] { inspect_grid_file(mpi, line2, "/grid"); },
               "line2.h5: dataset '/grid' is 2: a grid needs at least 3");
  const GridSource good = inspect_grid_file(mpi, ok, "/grid");
  EXPECT_EQ(good.problem.n1, 2);
  EXPECT_EQ(good.problem.n2, 3);
  EXPECT_EQ(good.precision, Precision::Float32);
}

TEST_F(JacobiInputs, FailedWritesLeaveNothingBehind) {
  Problem p;
  p.dims = 2;
  p.n1 = 3;
  p.n2 = 3;
  expect_error([&] { GridWriter w(path("no_dir/x.h5"), p, Precision::Float32); }, "no_dir/x.h5: cannot write");
  {
    GridWriter w(path("abandoned.h5"), p, Precision::Float32);
    const std::vector<float> row(5, 1.0f);
    w.write_rows(0, 1, row.data());
  }  // no commit: an error happened before the grid was complete
  for (const auto& e : fs::directory_iterator(dir_)) ADD_FAILURE() << "left behind: " << e.path();
}

}  // namespace
}  // namespace hpcs::jacobi
