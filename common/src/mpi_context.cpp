// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/parallel/mpi_context.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <thread>

#include "hpcs/base/error.hpp"

namespace hpcs {

MpiContext::MpiContext(int& argc, char**& argv) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &node_comm_);
  MPI_Comm_rank(node_comm_, &local_rank_);
  MPI_Comm_size(node_comm_, &local_size_);
  MPI_Comm_dup(MPI_COMM_WORLD, &error_comm_);
  char host[256] = {};
  gethostname(host, sizeof(host) - 1);
  hostname_ = host;
}

MpiContext::~MpiContext() {
  if (node_comm_ != MPI_COMM_NULL) MPI_Comm_free(&node_comm_);
  if (error_comm_ != MPI_COMM_NULL) MPI_Comm_free(&error_comm_);
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

void MpiContext::barrier() const { MPI_Barrier(MPI_COMM_WORLD); }

void MpiContext::agree(const std::optional<std::string>& local_error) const {
  // Lowest failing rank (or size_ if none) decides whose message everybody reports.
  int mine = local_error ? rank_ : size_;
  int first = size_;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == size_) return;
  std::string message = (rank_ == first) ? *local_error : std::string();
  int length = static_cast<int>(message.size());
  MPI_Bcast(&length, 1, MPI_INT, first, MPI_COMM_WORLD);
  message.resize(static_cast<std::size_t>(length));
  MPI_Bcast(message.data(), length, MPI_CHAR, first, MPI_COMM_WORLD);
  if (size_ > 1 && message.find("(rank ") == std::string::npos) message += " (rank " + std::to_string(first) + ")";
  throw Error(message);
}

bool MpiContext::all_ranks_failing_within(double seconds) const {
  if (size_ == 1) return true;
  MPI_Request request = MPI_REQUEST_NULL;
  MPI_Ibarrier(error_comm_, &request);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int done = 0;
  for (;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return true;
    if (std::chrono::steady_clock::now() >= deadline) return false;  // the job is aborted next
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

std::vector<std::string> MpiContext::allgather(const std::string& mine) const {
  int length = static_cast<int>(mine.size());
  std::vector<int> lengths(static_cast<std::size_t>(size_));
  MPI_Allgather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size(), 0);
  for (std::size_t i = 1; i < lengths.size(); ++i) offsets[i] = offsets[i - 1] + lengths[i - 1];
  std::string all(static_cast<std::size_t>(offsets.back() + lengths.back()), '\0');
  MPI_Allgatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < lengths.size(); ++i)
    out.push_back(all.substr(static_cast<std::size_t>(offsets[i]), static_cast<std::size_t>(lengths[i])));
  return out;
}

double MpiContext::max(double v) const {
  double out = v;
  MPI_Allreduce(&v, &out, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return out;
}

}  // namespace hpcs
