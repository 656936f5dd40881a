// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/io/data_files.hpp"

#include <unistd.h>

#include <cctype>

namespace hpcs {

namespace {
std::string exe_dir() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return "";
  std::string p(buf, static_cast<std::size_t>(n));
  const auto slash = p.rfind('/');
  return slash == std::string::npos ? "" : p.substr(0, slash);
}
}  // namespace

std::string data_file_path(const std::string& relative) {
  return exe_dir() + "/" + HPCS_DATA_FROM_BIN + "/" + relative;
}

std::optional<std::string> find_data_file(const std::string& relative) {
  if (exe_dir().empty()) return std::nullopt;
  const std::string path = data_file_path(relative);
  if (::access(path.c_str(), R_OK) == 0) return path;
  return std::nullopt;
}

std::string device_slug(const std::string& device_name) {
  std::string s;
  bool gap = false;
  for (unsigned char ch : device_name) {
    if (std::isalnum(ch)) {
      if (gap && !s.empty()) s += '_';
      gap = false;
      s += static_cast<char>(std::tolower(ch));
    } else {
      gap = true;
    }
  }
  return s;
}

}  // namespace hpcs
