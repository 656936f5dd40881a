// SPDX-License-Identifier: BSD-3-Clause
// Input files written on the fly, for the readers' tests (PQR, MSMS, FASTA, scoring
// matrices): the text as given, byte for byte (CRLF line ends stay).
#pragma once
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace hpcs::testing {

// Writes `text` to "<temporary folder>/hpcs_<pid>_<name>" and returns that path; the pid
// keeps concurrent test processes apart.
inline std::string temp_file(const std::string& name, const std::string& text) {
  const std::filesystem::path p =
      std::filesystem::temp_directory_path() / ("hpcs_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

}  // namespace hpcs::testing
