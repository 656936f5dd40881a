// SPDX-License-Identifier: BSD-3-Clause
#include "wavefront_pipeline.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "hpcs/base/error.hpp"

namespace hpcs::wavefront {

namespace {
constexpr int kTag = 4004;  // seed 004

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS)
    throw Error(std::string("wavefront pipeline: ") + what + " failed (MPI error " + std::to_string(rc) + ")");
}
}  // namespace

std::int64_t default_chunk(std::int64_t cols) { return std::max<std::int64_t>(256, (cols + 15) / 16); }

RowPipeline::RowPipeline(const MpiContext& mpi, std::int64_t cols, std::size_t element_bytes, std::int64_t chunk)
    : comm_(mpi.comm()), rank_(mpi.rank()), ranks_(mpi.size()), cols_(cols), bytes_(element_bytes),
      chunk_(std::max<std::int64_t>(1, chunk)) {}

RowPipeline::~RowPipeline() {
  // Only on an error path: a finished repetition has no request left.
  for (auto& r : requests_) MPI_Request_free(&r);
}

void RowPipeline::receive_until(std::int64_t j, void* S) {
  j = std::min(j, cols_);
  auto* base = static_cast<unsigned char*>(S);
  while (received_ < j) {
    const std::int64_t n = std::min(chunk_, cols_ - received_);
    check(MPI_Recv(base + static_cast<std::size_t>(received_ + 1) * bytes_,
                   static_cast<int>(n * static_cast<std::int64_t>(bytes_)), MPI_BYTE, rank_ - 1, kTag, comm_,
                   MPI_STATUS_IGNORE),
          "MPI_Recv of the rank above's last row");
    received_ += n;
  }
}

std::int64_t RowPipeline::sendable(std::int64_t done) const {
  if (done >= cols_) return cols_;
  return std::max(sent_, done / chunk_ * chunk_);
}

void RowPipeline::send_until(std::int64_t j, const void* S) {
  const auto* base = static_cast<const unsigned char*>(S);
  while (sent_ < j) {
    const std::int64_t n = std::min(chunk_, cols_ - sent_);
    const std::size_t bytes = static_cast<std::size_t>(n) * bytes_;
    buffers_.emplace_back(base + static_cast<std::size_t>(sent_ + 1) * bytes_,
                          base + static_cast<std::size_t>(sent_ + 1) * bytes_ + bytes);
    requests_.emplace_back();
    check(
        MPI_Isend(buffers_.back().data(), static_cast<int>(bytes), MPI_BYTE, rank_ + 1, kTag, comm_, &requests_.back()),
        "MPI_Isend of the last row");
    sent_ += n;
  }
}

void RowPipeline::finish() {
  if (!requests_.empty())
    check(MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE),
          "MPI_Waitall of the last row");
  requests_.clear();
  buffers_.clear();
  received_ = sent_ = 0;
}

}  // namespace hpcs::wavefront
