// SPDX-License-Identifier: BSD-3-Clause
// What the run loop says about a run beyond its records: output probes before the runs,
// the one metadata schema of every app, and the report (table, JSON lines, HDF5 file).
#pragma once
#include <nlohmann/json.hpp>

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/harness/cli.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/measure/provenance.hpp"
#include "hpcs/report/report.hpp"

namespace hpcs {

// What every run was checked against.
struct ReferenceInfo {
  std::string name = "none";  // "cpu/reference", the yardstick variant, or "none" (--no-verify)
  bool cpu = false;           // the CPU reference (else a variant, or nothing)
  double seconds = 0;         // of the CPU reference
  nlohmann::json result;      // null when none
  std::string summary;        // the app's one-line description of the result
};

// Fails before the runs, not after them: every output must be writable (rank 0 probes),
// none may be the input, and no two may be the same file. Collective.
void probe_outputs(const MpiContext& mpi, const std::vector<std::string>& inputs,
                   const std::vector<std::string>& outputs);

// Version of the results schema (docs/output_format.md): 2 added units, input, Slurm, CUDA
// versions and per-run start times.
constexpr int kSchemaVersion = 2;

// The input file for the metadata: path, absolute path, size and an FNV-1a 64 checksum (of
// the whole file up to 1 GiB, else of its first and last 64 MiB: `checksum_scope` says which).
nlohmann::json describe_input(const std::string& path);

// The run part of the metadata, the same keys for every app (docs/output_format.md), with
// the app's parameters beside them.
nlohmann::json run_metadata(const std::string& app, const CommonOptions& o, const nlohmann::json& parameters,
                            const ReferenceInfo& ref);

// Rank 0 prints the header, the reference line, the table, the app's details and, with
// --json, the records; with --output every rank takes part in writing the results file.
void report_runs(const MpiContext& mpi, const CommonOptions& o, const std::string& header, const Provenance& prov,
                 const nlohmann::json& run_meta, const std::vector<RunRecord>& records,
                 const std::function<void(std::ostream&)>& details);

}  // namespace hpcs
