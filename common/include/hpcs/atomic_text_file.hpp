// SPDX-License-Identifier: BSD-3-Clause
// Text outputs (the CSV table, GEM's PLY surface) are written whole or not at all: into
// `<path>.tmp.<pid>` (removed if SIGINT/SIGTERM ends the run mid-write), then renamed into
// place, so a reader never sees half a file and a failed run leaves no stray one.
#pragma once
#include <functional>
#include <iosfwd>
#include <string>

namespace hpcs {

// Calls `write` on the temporary file, then renames it to `path`. Throws hpcs::Error
// "<path>: cannot write", "<path>: cannot write (disk full?)" or "<path>: cannot rename the
// temporary file into place"; what `write` throws passes through (the temporary removed).
void write_text_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace hpcs
