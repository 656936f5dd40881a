// SPDX-License-Identifier: BSD-3-Clause
// hpcs::h5: attribute/dataset round trips through Writer and Reader, atomic
// temporary-then-rename writing, error messages that name the file (results files:
// test_results_file.cpp). Every rank works in its own
// temporary directory and reads its own files with MPI_COMM_SELF.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "unit_test_util.hpp"

namespace {
namespace fs = std::filesystem;
using hpcs::unit::TempDir;
using ::testing::HasSubstr;

// Expects `f` to throw hpcs::Error whose message contains every string in `parts`.
template <class F>
void expect_error(F&& f, const std::vector<std::string>& parts) {
  try {
    f();
    ADD_FAILURE() << "no hpcs::Error thrown";
  } catch (const hpcs::Error& e) {
    for (const auto& p : parts) EXPECT_THAT(e.what(), HasSubstr(p));
  }
}

// Writes a file with attributes of every kind, datasets of every type and nested groups.
void write_sample(const std::string& path) {
  hpcs::h5::Writer w(path);
  {
    hpcs::h5::Group root = w.root();
    root.attribute("name", std::string("round trip"));
    root.attribute("literal", "c string");
    root.attribute("pi", 3.25);
    root.attribute("big", std::int64_t{-1234567890123});
    root.attribute("yes", true);
    root.attribute("no", false);
    root.dataset("f32", std::vector<float>{0.5f, 1.5f, 2.5f, 3.5f, 4.5f});
    root.dataset("f64", std::vector<double>{-1.0, 2.0, 1e300});
    root.dataset("i32", std::vector<std::int32_t>{-7, 0, 7, 2147483647});
    root.dataset("i64", std::vector<std::int64_t>{std::int64_t{1} << 40, -3});
    root.dataset("u8", std::vector<std::uint8_t>{0, 128, 255});
    hpcs::h5::Group outer = root.group("outer");
    outer.attribute("level", std::int64_t{1});
    hpcs::h5::Group inner = outer.group("inner");
    inner.attribute("level", std::int64_t{2});
    inner.attribute("label", std::string("deep"));
    inner.dataset("values", std::vector<double>{10, 20, 30, 40, 50, 60});
  }
  w.commit();
}

TEST(H5, RoundTripAttributes) {
  TempDir dir;
  const std::string path = dir.file("sample.h5");
  write_sample(path);
  hpcs::h5::Reader r(path, MPI_COMM_SELF);
  EXPECT_EQ(r.path(), path);
  EXPECT_EQ(r.string_attribute("/", "name"), std::optional<std::string>("round trip"));
  EXPECT_EQ(r.string_attribute("/", "literal"), std::optional<std::string>("c string"));
  EXPECT_EQ(r.double_attribute("/", "pi"), std::optional<double>(3.25));
  EXPECT_EQ(r.int_attribute("/", "big"), std::optional<std::int64_t>(-1234567890123));
  EXPECT_EQ(r.int_attribute("/", "yes"), std::optional<std::int64_t>(1));
  EXPECT_EQ(r.int_attribute("/", "no"), std::optional<std::int64_t>(0));
  EXPECT_EQ(r.int_attribute("/outer", "level"), std::optional<std::int64_t>(1));
  EXPECT_EQ(r.int_attribute("/outer/inner", "level"), std::optional<std::int64_t>(2));
  EXPECT_EQ(r.string_attribute("/outer/inner", "label"), std::optional<std::string>("deep"));
  // Absent attributes (and objects) are nullopt, never a default value.
  EXPECT_EQ(r.string_attribute("/", "missing"), std::nullopt);
  EXPECT_EQ(r.double_attribute("/", "missing"), std::nullopt);
  EXPECT_EQ(r.int_attribute("/outer", "missing"), std::nullopt);
  EXPECT_EQ(r.int_attribute("/nowhere", "level"), std::nullopt);
  // A numeric attribute is not a string: an error saying what it is, never "absent"
  // (shapes and types: test_h5_attributes.cpp).
  expect_error([&] { r.string_attribute("/", "pi"); }, {path, "attribute 'pi' is a float; expected a scalar string"});
}

TEST(H5, RoundTripDatasetInfo) {
  TempDir dir;
  const std::string path = dir.file("sample.h5");
  write_sample(path);
  hpcs::h5::Reader r(path, MPI_COMM_SELF);
  struct Expected {
    const char* name;
    hpcs::h5::Kind kind;
    bool is_signed;
    std::size_t bytes;
    std::uint64_t n;
    const char* type_name;
  };
  const Expected expected[] = {
      {"f32", hpcs::h5::Kind::Float, false, 4, 5, "float32"},
      {"f64", hpcs::h5::Kind::Float, false, 8, 3, "float64"},
      {"i32", hpcs::h5::Kind::Integer, true, 4, 4, "int32"},
      {"i64", hpcs::h5::Kind::Integer, true, 8, 2, "int64"},
      {"u8", hpcs::h5::Kind::Integer, false, 1, 3, "uint8"},
      {"/outer/inner/values", hpcs::h5::Kind::Float, false, 8, 6, "float64"},
  };
  for (const auto& e : expected) {
    SCOPED_TRACE(e.name);
    EXPECT_TRUE(r.has_dataset(e.name));
    const hpcs::h5::DatasetInfo info = r.dataset_info(e.name);
    EXPECT_EQ(info.kind, e.kind);
    if (e.kind == hpcs::h5::Kind::Integer) {
      EXPECT_EQ(info.is_signed, e.is_signed);
    }
    EXPECT_EQ(info.bytes, e.bytes);
    EXPECT_EQ(info.dims, std::vector<std::uint64_t>{e.n});
    EXPECT_EQ(info.type_name(), e.type_name);
  }
  EXPECT_FALSE(r.has_dataset("outer"));  // a group, not a dataset
  EXPECT_FALSE(r.has_dataset("missing"));
  EXPECT_FALSE(r.has_dataset("/nowhere/values"));  // missing intermediate group
  EXPECT_FALSE(r.has_dataset(""));
}

TEST(H5, ReadSlices) {
  TempDir dir;
  const std::string path = dir.file("sample.h5");
  write_sample(path);
  hpcs::h5::Reader r(path, MPI_COMM_SELF);

  std::vector<float> f(3, -1.0f);
  r.read_1d("f32", 1, 3, f.data());
  EXPECT_EQ(f, (std::vector<float>{1.5f, 2.5f, 3.5f}));

  std::vector<double> d(2, 0.0);
  r.read_1d("/outer/inner/values", 4, 2, d.data());
  EXPECT_EQ(d, (std::vector<double>{50, 60}));

  std::vector<std::int32_t> i32(2, 0);
  r.read_1d("i32", 2, 2, i32.data());
  EXPECT_EQ(i32, (std::vector<std::int32_t>{7, 2147483647}));

  std::vector<std::int64_t> i64(2, 0);
  r.read_1d("i64", 0, 2, i64.data());
  EXPECT_EQ(i64, (std::vector<std::int64_t>{std::int64_t{1} << 40, -3}));

  std::vector<std::uint8_t> u8(1, 0);
  r.read_1d("u8", 2, 1, u8.data());
  EXPECT_EQ(u8[0], 255);

  // Conversion on read: int32 data into doubles.
  std::vector<double> converted(4, 0.0);
  r.read_1d("i32", 0, 4, converted.data());
  EXPECT_EQ(converted, (std::vector<double>{-7, 0, 7, 2147483647}));

  // An empty slice reads nothing and leaves the buffer alone.
  double untouched = 42.0;
  EXPECT_NO_THROW(r.read_1d("f64", 1, 0, &untouched));
  EXPECT_EQ(untouched, 42.0);

  // Past the end is an error, not garbage.
  std::vector<double> past(4, 0.0);
  EXPECT_THROW(r.read_1d("f64", 1, 4, past.data()), hpcs::Error);
}

TEST(H5, CommitRenamesTemporaryIntoPlace) {
  TempDir dir;
  const std::string path = dir.file("atomic.h5");
  {
    hpcs::h5::Writer w(path);
    const std::string temp = w.temporary_path();
    EXPECT_NE(temp, path);
    EXPECT_EQ(fs::path(temp).parent_path(), fs::path(path).parent_path());
    w.root().attribute("x", 1.0);
    EXPECT_FALSE(fs::exists(path));
    EXPECT_TRUE(fs::exists(temp));
    w.commit();
    EXPECT_TRUE(fs::exists(path));
    EXPECT_FALSE(fs::exists(temp));
  }
  EXPECT_TRUE(fs::exists(path));  // the destructor after commit keeps the file
  hpcs::h5::Reader r(path, MPI_COMM_SELF);
  EXPECT_EQ(r.double_attribute("/", "x"), std::optional<double>(1.0));
}

TEST(H5, CommitReplacesAnExistingFile) {
  TempDir dir;
  const std::string path = dir.file("replace.h5");
  for (double v : {1.0, 2.0}) {
    hpcs::h5::Writer w(path);
    w.root().attribute("v", v);
    w.commit();
  }
  hpcs::h5::Reader r(path, MPI_COMM_SELF);
  EXPECT_EQ(r.double_attribute("/", "v"), std::optional<double>(2.0));
}

TEST(H5, NoCommitLeavesNoFile) {
  TempDir dir;
  const std::string path = dir.file("abandoned.h5");
  std::string temp;
  {
    hpcs::h5::Writer w(path);
    temp = w.temporary_path();
    hpcs::h5::Group root = w.root();
    root.dataset("data", std::vector<double>{1, 2, 3});
    EXPECT_TRUE(fs::exists(temp));
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(temp));
}

TEST(H5, ExceptionAfterWritingLeavesNoFile) {
  TempDir dir;
  const std::string path = dir.file("failed.h5");
  std::string temp;
  EXPECT_THROW(
      {
        hpcs::h5::Writer w(path);
        temp = w.temporary_path();
        hpcs::h5::Group root = w.root();
        root.attribute("partial", true);
        root.dataset("data", std::vector<std::int32_t>{1, 2, 3});
        throw std::runtime_error("simulated failure while writing");
      },
      std::runtime_error);
  EXPECT_FALSE(temp.empty());
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(temp));
  EXPECT_TRUE(fs::is_empty(dir.path()));
}

TEST(H5, FailedWriteKeepsThePreviousFile) {
  TempDir dir;
  const std::string path = dir.file("keep.h5");
  {
    hpcs::h5::Writer w(path);
    w.root().attribute("version", std::int64_t{1});
    w.commit();
  }
  {
    hpcs::h5::Writer w(path);
    w.root().attribute("version", std::int64_t{2});
  }  // no commit
  hpcs::h5::Reader r(path, MPI_COMM_SELF);
  EXPECT_EQ(r.int_attribute("/", "version"), std::optional<std::int64_t>(1));
}

TEST(H5, WriterIntoMissingDirectoryThrows) {
  TempDir dir;
  const std::string path = dir.file("no/such/dir/out.h5");
  expect_error([&] { hpcs::h5::Writer w(path); }, {path, "does not exist"});
  EXPECT_FALSE(fs::exists(dir.path() / "no"));
}

TEST(H5, DuplicateAttributeThrowsNamingIt) {
  TempDir dir;
  const std::string path = dir.file("dup.h5");
  hpcs::h5::Writer w(path);
  hpcs::h5::Group root = w.root();
  root.attribute("once", 1.0);
  expect_error([&] { root.attribute("once", 2.0); }, {path, "once"});
  expect_error(
      [&] {
        hpcs::h5::Group first = root.group("g");
        root.group("g");
      },
      {path, "'g'"});
}

TEST(H5, ReaderErrorsNameTheFile) {
  TempDir dir;
  const std::string missing = dir.file("missing.h5");
  expect_error([&] { hpcs::h5::Reader r(missing, MPI_COMM_SELF); }, {missing, "no such file"});

  const std::string text = dir.file("text.h5");
  hpcs::unit::write_text(text, "this is not HDF5\n");
  expect_error([&] { hpcs::h5::Reader r(text, MPI_COMM_SELF); }, {text, "not an HDF5 file"});

  expect_error([&] { hpcs::h5::Reader r(dir.path().string(), MPI_COMM_SELF); }, {dir.path().string(), "directory"});

  const std::string good = dir.file("good.h5");
  write_sample(good);
  hpcs::h5::Reader r(good, MPI_COMM_SELF);
  expect_error([&] { r.dataset_info("nope"); }, {good, "no dataset", "nope"});
  double x = 0;
  expect_error([&] { r.read_1d("nope", 0, 1, &x); }, {good, "no dataset", "nope"});
}

}  // namespace
