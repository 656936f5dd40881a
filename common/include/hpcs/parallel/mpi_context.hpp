// SPDX-License-Identifier: BSD-3-Clause
// MPI lifetime, node-local ranks and collective error handling.
//
// Collective errors: a phase that may fail on some ranks only (reading input,
// allocating device memory) is run through collective(); if any rank failed, every
// rank throws hpcs::Error with the message of the lowest failing rank, so all ranks
// leave together with the same one-line message and nobody waits in a collective.
#pragma once
#include <mpi.h>

#include <exception>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace hpcs {

class MpiContext {
 public:
  MpiContext(int& argc, char**& argv);  // MPI_Init; finalized by the destructor
  ~MpiContext();
  MpiContext(const MpiContext&) = delete;
  MpiContext& operator=(const MpiContext&) = delete;

  MPI_Comm comm() const { return MPI_COMM_WORLD; }
  int rank() const { return rank_; }
  int size() const { return size_; }
  int local_rank() const { return local_rank_; }  // rank within the node (MPI_COMM_TYPE_SHARED)
  int local_size() const { return local_size_; }
  const std::string& hostname() const { return hostname_; }
  bool root() const { return rank_ == 0; }

  void barrier() const;
  // Throws hpcs::Error on every rank if local_error is set on any rank.
  void agree(const std::optional<std::string>& local_error) const;
  // Strings of all ranks, gathered on every rank (rank order).
  std::vector<std::string> allgather(const std::string& mine) const;
  double max(double v) const;
  // Called by a rank that is leaving on an error: true when every rank reaches this call
  // within `seconds` (the error was raised on all of them), false when some rank is busy
  // elsewhere (the error is this rank's alone). Uses a communicator of its own, so it never
  // matches a collective that other ranks wait in.
  bool all_ranks_failing_within(double seconds) const;

 private:
  int rank_ = 0, size_ = 1, local_rank_ = 0, local_size_ = 1;
  std::string hostname_;
  MPI_Comm node_comm_ = MPI_COMM_NULL;
  MPI_Comm error_comm_ = MPI_COMM_NULL;
};

// Runs f on every rank; if it throws on any rank, throws hpcs::Error on all of them.
template <class F>
auto collective(const MpiContext& mpi, F&& f) -> decltype(f()) {
  std::optional<std::string> error;
  using R = decltype(f());
  if constexpr (std::is_void_v<R>) {
    try {
      f();
    } catch (const std::exception& e) {
      error = e.what();
    }
    mpi.agree(error);
  } else {
    std::optional<R> result;
    try {
      result.emplace(f());
    } catch (const std::exception& e) {
      error = e.what();
    }
    mpi.agree(error);
    return std::move(*result);
  }
}

}  // namespace hpcs
