// SPDX-License-Identifier: BSD-3-Clause
// What is needed to reproduce and compare a run: suite version and git revision, build,
// command line, hosts and devices of every rank, time of the run.
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs {

struct Provenance {
  std::string suite_version, git_revision, build_type, compiler, backends;
  std::string created_utc, command_line;
  int ranks = 1;
  std::vector<std::string> hosts;                   // per rank
  std::vector<std::string> devices;                 // per rank: "NVIDIA H200 (0000:1B:00.0)" or "cpu"
  std::string cuda_driver, cuda_runtime;            // rank 0's GPU (empty without one)
  nlohmann::json slurm = nlohmann::json::object();  // job id, name, nodes, tasks when under Slurm
  nlohmann::json to_json() const;
};

// The time now as ISO 8601 UTC ("2026-11-25T18:24:28Z").
std::string utc_now();

// Collective: gathers every rank's host and device description (in hpcs::harness).
Provenance collect_provenance(const MpiContext& mpi, int argc, char** argv, const std::string& my_device);

}  // namespace hpcs
