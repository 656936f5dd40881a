// SPDX-License-Identifier: BSD-3-Clause
// Rows between ranks: rank r owns a block of rows, so its first row's north neighbours are
// rank r - 1's last row. That row travels in chunks of columns as it is finished, so rank r
// starts its first columns while rank r - 1 is still busy with its last ones (the
// pipeline sw_miniapp uses too). Element bytes only: no application type here.
#pragma once
#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs::wavefront {

class RowPipeline {
 public:
  RowPipeline(const MpiContext& mpi, std::int64_t cols, std::size_t element_bytes, std::int64_t chunk);
  ~RowPipeline();
  RowPipeline(const RowPipeline&) = delete;
  RowPipeline& operator=(const RowPipeline&) = delete;

  bool receives() const { return rank_ > 0; }
  bool sends() const { return rank_ + 1 < ranks_; }
  std::int64_t chunk() const { return chunk_; }

  // Top row: columns 1..received() are in S (the frontier's S, indexed by column).
  std::int64_t received() const { return received_; }
  // Blocks until columns 1..j are in S (whole chunks: received() may pass j).
  void receive_until(std::int64_t j, void* S);

  // Bottom row: columns 1..sent() are on their way. sendable(done): how far a send may go
  // when columns 1..done are final (the last whole chunk, or every column).
  std::int64_t sent() const { return sent_; }
  std::int64_t sendable(std::int64_t done) const;
  void send_until(std::int64_t j, const void* S);  // j from sendable()

  // Waits for this repetition's sends and starts the next repetition's count.
  void finish();

 private:
  MPI_Comm comm_;
  int rank_ = 0, ranks_ = 1;
  std::int64_t cols_ = 0;
  std::size_t bytes_ = 0;
  std::int64_t chunk_ = 1;
  std::int64_t received_ = 0, sent_ = 0;
  std::vector<std::vector<unsigned char>> buffers_;
  std::vector<MPI_Request> requests_;
};

// Default columns per message: a sixteenth of the row, at least 256.
std::int64_t default_chunk(std::int64_t cols);

}  // namespace hpcs::wavefront
