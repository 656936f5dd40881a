// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/base/stderr_line.hpp"

#include <unistd.h>

#include <cerrno>
#include <iostream>

namespace hpcs {

void write_stderr_line(const std::string& line) {
  std::cerr.flush();  // what the stream holds goes first
  const std::string whole = line + '\n';
  const char* p = whole.data();
  std::size_t left = whole.size();
  while (left > 0) {
    const ssize_t n = ::write(STDERR_FILENO, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // stderr is gone: nothing else can report it
    p += n, left -= static_cast<std::size_t>(n);
  }
}

}  // namespace hpcs
