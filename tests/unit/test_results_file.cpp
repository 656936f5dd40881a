// SPDX-License-Identifier: BSD-3-Clause
// write_results: metadata and runs of a results file, in which unavailable (JSON null)
// values are absent, and JSON arrays and booleans as datasets and attributes. Every rank
// works in its own temporary directory and reads its own files with MPI_COMM_SELF.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <iterator>
#include <string>
#include <vector>

#include "hpcs/h5.hpp"
#include "hpcs/results_file.hpp"
#include "hpcs/run_report.hpp"
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

TEST(ResultsFile, WritesMetadataAndRuns) {
  TempDir dir;
  const std::string path = dir.file("results.h5");
  std::vector<hpcs::RunRecord> records = {sample_record("cpu/rk1", 0.5), sample_record("cuda/rk2", 0.25)};
  records[1].step_speedup = 2.0;
  records[1].energy = hpcs::EnergyRun{};
  records[1].energy->iterations = 4;
  records[1].energy->window.seconds = 2.0;
  records[1].energy->window.cpu_joules = 10.0;  // GPU energy unavailable (nullopt)
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
