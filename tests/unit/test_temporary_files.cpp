// SPDX-License-Identifier: BSD-3-Clause
// hpcs/io/temporary_files.hpp: SIGTERM and SIGINT remove the registered temporary files and
// still end the process by that signal; unregistered files are not touched. Each case
// runs in a forked child, which the signal ends.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <string>

#include "hpcs/io/temporary_files.hpp"
#include "unit_test_util.hpp"

namespace {
using hpcs::unit::TempDir;

// Forks a child that registers `registered` (and a released registration of `released`),
// then raises `signo`; returns the child's wait status.
int signalled_child(int signo, const std::string& registered, const std::string& released) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int kept = hpcs::register_temporary_file(registered);
    hpcs::unregister_temporary_file(hpcs::register_temporary_file(released));
    ::raise(signo);
    ::_exit(kept >= 0 ? 0 : 3);  // only reached if the signal did not end the child
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return status;
}

TEST(TemporaryFiles, SignalRemovesRegisteredFilesAndStillEndsTheProcess) {
  for (int signo : {SIGTERM, SIGINT}) {
    TempDir dir;
    const std::string temp = dir.file("out.h5.tmp.123"), other = dir.file("done.h5.tmp.123");
    hpcs::unit::write_text(temp, "partial");
    hpcs::unit::write_text(other, "renamed already");
    const int status = signalled_child(signo, temp, other);
    ASSERT_TRUE(WIFSIGNALED(status)) << "signal " << signo << ": child exited with " << WEXITSTATUS(status);
    EXPECT_EQ(WTERMSIG(status), signo);
    EXPECT_FALSE(std::filesystem::exists(temp)) << "signal " << signo << " left " << temp;
    EXPECT_TRUE(std::filesystem::exists(other)) << "an unregistered file was removed";
  }
}

}  // namespace
