// SPDX-License-Identifier: BSD-3-Clause
// Text outputs (the CSV tables, GEM's PLY surface and PQR atoms, Jacobi's calibration) are
// written whole or not at all: into `<path>.tmp.<pid>` (removed if SIGINT/SIGTERM ends the
// run mid-write), then renamed into place, so a reader never sees half a file and a failed
// run leaves no stray one.
#pragma once
#include <functional>
#include <iosfwd>
#include <string>

namespace hpcs {

// Calls `write` on the temporary file, then renames it to `path`. Throws hpcs::Error
// "<path>: cannot write: <reason>" (the system's: "No space left on device") or "<path>:
// cannot rename the temporary file into place: <reason>"; what `write` throws passes
// through (the temporary removed). Test hook: HPCS_TEST_FILE_SIZE_LIMIT, as for HDF5
// outputs (h5_write_faults.hpp).
void write_text_file_atomically(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace hpcs
