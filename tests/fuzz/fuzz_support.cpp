// SPDX-License-Identifier: BSD-3-Clause
#include "fuzz_support.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>

namespace hpcs::fuzz {

namespace fs = std::filesystem;

namespace {
// Reads of large datasets (the fill values of a 2^16 x 300 matrix) made the HDF5 targets up
// to 10x slower without reaching new code; a 4 MiB machine refuses them in the memory check,
// the code path a real machine takes, only sooner. A limit set by the caller wins.
[[maybe_unused]] const bool memory_limit_set = ::setenv("HPCS_MEMORY_LIMIT_BYTES", "4194304", 0) == 0;

// The scratch directory, made once; removed by an atexit handler (libFuzzer ends with exit()).
// Leaked on purpose: a static path would be destroyed before that handler runs (its destructor
// is registered after the handler, so it runs first), and the handler would read freed memory.
const fs::path& scratch_dir() {
  static const fs::path* dir = [] {
    fs::path base = "/tmp";
    std::error_code ec;
    if (const char* d = std::getenv("HPCS_FUZZ_TMPDIR"); d && *d) base = d;
    else if (fs::is_directory("/dev/shm", ec) && ::access("/dev/shm", W_OK) == 0) base = "/dev/shm";
    else if (const char* t = std::getenv("TMPDIR"); t && *t) base = t;
    auto* p = new fs::path(base / ("hpcs_fuzz." + std::to_string(::getpid())));
    fs::create_directories(*p);
    std::atexit([] {
      std::error_code ignored;
      fs::remove_all(scratch_dir(), ignored);
    });
    return p;
  }();
  return *dir;
}
}  // namespace

const MpiContext& mpi() {
  // Leaked on purpose: MPI_Finalize runs from an atexit handler registered after HDF5's,
  // so HDF5 (which may hold MPI objects) shuts down first.
  static MpiContext* context = [] {
    static int argc = 1;
    static char name[] = "fuzz";
    static char* args[] = {name, nullptr};
    static char** argv = args;
    auto* c = new MpiContext(argc, argv);
    std::atexit([] {
      int finalized = 0;
      MPI_Finalized(&finalized);
      if (!finalized) MPI_Finalize();
    });
    return c;
  }();
  return *context;
}

std::string scratch_path(const std::string& name) { return (scratch_dir() / name).string(); }

std::string write_scratch(const std::string& name, const std::uint8_t* data, std::size_t size) {
  const std::string path = scratch_path(name);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  out.close();
  if (!out) finding("cannot write the scratch file " + path, "disk full?");
  return path;
}

void finding(const std::string& what, const std::string& detail) {
  std::fprintf(stderr, "==hpcs-fuzz== FINDING: %s: %s\n", what.c_str(), detail.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace hpcs::fuzz
