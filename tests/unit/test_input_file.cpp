// SPDX-License-Identifier: BSD-3-Clause
// hpcs::require_regular_file / open_input_file and the HDF5 reader refuse a FIFO, a
// directory and a device at once. Opening a FIFO for reading blocks until a writer comes,
// so before this check a FIFO given as input hung the run (this test would time out).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>

#include "expect_error.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/io/input_file.hpp"
#include "unit_test_util.hpp"

namespace {
using hpcs::testing::expect_error;
using hpcs::unit::TempDir;

TEST(InputFile, FifoIsRefusedWithoutOpeningIt) {
  TempDir dir;
  const std::string fifo = dir.file("pipe.h5");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_error([&] { hpcs::require_regular_file(fifo, "an HDF5 file"); },
               fifo + ": not a regular file (a FIFO); expected an HDF5 file");
  expect_error([&] { hpcs::open_input_file(fifo, "a FASTA file"); }, fifo + ": not a regular file (a FIFO)");
  expect_error([&] { hpcs::h5::Reader r(fifo, MPI_COMM_SELF); }, fifo + ": not a regular file (a FIFO)");
}

TEST(InputFile, DirectoryAndDeviceAreRefused) {
  TempDir dir;
  expect_error([&] { hpcs::open_input_file(dir.path().string(), "a PQR file"); },
               dir.path().string() + ": is a directory, not a PQR file");
  expect_error([&] { hpcs::require_regular_file("/dev/null", "a FASTA file"); },
               "/dev/null: not a regular file (a character device); expected a FASTA file");
}

TEST(InputFile, RegularFileOpensAndMissingIsTheReadersToName) {
  TempDir dir;
  const std::string text = dir.file("a.fa");
  hpcs::unit::write_text(text, ">a\nACGT\n");
  std::string line;
  std::getline(hpcs::open_input_file(text, "a FASTA file") >> std::ws, line);
  EXPECT_EQ(line, ">a");
  EXPECT_NO_THROW(hpcs::require_regular_file(dir.file("missing.fa"), "a FASTA file"));
  expect_error([&] { hpcs::open_input_file(dir.file("missing.fa"), "a FASTA file"); }, "missing.fa: cannot read");
}

// Outputs are written beside their path and renamed over it: a device or a FIFO given as an
// output was replaced by a regular file with exit 0 (as root, --csv /dev/full replaced the
// device node). Such an output is refused before anything runs, and left as it was.
TEST(InputFile, OutputThatIsNotARegularFileIsRefused) {
  TempDir dir;
  const std::string fifo = dir.file("out.csv");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  expect_error([&] { hpcs::check_outputs_spare_inputs({fifo}, {}); },
               fifo + ": not a regular file (a FIFO); an output is written beside it and renamed over it");
  struct stat st {};
  ASSERT_EQ(::stat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  expect_error([&] { hpcs::check_outputs_spare_inputs({"/dev/full"}, {}); },
               "/dev/full: not a regular file (a character device)");
  expect_error([&] { hpcs::check_outputs_spare_inputs({dir.path().string()}, {}); },
               dir.path().string() + ": is a directory");
  EXPECT_NO_THROW(hpcs::check_outputs_spare_inputs({dir.file("new.h5"), "", dir.file("b.csv")}, {}));
}

}  // namespace
