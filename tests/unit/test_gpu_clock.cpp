// SPDX-License-Identifier: BSD-3-Clause
// --gpu-clock's lock against a fake NVML (fake_nvml.c): refused without the permission with
// nothing changed, reset at the end of its scope, and reset by the SIGTERM handler.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

#include "hpcs/base/error.hpp"
#include "hpcs/measure/gpu_clock.hpp"
#include "unit_test_util.hpp"

namespace {
using hpcs::unit::ScopedEnv;
using hpcs::unit::TempDir;
using ::testing::HasSubstr;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(GpuClock, RefusedWithoutPermissionChangesNothing) {
  TempDir dir;
  const std::string state = (dir.path() / "state").string();
  ScopedEnv nvml("HPCS_NVML_LIBRARY", std::string(HPCS_FAKE_NVML));
  ScopedEnv lock("FAKE_NVML_LOCK", std::string("deny"));
  ScopedEnv file("FAKE_NVML_STATE", state);
  try {
    hpcs::GpuClockLock l("0000:01:00.0", 1500);
    FAIL() << "locked without permission";
  } catch (const hpcs::Error& e) {
    EXPECT_THAT(e.what(), HasSubstr("--gpu-clock 1500: NVML refused to lock the SM clock"));
    EXPECT_THAT(e.what(), HasSubstr("Insufficient Permissions"));
  }
  EXPECT_EQ(read(state), "");
}

TEST(GpuClock, WithoutNvml) {
  ScopedEnv nvml("HPCS_NVML_LIBRARY", std::string("none"));
  EXPECT_THROW(hpcs::GpuClockLock("0000:01:00.0", 1500), hpcs::Error);
}

TEST(GpuClock, ResetAtTheEndOfItsScope) {
  TempDir dir;
  const std::string state = (dir.path() / "state").string();
  ScopedEnv nvml("HPCS_NVML_LIBRARY", std::string(HPCS_FAKE_NVML));
  ScopedEnv file("FAKE_NVML_STATE", state);
  { hpcs::GpuClockLock l("0000:01:00.0", 1410); }
  EXPECT_EQ(read(state), "lock 1410 1410\nreset 0 0\n");
}

TEST(GpuClock, ResetBySigterm) {
  TempDir dir;
  const std::string state = (dir.path() / "state").string();
  ScopedEnv nvml("HPCS_NVML_LIBRARY", std::string(HPCS_FAKE_NVML));
  ScopedEnv file("FAKE_NVML_STATE", state);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // locks, then dies by SIGTERM while holding the lock
    hpcs::GpuClockLock l("0000:01:00.0", 1200);
    ::raise(SIGTERM);
    ::_exit(3);  // not reached: the handler re-raises SIGTERM
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  EXPECT_EQ(read(state), "lock 1200 1200\nreset 0 0\n");
}

}  // namespace
