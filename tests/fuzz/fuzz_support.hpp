// SPDX-License-Identifier: BSD-3-Clause
// What every fuzz target shares: the one-rank MPI context the HDF5 loaders need, a scratch
// directory for readers that take a path, and the rule that decides what counts as a
// finding. A reader may return or throw hpcs::Error naming its input; anything else (a
// foreign exception, an error that does not name the file) aborts, which libFuzzer and the
// corpus replay report as a failure. Crashes, sanitizer reports, hangs and giant
// allocations are caught by libFuzzer and the sanitizers themselves.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "hpcs/base/error.hpp"
#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs::fuzz {

// MPI_Init on first use (a singleton run of one rank), finalized at exit.
const MpiContext& mpi();

// A path in this process's scratch directory (removed at exit): $HPCS_FUZZ_TMPDIR, else
// /dev/shm, else $TMPDIR or /tmp, then hpcs_fuzz.<pid>/<name>.
std::string scratch_path(const std::string& name);

// Writes exactly these bytes to scratch_path(name) and returns the path.
std::string write_scratch(const std::string& name, const std::uint8_t* data, std::size_t size);

// Prints what went wrong and aborts: the finding.
[[noreturn]] void finding(const std::string& what, const std::string& detail);

// Runs `read`; an hpcs::Error is the expected outcome for bad input, provided its message
// names `input` (the file or source), as every error line must.
template <class F>
void expect_clean(const std::string& input, F&& read) {
  try {
    read();
  } catch (const Error& e) {
    if (std::string(e.what()).find(input) == std::string::npos) finding("error does not name " + input, e.what());
  } catch (const std::exception& e) {
    finding("foreign exception escaped the reader", e.what());
  } catch (...) {
    finding("non-std exception escaped the reader", "");
  }
}

}  // namespace hpcs::fuzz
