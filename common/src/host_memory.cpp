// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/host_memory.hpp"

#include <unistd.h>

#include <cstdio>

#include "hpcs/error.hpp"

namespace hpcs {

namespace {
std::string gigabytes(double b) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g GB", b / 1e9);
  return buf;
}
}  // namespace

void check_fits_in_memory(std::uint64_t bytes, const std::string& what) {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return;
  const double total = static_cast<double>(pages) * static_cast<double>(page);
  if (static_cast<double>(bytes) > 0.8 * total)
    throw Error(what + " needs " + gigabytes(static_cast<double>(bytes)) + " but this machine has " + gigabytes(total) +
                " of memory");
}

}  // namespace hpcs
