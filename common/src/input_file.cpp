// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/io/input_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include "hpcs/base/error.hpp"

namespace hpcs {

namespace {
const char* kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a plain file";
}
}  // namespace

void require_regular_file(const std::string& path, const std::string& what) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    // A loop of links reads as "no such file" to most readers: say what it is.
    if (errno == ELOOP)
      throw Error(path + ": a loop of symbolic links (" + std::strerror(ELOOP) + "); expected " + what);
    return;  // missing or inaccessible: the reader says so
  }
  if (S_ISREG(st.st_mode)) return;
  if (S_ISDIR(st.st_mode)) throw Error(path + ": is a directory, not " + what);
  throw Error(path + ": not a regular file (" + kind_of(st.st_mode) + "); expected " + what);
}

std::ifstream open_input_file(const std::string& path, const std::string& what) {
  require_regular_file(path, what);
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    const int e = errno;
    throw Error(path + ": cannot read" + (e ? " (" + std::string(std::strerror(e)) + ")" : std::string()));
  }
  skip_utf8_bom(in);
  return in;
}

bool skip_utf8_bom(std::istream& in) {
  const auto start = in.tellg();
  char b[3] = {};
  in.read(b, 3);
  if (in.gcount() == 3 && without_utf8_bom(std::string_view(b, 3)).empty()) return true;
  in.clear();
  in.seekg(start);
  return false;
}

std::string_view without_utf8_bom(std::string_view text) {
  if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF && static_cast<unsigned char>(text[1]) == 0xBB &&
      static_cast<unsigned char>(text[2]) == 0xBF)
    text.remove_prefix(3);
  return text;
}

void require_replaceable_output(const std::string& path) {
  // Outputs are renamed over their path: a device or FIFO there would be replaced.
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return;
  if (S_ISDIR(st.st_mode)) throw Error(path + ": is a directory");
  throw Error(path + ": not a regular file (" + kind_of(st.st_mode) +
              "); an output is written beside it and renamed over it: choose a file's name");
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0)
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  return a == b;
}

}  // namespace hpcs

namespace hpcs {

void check_outputs_spare_inputs(const std::vector<std::string>& outputs, const std::vector<std::string>& inputs) {
  std::vector<std::string> seen;
  for (const auto& out : outputs) {
    if (out.empty()) continue;
    require_replaceable_output(out);
    for (const auto& in : inputs)
      if (!in.empty() && same_file(out, in))
        throw Error(out + ": the output would replace the input " + in + "; choose another name");
    for (const auto& other : seen)
      if (same_file(out, other)) throw Error(out + ": given for two outputs; choose another name for one");
    seen.push_back(out);
  }
}

}  // namespace hpcs
