// SPDX-License-Identifier: BSD-3-Clause
// What is needed to reproduce and compare a run: suite version and git revision, build,
// command line, hosts and devices of every rank, time of the run.
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "hpcs/mpi_context.hpp"

namespace hpcs {

struct Provenance {
  std::string suite_version, git_revision, build_type, compiler, backends;
  std::string created_utc, command_line;
  int ranks = 1;
  std::vector<std::string> hosts;    // per rank
  std::vector<std::string> devices;  // per rank: "NVIDIA H200 (0000:1B:00.0)" or "cpu"
  nlohmann::json to_json() const;
};

// Collective: gathers every rank's host and device description.
Provenance collect_provenance(const MpiContext& mpi, int argc, char** argv,
                              const std::string& my_device);

}  // namespace hpcs
