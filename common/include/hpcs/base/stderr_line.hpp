// SPDX-License-Identifier: BSD-3-Clause
// Writes one line to stderr in one system call. Under mpirun every rank's stderr is
// forwarded by the launcher; a line written in pieces (std::cerr << "error: " << ...) can be
// cut by another rank's line, so error and progress lines go out whole.
#pragma once
#include <string>

namespace hpcs {

void write_stderr_line(const std::string& line);

}  // namespace hpcs
