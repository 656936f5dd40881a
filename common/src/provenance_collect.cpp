// SPDX-License-Identifier: BSD-3-Clause
// collect_provenance: in hpcs::harness, beside the GPU selection it reports (current_gpu), so
// hpcs::common does not depend on the harness.
#include <cstdlib>

#include "hpcs/measure/provenance.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "hpcs/version.hpp"

namespace hpcs {

Provenance collect_provenance(const MpiContext& mpi, int argc, char** argv, const std::string& my_device) {
  Provenance p;
  p.suite_version = HPCS_VERSION;
  p.git_revision = HPCS_GIT_REVISION;
  p.build_type = HPCS_BUILD_TYPE;
  p.compiler = HPCS_COMPILER;
  p.backends = HPCS_BACKENDS;
  p.created_utc = utc_now();
  for (int i = 0; i < argc; ++i) p.command_line += (i ? " " : "") + std::string(argv[i]);
  p.ranks = mpi.size();
  p.hosts = mpi.allgather(mpi.hostname());
  p.devices = mpi.allgather(my_device);
  if (const auto& gpu = current_gpu(); gpu.device) {
    p.cuda_driver = gpu.device->driver_version;
    p.cuda_runtime = gpu.device->runtime_version;
  }
  // the job a result came from, so a centre can trace it (empty outside Slurm)
  for (const char* v : {"SLURM_JOB_ID", "SLURM_JOB_NAME", "SLURM_JOB_NODELIST", "SLURM_NTASKS", "SLURM_CLUSTER_NAME"})
    if (const char* value = std::getenv(v)) p.slurm[v] = value;
  return p;
}

}  // namespace hpcs
