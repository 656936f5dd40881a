// SPDX-License-Identifier: BSD-3-Clause
// Absurd sizes fail early with a readable message instead of std::bad_alloc.
#pragma once
#include <cstdint>
#include <string>

namespace hpcs {

// The machine's memory in bytes: physical memory, or HPCS_MEMORY_LIMIT_BYTES where set (a
// test hook, and for jobs held to less than the node's memory); 0 if unknown.
double machine_memory_bytes();

// The ranks of this node, each holding a share like this rank's (run_main sets it from
// MpiContext::local_size(); 1 until then, as in gen_inputs and the tests).
void set_ranks_sharing_memory(int ranks);
int ranks_sharing_memory();

// Throws hpcs::Error "<what> needs X GB but this machine has Y GB of memory" when `bytes`,
// this rank's share, times the ranks sharing this node's memory exceed 80% of
// machine_memory_bytes() (with N ranks: "needs X GB per rank, Z GB on this node's N ranks").
void check_fits_in_memory(std::uint64_t bytes, const std::string& what);

// The check before the runs: this rank's loaded input (`input_bytes`, described by `what`)
// plus `copies` host copies of it held by `variant` (the chosen variant that holds the
// most), on each of the `node_ranks` ranks of this node, against 80% of the machine's
// memory. Throws "<what>: the input (X GB) and kokkos/rk4's host copy of it (X GB) need
// Z GB on this node's 2 ranks, but this machine has Y GB of memory (80%: ...); ...".
void check_run_fits_in_memory(std::uint64_t input_bytes, double copies, const std::string& variant, int node_ranks,
                              const std::string& what);

}  // namespace hpcs
