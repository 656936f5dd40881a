// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/parallel/host_memory.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "hpcs/base/error.hpp"

namespace hpcs {

namespace {
std::string gigabytes(double b) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g GB", b / 1e9);
  return buf;
}
}  // namespace

double machine_memory_bytes() {
  if (const char* limit = std::getenv("HPCS_MEMORY_LIMIT_BYTES"); limit && *limit) {
    char* end = nullptr;
    const double v = std::strtod(limit, &end);
    if (end && *end == '\0' && v > 0) return v;
  }
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;
  return static_cast<double>(pages) * static_cast<double>(page);
}

namespace {
std::string of_memory(double total) {
  return gigabytes(total) + " of memory" + (std::getenv("HPCS_MEMORY_LIMIT_BYTES") ? " (HPCS_MEMORY_LIMIT_BYTES)" : "");
}
}  // namespace

namespace {
int node_ranks = 1;
}  // namespace

void set_ranks_sharing_memory(int ranks) { node_ranks = ranks > 0 ? ranks : 1; }
int ranks_sharing_memory() { return node_ranks; }

void check_fits_in_memory(std::uint64_t bytes, const std::string& what) {
  const double total = machine_memory_bytes();
  if (total <= 0) return;
  const double mine = static_cast<double>(bytes), node = mine * node_ranks;
  if (node <= 0.8 * total) return;
  throw Error(what + " needs " + gigabytes(mine) +
              (node_ranks > 1
                   ? " per rank, " + gigabytes(node) + " on this node's " + std::to_string(node_ranks) + " ranks,"
                   : std::string()) +
              " but this machine has " + of_memory(total));
}

void check_run_fits_in_memory(std::uint64_t input_bytes, double copies, const std::string& variant, int node_ranks,
                              const std::string& what) {
  const double total = machine_memory_bytes();
  const double ranks = node_ranks > 0 ? node_ranks : 1;
  const double input = static_cast<double>(input_bytes) * ranks, extra = input * copies;
  if (total <= 0 || input + extra <= 0.8 * total) return;
  std::string held = copies > 0 ? " and " + variant + "'s host " + (copies == 1 ? std::string("copy") : "copies") +
                                      " of it (" + gigabytes(extra) + ")"
                                : std::string();
  throw Error(what + ": the input (" + gigabytes(input) + ")" + held + " need " + gigabytes(input + extra) +
              (node_ranks > 1 ? " on this node's " + std::to_string(node_ranks) + " ranks" : std::string()) +
              ", but this machine has " + of_memory(total) + " and a run may use 80% of it" +
              (copies > 0 ? "; choose variants that hold no host copy, or spread the ranks over more nodes"
                          : "; spread the ranks over more nodes"));
}

}  // namespace hpcs
