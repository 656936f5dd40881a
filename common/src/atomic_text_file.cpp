// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/io/atomic_text_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <streambuf>

#include "h5_write_faults.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/format.hpp"
#include "hpcs/io/input_file.hpp"
#include "hpcs/io/temporary_files.hpp"

namespace hpcs {

namespace {
// An output stream buffer on a file descriptor that keeps the errno of its first failed
// write: std::ofstream only says that something failed, and the message must say what.
class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd) : fd_(fd) { setp(buf_, buf_ + sizeof buf_); }
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool drain() {
    const char* p = pbase();
    while (error_ == 0 && p < pptr()) {
      const ssize_t n = ::write(fd_, p, static_cast<std::size_t>(pptr() - p));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) error_ = n < 0 ? errno : EIO;
      else p += n;
    }
    setp(buf_, buf_ + sizeof buf_);
    return error_ == 0;
  }
  int fd_;
  int error_ = 0;
  char buf_[1 << 16];
};
}  // namespace

void write_text_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  const std::string shown = printable(path, 4096);
  require_replaceable_output(path);
  h5::detail::apply_test_file_size_limit();  // HPCS_TEST_FILE_SIZE_LIMIT: a full disk in tests
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  const ScopedTemporaryFile registered(temp);  // removed if a signal ends the run mid-write
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw Error(shown + ": cannot write: " + std::strerror(errno));
  int error = 0;
  {
    DescriptorBuffer buf(fd);
    std::ostream out(&buf);
    try {
      write(out);
    } catch (...) {
      ::close(fd);
      std::remove(temp.c_str());
      throw;
    }
    out.flush();
    error = buf.error();
  }
  // close() reports what a network file system could only check at the end
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error != 0) {
    std::remove(temp.c_str());
    throw Error(shown + ": cannot write: " + std::strerror(error));
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    const int e = errno;
    std::remove(temp.c_str());
    throw Error(shown + ": cannot rename the temporary file into place: " + std::strerror(e));
  }
}

}  // namespace hpcs
