// SPDX-License-Identifier: BSD-3-Clause
// write_results: metadata and runs of a results file, in which unavailable (JSON null)
// values are absent, and JSON arrays and booleans as datasets and attributes. Every rank
// works in its own temporary directory and reads its own files with MPI_COMM_SELF.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "hpcs/io/h5.hpp"
#include "hpcs/report/results_file.hpp"
#include "hpcs/harness/run_report.hpp"
#include "hpcs/report/run_table.hpp"
#include "unit_test_util.hpp"

namespace {
namespace fs = std::filesystem;
using hpcs::unit::TempDir;

hpcs::RunRecord sample_record(const std::string& variant, double seconds) {
  hpcs::RunRecord r;
  r.app = "unit";
  r.variant = variant;
  r.backend = variant.substr(0, variant.find('/'));
  r.dtype = "float64";
  r.items = 1000;
  r.timings.warmup = 1;
  r.timings.wall = {seconds, seconds * 2, seconds * 3};
  r.timings.wall_stats = hpcs::summarize(r.timings.wall);
  r.bytes_per_rep = 8000;
  r.verification.status = "passed";
  r.verification.detail = "exact";
  return r;
}

// cpu/rk1 and cuda/rk2, the second with CPU package energy only: 10 J over 4 repetitions.
std::vector<hpcs::RunRecord> two_records() {
  std::vector<hpcs::RunRecord> records = {sample_record("cpu/rk1", 0.5), sample_record("cuda/rk2", 0.25)};
  records[1].energy = hpcs::EnergyRun{};
  records[1].energy->iterations = 4;
  records[1].energy->window.cpu_joules = 10.0;  // GPU energy unavailable (nullopt)
  return records;
}

TEST(ResultsFile, WritesMetadataAndRuns) {
  TempDir dir;
  const std::string path = dir.file("results.h5");
  std::vector<hpcs::RunRecord> records = two_records();
  records[1].step_speedup = 2.0;
  records[1].energy->window.seconds = 2.0;
  records[1].gpu_energy_source = "unavailable: test";
  records[1].extra = {{"sum", "42"}, {"tolerance", 1e-6}};
  const nlohmann::json metadata = {{"suite_version", "9.9.9"},
                                   {"ranks", 4},
                                   {"unknown", nullptr},
                                   {"params", {{"n", 1000}, {"missing", nullptr}}},
                                   {"hosts", {"a", "b"}}};
  hpcs::write_results(path, metadata, records);
  ASSERT_TRUE(fs::exists(path));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);

  hpcs::h5::Reader r(path, MPI_COMM_SELF);
  EXPECT_EQ(r.int_attribute("/", "schema_version"), std::optional<std::int64_t>(hpcs::kSchemaVersion));
  EXPECT_EQ(r.string_attribute("/", "suite_version"), std::optional<std::string>("9.9.9"));
  EXPECT_EQ(r.int_attribute("/", "ranks"), std::optional<std::int64_t>(4));
  EXPECT_EQ(r.int_attribute("/params", "n"), std::optional<std::int64_t>(1000));
  EXPECT_EQ(r.string_attribute("/hosts", "1"), std::optional<std::string>("b"));
  EXPECT_EQ(r.string_attribute("/runs/000", "variant"), std::optional<std::string>("cpu/rk1"));
  EXPECT_EQ(r.string_attribute("/runs/001", "variant"), std::optional<std::string>("cuda/rk2"));
  EXPECT_EQ(r.string_attribute("/runs/001/verification", "status"), std::optional<std::string>("passed"));
  EXPECT_EQ(r.double_attribute("/runs/001/energy", "cpu_j_per_rep"), std::optional<double>(2.5));
  EXPECT_EQ(r.string_attribute("/runs/001/energy", "gpu_source"), std::optional<std::string>("unavailable: test"));
  EXPECT_EQ(r.double_attribute("/runs/001", "step_speedup"), std::optional<double>(2.0));
  EXPECT_EQ(r.string_attribute("/runs/001/result", "sum"), std::optional<std::string>("42"));
  EXPECT_EQ(r.double_attribute("/runs/000/wall_s", "median"), std::optional<double>(1.0));
  ASSERT_TRUE(r.has_dataset("/runs/000/wall_samples_s"));
  EXPECT_EQ(r.dataset_info("/runs/000/wall_samples_s").dims, std::vector<std::uint64_t>{3});
  std::vector<double> wall(3);
  r.read_1d("/runs/000/wall_samples_s", 0, 3, wall.data());
  EXPECT_EQ(wall, (std::vector<double>{0.5, 1.0, 1.5}));

  // JSON nulls are absent, never written as 0.
  EXPECT_EQ(r.double_attribute("/", "unknown"), std::nullopt);
  EXPECT_EQ(r.double_attribute("/params", "missing"), std::nullopt);
  EXPECT_EQ(r.double_attribute("/runs/000", "step_speedup"), std::nullopt);
  EXPECT_EQ(r.double_attribute("/runs/000", "cumulative_speedup"), std::nullopt);
  EXPECT_EQ(r.double_attribute("/runs/001/energy", "gpu_j_per_rep"), std::nullopt);
  EXPECT_EQ(r.double_attribute("/runs/001/energy", "gpu_w"), std::nullopt);
  EXPECT_EQ(r.double_attribute("/runs/001/energy", "cpu_idle_w"), std::nullopt);
  EXPECT_EQ(r.double_attribute("/runs/000/device_s", "median"), std::nullopt);
}

// /runs_table: one compound element per run, the run-table columns (strings, int64, float64
// with NaN where not measured), read here member by member as h5py / pandas would.
TEST(ResultsFile, RunsAsOneCompoundTable) {
  TempDir dir;
  const std::string path = dir.file("table.h5");
  std::vector<hpcs::RunRecord> records = two_records();
  records[1].step = 2;
  hpcs::write_results(path, {{"git_revision", "abc1234"}, {"devices", {"cpu", "cpu"}}}, records);

  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(file, 0);
  const hid_t ds = H5Dopen2(file, "/runs_table", H5P_DEFAULT);
  ASSERT_GE(ds, 0);
  const hid_t space = H5Dget_space(ds);
  EXPECT_EQ(H5Sget_simple_extent_npoints(space), 2);
  const hid_t ftype = H5Dget_type(ds);
  ASSERT_EQ(H5Tget_class(ftype), H5T_COMPOUND);
  const auto& columns = hpcs::run_table_columns();
  ASSERT_EQ(H5Tget_nmembers(ftype), static_cast<int>(columns.size()));
  for (std::size_t k = 0; k < columns.size(); ++k) {
    char* name = H5Tget_member_name(ftype, static_cast<unsigned>(k));
    EXPECT_EQ(std::string(name), columns[k].name);
    H5free_memory(name);
  }
  const auto read_member = [&](const char* member, hid_t type, void* out, std::size_t size) {
    const hid_t t = H5Tcreate(H5T_COMPOUND, size);
    H5Tinsert(t, member, 0, type);
    EXPECT_GE(H5Dread(ds, t, H5S_ALL, H5S_ALL, H5P_DEFAULT, out), 0) << member;
    H5Tclose(t);
  };
  const hid_t str = H5Tcopy(H5T_C_S1);
  H5Tset_size(str, H5T_VARIABLE);
  H5Tset_cset(str, H5T_CSET_UTF8);
  char* variants[2] = {nullptr, nullptr};
  read_member("variant", str, variants, sizeof(char*));
  EXPECT_STREQ(variants[0], "cpu/rk1");
  EXPECT_STREQ(variants[1], "cuda/rk2");
  H5free_memory(variants[0]), H5free_memory(variants[1]);
  char* revisions[2] = {nullptr, nullptr};
  read_member("git_revision", str, revisions, sizeof(char*));
  EXPECT_STREQ(revisions[1], "abc1234");
  H5free_memory(revisions[0]), H5free_memory(revisions[1]);
  double time[2] = {0, 0}, joules[2] = {0, 0};
  read_member("time_s", H5T_NATIVE_DOUBLE, time, sizeof(double));
  EXPECT_EQ(time[0], 1.0);  // the wall median of 0.5, 1.0, 1.5
  EXPECT_EQ(time[1], 0.5);
  read_member("joules_per_rep", H5T_NATIVE_DOUBLE, joules, sizeof(double));
  EXPECT_TRUE(std::isnan(joules[0]));  // not measured: NaN, never 0
  EXPECT_EQ(joules[1], 2.5);
  std::int64_t steps[2] = {-1, -1};
  read_member("step", H5T_NATIVE_INT64, steps, sizeof(std::int64_t));
  EXPECT_EQ(steps[0], 0);
  EXPECT_EQ(steps[1], 2);
  H5Tclose(str), H5Tclose(ftype), H5Sclose(space), H5Dclose(ds), H5Fclose(file);
}

TEST(ResultsFile, WriteJsonArraysAndBooleans) {
  TempDir dir;
  const std::string path = dir.file("json.h5");
  {
    hpcs::h5::Writer w(path);
    hpcs::h5::Group root = w.root();
    hpcs::write_json(root, {{"flag", true}, {"numbers", {1, 2.5, 4}}, {"empty", nlohmann::json::array()}});
    w.commit();
  }
  hpcs::h5::Reader r(path, MPI_COMM_SELF);
  EXPECT_EQ(r.int_attribute("/", "flag"), std::optional<std::int64_t>(1));
  ASSERT_TRUE(r.has_dataset("numbers"));
  std::vector<double> v(3);
  r.read_1d("numbers", 0, 3, v.data());
  EXPECT_EQ(v, (std::vector<double>{1, 2.5, 4}));
  ASSERT_TRUE(r.has_dataset("empty"));
  EXPECT_EQ(r.dataset_info("empty").dims, std::vector<std::uint64_t>{0});
}

}  // namespace
