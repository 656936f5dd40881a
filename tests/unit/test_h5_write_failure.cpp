// SPDX-License-Identifier: BSD-3-Clause
// A write that fails (full disk) ends in one hpcs::Error naming the file, no temporary file
// left, and a clean HDF5 shutdown. Before the fix a failed close left HDF5 a file ID whose
// structure it had freed; closing it at shutdown (MPI_Finalize, exit) crashed with SIGSEGV.
// Each case runs in a forked child whose file-size limit (the writer's test hook
// HPCS_TEST_FILE_SIZE_LIMIT) makes writes fail with EFBIG exactly where a full disk fails
// them; the child then shuts HDF5 down (H5close).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "unit_test_util.hpp"

namespace {
using hpcs::unit::TempDir;

// Child exit codes: 0 the expected error, 2 no error, 3 wrong message, 4 temporary left.
int write_with_small_limit(const std::string& path, const std::function<void(hpcs::h5::Group&)>& fill) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setenv("HPCS_TEST_FILE_SIZE_LIMIT", "4096", 1);
    int code = 2;
    std::string temp;
    try {
      hpcs::h5::Writer w(path);
      temp = w.temporary_path();
      {
        hpcs::h5::Group root = w.root();
        fill(root);
      }
      w.commit();
    } catch (const hpcs::Error& e) {
      const std::string what = e.what();  // "<path>: cannot ..." or "<path>:/: cannot write dataset ..."
      code = what.rfind(path, 0) == 0 && what.find(": cannot ") != std::string::npos ? 0 : 3;
    }
    if (!temp.empty() && std::filesystem::exists(temp)) code = 4;
    H5close();  // HDF5's shutdown, where the half-closed file crashed
    ::_exit(code);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}

TEST(H5WriteFailure, DatasetPastTheLimit) {
  TempDir dir;
  const std::string path = dir.file("big.h5");
  EXPECT_EQ(write_with_small_limit(path, [](hpcs::h5::Group& g) { g.dataset("x", std::vector<double>(100000, 1.0)); }),
            0);
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(H5WriteFailure, MetadataPastTheLimitFailsAtCommit) {
  TempDir dir;
  const std::string path = dir.file("meta.h5");
  EXPECT_EQ(write_with_small_limit(path,
                                   [](hpcs::h5::Group& g) {
                                     for (int i = 0; i < 400; ++i)
                                       g.attribute("key_" + std::to_string(i), std::string(40, 'x'));
                                   }),
            0);
  EXPECT_FALSE(std::filesystem::exists(path));
}

}  // namespace
