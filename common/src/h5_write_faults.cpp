// SPDX-License-Identifier: BSD-3-Clause
#include "h5_write_faults.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>

namespace hpcs::h5::detail {

namespace {
struct rlimit g_limit_before_test {};
bool g_test_limit = false;

// The POSIX descriptor of a file written with the default (sec2) driver, else null.
int* descriptor_of(hid_t file) {
  const hid_t fapl = H5Fget_access_plist(file);
  const bool sec2 = fapl >= 0 && H5Pget_driver(fapl) == H5FD_SEC2;
  if (fapl >= 0) H5Pclose(fapl);
  void* handle = nullptr;  // sec2's handle is its int descriptor
  if (!sec2 || H5Fget_vfd_handle(file, H5P_DEFAULT, &handle) < 0) return nullptr;
  return static_cast<int*>(handle);
}
}  // namespace

int reserve_final_size(hid_t file) {
  const int* fd = descriptor_of(file);
  hsize_t size = 0;  // the end of everything allocated so far
  if (!fd || H5Fget_filesize(file, &size) < 0) return 0;
  // A margin for what the flush itself may add. The file keeps its size (the blocks are
  // only set aside), so the file limit is checked here; fallocate(2), not posix_fallocate:
  // where a file system cannot reserve, glibc would write into every block instead, and
  // such file systems are left to the flush.
  const off_t end = static_cast<off_t>(size) + 64 * 1024;
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      static_cast<rlim_t>(end) > limit.rlim_cur)
    return EFBIG;
  if (::fallocate(*fd, FALLOC_FL_KEEP_SIZE, 0, end) == 0) return 0;
  const int e = errno;
  return (e == ENOSPC || e == EDQUOT) ? e : 0;
}

void release_reservation(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) (void)::truncate(path.c_str(), st.st_size);
}

void discard_writes(hid_t file) {
  const int* fd = descriptor_of(file);
  if (!fd) return;
  const int sink = ::memfd_create("hpcs-discarded-output", MFD_CLOEXEC);
  if (sink < 0) return;
  if (g_test_limit) ::setrlimit(RLIMIT_FSIZE, &g_limit_before_test);
  ::dup2(sink, *fd);
  ::close(sink);
}

void apply_test_commit_delay() {
  const char* delay = std::getenv("HPCS_TEST_COMMIT_DELAY_S");
  if (delay && *delay) std::this_thread::sleep_for(std::chrono::duration<double>(std::strtod(delay, nullptr)));
}

void apply_test_file_size_limit() {
  const char* limit = std::getenv("HPCS_TEST_FILE_SIZE_LIMIT");
  if (!limit || !*limit) return;
  std::signal(SIGXFSZ, SIG_IGN);
  if (!g_test_limit) ::getrlimit(RLIMIT_FSIZE, &g_limit_before_test);
  g_test_limit = true;
  struct rlimit rl = g_limit_before_test;
  rl.rlim_cur = std::strtoull(limit, nullptr, 10);
  ::setrlimit(RLIMIT_FSIZE, &rl);
}

}  // namespace hpcs::h5::detail
