// SPDX-License-Identifier: BSD-3-Clause
// The harness's calibration files (hpcs/io/calibration_file.hpp): lookup by device,
// reading with one error line naming the file (and the key), checked fields, optional keys.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <string>

#include "expect_error.hpp"
#include "hpcs/io/calibration_file.hpp"
#include "unit_test_util.hpp"

namespace hpcs {
namespace {
using testing::error_message;
using testing::expect_error;
namespace field = calibration_field;

std::string write(const unit::TempDir& dir, const std::string& name, const std::string& text) {
  const std::string path = dir.file(name);
  std::ofstream(path) << text;
  return path;
}

TEST(CalibrationFile, SlugsAndLookup) {
  EXPECT_EQ(calibration_slug("NVIDIA H200"), "nvidia_h200");
  EXPECT_EQ(calibration_slug("NVIDIA H100 80GB HBM3"), "nvidia_h100_80gb_hbm3");
  EXPECT_FALSE(find_calibration_for("No Such GPU 9000").has_value());
  EXPECT_FALSE(find_calibration_for("").has_value());
  EXPECT_FALSE(find_calibration_for(" - ").has_value());  // an empty slug never names a file
}

TEST(CalibrationFile, ReadsAnObjectAndSkipsAByteOrderMark) {
  unit::TempDir dir;
  const std::string path = write(dir, "bom.json", "\xEF\xBB\xBF{\"device\": \"X\", \"p_stat\": 60.5}");
  const nlohmann::json j = read_calibration_json(path);
  EXPECT_EQ(field::text(j, "device"), "X");
  EXPECT_EQ(field::energy(j, "p_stat"), 60.5);
  // read_calibration_file hands the object to the app's parser and returns its value.
  EXPECT_EQ(read_calibration_file(path, [](const nlohmann::json& o) { return field::positive(o, "p_stat"); }), 60.5);
}

TEST(CalibrationFile, ErrorsNameTheFile) {
  unit::TempDir dir;
  const std::string missing = dir.file("no_such.json");
  expect_error([&] { read_calibration_json(missing); }, "calibration file '" + missing + "': cannot open");
  expect_error([&] { read_calibration_json(write(dir, "bad.json", "{ \"device\": ")); }, "bad.json': not valid JSON");
  expect_error([&] { read_calibration_json(write(dir, "list.json", "[1, 2]")); },
               "list.json': the top level must be a JSON object, not array");
  expect_error([&] { read_calibration_json(dir.path().string()); }, "is a directory");
  // A parser's error about a key follows the file's name: one line naming both.
  const std::string typed = write(dir, "typed.json", "{\"e_ls\": \"lots\"}");
  expect_error([&] { read_calibration_file(typed, [](const nlohmann::json& j) { return field::energy(j, "e_ls"); }); },
               "calibration file '" + typed + "': key 'e_ls' must be a number or null, not \"lots\"");
}

TEST(CalibrationFile, CheckedFields) {
  const nlohmann::json j = {{"device", 7},        {"n_sm", 132}, {"n_big", 1e12},   {"neg", -1},
                            {"half", 0.5},        {"zero", 0},   {"null", nullptr}, {"small_negative", -2e-12},
                            {"word", "a string"}, {"flag", true}};
  expect_error([&] { field::text(j, "device"); }, "key 'device' must be a string, not 7");
  expect_error([&] { field::text(j, "absent"); }, "missing key 'absent'");
  EXPECT_EQ(field::positive_int(j, "n_sm"), 132);
  expect_error([&] { field::positive_int(j, "half"); }, "key 'half' must be a positive integer");
  expect_error([&] { field::positive_int(j, "n_big"); }, "must be a positive integer");
  expect_error([&] { field::positive_int(j, "neg"); }, "must be a positive integer");
  EXPECT_EQ(field::positive(j, "half"), 0.5);
  expect_error([&] { field::positive(j, "zero"); }, "key 'zero' must be a positive number, not 0");
  expect_error([&] { field::positive(j, "word"); }, "must be a positive number");
  // Energies: a number (slightly negative kept: below the noise of P_stat x t), null = NaN.
  EXPECT_EQ(field::energy(j, "small_negative"), -2e-12);
  EXPECT_TRUE(std::isnan(field::energy(j, "null")));
  expect_error([&] { field::energy(j, "flag"); }, "key 'flag' must be a number or null, not true");
  expect_error([&] { field::energy(j, "absent"); }, "missing key 'absent'");
}

TEST(CalibrationFile, OptionalKeysMayBeAbsentButNotWrong) {
  const nlohmann::json older = {{"device", "NVIDIA H200"}, {"e_gs", 1e-9}};  // a file from before e_ls existed
  EXPECT_TRUE(std::isnan(field::optional_energy(older, "e_ls")));
  EXPECT_EQ(field::optional_energy(older, "e_gs"), 1e-9);
  const nlohmann::json wrong = {{"e_ls", "1e-10"}};
  expect_error([&] { field::optional_energy(wrong, "e_ls"); }, "key 'e_ls' must be a number or null");
  EXPECT_TRUE(std::isnan(field::optional_energy(nlohmann::json{{"e_ls", nullptr}}, "e_ls")));
  EXPECT_TRUE(field::number_or_null(std::nan("")).is_null());
  EXPECT_EQ(field::number_or_null(2.5), 2.5);
}

TEST(CalibrationFile, WritesWholeFiles) {
  unit::TempDir dir;
  const std::string path = dir.file("out.json");
  write_calibration_json(path, {{"device", "X"}, {"e_ls", nullptr}});
  const nlohmann::json back = read_calibration_json(path);
  EXPECT_EQ(back["device"], "X");
  EXPECT_TRUE(back["e_ls"].is_null());
  EXPECT_NE(error_message([&] { write_calibration_json(dir.file("no_dir/out.json"), {}); }), "");
}

}  // namespace
}  // namespace hpcs
