// SPDX-License-Identifier: BSD-3-Clause
// hpcs::h5::Reader's attribute reads check type and shape before reading: an array, a
// value of another class, an empty dataspace or an absurd fixed string length is an
// error naming the file, the attribute and what it holds; one value (scalar or an array
// of one) of the asked class is read. Before this check an array of 100000 strings was
// read into the buffer of one and crashed the Smith-Waterman reader.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "expect_error.hpp"
#include "hpcs/io/h5.hpp"
#include "unit_test_util.hpp"

namespace {
using hpcs::unit::TempDir;

// Attributes written with the C API in every shape the reader must refuse or accept.
class OddAttributes : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = dir_.file("odd.h5");
    const hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    H5Pset_libver_bounds(fapl, H5F_LIBVER_LATEST, H5F_LIBVER_LATEST);  // attributes > 64 KiB
    const hid_t f = H5Fcreate(path_.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    H5Pclose(fapl);
    const hid_t vstr = H5Tcopy(H5T_C_S1);
    H5Tset_size(vstr, H5T_VARIABLE);
    const std::vector<const char*> words = {"dna", "protein", "rna"};
    put(f, "strings", vstr, {3}, words.data());
    const std::vector<double> five = {1, 2, 3, 4, 5};
    put(f, "doubles", H5T_NATIVE_DOUBLE, {5}, five.data());
    const std::vector<std::int32_t> six = {1, 2, 3, 4, 5, 6};
    put(f, "grid", H5T_NATIVE_INT32, {2, 3}, six.data());
    const double one = 2.5;
    put(f, "one_double", H5T_NATIVE_DOUBLE, {1}, &one);
    const std::int32_t seven = 7;
    put(f, "seven", H5T_NATIVE_INT32, {}, &seven);
    put(f, "half", H5T_NATIVE_DOUBLE, {}, &one);
    const hid_t fixed = H5Tcopy(H5T_C_S1);
    H5Tset_size(fixed, 8);
    put(f, "fixed", fixed, {}, "ACGTN\0\0\0");
    const std::string huge(std::size_t{2} << 20, 'A');
    H5Tset_size(fixed, huge.size());
    put(f, "huge", fixed, {}, huge.data());
    const hid_t null_space = H5Screate(H5S_NULL);
    H5Aclose(H5Acreate2(f, "nothing", H5T_NATIVE_DOUBLE, null_space, H5P_DEFAULT, H5P_DEFAULT));
    H5Sclose(null_space);
    H5Tclose(fixed);
    H5Tclose(vstr);
    H5Fclose(f);
  }

  static void put(hid_t obj, const char* name, hid_t type, const std::vector<hsize_t>& dims, const void* data) {
    const hid_t space =
        dims.empty() ? H5Screate(H5S_SCALAR) : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr);
    const hid_t a = H5Acreate2(obj, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
    ASSERT_GE(a, 0) << name;
    ASSERT_GE(H5Awrite(a, type, data), 0) << name;
    H5Aclose(a);
    H5Sclose(space);
  }

  enum class As { String, Double, Int };
  struct Refusal {
    As as;              // the read asked for
    std::string name;   // a root attribute
    std::string holds;  // what the error says it holds and expected
  };
  // Each read must be refused naming the file, the attribute and what it holds.
  void expect_refused(const std::vector<Refusal>& refusals) const {
    hpcs::h5::Reader r(path_, MPI_COMM_SELF);
    for (const Refusal& c : refusals) {
      const auto read = [&] {
        if (c.as == As::String) r.string_attribute("/", c.name);
        else if (c.as == As::Double) r.double_attribute("/", c.name);
        else r.int_attribute("/", c.name);
      };
      hpcs::testing::expect_error(read, path_ + ": attribute '" + c.name + "' " + c.holds);
    }
  }

  TempDir dir_;
  std::string path_;
};

TEST_F(OddAttributes, ArraysAreRefusedNamingTheirShape) {
  expect_refused({{As::String, "strings", "is an array of 3 strings; expected a scalar string"},
                  {As::Double, "doubles", "is an array of 5 floats; expected a scalar number"},
                  {As::Int, "grid", "is an array of 2 x 3 integers; expected a scalar integer"},
                  {As::Double, "nothing", "is empty (no value); expected a scalar number"}});
}

TEST_F(OddAttributes, OtherClassesAreRefusedNotTakenForAbsent) {
  expect_refused({{As::String, "seven", "is an integer; expected a scalar string"},
                  {As::Int, "half", "is a float; expected a scalar integer"},
                  {As::Double, "fixed", "is a string; expected a scalar number"},
                  {As::String, "huge", "is a string of 2097152 bytes; expected at most 1048576"}});
}

TEST_F(OddAttributes, OneValueIsRead) {
  hpcs::h5::Reader r(path_, MPI_COMM_SELF);
  EXPECT_EQ(r.double_attribute("/", "one_double"), std::optional<double>(2.5));  // an array of one
  EXPECT_EQ(r.double_attribute("/", "seven"), std::optional<double>(7.0));       // integers convert
  EXPECT_EQ(r.int_attribute("/", "seven"), std::optional<std::int64_t>(7));
  EXPECT_EQ(r.string_attribute("/", "fixed"), std::optional<std::string>("ACGTN"));  // fixed length, padded
  EXPECT_EQ(r.string_attribute("/", "absent"), std::nullopt);
}

}  // namespace
